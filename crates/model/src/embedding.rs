//! Input embeddings, §3.4 and §3.5: `Embedding(x) · √d_model + PE`.
//!
//! The paper multiplies the embedding weights by √d_model (§3.4) and gives
//! no reason. One reading, the lab's: so that token vectors and the
//! positional table (whose entries lie in [−1, 1]) have comparable size.

use burn::config::Config;
use burn::module::{Initializer, Module};
use burn::nn::{Dropout, DropoutConfig, Embedding, EmbeddingConfig};
use burn::tensor::{Device, Int, Tensor};

use crate::dropout;
use crate::positional::add_positions;

/// Configuration of an [`InputEmbedding`].
#[derive(Config, Debug, PartialEq)]
pub struct InputEmbeddingConfig {
    /// Tokens in the vocabulary: rows of the embedding matrix.
    pub vocab_size: usize,
    /// The width of each token's vector.
    pub d_model: usize,
    /// Dropout on the sums of embeddings and positions (§5.4, P_drop).
    #[config(default = 0.1)]
    pub dropout: f64,
}

impl InputEmbeddingConfig {
    pub fn init(&self, device: &Device) -> InputEmbedding {
        // Xavier-uniform bounds, as the Annotated Transformer initialises every matrix.
        let bound = (6.0 / (self.vocab_size + self.d_model) as f64).sqrt();
        let tokens = EmbeddingConfig::new(self.vocab_size, self.d_model)
            .with_initializer(Initializer::Uniform {
                min: -bound,
                max: bound,
            })
            .init(device);
        InputEmbedding {
            tokens,
            dropout: DropoutConfig::new(self.dropout).init(),
            d_model: self.d_model,
        }
    }
}

/// Token embedding, scaling, positions and dropout: the box under each stack in Figure 1.
#[derive(Module, Debug)]
pub struct InputEmbedding {
    pub tokens: Embedding,
    pub dropout: Dropout,
    pub d_model: usize,
}

impl InputEmbedding {
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
