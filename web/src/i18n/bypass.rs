//! Messages name the glossary's terms by reference (`{ -score }`), never by
//! spelling them out, so that a term the glossary changes changes everywhere
//! and no other word for it slips in. For Japanese and Chinese, the text of
//! every message (outside its placeables, comments and term references) must
//! not contain the value of a glossary term of two or more characters with
//! Japanese or Chinese characters in it, nor a word of [`BYPASSES`] that stands
//! for a term. A spelling that is another word is allowed where [`ALLOWED`]
//! says so and why; a value that is an everyday word is not looked for where
//! [`EVERYDAY`] says why.

use super::terms::{glossary, glossary_terms};
use super::{sources, Locale, AREAS};
use crate::guide::is_cjk;
use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};
use fluent_syntax::parser;

/// The languages whose messages are scanned.
const SCANNED: [Locale; 3] = [Locale::Ja, Locale::ZhHans, Locale::ZhHant];

/// Words that stand for a glossary term without being its value: (language,
/// word, the term to write instead).
const BYPASSES: &[(Locale, &str, &str)] = &[
    (Locale::ZhHans, "嵌入", "embedding"),
    // The glossary's value today: kept, so that a new value does not let it back in.
    (Locale::ZhHant, "嵌入", "embedding"),
    (Locale::ZhHans, "分数", "score"),
    (Locale::ZhHant, "分數", "score"),
    // zh-Hans writes 词表; the zh-Hant glossary's word is 詞彙表.
    (Locale::ZhHant, "詞表", "vocabulary"),
    // スケール化, スケール済み, スケールしない: 000 and 004 write スケーリング.
    (Locale::Ja, "スケール", "scaling"),
    // 射影: the ja glossary and 002 write 線形変換.
    (Locale::Ja, "射影", "projection"),
];

/// Glossary values that are also everyday words, not looked for: (language,
/// term id, its value, why). An entry whose term has another value fails.
const EVERYDAY: &[(Locale, &str, &str, &str)] = &[(
    Locale::ZhHant,
    "held-out",
    "保留",
    "保留 is also the everyday verb keep (保留兩位小數, 保留這次訓練)",
)];

/// Any message, in [`ALLOWED`].
const ANY: &str = "*";

/// Spellings that are another word, allowed: (language, message id or
/// [`ANY`], the text, why). An entry that no longer matches anything fails.
const ALLOWED: &[(Locale, &str, &str, &str)] = &[
    (Locale::Ja, ANY, "埋め込みコード", EMBED),
    (Locale::Ja, ANY, "埋め込み枠", EMBED),
    (Locale::ZhHans, ANY, "嵌入代码", EMBED),
    (Locale::ZhHans, ANY, "嵌入框架", EMBED),
    (
        Locale::ZhHans,
        "runs-error-unavailable-embedded",
        "嵌入的视图",
        EMBED,
    ),
    (Locale::ZhHant, ANY, "嵌入程式碼", EMBED),
    (Locale::ZhHant, ANY, "嵌入框架", EMBED),
    (
        Locale::ZhHant,
        "runs-error-unavailable-embedded",
        "嵌入的檢視",
        EMBED,
    ),
    (Locale::Ja, ANY, "キー一覧", KEYBOARD),
    (Locale::Ja, ANY, "キーボード", KEYBOARD),
    (Locale::Ja, "translate-beam-how", "スコア", BEAM_SCORE),
    (Locale::Ja, "translate-beam-score", "スコア", BEAM_SCORE),
    (
        Locale::Ja,
        "translate-beam-finished-so-far",
        "スコア",
        BEAM_SCORE,
    ),
    (Locale::ZhHans, "translate-beam-how", "分数", BEAM_SCORE),
    (Locale::ZhHans, "translate-beam-score", "分数", BEAM_SCORE),
    (
        Locale::ZhHans,
        "translate-beam-finished-so-far",
        "分数",
        BEAM_SCORE,
    ),
    (Locale::ZhHant, "translate-beam-how", "分數", BEAM_SCORE),
    (Locale::ZhHant, "translate-beam-score", "分數", BEAM_SCORE),
    (
        Locale::ZhHant,
        "translate-beam-finished-so-far",
        "分數",
        BEAM_SCORE,
    ),
    (
        Locale::ZhHans,
        "common-link-problems",
        "部分值",
        "部分 (some) + 值 (values) of the link, not 分值",
    ),
    (
        Locale::ZhHant,
        ANY,
        "投影片",
        "slides (a slideshow), not a projection",
    ),
];

const EMBED: &str = "embedding a view in another page (an <iframe>), not a model's embedding";
const KEYBOARD: &str = "the keyboard's keys, not attention keys";
const BEAM_SCORE: &str = "beam search's score log P / lp(Y), not a q·k score";

/// Where a spelled-out word can be reported: the message and its file.
pub(super) struct Message {
    pub(super) area: &'static str,
    pub(super) id: String,
    /// The message's text (value, attributes and select variants), its
    /// placeables and term references each replaced by a line break.
    pub(super) text: String,
}

/// The text of `pattern`, each placeable a line break (see [`placeable_text`]).
fn pattern_text(pattern: &Pattern<&str>, out: &mut String) {
    for element in &pattern.elements {
        match element {
            PatternElement::TextElement { value } => out.push_str(value),
            PatternElement::Placeable { expression } => placeable_text(expression, out),
        }
    }
}

/// A placeable's text: a line break in place of a variable or a term
/// reference, and the text of each variant of a select (message text too).
fn placeable_text(expression: &Expression<&str>, out: &mut String) {
    out.push('\n');
    match expression {
        Expression::Select { variants, .. } => {
            for variant in variants {
                pattern_text(&variant.value, out);
                out.push('\n');
            }
        }
        Expression::Inline(InlineExpression::Placeable { expression }) => {
            placeable_text(expression, out)
        }
        Expression::Inline(_) => {}
    }
}

/// The messages of `files` (area, text).
pub(super) fn messages(files: &[(&'static str, &str)]) -> Vec<Message> {
    let mut out = vec![];
    for &(area, source) in files {
        let resource = parser::parse(source).unwrap_or_else(|(resource, _)| resource);
        for entry in resource.body {
            let Entry::Message(message) = entry else {
                continue;
            };
            let mut text = String::new();
            if let Some(value) = &message.value {
                pattern_text(value, &mut text);
            }
            for attribute in &message.attributes {
                text.push('\n');
                pattern_text(&attribute.value, &mut text);
            }
            out.push(Message {
                area,
                id: message.id.name.to_string(),
                text,
            });
        }
    }
    out
}

/// Every place where a message of `files` (in `locale`, whose glossary is
/// `glossary`) spells a term out, and every entry of the lists above for
/// `locale` that no longer applies.
fn spelled_out(locale: Locale, glossary: &str, files: &[(&'static str, &str)]) -> Vec<String> {
    let code = locale.code();
    let terms = glossary_terms(glossary);
    let mut problems = vec![];
    let mut words: Vec<(&str, &str)> = vec![]; // (word, term id)
    for &(id, value) in &terms {
        let everyday = EVERYDAY
            .iter()
            .any(|&(l, everyday, _, _)| l == locale && everyday == id);
        if value.chars().count() >= 2 && value.chars().any(is_cjk) && !everyday {
            words.push((value, id));
        }
    }
    for &(l, word, id) in BYPASSES {
        if l == locale {
            words.push((word, id));
        }
    }
    for &(l, id, value, _) in EVERYDAY {
        if l == locale && !terms.contains(&(id, value)) {
            problems.push(format!(
                "{code}: EVERYDAY skips -{id} = {value}, which the glossary no longer defines"
            ));
        }
    }
    let allowed: Vec<_> = ALLOWED.iter().filter(|a| a.0 == locale).collect();
    let mut used = vec![false; allowed.len()];
    for message in messages(files) {
        let mut text = message.text.clone();
        for (n, &&(_, id, allowed_text, _)) in allowed.iter().enumerate() {
            if (id == ANY || id == message.id) && text.contains(allowed_text) {
                text = text.replace(allowed_text, "\n");
                used[n] = true;
            }
        }
        for &(word, id) in &words {
            if text.contains(word) {
                problems.push(format!(
                    "{code}/{}.ftl: {} spells {word}; write {{ -{id} }}, or say in ALLOWED why it is another word",
                    message.area, message.id
                ));
            }
        }
    }
    for (&&(_, id, text, _), used) in allowed.iter().zip(used) {
        if !used {
            problems.push(format!(
                "{code}: ALLOWED has {text:?} in {id}, which no message has any more"
            ));
        }
    }
    problems
}

/// The message files of `locale` (area, text), without the glossary.
fn message_files(locale: Locale) -> Vec<(&'static str, &'static str)> {
    AREAS
        .iter()
        .copied()
        .zip(sources(locale).iter().copied())
        .filter(|&(area, _)| area != "glossary")
        .collect()
}

#[test]
fn messages_refer_to_the_glossarys_terms_instead_of_spelling_them() {
    let mut problems = vec![];
    for locale in SCANNED {
        problems.extend(spelled_out(
            locale,
            glossary(locale),
            &message_files(locale),
        ));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// `files` with `old` replaced by `new` in the file of `area` (which must have it).
fn edited(
    files: &[(&'static str, &'static str)],
    area: &str,
    old: &str,
    new: &str,
) -> Vec<(&'static str, String)> {
    files
        .iter()
        .map(|&(a, source)| {
            if a == area {
                assert!(
                    source.contains(old),
                    "{area}.ftl no longer has {old:?}; pick another"
                );
                (a, source.replace(old, new))
            } else {
                (a, source.to_string())
            }
        })
        .collect()
}

fn found(locale: Locale, files: &[(&'static str, String)]) -> Vec<String> {
    let files: Vec<(&'static str, &str)> = files.iter().map(|(a, s)| (*a, s.as_str())).collect();
    spelled_out(locale, glossary(locale), &files)
}

#[test]
fn a_spelled_out_term_or_a_bypassing_word_fails() {
    let zh_hans = message_files(Locale::ZhHans);
    assert!(spelled_out(Locale::ZhHans, glossary(Locale::ZhHans), &zh_hans).is_empty());

    // The glossary's value itself (分值 is -score in zh-Hans).
    let spelled = edited(
        &zh_hans,
        "common",
        "{ -score }在 { -softmax }",
        "分值在 { -softmax }",
    );
    let problems = found(Locale::ZhHans, &spelled);
    assert!(
        problems
            .iter()
            .any(|p| p.contains("common-conventions-mask spells 分值")),
        "{problems:?}"
    );

    // A word that stands for a term: 嵌入 for -embedding, スケール化 for -scaling.
    let bypassed = edited(
        &zh_hans,
        "pe",
        "pe-input-embedding = { -embedding } e",
        "pe-input-embedding = 嵌入行 e",
    );
    let problems = found(Locale::ZhHans, &bypassed);
    assert!(
        problems
            .iter()
            .any(|p| p.contains("pe-input-embedding spells 嵌入; write { -embedding }")),
        "{problems:?}"
    );
    let ja = message_files(Locale::Ja);
    let bypassed = edited(&ja, "formula", "{ -scaling }された内積", "スケール化内積");
    let problems = found(Locale::Ja, &bypassed);
    assert!(
        problems
            .iter()
            .any(|p| p.contains("formula-attention spells スケール")),
        "{problems:?}"
    );

    // Allowed in one message is not allowed in another: the beam's 分数 is not a q·k score.
    let moved = edited(
        &zh_hans,
        "common",
        "{ -score }在 { -softmax }",
        "分数在 { -softmax }",
    );
    let problems = found(Locale::ZhHans, &moved);
    assert!(
        problems
            .iter()
            .any(|p| p.contains("common-conventions-mask spells 分数")),
        "{problems:?}"
    );

    // A select's variants are message text.
    let variant = edited(&zh_hans, "practice", "[on] 开启", "[on] 开启嵌入");
    let problems = found(Locale::ZhHans, &variant);
    assert!(
        problems
            .iter()
            .any(|p| p.contains("practice-same-vector spells 嵌入")),
        "{problems:?}"
    );

    // Comments and placeables are not message text.
    let commented = edited(
        &zh_hans,
        "common",
        "common-conventions-mask =",
        "# 分值 嵌入\ncommon-conventions-mask =",
    );
    assert!(found(Locale::ZhHans, &commented).is_empty());

    // An allowance that nothing needs any more fails.
    let gone = edited(&zh_hans, "common", "部分值", "一些值");
    let problems = found(Locale::ZhHans, &gone);
    assert!(
        problems
            .iter()
            .any(|p| p.contains("ALLOWED has \"部分值\"")),
        "{problems:?}"
    );
}
