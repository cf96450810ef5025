//! The decoder stack, §3.1 of the paper: N identical layers, each masked
//! self-attention, then encoder-decoder (cross) attention over the encoder's
//! output, then a feed-forward network, each inside a [`Residual`].
//!
//! The self-attention is masked so that position `t` only sees positions
//! `≤ t` (§3.2.3); cross-attention takes its queries from the decoder and its
//! keys and values from the encoder's memory.

use burn::module::Module;
use burn::nn::{LayerNorm, LayerNormConfig};
use burn::tensor::{Bool, Device, Tensor};

use crate::attention::{AttentionOutput, MultiHeadAttention};
use crate::config::{NormPlacement, TransformerConfig};
use crate::encoder::Residual;
use crate::feed_forward::PositionwiseFeedForward;

#[derive(Module, Debug)]
pub struct DecoderLayer {
    pub self_attn: MultiHeadAttention,
    pub cross_attn: MultiHeadAttention,
    pub feed_forward: PositionwiseFeedForward,
    pub self_residual: Residual,
    pub cross_residual: Residual,
    pub ff_residual: Residual,
}

/// A decoder layer's two attention outputs.
#[derive(Clone, Debug)]
pub struct DecoderAttention {
    pub self_attn: AttentionOutput,
    pub cross_attn: AttentionOutput,
}

impl DecoderLayer {
    pub fn new(config: &TransformerConfig, device: &Device) -> Self {
        let residual = || Residual::new(config.d_model, config.dropout, config.norm, device);
        let attention =
            || MultiHeadAttention::new(config.d_model, config.n_heads, config.dropout, device);
        Self {
            self_attn: attention(),
            cross_attn: attention(),
            feed_forward: PositionwiseFeedForward::new(
                config.d_model,
                config.d_ff,
                config.dropout,
                device,
            ),
            self_residual: residual(),
            cross_residual: residual(),
            ff_residual: residual(),
        }
    }

    /// # Shapes
    /// - `x`: `[batch, tgt_len, d_model]`, `memory`: `[batch, src_len, d_model]`
    /// - `tgt_mask`: `[batch, tgt_len, tgt_len]`, `src_mask`: `[batch, 1, src_len]`
    pub fn forward(
        &self,
        x: Tensor<3>,
        memory: &Tensor<3>,
        tgt_mask: &Tensor<3, Bool>,
        src_mask: &Tensor<3, Bool>,
    ) -> (Tensor<3>, DecoderAttention) {
        let (x, self_attn) = self.self_residual.forward(x, |h| {
            let out = self.self_attn.forward_self(h, Some(tgt_mask.clone()));
            (out.context.clone(), out)
        });
        let (x, cross_attn) = self.cross_residual.forward(x, |h| {
            let out = self
                .cross_attn
                .forward(h, memory.clone(), Some(src_mask.clone()));
            (out.context.clone(), out)
        });
        let (x, ()) = self
            .ff_residual
            .forward(x, |h| (self.feed_forward.forward(h), ()));
        (
            x,
            DecoderAttention {
                self_attn,
                cross_attn,
            },
        )
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
    ) -> (Tensor<3>, DecoderAttention) {
        let (x, self_attn) = self.self_residual.forward(x, |h| {
            let (q, k, v) = self.self_attn.project_qkv(h.clone()); // each [batch, n_heads, 1, d_k]
            let (k, v) = cache.append(k, v); // [batch, n_heads, t, d_k]
            let out = self.self_attn.attend(h, q, k, v, None);
            (out.context.clone(), out)
        });
        let (x, cross_attn) = self.cross_residual.forward(x, |h| {
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
        let (x, ()) = self
            .ff_residual
            .forward(x, |h| (self.feed_forward.forward(h), ()));
        (
            x,
            DecoderAttention {
                self_attn,
                cross_attn,
            },
        )
    }
}

/// N decoder layers, plus a final LayerNorm when the norm comes first.
#[derive(Module, Debug)]
pub struct Decoder {
    pub layers: Vec<DecoderLayer>,
    pub final_norm: Option<LayerNorm>,
}

impl Decoder {
    pub fn new(config: &TransformerConfig, device: &Device) -> Self {
        Self {
            layers: (0..config.n_decoder_layers)
                .map(|_| DecoderLayer::new(config, device))
                .collect(),
            final_norm: (config.norm == NormPlacement::Pre)
                .then(|| LayerNormConfig::new(config.d_model).init(device)),
        }
    }

    /// # Shapes
    /// - `x`: `[batch, tgt_len, d_model]` → `[batch, tgt_len, d_model]`
    pub fn forward(
        &self,
        mut x: Tensor<3>,
        memory: &Tensor<3>,
        tgt_mask: &Tensor<3, Bool>,
        src_mask: &Tensor<3, Bool>,
    ) -> (Tensor<3>, Vec<DecoderAttention>) {
        let mut maps = Vec::with_capacity(self.layers.len());
        for layer in &self.layers {
            let (next, attn) = layer.forward(x, memory, tgt_mask, src_mask);
            x = next;
            maps.push(attn);
        }
        if let Some(norm) = &self.final_norm {
            x = norm.forward(x);
        }
        (x, maps)
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
        mut x: Tensor<3>,
        src_mask: &Tensor<3, Bool>,
        caches: &mut [LayerCache],
    ) -> (Tensor<3>, Vec<DecoderAttention>) {
        assert_eq!(
            caches.len(),
            self.layers.len(),
            "one cache per decoder layer"
        );
        let mut maps = Vec::with_capacity(self.layers.len());
        for (layer, cache) in self.layers.iter().zip(caches.iter_mut()) {
            let (next, attn) = layer.forward_cached(x, src_mask, cache);
            x = next;
            maps.push(attn);
        }
        if let Some(norm) = &self.final_norm {
            x = norm.forward(x);
        }
        (x, maps)
    }
}
