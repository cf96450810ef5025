//! The toy model's sizes, small enough to train live in a browser: the
//! preset of a new run (`lab_protocol::Settings::toy`) and the model the
//! model crate's tests build (`lab_model::TransformerConfig::toy`). Table 3's
//! base model is `d_model` 512, 8 heads, `d_ff` 2048 and 6 layers; this one
//! is an eighth as wide and a third as deep.
//!
//! `xtask` compiles this file in as a module of its own (it builds from the
//! standard library alone), so it holds plain constants and nothing else.

/// `d_model`: the width of every token's vector.
pub const D_MODEL: usize = 64;
/// `h`: heads per attention layer, so `d_k = d_v = 16`.
pub const N_HEADS: usize = 4;
/// `d_ff`: the inner width of the position-wise feed-forward network.
pub const D_FF: usize = 256;
/// `N`: layers in the encoder, and in the decoder.
pub const N_LAYERS: usize = 2;
