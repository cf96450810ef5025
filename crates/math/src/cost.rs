//! What a training step costs, from the sizes alone, before anything is
//! allocated: the parameters, the memory a worker needs, and the
//! multiply-adds of one step.
//!
//! The model counts its parameters with [`parameter_count`] (one
//! definition; `lab_model::parameters` wraps it), the trainer refuses
//! settings whose [`StepCost::peak_bytes`] exceed [`MAX_WORKER_BYTES`], and
//! the page shows the same estimate next to the settings as they are typed.
//! `lab-train`'s test `tests/memory.rs` holds the memory estimate against
//! what a real step allocates, for a few sizes.

use crate::norm::NormPlacement;

/// The sizes of an encoder-decoder Transformer that its cost depends on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ModelSize {
    pub d_model: usize,
    pub n_heads: usize,
    pub d_ff: usize,
    pub n_encoder_layers: usize,
    pub n_decoder_layers: usize,
    pub src_vocab: usize,
    pub tgt_vocab: usize,
    pub norm: NormPlacement,
    /// Whether the pre-softmax projection is the target embedding, transposed
    /// (§3.4's weight tying), so it adds no weights of its own.
    pub tied_output: bool,
}

/// How many floats a model of `size` has, or `None` if counting overflows.
/// Computed from the sizes alone, so it is safe on any checkpoint header.
pub fn parameter_count(size: &ModelSize) -> Option<u64> {
    let [d, d_ff, src, tgt, enc, dec] = [
        size.d_model,
        size.d_ff,
        size.src_vocab,
        size.tgt_vocab,
        size.n_encoder_layers,
        size.n_decoder_layers,
    ]
    .map(|x| x as u64);
    // A Linear layer: a weight matrix and a bias.
    let linear = |i: u64, o: u64| i.checked_mul(o)?.checked_add(o);
    // W^Q, W^K, W^V and W^O.
    let attention = linear(d, d)?.checked_mul(4)?;
    let ffn = linear(d, d_ff)?.checked_add(linear(d_ff, d)?)?;
    // LayerNorm's gain and bias.
    let norm = d.checked_mul(2)?;
    let encoder_layer = attention
        .checked_add(ffn)?
        .checked_add(norm.checked_mul(2)?)?;
    let decoder_layer = attention
        .checked_mul(2)?
        .checked_add(ffn)?
        .checked_add(norm.checked_mul(3)?)?;
    // Pre-norm ends each stack with a LayerNorm of its own.
    let final_norms = if size.norm == NormPlacement::Pre {
        norm.checked_mul(2)?
    } else {
        0
    };
    src.checked_add(tgt)?
        .checked_mul(d)?
        .checked_add(encoder_layer.checked_mul(enc)?)?
        .checked_add(decoder_layer.checked_mul(dec)?)?
        .checked_add(final_norms)?
        .checked_add(if size.tied_output { 0 } else { linear(d, tgt)? })
}

/// What one worker computes in a step: its sentences (its shard of the
/// batch) and their padded lengths in tokens (with `<eos>` / `<bos>`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Workload {
    pub sentences: usize,
    pub src_len: usize,
    pub tgt_len: usize,
}

/// The cost of one training step in one worker.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StepCost {
    pub parameters: u64,
    /// The weights and Adam's two moments: three floats per parameter, held
    /// for the whole run.
    pub state_bytes: u64,
    /// What a step allocates on top, at its peak: the activations the
    /// forward pass keeps for the backward pass, and the gradients (each
    /// shard's, their sum and the optimizer's working copy: about four
    /// floats per parameter).
    pub step_bytes: u64,
    /// Multiply-adds of the step: the forward pass and the backward pass
    /// (which costs about twice the forward).
    pub multiply_adds: u64,
}

impl StepCost {
    /// The memory the worker needs at the step's peak.
    pub fn peak_bytes(&self) -> u64 {
        self.state_bytes.saturating_add(self.step_bytes)
    }
}

/// The most memory a training step may need in one worker. A wasm32 worker
/// addresses at most 4 GiB; the code, the dataset, the messages and the
/// allocator's slack need part of it, so the lab plans for 3 GiB.
pub const MAX_WORKER_BYTES: u64 = 3 << 30;

/// Bytes of an `f32`.
const FLOAT: u64 = 4;
/// The weights, and Adam's first and second moments.
const STATE_COPIES: u64 = 3;
/// Copies of the gradients alive at a step's peak (`tests/memory.rs`).
const GRADIENT_COPIES: u64 = 4;

// Floats an autodiff forward pass keeps per token and per layer, counted
// from the model's code: the sub-layer inputs, q, k, v, the context, the
// head outputs, the residual sums, LayerNorm's inputs and normalised values,
// and the dropout masks, per `d_model`; the FFN's hidden pre-activation,
// ReLU output and dropout mask, per `d_ff`; the scores, the softmax weights
// and their dropout mask, per head and key.
const ENCODER_PER_D: u64 = 14;
const DECODER_PER_D: u64 = 24;
const PER_D_FF: u64 = 3;
const PER_SCORE: u64 = 3;
/// The logits, their log-softmax and the smoothed targets, per target word.
const PER_LOGIT: u64 = 3;

/// The cost of one training step of a model of `size` on `work`, or `None`
/// if a count overflows (such a model could never fit).
pub fn step_cost(size: &ModelSize, work: &Workload) -> Option<StepCost> {
    let parameters = parameter_count(size)?;
    let [d, d_ff, h, enc, dec, vocab] = [
        size.d_model,
        size.d_ff,
        size.n_heads,
        size.n_encoder_layers,
        size.n_decoder_layers,
        size.tgt_vocab,
    ]
    .map(|x| x as u64);
    let [b, s, t] = [work.sentences, work.src_len, work.tgt_len].map(|x| x as u64);
    let (src_tokens, tgt_tokens) = (b.checked_mul(s)?, b.checked_mul(t)?);

    // Activations kept by the forward pass, in floats.
    let encoder_token = ENCODER_PER_D
        .checked_mul(d)?
        .checked_add(PER_D_FF.checked_mul(d_ff)?)?
        .checked_add(PER_SCORE.checked_mul(h)?.checked_mul(s)?)?;
    let decoder_token = DECODER_PER_D
        .checked_mul(d)?
        .checked_add(PER_D_FF.checked_mul(d_ff)?)?
        .checked_add(PER_SCORE.checked_mul(h)?.checked_mul(t.checked_add(s)?)?)?;
    let kept = src_tokens
        .checked_mul(enc)?
        .checked_mul(encoder_token)?
        .checked_add(tgt_tokens.checked_mul(dec)?.checked_mul(decoder_token)?)?
        // The embeddings + PE of both sides.
        .checked_add(src_tokens.checked_add(tgt_tokens)?.checked_mul(2 * d)?)?
        .checked_add(tgt_tokens.checked_mul(vocab)?.checked_mul(PER_LOGIT)?)?;
    let step_bytes = kept
        .checked_mul(FLOAT)?
        .checked_add(parameters.checked_mul(FLOAT * GRADIENT_COPIES)?)?;

    // Multiply-adds of the forward pass, per token and layer: the attention's
    // projections (4·d², and 2·d² more for the decoder's cross-attention
    // queries and output), its scores and context (2·d per key), the FFN.
    let sum = |terms: &[Option<u64>]| -> Option<u64> {
        terms.iter().try_fold(0u64, |acc, t| acc.checked_add((*t)?))
    };
    let d_squared = d.checked_mul(d)?;
    let ffn = d.checked_mul(d_ff)?.checked_mul(2);
    let encoder_layer = sum(&[
        d_squared.checked_mul(4),
        d.checked_mul(s)?.checked_mul(2),
        ffn,
    ])?;
    let decoder_layer = sum(&[
        d_squared.checked_mul(6),
        d.checked_mul(t)?.checked_mul(2),
        d.checked_mul(s)?.checked_mul(2),
        ffn,
    ])?;
    let forward = sum(&[
        src_tokens.checked_mul(enc.checked_mul(encoder_layer)?),
        tgt_tokens.checked_mul(dec.checked_mul(decoder_layer)?),
        // The cross-attention's K and V of the memory, in every decoder layer.
        src_tokens.checked_mul(dec.checked_mul(d_squared.checked_mul(2)?)?),
        tgt_tokens.checked_mul(d.checked_mul(vocab)?),
    ])?;
    Some(StepCost {
        parameters,
        state_bytes: parameters.checked_mul(FLOAT * STATE_COPIES)?,
        step_bytes,
        multiply_adds: forward.checked_mul(3)?,
    })
}

/// Multiply-adds per second of one training worker when nothing has been
/// measured in this browser yet: the toy preset's English → Japanese steps
/// in Chromium on the development machine (BENCHMARKS.md: about 24 steps/s,
/// the batch in two shards, 6.2e9 by this module's count). Bigger models
/// run at about twice that rate, so an estimate made with it errs on the
/// slow side. The page replaces it by this browser's own rate as soon as a
/// run trains.
pub const TYPICAL_MULTIPLY_ADDS_PER_S: f64 = 6.0e9;

#[cfg(test)]
mod tests {
    use super::*;

    fn size(d_model: usize, n_heads: usize, layers: usize, d_ff: usize) -> ModelSize {
        ModelSize {
            d_model,
            n_heads,
            d_ff,
            n_encoder_layers: layers,
            n_decoder_layers: layers,
            src_vocab: 40,
            tgt_vocab: 50,
            norm: NormPlacement::Post,
            tied_output: false,
        }
    }

    #[test]
    fn the_parameters_of_a_small_model_counted_by_hand() {
        // d = 2, d_ff = 4, one layer each side, vocabularies 3 and 5.
        let s = ModelSize {
            src_vocab: 3,
            tgt_vocab: 5,
            ..size(2, 1, 1, 4)
        };
        let embeddings = (3 + 5) * 2;
        let attention = 4 * (2 * 2 + 2);
        let ffn = (2 * 4 + 4) + (4 * 2 + 2);
        let norms = 2 * 2;
        let encoder = attention + ffn + 2 * norms;
        let decoder = 2 * attention + ffn + 3 * norms;
        let output = 2 * 5 + 5;
        assert_eq!(
            parameter_count(&s),
            Some(embeddings + encoder + decoder + output)
        );
        let pre = ModelSize {
            norm: NormPlacement::Pre,
            ..s
        };
        assert_eq!(
            parameter_count(&pre),
            Some(embeddings + encoder + decoder + output + 2 * norms)
        );
        let tied = ModelSize {
            tied_output: true,
            ..s
        };
        assert_eq!(
            parameter_count(&tied),
            Some(embeddings + encoder + decoder),
            "a tied output projection is the target embedding: no weights, no bias"
        );
        let huge = ModelSize {
            d_model: usize::MAX,
            ..s
        };
        assert_eq!(parameter_count(&huge), None);
    }

    #[test]
    fn memory_and_work_grow_with_the_batch_and_the_model_and_overflow_is_none() {
        let work = Workload {
            sentences: 32,
            src_len: 10,
            tgt_len: 12,
        };
        let toy = step_cost(&size(64, 4, 2, 256), &work).expect("small");
        let twice = step_cost(
            &size(64, 4, 2, 256),
            &Workload {
                sentences: 64,
                ..work
            },
        )
        .expect("small");
        let gradients = 16 * toy.parameters;
        assert_eq!(
            twice.step_bytes - gradients,
            2 * (toy.step_bytes - gradients)
        );
        assert_eq!(twice.multiply_adds, 2 * toy.multiply_adds);
        assert_eq!(
            twice.state_bytes, toy.state_bytes,
            "the weights do not grow with the batch"
        );
        assert_eq!(toy.state_bytes, 12 * toy.parameters);
        let big = step_cost(&size(512, 8, 6, 2048), &work).expect("fits in u64");
        assert!(big.peak_bytes() > 10 * toy.peak_bytes());
        assert!(big.multiply_adds > 10 * toy.multiply_adds);
        let absurd = Workload {
            sentences: usize::MAX,
            ..work
        };
        assert_eq!(step_cost(&size(64, 4, 2, 256), &absurd), None);
        // Sizes as a hostile link or a typo may hold: no overflow, no panic,
        // and `None` once a count leaves u64.
        for huge in [1 << 31, 1 << 40, usize::MAX] {
            let long = Workload {
                src_len: huge,
                ..work
            };
            let costs = [
                step_cost(&size(huge, 4, 2, 256), &work),
                step_cost(&size(64, 4, 2, huge), &work),
                step_cost(&size(64, huge, 2, 256), &work),
                step_cost(&size(64, 4, 2, 256), &long),
            ];
            if huge == usize::MAX {
                assert_eq!(costs, [None; 4]);
            }
        }
    }

    #[test]
    fn the_multiply_adds_of_one_encoder_layer_counted_by_hand() {
        // No decoder layers and a one-word target vocabulary isolate the encoder.
        let s = ModelSize {
            n_decoder_layers: 0,
            tgt_vocab: 1,
            ..size(8, 2, 1, 16)
        };
        let work = Workload {
            sentences: 1,
            src_len: 3,
            tgt_len: 1,
        };
        let cost = step_cost(&s, &work).expect("small");
        // Per source token: W^Q,K,V,O (4·d²), scores and context (2·d·S), the FFN (2·d·d_ff);
        // the output projection of the one target token (d·V).
        let forward = 3 * (4 * 64 + 2 * 8 * 3 + 2 * 8 * 16) + 8;
        assert_eq!(cost.multiply_adds, 3 * forward);
    }
}
