//! What training, evaluation and decoding report back, as plain numbers.

use crate::attention::AttentionSet;
use serde::{Deserialize, Serialize};

/// One optimisation step.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct StepReport {
    /// Steps taken so far, counting this one.
    pub step: usize,
    /// Label-smoothed cross-entropy per target token (PAD excluded).
    pub loss: f32,
    /// Fraction of non-PAD target tokens whose argmax is right.
    pub token_accuracy: f32,
    /// The Noam rate used for this step.
    pub learning_rate: f64,
    /// Target tokens per second of wall-clock time for this step.
    pub tokens_per_s: f64,
}

/// Held-out evaluation.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct EvalReport {
    pub step: usize,
    /// Cross-entropy per target token without smoothing, teacher-forced.
    pub loss: f32,
    pub token_accuracy: f32,
    /// Fraction of held-out sentences that greedy decoding gets exactly right.
    pub exact_match: f32,
    /// Corpus BLEU-4 of the greedy decodes, 0–100.
    pub bleu: f32,
    pub sentences: usize,
    /// For each cross-attention head, `[n_layers, n_heads]` flattened: how often
    /// its argmax over source words agrees with the gold alignment.
    pub head_alignment: Vec<f32>,
    pub n_layers: usize,
    pub n_heads: usize,
}

impl EvalReport {
    /// The best-aligned cross-attention head as `(layer, head, agreement)`.
    pub fn best_aligned_head(&self) -> Option<(usize, usize, f32)> {
        let (i, a) = self.head_alignment.iter().enumerate().max_by(|a, b| a.1.total_cmp(b.1))?;
        Some((i / self.n_heads.max(1), i % self.n_heads.max(1), *a))
    }
}

/// One token of a greedy decode.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DecodeStep {
    /// The chosen (argmax) token.
    pub token: String,
    /// The `k` most probable next tokens with their probabilities, best first.
    pub top_k: Vec<(String, f32)>,
}

/// A greedy translation and the attention that produced it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Translation {
    pub source: Vec<String>,
    /// Decoded words, without `<bos>` and `<eos>`.
    pub output: Vec<String>,
    pub steps: Vec<DecodeStep>,
    /// Attention of the final decoding pass: rows are the decoder inputs
    /// `<bos> y1 … yn`, so row t is the query that chose token t+1.
    pub attention: AttentionSet,
}

/// What a mask does to real scores, for one head of the first decoder layer.
///
/// # Shapes
/// Every matrix is `[seq_q, seq_k]`, flattened row-major.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct MaskDemo {
    pub tokens: Vec<String>,
    pub seq_q: usize,
    pub seq_k: usize,
    /// `QKᵀ / √d_k` before masking.
    pub raw_scores: Vec<f32>,
    /// After masking: `None` is a hidden entry, whose score is −∞. (JSON has
    /// no −∞, so it travels as `null`.)
    pub masked_scores: Vec<Option<f32>>,
    /// `softmax(masked_scores)`: hidden entries are exactly 0.
    pub weights: Vec<f32>,
}
