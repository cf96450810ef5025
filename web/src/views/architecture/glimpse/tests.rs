use super::*;
use crate::views::architecture::data::{figure, Sentence};
use lab_protocol::{FfnActivations, HeadMaps, LayerInput, Settings};
use lab_tasks::TaskKind;

const SRC: usize = 3;
const TGT: usize = 2;

/// A model of two layers and two heads.
fn boxes() -> Vec<FigureBox> {
    boxes_with(lab_protocol::NormPlacement::Post)
}

/// The same with the norm at `norm`.
fn boxes_with(norm: lab_protocol::NormPlacement) -> Vec<FigureBox> {
    let settings = Settings {
        n_layers: 2,
        n_heads: 2,
        norm,
        ..Settings::toy(TaskKind::DEFAULT)
    };
    let sentence = Sentence {
        src_len: SRC,
        tgt_len: TGT,
        src_vocab: 10,
        tgt_vocab: 4,
    };
    figure(&settings, sentence)
}

fn find(boxes: &[FigureBox], name: &str, layer: Option<usize>) -> FigureBox {
    boxes
        .iter()
        .find(|b| b.part.name() == name && b.layer == layer)
        .unwrap_or_else(|| panic!("no box {name} of layer {layer:?}"))
        .clone()
}

/// Maps whose every weight tells its kind, layer and head apart:
/// `base + 10·layer + head`.
fn maps(base: f32, seq_q: usize, seq_k: usize) -> HeadMaps {
    let (n_layers, n_heads) = (2, 2);
    let mut weights = Vec::new();
    for layer in 0..n_layers {
        for head in 0..n_heads {
            weights.extend(std::iter::repeat_n(
                base + 10.0 * layer as f32 + head as f32,
                seq_q * seq_k,
            ));
        }
    }
    HeadMaps {
        n_layers,
        n_heads,
        seq_q,
        seq_k,
        weights,
    }
}

fn attention() -> AttentionSet {
    AttentionSet {
        encoder_self: maps(100.0, SRC, SRC),
        decoder_self: maps(200.0, TGT, TGT),
        cross: maps(300.0, TGT, SRC),
        ..AttentionSet::default()
    }
}

fn the_map(g: Option<Glimpse>) -> (usize, usize, Vec<f32>) {
    match g {
        Some(Glimpse::Map {
            rows, cols, values, ..
        }) => (rows, cols, values),
        other => panic!("not a map: {other:?}"),
    }
}

#[test]
fn an_attention_box_shows_the_head_average_of_its_own_kind_and_layer() {
    let boxes = boxes();
    let a = attention();
    for (name, base, rows, cols) in [
        ("enc-self-attention", 100.0, SRC, SRC),
        ("dec-self-attention", 200.0, TGT, TGT),
        // Cross-attention: decoder queries (rows) over source keys (columns).
        ("dec-cross-attention", 300.0, TGT, SRC),
    ] {
        for layer in 0..2 {
            let b = find(&boxes, name, Some(layer));
            let (r, c, values) = the_map(glimpse(&b, Some(&a), None));
            assert_eq!((r, c), (rows, cols), "{name} {layer}");
            // The mean of heads 0 and 1 of this layer: base + 10·layer + 0.5.
            let mean = base + 10.0 * layer as f32 + 0.5;
            assert!(
                values.iter().all(|&v| v == mean),
                "{name} {layer}: {values:?}"
            );
        }
    }
}

#[test]
fn the_softmax_names_its_first_choices_and_whether_each_is_the_target() {
    let p = ProbePrediction {
        inputs: vec!["<bos>".into(), "a".into()],
        targets: vec!["a".into(), "<eos>".into()],
        target_ids: vec![2, 1],
        vocab: vec!["<pad>".into(), "<eos>".into(), "a".into(), "b".into()],
        // Position 0 ranks "a" first (right); position 1 ranks "b" (wrong).
        probs: vec![0.1, 0.1, 0.7, 0.1, 0.1, 0.2, 0.1, 0.6],
        ..ProbePrediction::default()
    };
    let softmax = find(&boxes(), "softmax", None);
    let picks = match glimpse(&softmax, None, Some(&p)) {
        Some(Glimpse::Picks(picks)) => picks,
        other => panic!("not picks: {other:?}"),
    };
    let said: Vec<(&str, bool)> = picks.iter().map(|p| (p.token.as_str(), p.right)).collect();
    assert_eq!(said, [("a", true), ("b", false)]);
}

/// A stack's input of `len` tokens whose four matrices each start at
/// their own base (`base`, `+100`, `+200`, `+300`), so none stands in for another.
fn input(len: usize, base: f32) -> LayerInput {
    let d_model = 4;
    let matrix = |b: f32| (0..len * d_model).map(|i| b + i as f32).collect();
    LayerInput {
        tokens: vec!["x".into(); len],
        d_model,
        embedding: matrix(base),
        scaled: matrix(base + 100.0),
        positions: matrix(base + 200.0),
        sum: matrix(base + 300.0),
    }
}

#[test]
fn each_stacks_embedding_and_positional_encoding_show_its_own_input() {
    let p = ProbePrediction {
        source_input: input(SRC, 1000.0),
        target_input: input(TGT, 2000.0),
        ..ProbePrediction::default()
    };
    let boxes = boxes();
    for (side, own, len) in [
        (Stack::Encoder, &p.source_input, SRC),
        (Stack::Decoder, &p.target_input, TGT),
    ] {
        let of = |part: Part| {
            let b = boxes.iter().find(|b| b.part == part).expect("a box");
            the_map(glimpse(b, None, Some(&p)))
        };
        // The embedding box: the rows × √d_model, what the ⊕ adds PE to.
        assert_eq!(
            of(Part::Embedding(side)),
            (len, own.d_model, own.scaled.clone()),
            "{side:?}"
        );
        assert_eq!(
            of(Part::Positions(side)),
            (len, own.d_model, own.positions.clone()),
            "{side:?}"
        );
    }
}

#[test]
fn a_feed_forward_box_shows_its_own_stacks_and_layers_hidden_units() {
    const D_FF: usize = 5;
    // Layer `l` of a stack starts at its own base; every other unit is 0.
    let layer = |len: usize, base: f32| -> Vec<f32> {
        (0..len * D_FF)
            .map(|i| if i % 2 == 0 { 0.0 } else { base + i as f32 })
            .collect()
    };
    let p = ProbePrediction {
        source_input: input(SRC, 0.0),
        target_input: input(TGT, 0.0),
        ffn_hidden: FfnActivations {
            d_ff: D_FF,
            encoder: vec![layer(SRC, 100.0), layer(SRC, 200.0)],
            decoder: vec![layer(TGT, 300.0), layer(TGT, 400.0)],
        },
        ..ProbePrediction::default()
    };
    let boxes = boxes();
    // 3 × 5 cells, 8 of them 0 (53%), the largest the base + 13; 2 × 5, 5 (50%), the base + 9.
    for (name, len, own, percent, last) in [
        ("enc-feed-forward", SRC, &p.ffn_hidden.encoder, 53, 13.0),
        ("dec-feed-forward", TGT, &p.ffn_hidden.decoder, 50, 9.0),
    ] {
        for (l, values) in own.iter().enumerate() {
            let g = glimpse(&find(&boxes, name, Some(l)), None, Some(&p));
            let largest = values[1] - 1.0 + last;
            assert_eq!(
                g,
                Some(Glimpse::Map {
                    about: About::FeedForward {
                        d_ff: D_FF,
                        zero_percent: percent,
                    },
                    rows: len,
                    cols: D_FF,
                    values: values.clone(),
                    range: (0.0, largest),
                    map: ColorMap::Viridis,
                }),
                "{name} layer {l}"
            );
        }
    }
    // A snapshot of fewer layers, or of the wrong width, has none.
    let mut short = p.clone();
    short.ffn_hidden.encoder.truncate(1);
    assert!(glimpse(
        &find(&boxes, "enc-feed-forward", Some(1)),
        None,
        Some(&short)
    )
    .is_none());
    let mut wide = p;
    wide.ffn_hidden.d_ff = D_FF + 1;
    assert!(glimpse(
        &find(&boxes, "dec-feed-forward", Some(0)),
        None,
        Some(&wide)
    )
    .is_none());
}

#[test]
fn an_embedding_is_coloured_about_zero_by_its_largest_magnitude() {
    assert_eq!(signed_range(&[0.5, -2.0, 1.0]), (-2.0, 2.0));
    assert_eq!(signed_range(&[0.0, 0.0]), (-1.0, 1.0));
    assert_eq!(signed_range(&[]), (-1.0, 1.0));
}

#[test]
fn no_glimpse_before_a_snapshot_or_for_a_box_without_one() {
    let boxes = boxes();
    let a = attention();
    assert_eq!(
        glimpse(&find(&boxes, "enc-self-attention", Some(0)), None, None),
        None
    );
    assert_eq!(
        glimpse(&find(&boxes, "softmax", None), Some(&a), None),
        None
    );
    assert_eq!(glimpse(&find(&boxes, "linear", None), Some(&a), None), None);
    for name in ["inputs", "outputs"] {
        assert!(
            !has_glimpse(&find(&boxes, name, None)),
            "{name}: its tokens are its glimpse"
        );
    }
    // Maps of fewer layers than the figure (an older snapshot), whole in
    // themselves: none for the layer they lack, one for the layer they have.
    let mut short = attention();
    let mut one_layer = maps(100.0, SRC, SRC);
    one_layer.n_layers = 1;
    one_layer.weights.truncate(one_layer.n_heads * SRC * SRC);
    short.encoder_self = one_layer;
    let of_layer = |layer| {
        glimpse(
            &find(&boxes, "enc-self-attention", Some(layer)),
            Some(&short),
            None,
        )
    };
    assert_eq!(of_layer(1), None);
    assert!(of_layer(0).is_some());
}

#[test]
fn the_attention_glimpse_speaks_of_an_average_only_over_more_than_one_head() {
    use crate::i18n::{text_args, Arg, Locale};
    for locale in Locale::ALL {
        let said = |heads: usize| {
            text_args(
                locale,
                "arch-glimpse-attention",
                &[("heads", Arg::from(heads))],
            )
        };
        let (one, four) = (said(1), said(4));
        assert!(four.contains('4'), "{locale:?}: {four}");
        assert!(
            !one.contains('1'),
            "{locale:?}: one head is no average: {one}"
        );
    }
}

#[test]
fn a_norm_box_shows_the_stream_of_its_own_stack_layer_and_sub_layer() {
    use lab_protocol::{NormPlacement, ResidualStream, StackStream, SublayerStream};
    const D: usize = 4;
    // Every vector its own: `base + i/100`; the base names stack, layer and
    // sub-layer (and + 5 for the LayerNorm a pre-norm sub-layer reads).
    let v = |len: usize, base: f32| -> Vec<f32> {
        (0..len * D).map(|i| base + i as f32 / 100.0).collect()
    };
    let stack = |len: usize, base: f32, sublayers: usize| StackStream {
        layers: (0..2)
            .map(|l| {
                (0..sublayers)
                    .map(|s| {
                        let base = base + 100.0 * l as f32 + 10.0 * s as f32;
                        SublayerStream {
                            normed: v(len, base + 5.0),
                            out: v(len, base),
                        }
                    })
                    .collect()
            })
            .collect(),
        final_norm: v(len, base + 900.0),
    };
    let p = ProbePrediction {
        source_input: input(SRC, 0.0),
        target_input: input(TGT, 0.0),
        residual: ResidualStream {
            d_model: D,
            encoder: stack(SRC, 1000.0, 2),
            decoder: stack(TGT, 2000.0, 3),
        },
        ..ProbePrediction::default()
    };
    use Part::{CrossAttention as Cross, FeedForward as Ffn, SelfAttention as Attn};
    use Stack::{Decoder as Dec, Encoder as Enc};
    let (post, pre) = (
        boxes_with(NormPlacement::Post),
        boxes_with(NormPlacement::Pre),
    );
    let cases = [
        (&post, "enc-add-norm", Some(0), Some(Attn(Enc)), SRC, 1000.0),
        (&post, "enc-add-norm", Some(0), Some(Ffn(Enc)), SRC, 1010.0),
        (&post, "enc-add-norm", Some(1), Some(Ffn(Enc)), SRC, 1110.0),
        (&post, "dec-add-norm", Some(1), Some(Cross), TGT, 2110.0),
        (&post, "dec-add-norm", Some(0), Some(Ffn(Dec)), TGT, 2020.0),
        (&pre, "enc-norm", Some(1), Some(Attn(Enc)), SRC, 1105.0),
        (&pre, "enc-add", Some(1), Some(Attn(Enc)), SRC, 1100.0),
        (&pre, "dec-add", Some(0), Some(Cross), TGT, 2010.0),
        (&pre, "dec-norm", Some(1), Some(Ffn(Dec)), TGT, 2125.0),
        (&pre, "enc-final-norm", None, None, SRC, 1900.0),
        (&pre, "dec-final-norm", None, None, TGT, 2900.0),
    ];
    for (boxes, name, layer, around, len, base) in cases {
        let b = boxes
            .iter()
            .find(|b| b.part.name() == name && b.layer == layer && b.around == around)
            .unwrap_or_else(|| panic!("no {name} {layer:?} around {around:?}"));
        let largest = base + (len * D - 1) as f32 / 100.0;
        assert_eq!(
            glimpse(b, None, Some(&p)),
            Some(Glimpse::Map {
                about: About::Stream {
                    part: b.part,
                    d_model: D,
                },
                rows: len,
                cols: D,
                values: v(len, base),
                range: (-largest, largest),
                map: ColorMap::Cividis,
            }),
            "{name} {layer:?} around {around:?}"
        );
    }
    // A probe over the budget (no stream), or of another width, has none.
    let add_norm = find(&post, "dec-add-norm", Some(1));
    let mut none = p.clone();
    none.residual = ResidualStream {
        d_model: D,
        ..ResidualStream::default()
    };
    assert_eq!(glimpse(&add_norm, None, Some(&none)), None);
    let mut wide = p;
    wide.residual.d_model = D + 1;
    assert_eq!(glimpse(&add_norm, None, Some(&wide)), None);
    assert!(glimpse(&find(&pre, "dec-final-norm", None), None, Some(&wide)).is_none());
}

#[test]
fn the_linear_layer_shows_the_logits_of_every_position_over_the_vocabulary() {
    // Two positions over a vocabulary of three: each logit its own.
    let p = ProbePrediction {
        targets: vec!["a".into(), "<eos>".into()],
        vocab: vec!["<pad>".into(), "a".into(), "<eos>".into()],
        probs: vec![0.2, 0.5, 0.3, 0.1, 0.1, 0.8],
        logits: vec![-1.5, 0.25, 0.0, -3.0, -2.5, 4.0],
        ..ProbePrediction::default()
    };
    let linear = find(&boxes(), "linear", None);
    assert_eq!(
        glimpse(&linear, None, Some(&p)),
        Some(Glimpse::Map {
            about: About::Logits { vocab: 3 },
            rows: 2,
            cols: 3,
            values: vec![-1.5, 0.25, 0.0, -3.0, -2.5, 4.0],
            range: (-3.0, 4.0),
            map: ColorMap::Viridis,
        })
    );
    // A probe over the budget (no logits), or one of another size, has none.
    let mut none = p.clone();
    none.logits.clear();
    assert_eq!(glimpse(&linear, None, Some(&none)), None);
    let mut short = p;
    short.targets.pop();
    assert_eq!(glimpse(&linear, None, Some(&short)), None);
    let mut nan = short;
    nan.targets.push("<eos>".into());
    nan.logits = vec![f32::NAN; 6];
    assert_eq!(glimpse(&linear, None, Some(&nan)), None);
}

#[test]
fn a_map_too_wide_to_draw_column_by_column_keeps_the_largest_of_each_run() {
    // 256 units: runs of 4 (64 columns); the peak in each row survives.
    let (rows, cols) = (2, 256);
    let mut values = vec![0.0; rows * cols];
    values[77] = 9.0; // row 0, unit 77: run 19
    values[cols + 255] = 4.0; // row 1, the last unit: run 63
    let (pooled, width, run) = widest_of_runs(&values, rows, cols);
    assert_eq!((width, run), (64, 4));
    assert_eq!(pooled.len(), rows * 64);
    assert_eq!(pooled[19], 9.0);
    assert_eq!(pooled[64 + 63], 4.0);
    assert_eq!(pooled.iter().filter(|&&v| v != 0.0).count(), 2);
    // 1,873 logits (one more than real-en-ja's): runs of 24, the last one
    // of a single logit (79 columns).
    let logits: Vec<f32> = (0..1873).map(|i| -(i as f32)).collect();
    let (pooled, width, run) = widest_of_runs(&logits, 1, 1873);
    assert_eq!((width, run), (79, 24));
    assert_eq!(
        (pooled[0], pooled[1], pooled[77], pooled[78]),
        (0.0, -24.0, -1848.0, -1872.0)
    );
    // A map that fits is drawn as it is.
    let narrow = [1.0, -2.0, 3.0];
    assert_eq!(widest_of_runs(&narrow, 1, 3), (narrow.to_vec(), 3, 1));
    assert_eq!(widest_of_runs(&[5.0; 80], 1, 80).2, 1);
    assert_eq!(widest_of_runs(&[5.0; 81], 1, 81), (vec![5.0; 41], 41, 2));
}

#[test]
fn the_runs_sentence_follows_the_maps_own_words_in_every_language() {
    use crate::i18n::{text_args, Arg, Locale};
    for locale in Locale::ALL {
        let said = text_args(
            locale,
            "arch-glimpse-runs",
            &[("words", Arg::from("WORDS.")), ("run", Arg::from(24usize))],
        );
        assert!(said.starts_with("WORDS."), "{locale:?}: {said}");
        assert!(said.contains("24"), "{locale:?}: {said}");
    }
}
