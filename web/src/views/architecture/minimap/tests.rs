use super::*;
use crate::panels::PANELS;
use crate::views::architecture::data::{figure, Sentence};
use lab_protocol::Settings;
use lab_tasks::TaskKind;

fn boxes(settings: &Settings) -> Vec<FigureBox> {
    let sentence = Sentence {
        src_len: 5,
        tgt_len: 4,
        src_vocab: 40,
        tgt_vocab: 30,
    };
    figure(settings, sentence)
}

fn lit(panel: &str, settings: &Settings) -> Vec<&'static str> {
    let (minis, _, _) = layout(&boxes(settings), panel);
    minis.iter().filter(|m| m.lit).map(|m| m.name).collect()
}

fn toy() -> Settings {
    Settings::toy(TaskKind::DEFAULT)
}

#[test]
fn each_view_lights_the_boxes_it_is_about() {
    let s = toy();
    let attention = [
        "enc-self-attention",
        "dec-self-attention",
        "dec-cross-attention",
    ];
    assert_eq!(lit(ids::ATTENTION, &s), attention);
    assert_eq!(lit(ids::INSIDE_HEAD, &s), attention);
    assert_eq!(
        lit(ids::COMPLEXITY, &s),
        ["enc-self-attention", "dec-self-attention"]
    );
    assert_eq!(lit(ids::SMOOTHING, &s), ["softmax"]);
    assert_eq!(
        lit(ids::PE, &s),
        ["input-embedding", "pe", "output-embedding", "pe"]
    );
    assert_eq!(
        lit(ids::TRAINING, &s),
        ["enc-feed-forward", "dec-feed-forward"]
    );
    assert_eq!(lit(ids::MASKS, &s), ["outputs"]);
    assert_eq!(lit(ids::TRANSLATE, &s), ["inputs", "linear", "softmax"]);
    // The schedule is every weight's: no box, and so no map.
    assert!(lit(ids::NOAM, &s).is_empty());
    // Every other view has boxes lit.
    for p in PANELS
        .iter()
        .filter(|p| ![ids::MODEL, ids::NOAM].contains(&p.id))
    {
        assert!(!lit(p.id, &s).is_empty(), "{}", p.id);
    }
}

#[test]
fn a_box_is_lit_where_its_click_leads() {
    let s = toy();
    for b in boxes(&s).iter().filter(|b| b.layer.is_none_or(|l| l == 0)) {
        assert!(
            about(b.opens.panel(), b),
            "{} opens {}",
            b.part.name(),
            b.opens.panel()
        );
    }
}

#[test]
fn the_map_draws_the_first_layer_of_each_stack_inside_its_frame() {
    let s = Settings {
        n_layers: 3,
        ..toy()
    };
    let all = boxes(&s);
    let (minis, frames, height) = layout(&all, ids::ATTENTION);
    // Every box outside the layers, and one layer's boxes per stack.
    let outside = all.iter().filter(|b| b.layer.is_none()).count();
    let one_layer = all.iter().filter(|b| b.layer == Some(0)).count();
    assert_eq!(minis.len(), outside + one_layer);
    assert_eq!(frames.len(), 2);
    for m in &minis {
        assert!(m.y >= 0.0 && m.y + BOX_H <= height, "{m:?} within {height}");
        assert!(m.x >= 0.0 && m.x + m.w <= WIDTH, "{m:?}");
    }
    // The encoder's self-attention sits inside the encoder's frame.
    let enc = minis
        .iter()
        .find(|m| m.name == "enc-self-attention")
        .expect("drawn");
    let [x, y, w, h] = frames[0];
    assert!(enc.x > x && enc.x + enc.w < x + w && enc.y > y && enc.y + BOX_H < y + h);
    // Inputs at the bottom, the softmax at the top.
    let y_of = |name: &str| minis.iter().find(|m| m.name == name).expect(name).y;
    assert!(y_of("inputs") > y_of("enc-self-attention"));
    assert!(y_of("softmax") < y_of("dec-cross-attention"));
}
