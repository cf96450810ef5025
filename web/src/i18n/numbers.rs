//! No number the lab computes is typed into a message. A number a message
//! states (a size, a count, a base, a step) is a Fluent argument filled by
//! the code that computes it; what is left typed is a reference (§3.2.1,
//! Table 1, tutorial 003, W12, equation (3)), the formulas' own 0, 1 and 2
//! (1 − ε, 2i, cos(0) = 1), a view title's place in the page (checked
//! against `panels::PANELS`), or listed in [`TYPED`] with the reason it stays.

use super::{sources, Locale, AREAS};
use regex::Regex;
use std::collections::BTreeSet;

/// The numbers that stay typed, by message, with why. The same in every language.
const TYPED: &[(&str, &str, &str)] = &[
    (
        "formula-smoothed-target",
        "0.1",
        "the paper's ε (§5.4), a fact of the paper, not of the run",
    ),
    (
        "practice-noam-peak-why",
        "0.5",
        "an exponent of the paper's equation (3)",
    ),
    (
        "practice-noam-peak-why",
        "1.5",
        "an exponent of the paper's equation (3)",
    ),
    (
        "head-keys-values-explain",
        "3",
        "an example of reading a row's mark (k₃), not a value of the run",
    ),
    (
        "complexity-chart-label",
        "4",
        "ja writes \"the four layer types\" in digits: the rows of Table 1",
    ),
    (
        "noam-readout",
        "4",
        "ja and zh write \"quadruples\" in digits: step^−0.5 halves when step is 4 times larger",
    ),
    (
        "translate-intro",
        "3",
        "ja writes \"three ways\" in digits: greedy, beam search and sampling",
    ),
    (
        "runs-name-placeholder",
        "400",
        "an example name the reader may type",
    ),
];

/// References and names with digits, which are not numbers of the run.
fn references() -> Regex {
    Regex::new(concat!(
        r"§\d+(\.\d+)*",
        r"|(Table|Figure|footnote|tutorial|view|表|図|图|圖|檢視|脚注|註腳|註|注)\s?\d+",
        r"|\b00[0-4]\b|\bW\d+\b|\(\d\)",
        r"|UTF-8|tensor2tensor|\b(19|20)\d\d\b",
        r"|[A-Za-z_]\d+",
    ))
    .expect("a valid pattern")
}

/// Every (message id, number) typed into the messages of one language's
/// `sources` (in [`AREAS`] order), the glossary and the formulas' 0, 1 and 2 aside.
fn typed_numbers(sources: &[&str]) -> BTreeSet<(String, String)> {
    let references = references();
    let number = Regex::new(r"\d+([.,]\d+)*").expect("a valid pattern");
    let files: Vec<(&'static str, &str)> = AREAS
        .iter()
        .copied()
        .zip(sources.iter().copied())
        .filter(|(area, _)| *area != "glossary")
        .collect();
    let mut found = BTreeSet::new();
    for message in super::bypass::messages(&files) {
        // A view's title starts with its place in the page, which
        // `each_views_number_is_its_place_in_the_page` checks.
        let text = match message.id.ends_with("-title") {
            true => message
                .text
                .trim_start_matches(|c: char| c.is_ascii_digit()),
            false => &message.text,
        };
        let text = references.replace_all(text, " ");
        for n in number.find_iter(&text) {
            if !matches!(n.as_str(), "0" | "1" | "2") {
                found.insert((message.id.clone(), n.as_str().to_string()));
            }
        }
    }
    found
}

/// Each typed number that [`TYPED`] does not list, as a sentence.
fn untyped(locale: Locale, sources: &[&str]) -> Vec<String> {
    typed_numbers(sources)
        .into_iter()
        .filter(|(id, n)| !TYPED.iter().any(|(i, m, _)| i == id && m == n))
        .map(|(id, n)| {
            format!(
                "{}: {id} types {n}: pass it as an argument from the code that computes it, \
                 or list it in i18n::numbers::TYPED with the reason it stays",
                locale.code()
            )
        })
        .collect()
}

#[test]
fn no_message_types_a_number_the_lab_computes() {
    let mut problems = vec![];
    for locale in Locale::ALL {
        problems.extend(untyped(locale, sources(locale)));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_number_left_typed_is_still_typed_somewhere() {
    let everywhere: BTreeSet<(String, String)> = Locale::ALL
        .into_iter()
        .flat_map(|l| typed_numbers(sources(l)))
        .collect();
    for (id, n, why) in TYPED {
        assert!(
            everywhere.contains(&(id.to_string(), n.to_string())),
            "TYPED lists {id}'s {n} ({why}), which no message types any more"
        );
    }
}

#[test]
fn a_typed_base_is_found_and_a_reference_is_not() {
    let mut changed: Vec<String> = sources(Locale::En).iter().map(|s| s.to_string()).collect();
    let pe = AREAS.iter().position(|a| *a == "pe").expect("a pe area");
    changed[pe] = changed[pe].replace("{ $base }", "10000");
    assert_ne!(
        changed[pe],
        sources(Locale::En)[pe],
        "pe.ftl has a {{ $base }} to type"
    );
    changed[pe].push_str("\npe-test-reference = See §3.2.1, Table 1, tutorial 003 and W12.\n");
    let refs: Vec<&str> = changed.iter().map(String::as_str).collect();
    let problems = untyped(Locale::En, &refs);
    assert!(
        problems.iter().any(|p| p.contains("types 10000")),
        "{problems:?}"
    );
    assert!(
        !problems.iter().any(|p| p.contains("pe-test-reference")),
        "{problems:?}"
    );
}

#[test]
fn each_views_number_is_its_place_in_the_page() {
    for locale in Locale::ALL {
        for (place, panel) in crate::panels::PANELS.iter().enumerate() {
            let title = super::text(locale, panel.title);
            let Some(number) = crate::panels::number(place) else {
                assert!(
                    !title.starts_with(|c: char| c.is_ascii_digit()),
                    "{locale:?}: {title:?} is the figure, not a numbered view"
                );
                continue;
            };
            assert!(
                title.starts_with(&format!("{number} ")),
                "{locale:?}: {title:?} is view {number}"
            );
        }
    }
}
