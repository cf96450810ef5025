use super::*;
use crate::views::architecture::data::{figure, Sentence};
use lab_protocol::{NormPlacement, Settings};
use lab_tasks::TaskKind;

const SENTENCE: Sentence = Sentence {
    src_len: 5,
    tgt_len: 4,
    src_vocab: 40,
    tgt_vocab: 30,
};

/// Every box's words: its name as its label, so the test can find it.
fn words(boxes: &[&FigureBox]) -> Vec<Words> {
    boxes
        .iter()
        .map(|b| Words {
            name: Some(b.part.name()),
            part: Some(b.part),
            label: format!("label of {}", b.part.name()),
            shape: super::super::data::shape_text(&b.shape),
            tokens: match b.part {
                Part::Tokens(Stack::Encoder) => vec!["the".into(), "<dog>".into()],
                Part::Tokens(Stack::Decoder) => vec!["<bos>".into(), "犬".into()],
                _ => vec![],
            },
        })
        .collect()
}

fn svg_of(settings: &Settings) -> (String, Vec<&'static str>) {
    let boxes = figure(settings, SENTENCE);
    let [et, el, ef] = split(&boxes, Stack::Encoder, 0).map(|b| words(&b));
    let [dt, dl, df] = split(&boxes, Stack::Decoder, 0).map(|b| words(&b));
    let mut et = et;
    et.push(Words {
        name: None,
        part: None,
        label: "Output of the encoder → K, V".into(),
        shape: "[5 × 32]".into(),
        tokens: vec![],
    });
    let drawn: Vec<&'static str> = [&et, &el, &ef, &dt, &dl, &df]
        .iter()
        .flat_map(|w| w.iter().filter_map(|w| w.name))
        .collect();
    let stacks = Stacks {
        title: "The Transformer & its \"Figure 1\"".into(),
        names: ["encoder".into(), "decoder".into()],
        times: "2×".into(),
        parts: [[&et, &el, &ef], [&dt, &dl, &df]],
    };
    (layout(&stacks).svg(), drawn)
}

#[test]
fn the_svg_parses_and_names_every_box_with_its_words_and_the_probes_tokens() {
    for norm in [NormPlacement::Post, NormPlacement::Pre] {
        let settings = Settings {
            norm,
            ..Settings::toy(TaskKind::DEFAULT)
        };
        let (svg, drawn) = svg_of(&settings);
        let doc = roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{e}\n{svg}"));
        let groups: Vec<roxmltree::Node> =
            doc.descendants().filter(|n| n.has_tag_name("g")).collect();
        // Drawn top-down, as the page lays them out; one group per box.
        let mut named: Vec<&str> = groups
            .iter()
            .filter_map(|g| g.attribute("data-box"))
            .collect();
        let mut drawn = drawn;
        named.sort_unstable();
        drawn.sort_unstable();
        assert_eq!(named, drawn, "{norm:?}: one group per box");
        for g in &groups {
            let name = g.attribute("data-box").expect("named");
            let text: String = g
                .descendants()
                .filter(|n| n.is_text())
                .filter_map(|n| n.text())
                .collect::<Vec<_>>()
                .join(" ");
            assert!(text.contains("label of"), "{name}: {text}");
            assert!(text.contains(name), "{name}: {text}");
            assert!(text.contains('['), "{name} has its shape: {text}");
        }
        // The whole paper's path: inputs to output probabilities, and every
        // sub-layer of a layer of each stack.
        for name in [
            "inputs",
            "pe",
            "enc-self-attention",
            "enc-feed-forward",
            "outputs",
            "dec-self-attention",
            "dec-cross-attention",
            "dec-feed-forward",
            "linear",
            "softmax",
        ] {
            assert!(drawn.contains(&name), "{norm:?}: {name}");
        }
        let all_text: String = doc.descendants().filter_map(|n| n.text()).collect();
        for token in [
            "the",
            "<dog>",
            "<bos>",
            "犬",
            "2×",
            "Figure 1",
            "Output of the encoder",
        ] {
            assert!(all_text.contains(token), "{token} in {all_text}");
        }
        assert_eq!(
            doc.descendants()
                .filter(|n| n.has_tag_name("polyline"))
                .count(),
            1,
            "the wire from the encoder's output"
        );
    }
}

/// The rectangle (x, y, width, height) of the SVG's box named `name`.
fn rect_of(doc: &roxmltree::Document, name: &str) -> (f64, f64, f64, f64) {
    let g = doc
        .descendants()
        .find(|n| n.attribute("data-box") == Some(name))
        .unwrap_or_else(|| panic!("{name}"));
    let r = g
        .children()
        .find(|n| n.has_tag_name("rect"))
        .expect("a rect");
    let at = |a: &str| r.attribute(a).and_then(|v| v.parse::<f64>().ok()).expect(a);
    (at("x"), at("y"), at("width"), at("height"))
}

#[test]
fn the_wire_runs_from_the_encoders_output_to_the_cross_attention_box() {
    let settings = Settings::toy(TaskKind::DEFAULT);
    let (svg, _) = svg_of(&settings);
    let doc = roxmltree::Document::parse(&svg).expect("well-formed");
    let rect = |name: &str| rect_of(&doc, name);
    let points: Vec<(f64, f64)> = doc
        .descendants()
        .find(|n| n.has_tag_name("polyline"))
        .and_then(|n| n.attribute("points"))
        .expect("the wire")
        .split(' ')
        .map(|p| {
            let (x, y) = p.split_once(',').expect("x,y");
            (x.parse().expect("x"), y.parse().expect("y"))
        })
        .collect();
    let (cx, cy, _, ch) = rect("dec-cross-attention");
    let end = points[points.len() - 1];
    assert!(
        (end.0 - cx).abs() < 0.2 && end.1 > cy && end.1 < cy + ch,
        "{points:?}"
    );
    // It leaves from the right of the encoder's column, above its layer.
    let (ex, ey, ew, _) = rect("enc-self-attention");
    assert!(
        points[0].0 > ex + ew - 1.0 && points[0].1 < ey,
        "{points:?}"
    );
}

#[test]
fn long_words_wrap_inside_their_box_and_cjk_text_wraps_between_characters() {
    let lines = wrap("one two three four five six seven", 80.0, FONT_PX);
    assert!(lines.len() > 1, "{lines:?}");
    assert!(
        lines.iter().all(|l| text_width(l, FONT_PX) <= 80.0),
        "{lines:?}"
    );
    assert_eq!(lines.join(" "), "one two three four five six seven");
    let cjk = wrap("エンコーダ出力への注意：Q はデコーダから", 80.0, FONT_PX);
    assert!(cjk.len() > 2, "{cjk:?}");
    assert_eq!(
        cjk.concat().replace(' ', ""),
        "エンコーダ出力への注意：Qはデコーダから"
    );
}

#[test]
fn n_times_stands_left_of_the_encoders_layer_and_right_of_the_decoders_as_in_the_paper() {
    let (svg, _) = svg_of(&Settings::toy(TaskKind::DEFAULT));
    let doc = roxmltree::Document::parse(&svg).expect("well-formed");
    let times: Vec<(f64, Option<&str>)> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text") && n.text() == Some("2×"))
        .map(|n| {
            let x = n.attribute("x").and_then(|v| v.parse().ok()).expect("x");
            (x, n.attribute("text-anchor"))
        })
        .collect();
    assert_eq!(times.len(), 2, "{times:?}");
    let (enc_left, ..) = rect_of(&doc, "enc-self-attention");
    let (dec_left, _, dec_width, _) = rect_of(&doc, "dec-cross-attention");
    let dec_right = dec_left + dec_width;
    let (enc, dec) = (times[0], times[1]);
    assert!(
        enc.0 < enc_left && enc.1.is_none(),
        "encoder's {enc:?}, boxes from {enc_left}"
    );
    assert!(
        dec.0 > dec_right && dec.1 == Some("end"),
        "decoder's {dec:?}, boxes to {dec_right}"
    );
}
