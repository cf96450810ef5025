//! The encoder stack, §3.1 of the paper: N identical layers, each
//! self-attention then a feed-forward network, each inside an
//! [`AddNorm`] ("Add & Norm" in Figure 1).

use burn::config::Config;
use burn::module::Module;
use burn::nn::LayerNorm;
use burn::tensor::{Bool, Device, Tensor};

use crate::add_norm::{AddNorm, AddNormStates, StackStates};
use crate::attention::{AttentionOutput, MultiHeadAttention};
use crate::config::LayerConfig;
use crate::feed_forward::PositionwiseFeedForward;
use crate::keep::Keep;

/// Configuration of an [`Encoder`]: `n_layers` layers of one size.
#[derive(Config, Debug, PartialEq)]
pub struct EncoderConfig {
    /// N (6 in the paper).
    pub n_layers: usize,
    pub layer: LayerConfig,
}

impl EncoderConfig {
    pub fn init(&self, device: &Device) -> Encoder {
        Encoder {
            layers: (0..self.n_layers)
                .map(|_| self.init_layer(device))
                .collect(),
            final_norm: self.layer.final_norm(device),
        }
    }

    /// One layer of the stack.
    pub fn init_layer(&self, device: &Device) -> EncoderLayer {
        let layer = &self.layer;
        EncoderLayer {
            self_attn: layer.attention().init(device),
            feed_forward: layer.feed_forward().init(device),
            attn_residual: layer.add_norm().init(device),
            ff_residual: layer.add_norm().init(device),
        }
    }
}

/// One encoder layer. (The field names are the checkpoints' tensor names.)
#[derive(Module, Debug)]
pub struct EncoderLayer {
    pub self_attn: MultiHeadAttention,
    pub feed_forward: PositionwiseFeedForward,
    /// "Add & Norm" around the self-attention.
    pub attn_residual: AddNorm,
    /// "Add & Norm" around the feed-forward network.
    pub ff_residual: AddNorm,
}

/// What one encoder layer returns.
#[derive(Clone, Debug)]
pub struct EncoderLayerOutput {
    /// `[batch, src_len, d_model]`: the input of the next layer.
    pub x: Tensor<3>,
    /// The layer's self-attention, with every intermediate.
    pub self_attn: AttentionOutput,
    /// `[batch, src_len, d_ff]`: the feed-forward network's hidden layer,
    /// with [`Keep::Inside`].
    pub ffn_hidden: Option<Tensor<3>>,
    /// Around the self-attention, then the feed-forward network, with
    /// [`Keep::Inside`] (empty otherwise).
    pub residual: Vec<AddNormStates>,
}

impl EncoderLayer {
    /// # Shapes
    /// - `x`: `[batch, src_len, d_model]`, `src_mask`: `[batch, 1, src_len]`
    pub fn forward(
        &self,
        x: Tensor<3>,
        src_mask: &Tensor<3, Bool>,
        keep: Keep,
    ) -> EncoderLayerOutput {
        let attention = self.attn_residual.around(x, keep, |h| {
            let out = self.self_attn.forward_self(h, Some(src_mask.clone()));
            (out.context.clone(), out)
        });
        let ffn = self.ff_residual.around(attention.out, keep, |h| {
            let out = self.feed_forward.forward_inspected(h, keep);
            (out.out, out.hidden)
        });
        EncoderLayerOutput {
            x: ffn.out,
            self_attn: attention.inner,
            ffn_hidden: ffn.inner,
            residual: [attention.states, ffn.states]
                .into_iter()
                .flatten()
                .collect(),
        }
    }
}

/// N encoder layers, plus a final LayerNorm when the norm comes first.
#[derive(Module, Debug)]
pub struct Encoder {
    pub layers: Vec<EncoderLayer>,
    pub final_norm: Option<LayerNorm>,
}

/// What the encoder stack returns.
#[derive(Clone, Debug)]
pub struct EncoderOutput {
    /// `[batch, src_len, d_model]`: what the decoder's cross-attention reads.
    pub memory: Tensor<3>,
    /// Each layer's self-attention, first layer first.
    pub self_attn: Vec<AttentionOutput>,
    /// Each layer's feed-forward hidden layer, `[batch, src_len, d_ff]`,
    /// with [`Keep::Inside`]; empty otherwise.
    pub ffn_hidden: Vec<Tensor<3>>,
    /// The residual stream, with [`Keep::Inside`]; empty otherwise.
    pub residual: StackStates,
}

impl Encoder {
    /// # Shapes
    /// - `x`: `[batch, src_len, d_model]`, `src_mask`: `[batch, 1, src_len]` → memory `[batch, src_len, d_model]`
    pub fn forward(
        &self,
        mut x: Tensor<3>,
        src_mask: &Tensor<3, Bool>,
        keep: Keep,
    ) -> EncoderOutput {
        let mut self_attn = Vec::with_capacity(self.layers.len());
        let mut ffn_hidden = Vec::with_capacity(self.layers.len());
        let mut residual = StackStates::default();
        for layer in &self.layers {
            let out = layer.forward(x, src_mask, keep);
            x = out.x;
            self_attn.push(out.self_attn);
            ffn_hidden.extend(out.ffn_hidden);
            residual.push(out.residual);
        }
        EncoderOutput {
            memory: residual.finish(x, self.final_norm.as_ref(), keep),
            self_attn,
            ffn_hidden,
            residual,
        }
    }
}
