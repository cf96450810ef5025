use super::*;
use crate::panels::PANELS;
use crate::views::architecture::data::{figure, Sentence};
use lab_protocol::{Settings, SettingsField};
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
    lit_comparing(panel, SettingsField::Norm, settings)
}

fn lit_comparing(panel: &str, compared: SettingsField, settings: &Settings) -> Vec<&'static str> {
    let (minis, _, _) = layout(&boxes(settings), |b| about(panel, compared, b));
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
    // The causal mask acts in the decoder's self-attention, the source's
    // padding mask in every attention over the source: each attention box.
    assert_eq!(
        lit(ids::MASKS, &s),
        [
            "enc-self-attention",
            "outputs",
            "dec-self-attention",
            "dec-cross-attention"
        ]
    );
    assert_eq!(lit(ids::TRANSLATE, &s), ["inputs", "linear", "softmax"]);
    // The schedule and training are every weight's: no box, and so no map.
    assert!(lit(ids::NOAM, &s).is_empty());
    assert!(lit(ids::TRAINING, &s).is_empty());
    // Every other view has boxes lit.
    for p in PANELS
        .iter()
        .filter(|p| ![ids::MODEL, ids::NOAM, ids::TRAINING].contains(&p.id))
    {
        assert!(!lit(p.id, &s).is_empty(), "{}", p.id);
    }
}

#[test]
fn the_compare_view_lights_what_its_setting_changes() {
    let s = toy();
    let of = |field| lit_comparing(ids::COMPARE, field, &s);
    // Post-norm: two Add & Norm in an encoder layer, three in a decoder's.
    assert_eq!(
        of(SettingsField::Norm),
        [
            "enc-add-norm",
            "enc-add-norm",
            "dec-add-norm",
            "dec-add-norm",
            "dec-add-norm"
        ]
    );
    assert_eq!(of(SettingsField::LabelSmoothing), ["softmax"]);
    assert_eq!(
        of(SettingsField::NHeads),
        [
            "enc-self-attention",
            "dec-self-attention",
            "dec-cross-attention"
        ]
    );
    assert_eq!(of(SettingsField::PositionalEncoding), ["pe", "pe"]);
    assert_eq!(
        of(SettingsField::TieWeights),
        ["output-embedding", "linear"]
    );
    assert!(of(SettingsField::WarmupSteps).is_empty());
}

#[test]
fn a_box_is_lit_where_its_click_leads() {
    let s = toy();
    let boxes = boxes(&s);
    // Training's view is about every weight: the feed-forward box leads to
    // its formula there, and no box is lit.
    let leads = boxes
        .iter()
        .filter(|b| b.layer.is_none_or(|l| l == 0))
        .filter(|b| b.opens.panel() != ids::TRAINING);
    for b in leads {
        // A box that opens the compare view sets it to the norm placement.
        assert!(
            about(b.opens.panel(), SettingsField::Norm, b),
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
    let (minis, frames, height) = layout(&all, |b| about(ids::ATTENTION, SettingsField::Norm, b));
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
