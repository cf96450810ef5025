//! The closed-form pieces of "Attention Is All You Need" as plain functions.
//!
//! Everything here is burn-free on purpose: the model crate wraps these in
//! tensors, and the browser's views call the very same functions, so what a
//! learner sees on screen is computed by the code the model runs.
//!
//! - [`positional`]: sinusoidal positional encoding (§3.5).
//! - [`decoding`]: the multiply-adds of a greedy decoding step, with and without a KV cache.
//! - [`masks`]: padding and subsequent (causal) masks (§3.2.3).
//! - [`schedule`]: the Noam learning-rate schedule (§5.3).
//! - [`smoothing`]: label-smoothed target distributions (§5.4).
//! - [`tokens`]: the special tokens `<pad>`, `<bos>`, `<eos>`, `<unk>` and their ids.
//! - [`norm`]: post-norm (§3.1) or pre-norm placement of LayerNorm.
//! - [`origins`]: where the model applies dropout and a final LayerNorm, and whose choice each is.
//! - [`cost`]: a step's parameters, memory and multiply-adds, from the sizes alone.
//! - [`scaling`]: why ÷√d_k: the variance of q·k and the softmax's saturation.
//! - [`toy`]: the toy model's sizes, the preset of a new run.
//! - [`search`]: the next token three ways: greedy, beam search (§6.1's length penalty) and sampling.

pub mod beta;
pub mod cost;
pub mod decoding;
pub mod limits;
pub mod masks;
pub mod norm;
pub mod origins;
pub mod positional;
pub mod rng;
pub mod scaling;
pub mod schedule;
pub mod search;
pub mod smoothing;
pub mod tokens;
pub mod toy;

pub use masks::{combined_mask, padding_mask, subsequent_mask, MASK_CONVENTION};
pub use norm::NormPlacement;
pub use positional::{pe_similarity, pe_value, sinusoid_table};
pub use schedule::noam_rate;
pub use smoothing::{smoothed_targets, TargetWeights};
pub use tokens::{BOS, EOS, PAD, SPECIALS, UNK};

/// Table 1: per-layer cost, sequential operations and path length by layer type (§4).
pub mod complexity;
/// Label-smoothed cross-entropy split into its floor H(q) and KL(q ‖ p) (§5.4).
pub mod cross_entropy;

pub use beta::{entropy_bits, softmax_beta};
pub use cross_entropy::{cross_entropy_split, CrossEntropySplit};
