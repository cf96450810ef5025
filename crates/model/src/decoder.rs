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
        let attention = || MultiHeadAttention::new(config.d_model, config.n_heads, config.dropout, device);
        Self {
            self_attn: attention(),
            cross_attn: attention(),
            feed_forward: PositionwiseFeedForward::new(config.d_model, config.d_ff, config.dropout, device),
            self_residual: residual(),
            cross_residual: residual(),
            ff_residual: residual(),
        }
    }

    /// # Shapes
    /// - `x`: `[batch, tgt_len, d_model]`, `memory`: `[batch, src_len, d_model]`
    /// - `tgt_mask`: `[batch, tgt_len, tgt_len]`, `src_mask`: `[batch, 1, src_len]`
    pub fn forward(&self, x: Tensor<3>, memory: &Tensor<3>, tgt_mask: &Tensor<3, Bool>, src_mask: &Tensor<3, Bool>) -> (Tensor<3>, DecoderAttention) {
        let (x, self_attn) = self.self_residual.forward(x, |h| {
            let out = self.self_attn.forward(h.clone(), h, Some(tgt_mask.clone()));
            (out.context.clone(), out)
        });
        let (x, cross_attn) = self.cross_residual.forward(x, |h| {
            let out = self.cross_attn.forward(h, memory.clone(), Some(src_mask.clone()));
            (out.context.clone(), out)
        });
        let (x, ()) = self.ff_residual.forward(x, |h| (self.feed_forward.forward(h), ()));
        (x, DecoderAttention { self_attn, cross_attn })
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
            layers: (0..config.n_decoder_layers).map(|_| DecoderLayer::new(config, device)).collect(),
            final_norm: (config.norm == NormPlacement::Pre).then(|| LayerNormConfig::new(config.d_model).init(device)),
        }
    }

    /// # Shapes
    /// - `x`: `[batch, tgt_len, d_model]` → `[batch, tgt_len, d_model]`
    pub fn forward(&self, mut x: Tensor<3>, memory: &Tensor<3>, tgt_mask: &Tensor<3, Bool>, src_mask: &Tensor<3, Bool>) -> (Tensor<3>, Vec<DecoderAttention>) {
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
}
