//! Model weights (and the optimizer's state) to bytes and back, for browser
//! storage, download and upload.
//!
//! Layout (all integers little-endian):
//!
//! ```text
//! "ATTNLAB\0"   8 bytes   magic
//! version       u32       FORMAT_VERSION (2; version 1 is still read)
//! header_len    u32
//! header        JSON      { config, meta, tensors: [{ name, shape }],
//!                           optimizer?: { meta, slots: ["moment_1", …] } }
//! weights       f32 × Σ shape products, in header order (f16 when the
//!               header says `"weights": "f16"`)
//! optimizer     f32 × Σ shape products × slots.len(), slot by slot,
//!               each slot in header order (version 2, only with `optimizer`)
//! crc32         u32       of everything before it
//! ```
//!
//! Version 2 adds the optional optimizer section: for Adam, each parameter's
//! two moment estimates, so that a resumed run continues exactly where it
//! stopped. A version-1 file is the same layout without it.
//!
//! A model to ship may store its weights in half precision
//! ([`WeightPrecision::F16`], [`to_half_bytes`]): half the download, every
//! weight rounded to the nearest `f16` (a relative error of at most 2⁻¹¹),
//! and no optimizer section. It loads into the same `f32` model; the lab
//! trains and saves in `f32`.
//!
//! Loading validates everything before it allocates or builds anything: the
//! file size against [`MAX_CHECKPOINT_BYTES`], the checksum, the model
//! description against [`crate::parameters::MAX_PARAMETERS`] (counted with
//! checked arithmetic), every tensor's name and shape against the list the
//! description implies ([`crate::parameters::parameter_entries`]), the number
//! of optimizer slots against [`MAX_OPTIMIZER_SLOTS`], and the payload length
//! (weights and optimizer section together). So a truncated, garbled, foreign
//! or hostile file gives a [`CheckpointError`], and the caller's current model
//! stays untouched.

use serde::{Deserialize, Serialize};

use crate::config::TransformerConfig;
use crate::parameters::parameter_count;

pub const MAGIC: &[u8; 8] = b"ATTNLAB\0";
/// The version this build writes.
pub const FORMAT_VERSION: u32 = 2;
/// The oldest version this build still reads (weights only).
pub const OLDEST_VERSION: u32 = 1;
/// Per-parameter tensors an optimizer may store (Adam's two moments).
pub const MAX_OPTIMIZER_SLOTS: usize = 2;
pub use lab_math::limits::MAX_CHECKPOINT_BYTES;
/// Refuse headers beyond this size before parsing them.
use lab_math::limits::MAX_CHECKPOINT_HEADER as MAX_HEADER;

mod read;
#[cfg(test)]
mod tests;
mod write;

pub use read::{from_bytes, read, CheckedCheckpoint};
pub use write::{named_tensors, to_bytes, to_bytes_with_optimizer, to_half_bytes};

/// Why bytes are not a checkpoint this build can load.
#[derive(Clone, Debug, PartialEq)]
pub enum CheckpointError {
    TooShort {
        len: usize,
    },
    NotACheckpoint,
    UnsupportedVersion {
        found: u32,
    },
    Corrupt(String),
    Mismatch(String),
    /// The file, or the model it describes, is over the lab's size limits.
    TooLarge(String),
}

impl std::fmt::Display for CheckpointError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::TooShort { len } => write!(f, "the file is too short to be a checkpoint ({len} bytes); it may be truncated"),
            Self::NotACheckpoint => write!(f, "this is not an Attention Lab checkpoint (the file does not start with the lab's signature)"),
            Self::UnsupportedVersion { found } => write!(f, "checkpoint format version {found} is not supported (this lab reads versions {OLDEST_VERSION} to {FORMAT_VERSION})"),
            Self::Corrupt(why) => write!(f, "the checkpoint is damaged: {why}"),
            Self::Mismatch(why) => write!(f, "the checkpoint does not fit its own model description: {why}"),
            Self::TooLarge(why) => write!(f, "the checkpoint is too large for this lab: {why}"),
        }
    }
}

impl std::error::Error for CheckpointError {}

/// One stored tensor.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TensorEntry {
    pub name: String,
    pub shape: Vec<usize>,
}

/// How the weights section stores each number.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum WeightPrecision {
    /// Little-endian IEEE `f32`: what the lab trains and saves.
    #[default]
    F32,
    /// Little-endian IEEE half precision: a shipped model's download halved.
    F16,
}

impl WeightPrecision {
    /// Bytes per stored weight.
    pub fn bytes(self) -> usize {
        match self {
            Self::F32 => 4,
            Self::F16 => 2,
        }
    }

    fn is_f32(&self) -> bool {
        *self == Self::F32
    }
}

#[derive(Serialize, Deserialize)]
struct Header {
    config: TransformerConfig,
    meta: serde_json::Value,
    tensors: Vec<TensorEntry>,
    /// Absent (and so `f32`) in every file but a shipped half-precision one.
    #[serde(default, skip_serializing_if = "WeightPrecision::is_f32")]
    weights: WeightPrecision,
    /// Version 2: the optimizer section that follows the weights, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    optimizer: Option<OptimizerHeader>,
}

/// Settings the model gained after checkpoints were first written, with the
/// value every older checkpoint was trained with.
const LATER_CONFIG_FIELDS: [(&str, bool); 2] =
    [("positional_encoding", true), ("tie_weights", false)];

/// Parses a header, filling in the [`LATER_CONFIG_FIELDS`] an older
/// checkpoint's config does not name.
fn read_header(json: &[u8]) -> Result<Header, serde_json::Error> {
    let mut value: serde_json::Value = serde_json::from_slice(json)?;
    if let Some(config) = value.get_mut("config").and_then(|c| c.as_object_mut()) {
        for (name, old) in LATER_CONFIG_FIELDS {
            config.entry(name).or_insert(serde_json::Value::Bool(old));
        }
    }
    serde_json::from_value(value)
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct OptimizerHeader {
    meta: serde_json::Value,
    slots: Vec<String>,
}

/// An optimizer's state, stored after the weights (format version 2).
///
/// The model crate knows nothing about training: it stores, for every slot
/// (Adam has two, `moment_1` and `moment_2`), one tensor per parameter with
/// that parameter's shape, and a free-form `meta` for the optimizer's
/// scalars (Adam's step count).
#[derive(Clone, Debug, PartialEq)]
pub struct OptimizerState {
    pub meta: serde_json::Value,
    /// The slot names, at most [`MAX_OPTIMIZER_SLOTS`].
    pub slots: Vec<String>,
    /// `values[slot][parameter]`: parameters in [`named_tensors`] order.
    pub values: Vec<Vec<Vec<f32>>>,
}

/// Whether a model of `config` and an optimizer of `slots` slots fit in one
/// checkpoint under [`MAX_CHECKPOINT_BYTES`] (with the largest header).
pub fn fits_with_optimizer(config: &TransformerConfig, slots: usize) -> bool {
    parameter_count(config)
        .and_then(|n| n.checked_mul(4 * (1 + slots as u64)))
        .is_some_and(|payload| {
            payload + (16 + MAX_HEADER + 4) as u64 <= MAX_CHECKPOINT_BYTES as u64
        })
}

/// CRC-32 (IEEE 802.3, reflected, polynomial 0xEDB88320), by `crc32fast`.
///
/// It was a bit-by-bit loop once, to spare the worker the crate's tables
/// (19 KB gzipped, BENCHMARKS.md), when a checkpoint was checked once, on
/// loading. Now the training worker writes one for every held-out
/// evaluation (about one a second early in a run) and every autosave, on
/// the step's path, and the evaluator reads each: the loop was most of the
/// time of both, 5 of the 6 ms of a real-en-ja checkpoint natively.
pub fn crc32(bytes: &[u8]) -> u32 {
    crc32fast::hash(bytes)
}
