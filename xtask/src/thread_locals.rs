//! No `thread_local!` of the page holds reactive state (ARCHITECTURE.md,
//! "The page's floors"): shared state lives in the context. A
//! `thread_local!`'s type is followed through every struct, enum and type
//! alias the page defines, so a signal wrapped in a struct of the page's is
//! found as a bare one is. What it cannot see is what a closure captures (a
//! `Box<dyn Fn…>` may hold a signal): a `thread_local!` that holds a closure
//! passes only when [`CLOSURES_KEPT`] names it and says what its closures
//! capture, for a reviewer to check. Types from other crates are not
//! followed.

use std::collections::{BTreeSet, HashMap};

/// Leptos's reactive types and constructors, as whole identifiers.
const REACTIVE: [&str; 30] = [
    "Signal",
    "ReadSignal",
    "WriteSignal",
    "RwSignal",
    "ArcSignal",
    "ArcReadSignal",
    "ArcWriteSignal",
    "ArcRwSignal",
    "MaybeSignal",
    "MaybeProp",
    "Memo",
    "ArcMemo",
    "Trigger",
    "ArcTrigger",
    "Resource",
    "ArcResource",
    "LocalResource",
    "ArcLocalResource",
    "OnceResource",
    "StoredValue",
    "ArcStoredValue",
    "NodeRef",
    "Callback",
    "UnsyncCallback",
    "Action",
    "ArcAction",
    "Effect",
    "RenderEffect",
    "signal",
    "arc_signal",
];

/// The names of a closure's type: Rust's closure traits and wasm-bindgen's
/// `Closure`, as whole identifiers.
const CLOSURE: [&str; 4] = ["Closure", "FnOnce", "FnMut", "Fn"];

/// Each `thread_local!` static that holds closures (`file::NAME`), with
/// what they capture and why that is not shared state.
pub(crate) const CLOSURES_KEPT: [(&str, &str); 2] = [
    (
        "components/paint.rs::PENDING",
        "drawings and numbers queued for a later task or for their element to \
         come into sight; each captures the signals it sets (its component's own, \
         or the context `Lab`), runs once and is dropped",
    ),
    (
        "workers/tab.rs::STATE",
        "the first messages to the worker, waiting for the tab's identity; each \
         captures the context (`Lab`) to read what to send, runs once and is dropped",
    ),
];

/// Every `thread_local!` of `sources` (file, non-test code) that holds
/// reactive state, or a closure `kept` (as [`CLOSURES_KEPT`]) does not
/// name, as `file: what (why)`; and each name of `kept` no longer found.
pub(crate) fn wrongly_kept(sources: &[(String, String)], kept: &[(&str, &str)]) -> Vec<String> {
    let sources: Vec<(&String, String)> = sources.iter().map(|(f, c)| (f, code_only(c))).collect();
    // A name defined twice (in two files) is read as both bodies.
    let mut types: HashMap<String, String> = HashMap::new();
    for (name, body) in sources.iter().flat_map(|(_, code)| definitions(code)) {
        types.entry(name).or_default().push_str(&body);
    }
    let mut wrong = Vec::new();
    let mut closures = BTreeSet::new();
    for (file, code) in &sources {
        for block in code.split("thread_local!").skip(1) {
            let body = balanced(block.trim_start()).unwrap_or(block);
            for (name, held) in statics(body) {
                let found = |names: &[&str]| found_in(held, names, &types, &mut BTreeSet::new());
                if let Some(via) = found(&REACTIVE) {
                    wrong.push(format!(
                        "{file}: a signal in a thread_local! ({via}; put it in the context)"
                    ));
                } else if let Some(via) = found(&CLOSURE) {
                    let at = format!("{file}::{name}");
                    if !kept.iter().any(|(named, _)| *named == at) {
                        wrong.push(format!(
                            "{at}: a closure in a thread_local! ({via}), which may capture a \
                             signal: name it in CLOSURES_KEPT with what it captures, or keep \
                             it in the context"
                        ));
                    }
                    closures.insert(at);
                }
            }
        }
    }
    for (named, _) in kept {
        if !closures.contains(*named) {
            wrong.push(format!(
                "{named}: named in CLOSURES_KEPT, but holds no closure"
            ));
        }
    }
    wrong
}

/// Each `static NAME: TYPE = …;` of a `thread_local!`'s body, as `(NAME,
/// its declaration after the name)`.
fn statics(body: &str) -> Vec<(String, &str)> {
    // A declaration's `static `, not a lifetime's `'static `.
    let starts: Vec<usize> = body
        .match_indices("static ")
        .map(|(at, _)| at)
        .filter(|&at| !body[..at].ends_with('\''))
        .collect();
    let ends = starts.iter().skip(1).copied().chain([body.len()]);
    starts
        .iter()
        .zip(ends)
        .map(|(&start, end)| {
            let declaration = &body[start + "static ".len()..end];
            let name: String = declaration
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            (name, declaration)
        })
        .collect()
}

/// How `text` holds one of `names`, if it does: the name itself, or the
/// chain of the page's types that leads to one.
fn found_in(
    text: &str,
    names: &[&str],
    types: &HashMap<String, String>,
    seen: &mut BTreeSet<String>,
) -> Option<String> {
    let idents = identifiers(text);
    if let Some(name) = names.iter().find(|r| idents.contains(**r)) {
        return Some(name.to_string());
    }
    for ident in idents {
        let Some(body) = types.get(&ident) else {
            continue;
        };
        if seen.insert(ident.clone()) {
            if let Some(via) = found_in(body, names, types, seen) {
                return Some(format!("{ident} → {via}"));
            }
        }
    }
    None
}

/// The identifiers of `text`.
fn identifiers(text: &str) -> BTreeSet<String> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty())
        .map(String::from)
        .collect()
}

/// `code` without its comments and the insides of its string and character
/// literals (a lifetime's `'` is kept).
fn code_only(code: &str) -> String {
    let chars: Vec<char> = code.chars().collect();
    let mut out = String::with_capacity(code.len());
    let mut i = 0;
    while i < chars.len() {
        let rest = &chars[i..];
        match rest {
            ['/', '/', ..] => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            ['/', '*', ..] => {
                i += 2;
                while i + 1 < chars.len() && !(chars[i] == '*' && chars[i + 1] == '/') {
                    i += 1;
                }
                i += 2;
            }
            ['"', ..] => {
                i += 1;
                while i < chars.len() && chars[i] != '"' {
                    i += if chars[i] == '\\' { 2 } else { 1 };
                }
                i += 1;
                out.push_str("\"\"");
            }
            ['\'', '\\', ..] => {
                i += 2;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
            }
            ['\'', _, '\'', ..] => i += 3,
            [c, ..] => {
                out.push(*c);
                i += 1;
            }
            [] => break,
        }
    }
    out
}

/// Each `struct`, `enum` and `type` that `code` defines, with its body.
fn definitions(code: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for keyword in ["struct ", "enum ", "type "] {
        for (at, _) in code.match_indices(keyword) {
            let before = code[..at].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                continue; // `Enum::…`, `subtype `
            }
            let rest = &code[at + keyword.len()..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if name.is_empty() {
                continue;
            }
            // The body: to the end of its braces or parentheses, or to `;`.
            let rest = &rest[name.len()..];
            let end = rest.find(['{', '(', ';', '=']).unwrap_or(rest.len());
            let body = match rest[end..].chars().next() {
                Some('{' | '(') => balanced(&rest[end..]).unwrap_or(rest),
                Some('=') => rest[end..].split(';').next().unwrap_or(""),
                _ => &rest[..end], // a unit struct: its generics only
            };
            out.push((name, format!("{}{body}", &rest[..end])));
        }
    }
    out
}

/// `text` from its first `{` or `(` to the bracket that closes it.
fn balanced(text: &str) -> Option<&str> {
    let open = text.find(['{', '('])?;
    let mut depth = 0usize;
    for (i, c) in text[open..].char_indices() {
        match c {
            '{' | '(' => depth += 1,
            '}' | ')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(&text[open..=open + i]);
                }
            }
            _ => {}
        }
    }
    None
}

/// [`wrongly_kept`] of these `(file, code)` pairs.
#[cfg(test)]
fn scan_of(files: &[(&str, &str)], kept: &[(&str, &str)]) -> Vec<String> {
    let sources: Vec<(String, String)> = files
        .iter()
        .map(|(f, c)| (f.to_string(), c.to_string()))
        .collect();
    wrongly_kept(&sources, kept)
}

/// Asserts that `found` is one finding, and that it says `says`.
#[cfg(test)]
fn assert_one(found: &[String], says: &str) {
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].contains(says), "{found:?}");
}

/// The scan can fail: a signal kept bare, in a struct, through an alias and
/// two structs deep; and what is not reactive passes.
#[test]
fn the_scan_finds_a_signal_however_it_is_wrapped() {
    let scan = |files: &[(&str, &str)]| scan_of(files, &[]);
    let bare = "thread_local! {\n    static L: RwSignal<Vec<u8>> = RwSignal::new(Vec::new());\n}";
    assert_eq!(scan(&[("views/runs.rs", bare)]).len(), 1);
    let count = "thread_local! {\n    static N: Cell<u64> = const { Cell::new(0) };\n}";
    assert!(scan(&[("views/runs.rs", count)]).is_empty());
    // A struct holding a signal, defined in another file.
    let in_slot =
        "thread_local! {\n    static S: RefCell<Option<Slot>> = const { RefCell::new(None) };\n}";
    let slot = "pub struct Slot {\n    worker: Worker,\n    progress: ReadSignal<f32>,\n}";
    assert_one(
        &scan(&[("workers/compare.rs", in_slot), ("workers/slot.rs", slot)]),
        "Slot → ReadSignal",
    );
    // Two structs deep, through a type alias and a tuple struct.
    let deep =
        "type Runs = Vec<Run>;\nstruct Run(Progress, u32);\nstruct Progress { at: Memo<f64> }";
    let in_runs = "thread_local! {\n    static R: RefCell<Runs> = RefCell::new(Vec::new());\n}";
    assert_one(
        &scan(&[("views/runs.rs", in_runs), ("views/data.rs", deep)]),
        "Runs → Run → Progress → Memo",
    );
    // The same struct without the signal passes; an enum's variants are read.
    let plain = "pub struct Slot {\n    worker: Worker,\n    progress: f32,\n}";
    assert!(scan(&[("workers/compare.rs", in_slot), ("workers/slot.rs", plain)]).is_empty());
    let state = "enum State { Unclaimed, Claimed(Trigger) }";
    let in_state = "thread_local! {\n    static T: RefCell<State> = const { RefCell::new(State::Unclaimed) };\n}";
    assert_eq!(
        scan(&[("workers/tab.rs", in_state), ("workers/tab2.rs", state)]).len(),
        1
    );
    // Whole names only, and code only: a Fluent resource, a memory, a
    // browser's AbortSignal, a comment and a string are not reactive.
    let bundles = "thread_local! {\n    static B: RefCell<HashMap<Locale, FluentBundle<FluentResource>>> = RefCell::new(HashMap::new());\n}";
    assert!(scan(&[("i18n/mod.rs", bundles)]).is_empty());
    let words = "struct Pending {\n    /// Not a Signal: a Memory of what waits, \"RwSignal\" in a string.\n    memory: Memory,\n    abort: AbortSignal,\n    note: &'static str,\n}";
    let in_pending =
        "thread_local! {\n    static P: RefCell<Pending> = RefCell::new(Pending::new());\n}";
    let found = scan(&[
        ("components/paint.rs", in_pending),
        ("components/p.rs", words),
    ]);
    assert!(found.is_empty(), "{found:?}");
}

/// A closure kept in a `thread_local!`, bare or inside the page's types,
/// fails unless CLOSURES_KEPT names it; the name it gives passes.
#[test]
fn a_closure_in_a_thread_local_must_be_named_with_what_it_captures() {
    let scan =
        |files: &[(&str, &str)]| scan_of(files, &[("components/paint.rs::PENDING", "drawings")]);
    let kept = "type Draw = Box<dyn FnOnce()>;\nthread_local! {\n    static PENDING: RefCell<Vec<Draw>> = RefCell::new(Vec::new());\n    static QUEUED: Cell<u64> = const { Cell::new(0) };\n}";
    assert!(scan(&[("components/paint.rs", kept)]).is_empty());
    // The same static in another file is not named.
    let twice = scan(&[("components/paint.rs", kept), ("views/runs.rs", kept)]);
    assert_one(&twice, "views/runs.rs::PENDING: a closure");
    // wasm-bindgen's Closure two structs deep, beside the named one.
    let handler = "struct Link { on: Listener }\nstruct Listener(Closure<dyn FnMut(MessageEvent)>);\nthread_local! {\n    static LINK: RefCell<Option<Link>> = const { RefCell::new(None) };\n}";
    assert_one(
        &scan(&[("components/paint.rs", kept), ("workers/link.rs", handler)]),
        "Link → Listener → Closure",
    );
    // A lifetime's `'static` starts no declaration: the closure is LATER's.
    let lifetime = "thread_local! {\n    static NAMES: RefCell<Vec<&'static str>> = RefCell::new(Vec::new());\n    static LATER: RefCell<Vec<Box<dyn FnOnce(&'static str)>>> = RefCell::new(Vec::new());\n}";
    let found = scan(&[("components/paint.rs", kept), ("i18n/mod.rs", lifetime)]);
    assert_one(&found, "i18n/mod.rs::LATER: a closure");
    // A name given for a static that holds no closure is stale.
    let plain = "thread_local! {\n    static PENDING: Cell<u64> = const { Cell::new(0) };\n}";
    assert_one(&scan(&[("components/paint.rs", plain)]), "holds no closure");
}
