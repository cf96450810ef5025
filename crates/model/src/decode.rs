//! Greedy decoding, token by token (§3 and Figure 1, "outputs shifted right"),
//! with or without a KV cache.
//!
//! At step `t` the decoder reads `<bos> y₁ … y_{t−1}`, the last position's
//! output gives a distribution over the next token, and greedy decoding takes
//! the argmax. It stops at `<eos>` or after `max_len` tokens.
//!
//! - [`DecodeMode::Recompute`] runs the decoder over the whole prefix at every
//!   step, as a teacher-forced pass would: the cost of step `t` grows like t².
//! - [`DecodeMode::Cached`] keeps each layer's keys and values
//!   ([`LayerCache`]) and runs the decoder for the newest position only: the
//!   cost grows like t. Both give the same tokens and (within float rounding)
//!   the same probabilities; the tests hold them to that.
//!
//! Every step reports the multiply-adds its matrix products did, counted by
//! [`crate::ops`]; `lab_math::decoding` has the closed-form formulas.

use burn::tensor::{Bool, Int, Tensor, TensorData};

use crate::attention::AttentionOutput;
use crate::decoder::{DecoderOutput, LayerCache};
use crate::keep::Keep;
use crate::masks::decoder_mask;
use crate::ops::count_multiply_adds;
use crate::transformer::{Transformer, BOS, EOS, PAD};
use lab_math::rng::Rng;
use lab_math::search::{draw, sampling_distribution, Sampling};

/// How the decoder is run at each step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DecodeMode {
    /// Keep every layer's keys and values; run only the newest position.
    Cached,
    /// Run the decoder over the whole prefix again at every step.
    Recompute,
}

/// What one decoding step computed, for the newest position of every sentence.
#[derive(Clone, Debug)]
pub struct StepOutput {
    /// `[batch, tgt_vocab]`: next-token scores of the newest position.
    pub logits: Tensor<2>,
    /// Per decoder layer, `[batch, n_heads, 1, t]`: the newest query's self-attention row.
    pub self_rows: Vec<Tensor<4>>,
    /// Per decoder layer, `[batch, n_heads, 1, src_len]`: the newest query's cross-attention row.
    pub cross_rows: Vec<Tensor<4>>,
    /// Multiply-adds of this step's matrix products.
    pub multiply_adds: u64,
    /// Positions held in each layer's self-attention cache after this step (0 without a cache).
    pub cached_positions: usize,
}

/// A batch of sentences being decoded: the encoder's memory, the prefixes so
/// far and, in [`DecodeMode::Cached`], every decoder layer's cache.
pub struct DecoderState<'m> {
    model: &'m Transformer,
    memory: Tensor<3>,
    src_mask: Tensor<3, Bool>,
    caches: Option<Vec<LayerCache>>,
    /// `[batch][t]`: `<bos>` and the tokens chosen so far.
    prefixes: Vec<Vec<i64>>,
    /// The encoder's self-attention, one entry per layer.
    pub encoder_self: Vec<AttentionOutput>,
}

impl<'m> DecoderState<'m> {
    /// Encodes the source and starts every prefix with `<bos>`.
    ///
    /// # Shapes
    /// - `src`: `[batch, src_len]`, PAD-padded, each row ending with `<eos>`.
    pub fn new(model: &'m Transformer, src: Tensor<2, Int>, mode: DecodeMode) -> Self {
        let [batch, _] = src.dims();
        let encoded = model.encode(src);
        let caches = (mode == DecodeMode::Cached).then(|| {
            model
                .decoder
                .layers
                .iter()
                .map(|layer| LayerCache::new(layer, &encoded.memory))
                .collect()
        });
        Self {
            model,
            memory: encoded.memory,
            src_mask: encoded.src_mask,
            caches,
            prefixes: vec![vec![BOS as i64]; batch],
            encoder_self: encoded.self_attn,
        }
    }

    /// Positions each prefix holds: `t` at step `t`.
    pub fn len(&self) -> usize {
        self.prefixes[0].len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Runs the decoder for the newest position of every prefix.
    ///
    /// The first step in [`DecodeMode::Cached`] also counts the projection of
    /// the source's cross-attention keys and values, done when the state was made.
    pub fn step(&mut self) -> StepOutput {
        let model = self.model;
        let device = self.memory.device();
        let (batch, t) = (self.prefixes.len(), self.len());
        let (
            DecoderOutput {
                hidden: h, layers, ..
            },
            mut multiply_adds,
        ) = match &mut self.caches {
            Some(caches) => {
                let last: Vec<i64> = self.prefixes.iter().map(|p| p[t - 1]).collect();
                let ids = Tensor::<2, Int>::from_data(TensorData::new(last, [batch, 1]), &device);
                let position = model.positions(t, &device).narrow(0, t - 1, 1); // [1, d_model]: row t−1
                let x = model.tgt_embed.forward(ids, &position); // [batch, 1, d_model]
                count_multiply_adds(|| model.decoder.forward_cached(x, &self.src_mask, caches))
            }
            None => {
                let ids = Tensor::<2, Int>::from_data(
                    TensorData::new(self.prefixes.concat(), [batch, t]),
                    &device,
                );
                let tgt_mask = decoder_mask(&ids, PAD); // [batch, t, t]
                let x = model.tgt_embed.forward(ids, &model.positions(t, &device)); // [batch, t, d_model]
                count_multiply_adds(|| {
                    model
                        .decoder
                        .forward(x, &self.memory, &tgt_mask, &self.src_mask, Keep::Nothing)
                })
            }
        };
        let [_, rows, d_model] = h.dims();
        let newest = h.narrow(1, rows - 1, 1); // [batch, 1, d_model]
        let (logits, generator_cost) = count_multiply_adds(|| model.generate(newest));
        multiply_adds += generator_cost;
        if t == 1 {
            if let Some(caches) = &self.caches {
                multiply_adds += caches
                    .iter()
                    .map(|c| cross_projection_cost(c, d_model))
                    .sum::<u64>();
            }
        }
        let last_row = |w: &Tensor<4>| w.clone().narrow(2, w.dims()[2] - 1, 1); // [batch, n_heads, 1, seq_k]
        StepOutput {
            logits: logits.reshape([batch, model.config.tgt_vocab_size]),
            self_rows: layers
                .iter()
                .map(|l| last_row(&l.self_attn.weights))
                .collect(),
            cross_rows: layers
                .iter()
                .map(|l| last_row(&l.cross_attn.weights))
                .collect(),
            multiply_adds,
            cached_positions: self.caches.as_ref().map_or(0, |c| c[0].len()),
        }
    }

    /// Rebuilds the batch from the rows `rows` of the current one, in that
    /// order (a row may be taken twice): beam search keeps the children of
    /// some hypotheses and drops others, and each child's prefix, memory and
    /// KV cache are its parent's.
    ///
    /// # Panics
    /// If `rows` is empty or names a row the batch does not have.
    pub fn reorder(&mut self, rows: &[usize]) {
        assert!(!rows.is_empty(), "a batch keeps at least one row");
        let device = self.memory.device();
        let ids: Vec<i64> = rows.iter().map(|&r| r as i64).collect();
        let index = Tensor::<1, Int>::from_data(TensorData::new(ids, [rows.len()]), &device);
        let pick4 = |t: &Tensor<4>| t.clone().select(0, index.clone()); // [rows, …]
        self.memory = self.memory.clone().select(0, index.clone()); // [rows, src_len, d_model]
        self.src_mask = self.src_mask.clone().select(0, index.clone()); // [rows, 1, src_len]
        if let Some(caches) = &mut self.caches {
            for cache in caches {
                cache.self_k = cache.self_k.as_ref().map(pick4);
                cache.self_v = cache.self_v.as_ref().map(pick4);
                cache.cross_k = pick4(&cache.cross_k);
                cache.cross_v = pick4(&cache.cross_v);
            }
        }
        self.prefixes = rows.iter().map(|&r| self.prefixes[r].clone()).collect();
    }

    /// Appends one chosen token to every prefix.
    ///
    /// # Panics
    /// If `tokens` does not hold one token per sentence.
    pub fn push(&mut self, tokens: &[u32]) {
        assert_eq!(tokens.len(), self.prefixes.len(), "one token per sentence");
        for (prefix, &token) in self.prefixes.iter_mut().zip(tokens) {
            prefix.push(token as i64);
        }
    }
}

/// The multiply-adds of projecting the source into one layer's cross keys and values.
fn cross_projection_cost(cache: &LayerCache, d_model: usize) -> u64 {
    let [batch, _, src_len, _] = cache.cross_k.dims();
    (2 * batch * src_len * d_model * d_model) as u64
}

/// One generated token.
#[derive(Clone, Debug)]
pub struct DecodeStep {
    pub token: u32,
    /// The `k` most probable next tokens and their probabilities, best first
    /// (when sampling: of the sampling distribution).
    pub top_k: Vec<(u32, f32)>,
    /// When sampling: how many tokens the sampling distribution kept.
    pub kept: Option<usize>,
    /// Per decoder layer, `[1, n_heads, 1, t]`: the self-attention row of the query that chose `token`.
    pub self_rows: Vec<Tensor<4>>,
    /// Per decoder layer, `[1, n_heads, 1, src_len]`: its cross-attention row.
    pub cross_rows: Vec<Tensor<4>>,
    /// Multiply-adds of this step's matrix products.
    pub multiply_adds: u64,
    /// Positions in each layer's self-attention cache after this step (0 without a cache).
    pub cached_positions: usize,
}

#[derive(Clone, Debug)]
pub struct Decoded {
    /// Generated ids without `<bos>`; ends with `<eos>` unless `max_len` was reached.
    pub tokens: Vec<u32>,
    pub steps: Vec<DecodeStep>,
    /// The encoder's self-attention, one entry per layer.
    pub encoder_self: Vec<AttentionOutput>,
}

/// Greedy decoding of one source sentence with the KV cache, keeping every step's top-k and rows.
///
/// # Shapes
/// - `src`: `[src_len]` ids ending with `<eos>`.
pub fn greedy_decode(model: &Transformer, src: &[u32], max_len: usize, k: usize) -> Decoded {
    greedy_decode_with(model, src, max_len, k, DecodeMode::Cached)
}

/// Greedy decoding of one source sentence in the given mode.
///
/// # Shapes
/// - `src`: `[src_len]` ids ending with `<eos>`.
pub fn greedy_decode_with(
    model: &Transformer,
    src: &[u32],
    max_len: usize,
    k: usize,
    mode: DecodeMode,
) -> Decoded {
    decode_path(model, src, max_len, mode, |_, logits| {
        let top_k = top_k(&probabilities(logits), k.max(1));
        Choice {
            token: top_k[0].0,
            top_k,
            kept: None,
        }
    })
}

/// Sampling, one source sentence: each step draws its token from the
/// sampling distribution (`lab_math::search::sampling_distribution`: the
/// temperature, then top-k, then top-p) with a generator seeded by
/// `sampling.seed`, so a seed gives the same translation every time. Each
/// step reports the `k` most probable tokens of that distribution and how
/// many it kept.
///
/// # Shapes
/// - `src`: `[src_len]` ids ending with `<eos>`.
pub fn sample_decode(
    model: &Transformer,
    src: &[u32],
    max_len: usize,
    k: usize,
    sampling: &Sampling,
    mode: DecodeMode,
) -> Decoded {
    let mut rng = Rng::new(u64::from(sampling.seed));
    decode_path(model, src, max_len, mode, |_, logits| {
        let dist = sampling_distribution(logits, |i| can_emit(i as u32), sampling);
        let token = draw(&dist, rng.next_f64()) as u32;
        Choice {
            token,
            top_k: dist
                .iter()
                .take(k.max(1))
                .map(|&(i, p)| (i as u32, p))
                .collect(),
            kept: Some(dist.len()),
        }
    })
}

/// Decodes a given token sequence step by step, as if each had been chosen:
/// every step's model top-k, attention rows and costs along that path (beam
/// search's best hypothesis, for the step-through).
///
/// # Shapes
/// - `src`: `[src_len]` ids ending with `<eos>`; `path`: the generated ids.
pub fn forced_decode(
    model: &Transformer,
    src: &[u32],
    path: &[u32],
    k: usize,
    mode: DecodeMode,
) -> Decoded {
    decode_path(model, src, path.len(), mode, |step, logits| Choice {
        token: path[step],
        top_k: top_k(&probabilities(logits), k.max(1)),
        kept: None,
    })
}

/// One step's choice: the token and what the step shows about it.
struct Choice {
    token: u32,
    top_k: Vec<(u32, f32)>,
    kept: Option<usize>,
}

/// `softmax` of one row of logits, in plain floats.
fn probabilities(logits: &[f32]) -> Vec<f32> {
    let top = logits.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let exp: Vec<f32> = logits.iter().map(|&z| (z - top).exp()).collect();
    let total: f32 = exp.iter().sum();
    exp.into_iter().map(|e| e / total).collect()
}

/// Decodes one sentence, one token per step, each chosen by `choose` from
/// the step's logits, until `<eos>` or `max_len` tokens.
fn decode_path(
    model: &Transformer,
    src: &[u32],
    max_len: usize,
    mode: DecodeMode,
    mut choose: impl FnMut(usize, &[f32]) -> Choice,
) -> Decoded {
    let mut state = DecoderState::new(model, single_source(model, src), mode);
    let mut steps = Vec::new();
    while steps.len() < max_len {
        let out = state.step();
        let logits = out
            .logits
            .into_data()
            .try_to_vec::<f32>()
            .expect("logits are f32"); // [vocab]
        let Choice { token, top_k, kept } = choose(steps.len(), &logits);
        state.push(&[token]);
        steps.push(DecodeStep {
            token,
            top_k,
            kept,
            self_rows: out.self_rows,
            cross_rows: out.cross_rows,
            multiply_adds: out.multiply_adds,
            cached_positions: out.cached_positions,
        });
        if token == EOS {
            break;
        }
    }
    Decoded {
        tokens: steps.iter().map(|s| s.token).collect(),
        steps,
        encoder_self: state.encoder_self,
    }
}

/// One source sentence as a batch of one.
///
/// # Shapes
/// - `src`: `[src_len]` → `[1, src_len]`
pub(crate) fn single_source(model: &Transformer, src: &[u32]) -> Tensor<2, Int> {
    let device = model.tgt_embed.tokens.weight.val().device();
    Tensor::<2, Int>::from_data(
        TensorData::new(src.iter().map(|&t| t as i64).collect(), [1, src.len()]),
        &device,
    )
}

/// Greedy decoding of a batch with the KV cache, for evaluation: only the ids, trimmed at `<eos>`.
///
/// # Shapes
/// - `src`: `[batch, src_len]` (PAD-padded) → `batch` sequences of at most `max_len` ids, without `<eos>`.
pub fn greedy_decode_batch(
    model: &Transformer,
    src: Tensor<2, Int>,
    max_len: usize,
) -> Vec<Vec<u32>> {
    let [batch, _] = src.dims();
    let mut state = DecoderState::new(model, src, DecodeMode::Cached);
    let mut out: Vec<Vec<u32>> = vec![Vec::new(); batch];
    let mut done = vec![false; batch];
    for _ in 0..max_len {
        let next = next_tokens(state.step().logits);
        for (b, &token) in next.iter().enumerate() {
            done[b] |= token == EOS;
            if !done[b] {
                out[b].push(token);
            }
        }
        if done.iter().all(|&d| d) {
            break;
        }
        // A finished sentence keeps being fed tokens; they are never read.
        state.push(&next);
    }
    out
}

/// Whether greedy decoding may emit `token`. `<pad>` and `<bos>` are never
/// targets in training (label smoothing gives them no mass), so they are never
/// candidates; an untrained model could otherwise pick them.
pub fn can_emit(token: u32) -> bool {
    token != PAD && token != BOS
}

/// The greedy choice for every sentence: the argmax over the tokens that can be emitted.
///
/// # Shapes
/// - `logits`: `[batch, vocab]` → `batch` ids
pub fn next_tokens(logits: Tensor<2>) -> Vec<u32> {
    let [batch, vocab] = logits.dims();
    let forbidden: Vec<bool> = (0..vocab as u32).map(|t| !can_emit(t)).collect();
    let forbidden =
        Tensor::<2, Bool>::from_data(TensorData::new(forbidden, [1, vocab]), &logits.device())
            .expand([batch, vocab]);
    let ids = logits
        .mask_fill(forbidden, f32::NEG_INFINITY)
        .argmax(1)
        .reshape([batch]); // [batch]
    ids.into_data()
        .convert::<i64>()
        .try_to_vec::<i64>()
        .expect("argmax ids are integers")
        .into_iter()
        .map(|t| t as u32)
        .collect()
}

/// The `k` most probable tokens that can be emitted, with their probabilities, best first.
pub fn top_k(probs: &[f32], k: usize) -> Vec<(u32, f32)> {
    let mut order: Vec<usize> = (0..probs.len()).filter(|&i| can_emit(i as u32)).collect();
    order.sort_by(|&a, &b| probs[b].total_cmp(&probs[a]));
    order
        .into_iter()
        .take(k)
        .map(|i| (i as u32, probs[i]))
        .collect()
}

#[cfg(test)]
mod tests;
