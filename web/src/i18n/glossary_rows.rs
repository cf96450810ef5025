//! Every glossary term is checked against the tutorial map's terms table
//! (`terms::TERMS`, by `terms::every_glossary_term_is_the_tutorials_or_says_why`)
//! or says why it has no row there ([`NO_ROW`]), so that a new term cannot
//! slip past the check; and a term listed as having no row fails once the
//! table has a row for it.

use super::terms::{
    alternatives, glossary, glossary_entry, glossary_terms, terms_table, MAP, TERMS,
};
use super::Locale;

/// Each glossary term with no row in the terms table, and why: a new term is
/// either in [`TERMS`] or here, so that none escapes the check.
const NO_ROW: &[(&str, &str)] = &[
    ("beam-search", DECODING),
    ("length-penalty", DECODING),
    ("hypothesis", DECODING),
    ("hypotheses", DECODING),
    ("sampling", DECODING),
    ("temperature", DECODING),
    ("top-k", DECODING),
    ("top-p", DECODING),
    (
        "exact-match",
        "the lab's own measure beside BLEU; no tutorial reports it",
    ),
    ("loss", TRAINING_WORD),
    ("vocabulary", TRAINING_WORD),
    ("entropy", TRAINING_WORD),
    ("cross-entropy", TRAINING_WORD),
    ("batch", TRAINING_WORD),
    ("layer", TRAINING_WORD),
    ("step", TRAINING_WORD),
    ("teacher-forcing", TRAINING_WORD),
    (
        "softmax",
        "all five tutorials write the function's name in Latin letters, as every glossary keeps it",
    ),
    (
        "transformer",
        "the model's name, in Latin letters in every language",
    ),
    (
        "annotated-transformer",
        "a title (Harvard NLP's annotated code of the paper), kept as it is written",
    ),
    ("checkpoint", LAB_TOOLING),
    ("held-out", LAB_TOOLING),
    ("seed", LAB_TOOLING),
];

/// Why the decoding strategies have no row.
const DECODING: &str =
    "the lab's own decoding: no tutorial decodes by beam search or sampling (the map's conventions)";

/// Why the general words of training have no row.
const TRAINING_WORD: &str = "a general word of training, which the tutorials use in passing or in \
     code if at all; the table follows the Transformer's own concepts";

/// Why the lab's tools have no row.
const LAB_TOOLING: &str = "the lab's own tooling (saved runs, data splits), which no tutorial has";

/// Every term of `source`, a glossary, that is neither checked against the
/// map's terms table ([`TERMS`]) nor listed in [`NO_ROW`]; every [`NO_ROW`]
/// term that has a row all the same (its English name is a row's lab term);
/// and every listed term that `source` does not define.
fn unplaced(map: &str, source: &str) -> Vec<String> {
    let defined: Vec<&str> = glossary_terms(source)
        .into_iter()
        .map(|(id, _)| id)
        .collect();
    let checked: Vec<&str> = TERMS.iter().map(|&(_, id)| id).collect();
    let unchecked: Vec<&str> = NO_ROW.iter().map(|&(id, _)| id).collect();
    let mut problems = vec![];
    for id in &defined {
        match (checked.contains(id), unchecked.contains(id)) {
            (false, false) => problems.push(format!(
                "-{id} is neither in TERMS (a row of the map's terms table) nor in NO_ROW (with why)"
            )),
            (true, true) => problems.push(format!("-{id} is in both TERMS and NO_ROW")),
            _ => {}
        }
    }
    for id in checked.iter().chain(&unchecked) {
        if !defined.contains(id) {
            problems.push(format!(
                "-{id} is listed, but the glossary does not define it"
            ));
        }
    }
    let lab_terms: Vec<String> = terms_table(map)
        .iter()
        .skip(1)
        .filter_map(|row| row.first())
        .flat_map(|cell| alternatives(cell))
        .map(|way| way.to_lowercase())
        .collect();
    let english = glossary(Locale::En);
    for &(id, _) in NO_ROW {
        let name = glossary_entry(english, id).map(|(value, _)| value.to_lowercase());
        if name.is_some_and(|name| lab_terms.contains(&name)) {
            problems.push(format!(
                "-{id} is in NO_ROW, but the map's terms table has a row for it: move it to TERMS"
            ));
        }
    }
    problems
}

#[test]
fn every_glossary_term_is_checked_or_says_why_it_has_no_row() {
    let mut problems = vec![];
    for locale in Locale::ALL {
        for problem in unplaced(MAP, glossary(locale)) {
            problems.push(format!("{}/glossary.ftl: {problem}", locale.code()));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn a_new_term_or_a_new_row_cannot_slip_past() {
    let source = glossary(Locale::Ja);
    assert!(unplaced(MAP, source).is_empty());

    let added = format!("{source}\n-attention-map = 注意マップ\n");
    let found = unplaced(MAP, &added);
    assert!(
        found.iter().any(|p| p.contains("-attention-map ")),
        "{found:?}"
    );

    let row = "| embedding |";
    assert!(
        MAP.contains(row),
        "the map has no {row:?} row; pick another for this test"
    );
    let with_loss = MAP.replacen(
        row,
        &format!("| loss | 損失 (000) | — | — | ja 損失 |\n{row}"),
        1,
    );
    let found = unplaced(&with_loss, source);
    assert!(
        found.iter().any(|p| p.contains("-loss is in NO_ROW")),
        "{found:?}"
    );
}
