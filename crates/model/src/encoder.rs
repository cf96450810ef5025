//! The encoder stack, §3.1 of the paper: N identical layers, each
//! self-attention then a feed-forward network, each wrapped in a residual
//! connection and LayerNorm.
//!
//! ```text
//! post-norm (paper):              x = LayerNorm(x + Dropout(Sublayer(x)))
//! pre-norm (Annotated Transformer): x = x + Dropout(Sublayer(LayerNorm(x)))
//! ```

use burn::module::Module;
use burn::nn::{Dropout, DropoutConfig, LayerNorm, LayerNormConfig};
use burn::tensor::{Bool, Device, Tensor};

use crate::attention::{AttentionOutput, MultiHeadAttention};
use crate::config::{NormPlacement, TransformerConfig};
use crate::dropout;
use crate::feed_forward::PositionwiseFeedForward;

/// A residual connection around a sub-layer, with LayerNorm before or after.
#[derive(Module, Debug)]
pub struct Residual {
    pub norm: LayerNorm,
    pub dropout: Dropout,
    pub pre_norm: bool,
}

impl Residual {
    pub fn new(d_model: usize, dropout: f64, placement: NormPlacement, device: &Device) -> Self {
        Self {
            norm: LayerNormConfig::new(d_model).init(device),
            dropout: DropoutConfig::new(dropout).init(),
            pre_norm: placement == NormPlacement::Pre,
        }
    }

    /// Applies `sublayer` with the residual connection; `sublayer` may return a side output.
    ///
    /// # Shapes
    /// - `x`: `[batch, seq, d_model]` → `[batch, seq, d_model]`
    pub fn forward<T>(
        &self,
        x: Tensor<3>,
        sublayer: impl FnOnce(Tensor<3>) -> (Tensor<3>, T),
    ) -> (Tensor<3>, T) {
        if self.pre_norm {
            let (y, side) = sublayer(self.norm.forward(x.clone()));
            (x + dropout::apply(&self.dropout, y), side)
        } else {
            let (y, side) = sublayer(x.clone());
            (
                self.norm.forward(x + dropout::apply(&self.dropout, y)),
                side,
            )
        }
    }
}

#[derive(Module, Debug)]
pub struct EncoderLayer {
    pub self_attn: MultiHeadAttention,
    pub feed_forward: PositionwiseFeedForward,
    pub attn_residual: Residual,
    pub ff_residual: Residual,
}

impl EncoderLayer {
    pub fn new(config: &TransformerConfig, device: &Device) -> Self {
        Self {
            self_attn: MultiHeadAttention::new(
                config.d_model,
                config.n_heads,
                config.dropout,
                device,
            ),
            feed_forward: PositionwiseFeedForward::new(
                config.d_model,
                config.d_ff,
                config.dropout,
                device,
            ),
            attn_residual: Residual::new(config.d_model, config.dropout, config.norm, device),
            ff_residual: Residual::new(config.d_model, config.dropout, config.norm, device),
        }
    }

    /// # Shapes
    /// - `x`: `[batch, src_len, d_model]`, `src_mask`: `[batch, 1, src_len]`
    pub fn forward(
        &self,
        x: Tensor<3>,
        src_mask: &Tensor<3, Bool>,
    ) -> (Tensor<3>, AttentionOutput) {
        let (x, attn) = self.attn_residual.forward(x, |h| {
            let out = self.self_attn.forward_self(h, Some(src_mask.clone()));
            (out.context.clone(), out)
        });
        let (x, ()) = self
            .ff_residual
            .forward(x, |h| (self.feed_forward.forward(h), ()));
        (x, attn)
    }
}

/// N encoder layers, plus a final LayerNorm when the norm comes first.
#[derive(Module, Debug)]
pub struct Encoder {
    pub layers: Vec<EncoderLayer>,
    pub final_norm: Option<LayerNorm>,
}

impl Encoder {
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
    /// - `x`: `[batch, src_len, d_model]`, `src_mask`: `[batch, 1, src_len]` → `[batch, src_len, d_model]`
    pub fn forward(
        &self,
        mut x: Tensor<3>,
        src_mask: &Tensor<3, Bool>,
    ) -> (Tensor<3>, Vec<AttentionOutput>) {
        let mut maps = Vec::with_capacity(self.layers.len());
        for layer in &self.layers {
            let (next, attn) = layer.forward(x, src_mask);
            x = next;
            maps.push(attn);
        }
        if let Some(norm) = &self.final_norm {
            x = norm.forward(x);
        }
        (x, maps)
    }
}
