//! A paper-faithful encoder-decoder Transformer ("Attention Is All You Need",
//! Vaswani et al., 2017) written in burn, in which every intermediate the lab
//! draws is an output: the positional table, the masks, and every per-head
//! attention map.
//!
//! The crate knows nothing about the web, tasks or training. It is organised
//! after the boxes in Figure 1 of the paper:
//!
//! - [`embedding`]: token embeddings × √d_model plus [`positional`] encoding;
//! - [`attention`]: scaled dot-product and multi-head attention;
//! - [`feed_forward`]: the position-wise FFN;
//! - [`add_norm`]: "Add & Norm", the residual connection and LayerNorm around each sub-layer;
//! - [`dropout`]: dropout with masks drawn by a seeded per-thread generator;
//! - [`encoder`] and [`decoder`]: the layer stacks, post-norm or pre-norm;
//! - [`transformer`]: the whole model and its [`transformer::AttentionMaps`];
//! - [`decode`]: greedy decoding and sampling, token by token, with or without a KV cache;
//! - [`beam`]: beam search with the paper's length penalty;
//! - [`checkpoint`] and [`safetensors`]: weights to bytes and back.

pub mod add_norm;
pub mod attention;
pub mod backend;
pub mod beam;
pub mod checkpoint;
pub mod config;
pub mod decode;
pub mod decoder;
pub mod dropout;
pub mod embedding;
pub mod encoder;
pub mod feed_forward;
pub mod keep;
pub mod masks;
pub mod ops;
pub mod parameters;
pub mod positional;
pub mod safetensors;
pub mod transformer;

pub use add_norm::{AddNorm, AddNormConfig, AddNormStates, StackStates};
pub use attention::{AttentionOutput, MultiHeadAttention, MultiHeadAttentionConfig};
pub use backend::Backend;
pub use beam::{beam_search, BeamSearch, BeamStep, Candidate, Hypothesis};
pub use config::{ConfigError, LayerConfig, NormPlacement, TransformerConfig};
pub use decode::{
    forced_decode, greedy_decode, greedy_decode_batch, greedy_decode_with, sample_decode,
    DecodeMode, DecodeStep, Decoded, DecoderState,
};
pub use decoder::{DecoderConfig, DecoderOutput};
pub use embedding::{InputEmbedding, InputEmbeddingConfig};
pub use encoder::{EncoderConfig, EncoderOutput};
pub use feed_forward::PositionwiseFeedForwardConfig;
pub use keep::Keep;
pub use transformer::{
    AttentionMaps, Encoded, FfnHidden, Residual, Transformer, TransformerOutput,
};

/// burn's tensor API, re-exported so dependants use the same version.
pub use burn;
