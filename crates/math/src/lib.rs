//! The closed-form pieces of "Attention Is All You Need" as plain functions.
//!
//! Everything here is burn-free on purpose: the model crate wraps these in
//! tensors, and the browser's views call the very same functions, so what a
//! learner sees on screen is computed by the code the model runs.
//!
//! - [`positional`]: sinusoidal positional encoding (§3.5).
//! - [`masks`]: padding and subsequent (causal) masks (§3.2.3).
//! - [`schedule`]: the Noam learning-rate schedule (§5.3).
//! - [`smoothing`]: label-smoothed target distributions (§5.4).

pub mod masks;
pub mod positional;
pub mod schedule;
pub mod smoothing;

pub use masks::{combined_mask, padding_mask, subsequent_mask, MASK_CONVENTION};
pub use positional::{pe_similarity, pe_value, sinusoid_table, PE_FORMULA};
pub use schedule::noam_rate;
pub use smoothing::smoothed_targets;
