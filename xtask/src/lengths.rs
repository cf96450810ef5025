//! No function of ours over 100 lines (ARCHITECTURE.md, "A function fits a
//! screen"). Clippy's `too_many_lines` holds most functions to it, but not
//! every one whose body is mostly a `view!` (Leptos components and the
//! functions that build their markup): this scan counts those too, on
//! rustfmt's layout (a function ends at the `}` of its own indentation).

use std::path::Path;

/// Clippy's threshold (`clippy.toml`): lines of code, not blank or comment.
const MAX_LINES: usize = 100;

/// Every function of `text` longer than [`MAX_LINES`], as `(name, first line, lines)`.
fn long_functions(text: &str) -> Vec<(String, usize, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut long = Vec::new();
    for (start, line) in lines.iter().enumerate() {
        let trimmed = line.trim_start();
        let indent = &line[..line.len() - trimmed.len()];
        let signature = trimmed
            .trim_start_matches("pub(crate) ")
            .trim_start_matches("pub(super) ")
            .trim_start_matches("pub ")
            .trim_start_matches("async ")
            .trim_start_matches("const ")
            .trim_start_matches("unsafe ");
        let Some(rest) = signature.strip_prefix("fn ") else {
            continue;
        };
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let closing = format!("{indent}}}");
        let Some(end) = (start + 1..lines.len()).find(|&i| lines[i] == closing) else {
            continue;
        };
        let code = lines[start..=end]
            .iter()
            .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with("//"))
            .count();
        if code > MAX_LINES {
            long.push((name, start + 1, code));
        }
    }
    long
}

fn scan(dir: &Path, out: &mut Vec<String>, read: &mut usize) {
    for entry in std::fs::read_dir(dir).expect("readable folder") {
        let path = entry.expect("readable entry").path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if path.is_dir() {
            if !(name.starts_with('.')
                || ["target", "vendor", "node_modules", "dist"].contains(&name))
            {
                scan(&path, out, read);
            }
        } else if name.ends_with(".rs") {
            *read += 1;
            let text = std::fs::read_to_string(&path).expect("utf-8 source");
            for (function, line, lines) in long_functions(&text) {
                out.push(format!(
                    "{}:{line}: {function}, {lines} lines",
                    path.display()
                ));
            }
        }
    }
}

#[test]
fn no_function_of_ours_is_over_100_lines() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let (mut long, mut read) = (Vec::new(), 0);
    scan(&root, &mut long, &mut read);
    assert!(long.is_empty(), "split these functions: {long:#?}");
    assert!(read > 250, "only {read} files read");
}

/// The scan can fail: a long component is found, and a short one is not.
#[test]
fn the_scan_counts_code_lines_to_the_closing_brace() {
    let body = |n: usize| "        <p>\"x\"</p>\n".repeat(n);
    let component = |n| {
        format!(
            "#[component]\npub fn View() -> impl IntoView {{\n    view! {{\n{}    }}\n}}\n",
            body(n)
        )
    };
    assert_eq!(long_functions(&component(96)), []);
    assert_eq!(
        long_functions(&component(97)),
        [("View".to_string(), 2, 101)]
    );
    // Comments and blank lines do not count; a method's own indentation ends it.
    let method = format!(
        "impl A {{\n    fn b() {{\n{}\n        // note\n    }}\n}}\n",
        "        x();\n".repeat(99)
    );
    assert_eq!(long_functions(&method), [("b".to_string(), 2, 101)]);
}
