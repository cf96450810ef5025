//! The guide's data against the committed maps: every translation has the
//! English map's shape, and the guide and the conventions read them right.

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
                (Block::Heading(2, en), Block::Heading(2, tr)) if Tutorial::parse(en).is_some() => {
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
                // Every section's name, row by row, as the English map has it.
                let first = |rows: &[Vec<String>]| -> Vec<String> {
                    rows.iter().map(|r| r[0].clone()).collect()
                };
                let same = english
                    .iter()
                    .any(|e| matches!(e, Block::Table(_, r) if first(r) == first(rows)));
                assert!(same, "{locale:?} {}: first column changed", t.number);
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
    assert!(conventions_for(map_text(Locale::En), map_text(Locale::En), "complexity").is_none());
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
        let whole = guide(Locale::Ja, en, map_text(Locale::Ja));
        let shown = guide(Locale::Ja, en, text);
        assert!(shown.len() < whole.len(), "{text:.40}");
    }
    // A truncated map shows the start of the whole guide (its last block
    // may be cut short).
    let ja = map_text(Locale::Ja);
    let third = ja
        .char_indices()
        .nth(ja.chars().count() / 3)
        .map_or(0, |(i, _)| i);
    let whole = guide(Locale::Ja, en, ja);
    let shown = guide(Locale::Ja, en, &ja[..third]);
    assert!(shown.len() > 3 && shown.len() < whole.len());
    let complete = shown.len() - 1;
    assert_eq!(&shown[..complete], &whole[..complete]);
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

#[test]
fn a_page_served_instead_of_a_map_is_not_read_as_one() {
    let html = "<!DOCTYPE html>\n<html><body>| not | a map |</body></html>";
    let why = read_map("tutorial-map.ja.md", html).unwrap_err();
    assert_eq!(why, "tutorial-map.ja.md: not a Markdown map");
    assert!(read_map("tutorial-map.md", "# Title, but no table\n").is_err());
    let map = map_text(Locale::Ja);
    assert_eq!(read_map("tutorial-map.ja.md", map), Ok(map));
}

#[test]
fn a_tutorials_own_words_are_tagged_in_the_language_they_are_written_in() {
    // 000 is Japanese and Simplified Chinese by turns: each section's name
    // as the tutorial writes it, in its language.
    let written = [
        ("前書き", Locale::Ja),
        ("全体アーキテクチャ", Locale::Ja),
        ("Attention / Attention とは", Locale::Ja),
        ("残差连接", Locale::ZhHans),
        ("位置エンコーディング（Positional Encoding）", Locale::Ja),
        ("最終的なモデル", Locale::Ja),
        ("学習 / Training Loop", Locale::Ja),
        ("最適化器", Locale::Ja),
        ("正則化", Locale::Ja),
        ("まとめ（長所 / 短所）", Locale::Ja),
    ];
    // Every reader who is shown 000's sections: Simplified Chinese (whose
    // guide once tagged 000's Japanese as Chinese), Japanese and English.
    for locale in [Locale::ZhHans, Locale::Ja, Locale::En] {
        let shown = guide(locale, map_text(Locale::En), map_text(locale));
        let (t, rows) = shown
            .iter()
            .find_map(|b| match (&b.block, &b.tutorial) {
                (Block::Table(_, rows), Some(t)) if t.number == "000" => Some((t, rows)),
                _ => None,
            })
            .expect("000's sections");
        assert_eq!(t.languages, vec![Locale::Ja, Locale::ZhHans]);
        assert_eq!(
            own_lang(Some(t), &t.title, locale),
            Locale::Ja,
            "{}",
            t.title
        );
        let names: Vec<&str> = rows.iter().map(|r| r[0].as_str()).collect();
        for (name, lang) in written {
            assert!(names.contains(&name), "{locale:?}: no section {name}");
            assert_eq!(own_lang(Some(t), name, locale), lang, "{locale:?}: {name}");
        }
        // A name in CJK characters is told by its script, never by the
        // reader's language: a new section whose characters the lists do
        // not know fails here.
        for name in names.iter().filter(|n| n.chars().any(is_cjk)) {
            assert!(script_lang(name).is_some(), "{locale:?}: {name}");
        }
        // English words say nothing: the reader's language if 000 is in it,
        // else its first.
        let latin = if locale == Locale::En {
            Locale::Ja
        } else {
            locale
        };
        assert_eq!(own_lang(Some(t), "Encoder", locale), latin);
    }
    // A tutorial in one language is in it, whatever its characters.
    let en = guide(Locale::En, map_text(Locale::En), map_text(Locale::En));
    for b in &en {
        let Some(t) = b.tutorial.as_ref().filter(|t| t.languages.len() == 1) else {
            continue;
        };
        for locale in Locale::ALL {
            assert_eq!(own_lang(Some(t), "学習 残差连接", locale), t.languages[0]);
        }
    }
    assert_eq!(own_lang(None, "前書き", Locale::ZhHant), Locale::ZhHant);
    assert_eq!(script_lang("Self-Attention"), None);
    assert_eq!(script_lang("注意力"), None, "both languages write it");
}
