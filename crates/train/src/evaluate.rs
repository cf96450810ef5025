//! Held-out evaluation: loss, token accuracy, exact match, BLEU, and which
//! cross-attention heads learned the word alignment.
//!
//! **Alignment agreement.** Decoder row `j` of cross-attention is the query
//! that predicts target word `j`. A head *agrees* on that word when its
//! largest weight falls on the source word that the gold alignment says
//! `j` translates. Target words with no source word (Japanese particles) are
//! not counted.

use lab_math::search::Beam;
use lab_model::burn::tensor::Tensor;
use lab_model::{beam_search, greedy_decode_batch, AttentionOutput, DecodeMode};
use lab_protocol::{DecodingComparison, EvalReport};
use lab_tasks::{corpus_bleu, exact_match, Pair, EOS};

use crate::batch::{source_ids, Batch};
use crate::loss::smoothed_cross_entropy;
use crate::trainer::Trainer;

/// Sentences per evaluation batch.
const EVAL_BATCH: usize = 100;

/// `argmax` agreement counts per `(layer, head)` for one batch.
///
/// # Shapes
/// - each `cross[l].weights`: `[batch, n_heads, tgt_len, src_len]`
pub fn alignment_hits(cross: &[AttentionOutput], pairs: &[&Pair]) -> (Vec<usize>, usize) {
    let mut hits = Vec::new();
    let mut total = 0;
    for (layer, out) in cross.iter().enumerate() {
        let [batch, n_heads, tgt_len, src_len] = out.weights.dims();
        let w = floats(out.weights.clone());
        hits.resize((layer + 1) * n_heads, 0);
        for (b, pair) in pairs.iter().enumerate().take(batch) {
            for (j, gold) in pair.alignment.iter().enumerate().take(tgt_len) {
                let Some(gold) = *gold else { continue };
                if layer == 0 {
                    total += 1;
                }
                for h in 0..n_heads {
                    let row = &w[((b * n_heads + h) * tgt_len + j) * src_len..][..src_len];
                    let argmax = row
                        .iter()
                        .enumerate()
                        .max_by(|a, c| a.1.total_cmp(c.1))
                        .map(|(k, _)| k);
                    if argmax == Some(gold) {
                        hits[layer * n_heads + h] += 1;
                    }
                }
            }
        }
    }
    (hits, total)
}

/// A float tensor's values, row-major.
pub fn floats<const D: usize>(t: Tensor<D>) -> Vec<f32> {
    t.into_data()
        .try_into_vec_as::<f32>()
        .expect("float tensors hold f32 values")
}

/// A held-out sentence that greedy decoding got wrong.
#[derive(Clone, Debug, PartialEq)]
pub struct Mistake {
    pub source: Vec<String>,
    pub expected: Vec<String>,
    pub decoded: Vec<String>,
}

impl Trainer {
    /// Greedy decodes of `pairs`, as words.
    fn decode_words(&self, model: &lab_model::Transformer, batch: &Batch) -> Vec<Vec<String>> {
        let data = self.dataset();
        greedy_decode_batch(model, batch.src.clone(), data.max_tgt_len + 2)
            .into_iter()
            .map(|ids| {
                ids.iter()
                    .map(|&id| data.tgt_vocab.token(id).to_string())
                    .collect()
            })
            .collect()
    }

    /// The held-out sentences (of the first `max_sentences`) that greedy decoding gets wrong.
    pub fn mistakes(&self, max_sentences: usize) -> Vec<Mistake> {
        self.held_out_decodes(max_sentences)
            .into_iter()
            .filter(|m| m.decoded != m.expected)
            .collect()
    }

    /// The first `max_sentences` held-out sentences, each with its reference
    /// and its greedy decode, right or wrong.
    pub fn held_out_decodes(&self, max_sentences: usize) -> Vec<Mistake> {
        let model = self.inference_model();
        let data = self.dataset();
        let pairs: Vec<&Pair> = data.heldout.iter().take(max_sentences.max(1)).collect();
        let mut out = Vec::new();
        for chunk in pairs.chunks(EVAL_BATCH) {
            let batch = Batch::new(
                chunk,
                &data.src_vocab,
                &data.tgt_vocab,
                &self.backend().device(),
            );
            for (pair, decoded) in chunk.iter().zip(self.decode_words(&model, &batch)) {
                out.push(Mistake {
                    source: pair.src.clone(),
                    expected: pair.tgt.clone(),
                    decoded,
                });
            }
        }
        out
    }

    /// Evaluates on the first `max_sentences` held-out pairs (all if larger).
    pub fn evaluate(&self, max_sentences: usize) -> EvalReport {
        let model = self.inference_model();
        let device = self.backend().device();
        let data = self.dataset();
        let pairs: Vec<&Pair> = data.heldout.iter().take(max_sentences.max(1)).collect();
        let (mut loss_sum, mut correct, mut tokens) = (0.0f64, 0usize, 0usize);
        let (mut hits, mut aligned) = (Vec::new(), 0usize);
        let (mut hypotheses, mut references) = (Vec::new(), Vec::new());
        for chunk in pairs.chunks(EVAL_BATCH) {
            let batch = Batch::new(chunk, &data.src_vocab, &data.tgt_vocab, &device);
            hypotheses.extend(self.decode_words(&model, &batch));
            let out = model.forward(batch.src.clone(), batch.tgt_in);
            let loss = smoothed_cross_entropy(out.logits, &batch.tgt_out, 0.0);
            loss_sum += loss.loss.into_scalar::<f32>() as f64 * loss.n_tokens as f64;
            correct += loss.correct;
            tokens += loss.n_tokens;
            let (h, t) = alignment_hits(&out.attention.cross, chunk);
            hits.resize(h.len(), 0);
            hits.iter_mut().zip(h).for_each(|(a, b)| *a += b);
            aligned += t;
            references.extend(chunk.iter().map(|p| p.tgt.clone()));
        }
        EvalReport {
            step: self.step_count(),
            loss: (loss_sum / tokens.max(1) as f64) as f32,
            token_accuracy: correct as f32 / tokens.max(1) as f32,
            exact_match: exact_match(&hypotheses, &references) as f32,
            bleu: corpus_bleu(&hypotheses, &references) as f32,
            sentences: pairs.len(),
            // A real task has no gold alignment to agree with: no agreement at all.
            head_alignment: hits
                .iter()
                .filter(|_| aligned > 0)
                .map(|&h| h as f32 / aligned as f32)
                .collect(),
            n_layers: self.settings().n_layers,
            n_heads: self.settings().n_heads,
        }
    }
}

impl Trainer {
    /// Held-out BLEU and exact match of greedy decoding and of beam search,
    /// on the same model and the first `max_sentences` held-out sentences.
    /// Beam search runs one sentence at a time.
    pub fn compare_decoding(&self, beam: Beam, max_sentences: usize) -> DecodingComparison {
        let model = self.inference_model();
        let data = self.dataset();
        let greedy: Vec<Mistake> = self.held_out_decodes(max_sentences);
        let references: Vec<Vec<String>> = greedy.iter().map(|m| m.expected.clone()).collect();
        let greedy: Vec<Vec<String>> = greedy.into_iter().map(|m| m.decoded).collect();
        let beamed: Vec<Vec<String>> = data
            .heldout
            .iter()
            .take(references.len())
            .map(|pair| {
                let src = source_ids(&data.src_vocab, &pair.src);
                let search =
                    beam_search(&model, &src, beam, data.max_tgt_len + 2, DecodeMode::Cached);
                search
                    .best
                    .tokens
                    .iter()
                    .take_while(|&&t| t != EOS)
                    .map(|&id| data.tgt_vocab.token(id).to_string())
                    .collect()
            })
            .collect();
        DecodingComparison {
            beam,
            sentences: references.len(),
            greedy_bleu: corpus_bleu(&greedy, &references) as f32,
            beam_bleu: corpus_bleu(&beamed, &references) as f32,
            greedy_exact: exact_match(&greedy, &references) as f32,
            beam_exact: exact_match(&beamed, &references) as f32,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lab_model::burn::tensor::TensorData;

    #[test]
    fn a_head_agrees_when_its_argmax_is_the_gold_source_word() {
        let device = crate::device();
        // One sentence, 2 heads, 2 target rows, 3 source keys.
        // Head 0 looks at keys 2 then 0 (both gold); head 1 at keys 1 then 0 (one gold).
        let w = vec![
            0.1f32, 0.2, 0.7, 0.8, 0.1, 0.1, 0.2, 0.6, 0.2, 0.5, 0.4, 0.1,
        ];
        let weights = Tensor::<4>::from_data(TensorData::new(w, [1, 2, 2, 3]), &device);
        let x = Tensor::<3>::zeros([1, 2, 4], &device);
        let qkv = Tensor::<4>::zeros([1, 2, 2, 2], &device);
        let out = AttentionOutput {
            context: x.clone(),
            scores: weights.clone(),
            weights,
            x_q: x,
            q: qkv.clone(),
            k: qkv.clone(),
            v: qkv.clone(),
            heads: qkv,
        };
        let pair = Pair::from_text("a b c", "x y", vec![Some(2), Some(0)]);
        let (hits, total) = alignment_hits(&[out], &[&pair]);
        assert_eq!(total, 2);
        assert_eq!(hits, vec![2, 1]);
    }
}
