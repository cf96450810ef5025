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

mod lang;
pub use lang::{own_lang, script_lang};

/// The heading of the English map's last section, which the guide and the
/// translations leave out: the glossaries' terms, checked by
/// `i18n::terms`, for translators rather than readers.
pub(crate) const TERMS_HEADING: &str = "## Terms as the tutorials write them";

/// Where the page fetches the map in `locale`, relative to the page.
pub fn map_url(locale: Locale) -> &'static str {
    match locale {
        Locale::En => "tutorial-map.md",
        Locale::Ja => "tutorial-map.ja.md",
        Locale::ZhHans => "tutorial-map.zh-Hans.md",
        Locale::ZhHant => "tutorial-map.zh-Hant.md",
    }
}

/// The most bytes a map may have: about twenty times the largest committed
/// one (45 KB). A larger answer is not the map, and is refused.
pub const MAX_MAP_BYTES: usize = 1 << 20;

/// A map as the guide shows it: all but the terms section.
/// The guide part of a fetched map, or why the text is not a map: a server
/// may answer a missing file with a page of its own (HTML) rather than a
/// 404. A map opens with its `# ` title and holds tables.
pub fn read_map<'a>(url: &str, text: &'a str) -> Result<&'a str, String> {
    let title = text.trim_start().starts_with("# ");
    let tables = text.lines().any(|l| l.starts_with('|'));
    if title && tables {
        Ok(guide_part(text))
    } else {
        Err(format!("{url}: not a Markdown map"))
    }
}

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
        Locale::En => include_str!("../../../docs/tutorial-map.md"),
        Locale::Ja => include_str!("../../../docs/tutorial-map.ja.md"),
        Locale::ZhHans => include_str!("../../../docs/tutorial-map.zh-Hans.md"),
        Locale::ZhHant => include_str!("../../../docs/tutorial-map.zh-Hant.md"),
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

/// CJK characters (kana, ideographs) and their full-width punctuation.
pub(crate) fn is_cjk(c: char) -> bool {
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

/// The column of a tutorial's table that names the views of a section.
pub const VIEWS_COLUMN: usize = 2;

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
                .map(|row| {
                    row.get(VIEWS_COLUMN)
                        .map_or(vec![], |cell| panels_of(cell, &names))
                })
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
mod tests;
