use super::*;
use lab_tasks::TaskKind;

/// The probe of the tests: five source tokens (`<eos>` included), four
/// decoder inputs (`<bos>` included).
const SENTENCE: Sentence = Sentence {
    src_len: 5,
    tgt_len: 4,
    src_vocab: 40,
    tgt_vocab: 30,
};

fn toy() -> Settings {
    Settings::toy(TaskKind::DEFAULT)
}

fn names(boxes: &[FigureBox]) -> Vec<&'static str> {
    boxes.iter().map(|b| b.part.name()).collect()
}

fn find(boxes: &[FigureBox], name: &str, layer: Option<usize>) -> FigureBox {
    boxes
        .iter()
        .find(|b| b.part.name() == name && b.layer == layer)
        .unwrap_or_else(|| panic!("no box {name} of layer {layer:?} in {:?}", names(boxes)))
        .clone()
}

fn layers_of(boxes: &[FigureBox], name: &str) -> Vec<usize> {
    boxes
        .iter()
        .filter(|b| b.part.name() == name)
        .filter_map(|b| b.layer)
        .collect()
}

#[test]
fn each_layer_of_each_stack_has_its_own_boxes() {
    for n_layers in [1, 3] {
        let settings = Settings { n_layers, ..toy() };
        let boxes = figure(&settings, SENTENCE);
        let all: Vec<usize> = (0..n_layers).collect();
        for name in [
            "enc-self-attention",
            "enc-feed-forward",
            "dec-self-attention",
            "dec-cross-attention",
            "dec-feed-forward",
        ] {
            assert_eq!(layers_of(&boxes, name), all, "{name}");
        }
        // Post-norm: an Add & Norm after each sub-layer, two in an encoder
        // layer and three in a decoder layer.
        assert_eq!(layers_of(&boxes, "enc-add-norm").len(), 2 * n_layers);
        assert_eq!(layers_of(&boxes, "dec-add-norm").len(), 3 * n_layers);
        let cross = find(&boxes, "dec-cross-attention", Some(n_layers - 1));
        assert_eq!(
            cross.opens,
            Opens::Attention {
                kind: AttentionKind::Cross,
                layer: n_layers - 1
            }
        );
    }
}

#[test]
fn attention_boxes_state_the_heads_and_the_shapes_of_their_weights() {
    let settings = Settings {
        d_model: 48,
        n_heads: 6,
        ..toy()
    };
    let boxes = figure(&settings, SENTENCE);
    let cross = find(&boxes, "dec-cross-attention", Some(0));
    assert_eq!(cross.args, [("heads", 6), ("d_k", 8)]);
    assert_eq!(shape_text(&cross.shape), "[4 × 48]", "tgt_len × d_model");
    let weights = cross.inner.expect("every head's weights");
    assert_eq!(
        shape_named(&weights),
        "[h × tgt_len × src_len] = [6 × 4 × 5]"
    );
    let masked = find(&boxes, "dec-self-attention", Some(0));
    assert_eq!(shape_text(&masked.inner.expect("weights")), "[6 × 4 × 4]");
    let encoder = find(&boxes, "enc-self-attention", Some(0));
    assert_eq!(shape_text(&encoder.inner.expect("weights")), "[6 × 5 × 5]");
    let embedding = find(&boxes, "input-embedding", None);
    assert_eq!(embedding.args, [("d_model", 48)], "× √d_model");
    assert_eq!(
        shape_named(&embedding.shape),
        "[src_len × d_model] = [5 × 48]"
    );
}

#[test]
fn post_norm_adds_then_normalises_after_each_sub_layer_and_pre_norm_the_other_way() {
    let post = figure(&toy(), SENTENCE);
    let encoder_layer = |boxes: &[FigureBox]| -> Vec<&'static str> {
        boxes
            .iter()
            .filter(|b| b.layer == Some(0) && b.part.side() == Some(Stack::Encoder))
            .map(|b| b.part.name())
            .collect()
    };
    assert_eq!(
        encoder_layer(&post),
        [
            "enc-self-attention",
            "enc-add-norm",
            "enc-feed-forward",
            "enc-add-norm"
        ]
    );
    assert!(!names(&post).iter().any(|n| n.ends_with("final-norm")));
    let pre = figure(
        &Settings {
            norm: NormPlacement::Pre,
            ..toy()
        },
        SENTENCE,
    );
    assert_eq!(
        encoder_layer(&pre),
        [
            "enc-norm",
            "enc-self-attention",
            "enc-add",
            "enc-norm",
            "enc-feed-forward",
            "enc-add"
        ]
    );
    // Each stack ends with one more LayerNorm: after the encoder's last
    // layer, before the decoder's foot; after the decoder's, before the linear layer.
    let names = names(&pre);
    let at = |n: &str| names.iter().position(|x| *x == n).expect(n);
    assert_eq!(at("enc-final-norm") + 1, at("outputs"));
    assert_eq!(at("dec-final-norm") + 1, at("linear"));
    let norm = find(&pre, "enc-norm", Some(0));
    assert_eq!(norm.around, Some(Part::SelfAttention(Stack::Encoder)));
    assert_eq!(norm.opens.panel(), ids::COMPARE);
}

#[test]
fn tied_weights_make_the_linear_layer_the_target_embedding() {
    let untied = find(&figure(&toy(), SENTENCE), "linear", None);
    let tied = find(
        &figure(
            &Settings {
                tie_weights: true,
                ..toy()
            },
            SENTENCE,
        ),
        "linear",
        None,
    );
    assert_eq!(
        (untied.label, tied.label),
        ("arch-linear", "arch-linear-tied")
    );
    assert_eq!(shape_named(&tied.shape), "[tgt_len × tgt_vocab] = [4 × 30]");
}

#[test]
fn positional_encoding_off_is_said_on_both_stacks() {
    let on = figure(&toy(), SENTENCE);
    let off = figure(
        &Settings {
            positional_encoding: false,
            ..toy()
        },
        SENTENCE,
    );
    let labels = |boxes: &[FigureBox]| -> Vec<&'static str> {
        boxes
            .iter()
            .filter(|b| b.part.name() == "pe")
            .map(|b| b.label)
            .collect()
    };
    assert_eq!(labels(&on), ["arch-pe", "arch-pe"]);
    assert_eq!(labels(&off), ["arch-pe-off", "arch-pe-off"]);
}

#[test]
fn the_sentence_flows_from_the_inputs_to_the_output_probabilities() {
    let boxes = figure(&toy(), SENTENCE);
    let names = names(&boxes);
    assert_eq!(
        names[..3],
        ["inputs", "input-embedding", "pe"],
        "the encoder's foot"
    );
    assert_eq!(names[names.len() - 2..], ["linear", "softmax"]);
    let outputs = find(&boxes, "outputs", None);
    assert_eq!(shape_named(&outputs.shape), "[tgt_len] = [4]");
    assert_eq!(
        find(&boxes, "softmax", None).opens.panel(),
        ids::TRANSLATE,
        "the output probabilities are decoding's"
    );
    // Every box leads to a view of the page.
    for b in &boxes {
        assert!(
            crate::panels::index_of(b.opens.panel()).is_some(),
            "{:?}",
            b.part
        );
    }
}

#[test]
fn every_norm_box_opens_the_norm_comparison_at_its_own_placement() {
    for norm in [NormPlacement::Post, NormPlacement::Pre] {
        let boxes = figure(&Settings { norm, ..toy() }, SENTENCE);
        let wraps: Vec<&FigureBox> = boxes
            .iter()
            .filter(|b| {
                matches!(
                    b.part,
                    Part::AddNorm(_) | Part::Norm(_) | Part::Add(_) | Part::FinalNorm(_)
                )
            })
            .collect();
        assert!(!wraps.is_empty(), "{norm:?}");
        for b in wraps {
            assert_eq!(b.opens, Opens::NormComparison(norm), "{:?}", b.part);
            assert_eq!(b.opens.panel(), ids::COMPARE);
        }
    }
    assert_ne!(
        layer_diagram(NormPlacement::Post),
        layer_diagram(NormPlacement::Pre)
    );
}

#[test]
fn each_layers_sub_layers_are_numbered_in_the_order_the_figure_draws_them() {
    // The residual stream's numbers are sent in this order (lab-protocol's
    // `StackStream`); the figure's norm boxes find theirs by it.
    for norm in [NormPlacement::Post, NormPlacement::Pre] {
        let settings = Settings {
            n_layers: 2,
            norm,
            ..toy()
        };
        let boxes = figure(&settings, SENTENCE);
        for (side, expected) in [
            (Stack::Encoder, vec![0, 1]),
            (Stack::Decoder, vec![0, 1, 2]),
        ] {
            for layer in 0..2 {
                let order: Vec<usize> = boxes
                    .iter()
                    .filter(|b| b.layer == Some(layer) && b.part.side() == Some(side))
                    .filter_map(|b| sublayer_index(b.part))
                    .collect();
                assert_eq!(order, expected, "{norm:?} {side:?} layer {layer}");
            }
        }
        // Every norm box wraps a numbered sub-layer.
        for b in boxes.iter().filter(|b| b.around.is_some()) {
            assert!(b.around.and_then(sublayer_index).is_some(), "{b:?}");
        }
    }
    assert_eq!(sublayer_index(Part::Linear), None);
}
