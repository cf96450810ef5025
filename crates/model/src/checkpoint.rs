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

use burn::module::{Module, ModuleMapper, ModuleVisitor, Param};
use burn::tensor::{Device, Tensor, TensorData};
use serde::{Deserialize, Serialize};

use crate::config::TransformerConfig;
use crate::parameters::{parameter_count, parameter_entries, MAX_PARAMETERS};
use crate::transformer::Transformer;
use lab_math::limits;
use lab_math::tokens::SPECIALS;

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

/// Every float parameter as `(dotted name, shape, values)`, in module order.
/// Names follow the struct fields: `encoder.layers.0.self_attn.query.weight`.
pub fn named_tensors(model: &Transformer) -> Vec<(String, Vec<usize>, Vec<f32>)> {
    struct Collect {
        path: Vec<String>,
        out: Vec<(String, Vec<usize>, Vec<f32>)>,
    }
    impl ModuleVisitor for Collect {
        fn enter_module(&mut self, name: &str, _: &str) {
            self.path.push(name.to_string());
        }
        fn exit_module(&mut self, _: &str, _: &str) {
            self.path.pop();
        }
        fn visit_float<const D: usize>(&mut self, param: &Param<Tensor<D>>) {
            let tensor = param.val();
            let shape = tensor.dims().to_vec();
            let values = tensor
                .into_data()
                .convert::<f32>()
                .try_to_vec::<f32>()
                .expect("float parameters convert to f32");
            self.out.push((self.path.join("."), shape, values));
        }
    }
    let mut collect = Collect {
        path: Vec::new(),
        out: Vec::new(),
    };
    model.visit(&mut collect);
    collect.out
}

/// Serialises the model and a free-form `meta` value (the trainer stores its settings there).
pub fn to_bytes(model: &Transformer, meta: serde_json::Value) -> Vec<u8> {
    to_bytes_with_optimizer(model, meta, None)
}

/// Serialises the model, `meta` and, if given, the optimizer's state.
///
/// # Panics
/// If `optimizer` has more than [`MAX_OPTIMIZER_SLOTS`] slots, or a slot's
/// tensors do not have the model's parameter shapes: the caller built it
/// from this very model.
pub fn to_bytes_with_optimizer(
    model: &Transformer,
    meta: serde_json::Value,
    optimizer: Option<&OptimizerState>,
) -> Vec<u8> {
    write(model, meta, optimizer, WeightPrecision::F32)
}

/// Serialises the model's weights in half precision and `meta`, without an
/// optimizer: a model to ship. Refuses a model with a weight outside `f16`'s
/// range (±65,504), which would not come back.
pub fn to_half_bytes(
    model: &Transformer,
    meta: serde_json::Value,
) -> Result<Vec<u8>, CheckpointError> {
    let too_large = named_tensors(model)
        .into_iter()
        .find_map(|(name, _, values)| {
            values
                .iter()
                .any(|&v| !half::f16::from_f32(v).is_finite())
                .then_some(name)
        });
    match too_large {
        Some(name) => Err(CheckpointError::TooLarge(format!(
            "tensor {name} holds a weight beyond half precision's range"
        ))),
        None => Ok(write(model, meta, None, WeightPrecision::F16)),
    }
}

fn write(
    model: &Transformer,
    meta: serde_json::Value,
    optimizer: Option<&OptimizerState>,
    precision: WeightPrecision,
) -> Vec<u8> {
    let tensors = named_tensors(model);
    if let Some(o) = optimizer {
        assert!(
            (1..=MAX_OPTIMIZER_SLOTS).contains(&o.slots.len()) && o.values.len() == o.slots.len(),
            "{} optimizer slots with {} value lists",
            o.slots.len(),
            o.values.len()
        );
        for (slot, values) in o.slots.iter().zip(&o.values) {
            assert_eq!(
                values.len(),
                tensors.len(),
                "slot {slot}: one tensor per parameter"
            );
            for ((name, _, weights), v) in tensors.iter().zip(values) {
                assert_eq!(v.len(), weights.len(), "slot {slot} of {name}");
            }
        }
    }
    let header = Header {
        config: model.config.clone(),
        meta,
        tensors: tensors
            .iter()
            .map(|(name, shape, _)| TensorEntry {
                name: name.clone(),
                shape: shape.clone(),
            })
            .collect(),
        weights: precision,
        optimizer: optimizer.map(|o| OptimizerHeader {
            meta: o.meta.clone(),
            slots: o.slots.clone(),
        }),
    };
    let header = serde_json::to_vec(&header).expect("the header is plain data");
    let floats = tensors.iter().map(|t| t.2.len()).sum::<usize>();
    let slots = optimizer.map_or(0, |o| o.slots.len());
    let mut bytes = Vec::with_capacity(16 + header.len() + floats * 4 * (1 + slots) + 4);
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    bytes.extend_from_slice(&(header.len() as u32).to_le_bytes());
    bytes.extend_from_slice(&header);
    for (_, _, values) in &tensors {
        match precision {
            WeightPrecision::F32 => extend_f32s(&mut bytes, values),
            WeightPrecision::F16 => {
                for &v in values {
                    bytes.extend_from_slice(&half::f16::from_f32(v).to_le_bytes())
                }
            }
        }
    }
    for slot in optimizer.iter().flat_map(|o| &o.values) {
        for values in slot {
            extend_f32s(&mut bytes, values);
        }
    }
    let crc = crc32(&bytes);
    bytes.extend_from_slice(&crc.to_le_bytes());
    bytes
}

/// A checkpoint read back: the model on `device` and the stored `meta`.
pub fn from_bytes(
    bytes: &[u8],
    device: &Device,
) -> Result<(Transformer, serde_json::Value), CheckpointError> {
    let mut checked = read(bytes)?;
    let meta = std::mem::take(&mut checked.meta);
    Ok((checked.build(device), meta))
}

/// A checkpoint whose bytes have all been checked, not yet built into a model.
///
/// Reading and building are two steps so that a caller can judge `meta` (the
/// trainer keeps its run settings there) against `config` before a model is
/// allocated: a file that passes every check here but belongs to no valid run
/// then costs no model.
pub struct CheckedCheckpoint {
    /// The format version the file was written in.
    pub version: u32,
    pub config: TransformerConfig,
    pub meta: serde_json::Value,
    /// The optimizer's state, if the file has one (version 2 only).
    pub optimizer: Option<OptimizerState>,
    /// How the file stored the weights (they are `f32`s now).
    pub precision: WeightPrecision,
    tensors: Vec<(TensorEntry, Vec<f32>)>,
}

/// Reads and checks a checkpoint without building its model.
pub fn read(bytes: &[u8]) -> Result<CheckedCheckpoint, CheckpointError> {
    // Everything is checked in `parse`; only a valid description can be built.
    parse(bytes)
}

impl CheckedCheckpoint {
    /// The model on `device`, holding the stored weights.
    pub fn build(self, device: &Device) -> Transformer {
        struct Load {
            values: std::vec::IntoIter<(TensorEntry, Vec<f32>)>,
        }
        impl ModuleMapper for Load {
            fn map_float<const D: usize>(&mut self, param: Param<Tensor<D>>) -> Param<Tensor<D>> {
                let (entry, values) = self
                    .values
                    .next()
                    .expect("the tensor list was checked against the config");
                // Loaded without drawing the initial weights it replaces: a
                // third of the time of a load otherwise (BENCHMARKS.md).
                let (id, device) = (param.id, param.lazy_device());
                param.transform_for_load(
                    Tensor::from_data(TensorData::new(values, entry.shape), &device),
                    id,
                )
            }
        }
        self.config.init(device).map(&mut Load {
            values: self.tensors.into_iter(),
        })
    }
}

/// Little-endian numbers of `precision`, as `f32`s, refusing NaN and
/// infinities (`what` names them in the error).
fn read_floats(
    data: &[u8],
    precision: WeightPrecision,
    what: &str,
) -> Result<Vec<f32>, CheckpointError> {
    let values: Vec<f32> = match precision {
        WeightPrecision::F32 => data
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes(c.try_into().expect("4 bytes")))
            .collect(),
        WeightPrecision::F16 => data
            .chunks_exact(2)
            .map(|c| half::f16::from_le_bytes(c.try_into().expect("2 bytes")).to_f32())
            .collect(),
    };
    if values.iter().any(|v| !v.is_finite()) {
        return Err(CheckpointError::Corrupt(format!(
            "{what} holds NaN or infinite values"
        )));
    }
    Ok(values)
}

/// The optimizer section's description: 1 to [`MAX_OPTIMIZER_SLOTS`] distinct,
/// short names, and only in version 2.
fn validate_optimizer(version: u32, o: &OptimizerHeader) -> Result<(), CheckpointError> {
    if version < 2 {
        return Err(CheckpointError::Mismatch(format!(
            "a version-{version} checkpoint has no optimizer section"
        )));
    }
    let distinct = o
        .slots
        .iter()
        .enumerate()
        .all(|(i, s)| !s.is_empty() && s.len() <= 64 && !o.slots[..i].contains(s));
    if !(1..=MAX_OPTIMIZER_SLOTS).contains(&o.slots.len()) || !distinct {
        return Err(CheckpointError::Mismatch(format!(
            "the optimizer section names {} slots; at most {MAX_OPTIMIZER_SLOTS} distinct ones are allowed",
            o.slots.len()
        )));
    }
    Ok(())
}

fn parse(bytes: &[u8]) -> Result<CheckedCheckpoint, CheckpointError> {
    if bytes.len() > MAX_CHECKPOINT_BYTES {
        return Err(CheckpointError::TooLarge(format!(
            "the file has {} bytes; a checkpoint has at most {MAX_CHECKPOINT_BYTES}",
            bytes.len()
        )));
    }
    if bytes.len() < 20 {
        return Err(
            if bytes.starts_with(&MAGIC[..bytes.len().min(8)]) && !bytes.is_empty() {
                CheckpointError::TooShort { len: bytes.len() }
            } else {
                CheckpointError::NotACheckpoint
            },
        );
    }
    if &bytes[..8] != MAGIC {
        return Err(CheckpointError::NotACheckpoint);
    }
    let version = u32::from_le_bytes(bytes[8..12].try_into().expect("4 bytes"));
    if !(OLDEST_VERSION..=FORMAT_VERSION).contains(&version) {
        return Err(CheckpointError::UnsupportedVersion { found: version });
    }
    let (body, crc) = bytes.split_at(bytes.len() - 4);
    if crc32(body) != u32::from_le_bytes(crc.try_into().expect("4 bytes")) {
        return Err(CheckpointError::Corrupt(
            "the checksum does not match: the file was truncated or changed".into(),
        ));
    }
    let header_len = u32::from_le_bytes(body[12..16].try_into().expect("4 bytes")) as usize;
    if header_len > MAX_HEADER || 16 + header_len > body.len() {
        return Err(CheckpointError::Corrupt(format!(
            "header length {header_len} does not fit in {} bytes",
            body.len()
        )));
    }
    let header = read_header(&body[16..16 + header_len])
        .map_err(|e| CheckpointError::Corrupt(format!("unreadable header: {e}")))?;
    validate_config(&header.config)?;
    if let Some(o) = &header.optimizer {
        validate_optimizer(version, o)?;
    }
    let expected = parameter_entries(&header.config);
    if header.tensors != expected {
        let first = expected.iter().zip(&header.tensors).find(|(a, b)| a != b);
        return Err(CheckpointError::Mismatch(match first {
            Some((a, b)) => format!(
                "expected {} {:?}, found {} {:?}",
                a.name, a.shape, b.name, b.shape
            ),
            None => format!(
                "expected {} tensors, found {}",
                expected.len(),
                header.tensors.len()
            ),
        }));
    }
    // The budget was checked, so these products fit (at most 64 M floats,
    // times 4 bytes, times 1 + MAX_OPTIMIZER_SLOTS sections).
    let floats = parameter_count(&header.config).expect("checked by validate_config") as usize;
    let slots = header.optimizer.as_ref().map_or(0, |o| o.slots.len());
    if header.weights != WeightPrecision::F32 && slots > 0 {
        return Err(CheckpointError::Mismatch(
            "half-precision weights come without an optimizer section".into(),
        ));
    }
    let mut payload = &body[16 + header_len..];
    let precision = header.weights;
    let (weights, optimizer) = (floats * precision.bytes(), floats * 4 * slots);
    if payload.len() != weights + optimizer {
        return Err(CheckpointError::Corrupt(if slots == 0 {
            format!(
                "the weights need {weights} bytes, the file has {}",
                payload.len()
            )
        } else {
            format!(
                "the weights and the optimizer's {slots} slots need {weights} + {optimizer} bytes, the file has {}",
                payload.len()
            )
        }));
    }
    let mut next = |what: &str, count: usize, precision: WeightPrecision| {
        let (data, rest) = payload.split_at(count * precision.bytes());
        payload = rest;
        read_floats(data, precision, what)
    };
    let mut tensors = Vec::with_capacity(header.tensors.len());
    for entry in header.tensors {
        let values = next(
            &format!("tensor {}", entry.name),
            entry.shape.iter().product(),
            precision,
        )?;
        tensors.push((entry, values));
    }
    let optimizer = match header.optimizer {
        None => None,
        Some(o) => {
            let mut values = Vec::with_capacity(o.slots.len());
            for slot in &o.slots {
                let mut per_tensor = Vec::with_capacity(tensors.len());
                for (entry, weights) in &tensors {
                    per_tensor.push(next(
                        &format!("{slot} of {}", entry.name),
                        weights.len(),
                        WeightPrecision::F32,
                    )?);
                }
                values.push(per_tensor);
            }
            Some(OptimizerState {
                meta: o.meta,
                slots: o.slots,
                values,
            })
        }
    };
    Ok(CheckedCheckpoint {
        version,
        config: header.config,
        meta: header.meta,
        optimizer,
        precision,
        tensors,
    })
}

/// The same invariants as [`TransformerConfig::check`], as an error instead of a
/// panic, structural caps that keep the tensor list short, and the parameter budget.
fn validate_config(c: &TransformerConfig) -> Result<(), CheckpointError> {
    let ok = c.n_heads > 0
        && c.d_model > 0
        && c.d_model.is_multiple_of(c.n_heads)
        && c.d_model.is_multiple_of(2)
        && c.d_model <= limits::MAX_CHECKPOINT_D_MODEL
        && c.d_ff > 0
        && c.d_ff <= limits::MAX_CHECKPOINT_D_FF
        && (SPECIALS.len()..=limits::MAX_VOCAB).contains(&c.src_vocab_size)
        && (SPECIALS.len()..=limits::MAX_VOCAB).contains(&c.tgt_vocab_size)
        && c.n_encoder_layers <= limits::MAX_CHECKPOINT_LAYERS
        && c.n_decoder_layers <= limits::MAX_CHECKPOINT_LAYERS
        && (0.0..1.0).contains(&c.dropout)
        && (1..=limits::MAX_CHECKPOINT_LEN).contains(&c.max_len)
        && c.pe_base > 0.0;
    if !ok {
        return Err(CheckpointError::Mismatch(format!(
            "impossible model description: {c:?}"
        )));
    }
    match parameter_count(c) {
        Some(n) if n <= MAX_PARAMETERS => Ok(()),
        n => Err(CheckpointError::TooLarge(format!(
            "it describes a model of {} parameters; this lab loads at most {MAX_PARAMETERS}",
            n.map_or_else(|| "more than 2^64".to_string(), |n| n.to_string())
        ))),
    }
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

/// Appends `values` as little-endian `f32`s.
fn extend_f32s(bytes: &mut Vec<u8>, values: &[f32]) {
    bytes.reserve(values.len() * 4);
    for v in values {
        bytes.extend_from_slice(&v.to_le_bytes());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Backend;

    fn model() -> Transformer {
        TransformerConfig::toy(12, 14)
            .with_d_model(16)
            .with_n_heads(2)
            .with_d_ff(32)
            .init(&Backend::default().device())
    }

    #[test]
    fn crc32_matches_the_standard_check_value() {
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
    }

    #[test]
    fn checkpoint_round_trips_bit_exactly() {
        let original = model();
        let bytes = to_bytes(&original, serde_json::json!({ "step": 7 }));
        let (loaded, meta) =
            from_bytes(&bytes, &Backend::default().device()).expect("own bytes load");
        assert_eq!(meta["step"], 7);
        let a = named_tensors(&original);
        let b = named_tensors(&loaded);
        assert_eq!(a.len(), b.len());
        for ((na, sa, va), (nb, sb, vb)) in a.iter().zip(&b) {
            assert_eq!((na, sa), (nb, sb));
            assert!(
                va.iter().zip(vb).all(|(x, y)| x.to_bits() == y.to_bits()),
                "{na} differs"
            );
        }
        assert_eq!(to_bytes(&loaded, meta), bytes);
    }

    #[test]
    fn a_half_precision_checkpoint_loads_every_weight_rounded_to_f16() {
        let m = model();
        let meta = serde_json::json!({"shipped": true});
        let half_bytes = to_half_bytes(&m, meta.clone()).unwrap();
        let full = to_bytes(&m, meta);
        let floats: usize = named_tensors(&m).iter().map(|t| t.2.len()).sum();
        let header_growth = r#","weights":"f16""#.len();
        assert_eq!(full.len() - half_bytes.len(), floats * 2 - header_growth);
        let (loaded, meta) = from_bytes(&half_bytes, &Backend::default().device()).unwrap();
        assert_eq!(meta["shipped"], true);
        for ((name, _, original), (_, _, back)) in
            named_tensors(&m).iter().zip(named_tensors(&loaded))
        {
            for (&a, &b) in original.iter().zip(&back) {
                assert_eq!(b, half::f16::from_f32(a).to_f32(), "{name}");
                assert!(
                    (a - b).abs() <= a.abs() * 2f32.powi(-11) + 6e-8,
                    "{name}: {a} → {b}"
                );
            }
        }
    }

    #[test]
    fn a_weight_beyond_half_precision_is_refused_and_a_half_file_with_an_optimizer_too() {
        let m = model();
        let big = m.clone().map(&mut Scale(1e6));
        assert!(matches!(
            to_half_bytes(&big, serde_json::Value::Null),
            Err(CheckpointError::TooLarge(_))
        ));
        // A header that says f16 beside an optimizer section is not a file this lab writes.
        let floats: usize = named_tensors(&m).iter().map(|t| t.2.len()).sum();
        let header = Header {
            config: m.config.clone(),
            meta: serde_json::Value::Null,
            tensors: parameter_entries(&m.config),
            weights: WeightPrecision::F16,
            optimizer: Some(OptimizerHeader {
                meta: serde_json::Value::Null,
                slots: vec!["moment_1".into()],
            }),
        };
        let forged = framed(FORMAT_VERSION, &header, &vec![0u8; floats * 2 + floats * 4]);
        assert!(
            matches!(read(&forged), Err(CheckpointError::Mismatch(_))),
            "{:?}",
            read(&forged).err()
        );
        // The same file without the optimizer section reads.
        let header = Header {
            optimizer: None,
            ..header
        };
        assert!(read(&framed(FORMAT_VERSION, &header, &vec![0u8; floats * 2])).is_ok());
    }

    /// Multiplies every weight by a constant.
    struct Scale(f32);
    impl ModuleMapper for Scale {
        fn map_float<const D: usize>(&mut self, param: Param<Tensor<D>>) -> Param<Tensor<D>> {
            let k = self.0;
            param.map(|t| t.mul_scalar(k))
        }
    }

    #[test]
    fn parameter_names_follow_the_module_tree() {
        let names: Vec<String> = named_tensors(&model()).into_iter().map(|t| t.0).collect();
        assert!(
            names.contains(&"encoder.layers.0.self_attn.query.weight".to_string()),
            "{names:?}"
        );
        assert!(
            names.contains(&"decoder.layers.1.cross_attn.output.bias".to_string()),
            "{names:?}"
        );
        assert!(
            names.contains(&"src_embed.tokens.weight".to_string()),
            "{names:?}"
        );
    }

    #[test]
    fn truncated_garbled_and_foreign_bytes_are_rejected() {
        let bytes = to_bytes(&model(), serde_json::Value::Null);
        let device = Backend::default().device();
        for cut in [0, 5, 19, 100, bytes.len() / 2, bytes.len() - 1] {
            assert!(
                from_bytes(&bytes[..cut], &device).is_err(),
                "truncated at {cut}"
            );
        }
        let mut garbled = bytes.clone();
        garbled[bytes.len() / 2] ^= 0x40;
        assert!(matches!(
            from_bytes(&garbled, &device),
            Err(CheckpointError::Corrupt(_))
        ));
        assert_eq!(
            from_bytes(b"PK\x03\x04 a zip file, not a checkpoint", &device).err(),
            Some(CheckpointError::NotACheckpoint)
        );
        let mut future = bytes;
        future[8] = 9;
        assert_eq!(
            from_bytes(&future, &device).err(),
            Some(CheckpointError::UnsupportedVersion { found: 9 })
        );
    }

    /// A header with a valid checksum, as a forger would write it.
    fn forged(config: &TransformerConfig, tensors: Vec<TensorEntry>, payload: &[u8]) -> Vec<u8> {
        forged_with(FORMAT_VERSION, config, tensors, None, payload)
    }

    fn forged_with(
        version: u32,
        config: &TransformerConfig,
        tensors: Vec<TensorEntry>,
        optimizer: Option<OptimizerHeader>,
        payload: &[u8],
    ) -> Vec<u8> {
        let header = Header {
            config: config.clone(),
            meta: serde_json::Value::Null,
            tensors,
            weights: WeightPrecision::F32,
            optimizer,
        };
        framed(version, &header, payload)
    }
    /// A file of `version` around `header` and `payload`, with a valid checksum.
    fn framed(version: u32, header: &Header, payload: &[u8]) -> Vec<u8> {
        let header = serde_json::to_vec(header).expect("plain data");
        let mut bytes = MAGIC.to_vec();
        bytes.extend_from_slice(&version.to_le_bytes());
        bytes.extend_from_slice(&(header.len() as u32).to_le_bytes());
        bytes.extend_from_slice(&header);
        bytes.extend_from_slice(payload);
        let crc = crc32(&bytes);
        bytes.extend_from_slice(&crc.to_le_bytes());
        bytes
    }

    #[test]
    fn a_valid_checksum_over_a_huge_model_is_refused_before_anything_is_built() {
        let huge = TransformerConfig::toy(100_000, 100_000)
            .with_d_model(4096)
            .with_n_heads(8)
            .with_d_ff(16384)
            .with_n_encoder_layers(24)
            .with_n_decoder_layers(24);
        let err = from_bytes(
            &forged(&huge, Vec::new(), &[]),
            &Backend::default().device(),
        )
        .expect_err("refused");
        assert!(
            matches!(&err, CheckpointError::TooLarge(why) if why.contains("parameters")),
            "{err}"
        );
        assert!(
            err.to_string().contains(&MAX_PARAMETERS.to_string()),
            "the message names the limit: {err}"
        );
    }

    #[test]
    fn a_tensor_list_that_lies_about_a_shape_is_refused() {
        let config = model().config.clone();
        let mut tensors = parameter_entries(&config);
        tensors[0].shape = vec![1, 1];
        let err = from_bytes(
            &forged(&config, tensors, &[0; 4]),
            &Backend::default().device(),
        )
        .expect_err("refused");
        assert!(
            matches!(&err, CheckpointError::Mismatch(why) if why.contains("src_embed.tokens.weight")),
            "{err}"
        );
    }

    #[test]
    fn a_payload_of_the_wrong_length_is_refused() {
        let config = model().config.clone();
        let err = from_bytes(
            &forged(&config, parameter_entries(&config), &[0; 8]),
            &Backend::default().device(),
        )
        .expect_err("refused");
        assert!(
            matches!(&err, CheckpointError::Corrupt(why) if why.contains("bytes")),
            "{err}"
        );
    }

    #[test]
    fn a_file_over_the_size_cap_is_refused_by_its_length() {
        let err = parse(&vec![0; MAX_CHECKPOINT_BYTES + 1])
            .err()
            .expect("refused");
        assert!(matches!(err, CheckpointError::TooLarge(_)), "{err}");
    }

    /// Adam-like state for `model`: two slots, every value distinct.
    fn moments(model: &Transformer) -> OptimizerState {
        let tensors = named_tensors(model);
        let slot = |k: f32| {
            tensors
                .iter()
                .enumerate()
                .map(|(i, t)| (0..t.2.len()).map(|j| k * (i * 1000 + j) as f32).collect())
                .collect()
        };
        OptimizerState {
            meta: serde_json::json!({ "name": "adam", "time": 3 }),
            slots: vec!["moment_1".into(), "moment_2".into()],
            values: vec![slot(1e-3), slot(2e-6)],
        }
    }

    #[test]
    fn the_optimizer_state_round_trips_bit_exactly_after_the_weights() {
        let model = model();
        let state = moments(&model);
        let bytes = to_bytes_with_optimizer(&model, serde_json::json!({ "step": 3 }), Some(&state));
        let floats = parameter_count(&model.config).expect("small") as usize;
        assert_eq!(
            bytes.len(),
            to_bytes(&model, serde_json::json!({ "step": 3 })).len() + floats * 4 * 2 + {
                // The header also names the slots.
                let with = serde_json::to_vec(&OptimizerHeader {
                    meta: state.meta.clone(),
                    slots: state.slots.clone(),
                })
                .expect("plain data");
                with.len() + ",\"optimizer\":".len()
            }
        );
        let checked = read(&bytes).expect("own bytes load");
        assert_eq!(checked.version, FORMAT_VERSION);
        let loaded = checked.optimizer.clone().expect("the optimizer section");
        assert_eq!(loaded.meta, state.meta);
        assert_eq!(loaded.slots, state.slots);
        let bits = |o: &OptimizerState| -> Vec<u32> {
            o.values
                .iter()
                .flatten()
                .flatten()
                .map(|v| v.to_bits())
                .collect()
        };
        assert_eq!(bits(&loaded), bits(&state));
        let rebuilt = checked.build(&Backend::default().device());
        assert_eq!(
            to_bytes_with_optimizer(&rebuilt, serde_json::json!({ "step": 3 }), Some(&loaded)),
            bytes
        );
    }

    #[test]
    fn the_shipped_version_1_checkpoints_still_load() {
        let bytes = include_bytes!("../../../tests/fixtures/version-1/copy.ckpt");
        assert_eq!(u32::from_le_bytes(bytes[8..12].try_into().expect("4")), 1);
        let checked = read(bytes).expect("a version-1 file loads");
        assert_eq!(checked.version, 1);
        assert!(checked.optimizer.is_none());
        assert!(checked.meta.get("settings").is_some(), "{}", checked.meta);
    }

    #[test]
    fn a_checkpoint_written_before_a_setting_existed_has_its_old_value() {
        let bytes = include_bytes!("../../../tests/fixtures/version-1/copy.ckpt");
        let header_len = u32::from_le_bytes(bytes[12..16].try_into().expect("4")) as usize;
        let header = std::str::from_utf8(&bytes[16..16 + header_len]).expect("JSON");
        assert!(
            !header.contains("positional_encoding"),
            "written before PE could be off"
        );
        let (model, _) = from_bytes(bytes, &Backend::default().device()).expect("loads");
        assert!(model.config.positional_encoding, "trained with PE");
        // A model without PE says so in its own checkpoint.
        let off = TransformerConfig::toy(12, 14)
            .with_d_model(16)
            .with_n_heads(2)
            .with_positional_encoding(false)
            .init(&Backend::default().device());
        let bytes = to_bytes(&off, serde_json::json!({}));
        let (back, _) = from_bytes(&bytes, &Backend::default().device()).expect("loads");
        assert!(!back.config.positional_encoding);
    }

    #[test]
    fn a_version_1_file_is_the_weights_without_an_optimizer_section() {
        let model = model();
        let v2 = to_bytes(&model, serde_json::Value::Null);
        let header_len = u32::from_le_bytes(v2[12..16].try_into().expect("4")) as usize;
        let payload = v2[16 + header_len..v2.len() - 4].to_vec();
        let v1 = forged_with(
            1,
            &model.config,
            parameter_entries(&model.config),
            None,
            &payload,
        );
        let checked = read(&v1).expect("version 1 loads");
        assert_eq!((checked.version, checked.optimizer.is_none()), (1, true));
        // The same weights in either version.
        let rebuilt = checked.build(&Backend::default().device());
        assert_eq!(to_bytes(&rebuilt, serde_json::Value::Null), v2);
        // A version-1 header may not claim an optimizer section.
        let claims = forged_with(
            1,
            &model.config,
            parameter_entries(&model.config),
            Some(OptimizerHeader {
                meta: serde_json::Value::Null,
                slots: vec!["m".into()],
            }),
            &[payload.clone(), payload.clone()].concat(),
        );
        assert!(matches!(
            read(&claims).err(),
            Some(CheckpointError::Mismatch(_))
        ));
    }

    #[test]
    fn an_optimizer_section_of_the_wrong_size_or_shape_is_refused() {
        let model = model();
        let config = model.config.clone();
        let floats = parameter_count(&config).expect("small") as usize;
        let header = |slots: &[&str]| OptimizerHeader {
            meta: serde_json::Value::Null,
            slots: slots.iter().map(|s| s.to_string()).collect(),
        };
        let entries = || parameter_entries(&config);
        // One float short of weights + two slots.
        let short = forged_with(
            2,
            &config,
            entries(),
            Some(header(&["m", "v"])),
            &vec![0; floats * 12 - 4],
        );
        let err = read(&short).err().expect("refused");
        assert!(
            matches!(&err, CheckpointError::Corrupt(why) if why.contains("optimizer")),
            "{err}"
        );
        // More slots than any optimizer of the lab keeps: refused before the payload is read.
        let many = forged_with(
            2,
            &config,
            entries(),
            Some(header(&["a", "b", "c"])),
            &vec![0; floats * 16],
        );
        assert!(matches!(
            read(&many).err(),
            Some(CheckpointError::Mismatch(_))
        ));
        let twice = forged_with(
            2,
            &config,
            entries(),
            Some(header(&["m", "m"])),
            &vec![0; floats * 12],
        );
        assert!(matches!(
            read(&twice).err(),
            Some(CheckpointError::Mismatch(_))
        ));
        // A NaN moment is as corrupt as a NaN weight.
        let mut nan = vec![0; floats * 8];
        nan[floats * 4..floats * 4 + 4].copy_from_slice(&f32::NAN.to_le_bytes());
        let err = read(&forged_with(
            2,
            &config,
            entries(),
            Some(header(&["m"])),
            &nan,
        ))
        .err();
        assert!(
            matches!(&err, Some(CheckpointError::Corrupt(why)) if why.contains("m of")),
            "{err:?}"
        );
    }

    #[test]
    fn the_optimizer_fits_beside_every_model_the_lab_can_build_small_enough() {
        assert!(fits_with_optimizer(&model().config, MAX_OPTIMIZER_SLOTS));
        let huge = TransformerConfig::toy(30_000, 30_000)
            .with_d_model(1024)
            .with_n_heads(8)
            .with_d_ff(4096)
            .with_n_encoder_layers(6)
            .with_n_decoder_layers(6);
        assert!(!fits_with_optimizer(&huge, MAX_OPTIMIZER_SLOTS));
    }
}
