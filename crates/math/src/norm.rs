//! Where LayerNorm sits relative to each residual connection, written once.
//!
//! The paper (§3.1) normalises after the residual sum:
//!
//! ```text
//! post-norm:  x = LayerNorm(x + Sublayer(x))
//! pre-norm:   x = x + Sublayer(LayerNorm(x))
//! ```
//!
//! Pre-norm, used by the Annotated Transformer, keeps an un-normalised path
//! from input to output and so tolerates larger learning rates; its stacks end
//! with one more LayerNorm. The model builds its layers from this choice, the
//! run's settings carry it, and checkpoints store it, all as this one type.

use serde::{Deserialize, Serialize};

/// Where LayerNorm sits relative to each residual connection.
///
/// Serialised as `"Post"` / `"Pre"`: checkpoints and worker messages store
/// these names, so renaming a variant would orphan every saved run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum NormPlacement {
    /// `x = LayerNorm(x + Sublayer(x))`: the paper (§3.1).
    Post,
    /// `x = x + Sublayer(LayerNorm(x))`: the Annotated Transformer; the
    /// stacks then end with one more LayerNorm.
    Pre,
}

impl NormPlacement {
    /// The placement in words and as its formula, for labels in the page.
    pub fn formula(self) -> &'static str {
        match self {
            Self::Post => "post-norm (paper): x = LayerNorm(x + Sublayer(x))",
            Self::Pre => "pre-norm (Annotated Transformer): x = x + Sublayer(LayerNorm(x))",
        }
    }

    /// Whether each stack ends with one more LayerNorm: pre-norm's residual
    /// stream is never normalised otherwise. The paper's post-norm has none.
    pub fn has_final_norm(self) -> bool {
        self == Self::Pre
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_placement_names_its_own_formula() {
        assert!(NormPlacement::Post
            .formula()
            .contains("LayerNorm(x + Sublayer(x))"));
        assert!(NormPlacement::Pre
            .formula()
            .contains("x + Sublayer(LayerNorm(x))"));
    }

    #[test]
    fn placements_keep_the_names_saved_checkpoints_use() {
        for (norm, json) in [
            (NormPlacement::Post, "\"Post\""),
            (NormPlacement::Pre, "\"Pre\""),
        ] {
            assert_eq!(serde_json::to_string(&norm).expect("plain data"), json);
            assert_eq!(
                serde_json::from_str::<NormPlacement>(json).expect("a saved name"),
                norm
            );
        }
    }
}
