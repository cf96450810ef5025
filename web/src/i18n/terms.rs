//! The glossaries keep the tutorials' words: each glossary term that has a row
//! in the tutorial map's terms table (`docs/tutorial-map.md`, "Terms as the
//! tutorials write them") is spelled there, in the column of its language, as
//! one of the ways the tutorials of that language write it, whole (not a part
//! of a longer word); or the glossary says why it differs, in a
//! `# kept: <reason>` line directly above the term. Every glossary term is
//! either checked so ([`TERMS`]) or says why it has no row (`glossary_rows::NO_ROW`).

use super::{sources, Locale, AREAS};
use crate::guide::{blocks, Block, TERMS_HEADING};

/// The tutorial map, whose terms table lists each term as the tutorials write it.
pub(super) const MAP: &str = include_str!("../../../docs/tutorial-map.md");

/// The header of the terms table's first column, which names the lab's concept.
const LAB_TERM_COLUMN: &str = "Lab term";

/// A cell saying that no tutorial in that language uses the term.
const NOT_USED: &str = "—";

/// The comment above a glossary term that differs from the tutorials on purpose.
const KEPT: &str = "# kept:";

/// The languages that have tutorials; each is a column of the terms table.
const TUTORIAL_LOCALES: [Locale; 3] = [Locale::Ja, Locale::ZhHans, Locale::ZhHant];

/// Each glossary term that has a row in the terms table: (the row's "Lab term"
/// cell, the term's id without its leading `-`).
pub(super) const TERMS: &[(&str, &str)] = &[
    ("attention", "attention"),
    ("attention weights / distribution", "attention-weights"),
    ("scores (q·k)", "score"),
    ("scaling ÷√d_k", "scaling"),
    ("query / key / value", "query"),
    ("query / key / value", "key"),
    ("query / key / value", "value"),
    ("projection W^Q, W^K, W^V", "projection"),
    ("multi-head attention / heads", "multi-head"),
    ("multi-head attention / heads", "head"),
    ("self-attention", "self-attention"),
    ("cross-attention (source–target)", "cross-attention"),
    ("mask", "mask"),
    ("causal (subsequent) mask", "causal-mask"),
    ("padding / padding mask", "padding-mask"),
    ("positional encoding", "positional-encoding"),
    ("token", "token"),
    ("embedding", "embedding"),
    ("residual connection", "residual"),
    ("layer normalisation", "layer-norm"),
    ("pre-norm / post-norm", "pre-norm"),
    ("pre-norm / post-norm", "post-norm"),
    ("feed-forward (FFN)", "ffn"),
    ("encoder / decoder", "encoder"),
    ("encoder / decoder", "decoder"),
    (HARD_SOFT_ROW, "hard-attention"),
    (HARD_SOFT_ROW, "soft-attention"),
    (HARD_SOFT_ROW, "inverse-temperature"),
    ("label smoothing", "label-smoothing"),
    ("KL divergence", "kl"),
    ("learning rate / warm-up", "learning-rate"),
    ("learning rate / warm-up", "warmup"),
    ("optimizer", "optimizer"),
    ("dropout", "dropout"),
    ("greedy decoding", "greedy"),
    ("KV cache", "kv-cache"),
    ("BLEU", "bleu"),
    (COMPLEXITY_ROW, "complexity"),
    (COMPLEXITY_ROW, "sequential-ops"),
    (COMPLEXITY_ROW, "max-path"),
    (COMPLEXITY_ROW, "restricted"),
];

/// The row of hard and soft attention, and of β.
const HARD_SOFT_ROW: &str = "hard / soft attention; inverse temperature β";

/// The row of Table 1's column names.
const COMPLEXITY_ROW: &str =
    "per-layer complexity / sequential operations / max path length / restricted self-attention";

/// The glossary of `locale`, as compiled into the page.
pub(super) fn glossary(locale: Locale) -> &'static str {
    AREAS
        .iter()
        .zip(sources(locale))
        .find_map(|(area, source)| (*area == "glossary").then_some(*source))
        .expect("every locale has a glossary")
}

/// The terms `source` defines, each `-id = value` line as `(id, value)`:
/// the id without its leading `-`, both trimmed.
pub(super) fn glossary_terms(source: &str) -> Vec<(&str, &str)> {
    source
        .lines()
        .filter_map(|line| {
            let (id, value) = line.strip_prefix('-')?.split_once(" =")?;
            Some((id.trim(), value.trim()))
        })
        .collect()
}

/// The map's terms table as cells, the header first (read by the guide's
/// own Markdown reader: the first table under [`TERMS_HEADING`]).
pub(super) fn terms_table(map: &str) -> Vec<Vec<String>> {
    let heading = TERMS_HEADING.trim_start_matches('#').trim();
    let blocks = blocks(map);
    let under = blocks
        .iter()
        .position(|b| matches!(b, Block::Heading(2, text) if text == heading));
    let table = under.and_then(|at| {
        blocks[at + 1..].iter().find_map(|b| match b {
            Block::Table(header, rows) => Some((header, rows)),
            _ => None,
        })
    });
    table.map_or(vec![], |(header, rows)| {
        std::iter::once(header.clone())
            .chain(rows.iter().cloned())
            .collect()
    })
}

/// Whether a header cell is the column of `locale`: its code, alone or
/// followed by the tutorials it comes from ("ja (000 ja parts, 002, 004)").
fn is_column_of(header: &str, locale: Locale) -> bool {
    header
        .strip_prefix(locale.code())
        .is_some_and(|rest| rest.is_empty() || rest.starts_with(' '))
}

/// The ways a cell of the terms table writes a term, each whole: the cell's
/// parts between the separators the table uses (`,` `;` `/` `，` `；`), without
/// the notes in parentheses that name the tutorials ("(000)", "(002 code)",
/// "(000, link title)", "(000's comments call it …)"). A gloss in parentheses
/// is a way of its own ("Attention（注意機構）(000)" writes "Attention" and
/// "注意機構"), and so is each part of a pair ("クエリ / キー / バリュー").
pub(super) fn alternatives(cell: &str) -> Vec<String> {
    let mut outside = String::new();
    let mut glosses = vec![];
    let mut rest = cell;
    while let Some(open) = rest.find(['(', '（']) {
        outside.push_str(&rest[..open]);
        let close = if rest[open..].starts_with('(') {
            ')'
        } else {
            '）'
        };
        let inner_start = open + rest[open..].chars().next().map_or(1, char::len_utf8);
        let Some(length) = rest[inner_start..].find(close) else {
            rest = &rest[open..];
            break;
        };
        let inner = &rest[inner_start..inner_start + length];
        if !inner.starts_with(|c: char| c.is_ascii_digit()) {
            glosses.push(inner);
        }
        rest = &rest[inner_start + length + close.len_utf8()..];
    }
    outside.push_str(rest);
    std::iter::once(outside.as_str())
        .chain(glosses)
        .flat_map(|part| part.split([',', ';', '/', '，', '；']))
        .map(str::trim)
        .filter(|way| !way.is_empty())
        .map(String::from)
        .collect()
}

/// A glossary term's value, and whether a `# kept:` line with a reason stands
/// directly above it; `None` if the glossary does not define the term.
pub(super) fn glossary_entry<'a>(source: &'a str, id: &str) -> Option<(&'a str, bool)> {
    let definition = format!("-{id} =");
    let mut previous = "";
    for line in source.lines() {
        if let Some(value) = line.strip_prefix(definition.as_str()) {
            let kept = previous
                .trim_start()
                .strip_prefix(KEPT)
                .is_some_and(|reason| !reason.trim().is_empty());
            return Some((value.trim(), kept));
        }
        previous = line;
    }
    None
}

/// Every term of [`TERMS`] whose value in `source`, a glossary of `locale`,
/// is not in its row's cell for `locale` and does not say why; also every
/// row, column or term that is missing.
fn differences(map: &str, locale: Locale, source: &str) -> Vec<String> {
    let table = terms_table(map);
    let Some((header, rows)) = table.split_first() else {
        return vec![format!("the map has no table under {TERMS_HEADING:?}")];
    };
    if header.first().map(String::as_str) != Some(LAB_TERM_COLUMN) {
        return vec![format!(
            "the map's terms table starts with {:?}, not {LAB_TERM_COLUMN:?}",
            header.first()
        )];
    }
    let Some(column) = header.iter().position(|h| is_column_of(h, locale)) else {
        return vec![format!(
            "the map's terms table has no {} column",
            locale.code()
        )];
    };
    let mut problems = vec![];
    for &(row_term, id) in TERMS {
        let Some(row) = rows
            .iter()
            .find(|row| row.first().map(String::as_str) == Some(row_term))
        else {
            problems.push(format!("the map's terms table has no row {row_term:?}"));
            continue;
        };
        let Some(cell) = row.get(column).map(String::as_str) else {
            problems.push(format!(
                "the map's row {row_term:?} has no {} cell",
                locale.code()
            ));
            continue;
        };
        let Some((value, kept)) = glossary_entry(source, id) else {
            problems.push(format!("{}/glossary.ftl has no term -{id}", locale.code()));
            continue;
        };
        let as_written = alternatives(cell).iter().any(|way| way == value);
        if cell == NOT_USED || as_written || kept {
            continue;
        }
        problems.push(format!(
            "{}: -{id} = {value}, but the tutorials write {row_term:?} as {cell:?}: \
             use their word, or say why in a `{KEPT} <reason>` line above the term",
            locale.code()
        ));
    }
    problems
}

#[test]
fn every_glossary_term_is_the_tutorials_or_says_why() {
    let mut problems = vec![];
    for locale in TUTORIAL_LOCALES {
        problems.extend(differences(MAP, locale, glossary(locale)));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Whether any of `problems` is about the glossary term `-id`.
fn mentions(problems: &[String], id: &str) -> bool {
    let definition = format!("-{id} =");
    problems.iter().any(|p| p.contains(&definition))
}

#[test]
fn a_term_the_tutorials_do_not_write_fails_until_it_says_why() {
    let ours = "-scaling = 縮放";
    let renamed = "-scaling = 比例調整";
    let source = glossary(Locale::ZhHant);
    assert!(
        source.contains(ours),
        "zh-Hant/glossary.ftl no longer has {ours}; pick another term for this test"
    );

    let changed = source.replace(ours, renamed);
    let found = differences(MAP, Locale::ZhHant, &changed);
    assert!(mentions(&found, "scaling"), "{found:?}");

    let without_reason = changed.replace(renamed, &format!("{KEPT}\n{renamed}"));
    let found = differences(MAP, Locale::ZhHant, &without_reason);
    assert!(
        mentions(&found, "scaling"),
        "a `# kept:` with no reason: {found:?}"
    );

    let explained = changed.replace(renamed, &format!("{KEPT} a reason\n{renamed}"));
    let found = differences(MAP, Locale::ZhHant, &explained);
    assert!(!mentions(&found, "scaling"), "{found:?}");
}

/// A message named like a term (`layer-norm` beside `-layer-norm`) is
/// dropped by the Fluent bundle, which keeps one entry per name, and the page
/// would show its id; every name is either a message or a term.
#[test]
fn no_message_is_named_like_a_term() {
    for locale in Locale::ALL {
        let files = sources(locale);
        let terms: Vec<&str> = files
            .iter()
            .flat_map(|source| glossary_terms(source))
            .map(|(id, _)| id)
            .collect();
        let clashes: Vec<&str> = files
            .iter()
            .flat_map(|source| source.lines())
            .filter_map(|line| line.split_once(" = ").map(|(id, _)| id.trim()))
            .filter(|id| !id.starts_with(['#', '-']) && terms.contains(id))
            .collect();
        assert!(clashes.is_empty(), "{locale:?}: {clashes:?}");
    }
}

#[test]
fn a_term_inside_a_longer_word_of_the_tutorials_fails() {
    assert_eq!(
        alternatives("Attention（注意機構）(000); attention (004)"),
        ["Attention", "attention", "注意機構"]
    );
    assert_eq!(
        alternatives("クエリ / キー / バリュー (002, 004)"),
        ["クエリ", "キー", "バリュー"]
    );
    assert_eq!(
        alternatives("(000's comments call it 采样; do not copy this)"),
        [""; 0]
    );

    // 000 writes 前馈神经网络层; 前馈神经网络, a part of it, is not its word.
    let ours = "-ffn = 前馈神经网络层";
    let part = "-ffn = 前馈神经网络";
    let source = glossary(Locale::ZhHans);
    assert!(
        source.contains(ours),
        "zh-Hans/glossary.ftl no longer has {ours}; pick another term for this test"
    );
    let found = differences(MAP, Locale::ZhHans, &source.replace(ours, part));
    assert!(mentions(&found, "ffn"), "{found:?}");

    // 003 writes 多頭注意力機制, never 頭 alone: -head = 頭 passes only by its reason.
    let source = glossary(Locale::ZhHant);
    let head = source
        .find("\n-head = 頭\n")
        .expect("zh-Hant/glossary.ftl has -head = 頭");
    let reason_start = source[..head].rfind('\n').map_or(0, |at| at + 1);
    assert!(
        source[reason_start..head].starts_with(KEPT),
        "no `# kept:` above -head"
    );
    let without_reason = format!("{}{}", &source[..reason_start], &source[head + 1..]);
    let found = differences(MAP, Locale::ZhHant, &without_reason);
    assert!(mentions(&found, "head"), "{found:?}");
    assert!(differences(MAP, Locale::ZhHant, source).is_empty());
}
