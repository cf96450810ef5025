//! A model's weights and gradients as one flat `f32` list in module order,
//! for the data-parallel step ([`lab_protocol::shard`]): the training worker
//! sends its weights to the helper worker this way (as their little-endian
//! bytes, [`weight_bytes`]), and the helper sends its shard's gradients back.

use lab_model::burn::module::{Module, ModuleMapper, ModuleVisitor, Param};
use lab_model::burn::optim::GradientsParams;
use lab_model::burn::tensor::{Tensor, TensorData};
use lab_model::Transformer;
use lab_protocol::shard::{bytes_to_f32s, f32s_to_bytes, whole_floats, FLOAT_BYTES};
use lab_protocol::{ShardFailure, WrongWeightCount};

/// One float parameter's shape, in module order.
struct Entry {
    shape: Vec<usize>,
}

fn entries(model: &Transformer) -> Vec<Entry> {
    struct Entries(Vec<Entry>);
    impl ModuleVisitor for Entries {
        fn visit_float<const D: usize>(&mut self, param: &Param<Tensor<D>>) {
            self.0.push(Entry {
                shape: param.val().dims().to_vec(),
            });
        }
    }
    let mut found = Entries(Vec::new());
    model.visit(&mut found);
    found.0
}

/// Appends `tensor`'s values to `out`: one copy out of the tensor, one into
/// `out` (which the callers size first, so that it never grows by copying).
fn extend_with<const D: usize>(out: &mut Vec<f32>, tensor: Tensor<D>) {
    let data = tensor.into_data().convert::<f32>();
    out.extend_from_slice(
        data.as_slice::<f32>()
            .expect("float tensors convert to f32"),
    );
}

/// Every float parameter's values, in module order.
pub fn weights(model: &Transformer) -> Vec<f32> {
    bytes_to_f32s(&weight_bytes(model)).expect("whole floats")
}

/// [`weights`] as little-endian bytes ([`lab_protocol::shard::f32s_to_bytes`]),
/// as the training worker sends them to the helper: written straight from
/// each tensor, with no float list between (the step waits for them).
pub fn weight_bytes(model: &Transformer) -> Vec<u8> {
    struct Weights(Vec<u8>);
    impl ModuleVisitor for Weights {
        fn visit_float<const D: usize>(&mut self, param: &Param<Tensor<D>>) {
            extend_weight_bytes(&mut self.0, param.val());
        }
    }
    let mut all = Weights(Vec::with_capacity(FLOAT_BYTES * weight_count(model)));
    model.visit(&mut all);
    all.0
}

/// Appends one parameter's values to `bytes` as [`weight_bytes`] writes them.
fn extend_weight_bytes<const D: usize>(bytes: &mut Vec<u8>, tensor: Tensor<D>) {
    bytes.extend_from_slice(tensor.into_data().convert::<f32>().as_bytes());
}

/// Each float parameter's number of values, in module order.
fn parameter_sizes(model: &Transformer) -> Vec<usize> {
    entries(model)
        .iter()
        .map(|e| e.shape.iter().product())
        .collect()
}

/// How many values [`weights`] gives for `model`.
pub fn weight_count(model: &Transformer) -> usize {
    parameter_sizes(model).iter().sum()
}

/// How many float parameters (tensors) `model` has: the length of the
/// `present` list that [`gradients`] gives.
pub fn parameter_count(model: &Transformer) -> usize {
    entries(model).len()
}

/// `model` with its float parameters replaced by `values` (as [`weights`]
/// lists them), keeping each parameter's id and autodiff state. Refuses a
/// list of the wrong length before changing anything.
pub fn with_weights(model: Transformer, values: &[f32]) -> Result<Transformer, ShardFailure> {
    with_weight_bytes(model, &f32s_to_bytes(values))
}

/// [`with_weights`] from little-endian bytes, as [`weight_bytes`] writes
/// them: each tensor is read straight from them. Refuses bytes that are not
/// whole floats, or not [`weight_count`] of them, before changing anything.
pub fn with_weight_bytes(model: Transformer, bytes: &[u8]) -> Result<Transformer, ShardFailure> {
    let (expected, got) = (weight_count(&model), whole_floats(bytes.len())?);
    if got != expected {
        return Err(WrongWeightCount { expected, got }.into());
    }
    struct Load<'a> {
        bytes: &'a [u8],
    }
    impl ModuleMapper for Load<'_> {
        fn map_float<const D: usize>(&mut self, param: Param<Tensor<D>>) -> Param<Tensor<D>> {
            let (id, tensor, mapper) = param.consume();
            let shape = tensor.dims();
            let size: usize = shape.iter().product();
            let (mine, rest) = self.bytes.split_at(FLOAT_BYTES * size);
            self.bytes = rest;
            let values = bytes_to_f32s(mine).expect("whole floats");
            let require_grad = tensor.is_require_grad();
            let mut loaded =
                Tensor::<D>::from_data(TensorData::new(values, shape), &tensor.device());
            if require_grad {
                loaded = loaded.require_grad();
            }
            Param::from_mapped_value(id, loaded, mapper)
        }
    }
    Ok(model.map(&mut Load { bytes }))
}

/// The gradients in `grads` in module order, and which parameters have one.
pub fn gradients(grads: &GradientsParams, model: &Transformer) -> (Vec<f32>, Vec<bool>) {
    struct Collect<'a> {
        grads: &'a GradientsParams,
        values: Vec<f32>,
        present: Vec<bool>,
    }
    impl ModuleVisitor for Collect<'_> {
        fn visit_float<const D: usize>(&mut self, param: &Param<Tensor<D>>) {
            match self.grads.get::<D>(param.id) {
                Some(grad) => {
                    extend_with(&mut self.values, grad);
                    self.present.push(true);
                }
                None => self.present.push(false),
            }
        }
    }
    let mut found = Collect {
        grads,
        values: Vec::with_capacity(weight_count(model)),
        present: Vec::new(),
    };
    model.visit(&mut found);
    (found.values, found.present)
}

/// How many values a list of some parameters' values holds: the sizes of
/// the parameters `flags` names.
fn flagged_len(sizes: &[usize], flags: &[bool]) -> usize {
    sizes
        .iter()
        .zip(flags)
        .filter(|(_, &f)| f)
        .map(|(s, _)| s)
        .sum()
}

/// The sum of shards' gradients, each given as [`gradients`] lists them, in
/// the order given (so every worker adds them alike): a parameter has a
/// gradient if any shard gave it one. Refuses lists that do not fit `model`.
pub fn sum_gradients(
    model: &Transformer,
    shards: &[(&[f32], &[bool])],
) -> Result<(Vec<f32>, Vec<bool>), String> {
    let sizes = parameter_sizes(model);
    let mut present = vec![false; sizes.len()];
    for (values, has) in shards {
        if has.len() != sizes.len() || values.len() != flagged_len(&sizes, has) {
            return Err(format!(
                "gradients of {} values for {} parameters, where the model has {}",
                values.len(),
                has.len(),
                sizes.len()
            ));
        }
        for (p, &h) in present.iter_mut().zip(*has) {
            *p |= h;
        }
    }
    // Each parameter's sum is 0 + g₁ + g₂ + …, added in the shards' order,
    // written once into the list of the parameters that have one (as
    // `gradients` lists them): the first shard's values start it, the
    // others are added in place.
    let kept_len = flagged_len(&sizes, &present);
    let mut kept: Vec<f32> = Vec::with_capacity(kept_len);
    let mut read = vec![0; shards.len()];
    for (i, &size) in sizes.iter().enumerate() {
        let start = kept.len();
        for ((values, has), read) in shards.iter().zip(&mut read) {
            if !has[i] {
                continue;
            }
            let mine = &values[*read..*read + size];
            *read += size;
            if kept.len() == start {
                kept.extend(mine.iter().map(|v| 0.0 + v));
            } else {
                for (s, v) in kept[start..].iter_mut().zip(mine) {
                    *s += v;
                }
            }
        }
    }
    Ok((kept, present))
}

#[cfg(test)]
mod tests {
    use super::*;
    use lab_model::burn::tensor::Device;
    use lab_model::TransformerConfig;

    fn tiny_model() -> Transformer {
        let device = Device::flex();
        TransformerConfig::toy(9, 11)
            .with_d_model(8)
            .with_n_heads(2)
            .with_d_ff(16)
            .init(&device)
    }

    /// A shard's gradients for the parameters `has` names: distinct values.
    fn shard(sizes: &[usize], has: &[bool], scale: f32) -> Vec<f32> {
        let n = flagged_len(sizes, has);
        (0..n).map(|i| scale * (i as f32 * 0.37).sin()).collect()
    }

    #[test]
    fn shards_add_from_zero_in_their_order_and_a_parameter_any_shard_has_is_kept() {
        let model = tiny_model();
        let sizes = parameter_sizes(&model);
        let n = sizes.len();
        // Parameter 0 is in no shard, parameter 1 in the first alone, and
        // parameter 2 in all three; the others in one, two or three.
        let has = [
            (0..n).map(|i| i != 0).collect::<Vec<bool>>(),
            (0..n).map(|i| i >= 2 && i % 2 == 0).collect(),
            (0..n).map(|i| i >= 2 && i % 3 != 1).collect(),
        ];
        let mut values: Vec<Vec<f32>> = (0..3)
            .map(|s| shard(&sizes, &has[s], 10f32.powi(-(s as i32))))
            .collect();
        // Parameter 1's first value is −0 in the one shard that has it:
        // 0 + (−0) is +0, so the sum must start from zero.
        values[0][0] = -0.0;
        // Parameter 2's first value is 1, 2²⁴ and −2²⁴ in the three shards
        // (after parameter 1's values in the first, first in the others).
        // Added in the shards' order that is 0, as 1 + 2²⁴ rounds to 2²⁴; in
        // reverse order, or from the second shard round to the first, it is 1.
        let big = 2f32.powi(24);
        values[0][sizes[1]] = 1.0;
        values[1][0] = big;
        values[2][0] = -big;
        let shards: Vec<(&[f32], &[bool])> = (0..3)
            .map(|s| (values[s].as_slice(), has[s].as_slice()))
            .collect();
        let (sum, present) = sum_gradients(&model, &shards).unwrap();

        // The definition, parameter by parameter: 0 + g₁ + g₂ + g₃.
        let (mut expected, mut read) = (Vec::new(), [0; 3]);
        for (i, &size) in sizes.iter().enumerate() {
            if !has.iter().any(|h| h[i]) {
                continue;
            }
            for k in 0..size {
                let mut total = 0.0f32;
                for s in 0..3 {
                    if has[s][i] {
                        total += values[s][read[s] + k];
                    }
                }
                expected.push(total);
            }
            for s in 0..3 {
                read[s] += if has[s][i] { size } else { 0 };
            }
        }
        let bits = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
        assert_eq!(bits(&sum), bits(&expected));
        let any: Vec<bool> = (0..n).map(|i| has.iter().any(|h| h[i])).collect();
        assert_eq!(present, any, "a parameter no shard has is left out");
        assert_eq!(sum[0].to_bits(), 0.0f32.to_bits(), "0 + (−0) is +0");
        assert_eq!(sum[sizes[1]], 0.0, "1 + 2²⁴ − 2²⁴, in the shards' order");
    }

    #[test]
    fn shards_that_do_not_fit_the_model_are_refused() {
        let model = tiny_model();
        let sizes = parameter_sizes(&model);
        let all = vec![true; sizes.len()];
        let a = shard(&sizes, &all, 1.0);
        assert!(sum_gradients(&model, &[(&a, &all), (&a[1..], &all)]).is_err());
        assert!(sum_gradients(&model, &[(&a, &all[1..])]).is_err());
    }

    /// The weights read tensor by tensor, as burn gives them.
    fn read_one_by_one(model: &Transformer) -> Vec<f32> {
        struct Read(Vec<f32>);
        impl ModuleVisitor for Read {
            fn visit_float<const D: usize>(&mut self, param: &Param<Tensor<D>>) {
                self.0
                    .extend(param.val().into_data().try_to_vec::<f32>().unwrap());
            }
        }
        let mut read = Read(Vec::new());
        model.visit(&mut read);
        read.0
    }

    #[test]
    fn weights_cross_as_their_bytes_and_bytes_that_do_not_fit_are_refused() {
        let model = tiny_model();
        let weights = read_one_by_one(&model);
        let bytes = weight_bytes(&model);
        assert_eq!(bytes, f32s_to_bytes(&weights));
        let doubled: Vec<f32> = weights.iter().map(|w| 2.0 * w).collect();
        let loaded = with_weight_bytes(model.clone(), &f32s_to_bytes(&doubled)).unwrap();
        assert_eq!(read_one_by_one(&loaded), doubled);
        let expected = weights.len();
        let short = with_weight_bytes(model.clone(), &bytes[FLOAT_BYTES..]).map(|_| ());
        let got = expected - 1;
        assert_eq!(short, Err(WrongWeightCount { expected, got }.into()));
        let ragged = with_weight_bytes(model, &bytes[1..]).map(|_| ());
        let bytes = bytes.len() - 1;
        assert_eq!(ragged, Err(ShardFailure::NotWholeFloats { bytes }));
    }
}
