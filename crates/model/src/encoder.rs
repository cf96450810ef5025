//! The encoder stack, §3.1 of the paper: N identical layers, each
//! self-attention then a feed-forward network, each inside an
//! [`AddNorm`] (a residual connection and LayerNorm).
//!
//! ```text
//! x = AddNorm(x, SelfAttention)
//! x = AddNorm(x, FeedForward)
//! ```

use burn::module::Module;
use burn::nn::{LayerNorm, LayerNormConfig};
use burn::tensor::{Bool, Device, Tensor};

use crate::add_norm::{AddNorm, AddNormOutput};
use crate::attention::{AttentionOutput, MultiHeadAttention};
use crate::config::{NormPlacement, TransformerConfig};
use crate::feed_forward::PositionwiseFeedForward;

/// One encoder layer: self-attention and a feed-forward network.
#[derive(Module, Debug)]
pub struct EncoderLayer {
    pub self_attn: MultiHeadAttention,
    pub feed_forward: PositionwiseFeedForward,
    pub attn_residual: AddNorm,
    pub ff_residual: AddNorm,
}

/// What one encoder layer produces.
#[derive(Clone, Debug)]
pub struct EncoderLayerOutput {
    /// `[batch, src_len, d_model]`: the layer's output, the next layer's input.
    pub x: Tensor<3>,
    /// The layer's self-attention, every intermediate kept.
    pub self_attn: AttentionOutput,
}

impl EncoderLayer {
    /// Every size comes from the model's `config`: a layer has none of its own.
    pub fn new(config: &TransformerConfig, device: &Device) -> Self {
        Self {
            self_attn: config.attention().init(device),
            feed_forward: config.feed_forward().init(device),
            attn_residual: config.add_norm().init(device),
            ff_residual: config.add_norm().init(device),
        }
    }

    /// # Shapes
    /// - `x`: `[batch, src_len, d_model]`, `src_mask`: `[batch, 1, src_len]`
    /// - output `x`: `[batch, src_len, d_model]`
    pub fn forward(&self, x: Tensor<3>, src_mask: &Tensor<3, Bool>) -> EncoderLayerOutput {
        let AddNormOutput { x, attention } = self.attn_residual.forward_attention(x, |h| {
            self.self_attn.forward_self(h, Some(src_mask.clone()))
        });
        let x = self
            .ff_residual
            .forward(x, |h| self.feed_forward.forward(h));
        EncoderLayerOutput {
            x,
            self_attn: attention,
        }
    }
}

/// N encoder layers, plus a final LayerNorm when the norm comes first.
#[derive(Module, Debug)]
pub struct Encoder {
    pub layers: Vec<EncoderLayer>,
    pub final_norm: Option<LayerNorm>,
}

/// What the encoder produces.
#[derive(Clone, Debug)]
pub struct EncoderOutput {
    /// `[batch, src_len, d_model]`: the memory the decoder's cross-attention reads.
    pub memory: Tensor<3>,
    /// Each layer's self-attention, first layer first.
    pub self_attn: Vec<AttentionOutput>,
}

impl Encoder {
    /// `config.n_encoder_layers` layers, each built by [`EncoderLayer::new`].
    pub fn new(config: &TransformerConfig, device: &Device) -> Self {
        Self {
            layers: (0..config.n_encoder_layers)
                .map(|_| EncoderLayer::new(config, device))
                .collect(),
            final_norm: (config.norm == NormPlacement::Pre)
                .then(|| LayerNormConfig::new(config.d_model).init(device)),
        }
    }

    /// Returns the memory the decoder attends to and each layer's self-attention.
    ///
    /// # Shapes
    /// - `x`: `[batch, src_len, d_model]`, `src_mask`: `[batch, 1, src_len]`
    /// - `memory`: `[batch, src_len, d_model]`
    pub fn forward(&self, mut x: Tensor<3>, src_mask: &Tensor<3, Bool>) -> EncoderOutput {
        let mut self_attn = Vec::with_capacity(self.layers.len());
        for layer in &self.layers {
            let out = layer.forward(x, src_mask);
            x = out.x;
            self_attn.push(out.self_attn);
        }
        if let Some(norm) = &self.final_norm {
            x = norm.forward(x);
        }
        EncoderOutput {
            memory: x,
            self_attn,
        }
    }
}
