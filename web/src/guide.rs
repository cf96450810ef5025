//! The self-study guide's data: `docs/tutorial-map.md` and its three
//! translations, which the page fetches when the guide or a view's
//! conventions are first opened (Trunk copies them next to `index.html`).
//!
//! The map is the one source. The guide panel shows it whole in the reader's
//! language, down to the worked examples: the views it maps, the lab's
//! conventions, each tutorial's sections (with what to do in the lab, and
//! every "not in the lab" row with its reason), the conventions table and
//! W1–W14. Each tutorial table lists only the tutorials written in the
//! reader's language (an English reader gets all five). The views each row
//! links to are read from the English map, by `#anchor` and by the views'
//! names, so a translation cannot link elsewhere; `tests` check that every
//! translation has the English map's shape, cell for cell.
//!
//! The conventions table's rows also appear beside the views they concern
//! ([`conventions_for`]): a topic names its views by `#anchor`.

use crate::i18n::Locale;
use crate::panels;

/// The heading of the English map's last section, which the guide and the
/// translations leave out: the glossaries' terms, checked by
/// `i18n::terms`, for translators rather than readers.
const TERMS_HEADING: &str = "## Terms as the tutorials write them";

/// Where the page fetches the map in `locale`, relative to the page.
pub fn map_url(locale: Locale) -> &'static str {
    match locale {
        Locale::En => "tutorial-map.md",
        Locale::Ja => "tutorial-map.ja.md",
        Locale::ZhHans => "tutorial-map.zh-Hans.md",
        Locale::ZhHant => "tutorial-map.zh-Hant.md",
    }
}

/// The most bytes a map may have: ten times the largest committed one. A
/// larger answer is not the map, and is refused before it is read.
pub const MAX_MAP_BYTES: usize = 1 << 20;

/// A map as the guide shows it: all but the terms section.
pub fn guide_part(text: &str) -> &str {
    text.split_once(TERMS_HEADING)
        .map_or(text, |(guide, _)| guide)
}

/// Where each language's map stands in the page.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Maps(pub std::collections::HashMap<Locale, MapLoad>);

#[derive(Clone, Debug, PartialEq)]
pub enum MapLoad {
    Loading,
    /// The map's text, its guide part.
    Ready(std::sync::Arc<str>),
    /// It could not be fetched: the reason, shown as it is.
    Failed(String),
}

impl Maps {
    /// The English map and the one in `locale` (the English map says which
    /// views each row shows), once both are here.
    pub fn pair(&self, locale: Locale) -> Option<(std::sync::Arc<str>, std::sync::Arc<str>)> {
        let ready = |l: Locale| match self.0.get(&l) {
            Some(MapLoad::Ready(text)) => Some(text.clone()),
            _ => None,
        };
        Some((ready(Locale::En)?, ready(locale)?))
    }

    /// Why the maps for `locale` cannot be shown, if one failed.
    pub fn failure(&self, locale: Locale) -> Option<String> {
        [Locale::En, locale]
            .iter()
            .find_map(|l| match self.0.get(l) {
                Some(MapLoad::Failed(why)) => Some(why.clone()),
                _ => None,
            })
    }
}

/// The committed maps, for the tests: what the page fetches.
#[cfg(test)]
pub fn map_text(locale: Locale) -> &'static str {
    guide_part(match locale {
        Locale::En => include_str!("../../docs/tutorial-map.md"),
        Locale::Ja => include_str!("../../docs/tutorial-map.ja.md"),
        Locale::ZhHans => include_str!("../../docs/tutorial-map.zh-Hans.md"),
        Locale::ZhHant => include_str!("../../docs/tutorial-map.zh-Hant.md"),
    })
}

/// One block of the map, in its order.
#[derive(Clone, Debug, PartialEq)]
pub enum Block {
    /// `#` … `######`: the level and the text.
    Heading(usize, String),
    Paragraph(String),
    /// `- ` items.
    List(Vec<String>),
    /// The header row and the body rows, each a list of cells (the
    /// `|---|` rule left out).
    Table(Vec<String>, Vec<Vec<String>>),
}

/// The map's blocks: lines grouped between blank lines (a paragraph that
/// introduces a list on the lines right under it is two blocks).
pub fn blocks(text: &str) -> Vec<Block> {
    let mut out = vec![];
    let mut group: Vec<&str> = vec![];
    for line in text.lines().chain(std::iter::once("")) {
        if !line.trim().is_empty() {
            group.push(line.trim_end());
            continue;
        }
        if let Some(first) = group.first() {
            let block = if first.starts_with('#') {
                let level = first.chars().take_while(|&c| c == '#').count();
                Block::Heading(level, join_lines(&group)[level..].trim().to_string())
            } else if first.starts_with('|') {
                let mut rows = group
                    .iter()
                    .filter(|l| !is_rule(l))
                    .map(|l| cells(l))
                    .collect::<Vec<_>>()
                    .into_iter();
                let header = rows.next().unwrap_or_default();
                Block::Table(header, rows.collect())
            } else if let Some(at) = group.iter().position(|l| l.starts_with("- ")) {
                if at > 0 {
                    out.push(Block::Paragraph(join_lines(&group[..at])));
                }
                let mut items: Vec<Vec<&str>> = vec![];
                for line in &group[at..] {
                    match line.strip_prefix("- ") {
                        Some(item) => items.push(vec![item]),
                        None => items
                            .last_mut()
                            .into_iter()
                            .for_each(|i| i.push(line.trim())),
                    }
                }
                Block::List(items.iter().map(|i| join_lines(i)).collect())
            } else {
                Block::Paragraph(join_lines(&group))
            };
            out.push(block);
        }
        group.clear();
    }
    out
}

/// Lines of one paragraph as one line: a space between words, none between
/// CJK characters or beside full-width punctuation (a line break there
/// means no space).
fn join_lines(lines: &[&str]) -> String {
    let mut out = String::new();
    for line in lines {
        let line = line.trim();
        let wide = |c: Option<char>| c.is_some_and(is_cjk);
        let (before, after) = (out.chars().last(), line.chars().next());
        let punctuation = |c: Option<char>| c.is_some_and(is_full_width_punctuation);
        let cjk_join = (wide(before) && wide(after)) || punctuation(before) || punctuation(after);
        if !out.is_empty() && !cjk_join {
            out.push(' ');
        }
        out.push_str(line);
    }
    out
}

/// The CJK full-width punctuation: 。、「」（）， and the like.
fn is_full_width_punctuation(c: char) -> bool {
    matches!(c, '\u{3000}'..='\u{303F}' | '\u{FF00}'..='\u{FF0F}' | '\u{FF1A}'..='\u{FF20}')
}

/// CJK characters and their full-width punctuation.
fn is_cjk(c: char) -> bool {
    matches!(c, '\u{2E80}'..='\u{9FFF}' | '\u{F900}'..='\u{FAFF}' | '\u{FF00}'..='\u{FFEF}')
}

fn is_rule(line: &str) -> bool {
    line.chars().all(|c| matches!(c, '|' | '-' | ':' | ' '))
}

/// A table row's cells; `\|` is a `|` inside a cell.
fn cells(row: &str) -> Vec<String> {
    let inner = row.trim().trim_start_matches('|');
    let inner = inner.strip_suffix('|').unwrap_or(inner);
    let mut out = vec![String::new()];
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&'|') => {
                chars.next();
                out.last_mut().into_iter().for_each(|cell| cell.push('|'));
            }
            '|' => out.push(String::new()),
            c => out.last_mut().into_iter().for_each(|cell| cell.push(c)),
        }
    }
    out.into_iter().map(|c| c.trim().to_string()).collect()
}

/// A run of text with one style: the map's inline Markdown.
#[derive(Clone, Debug, PartialEq)]
pub struct Span {
    pub text: String,
    /// Inside backticks: code, a formula or a view's `#anchor`.
    pub code: bool,
    /// Inside `**`.
    pub strong: bool,
    /// Inside single `*`.
    pub em: bool,
}

impl Span {
    /// The panel this span names, if it is a view's `#anchor` in backticks.
    pub fn panel(&self) -> Option<usize> {
        self.code
            .then(|| self.text.strip_prefix('#'))
            .flatten()
            .and_then(panels::index_of)
    }
}

/// `text`'s inline Markdown: `code`, **strong** and *emphasis*. Nothing
/// else is markup, and nothing here is HTML: the view writes text nodes.
pub fn spans(text: &str) -> Vec<Span> {
    let mut out: Vec<Span> = vec![];
    let (mut strong, mut em) = (false, false);
    let mut push = |text: &str, code: bool, strong: bool, em: bool| {
        if !text.is_empty() {
            out.push(Span {
                text: text.to_string(),
                code,
                strong,
                em,
            });
        }
    };
    for (i, part) in text.split('`').enumerate() {
        if i % 2 == 1 {
            push(part, true, strong, em);
            continue;
        }
        let mut rest = part;
        while let Some(at) = rest.find('*') {
            push(&rest[..at], false, strong, em);
            if rest[at..].starts_with("**") {
                strong = !strong;
                rest = &rest[at + 2..];
            } else {
                em = !em;
                rest = &rest[at + 1..];
            }
        }
        push(rest, false, strong, em);
    }
    out
}

/// A tutorial's heading: `## 000 — Title (ja + zh-Hans, …)`.
#[derive(Clone, Debug, PartialEq)]
pub struct Tutorial {
    /// The tutorial's number, e.g. `"000"`.
    pub number: String,
    /// The tutorial's title, in its own words.
    pub title: String,
    /// The languages the tutorial is written in.
    pub languages: Vec<Locale>,
}

impl Tutorial {
    fn parse(heading: &str) -> Option<Tutorial> {
        let (number, title) = heading.split_once(" — ")?;
        if number.is_empty() || !number.chars().all(|c| c.is_ascii_digit()) {
            return None;
        }
        let (title, languages) = title.rsplit_once(" (").unwrap_or((title, ""));
        let languages = languages
            .split(',')
            .next()
            .unwrap_or("")
            .split(|c: char| c == '+' || c == ')' || c.is_whitespace())
            .filter_map(Locale::parse)
            .collect();
        Some(Tutorial {
            number: number.to_string(),
            title: title.to_string(),
            languages,
        })
    }

    /// A reader in `locale` is shown this tutorial's sections.
    pub fn is_for(&self, locale: Locale) -> bool {
        locale == Locale::En || self.languages.contains(&locale)
    }
}

/// One block of the guide: the map's block in the reader's language, and
/// for a table, the views each row shows (from the English map).
#[derive(Clone, Debug, PartialEq)]
pub struct GuideBlock {
    pub block: Block,
    /// The tutorial this block belongs to, if any.
    pub tutorial: Option<Tutorial>,
    /// For a tutorial's table, each row's views (indices into
    /// `panels::PANELS`, in the order the English row names them).
    pub row_panels: Vec<Vec<usize>>,
}

/// The guide for a reader in `locale` from the English map and the map in
/// `locale` (`text`): the map's blocks, without its title (the guide has its
/// own) and without the sections of tutorials in other languages (their
/// paragraphs stay: they are about the lab). A translation whose shape is
/// not the English map's is shown as far as the two agree.
pub fn guide(locale: Locale, english: &str, text: &str) -> Vec<GuideBlock> {
    let english = blocks(guide_part(english));
    let names = view_names(&english);
    let mut tutorial: Option<Tutorial> = None;
    let mut out = vec![];
    for (en, block) in english.iter().zip(blocks(guide_part(text))) {
        if std::mem::discriminant(en) != std::mem::discriminant(&block) {
            break;
        }
        if let Block::Heading(level, text) = en {
            if *level == 1 {
                continue;
            }
            tutorial = Tutorial::parse(text);
        }
        let foreign = tutorial.as_ref().is_some_and(|t| !t.is_for(locale));
        let row_panels = match (en, &tutorial) {
            (Block::Table(_, rows), Some(_)) => rows
                .iter()
                .map(|row| row.get(2).map_or(vec![], |cell| panels_of(cell, &names)))
                .collect(),
            _ => vec![],
        };
        if foreign && !matches!(block, Block::Paragraph(_)) {
            continue;
        }
        out.push(GuideBlock {
            tutorial: tutorial.clone(),
            block,
            row_panels,
        });
    }
    out
}

/// The names the map's first table gives the views: the first word of each
/// view's name (`Attention`, `Inside`, `Masks`, …) with its panel.
fn view_names(english: &[Block]) -> Vec<(String, usize)> {
    let Some(Block::Table(_, rows)) = english.iter().find(|b| matches!(b, Block::Table(..))) else {
        return vec![];
    };
    rows.iter()
        .filter_map(|row| {
            let panel = panels::index_of(row.get(2)?.trim_matches('`').trim_start_matches('#'))?;
            let word = row.get(1)?.split_whitespace().next()?;
            Some((word.trim_end_matches(',').to_string(), panel))
        })
        .collect()
}

/// The views an English table cell names, by `#anchor` or by the view's
/// name, in the order it names them.
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
    let word_edge = |c: Option<char>| c.is_none_or(|c| !c.is_alphanumeric());
    for (name, panel) in names {
        let at = cell.match_indices(name.as_str()).find_map(|(at, _)| {
            let starts = word_edge(cell[..at].chars().last());
            let ends = word_edge(cell[at + name.len()..].chars().next());
            (starts && ends).then_some(at)
        });
        if let Some(at) = at {
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

/// The conventions table's header and the rows whose topic names `panel`
/// (by `#anchor`), in `locale`: how the lab and each tutorial write what
/// that view shows. `None` if no topic concerns the view.
pub fn conventions_for(
    english: &str,
    text: &str,
    panel: &str,
) -> Option<(Vec<String>, Vec<Vec<String>>)> {
    let english = blocks(guide_part(english));
    let at = conventions_table_index(&english)?;
    let Block::Table(_, en_rows) = &english[at] else {
        return None;
    };
    let Some(Block::Table(header, rows)) = blocks(guide_part(text)).into_iter().nth(at) else {
        return None;
    };
    let anchor = format!("`#{panel}`");
    let rows: Vec<Vec<String>> = en_rows
        .iter()
        .zip(rows)
        .filter(|(en, _)| en.first().is_some_and(|topic| topic.contains(&anchor)))
        .map(|(_, row)| row)
        .collect();
    (!rows.is_empty()).then_some((header, rows))
}

/// Where the conventions table is: the first table of the first section
/// after the tutorials' (its topics name their views by `#anchor`).
fn conventions_table_index(english: &[Block]) -> Option<usize> {
    let last_tutorial = english
        .iter()
        .rposition(|b| matches!(b, Block::Heading(2, text) if Tutorial::parse(text).is_some()))?;
    let section = last_tutorial
        + 1
        + english[last_tutorial + 1..]
            .iter()
            .position(|b| matches!(b, Block::Heading(2, _)))?;
    english
        .iter()
        .enumerate()
        .skip(section + 1)
        .find(|(_, b)| matches!(b, Block::Table(..)))
        .map(|(i, _)| i)
}

/// A topic cell without its views' anchors: beside the view it concerns,
/// "Mask value (`#masks`)" reads "Mask value".
pub fn topic_without_anchors(topic: &str) -> String {
    match topic.find(" (`#").or_else(|| topic.find("（`#")) {
        Some(at) => topic[..at].trim().to_string(),
        None => topic.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(b: &Block) -> String {
        match b {
            Block::Heading(level, _) => format!("h{level}"),
            Block::Paragraph(_) => "p".into(),
            Block::List(items) => format!("list of {}", items.len()),
            Block::Table(header, rows) => format!(
                "table {} × {}, rows of {:?}",
                rows.len(),
                header.len(),
                rows.iter().map(Vec::len).collect::<Vec<_>>()
            ),
        }
    }

    fn code_spans(text: &str) -> Vec<String> {
        let mut all: Vec<String> = spans(text)
            .into_iter()
            .filter(|s| s.code)
            .map(|s| s.text)
            .collect();
        all.sort();
        all
    }

    #[test]
    fn every_translation_has_the_maps_shape_its_anchors_and_its_code() {
        let english = blocks(map_text(Locale::En));
        assert!(english.len() > 20, "{}", english.len());
        for locale in [Locale::Ja, Locale::ZhHans, Locale::ZhHant] {
            let translated = blocks(map_text(locale));
            let shape = |bs: &[Block]| bs.iter().map(kind).collect::<Vec<_>>();
            assert_eq!(shape(&translated), shape(&english), "{locale:?}");
            for (en, tr) in english.iter().zip(&translated) {
                match (en, tr) {
                    (Block::Heading(2, en), Block::Heading(2, tr))
                        if Tutorial::parse(en).is_some() =>
                    {
                        assert_eq!(en, tr, "{locale:?}: a tutorial's heading is its own")
                    }
                    (Block::Paragraph(en), Block::Paragraph(tr)) => {
                        assert_eq!(code_spans(en), code_spans(tr), "{locale:?}: {tr}");
                        // A worked example keeps its number.
                        if let Some(w) = en.strip_prefix("**W").and_then(|r| r.split_once('.')) {
                            assert!(tr.starts_with(&format!("**W{}.", w.0)), "{locale:?}: {tr}");
                        }
                    }
                    (Block::List(en), Block::List(tr)) => {
                        for (en, tr) in en.iter().zip(tr) {
                            assert_eq!(code_spans(en), code_spans(tr), "{locale:?}: {tr}");
                        }
                    }
                    (Block::Table(_, en), Block::Table(_, tr)) => {
                        for (en, tr) in en.iter().zip(tr) {
                            for (en, tr) in en.iter().zip(tr) {
                                assert_eq!(code_spans(en), code_spans(tr), "{locale:?}: {tr}");
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
    }

    #[test]
    fn a_tutorials_section_names_stay_in_its_own_words() {
        let english = blocks(map_text(Locale::En));
        for locale in [Locale::Ja, Locale::ZhHans, Locale::ZhHant] {
            let translated = guide(locale, map_text(Locale::En), map_text(locale));
            let mut tables = 0;
            for b in &translated {
                if let (Block::Table(_, rows), Some(t)) = (&b.block, &b.tutorial) {
                    tables += 1;
                    let en_rows = english.iter().find_map(|e| match e {
                        Block::Table(_, r) if r.len() == rows.len() && r[0][0] == rows[0][0] => {
                            Some(r)
                        }
                        _ => None,
                    });
                    assert!(
                        en_rows.is_some(),
                        "{locale:?} {}: first column changed",
                        t.number
                    );
                }
            }
            assert!(tables > 0, "{locale:?}");
        }
    }

    #[test]
    fn the_guide_links_every_view_and_each_reader_gets_the_tutorials_in_their_language() {
        let en = guide(Locale::En, map_text(Locale::En), map_text(Locale::En));
        let tutorials: std::collections::BTreeSet<String> = en
            .iter()
            .filter_map(|b| b.tutorial.as_ref().map(|t| t.number.clone()))
            .collect();
        assert_eq!(tutorials.len(), 5, "{tutorials:?}");
        // Every view is the answer to at least one tutorial's section.
        for i in 0..panels::PANELS.len() {
            let covered = en
                .iter()
                .any(|b| b.row_panels.iter().any(|r| r.contains(&i)));
            assert!(
                covered,
                "no tutorial section points at {}",
                panels::PANELS[i].id
            );
        }
        for locale in [Locale::Ja, Locale::ZhHans, Locale::ZhHant] {
            let mine = guide(locale, map_text(Locale::En), map_text(locale));
            for b in &mine {
                if let (Block::Table(..), Some(t)) = (&b.block, &b.tutorial) {
                    assert!(
                        t.languages.contains(&locale),
                        "{locale:?} shown {}",
                        t.number
                    );
                }
            }
            // The worked examples and the conventions are there in every language.
            let examples = mine
                .iter()
                .filter(|b| matches!(&b.block, Block::Paragraph(p) if p.starts_with("**W")))
                .count();
            assert_eq!(examples, 14, "{locale:?}");
        }
        let hant = guide(
            Locale::ZhHant,
            map_text(Locale::En),
            map_text(Locale::ZhHant),
        );
        let shown: std::collections::BTreeSet<&str> = hant
            .iter()
            .filter(|b| matches!(b.block, Block::Table(..)))
            .filter_map(|b| b.tutorial.as_ref().map(|t| t.number.as_str()))
            .collect();
        assert_eq!(shown.into_iter().collect::<Vec<_>>(), vec!["003"]);
    }

    #[test]
    fn every_not_in_the_lab_row_gives_its_reason() {
        // A row that says a concept is not in the lab says why: its last
        // cell is more than the phrase itself.
        let mut rows = 0;
        for b in blocks(map_text(Locale::En)) {
            let Block::Table(_, body) = b else { continue };
            for row in body
                .iter()
                .filter(|r| r.iter().any(|c| c.contains("not in the lab")))
            {
                rows += 1;
                let last = row.last().map(String::as_str).unwrap_or("");
                let reason = last
                    .split_once("**not in the lab**")
                    .map_or(last, |(_, after)| after);
                assert!(
                    reason.trim_start_matches([':', ' ', '.']).len() > 20,
                    "{row:?}"
                );
            }
        }
        assert!(rows >= 10, "{rows}");
    }

    #[test]
    fn each_convention_is_found_beside_its_view_in_every_language() {
        for locale in Locale::ALL {
            let (header, rows) = conventions_for(map_text(Locale::En), map_text(locale), "masks")
                .expect("the mask's row");
            assert_eq!(
                header.len(),
                7,
                "{locale:?}: topic, the lab and five tutorials"
            );
            assert_eq!(rows.len(), 1);
            assert!(!topic_without_anchors(&rows[0][0]).contains('#'));
            // The masks row is the one whose 000 cell says True is visible.
            assert!(rows[0][2].contains("True"), "{locale:?}: {:?}", rows[0]);
            let head = conventions_for(map_text(Locale::En), map_text(locale), "inside-head")
                .expect("the head's rows");
            assert!(head.1.len() >= 3, "{locale:?}");
        }
        assert!(
            conventions_for(map_text(Locale::En), map_text(Locale::En), "complexity").is_none()
        );
        assert_eq!(topic_without_anchors("Mask value (`#masks`)"), "Mask value");
    }

    #[test]
    fn a_map_of_another_shape_is_shown_as_far_as_it_agrees() {
        let en = map_text(Locale::En);
        // A truncated or foreign answer: no panic, only the agreeing start.
        let third = en
            .char_indices()
            .nth(en.chars().count() / 3)
            .map_or(0, |(i, _)| i);
        for text in [
            "",
            "garbage",
            "# Title\n\nA paragraph only.\n",
            &en[..third],
        ] {
            let shown = guide(Locale::Ja, en, text);
            assert!(shown.len() < guide(Locale::En, en, en).len(), "{text:.40}");
        }
        assert!(conventions_for(en, "| a |\n|---|\n| b |\n", "masks").is_none());
        let mut maps = Maps::default();
        maps.0.insert(Locale::En, MapLoad::Ready(en.into()));
        assert!(maps.pair(Locale::Ja).is_none(), "both maps are needed");
        maps.0.insert(
            Locale::Ja,
            MapLoad::Failed("tutorial-map.ja.md: HTTP 404".into()),
        );
        assert_eq!(
            maps.failure(Locale::Ja).as_deref(),
            Some("tutorial-map.ja.md: HTTP 404")
        );
        assert!(maps.pair(Locale::En).is_some());
    }

    #[test]
    fn inline_markdown_is_code_strong_and_emphasis_only() {
        let s = spans("**W5. `triu` mask** (000): *To reproduce:* see `#masks`, <b>x</b>");
        let plain: Vec<(&str, bool, bool, bool)> = s
            .iter()
            .map(|s| (s.text.as_str(), s.code, s.strong, s.em))
            .collect();
        assert_eq!(
            plain,
            vec![
                ("W5. ", false, true, false),
                ("triu", true, true, false),
                (" mask", false, true, false),
                (" (000): ", false, false, false),
                ("To reproduce:", false, false, true),
                (" see ", false, false, false),
                ("#masks", true, false, false),
                (", <b>x</b>", false, false, false),
            ]
        );
        assert_eq!(s[6].panel(), panels::index_of("masks"));
        assert_eq!(s[1].panel(), None);
        assert_eq!(cells(r"| a \| b | `c` |"), vec!["a | b", "`c`"]);
        assert_eq!(
            join_lines(&["位置", "編碼 and", "more"]),
            "位置編碼 and more"
        );
        assert_eq!(
            join_lines(&["です。", "d_model は", "x ≈", "√2"]),
            "です。d_model は x ≈ √2"
        );
        assert_eq!(
            blocks("# T\n\nThe rules:\n- one\n  more\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"),
            vec![
                Block::Heading(1, "T".into()),
                Block::Paragraph("The rules:".into()),
                Block::List(vec!["one more".into(), "two".into()]),
                Block::Table(
                    vec!["a".into(), "b".into()],
                    vec![vec!["1".into(), "2".into()]]
                ),
            ]
        );
    }
}
