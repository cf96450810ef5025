//! The page's arrows run one way (ARCHITECTURE.md, "The page's floors"):
//! an import scan of `web/src`.
//!
//! Floors, from the ground up: plain modules (`i18n`, `guide`, `panels`,
//! `deeplink`, `estimate`: no Leptos state) → `context` (the shared state,
//! the language, storage) → `components` and `workers` → `views` → `shell`.
//! A module imports only from floors below its own; a view reaches another
//! view only through what that view's root module offers, never into its
//! submodules; and no `thread_local!` holds a signal (shared state lives in
//! the context). Tests (`tests.rs`, `#[cfg(test)]` and what follows) may
//! reach anywhere, to check what they test.

use std::path::{Path, PathBuf};

/// The floor of a file of `web/src`, from its path there.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Floor {
    Plain,
    Context,
    Components,
    Workers,
    /// `views/NAME…`; `views/mod.rs` (the page's list) is `View("")`.
    View(String),
    Shell,
}

fn floor_of(relative: &str) -> Floor {
    let mut parts = relative.split('/');
    let first = parts.next().unwrap_or("");
    match first.trim_end_matches(".rs") {
        "context" => Floor::Context,
        "components" => Floor::Components,
        "workers" => Floor::Workers,
        "shell" | "bin" | "lib" => Floor::Shell,
        "views" => {
            let name = parts.next().unwrap_or("").trim_end_matches(".rs");
            Floor::View(if name == "mod" {
                String::new()
            } else {
                name.into()
            })
        }
        _ => Floor::Plain,
    }
}

/// The top-level modules a floor may not import.
fn forbidden(floor: &Floor) -> &'static [&'static str] {
    match floor {
        Floor::Plain => &["context", "components", "workers", "views", "shell"],
        Floor::Context => &["components", "workers", "views", "shell"],
        Floor::Components => &["workers", "views", "shell"],
        Floor::Workers => &["views", "shell"],
        Floor::View(_) => &["shell"],
        Floor::Shell => &[],
    }
}

/// Every `crate::a::b::c` path in `code`, as its segments.
fn crate_paths(code: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for (at, _) in code.match_indices("crate::") {
        let before = code[..at].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue; // `lab_crate::…`, not ours
        }
        let rest = &code[at + "crate::".len()..];
        let path: Vec<String> = rest
            .split("::")
            .map_while(|segment| {
                let name: String = segment
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                (name.len() == segment.len() && !name.is_empty()).then_some(name)
            })
            .collect();
        // The last segment ends the path: keep what precedes the first
        // non-identifier character too.
        let last: String = rest
            .split("::")
            .nth(path.len())
            .unwrap_or("")
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let mut path = path;
        if !last.is_empty() {
            path.push(last);
        }
        if !path.is_empty() {
            out.push(path);
        }
    }
    out
}

/// Whether `views/VIEW/NAME` is a submodule of the view `view`.
fn is_submodule(views: &Path, view: &str, name: &str) -> bool {
    let folder = views.join(view);
    folder.join(format!("{name}.rs")).is_file() || folder.join(name).is_dir()
}

/// The code of a file that is not its tests: none for a test file, and
/// each `#[cfg(test)]` item (a `mod tests;`, a test module, a helper) left out.
pub(crate) fn non_test(relative: &str, text: &str) -> Option<String> {
    let name = relative.rsplit('/').next().unwrap_or("");
    if name == "tests.rs" || relative.contains("/tests/") {
        return None;
    }
    let mut kept = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("#[cfg(test)]") {
        kept.push_str(&rest[..at]);
        let item = &rest[at + "#[cfg(test)]".len()..];
        // The item ends at its first `;` or at the brace that closes its body.
        rest = match item.find(['{', ';']) {
            Some(end) if item.as_bytes()[end] == b';' => &item[end + 1..],
            Some(open) => {
                let mut depth = 0usize;
                let close = item[open..].char_indices().find_map(|(i, c)| {
                    match c {
                        '{' => depth += 1,
                        '}' => depth -= 1,
                        _ => {}
                    }
                    (depth == 0).then_some(open + i)
                });
                close.map_or("", |close| &item[close + 1..])
            }
            None => "",
        };
    }
    kept.push_str(rest);
    Some(kept)
}

/// Every arrow of `code` (the file `relative` of `web/src`, whose views are
/// in `views`) that runs the wrong way, as `file: path (why)`.
fn wrong_arrows(views: &Path, relative: &str, code: &str) -> Vec<String> {
    let floor = floor_of(relative);
    let mut wrong = Vec::new();
    for path in crate_paths(code) {
        let top = path[0].as_str();
        let shown = path.join("::");
        if forbidden(&floor).contains(&top) {
            wrong.push(format!(
                "{relative}: crate::{shown} (a {floor:?} imports {top})"
            ));
        }
        if let (Floor::View(own), ["views", other, inner, ..]) = (
            &floor,
            path.iter()
                .map(String::as_str)
                .collect::<Vec<_>>()
                .as_slice(),
        ) {
            if !own.is_empty() && own != other && is_submodule(views, other, inner) {
                wrong.push(format!(
                    "{relative}: crate::{shown} (inside the view {other})"
                ));
            }
        }
    }
    wrong
}

pub(crate) fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("readable folder") {
        let path = entry.expect("readable entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn the_page_s_arrows_run_one_way() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../web/src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut floors = std::collections::BTreeSet::new();
    let mut wrong = Vec::new();
    let mut sources = Vec::new();
    for file in &files {
        let relative = file
            .strip_prefix(&src)
            .expect("under src")
            .display()
            .to_string();
        let text = std::fs::read_to_string(file).expect("utf-8 source");
        if let Some(code) = non_test(&relative, &text) {
            floors.insert(
                format!("{:?}", floor_of(&relative))
                    .chars()
                    .take(6)
                    .collect::<String>(),
            );
            wrong.extend(wrong_arrows(&src.join("views"), &relative, &code));
            sources.push((relative, code));
        }
    }
    wrong.extend(crate::thread_locals::wrongly_kept(
        &sources,
        &crate::thread_locals::CLOSURES_KEPT,
    ));
    assert!(wrong.is_empty(), "arrows the wrong way: {wrong:#?}");
    // Every floor was read.
    assert_eq!(floors.len(), 6, "{floors:?}");
}

/// The scan can fail: each rule, broken once.
#[test]
fn the_scan_finds_each_kind_of_wrong_arrow() {
    let views = Path::new(env!("CARGO_MANIFEST_DIR")).join("../web/src/views");
    let wrong = |relative: &str, code: &str| wrong_arrows(&views, relative, code).len();
    // Upward imports.
    assert_eq!(
        wrong(
            "context/state.rs",
            "use crate::views::practice::data::Answers;"
        ),
        1
    );
    assert_eq!(
        wrong("context/state.rs", "let x = crate::workers::link::send(i);"),
        1
    );
    assert_eq!(
        wrong("i18n/labels.rs", "use crate::context::state::Lab;"),
        1
    );
    assert_eq!(
        wrong(
            "workers/link/apply.rs",
            "crate::views::runs::run_list().set(r)"
        ),
        1
    );
    assert_eq!(
        wrong("components/heatmap.rs", "use crate::shell::share;"),
        1
    );
    assert_eq!(wrong("views/guide.rs", "use crate::shell::present;"), 1);
    // Into another view's submodule; its root and one's own are fine.
    assert_eq!(
        wrong(
            "views/practice/asked.rs",
            "use crate::views::decode::data::shape_args;"
        ),
        1
    );
    assert_eq!(
        wrong(
            "views/practice/asked.rs",
            "use crate::views::decode::shape_args;"
        ),
        0
    );
    assert_eq!(
        wrong(
            "views/practice/asked.rs",
            "use crate::views::practice::data::QUESTIONS;"
        ),
        0
    );
    // Downward imports are fine.
    assert_eq!(wrong("shell/mod.rs", "use crate::views::guide;"), 0);
    assert_eq!(
        wrong(
            "views/pe.rs",
            "use crate::context::i18n::use_i18n; use lab_crate::x;"
        ),
        0
    );
    // Tests may reach anywhere.
    assert_eq!(
        non_test(
            "shell/present/tests.rs",
            "use crate::views::head::data::STAGES;"
        ),
        None
    );
    let code = non_test(
        "context/state.rs",
        "fn a() {}\n#[cfg(test)]\nuse crate::views::x;",
    );
    assert_eq!(code.as_deref(), Some("fn a() {}\n"));
    // Only the test item is left out: what follows it is still read.
    let code = non_test(
        "i18n/mod.rs",
        "fn a() {}\n#[cfg(test)]\nfn helper() { if x { y() } }\nuse crate::views::z;\n#[cfg(test)]\nmod tests;\n",
    );
    assert_eq!(
        code.as_deref(),
        Some("fn a() {}\n\nuse crate::views::z;\n\n")
    );
}
