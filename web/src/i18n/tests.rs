//! The catalogue is complete: every locale defines exactly the messages the
//! source uses, with the same arguments, and every glossary term.

use super::*;
use fluent_syntax::ast::{self, Entry, Expression, InlineExpression, Pattern, PatternElement};
use fluent_syntax::parser;
use regex::Regex;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// What one locale defines: message id → (area, its variables), and terms.
#[derive(Default)]
struct Defined {
    messages: BTreeMap<String, (String, BTreeSet<String>)>,
    terms: BTreeSet<String>,
    /// Ids defined twice, and terms defined outside the glossary.
    problems: Vec<String>,
}

fn variables_of_pattern(pattern: &Pattern<&str>, out: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let PatternElement::Placeable { expression } = element {
            variables_of_expression(expression, out);
        }
    }
}

fn variables_of_expression(expression: &Expression<&str>, out: &mut BTreeSet<String>) {
    match expression {
        Expression::Inline(inline) => variables_of_inline(inline, out),
        Expression::Select { selector, variants } => {
            variables_of_inline(selector, out);
            for variant in variants {
                variables_of_pattern(&variant.value, out);
            }
        }
    }
}

fn variables_of_inline(inline: &InlineExpression<&str>, out: &mut BTreeSet<String>) {
    match inline {
        InlineExpression::VariableReference { id } => {
            out.insert(id.name.to_string());
        }
        InlineExpression::Placeable { expression } => variables_of_expression(expression, out),
        _ => {}
    }
}

fn defined(locale: Locale) -> Defined {
    let mut defined = Defined::default();
    for (area, source) in AREAS.iter().zip(sources(locale)) {
        let resource = parser::parse(*source).unwrap_or_else(|(_, errors)| {
            panic!("{}/{area}.ftl does not parse: {errors:?}", locale.code())
        });
        for entry in resource.body {
            match entry {
                Entry::Message(ast::Message { id, value, .. }) => {
                    let mut variables = BTreeSet::new();
                    if let Some(value) = &value {
                        variables_of_pattern(value, &mut variables);
                    } else {
                        defined.problems.push(format!(
                            "{}: {} has no value",
                            locale.code(),
                            id.name
                        ));
                    }
                    let previous = defined
                        .messages
                        .insert(id.name.to_string(), (area.to_string(), variables));
                    if let Some((first, _)) = previous {
                        defined.problems.push(format!(
                            "{}: {} is defined in {first}.ftl and again in {area}.ftl",
                            locale.code(),
                            id.name
                        ));
                    }
                }
                Entry::Term(term) => {
                    if *area != "glossary" {
                        defined.problems.push(format!(
                            "{}: the term -{} belongs in glossary.ftl, not {area}.ftl",
                            locale.code(),
                            term.id.name
                        ));
                    }
                    defined.terms.insert(term.id.name.to_string());
                }
                Entry::Junk { content } => defined.problems.push(format!(
                    "{}/{area}.ftl has unparsable text: {content}",
                    locale.code()
                )),
                _ => {}
            }
        }
    }
    defined
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("the web crate's source is readable") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The message ids the source passes to the translation functions, and every
/// string literal of the source (an id chosen in a `match` counts as used).
fn used_ids() -> (BTreeSet<String>, String) {
    let mut files = vec![];
    rust_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut files,
    );
    let call = Regex::new(r#"(?:\.t|\.s|\.f|\.s_now|\.f_now|\btext|\btext_args)\((?:[^";{}()]|\(\)){0,80}?"([a-z][a-z0-9-]*)""#)
        .expect("a valid pattern");
    let mut ids = BTreeSet::new();
    let mut all = String::new();
    for file in files {
        if file.ends_with("i18n/tests.rs") {
            continue;
        }
        let source = std::fs::read_to_string(&file).expect("a readable source file");
        for capture in call.captures_iter(&source) {
            ids.insert(capture[1].to_string());
        }
        all.push_str(&source);
    }
    (ids, all)
}

#[test]
fn every_key_is_defined_in_every_locale_and_used() {
    let english = defined(Locale::En);
    let mut problems = english.problems.clone();
    for locale in Locale::ALL.into_iter().skip(1) {
        let other = defined(locale);
        problems.extend(other.problems);
        for (id, (area, variables)) in &english.messages {
            match other.messages.get(id) {
                None => problems.push(format!("{}/{area}.ftl lacks {id}", locale.code())),
                Some((other_area, other_variables)) => {
                    if other_area != area {
                        problems.push(format!(
                            "{}: {id} is in {other_area}.ftl, but en has it in {area}.ftl",
                            locale.code()
                        ));
                    }
                    if other_variables != variables {
                        problems.push(format!(
                            "{}: {id} uses {other_variables:?}, en uses {variables:?}",
                            locale.code()
                        ));
                    }
                }
            }
        }
        for id in other.messages.keys() {
            if !english.messages.contains_key(id) {
                problems.push(format!("{}: {id} is not in en", locale.code()));
            }
        }
        if other.terms != english.terms {
            problems.push(format!(
                "{}: glossary terms {:?} differ from en {:?}",
                locale.code(),
                other
                    .terms
                    .symmetric_difference(&english.terms)
                    .collect::<Vec<_>>(),
                ""
            ));
        }
    }
    let (called, source) = used_ids();
    for id in &called {
        if !english.messages.contains_key(id) {
            problems.push(format!(
                "the source asks for {id}, which en does not define"
            ));
        }
    }
    for id in english.messages.keys() {
        if !source.contains(&format!("\"{id}\"")) {
            problems.push(format!("{id} is defined but never used"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_message_formats_without_errors_in_every_locale() {
    let english = defined(Locale::En);
    for locale in Locale::ALL {
        let bundle = bundle(locale);
        for (id, (_, variables)) in &english.messages {
            let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) else {
                continue; // reported by the completeness test
            };
            let mut args = FluentArgs::new();
            for variable in variables {
                args.set(variable.as_str(), FluentValue::from(2.0));
            }
            let mut errors = vec![];
            let value = bundle.format_pattern(pattern, Some(&args), &mut errors);
            assert!(
                errors.is_empty(),
                "{}: {id} fails to format: {errors:?}",
                locale.code()
            );
            assert!(!value.trim().is_empty(), "{}: {id} is empty", locale.code());
        }
    }
}

#[test]
fn browser_languages_pick_the_nearest_locale() {
    assert_eq!(Locale::negotiate(&["ja-JP", "en-US"]), Locale::Ja);
    assert_eq!(Locale::negotiate(&["zh-CN"]), Locale::ZhHans);
    assert_eq!(Locale::negotiate(&["zh-TW"]), Locale::ZhHant);
    assert_eq!(Locale::negotiate(&["zh-Hant-HK"]), Locale::ZhHant);
    assert_eq!(Locale::negotiate(&["fr-FR", "zh"]), Locale::ZhHans);
    assert_eq!(Locale::negotiate(&["fr-FR", "de"]), Locale::En);
    assert_eq!(Locale::negotiate::<&str>(&[]), Locale::En);
    for locale in Locale::ALL {
        assert_eq!(Locale::parse(locale.code()), Some(locale));
    }
    assert_eq!(Locale::parse("zh-hant"), Some(Locale::ZhHant));
    assert_eq!(Locale::parse("xx"), None);
}

#[test]
fn a_message_takes_its_arguments_and_falls_back_to_its_id_when_unknown() {
    let step = text_args(
        Locale::En,
        "common-step-count",
        &[("step", Arg::from(12usize))],
    );
    assert!(step.contains("12"), "{step}");
    assert_eq!(text(Locale::Ja, "no-such-message"), "no-such-message");
    for locale in Locale::ALL {
        assert_ne!(text(locale, "common-title"), "common-title");
    }
}

/// The page fetches a language other than English from `file_url`, the file
/// `cargo xtask post-build` writes of its folder in `web/locales/`.
#[test]
fn each_language_is_fetched_from_the_file_its_folder_becomes() {
    let locales = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("locales");
    for locale in Locale::ALL {
        let url = file_url(locale);
        let folder = url
            .strip_prefix("locales/")
            .and_then(|name| name.strip_suffix(".ftl"))
            .unwrap_or_else(|| panic!("{url} is not locales/<folder>.ftl"));
        assert!(
            locales.join(folder).is_dir(),
            "{url}: no web/locales/{folder}/"
        );
        let bytes: u64 = AREAS
            .iter()
            .map(|area| {
                std::fs::metadata(locales.join(folder).join(format!("{area}.ftl")))
                    .map_or(0, |m| m.len())
            })
            .sum();
        assert!(bytes as usize <= MAX_FILE_BYTES, "{url}: {bytes} B");
    }
}

#[test]
fn a_list_keeps_items_with_commas_of_their_own_whole() {
    let items = ["a, b".to_string(), "c".to_string()];
    assert_eq!(Locale::En.list(&items), "a, b; c");
    assert_eq!(Locale::Ja.list(&items), "「a, b」、「c」");
    assert_eq!(Locale::ZhHans.list(&items), "“a, b”、“c”");
    assert_eq!(Locale::ZhHant.list(&items), "「a, b」、「c」");
}
