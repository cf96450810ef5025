//! The decoder stack, §3.1 of the paper: N identical layers, each masked
//! self-attention, then encoder-decoder (cross) attention over the encoder's
//! output, then a feed-forward network, each inside an [`AddNorm`].
//!
//! The self-attention is masked so that position `t` only sees positions
//! `≤ t` (§3.2.3); cross-attention takes its queries from the decoder and its
//! keys and values from the encoder's memory.

use burn::config::Config;
use burn::module::Module;
use burn::nn::LayerNorm;
use burn::tensor::{Bool, Device, Tensor};

use crate::add_norm::{AddNorm, AddNormStates, Around, StackStates};
use crate::attention::{AttentionOutput, KeysValues, MultiHeadAttention, QueriesKeysValues};
use crate::config::LayerConfig;
use crate::feed_forward::PositionwiseFeedForward;
use crate::keep::Keep;

/// Configuration of a [`Decoder`]: `n_layers` layers of one size.
#[derive(Config, Debug, PartialEq)]
pub struct DecoderConfig {
    /// N (6 in the paper).
    pub n_layers: usize,
    pub layer: LayerConfig,
}

impl DecoderConfig {
    pub fn init(&self, device: &Device) -> Decoder {
        Decoder {
            layers: (0..self.n_layers)
                .map(|_| self.init_layer(device))
                .collect(),
            final_norm: self.layer.final_norm(device),
        }
    }

    /// One layer of the stack.
    pub fn init_layer(&self, device: &Device) -> DecoderLayer {
        let layer = &self.layer;
        DecoderLayer {
            self_attn: layer.attention().init(device),
            cross_attn: layer.attention().init(device),
            feed_forward: layer.feed_forward().init(device),
            self_residual: layer.add_norm().init(device),
            cross_residual: layer.add_norm().init(device),
            ff_residual: layer.add_norm().init(device),
        }
    }
}

/// One decoder layer. (The field names are the checkpoints' tensor names.)
#[derive(Module, Debug)]
pub struct DecoderLayer {
    pub self_attn: MultiHeadAttention,
    pub cross_attn: MultiHeadAttention,
    pub feed_forward: PositionwiseFeedForward,
    /// "Add & Norm" around the masked self-attention.
    pub self_residual: AddNorm,
    /// "Add & Norm" around the cross-attention.
    pub cross_residual: AddNorm,
    /// "Add & Norm" around the feed-forward network.
    pub ff_residual: AddNorm,
}

/// A decoder layer's two attention outputs.
#[derive(Clone, Debug)]
pub struct DecoderAttention {
    pub self_attn: AttentionOutput,
    pub cross_attn: AttentionOutput,
}

/// What one decoder layer returns.
#[derive(Clone, Debug)]
pub struct DecoderLayerOutput {
    /// `[batch, tgt_len, d_model]`: the input of the next layer.
    pub x: Tensor<3>,
    pub attention: DecoderAttention,
    /// `[batch, tgt_len, d_ff]`: the feed-forward network's hidden layer,
    /// with [`Keep::Inside`].
    pub ffn_hidden: Option<Tensor<3>>,
    /// Around the masked self-attention, the cross-attention and the
    /// feed-forward network, with [`Keep::Inside`] (empty otherwise).
    pub residual: Vec<AddNormStates>,
}

impl DecoderLayer {
    /// # Shapes
    /// - `x`: `[batch, tgt_len, d_model]`, `memory`: `[batch, src_len, d_model]`
    /// - `tgt_mask`: `[batch, tgt_len, tgt_len]`, `src_mask`: `[batch, 1, src_len]`
    pub fn forward(
        &self,
        x: Tensor<3>,
        memory: &Tensor<3>,
        tgt_mask: &Tensor<3, Bool>,
        src_mask: &Tensor<3, Bool>,
        keep: Keep,
    ) -> DecoderLayerOutput {
        let masked = self.self_residual.around(x, keep, |h| {
            let out = self.self_attn.forward_self(h, Some(tgt_mask.clone()));
            (out.context.clone(), out)
        });
        let cross = self.cross_residual.around(masked.out.clone(), keep, |h| {
            let out = self
                .cross_attn
                .forward(h, memory.clone(), Some(src_mask.clone()));
            (out.context.clone(), out)
        });
        self.finish(masked, cross, keep)
    }

    /// The feed-forward sub-layer, after both attentions.
    fn finish(
        &self,
        masked: Around<AttentionOutput>,
        cross: Around<AttentionOutput>,
        keep: Keep,
    ) -> DecoderLayerOutput {
        let ffn = self.ff_residual.around(cross.out, keep, |h| {
            let out = self.feed_forward.forward_inspected(h, keep);
            (out.out, out.hidden)
        });
        DecoderLayerOutput {
            x: ffn.out,
            attention: DecoderAttention {
                self_attn: masked.inner,
                cross_attn: cross.inner,
            },
            ffn_hidden: ffn.inner,
            residual: [masked.states, cross.states, ffn.states]
                .into_iter()
                .flatten()
                .collect(),
        }
    }
}

/// What one decoder layer keeps between greedy decoding steps (the KV cache).
///
/// Position `t` of masked self-attention only ever looks at positions `≤ t`,
/// and those positions' keys and values never change once computed. So a
/// decoder that remembers them needs to project only the newest token at each
/// step. The cross-attention keys and values depend only on the source, so
/// they are projected once, at the first step.
#[derive(Clone, Debug)]
pub struct LayerCache {
    /// `[batch, n_heads, t, d_k]`: self-attention keys of every position so far.
    pub self_k: Option<Tensor<4>>,
    /// `[batch, n_heads, t, d_k]`: self-attention values of every position so far.
    pub self_v: Option<Tensor<4>>,
    /// `[batch, n_heads, src_len, d_k]`: cross-attention keys of the source.
    pub cross_k: Tensor<4>,
    /// `[batch, n_heads, src_len, d_k]`: cross-attention values of the source.
    pub cross_v: Tensor<4>,
}

impl LayerCache {
    /// An empty self-attention cache and the source's cross-attention keys and values.
    ///
    /// # Shapes
    /// - `memory`: `[batch, src_len, d_model]`
    pub fn new(layer: &DecoderLayer, memory: &Tensor<3>) -> Self {
        let KeysValues { k, v } = layer.cross_attn.project_kv(memory.clone());
        Self {
            self_k: None,
            self_v: None,
            cross_k: k,
            cross_v: v,
        }
    }

    /// Positions whose keys and values are stored.
    pub fn len(&self) -> usize {
        self.self_k.as_ref().map_or(0, |k| k.dims()[2])
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Appends the newest position's key and value rows and returns all of them.
    fn append(&mut self, KeysValues { k, v }: KeysValues) -> KeysValues {
        let grow = |old: Option<Tensor<4>>, new: Tensor<4>| match old {
            Some(old) => Tensor::cat(vec![old, new], 2), // [batch, n_heads, t, d_k]
            None => new,
        };
        let k = grow(self.self_k.take(), k);
        let v = grow(self.self_v.take(), v);
        self.self_k = Some(k.clone());
        self.self_v = Some(v.clone());
        KeysValues { k, v }
    }
}

impl DecoderLayer {
    /// One decoding step for the newest position only, reading and extending `cache`.
    /// No causal mask is needed: the cache holds only this position and earlier ones.
    ///
    /// # Shapes
    /// - `x`: `[batch, 1, d_model]`, `src_mask`: `[batch, 1, src_len]` → `[batch, 1, d_model]`
    pub fn forward_cached(
        &self,
        x: Tensor<3>,
        src_mask: &Tensor<3, Bool>,
        cache: &mut LayerCache,
    ) -> DecoderLayerOutput {
        let masked = self.self_residual.around(x, Keep::Nothing, |h| {
            let QueriesKeysValues { q, k, v } = self.self_attn.project_qkv(h.clone()); // each [batch, n_heads, 1, d_k]
            let KeysValues { k, v } = cache.append(KeysValues { k, v }); // [batch, n_heads, t, d_k]
            let out = self.self_attn.attend(h, q, k, v, None);
            (out.context.clone(), out)
        });
        let cross = self
            .cross_residual
            .around(masked.out.clone(), Keep::Nothing, |h| {
                let q = self.cross_attn.project_q(h.clone()); // [batch, n_heads, 1, d_k]
                let out = self.cross_attn.attend(
                    h,
                    q,
                    cache.cross_k.clone(),
                    cache.cross_v.clone(),
                    Some(src_mask.clone()),
                );
                (out.context.clone(), out)
            });
        self.finish(masked, cross, Keep::Nothing)
    }
}

/// N decoder layers, plus a final LayerNorm when the norm comes first.
#[derive(Module, Debug)]
pub struct Decoder {
    pub layers: Vec<DecoderLayer>,
    pub final_norm: Option<LayerNorm>,
}

/// What the decoder stack returns.
#[derive(Clone, Debug)]
pub struct DecoderOutput {
    /// `[batch, tgt_len, d_model]`: the last layer's output (after the final
    /// norm, if any), before the generator.
    pub hidden: Tensor<3>,
    /// Each layer's two attentions, first layer first.
    pub layers: Vec<DecoderAttention>,
    /// Each layer's feed-forward hidden layer, `[batch, tgt_len, d_ff]`,
    /// with [`Keep::Inside`]; empty otherwise.
    pub ffn_hidden: Vec<Tensor<3>>,
    /// The residual stream, with [`Keep::Inside`]; empty otherwise.
    pub residual: StackStates,
}

impl Decoder {
    /// # Shapes
    /// - `x`: `[batch, tgt_len, d_model]` → hidden `[batch, tgt_len, d_model]`
    pub fn forward(
        &self,
        x: Tensor<3>,
        memory: &Tensor<3>,
        tgt_mask: &Tensor<3, Bool>,
        src_mask: &Tensor<3, Bool>,
        keep: Keep,
    ) -> DecoderOutput {
        let layers =
            |_, layer: &DecoderLayer, x| layer.forward(x, memory, tgt_mask, src_mask, keep);
        self.through_layers(x, keep, layers)
    }

    /// One decoding step through every layer for the newest position only.
    ///
    /// # Shapes
    /// - `x`: `[batch, 1, d_model]`, `src_mask`: `[batch, 1, src_len]` → hidden `[batch, 1, d_model]`
    ///
    /// # Panics
    /// If `caches` does not hold one [`LayerCache`] per layer.
    pub fn forward_cached(
        &self,
        x: Tensor<3>,
        src_mask: &Tensor<3, Bool>,
        caches: &mut [LayerCache],
    ) -> DecoderOutput {
        assert_eq!(
            caches.len(),
            self.layers.len(),
            "one cache per decoder layer"
        );
        self.through_layers(x, Keep::Nothing, |i, layer, x| {
            layer.forward_cached(x, src_mask, &mut caches[i])
        })
    }

    /// Runs `x` through each layer in turn (`layer_forward` is given the
    /// layer's index), then the final norm.
    fn through_layers(
        &self,
        mut x: Tensor<3>,
        keep: Keep,
        mut layer_forward: impl FnMut(usize, &DecoderLayer, Tensor<3>) -> DecoderLayerOutput,
    ) -> DecoderOutput {
        let mut layers = Vec::with_capacity(self.layers.len());
        let mut ffn_hidden = Vec::with_capacity(self.layers.len());
        let mut residual = StackStates::default();
        for (i, layer) in self.layers.iter().enumerate() {
            let out = layer_forward(i, layer, x);
            x = out.x;
            layers.push(out.attention);
            ffn_hidden.extend(out.ffn_hidden);
            residual.push(out.residual);
        }
        DecoderOutput {
            hidden: residual.finish(x, self.final_norm.as_ref(), keep),
            layers,
            ffn_hidden,
            residual,
        }
    }
}
