//! "Add & Norm", §3.1 of the paper: a residual connection around each
//! sub-layer, with layer normalisation after it (post-norm, the paper) or
//! before the sub-layer (pre-norm, the Annotated Transformer). The sub-layer's
//! output passes through dropout before it is added (§5.4, "Residual Dropout").
//!
//! ```text
//! post-norm (paper):                x = LayerNorm(x + Dropout(Sublayer(x)))
//! pre-norm (Annotated Transformer): x = x + Dropout(Sublayer(LayerNorm(x)))
//! ```

use burn::config::Config;
use burn::module::Module;
use burn::nn::{Dropout, DropoutConfig, LayerNorm, LayerNormConfig};
use burn::tensor::{Device, Tensor};

use crate::attention::AttentionOutput;
use crate::config::NormPlacement;
use crate::dropout;

/// The sizes of an [`AddNorm`]: `AddNormConfig::new(d_model).with_placement(NormPlacement::Pre).init(device)`.
#[derive(Config, Debug)]
pub struct AddNormConfig {
    /// The width of the rows being normalised (512 in the paper).
    pub d_model: usize,
    /// Dropout on the sub-layer's output while training, `P_drop` (§5.4).
    #[config(default = 0.1)]
    pub dropout: f64,
    /// Whether the LayerNorm comes after the addition (the paper) or before the sub-layer.
    #[config(default = "NormPlacement::Post")]
    pub placement: NormPlacement,
}

impl AddNormConfig {
    /// Builds the LayerNorm (`γ = 1`, `β = 0`) and the dropout.
    pub fn init(&self, device: &Device) -> AddNorm {
        AddNorm {
            norm: LayerNormConfig::new(self.d_model).init(device),
            dropout: DropoutConfig::new(self.dropout).init(),
            placement: self.placement,
        }
    }
}

/// A residual connection around a sub-layer, with LayerNorm before or after.
#[derive(Module, Debug)]
pub struct AddNorm {
    pub norm: LayerNorm,
    pub dropout: Dropout,
    /// Not a parameter: checkpoints store it once, in the model's configuration.
    #[module(skip)]
    pub placement: NormPlacement,
}

/// An attention sub-layer inside its Add & Norm: the new residual stream and
/// every intermediate of the attention, for the views.
#[derive(Clone, Debug)]
pub struct AddNormOutput {
    /// `[batch, seq_q, d_model]`: the stream after the residual connection.
    pub x: Tensor<3>,
    /// What the attention computed; its `context` is what was added to `x`.
    pub attention: AttentionOutput,
}

impl AddNorm {
    /// `sublayer` (the feed-forward network) wrapped in the residual connection.
    ///
    /// # Shapes
    /// - `x`: `[batch, seq, d_model]` → `[batch, seq, d_model]`
    pub fn forward(
        &self,
        x: Tensor<3>,
        sublayer: impl FnOnce(Tensor<3>) -> Tensor<3>,
    ) -> Tensor<3> {
        self.wrap(x, |h| (sublayer(h), ())).0
    }

    /// An attention sub-layer wrapped in the residual connection: its
    /// `context` is added to the stream, and the whole output is kept.
    ///
    /// # Shapes
    /// - `x`: `[batch, seq_q, d_model]` → `x`: `[batch, seq_q, d_model]`
    pub fn forward_attention(
        &self,
        x: Tensor<3>,
        attention: impl FnOnce(Tensor<3>) -> AttentionOutput,
    ) -> AddNormOutput {
        let (x, attention) = self.wrap(x, |h| {
            let out = attention(h);
            (out.context.clone(), out)
        });
        AddNormOutput { x, attention }
    }

    /// The two equations of the module's opening; `sublayer` returns what is
    /// added to the stream and what the caller keeps.
    fn wrap<T>(
        &self,
        x: Tensor<3>,
        sublayer: impl FnOnce(Tensor<3>) -> (Tensor<3>, T),
    ) -> (Tensor<3>, T) {
        match self.placement {
            NormPlacement::Pre => {
                let (y, kept) = sublayer(self.norm.forward(x.clone()));
                (x + dropout::apply(&self.dropout, y), kept)
            }
            NormPlacement::Post => {
                let (y, kept) = sublayer(x.clone());
                (
                    self.norm.forward(x + dropout::apply(&self.dropout, y)),
                    kept,
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Backend;
    use burn::tensor::Distribution;

    fn values(x: Tensor<3>) -> Vec<f32> {
        x.into_data().try_to_vec::<f32>().expect("f32")
    }

    #[test]
    fn post_norm_leaves_every_row_with_mean_zero_and_variance_one() {
        let device = Backend::default().device();
        let add_norm = AddNormConfig::new(8).with_dropout(0.0).init(&device);
        let x = Tensor::<3>::random([2, 3, 8], Distribution::Normal(2.0, 3.0), &device);
        let out = values(add_norm.forward(x, |h| h.mul_scalar(0.5)));
        for row in out.chunks(8) {
            let mean = row.iter().sum::<f32>() / 8.0;
            let var = row.iter().map(|v| (v - mean).powi(2)).sum::<f32>() / 8.0;
            assert!(mean.abs() < 1e-5 && (var - 1.0).abs() < 1e-3, "row {row:?}");
        }
    }

    #[test]
    fn pre_norm_adds_the_sublayer_to_the_untouched_stream() {
        let device = Backend::default().device();
        let add_norm = AddNormConfig::new(8)
            .with_dropout(0.0)
            .with_placement(NormPlacement::Pre)
            .init(&device);
        let x = Tensor::<3>::random([2, 3, 8], Distribution::Normal(2.0, 3.0), &device);
        // A sub-layer that adds nothing leaves the stream exactly as it was.
        let out = add_norm.forward(x.clone(), |h| h.zeros_like());
        assert_eq!(values(out), values(x));
    }
}
