//! Model weights to bytes and back, for browser storage, download and upload.
//!
//! Layout (all integers little-endian):
//!
//! ```text
//! "ATTNLAB\0"   8 bytes   magic
//! version       u32       FORMAT_VERSION
//! header_len    u32
//! header        JSON      { config, meta, tensors: [{ name, shape }] }
//! payload       f32 × Σ shape products, in header order
//! crc32         u32       of everything before it
//! ```
//!
//! Loading validates everything before it allocates or builds anything: the
//! file size against [`MAX_CHECKPOINT_BYTES`], the checksum, the model
//! description against [`crate::parameters::MAX_PARAMETERS`] (counted with
//! checked arithmetic), every tensor's name and shape against the list the
//! description implies ([`crate::parameters::parameter_entries`]), and the
//! payload length. So a truncated, garbled, foreign or hostile file gives a
//! [`CheckpointError`], and the caller's current model stays untouched.

use burn::module::{Module, ModuleMapper, ModuleVisitor, Param};
use burn::tensor::{Device, Tensor, TensorData};
use serde::{Deserialize, Serialize};

use crate::config::TransformerConfig;
use crate::parameters::{parameter_count, parameter_entries, MAX_PARAMETERS};
use crate::transformer::Transformer;

pub const MAGIC: &[u8; 8] = b"ATTNLAB\0";
pub const FORMAT_VERSION: u32 = 1;
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
            Self::UnsupportedVersion { found } => write!(f, "checkpoint format version {found} is not supported (this lab reads version {FORMAT_VERSION})"),
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

#[derive(Serialize, Deserialize)]
struct Header {
    config: TransformerConfig,
    meta: serde_json::Value,
    tensors: Vec<TensorEntry>,
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
    let tensors = named_tensors(model);
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
    };
    let header = serde_json::to_vec(&header).expect("the header is plain data");
    let mut bytes = Vec::with_capacity(
        16 + header.len() + tensors.iter().map(|t| t.2.len() * 4).sum::<usize>() + 4,
    );
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    bytes.extend_from_slice(&(header.len() as u32).to_le_bytes());
    bytes.extend_from_slice(&header);
    for (_, _, values) in &tensors {
        for v in values {
            bytes.extend_from_slice(&v.to_le_bytes());
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
    pub config: TransformerConfig,
    pub meta: serde_json::Value,
    tensors: Vec<(TensorEntry, Vec<f32>)>,
}

/// Reads and checks a checkpoint without building its model.
pub fn read(bytes: &[u8]) -> Result<CheckedCheckpoint, CheckpointError> {
    // Everything is checked in `parse`; only a valid description can be built.
    let (config, meta, tensors) = parse(bytes)?;
    Ok(CheckedCheckpoint {
        config,
        meta,
        tensors,
    })
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
                param.map(|t| Tensor::from_data(TensorData::new(values, entry.shape), &t.device()))
            }
        }
        self.config.init(device).map(&mut Load {
            values: self.tensors.into_iter(),
        })
    }
}

type Parsed = (
    TransformerConfig,
    serde_json::Value,
    Vec<(TensorEntry, Vec<f32>)>,
);

fn parse(bytes: &[u8]) -> Result<Parsed, CheckpointError> {
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
    if version != FORMAT_VERSION {
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
    let header: Header = serde_json::from_slice(&body[16..16 + header_len])
        .map_err(|e| CheckpointError::Corrupt(format!("unreadable header: {e}")))?;
    validate_config(&header.config)?;
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
    // The budget was checked, so these products fit.
    let floats = parameter_count(&header.config).expect("checked by validate_config") as usize;
    let mut payload = &body[16 + header_len..];
    if payload.len() != floats * 4 {
        return Err(CheckpointError::Corrupt(format!(
            "the weights need {} bytes, the file has {}",
            floats * 4,
            payload.len()
        )));
    }
    let mut tensors = Vec::with_capacity(header.tensors.len());
    for entry in header.tensors {
        let count: usize = entry.shape.iter().product();
        let (data, rest) = payload.split_at(count * 4);
        let values: Vec<f32> = data
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes(c.try_into().expect("4 bytes")))
            .collect();
        if values.iter().any(|v| !v.is_finite()) {
            return Err(CheckpointError::Corrupt(format!(
                "tensor {} holds NaN or infinite values",
                entry.name
            )));
        }
        tensors.push((entry, values));
        payload = rest;
    }
    Ok((header.config, header.meta, tensors))
}

/// The same invariants as [`TransformerConfig::check`], as an error instead of a
/// panic, structural caps that keep the tensor list short, and the parameter budget.
fn validate_config(c: &TransformerConfig) -> Result<(), CheckpointError> {
    let ok = c.n_heads > 0
        && c.d_model > 0
        && c.d_model.is_multiple_of(c.n_heads)
        && c.d_model.is_multiple_of(2)
        && c.d_model <= 4096
        && c.d_ff > 0
        && c.d_ff <= 16384
        && (1..=100_000).contains(&c.src_vocab_size)
        && (1..=100_000).contains(&c.tgt_vocab_size)
        && c.n_encoder_layers <= 24
        && c.n_decoder_layers <= 24
        && (0.0..1.0).contains(&c.dropout)
        && (1..=4096).contains(&c.max_len)
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

/// CRC-32 (IEEE 802.3, reflected, polynomial 0xEDB88320).
pub fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = 0xFFFF_FFFFu32;
    for &b in bytes {
        crc ^= b as u32;
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
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
        let header = serde_json::to_vec(&Header {
            config: config.clone(),
            meta: serde_json::Value::Null,
            tensors,
        })
        .expect("plain data");
        let mut bytes = MAGIC.to_vec();
        bytes.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
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
        let err = parse(&vec![0; MAX_CHECKPOINT_BYTES + 1]).expect_err("refused");
        assert!(matches!(err, CheckpointError::TooLarge(_)), "{err}");
    }
}
