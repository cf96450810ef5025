//! Input embeddings, §3.4 and §3.5: `Embedding(x) · √d_model + PE`.
//!
//! The embedding is multiplied by √d_model so that token vectors and the
//! positional table (whose entries lie in [−1, 1]) have comparable size.

use burn::module::{Initializer, Module};
use burn::nn::{Dropout, DropoutConfig, Embedding, EmbeddingConfig};
use burn::tensor::{Device, Int, Tensor};

use crate::dropout;
use crate::positional::add_positions;

/// Token embedding, scaling, positions and dropout: the box under each stack in Figure 1.
#[derive(Module, Debug)]
pub struct InputEmbedding {
    pub tokens: Embedding,
    pub dropout: Dropout,
    pub d_model: usize,
}

impl InputEmbedding {
    pub fn new(vocab_size: usize, d_model: usize, dropout: f64, device: &Device) -> Self {
        // Xavier-uniform bounds, as the Annotated Transformer initialises every matrix.
        let bound = (6.0 / (vocab_size + d_model) as f64).sqrt();
        let tokens = EmbeddingConfig::new(vocab_size, d_model)
            .with_initializer(Initializer::Uniform {
                min: -bound,
                max: bound,
            })
            .init(device);
        Self {
            tokens,
            dropout: DropoutConfig::new(dropout).init(),
            d_model,
        }
    }

    /// The token vectors times √d_model, before the positions are added.
    ///
    /// # Shapes
    /// - `ids`: `[batch, seq_len]` → `[batch, seq_len, d_model]`
    pub fn scaled(&self, ids: Tensor<2, Int>) -> Tensor<3> {
        self.tokens
            .forward(ids)
            .mul_scalar((self.d_model as f32).sqrt())
    }

    /// # Shapes
    /// - `ids`: `[batch, seq_len]`, `positions`: `[max_len, d_model]` → `[batch, seq_len, d_model]`
    pub fn forward(&self, ids: Tensor<2, Int>, positions: &Tensor<2>) -> Tensor<3> {
        let x = self.scaled(ids); // [batch, seq_len, d_model]
        dropout::apply(&self.dropout, add_positions(x, positions))
    }
}
