//! One attention head, opened up: every intermediate of
//! `softmax(QKᵀ / √d_k) V` and of `Concat(heads) W^O`, as the model computed
//! it on one sentence (§3.2.1 and §3.2.2 of the paper).
//!
//! Conventions: matrices are flattened row-major; rows are queries, columns
//! are keys (for `scores`, `mask`, `weights`) or feature dimensions (for `q`,
//! `k`, `v`, `head_context`).

use crate::attention::AttentionKind;
use serde::{Deserialize, Serialize};

/// Which head to open, and on which sentence.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TraceRequest {
    pub kind: AttentionKind,
    pub layer: usize,
    pub head: usize,
    /// Source text to translate and trace; `None` traces the task's probe sentence.
    pub sentence: Option<String>,
}

/// Every number of one head on one sentence.
///
/// # Shapes
/// - `x_q`: `[seq_q, d_model]`: the sub-layer input the queries come from;
/// - `q`: `[seq_q, d_k]`, `k`, `v`: `[seq_k, d_k]`: this head's projections;
/// - `dots`: `[seq_q, seq_k]`: `q · k` before scaling;
/// - `scores`: `[seq_q, seq_k]`: `dots / √d_k`, before the mask;
/// - `mask`: `[seq_q, seq_k]`: `true` = hidden (its score becomes −∞);
/// - `weights`: `[seq_q, seq_k]`: the softmax, each row sums to 1;
/// - `head_context`: `[seq_q, d_k]`: `weights · V`, this head's output;
/// - `concat`: `[seq_q, d_model]`: every head's output side by side;
/// - `w_o`: `[d_model, d_model]`, `b_o`: `[d_model]`: the output projection;
/// - `output`: `[seq_q, d_model]`: `concat · W^O + b^O`, the layer's attention output.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct HeadTrace {
    pub request: Option<TraceRequest>,
    /// Query tokens (rows); for decoder queries, the token each position reads.
    pub query_tokens: Vec<String>,
    /// For decoder queries, what each position predicts (`<bos> → y₁` reads `<bos>`, predicts `y₁`).
    pub query_predicts: Vec<String>,
    /// Key tokens (columns).
    pub key_tokens: Vec<String>,
    pub seq_q: usize,
    pub seq_k: usize,
    pub d_model: usize,
    pub d_k: usize,
    pub n_heads: usize,
    pub x_q: Vec<f32>,
    pub q: Vec<f32>,
    pub k: Vec<f32>,
    pub v: Vec<f32>,
    pub dots: Vec<f32>,
    pub scores: Vec<f32>,
    pub mask: Vec<bool>,
    pub weights: Vec<f32>,
    pub head_context: Vec<f32>,
    pub concat: Vec<f32>,
    pub w_o: Vec<f32>,
    pub b_o: Vec<f32>,
    pub output: Vec<f32>,
}

impl HeadTrace {
    /// Row `i` of a `[rows, width]` matrix.
    pub fn row(matrix: &[f32], width: usize, i: usize) -> &[f32] {
        &matrix[i * width..(i + 1) * width]
    }

    /// The scores of query `i` with hidden keys as `None` (−∞): the input of a softmax.
    pub fn masked_scores(&self, i: usize) -> Vec<Option<f32>> {
        let row = Self::row(&self.scores, self.seq_k, i);
        let hidden = &self.mask[i * self.seq_k..(i + 1) * self.seq_k];
        row.iter()
            .zip(hidden)
            .map(|(&s, &h)| (!h).then_some(s))
            .collect()
    }

    /// True when every number is finite, so the page can draw the trace.
    pub fn is_finite(&self) -> bool {
        [
            &self.x_q,
            &self.q,
            &self.k,
            &self.v,
            &self.dots,
            &self.scores,
            &self.weights,
            &self.head_context,
            &self.concat,
            &self.w_o,
            &self.b_o,
            &self.output,
        ]
        .iter()
        .all(|m| m.iter().all(|x| x.is_finite()))
    }
}
