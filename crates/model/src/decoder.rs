//! The decoder stack, §3.1 of the paper: N identical layers, each masked
//! self-attention, then encoder-decoder (cross) attention over the encoder's
//! output, then a feed-forward network, each inside an [`AddNorm`].
//!
//! The self-attention is masked so that position `t` only sees positions
//! `≤ t` (§3.2.3); cross-attention takes its queries from the decoder and its
//! keys and values from the encoder's memory.

use burn::module::Module;
use burn::nn::{LayerNorm, LayerNormConfig};
use burn::tensor::{Bool, Device, Tensor};

use crate::add_norm::{AddNorm, AddNormOutput};
use crate::attention::{AttentionOutput, MultiHeadAttention};
use crate::config::{NormPlacement, TransformerConfig};
use crate::feed_forward::PositionwiseFeedForward;

/// One decoder layer: masked self-attention, cross-attention and a feed-forward network.
#[derive(Module, Debug)]
pub struct DecoderLayer {
    pub self_attn: MultiHeadAttention,
    pub cross_attn: MultiHeadAttention,
    pub feed_forward: PositionwiseFeedForward,
    pub self_residual: AddNorm,
    pub cross_residual: AddNorm,
    pub ff_residual: AddNorm,
}

/// What one decoder layer produces.
#[derive(Clone, Debug)]
pub struct DecoderLayerOutput {
    /// `[batch, tgt_len, d_model]`: the layer's output, the next layer's input.
    pub x: Tensor<3>,
    /// The masked self-attention, every intermediate kept.
    pub self_attn: AttentionOutput,
    /// The cross-attention over the encoder's memory, every intermediate kept.
    pub cross_attn: AttentionOutput,
}

impl DecoderLayer {
    /// Every size comes from the model's `config`: a layer has none of its own.
    pub fn new(config: &TransformerConfig, device: &Device) -> Self {
        Self {
            self_attn: config.attention().init(device),
            cross_attn: config.attention().init(device),
            feed_forward: config.feed_forward().init(device),
            self_residual: config.add_norm().init(device),
            cross_residual: config.add_norm().init(device),
            ff_residual: config.add_norm().init(device),
        }
    }

    /// # Shapes
    /// - `x`: `[batch, tgt_len, d_model]`, `memory`: `[batch, src_len, d_model]`
    /// - `tgt_mask`: `[batch, tgt_len, tgt_len]`, `src_mask`: `[batch, 1, src_len]`
    /// - output `x`: `[batch, tgt_len, d_model]`
    pub fn forward(
        &self,
        x: Tensor<3>,
        memory: &Tensor<3>,
        tgt_mask: &Tensor<3, Bool>,
        src_mask: &Tensor<3, Bool>,
    ) -> DecoderLayerOutput {
        let AddNormOutput {
            x,
            attention: self_attn,
        } = self.self_residual.forward_attention(x, |h| {
            self.self_attn.forward_self(h, Some(tgt_mask.clone()))
        });
        let AddNormOutput {
            x,
            attention: cross_attn,
        } = self.cross_residual.forward_attention(x, |h| {
            self.cross_attn
                .forward(h, memory.clone(), Some(src_mask.clone()))
        });
        let x = self
            .ff_residual
            .forward(x, |h| self.feed_forward.forward(h));
        DecoderLayerOutput {
            x,
            self_attn,
            cross_attn,
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
        let (cross_k, cross_v) = layer.cross_attn.project_kv(memory.clone());
        Self {
            self_k: None,
            self_v: None,
            cross_k,
            cross_v,
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
    fn append(&mut self, k: Tensor<4>, v: Tensor<4>) -> (Tensor<4>, Tensor<4>) {
        let grow = |old: Option<Tensor<4>>, new: Tensor<4>| match old {
            Some(old) => Tensor::cat(vec![old, new], 2), // [batch, n_heads, t, d_k]
            None => new,
        };
        let k = grow(self.self_k.take(), k);
        let v = grow(self.self_v.take(), v);
        self.self_k = Some(k.clone());
        self.self_v = Some(v.clone());
        (k, v)
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
        let AddNormOutput {
            x,
            attention: self_attn,
        } = self.self_residual.forward_attention(x, |h| {
            let (q, k, v) = self.self_attn.project_qkv(h.clone()); // each [batch, n_heads, 1, d_k]
            let (k, v) = cache.append(k, v); // [batch, n_heads, t, d_k]
            self.self_attn.attend(h, q, k, v, None)
        });
        let AddNormOutput {
            x,
            attention: cross_attn,
        } = self.cross_residual.forward_attention(x, |h| {
            let q = self.cross_attn.project_q(h.clone()); // [batch, n_heads, 1, d_k]
            self.cross_attn.attend(
                h,
                q,
                cache.cross_k.clone(),
                cache.cross_v.clone(),
                Some(src_mask.clone()),
            )
        });
        let x = self
            .ff_residual
            .forward(x, |h| self.feed_forward.forward(h));
        DecoderLayerOutput {
            x,
            self_attn,
            cross_attn,
        }
    }
}

/// N decoder layers, plus a final LayerNorm when the norm comes first.
#[derive(Module, Debug)]
pub struct Decoder {
    pub layers: Vec<DecoderLayer>,
    pub final_norm: Option<LayerNorm>,
}

/// What the decoder produces.
#[derive(Clone, Debug)]
pub struct DecoderOutput {
    /// `[batch, tgt_len, d_model]`: the rows the generator turns into next-token scores.
    pub x: Tensor<3>,
    /// Each layer's masked self-attention, first layer first.
    pub self_attn: Vec<AttentionOutput>,
    /// Each layer's cross-attention, first layer first.
    pub cross_attn: Vec<AttentionOutput>,
}

impl Decoder {
    /// `config.n_decoder_layers` layers, each built by [`DecoderLayer::new`].
    pub fn new(config: &TransformerConfig, device: &Device) -> Self {
        Self {
            layers: (0..config.n_decoder_layers)
                .map(|_| DecoderLayer::new(config, device))
                .collect(),
            final_norm: (config.norm == NormPlacement::Pre)
                .then(|| LayerNormConfig::new(config.d_model).init(device)),
        }
    }

    /// Returns the decoder's output rows and each layer's two attentions.
    ///
    /// # Shapes
    /// - `x`: `[batch, tgt_len, d_model]`, `memory`: `[batch, src_len, d_model]`
    /// - `tgt_mask`: `[batch, tgt_len, tgt_len]`, `src_mask`: `[batch, 1, src_len]`
    /// - output `x`: `[batch, tgt_len, d_model]`
    pub fn forward(
        &self,
        x: Tensor<3>,
        memory: &Tensor<3>,
        tgt_mask: &Tensor<3, Bool>,
        src_mask: &Tensor<3, Bool>,
    ) -> DecoderOutput {
        self.run_layers(x, |_, layer, x| {
            layer.forward(x, memory, tgt_mask, src_mask)
        })
    }

    /// One decoding step through every layer for the newest position only.
    ///
    /// # Shapes
    /// - `x`: `[batch, 1, d_model]`, `src_mask`: `[batch, 1, src_len]` → `[batch, 1, d_model]`
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
        self.run_layers(x, |i, layer, x| {
            layer.forward_cached(x, src_mask, &mut caches[i])
        })
    }

    /// Runs `layer_forward` for layer 0, 1, … in turn, each on the previous
    /// one's output, keeping every attention, then the final LayerNorm when
    /// the norm comes first.
    fn run_layers(
        &self,
        mut x: Tensor<3>,
        mut layer_forward: impl FnMut(usize, &DecoderLayer, Tensor<3>) -> DecoderLayerOutput,
    ) -> DecoderOutput {
        let mut self_attn = Vec::with_capacity(self.layers.len());
        let mut cross_attn = Vec::with_capacity(self.layers.len());
        for (i, layer) in self.layers.iter().enumerate() {
            let out = layer_forward(i, layer, x);
            x = out.x;
            self_attn.push(out.self_attn);
            cross_attn.push(out.cross_attn);
        }
        if let Some(norm) = &self.final_norm {
            x = norm.forward(x);
        }
        DecoderOutput {
            x,
            self_attn,
            cross_attn,
        }
    }
}
