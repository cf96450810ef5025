//! The position-wise feed-forward network, §3.3 of the paper.
//!
//! ```text
//! FFN(x) = max(0, x W₁ + b₁) W₂ + b₂
//! ```
//!
//! The same two linear maps are applied to every position separately: d_model
//! → d_ff → d_model (512 → 2048 → 512 in the paper).

use burn::module::{Initializer, Module};
use burn::nn::{Dropout, DropoutConfig, Linear, LinearConfig};
use burn::tensor::activation::relu;
use burn::tensor::{Device, Tensor};

use crate::dropout;
use crate::ops::position_wise;

#[derive(Module, Debug)]
pub struct PositionwiseFeedForward {
    pub w1: Linear,
    pub w2: Linear,
    pub dropout: Dropout,
}

impl PositionwiseFeedForward {
    pub fn new(d_model: usize, d_ff: usize, dropout: f64, device: &Device) -> Self {
        let init = Initializer::XavierUniform { gain: 1.0 };
        Self {
            w1: LinearConfig::new(d_model, d_ff)
                .with_initializer(init.clone())
                .init(device),
            w2: LinearConfig::new(d_ff, d_model)
                .with_initializer(init)
                .init(device),
            dropout: DropoutConfig::new(dropout).init(),
        }
    }

    /// # Shapes
    /// - `x`: `[batch, seq, d_model]` → `[batch, seq, d_model]`
    pub fn forward(&self, x: Tensor<3>) -> Tensor<3> {
        let hidden = relu(position_wise(&self.w1, x)); // [batch, seq, d_ff]
        position_wise(&self.w2, dropout::apply(&self.dropout, hidden)) // [batch, seq, d_model]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Backend;
    use burn::tensor::Distribution;

    #[test]
    fn each_position_is_transformed_independently() {
        let device = Backend::default().device();
        let ffn = PositionwiseFeedForward::new(8, 32, 0.0, &device);
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
}
