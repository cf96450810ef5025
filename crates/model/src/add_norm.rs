//! "Add & Norm", the box around every sub-layer in Figure 1 of the paper: a
//! residual connection, dropout on the sub-layer's output (§5.4), and
//! LayerNorm, after the sum (the paper) or before the sub-layer (pre-norm).
//!
//! ```text
//! post-norm (paper):                x = LayerNorm(x + Dropout(Sublayer(x)))
//! pre-norm (Annotated Transformer): x = x + Dropout(Sublayer(LayerNorm(x)))
//! ```
//!
//! A layer wraps each sub-layer in [`AddNorm::around`], which calls the two
//! halves: [`AddNorm::sublayer_input`] is what the sub-layer reads, and
//! [`AddNorm::add`] puts its output back on the residual stream.

use burn::config::Config;
use burn::module::Module;
use burn::nn::{Dropout, DropoutConfig, LayerNorm, LayerNormConfig};
use burn::tensor::{Device, Tensor};

use crate::config::NormPlacement;
use crate::dropout;
use crate::keep::Keep;

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

    /// Both halves around `sublayer`, which returns its output and
    /// whatever else it computed (`inner`). With [`Keep::Inside`] (the
    /// probe), what this box put on the residual stream is kept for the
    /// figure's Add & Norm boxes.
    ///
    /// # Shapes
    /// - `x`: `[batch, seq, d_model]` → out `[batch, seq, d_model]`
    pub fn around<T>(
        &self,
        x: Tensor<3>,
        keep: Keep,
        sublayer: impl FnOnce(Tensor<3>) -> (Tensor<3>, T),
    ) -> Around<T> {
        let keep = keep.inside();
        let h = self.sublayer_input(x.clone());
        let normed = (keep && self.placement == NormPlacement::Pre).then(|| h.clone());
        let (y, inner) = sublayer(h);
        let out = self.add(x, y);
        let states = keep.then(|| AddNormStates {
            normed,
            out: out.clone(),
        });
        Around { out, inner, states }
    }
}

/// What [`AddNorm::around`] returns.
#[derive(Clone, Debug)]
pub struct Around<T> {
    /// `[batch, seq, d_model]`: the residual stream after the sub-layer.
    pub out: Tensor<3>,
    /// What the sub-layer computed besides its output.
    pub inner: T,
    /// Kept with [`Keep::Inside`] only.
    pub states: Option<AddNormStates>,
}

/// What one [`AddNorm`] did on the probe: the numbers of the figure's
/// "Add & Norm" box (post-norm) or its "Norm" and "Add" boxes (pre-norm).
///
/// # Shapes
/// Both `[batch, seq, d_model]`.
#[derive(Clone, Debug)]
pub struct AddNormStates {
    /// `LayerNorm(x)`, what a pre-norm sub-layer reads; `None` after the
    /// paper's placement, where the sub-layer reads `x` itself.
    pub normed: Option<Tensor<3>>,
    /// The residual stream after the sub-layer: `LayerNorm(x + y)` after
    /// the paper's placement, `x + y` with the norm before.
    pub out: Tensor<3>,
}

/// A stack's residual stream on one input, kept with [`Keep::Inside`]:
/// what each layer's [`AddNorm`]s did, in the order of its sub-layers, and
/// the final norm's output, if the stack has one. Empty otherwise.
#[derive(Clone, Debug, Default)]
pub struct StackStates {
    /// `layers[l][s]`: around sub-layer `s` of layer `l`.
    pub layers: Vec<Vec<AddNormStates>>,
    /// `[batch, seq, d_model]`: the stack's output after its final LayerNorm.
    pub final_norm: Option<Tensor<3>>,
}

impl StackStates {
    /// Adds one layer's states (none unless kept).
    pub fn push(&mut self, layer: Vec<AddNormStates>) {
        if !layer.is_empty() {
            self.layers.push(layer);
        }
    }

    /// The stack's output `x`, after its final norm if it has one, with
    /// that norm's output kept if `keep` says so.
    ///
    /// # Shapes
    /// - `x`: `[batch, seq, d_model]` → `[batch, seq, d_model]`
    pub fn finish(
        &mut self,
        x: Tensor<3>,
        final_norm: Option<&LayerNorm>,
        keep: Keep,
    ) -> Tensor<3> {
        let Some(norm) = final_norm else { return x };
        let x = norm.forward(x);
        if keep.inside() {
            self.final_norm = Some(x.clone());
        }
        x
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
            let around = add_norm.around(x.clone(), Keep::Inside, |h| (double(h), ()));
            let got = values(around.out.clone());
            let by_formula = match norm {
                // LayerNorm(x + 2x)
                NormPlacement::Post => add_norm.norm.forward(x.clone().mul_scalar(3.0)),
                // x + 2·LayerNorm(x)
                NormPlacement::Pre => x.clone() + add_norm.norm.forward(x.clone()).mul_scalar(2.0),
            };
            assert!(close(&got, &values(by_formula)), "{norm:?}");
            // Kept when asked: the norm the sub-layer read.
            let states = around.states.expect("kept");
            let normed = states.normed.map(values);
            let expected =
                (norm == NormPlacement::Pre).then(|| values(add_norm.norm.forward(x.clone())));
            assert_eq!(normed.is_some(), expected.is_some(), "{norm:?}");
            assert!(close(
                &normed.unwrap_or_default(),
                &expected.unwrap_or_default()
            ));
        }
        let post = AddNormConfig::new(8).with_dropout(0.0).init(&device);
        let pre = AddNormConfig::new(8)
            .with_dropout(0.0)
            .with_norm(NormPlacement::Pre)
            .init(&device);
        let out =
            |a: &AddNorm, x: Tensor<3>| values(a.around(x, Keep::Nothing, |h| (double(h), ())).out);
        assert!(!close(&out(&post, x.clone()), &out(&pre, x)));
    }

    #[test]
    fn nothing_is_kept_unless_asked() {
        let backend = Backend::default();
        // Training with or without dropout, and inference: kept only when asked.
        for device in [backend.training_device(), backend.device()] {
            let x = Tensor::<3>::random([2, 3, 8], Distribution::Normal(0.0, 1.0), &device);
            for (norm, dropout) in [(NormPlacement::Post, 0.1), (NormPlacement::Pre, 0.0)] {
                let config = AddNormConfig::new(8).with_norm(norm).with_dropout(dropout);
                let add_norm = config.init(&device);
                for keep in [Keep::Nothing, Keep::Inside] {
                    let around = add_norm.around(x.clone(), keep, |h| (h, ()));
                    assert_eq!(around.states.is_some(), keep.inside(), "{norm:?} {keep:?}");
                    let mut stack = StackStates::default();
                    stack.push(around.states.into_iter().collect());
                    stack.finish(around.out, Some(&add_norm.norm), keep);
                    assert_eq!(stack.layers.len(), usize::from(keep.inside()));
                    assert_eq!(stack.final_norm.is_some(), keep.inside());
                }
            }
        }
    }
}
