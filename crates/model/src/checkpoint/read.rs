//! Checkpoint bytes back to a model: every check before anything is allocated.

use burn::module::{Module, ModuleMapper, Param};
use burn::tensor::{Device, Tensor, TensorData};
use lab_math::limits;
use lab_math::tokens::SPECIALS;

use super::{
    crc32, read_header, CheckpointError, Header, OptimizerHeader, OptimizerState, TensorEntry,
    WeightPrecision, FORMAT_VERSION, MAGIC, MAX_CHECKPOINT_BYTES, MAX_HEADER, MAX_OPTIMIZER_SLOTS,
    OLDEST_VERSION,
};
use crate::config::TransformerConfig;
use crate::parameters::{parameter_count, parameter_entries, MAX_PARAMETERS};
use crate::transformer::Transformer;

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
pub(super) fn read_floats(
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
pub(super) fn validate_optimizer(version: u32, o: &OptimizerHeader) -> Result<(), CheckpointError> {
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

/// The file's frame, checked before anything in it is read: its size, the
/// magic bytes, a version this build reads and the checksum. Returns the
/// version, the bytes before the checksum and the header's length.
fn envelope(bytes: &[u8]) -> Result<(u32, &[u8], usize), CheckpointError> {
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
    Ok((version, body, header_len))
}

/// The header lists the tensors its model has, in order, with their shapes.
fn tensor_list_matches(header: &Header) -> Result<(), CheckpointError> {
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
    Ok(())
}

pub(super) fn parse(bytes: &[u8]) -> Result<CheckedCheckpoint, CheckpointError> {
    let (version, body, header_len) = envelope(bytes)?;
    let header = read_header(&body[16..16 + header_len])
        .map_err(|e| CheckpointError::Corrupt(format!("unreadable header: {e}")))?;
    validate_config(&header.config)?;
    if let Some(o) = &header.optimizer {
        validate_optimizer(version, o)?;
    }
    tensor_list_matches(&header)?;
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

/// [`TransformerConfig::validate`] as a checkpoint's error, structural caps
/// that keep the tensor list short, and the parameter budget.
pub(super) fn validate_config(c: &TransformerConfig) -> Result<(), CheckpointError> {
    c.validate().map_err(|problem| {
        CheckpointError::Mismatch(format!("impossible model description: {problem}"))
    })?;
    let smallest = c.src_vocab_size.min(c.tgt_vocab_size);
    if smallest < SPECIALS.len() {
        return Err(CheckpointError::Mismatch(format!(
            "impossible model description: a vocabulary of {smallest} tokens cannot hold the {} special tokens",
            SPECIALS.len()
        )));
    }
    let ok = c.d_model <= limits::MAX_CHECKPOINT_D_MODEL
        && c.d_ff <= limits::MAX_CHECKPOINT_D_FF
        && c.src_vocab_size <= limits::MAX_VOCAB
        && c.tgt_vocab_size <= limits::MAX_VOCAB
        && c.n_encoder_layers <= limits::MAX_CHECKPOINT_LAYERS
        && c.n_decoder_layers <= limits::MAX_CHECKPOINT_LAYERS
        && c.max_len <= limits::MAX_CHECKPOINT_LEN;
    if !ok {
        return Err(CheckpointError::Mismatch(format!(
            "a model beyond this lab's limits: {c:?}"
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
