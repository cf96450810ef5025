//! A model (and an optimizer's state) to checkpoint bytes.

use burn::module::{Module, ModuleVisitor, Param};
use burn::tensor::Tensor;

use super::{
    crc32, CheckpointError, Header, OptimizerHeader, OptimizerState, TensorEntry, WeightPrecision,
    FORMAT_VERSION, MAGIC, MAX_OPTIMIZER_SLOTS,
};
use crate::transformer::Transformer;

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

pub(super) fn write(
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

/// Appends `values` as little-endian `f32`s.
pub(super) fn extend_f32s(bytes: &mut Vec<u8>, values: &[f32]) {
    bytes.reserve(values.len() * 4);
    for v in values {
        bytes.extend_from_slice(&v.to_le_bytes());
    }
}
