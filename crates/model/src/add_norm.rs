//! "Add & Norm", the box around every sub-layer in Figure 1 of the paper: a
//! residual connection, dropout on the sub-layer's output (§5.4), and
//! LayerNorm, after the sum (the paper) or before the sub-layer (pre-norm).
//!
//! ```text
//! post-norm (paper):                x = LayerNorm(x + Dropout(Sublayer(x)))
//! pre-norm (Annotated Transformer): x = x + Dropout(Sublayer(LayerNorm(x)))
//! ```
//!
//! A layer calls the two halves around its sub-layer:
//! [`AddNorm::sublayer_input`] is what the sub-layer reads, and
//! [`AddNorm::add`] puts its output back on the residual stream.

use burn::config::Config;
use burn::module::Module;
use burn::nn::{Dropout, DropoutConfig, LayerNorm, LayerNormConfig};
use burn::tensor::{Device, Tensor};

use crate::config::NormPlacement;
use crate::dropout;

/// Configuration of an [`AddNorm`].
#[derive(Config, Debug, PartialEq)]
pub struct AddNormConfig {
    /// The width of the residual stream.
    pub d_model: usize,
    /// Dropout on the sub-layer's output, before the sum (§5.4, P_drop).
    #[config(default = 0.1)]
    pub dropout: f64,
    /// Where LayerNorm goes: after the sum (the paper) or before the sub-layer.
    #[config(default = "NormPlacement::Post")]
    pub norm: NormPlacement,
}

impl AddNormConfig {
    pub fn init(&self, device: &Device) -> AddNorm {
        AddNorm {
            norm: LayerNormConfig::new(self.d_model).init(device),
            dropout: DropoutConfig::new(self.dropout).init(),
            placement: self.norm,
        }
    }
}

/// A residual connection around a sub-layer, with LayerNorm after or before it.
#[derive(Module, Debug)]
pub struct AddNorm {
    pub norm: LayerNorm,
    pub dropout: Dropout,
    #[module(skip)]
    pub placement: NormPlacement,
}

impl AddNorm {
    /// What the sub-layer reads: `x` itself after the paper's placement,
    /// `LayerNorm(x)` before it.
    ///
    /// # Shapes
    /// - `x`: `[batch, seq, d_model]` → `[batch, seq, d_model]`
    pub fn sublayer_input(&self, x: Tensor<3>) -> Tensor<3> {
        match self.placement {
            NormPlacement::Post => x,
            NormPlacement::Pre => self.norm.forward(x),
        }
    }

    /// Puts the sub-layer's output `y` back on the residual stream `x`:
    /// `LayerNorm(x + Dropout(y))` after the paper's placement,
    /// `x + Dropout(y)` with the norm before.
    ///
    /// # Shapes
    /// - `x`, `y`: `[batch, seq, d_model]` → `[batch, seq, d_model]`
    pub fn add(&self, x: Tensor<3>, y: Tensor<3>) -> Tensor<3> {
        let sum = x + dropout::apply(&self.dropout, y);
        match self.placement {
            NormPlacement::Post => self.norm.forward(sum),
            NormPlacement::Pre => sum,
        }
    }

    /// Both halves around a sub-layer that returns only its output.
    ///
    /// # Shapes
    /// - `x`: `[batch, seq, d_model]` → `[batch, seq, d_model]`
    pub fn forward(
        &self,
        x: Tensor<3>,
        sublayer: impl FnOnce(Tensor<3>) -> Tensor<3>,
    ) -> Tensor<3> {
        let y = sublayer(self.sublayer_input(x.clone()));
        self.add(x, y)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Backend;
    use burn::tensor::Distribution;

    fn values(t: Tensor<3>) -> Vec<f32> {
        t.into_data().try_to_vec::<f32>().expect("f32")
    }

    fn close(a: &[f32], b: &[f32]) -> bool {
        a.len() == b.len() && a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-5)
    }

    #[test]
    fn each_placement_computes_its_formula() {
        let device = Backend::default().device();
        let x = Tensor::<3>::random([2, 3, 8], Distribution::Normal(0.0, 1.0), &device);
        let double = |h: Tensor<3>| h.mul_scalar(2.0);
        for norm in [NormPlacement::Post, NormPlacement::Pre] {
            let add_norm = AddNormConfig::new(8)
                .with_dropout(0.0)
                .with_norm(norm)
                .init(&device);
            let got = values(add_norm.forward(x.clone(), double));
            let by_formula = match norm {
                // LayerNorm(x + 2x)
                NormPlacement::Post => add_norm.norm.forward(x.clone().mul_scalar(3.0)),
                // x + 2·LayerNorm(x)
                NormPlacement::Pre => x.clone() + add_norm.norm.forward(x.clone()).mul_scalar(2.0),
            };
            assert!(close(&got, &values(by_formula)), "{norm:?}");
        }
        let post = AddNormConfig::new(8).with_dropout(0.0).init(&device);
        let pre = AddNormConfig::new(8)
            .with_dropout(0.0)
            .with_norm(NormPlacement::Pre)
            .init(&device);
        assert!(!close(
            &values(post.forward(x.clone(), double)),
            &values(pre.forward(x, double))
        ));
    }
}
