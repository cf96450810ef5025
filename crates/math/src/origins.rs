//! Where the model applies dropout, and where a stack ends with one more
//! LayerNorm, with whose choice each one is: the paper's, or the Annotated
//! Transformer's that this lab's model follows. Written once, so the page's
//! diagram of a layer and the model's own tests check the same list.
//!
//! The paper names dropout in two places only, §5.4 "Residual Dropout":
//! "We apply dropout to the output of each sub-layer, before it is added to
//! the sub-layer input and normalized. In addition, we apply dropout to the
//! sums of the embeddings and the positional encodings in both the encoder
//! and decoder stacks." The Annotated Transformer adds dropout on the
//! attention weights and inside the feed-forward network, and its pre-norm
//! stacks end with one more LayerNorm; the paper's post-norm has none.

/// Whose choice a part of a layer is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// The paper's (for dropout, §5.4 "Residual Dropout").
    Paper,
    /// Not in the paper: the Annotated Transformer's, which this lab follows.
    AnnotatedTransformer,
}

/// A place where the model applies dropout (while training only, with P_drop).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DropoutSite {
    /// The sum of a token's scaled embedding and its positional encoding,
    /// before the first layer of each stack.
    EmbeddingSum,
    /// Each attention's softmax weights, before they weigh the values.
    AttentionWeights,
    /// Each sub-layer's output, before the residual sum.
    SublayerOutput,
    /// The feed-forward network's hidden layer, after its ReLU.
    FeedForwardHidden,
}

impl DropoutSite {
    /// Every place the model applies dropout, in the order a token's vector
    /// first meets them: the embedding sum before the first layer; then, in
    /// the layer's first sub-layer, the attention weights and that
    /// sub-layer's output; then the feed-forward network's hidden layer.
    pub const ALL: [DropoutSite; 4] = [
        Self::EmbeddingSum,
        Self::AttentionWeights,
        Self::SublayerOutput,
        Self::FeedForwardHidden,
    ];

    /// Whose choice this dropout is.
    pub fn origin(self) -> Origin {
        match self {
            Self::EmbeddingSum | Self::SublayerOutput => Origin::Paper,
            Self::AttentionWeights | Self::FeedForwardHidden => Origin::AnnotatedTransformer,
        }
    }
}

/// Whose choice the LayerNorm after a stack's last layer is: pre-norm's,
/// the Annotated Transformer's (the paper's post-norm has none; see
/// [`NormPlacement::has_final_norm`](crate::norm::NormPlacement::has_final_norm)).
pub const FINAL_NORM_ORIGIN: Origin = Origin::AnnotatedTransformer;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_paper_names_two_dropout_sites() {
        let paper: Vec<_> = DropoutSite::ALL
            .into_iter()
            .filter(|s| s.origin() == Origin::Paper)
            .collect();
        assert_eq!(
            paper,
            [DropoutSite::EmbeddingSum, DropoutSite::SublayerOutput]
        );
    }
}
