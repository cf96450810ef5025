//! Scaled dot-product and multi-head attention, §3.2 of the paper.
//!
//! ```text
//! Attention(Q, K, V) = softmax(Q Kᵀ / √d_k) V
//! MultiHead(Q, K, V) = Concat(head_1, …, head_h) W^O,  head_i = Attention(Q W_i^Q, K W_i^K, V W_i^V)
//! ```
//!
//! burn's own `MultiHeadAttention` returns its weights too, but after its
//! dropout (in training a row may not sum to 1) and without the raw scores.
//! The lab needs both, so this module returns the per-head softmax weights
//! taken **after** the softmax and **before** dropout, plus the raw scores
//! for the mask view. Rows are queries, columns are keys.

use burn::config::Config;
use burn::module::{Initializer, Module};
use burn::nn::{Dropout, DropoutConfig, Linear, LinearConfig};
use burn::tensor::activation::softmax;
use burn::tensor::{Bool, Device, Tensor};

use crate::dropout;
use crate::ops::{batched_matmul, position_wise};

/// What one attention call produces. Besides the context, every intermediate
/// of the computation is kept, so the "inside one head" view can show it.
#[derive(Clone, Debug)]
pub struct AttentionOutput {
    /// `[batch, seq_q, d_model]`: the new representation of each query (after `W^O`).
    pub context: Tensor<3>,
    /// `[batch, n_heads, seq_q, seq_k]`: softmax weights, before dropout. Each row sums to 1.
    pub weights: Tensor<4>,
    /// `[batch, n_heads, seq_q, seq_k]`: `QKᵀ / √d_k`, before the mask.
    pub scores: Tensor<4>,
    /// `[batch, seq_q, d_model]`: the input the queries were projected from.
    pub x_q: Tensor<3>,
    /// `[batch, n_heads, seq_q, d_k]`: `x_q W^Q`, split into heads.
    pub q: Tensor<4>,
    /// `[batch, n_heads, seq_k, d_k]`: the keys, split into heads.
    pub k: Tensor<4>,
    /// `[batch, n_heads, seq_k, d_k]`: the values, split into heads.
    pub v: Tensor<4>,
    /// `[batch, n_heads, seq_q, d_k]`: each head's weighted sum of `V` rows, before
    /// the heads are concatenated and multiplied by `W^O`.
    pub heads: Tensor<4>,
}

/// The scaled dot-product weights of every head, and the scores they come from.
#[derive(Clone, Debug)]
pub struct AttentionWeights {
    /// `[batch, n_heads, seq_q, seq_k]`: `softmax(scores)` with hidden keys at 0. Each row sums to 1.
    pub weights: Tensor<4>,
    /// `[batch, n_heads, seq_q, seq_k]`: `QKᵀ / √d_k`, before the mask.
    pub scores: Tensor<4>,
}

/// The scaled dot-product weights, for every head at once: `softmax(QKᵀ / √d_k)`.
///
/// # Shapes
/// - `q`: `[batch, n_heads, seq_q, d_k]`, `k`: `[batch, n_heads, seq_k, d_k]`
/// - `mask`: `[batch, seq_q | 1, seq_k]`, `true` = hidden
/// - output: weights and scores, both `[batch, n_heads, seq_q, seq_k]`
pub fn attention_weights(
    q: Tensor<4>,
    k: Tensor<4>,
    mask: Option<Tensor<3, Bool>>,
) -> AttentionWeights {
    let [_, _, _, d_k] = q.dims();
    let scores = batched_matmul(q, k.transpose()).div_scalar((d_k as f32).sqrt()); // [batch, n_heads, seq_q, seq_k]
    let masked = match mask {
        Some(mask) => scores
            .clone()
            .mask_fill(mask.unsqueeze_dim::<4>(1), f32::NEG_INFINITY), // mask: [batch, 1, seq_q|1, seq_k]
        None => scores.clone(),
    };
    AttentionWeights {
        weights: softmax(masked, 3),
        scores,
    }
}

/// `x W^K` and `x W^V`, split into heads: what the KV cache stores.
#[derive(Clone, Debug)]
pub struct KeysValues {
    /// `[batch, n_heads, seq_k, d_k]`
    pub k: Tensor<4>,
    /// `[batch, n_heads, seq_k, d_k]`
    pub v: Tensor<4>,
}

/// Queries, keys and values projected from one input, split into heads.
#[derive(Clone, Debug)]
pub struct QueriesKeysValues {
    /// `[batch, n_heads, seq, d_k]`
    pub q: Tensor<4>,
    /// `[batch, n_heads, seq, d_k]`
    pub k: Tensor<4>,
    /// `[batch, n_heads, seq, d_k]`
    pub v: Tensor<4>,
}

/// Configuration of a [`MultiHeadAttention`].
#[derive(Config, Debug, PartialEq)]
pub struct MultiHeadAttentionConfig {
    /// The width of the input and output; split into `n_heads` heads of `d_k = d_model / n_heads`.
    pub d_model: usize,
    pub n_heads: usize,
    /// Dropout on the attention weights while training (as in the Annotated Transformer).
    #[config(default = 0.1)]
    pub dropout: f64,
}

impl MultiHeadAttentionConfig {
    /// # Panics
    /// If `d_model` is not divisible by `n_heads`.
    pub fn init(&self, device: &Device) -> MultiHeadAttention {
        let (d_model, n_heads) = (self.d_model, self.n_heads);
        assert!(
            n_heads > 0 && d_model.is_multiple_of(n_heads),
            "d_model ({d_model}) must be divisible by n_heads ({n_heads})"
        );
        let linear = || {
            LinearConfig::new(d_model, d_model)
                .with_initializer(Initializer::XavierUniform { gain: 1.0 })
                .init(device)
        };
        MultiHeadAttention {
            query: linear(),
            key: linear(),
            value: linear(),
            output: linear(),
            dropout: DropoutConfig::new(self.dropout).init(),
            n_heads,
            d_k: d_model / n_heads,
        }
    }
}

/// Multi-head attention with `n_heads` heads of size `d_k = d_model / n_heads`.
///
/// The parameters are the paper's four matrices `W^Q`, `W^K`, `W^V`, `W^O`
/// (each `[d_model, d_model]`, all heads side by side); head `i` uses columns
/// `i·d_k .. (i+1)·d_k` of the first three.
#[derive(Module, Debug)]
pub struct MultiHeadAttention {
    pub query: Linear,
    pub key: Linear,
    pub value: Linear,
    pub output: Linear,
    pub dropout: Dropout,
    pub n_heads: usize,
    pub d_k: usize,
}

impl MultiHeadAttention {
    /// Queries from `x_q` attend over keys and values from `x_kv`. Cross-attention
    /// passes the encoder's memory as `x_kv`; self-attention uses [`Self::forward_self`].
    ///
    /// # Shapes
    /// - `x_q`: `[batch, seq_q, d_model]`, `x_kv`: `[batch, seq_k, d_model]`
    /// - `mask`: `[batch, seq_q | 1, seq_k]`, `true` = hidden
    pub fn forward(
        &self,
        x_q: Tensor<3>,
        x_kv: Tensor<3>,
        mask: Option<Tensor<3, Bool>>,
    ) -> AttentionOutput {
        let q = self.project_q(x_q.clone());
        let KeysValues { k, v } = self.project_kv(x_kv);
        self.attend(x_q, q, k, v, mask)
    }

    /// Self-attention: queries, keys and values all come from `x`.
    ///
    /// # Shapes
    /// - `x`: `[batch, seq, d_model]`, `mask`: `[batch, seq | 1, seq]`, `true` = hidden
    pub fn forward_self(&self, x: Tensor<3>, mask: Option<Tensor<3, Bool>>) -> AttentionOutput {
        let QueriesKeysValues { q, k, v } = self.project_qkv(x.clone());
        self.attend(x, q, k, v, mask)
    }

    /// `Q = x W^Q`, split into heads.
    ///
    /// # Shapes
    /// - `x`: `[batch, seq, d_model]` → `[batch, n_heads, seq, d_k]`
    pub fn project_q(&self, x: Tensor<3>) -> Tensor<4> {
        self.split_heads(position_wise(&self.query, x))
    }

    /// `K = x W^K` and `V = x W^V`, split into heads. The KV cache stores exactly these.
    ///
    /// # Shapes
    /// - `x`: `[batch, seq, d_model]` → `k`, `v`: `[batch, n_heads, seq, d_k]`
    pub fn project_kv(&self, x: Tensor<3>) -> KeysValues {
        let k = self.split_heads(position_wise(&self.key, x.clone()));
        let v = self.split_heads(position_wise(&self.value, x));
        KeysValues { k, v }
    }

    /// `Q`, `K` and `V` from the same input.
    ///
    /// Three products rather than one with `[W^Q | W^K | W^V]`: fusing them was
    /// measured slower at the lab's sizes (BENCHMARKS.md), because joining the
    /// weights and splitting the result copies more than one product saves.
    ///
    /// # Shapes
    /// - `x`: `[batch, seq, d_model]` → `q`, `k`, `v`: `[batch, n_heads, seq, d_k]`
    pub fn project_qkv(&self, x: Tensor<3>) -> QueriesKeysValues {
        let q = self.project_q(x.clone());
        let KeysValues { k, v } = self.project_kv(x);
        QueriesKeysValues { q, k, v }
    }

    /// Scaled dot-product attention of every head, then `Concat(heads) W^O`.
    ///
    /// # Shapes
    /// - `x_q`: `[batch, seq_q, d_model]` (kept for the views)
    /// - `q`: `[batch, n_heads, seq_q, d_k]`, `k`, `v`: `[batch, n_heads, seq_k, d_k]`
    /// - `mask`: `[batch, seq_q | 1, seq_k]`, `true` = hidden
    pub fn attend(
        &self,
        x_q: Tensor<3>,
        q: Tensor<4>,
        k: Tensor<4>,
        v: Tensor<4>,
        mask: Option<Tensor<3, Bool>>,
    ) -> AttentionOutput {
        let [batch, _, seq_q, _] = q.dims();
        let AttentionWeights { weights, scores } = attention_weights(q.clone(), k.clone(), mask);
        // Dropout acts on the weights only while training (as in the Annotated
        // Transformer); the returned weights are the clean softmax, so the
        // views show what the model computed.
        let heads = batched_matmul(dropout::apply(&self.dropout, weights.clone()), v.clone()); // [batch, n_heads, seq_q, d_k]
        let concat = heads
            .clone()
            .swap_dims(1, 2)
            .reshape([batch, seq_q, self.n_heads * self.d_k]); // [batch, seq_q, d_model]
        AttentionOutput {
            context: position_wise(&self.output, concat),
            weights,
            scores,
            x_q,
            q,
            k,
            v,
            heads,
        }
    }

    /// # Shapes
    /// - `x`: `[batch, seq, d_model]` → `[batch, n_heads, seq, d_k]`
    fn split_heads(&self, x: Tensor<3>) -> Tensor<4> {
        let [batch, seq, _] = x.dims();
        x.reshape([batch, seq, self.n_heads, self.d_k]) // [batch, seq, n_heads, d_k]
            .swap_dims(1, 2) // [batch, n_heads, seq, d_k]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::masks::{padding_mask, subsequent_mask};
    use crate::Backend;
    use burn::tensor::{Distribution, Int, TensorData};

    fn weights_of(mask: Option<Tensor<3, Bool>>, seq: usize) -> Vec<f32> {
        let device = Backend::default().device();
        let mha = MultiHeadAttentionConfig::new(16, 4)
            .with_dropout(0.0)
            .init(&device);
        let x = Tensor::<3>::random([2, seq, 16], Distribution::Normal(0.0, 1.0), &device);
        mha.forward(x.clone(), x, mask)
            .weights
            .into_data()
            .try_to_vec::<f32>()
            .expect("f32 data")
    }

    #[test]
    fn attention_rows_sum_to_one() {
        let w = weights_of(None, 5);
        assert_eq!(w.len(), 2 * 4 * 5 * 5);
        for row in w.chunks(5) {
            assert!((row.iter().sum::<f32>() - 1.0).abs() < 1e-5, "row {row:?}");
        }
    }

    #[test]
    fn no_query_attends_to_a_later_key_under_the_causal_mask() {
        let device = Backend::default().device();
        let w = weights_of(Some(subsequent_mask(5, &device)), 5);
        for (r, row) in w.chunks(5).enumerate() {
            let query = r % 5;
            for (key, &weight) in row.iter().enumerate() {
                if key > query {
                    assert_eq!(weight, 0.0, "query {query} sees future key {key}");
                }
            }
            assert!((row.iter().sum::<f32>() - 1.0).abs() < 1e-5);
        }
    }

    #[test]
    fn padded_keys_get_exactly_zero_weight() {
        let device = Backend::default().device();
        // Sentence 0 has 3 real tokens, sentence 1 has 4; PAD = 0.
        let ids = Tensor::<2, Int>::from_data(
            TensorData::new(vec![5i64, 6, 7, 0, 5, 6, 7, 8], [2, 4]),
            &device,
        );
        let w = weights_of(Some(padding_mask(&ids, 0)), 4);
        for (r, row) in w.chunks(4).enumerate() {
            let sentence = r / (4 * 4);
            if sentence == 0 {
                assert_eq!(row[3], 0.0, "row {r} attends to PAD");
            } else {
                assert!(row[3] > 0.0);
            }
        }
    }

    #[test]
    fn weights_are_softmax_of_the_scaled_scores() {
        let device = Backend::default().device();
        let q = Tensor::<4>::from_data(
            TensorData::new(vec![1.0f32, 0.0, 0.0, 1.0], [1, 1, 2, 2]),
            &device,
        );
        let k = Tensor::<4>::from_data(
            TensorData::new(vec![2.0f32, 0.0, 0.0, 0.0], [1, 1, 2, 2]),
            &device,
        );
        let AttentionWeights {
            weights: w,
            scores: s,
        } = attention_weights(q, k, None);
        let s = s.into_data().try_to_vec::<f32>().expect("f32");
        // q0·k0 = 2, scaled by 1/√2.
        assert!((s[0] - 2.0 / 2f32.sqrt()).abs() < 1e-6);
        let w = w.into_data().try_to_vec::<f32>().expect("f32");
        let e = (2.0f32 / 2f32.sqrt()).exp();
        assert!((w[0] - e / (e + 1.0)).abs() < 1e-6);
    }
}
