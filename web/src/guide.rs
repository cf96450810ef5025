//! The self-study guide's data: `docs/tutorial-map.md`, read at compile time.
//!
//! The map is the one source: each tutorial's heading names its languages,
//! and each row of its table names a section of the tutorial (in the
//! tutorial's own words) and the views that show it (`#anchor`s). The guide
//! panel lists, for the reader's language, every section with links to its
//! views; `tests` check that every anchor is a real view.

use crate::i18n::Locale;
use crate::panels;

/// The tutorial map, as committed.
pub const TUTORIAL_MAP: &str = include_str!("../../docs/tutorial-map.md");

/// One concept: a section of a tutorial and the views that show it.
#[derive(Clone, Debug, PartialEq)]
pub struct Concept {
    /// The tutorial's number, e.g. `"000"`.
    pub tutorial: String,
    /// The tutorial's title, as the map gives it.
    pub tutorial_title: String,
    /// The languages the tutorial is written in.
    pub languages: Vec<Locale>,
    /// The section's heading, in the tutorial's language.
    pub section: String,
    /// Indices into `panels::PANELS`, in the order the map names them.
    pub panels: Vec<usize>,
}

/// The languages named in a tutorial heading's parentheses.
fn languages_of(heading: &str) -> Vec<Locale> {
    let Some(open) = heading.rfind('(') else {
        return vec![];
    };
    let inside = &heading[open + 1..];
    let inside = inside.split(',').next().unwrap_or("");
    inside
        .split(|c: char| c == '+' || c == ')' || c.is_whitespace())
        .filter_map(Locale::parse)
        .collect()
}

/// The names the map's first table gives the views: the first word of each
/// view's name (`Attention`, `Inside`, `Masks`, …) with its panel.
fn view_names() -> Vec<(String, usize)> {
    let mut names = vec![];
    for line in TUTORIAL_MAP.lines().take_while(|l| !l.starts_with("## ")) {
        let cells: Vec<&str> = line.trim().trim_matches('|').split('|').collect();
        if cells.len() < 3 {
            continue;
        }
        let anchor = cells[2].trim().trim_matches('`').trim_start_matches('#');
        if let Some(panel) = panels::index_of(anchor) {
            if let Some(word) = cells[1].split_whitespace().next() {
                names.push((word.trim_end_matches(',').to_string(), panel));
            }
        }
    }
    names
}

/// The views a table cell names, by `#anchor` or by the view's name.
fn panels_of(cell: &str, names: &[(String, usize)]) -> Vec<usize> {
    let mut found: Vec<(usize, usize)> = vec![]; // (position in the cell, panel)
    for part in cell.split('#').skip(1) {
        let id: String = part
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
            .collect();
        if let (Some(i), Some(at)) = (panels::index_of(&id), cell.find(&format!("#{id}"))) {
            found.push((at, i));
        }
    }
    for (name, panel) in names {
        let is_word_end = |end: usize| {
            cell[end..]
                .chars()
                .next()
                .is_none_or(|c| !c.is_alphanumeric())
        };
        if let Some(at) = cell.match_indices(name.as_str()).find_map(|(at, _)| {
            let starts_word = cell[..at]
                .chars()
                .last()
                .is_none_or(|c| !c.is_alphanumeric());
            (starts_word && is_word_end(at + name.len())).then_some(at)
        }) {
            found.push((at, *panel));
        }
    }
    found.sort();
    let mut panels: Vec<usize> = vec![];
    for (_, p) in found {
        if !panels.contains(&p) {
            panels.push(p);
        }
    }
    panels
}

/// Every concept of every tutorial section table in the map.
pub fn concepts() -> Vec<Concept> {
    let names = view_names();
    let mut out = vec![];
    let mut tutorial: Option<(String, String, Vec<Locale>)> = None;
    for line in TUTORIAL_MAP.lines() {
        if let Some(heading) = line.strip_prefix("## ") {
            // "## 000 — Title (ja + zh-Hans, …)"; other headings end the tutorials.
            tutorial = heading.split_once(" — ").and_then(|(number, title)| {
                number.chars().all(|c| c.is_ascii_digit()).then(|| {
                    let title = title.rsplit_once(" (").map_or(title, |(t, _)| t);
                    (number.to_string(), title.to_string(), languages_of(heading))
                })
            });
            continue;
        }
        let Some((number, title, languages)) = &tutorial else {
            continue;
        };
        let cells: Vec<&str> = line.trim().trim_matches('|').split('|').collect();
        if !line.starts_with('|') || cells.len() < 4 || cells[0].trim().starts_with("Section") {
            continue;
        }
        if cells[0].trim_start().starts_with("---") {
            continue;
        }
        let panels = panels_of(cells[2], &names);
        if panels.is_empty() {
            continue;
        }
        out.push(Concept {
            tutorial: number.clone(),
            tutorial_title: title.clone(),
            languages: languages.clone(),
            section: cells[0].trim().to_string(),
            panels,
        });
    }
    out
}

/// The concepts for a reader: those of tutorials in the reader's language
/// first; an English reader gets every tutorial.
pub fn concepts_for(locale: Locale) -> Vec<Concept> {
    let all = concepts();
    if locale == Locale::En {
        return all;
    }
    let (mine, _): (Vec<Concept>, Vec<Concept>) =
        all.into_iter().partition(|c| c.languages.contains(&locale));
    mine
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_map_names_five_tutorials_and_real_views() {
        let concepts = concepts();
        let tutorials: std::collections::BTreeSet<&str> =
            concepts.iter().map(|c| c.tutorial.as_str()).collect();
        assert_eq!(tutorials.len(), 5, "{tutorials:?}");
        for c in &concepts {
            assert!(!c.panels.is_empty(), "{c:?}");
            assert!(!c.languages.is_empty(), "{c:?} has no language");
        }
        assert_eq!(
            view_names().len(),
            panels::PANELS.len(),
            "{:?}",
            view_names()
        );
        // Every view is the answer to at least one concept.
        for i in 0..panels::PANELS.len() {
            let covered = concepts.iter().any(|c| c.panels.contains(&i));
            assert!(
                covered,
                "no tutorial section points at {}",
                panels::PANELS[i].id
            );
        }
    }

    #[test]
    fn each_reader_gets_the_tutorials_in_their_language() {
        for locale in [Locale::Ja, Locale::ZhHans, Locale::ZhHant] {
            let mine = concepts_for(locale);
            assert!(!mine.is_empty(), "{locale:?}");
            assert!(mine.iter().all(|c| c.languages.contains(&locale)));
        }
        let ja = concepts_for(Locale::Ja);
        assert!(ja
            .iter()
            .any(|c| c.section.contains("位置エンコーディング")));
        let hant = concepts_for(Locale::ZhHant);
        assert!(hant.iter().all(|c| c.tutorial == "003"));
        assert_eq!(concepts_for(Locale::En).len(), concepts().len());
    }
}
