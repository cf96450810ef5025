//! The figure's numbers, recomputed through the model's own sub-layers in
//! the order the paper gives them, and the budgets that bound them.

use super::super::source_side;
use crate::testing::small;
use crate::trainer::Trainer;
use lab_model::burn::module::Module as _;
use lab_model::burn::nn::LayerNorm;
use lab_model::burn::tensor::activation::relu;
use lab_model::burn::tensor::{Int, Tensor, TensorData};
use lab_model::feed_forward::PositionwiseFeedForward;
use lab_model::masks::{decoder_mask, padding_mask};
use lab_model::{AddNorm, NormPlacement};
use lab_protocol::{ProbePrediction, Settings, StackStream, Sublayer};
use lab_tasks::{TaskKind, BOS, PAD};

use crate::evaluate::floats;

/// What one stack did on the probe, recomputed: each layer's FFN hidden
/// layer, and around each sub-layer what its Add & Norm read and wrote.
#[derive(Default)]
struct Walked {
    ffn_hidden: Vec<Tensor<3>>,
    /// `(which, LayerNorm(x) for pre-norm, the stream after)` per sub-layer.
    residual: Vec<Vec<(Sublayer, Option<Tensor<3>>, Tensor<3>)>>,
}

impl Walked {
    /// One sub-layer inside `residual`'s two halves, kept in the last layer.
    fn around(
        &mut self,
        which: Sublayer,
        residual: &AddNorm,
        x: Tensor<3>,
        sublayer: impl FnOnce(Tensor<3>) -> Tensor<3>,
    ) -> Tensor<3> {
        let h = residual.sublayer_input(x.clone());
        let normed = (residual.placement == NormPlacement::Pre).then(|| h.clone());
        let out = residual.add(x, sublayer(h));
        let layer = self.residual.last_mut().expect("a layer was begun");
        layer.push((which, normed, out.clone()));
        out
    }

    /// The feed-forward sub-layer, its hidden layer `max(0, xW₁ + b₁)` kept.
    fn feed_forward(
        &mut self,
        residual: &AddNorm,
        net: &PositionwiseFeedForward,
        x: Tensor<3>,
    ) -> Tensor<3> {
        let mut hidden = None;
        let out = self.around(Sublayer::FeedForward, residual, x, |h| {
            hidden = Some(relu(net.w1.forward(h.clone())));
            net.forward(h)
        });
        self.ffn_hidden.extend(hidden);
        out
    }
}

fn assert_close(got: &[f32], expected: Tensor<3>, what: &str) {
    let expected = floats(expected);
    assert_eq!(got.len(), expected.len(), "{what}");
    for (i, (a, b)) in got.iter().zip(&expected).enumerate() {
        assert!((a - b).abs() < 1e-4, "{what}, number {i}: {a} against {b}");
    }
}

/// A stack's output `x` after its final LayerNorm, if it has one.
fn final_norm(norm: Option<&LayerNorm>, x: Tensor<3>) -> Tensor<3> {
    match norm {
        Some(norm) => norm.forward(x),
        None => x,
    }
}

/// Both stacks of `t`'s inference model walked on the probe, from the
/// inputs the probe reports.
fn walk(t: &Trainer, p: &ProbePrediction) -> [(Walked, Tensor<3>); 2] {
    let model = t.inference_model();
    let device = model.devices()[0].clone();
    let d = p.source_input.d_model;
    let (src_len, tgt_len) = (p.source_input.tokens.len(), p.target_input.tokens.len());
    let rows = |v: &[f32], n: usize| {
        Tensor::<3>::from_data(TensorData::new(v.to_vec(), [1, n, d]), &device)
    };
    let ids = |v: Vec<u32>| {
        let n = v.len();
        let v: Vec<i64> = v.into_iter().map(i64::from).collect();
        Tensor::<2, Int>::from_data(TensorData::new(v, [1, n]), &device)
    };
    let data = t.dataset();
    let src = ids(source_side(&data.src_vocab.encode_words(&data.probe().src)).0);
    let src_mask = padding_mask(&src, PAD);
    let (mut enc, mut x) = (Walked::default(), rows(&p.source_input.sum, src_len));
    for layer in &model.encoder.layers {
        enc.residual.push(Vec::new());
        let mask = Some(src_mask.clone());
        let attention = |h| layer.self_attn.forward_self(h, mask).context;
        let mid = enc.around(Sublayer::SelfAttention, &layer.attn_residual, x, attention);
        x = enc.feed_forward(&layer.ff_residual, &layer.feed_forward, mid);
    }
    let memory = final_norm(model.encoder.final_norm.as_ref(), x);
    let tgt = p.target_ids.iter().take(tgt_len - 1).copied();
    let tgt = ids(std::iter::once(BOS).chain(tgt).collect());
    let tgt_mask = decoder_mask(&tgt, PAD);
    let (mut dec, mut x) = (Walked::default(), rows(&p.target_input.sum, tgt_len));
    for layer in &model.decoder.layers {
        dec.residual.push(Vec::new());
        let mask = Some(tgt_mask.clone());
        let masked = |h| layer.self_attn.forward_self(h, mask).context;
        let x1 = dec.around(Sublayer::SelfAttention, &layer.self_residual, x, masked);
        let (memory, mask) = (memory.clone(), Some(src_mask.clone()));
        let cross = |h| layer.cross_attn.forward(h, memory, mask).context;
        let mid = dec.around(Sublayer::CrossAttention, &layer.cross_residual, x1, cross);
        x = dec.feed_forward(&layer.ff_residual, &layer.feed_forward, mid);
    }
    let hidden = final_norm(model.decoder.final_norm.as_ref(), x);
    [(enc, memory), (dec, hidden)]
}

/// The probe's numbers against the walk's, for `what` (a stack) whose
/// layers run `order`'s sub-layers.
fn compare(
    ffn: &[Vec<f32>],
    stream: &StackStream,
    (walked, out): (Walked, Tensor<3>),
    (order, pre): (&[Sublayer], bool),
    what: &str,
) {
    assert_eq!(ffn.len(), walked.ffn_hidden.len(), "{what}");
    for (l, (got, hidden)) in ffn.iter().zip(walked.ffn_hidden).enumerate() {
        assert!(got.iter().all(|&h| h >= 0.0), "after the ReLU");
        assert!(got.contains(&0.0) && got.iter().any(|&h| h > 0.0));
        assert_close(got, hidden, &format!("{what} layer {l}'s hidden layer"));
    }
    assert_eq!(stream.layers.len(), walked.residual.len(), "{what}");
    for (l, (got, expected)) in stream.layers.iter().zip(walked.residual).enumerate() {
        // The walk ran the model's sub-layers in the order the stream is
        // sent in, which the page reads it by.
        let walked: Vec<Sublayer> = expected.iter().map(|(which, ..)| *which).collect();
        assert_eq!(walked, order, "{what} layer {l}'s sub-layers");
        assert_eq!(got.len(), expected.len(), "{what} layer {l}'s sub-layers");
        for (s, (got, (_, normed, out))) in got.iter().zip(expected).enumerate() {
            let here = format!("{what} layer {l}, sub-layer {s}");
            assert_close(&got.out, out, &here);
            match normed {
                Some(normed) => assert_close(&got.normed, normed, &format!("{here}'s norm")),
                None => assert!(got.normed.is_empty(), "{here}: post-norm reads x itself"),
            }
        }
    }
    if pre {
        assert_close(&stream.final_norm, out, &format!("{what}'s final norm"));
    } else {
        assert!(
            stream.final_norm.is_empty(),
            "{what}: post-norm has no final norm"
        );
    }
}

#[test]
fn each_layers_hidden_layer_and_residual_stream_are_the_models_own() {
    for norm in [NormPlacement::Post, NormPlacement::Pre] {
        let t = Trainer::new(&Settings {
            n_layers: 2,
            norm,
            ..small(TaskKind::EnJa)
        })
        .expect("valid");
        let p = t.probe(t.dataset().probe(), None).prediction;
        let (ffn, stream) = (&p.ffn_hidden, &p.residual);
        assert_eq!(ffn.d_ff, t.inference_model().config.d_ff);
        assert_eq!(stream.d_model, p.source_input.d_model);
        assert_eq!((ffn.encoder.len(), ffn.decoder.len()), (2, 2));
        let pre = norm == NormPlacement::Pre;
        let [encoder, decoder] = walk(&t, &p);
        compare(
            &ffn.encoder,
            &stream.encoder,
            encoder,
            (&Sublayer::ENCODER, pre),
            &format!("{norm:?} encoder"),
        );
        compare(
            &ffn.decoder,
            &stream.decoder,
            decoder,
            (&Sublayer::DECODER, pre),
            &format!("{norm:?} decoder"),
        );
    }
}

#[test]
fn a_model_too_wide_for_the_probe_sends_no_hidden_layers_and_the_toy_never_is() {
    use lab_math::{limits::MAX_LEN, toy};
    use lab_protocol::MAX_FFN_FLOATS;
    // Both stacks, every layer, the longest sentences.
    const { assert!(2 * toy::N_LAYERS * toy::D_FF * MAX_LEN <= MAX_FFN_FLOATS) };
    let wide = Trainer::new(&Settings {
        n_layers: 6,
        d_ff: 2048,
        ..small(TaskKind::EnJa)
    })
    .expect("valid");
    let p = wide.probe(wide.dataset().probe(), None).prediction;
    let tokens = p.source_input.tokens.len() + p.inputs.len();
    assert!(
        6 * 2048 * tokens > MAX_FFN_FLOATS,
        "the case is over the budget"
    );
    assert_eq!(p.ffn_hidden.d_ff, 2048);
    assert!(p.ffn_hidden.encoder.is_empty() && p.ffn_hidden.decoder.is_empty());
    // The attention maps and the rest are still there.
    assert_eq!(
        wide.probe_attention(wide.dataset().probe()).cross.n_layers,
        6
    );
}

#[test]
fn a_model_too_wide_for_the_probe_sends_no_residual_stream_and_the_toy_never_is() {
    use lab_math::{limits::MAX_LEN, toy};
    use lab_protocol::MAX_RESIDUAL_FLOATS;
    // Pre-norm, the most: a norm and a sum around each of the encoder's two
    // and the decoder's three sub-layers, and two final norms, at the
    // longest sentences.
    const { assert!(((2 + 3) * 2 * toy::N_LAYERS + 2) * MAX_LEN * toy::D_MODEL <= MAX_RESIDUAL_FLOATS) };
    let wide = Trainer::new(&Settings {
        d_model: 512,
        n_layers: 3,
        norm: NormPlacement::Pre,
        ..small(TaskKind::EnJa)
    })
    .expect("valid");
    let p = wide.probe(wide.dataset().probe(), None).prediction;
    let (src, tgt) = (p.source_input.tokens.len(), p.inputs.len());
    assert!(
        ((2 * 2 * 3 + 1) * src + (3 * 2 * 3 + 1) * tgt) * 512 > MAX_RESIDUAL_FLOATS,
        "the case is over the budget"
    );
    assert_eq!(p.residual.d_model, 512);
    assert_eq!(p.residual.encoder, StackStream::default());
    assert_eq!(p.residual.decoder, StackStream::default());
    // The hidden layers, within their own budget, are still there.
    assert_eq!(p.ffn_hidden.encoder.len(), 3);
    // And the toy preset at its longest probe sends its whole stream.
    let toy = Trainer::new(&Settings {
        norm: NormPlacement::Pre,
        ..Settings::toy(TaskKind::EnJa)
    })
    .expect("valid");
    let stream = toy.probe(toy.dataset().probe(), None).prediction.residual;
    assert_eq!(stream.encoder.layers.len(), toy::N_LAYERS);
    assert!(!stream.decoder.final_norm.is_empty());
}

#[test]
fn the_logits_are_what_the_softmax_turns_into_the_probabilities() {
    let t = Trainer::new(&small(TaskKind::EnJa)).expect("valid");
    let p = t.probe(t.dataset().probe(), None).prediction;
    let v = p.vocab.len();
    assert_eq!(p.logits.len(), p.probs.len());
    assert_eq!(p.logits.len(), p.targets.len() * v);
    for (position, row) in p.logits.chunks(v).enumerate() {
        // softmax, in f64, from the logits alone.
        let top = row
            .iter()
            .fold(f64::NEG_INFINITY, |m, &z| m.max(f64::from(z)));
        let sum: f64 = row.iter().map(|&z| (f64::from(z) - top).exp()).sum();
        for (k, &z) in row.iter().enumerate() {
            let expected = (f64::from(z) - top).exp() / sum;
            let got = f64::from(p.row(position)[k]);
            assert!(
                (got - expected).abs() < 1e-5,
                "position {position}, token {k}"
            );
        }
        let best = (0..v).max_by(|&a, &b| row[a].total_cmp(&row[b]));
        assert_eq!(best, p.most_likely(position), "position {position}");
    }
}
