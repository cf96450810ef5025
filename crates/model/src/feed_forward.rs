//! The position-wise feed-forward network, §3.3 of the paper.
//!
//! ```text
//! FFN(x) = max(0, x W₁ + b₁) W₂ + b₂
//! ```
//!
//! The same two linear maps are applied to every position separately: d_model
//! → d_ff → d_model (512 → 2048 → 512 in the paper).

use burn::config::Config;
use burn::module::{Initializer, Module};
use burn::nn::{Dropout, DropoutConfig, Linear, LinearConfig};
use burn::tensor::activation::relu;
use burn::tensor::{Device, Tensor};

use crate::dropout;
use crate::keep::Keep;
use crate::ops::position_wise;

/// Configuration of a [`PositionwiseFeedForward`].
#[derive(Config, Debug, PartialEq)]
pub struct PositionwiseFeedForwardConfig {
    /// The width of each position's input and output.
    pub d_model: usize,
    /// The width of the hidden layer (2048 in the paper, 4 × d_model).
    pub d_ff: usize,
    /// Dropout on the hidden activations while training (as in the Annotated Transformer).
    #[config(default = 0.1)]
    pub dropout: f64,
}

impl PositionwiseFeedForwardConfig {
    pub fn init(&self, device: &Device) -> PositionwiseFeedForward {
        let init = Initializer::XavierUniform { gain: 1.0 };
        PositionwiseFeedForward {
            w1: LinearConfig::new(self.d_model, self.d_ff)
                .with_initializer(init.clone())
                .init(device),
            w2: LinearConfig::new(self.d_ff, self.d_model)
                .with_initializer(init)
                .init(device),
            dropout: DropoutConfig::new(self.dropout).init(),
        }
    }
}

#[derive(Module, Debug)]
pub struct PositionwiseFeedForward {
    pub w1: Linear,
    pub w2: Linear,
    pub dropout: Dropout,
}

impl PositionwiseFeedForward {
    /// # Shapes
    /// - `x`: `[batch, seq, d_model]` → `[batch, seq, d_model]`
    pub fn forward(&self, x: Tensor<3>) -> Tensor<3> {
        self.forward_inspected(x, Keep::Nothing).out
    }

    /// [`Self::forward`], and, with [`Keep::Inside`] (the probe), the
    /// hidden layer it went through, which the figure's feed-forward boxes
    /// show. Otherwise it is not kept: while training, dropout's product
    /// then reuses its buffer.
    ///
    /// # Shapes
    /// - `x`: `[batch, seq, d_model]` → out `[batch, seq, d_model]`, hidden `[batch, seq, d_ff]`
    pub fn forward_inspected(&self, x: Tensor<3>, keep: Keep) -> FeedForwardOutput {
        let hidden = relu(position_wise(&self.w1, x)); // [batch, seq, d_ff]
        let kept = keep.inside().then(|| hidden.clone());
        let out = position_wise(&self.w2, dropout::apply(&self.dropout, hidden)); // [batch, seq, d_model]
        FeedForwardOutput { out, hidden: kept }
    }
}

/// What [`PositionwiseFeedForward::forward_inspected`] returns.
#[derive(Clone, Debug)]
pub struct FeedForwardOutput {
    /// `[batch, seq, d_model]`: `FFN(x)`.
    pub out: Tensor<3>,
    /// `[batch, seq, d_ff]`: `max(0, x W₁ + b₁)`, kept with [`Keep::Inside`].
    pub hidden: Option<Tensor<3>>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Backend;
    use burn::tensor::Distribution;

    #[test]
    fn each_position_is_transformed_independently() {
        let device = Backend::default().device();
        let ffn = PositionwiseFeedForwardConfig::new(8, 32)
            .with_dropout(0.0)
            .init(&device);
        let x = Tensor::<3>::random([1, 3, 8], Distribution::Normal(0.0, 1.0), &device);
        let whole = ffn
            .forward(x.clone())
            .into_data()
            .try_to_vec::<f32>()
            .expect("f32");
        let middle = ffn
            .forward(x.narrow(1, 1, 1))
            .into_data()
            .try_to_vec::<f32>()
            .expect("f32");
        for (a, b) in whole[8..16].iter().zip(&middle) {
            assert!((a - b).abs() < 1e-5);
        }
    }

    #[test]
    fn the_hidden_layer_is_kept_only_when_asked() {
        let values = |t: Tensor<3>| t.into_data().try_to_vec::<f32>().expect("f32");
        let backend = Backend::default();
        let device = backend.device();
        let ffn = PositionwiseFeedForwardConfig::new(8, 32).init(&device);
        let x = Tensor::<3>::random([2, 3, 8], Distribution::Normal(0.0, 1.0), &device);
        let inspected = ffn.forward_inspected(x.clone(), Keep::Inside);
        let hidden = values(inspected.hidden.expect("kept when asked"));
        let expected = values(relu(ffn.w1.forward(x.clone())));
        assert_eq!(hidden.len(), 2 * 3 * 32);
        for (a, b) in hidden.iter().zip(&expected) {
            assert!((a - b).abs() < 1e-5, "{a} against {b}");
        }
        assert!(hidden.contains(&0.0) && hidden.iter().any(|&h| h > 0.0));
        assert_eq!(values(inspected.out), values(ffn.forward(x.clone())));
        assert!(ffn
            .forward_inspected(x.clone(), Keep::Nothing)
            .hidden
            .is_none());
        // Training without dropout: nothing kept either.
        let training = backend.training_device();
        let ffn = PositionwiseFeedForwardConfig::new(8, 32)
            .with_dropout(0.0)
            .init(&training);
        let x = x.to_device(&training);
        assert!(ffn.forward_inspected(x, Keep::Nothing).hidden.is_none());
    }
}
