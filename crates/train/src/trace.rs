//! One attention head opened up, for the "inside one head" view: every
//! intermediate of `softmax(QKᵀ / √d_k) V` and `Concat(heads) W^O`, read off
//! the model's own forward pass (§3.2.1, §3.2.2).
//!
//! Nothing is recomputed a second way: `q`, `k`, `v`, the scaled scores, the
//! weights, each head's context and the output are the tensors the model's
//! attention returned (`lab_model::AttentionOutput`); `W^O` is its parameter.
//! Only `q · k` before scaling is an extra product, of the model's own `q` and
//! `k`. The tests recompose the pieces by hand and match the model's output.

use lab_math::limits::MAX_OUTPUT_TOKENS;
use lab_model::attention::MultiHeadAttention;
use lab_model::burn::tensor::Tensor;
use lab_model::{Keep, Transformer};
use lab_protocol::{AttentionKind, HeadTrace, TraceRequest};

use crate::evaluate::floats;
use crate::inspect::{source_side, tokens, Forced, InputError};
use crate::trainer::Trainer;

/// The attention block a request points at.
fn block(model: &Transformer, kind: AttentionKind, layer: usize) -> &MultiHeadAttention {
    match kind {
        AttentionKind::EncoderSelf => &model.encoder.layers[layer].self_attn,
        AttentionKind::DecoderSelf => &model.decoder.layers[layer].self_attn,
        AttentionKind::Cross => &model.decoder.layers[layer].cross_attn,
    }
}

/// The mask the model applied to one unpadded sentence: the causal mask for
/// decoder self-attention, nothing hidden otherwise (`lab_math::masks`).
///
/// # Shapes
/// - output: `[seq_q, seq_k]` flattened, `true` = hidden.
fn applied_mask(kind: AttentionKind, seq_q: usize, seq_k: usize) -> Vec<bool> {
    match kind {
        AttentionKind::DecoderSelf => lab_math::combined_mask(&[seq_k], seq_k),
        AttentionKind::EncoderSelf | AttentionKind::Cross => {
            let keys = lab_math::padding_mask(&[seq_k], seq_k); // [seq_k]
            (0..seq_q).flat_map(|_| keys.iter().copied()).collect()
        }
    }
}

impl Trainer {
    /// One head of the pass in `forced`. Out-of-range layers and heads are
    /// clamped (a request may predate a model change); `trace.request` says
    /// which head was really traced.
    pub(crate) fn head_trace(
        &self,
        model: &Transformer,
        forced: &Forced,
        request: &TraceRequest,
    ) -> HeadTrace {
        let maps = &forced.out.attention;
        let layers = match request.kind {
            AttentionKind::EncoderSelf => &maps.encoder_self,
            AttentionKind::DecoderSelf => &maps.decoder_self,
            AttentionKind::Cross => &maps.cross,
        };
        let layer = request.layer.min(layers.len() - 1);
        let attn = &layers[layer];
        let [_, n_heads, seq_q, seq_k] = attn.weights.dims();
        let head = request.head.min(n_heads - 1);
        let [_, _, _, d_k] = attn.q.dims();
        let d_model = n_heads * d_k;
        let one = |t: &Tensor<4>| t.clone().narrow(0, 0, 1).narrow(1, head, 1); // [1, 1, rows, cols]
        let (q, k) = (one(&attn.q), one(&attn.k));
        let dots = q.clone().matmul(k.clone().transpose()); // [1, 1, seq_q, seq_k]
        let concat = attn
            .heads
            .clone()
            .narrow(0, 0, 1)
            .swap_dims(1, 2)
            .reshape([seq_q, d_model]); // [seq_q, d_model]
        let w = block(model, request.kind, layer);
        let data = self.dataset();
        // The source as the views label it: a word read as <unk> as typed.
        let (src, tgt_in) = (
            forced.src_tokens.clone(),
            tokens(&data.tgt_vocab, &forced.tgt_in),
        );
        let (query_tokens, query_predicts, key_tokens) = match request.kind {
            AttentionKind::EncoderSelf => (src.clone(), Vec::new(), src),
            AttentionKind::DecoderSelf => (
                tgt_in.clone(),
                tokens(&data.tgt_vocab, &forced.tgt_out),
                tgt_in,
            ),
            AttentionKind::Cross => (tgt_in, tokens(&data.tgt_vocab, &forced.tgt_out), src),
        };
        HeadTrace {
            request: Some(TraceRequest {
                layer,
                head,
                ..request.clone()
            }),
            query_tokens,
            query_predicts,
            key_tokens,
            seq_q,
            seq_k,
            d_model,
            d_k,
            n_heads,
            x_q: floats(attn.x_q.clone().narrow(0, 0, 1)),
            q: floats(q),
            k: floats(k),
            v: floats(one(&attn.v)),
            dots: floats(dots),
            scores: floats(one(&attn.scores)),
            mask: applied_mask(request.kind, seq_q, seq_k),
            weights: floats(one(&attn.weights)),
            head_context: floats(one(&attn.heads)),
            concat: floats(concat),
            w_o: floats(w.output.weight.val()),
            b_o: w
                .output
                .bias
                .as_ref()
                .map(|b| floats(b.val()))
                .unwrap_or_else(|| vec![0.0; d_model]),
            output: floats(attn.context.clone().narrow(0, 0, 1)),
        }
    }

    /// One head on the probe sentence (`request.sentence == None`) or on typed
    /// text, which is first translated greedily and then run teacher-forced on
    /// its own translation.
    pub fn trace_head(&self, request: &TraceRequest) -> Result<HeadTrace, InputError> {
        let model = self.inference_model();
        let data = self.dataset();
        let (src, tgt) = match &request.sentence {
            None => {
                let probe = data.probe();
                (data.src_vocab.encode_words(&probe.src), probe.tgt.clone())
            }
            Some(text) => {
                let encoded = self.read_input(text)?;
                let (src_ids, _) = source_side(&encoded);
                let decoded = lab_model::greedy_decode(&model, &src_ids, MAX_OUTPUT_TOKENS, 1);
                let ids: Vec<u32> = decoded
                    .tokens
                    .into_iter()
                    .take_while(|&t| t != lab_tasks::EOS)
                    .collect();
                (encoded, data.tgt_vocab.decode(&ids))
            }
        };
        let forced = self.teacher_forced(&model, &src, &tgt, Keep::Nothing);
        Ok(self.head_trace(&model, &forced, request))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::small;
    use lab_protocol::Settings;
    use lab_tasks::TaskKind;

    fn trainer() -> Trainer {
        let settings = Settings {
            n_layers: 2,
            ..small(TaskKind::EnJa)
        };
        let mut t = Trainer::new(&settings).expect("valid");
        // A few steps, so the weights are not the symmetric initial ones.
        for _ in 0..3 {
            t.step();
        }
        t
    }

    fn close(a: &[f32], b: &[f32], what: &str) {
        assert_eq!(a.len(), b.len(), "{what}: lengths");
        let worst = a
            .iter()
            .zip(b)
            .map(|(x, y)| (x - y).abs())
            .fold(0.0f32, f32::max);
        assert!(worst < 1e-5, "{what}: differs by {worst}");
    }

    /// Head `head` of layer `layer` of `kind`, traced on the probe sentence.
    fn probe_head(t: &Trainer, kind: AttentionKind, layer: usize, head: usize) -> HeadTrace {
        t.trace_head(&TraceRequest {
            kind,
            layer,
            head,
            sentence: None,
        })
        .expect("probe traces")
    }

    /// Rebuilds the head's output from its inputs with plain arithmetic, stage by stage.
    fn recompose(tr: &HeadTrace, all_heads: &[HeadTrace]) {
        let (sq, sk, dk, dm) = (tr.seq_q, tr.seq_k, tr.d_k, tr.d_model);
        let row = |m: &[f32], w: usize, i: usize| HeadTrace::row(m, w, i).to_vec();
        let dot = |a: &[f32], b: &[f32]| a.iter().zip(b).map(|(x, y)| x * y).sum::<f32>();
        let dots: Vec<f32> = (0..sq)
            .flat_map(|i| (0..sk).map(move |j| (i, j)))
            .map(|(i, j)| dot(&row(&tr.q, dk, i), &row(&tr.k, dk, j)))
            .collect();
        close(&dots, &tr.dots, "q·k");
        let scaled: Vec<f32> = dots.iter().map(|d| d / (dk as f32).sqrt()).collect();
        close(&scaled, &tr.scores, "q·k / √d_k");
        for i in 0..sq {
            let masked = tr.masked_scores(i);
            let max = masked
                .iter()
                .flatten()
                .fold(f32::NEG_INFINITY, |m, &s| m.max(s));
            let exp: Vec<f32> = masked
                .iter()
                .map(|s| s.map_or(0.0, |s| (s - max).exp()))
                .collect();
            let total: f32 = exp.iter().sum();
            let weights: Vec<f32> = exp.iter().map(|e| e / total).collect();
            close(&weights, HeadTrace::row(&tr.weights, sk, i), "softmax");
            let context: Vec<f32> = (0..dk)
                .map(|c| (0..sk).map(|j| weights[j] * tr.v[j * dk + c]).sum())
                .collect();
            close(
                &context,
                HeadTrace::row(&tr.head_context, dk, i),
                "weights · V",
            );
            // Concat(head_1 … head_h) W^O + b^O.
            let concat: Vec<f32> = all_heads
                .iter()
                .flat_map(|h| row(&h.head_context, dk, i))
                .collect();
            close(&concat, HeadTrace::row(&tr.concat, dm, i), "concat");
            let out: Vec<f32> = (0..dm)
                .map(|c| tr.b_o[c] + (0..dm).map(|r| concat[r] * tr.w_o[r * dm + c]).sum::<f32>())
                .collect();
            close(
                &out,
                HeadTrace::row(&tr.output, dm, i),
                "concat · W^O + b^O",
            );
        }
    }

    #[test]
    fn the_captured_pieces_recompose_into_the_models_own_output() {
        let t = trainer();
        for kind in AttentionKind::ALL {
            for layer in 0..2 {
                let traces: Vec<HeadTrace> = (0..2)
                    .map(|head| probe_head(&t, kind, layer, head))
                    .collect();
                for tr in &traces {
                    recompose(tr, &traces);
                }
            }
        }
    }

    #[test]
    fn the_trace_shows_the_same_weights_as_the_attention_maps() {
        let t = trainer();
        let probe = t.dataset().probe().clone();
        let request = TraceRequest {
            kind: AttentionKind::Cross,
            layer: 1,
            head: 1,
            sentence: None,
        };
        let p = t.probe(&probe, Some(&request));
        let trace = p.trace.expect("asked for a trace");
        assert_eq!(
            trace.weights,
            p.attention.cross.head(1, 1),
            "one pass, one set of numbers"
        );
        assert_eq!(trace.query_tokens, p.attention.tgt_tokens);
        assert_eq!(trace.key_tokens, p.attention.src_tokens);
    }

    #[test]
    fn decoder_self_attention_hides_the_future_and_the_encoder_hides_nothing() {
        let t = trainer();
        let dec = probe_head(&t, AttentionKind::DecoderSelf, 0, 0);
        for i in 0..dec.seq_q {
            for j in 0..dec.seq_k {
                assert_eq!(dec.mask[i * dec.seq_k + j], j > i);
                if j > i {
                    assert_eq!(dec.weights[i * dec.seq_k + j], 0.0);
                }
            }
        }
        let enc = probe_head(&t, AttentionKind::EncoderSelf, 0, 0);
        assert!(enc.mask.iter().all(|&m| !m));
    }

    #[test]
    fn typed_sentences_are_traced_and_bad_ones_explained() {
        let t = trainer();
        let request = |s: &str| TraceRequest {
            kind: AttentionKind::Cross,
            layer: 9,
            head: 9,
            sentence: Some(s.into()),
        };
        let tr = t
            .trace_head(&request("the dog sees a cat"))
            .expect("known words");
        assert_eq!(tr.key_tokens.len(), 6, "5 words and <eos>");
        let clamped = tr.request.expect("recorded");
        assert_eq!(
            (clamped.layer, clamped.head),
            (1, 1),
            "out-of-range head is clamped"
        );
        assert!(matches!(
            t.trace_head(&request("the zebra")),
            Err(InputError::Unknown(_))
        ));
    }

    #[test]
    fn an_unknown_word_is_traced_as_typed_and_read_as_unk() {
        let t = crate::inspect::tests::real_en_ja();
        let trace = |kind, text: &str| {
            t.trace_head(&TraceRequest {
                kind,
                layer: 0,
                head: 1,
                sentence: Some(text.into()),
            })
            .expect("a real task traces unknown words")
        };
        let cross = trace(AttentionKind::Cross, "the zyzzyva is big .");
        assert_eq!(
            cross.key_tokens,
            ["the", "<unk>:zyzzyva", "is", "big", ".", "<eos>"]
        );
        let translation = t
            .translate("the zyzzyva is big .", false)
            .expect("a real task translates unknown words");
        assert_eq!(cross.key_tokens, translation.attention.src_tokens);
        let encoder = trace(AttentionKind::EncoderSelf, "the zyzzyva is big .");
        assert_eq!(encoder.query_tokens[1], "<unk>:zyzzyva");
        assert_eq!(encoder.key_tokens, encoder.query_tokens);
        // Display only: another invented word gives the same numbers.
        let other = trace(AttentionKind::Cross, "the quuxlet is big .");
        assert_eq!(other.key_tokens[1], "<unk>:quuxlet");
        assert_eq!(other.query_tokens, cross.query_tokens);
        assert_eq!(other.weights, cross.weights);
        assert_eq!(other.output, cross.output);
    }

    #[test]
    fn beta_one_is_the_models_softmax_beta_zero_is_uniform_and_infinite_beta_is_the_argmax() {
        use lab_math::beta::{entropy_bits, softmax_beta};
        let t = trainer();
        let tr = probe_head(&t, AttentionKind::DecoderSelf, 1, 0);
        for i in 0..tr.seq_q {
            let scores = tr.masked_scores(i);
            let model = HeadTrace::row(&tr.weights, tr.seq_k, i);
            close(&softmax_beta(&scores, 1.0), model, "β = 1");
            let visible = scores.iter().flatten().count();
            let uniform = softmax_beta(&scores, 0.0);
            for (w, s) in uniform.iter().zip(&scores) {
                assert_eq!(
                    *w,
                    if s.is_some() {
                        1.0 / visible as f32
                    } else {
                        0.0
                    }
                );
            }
            assert!((entropy_bits(&uniform) - (visible as f32).log2()).abs() < 1e-5);
            let hard = softmax_beta(&scores, f32::INFINITY);
            let best = model
                .iter()
                .enumerate()
                .max_by(|a, b| a.1.total_cmp(b.1))
                .map(|(j, _)| j)
                .expect("a key");
            assert_eq!(
                hard[best], 1.0,
                "query {i}: the model's favourite key takes all the weight"
            );
            assert_eq!(entropy_bits(&hard), 0.0);
        }
    }
}
