//! A model's weights and gradients as one flat `f32` list in module order,
//! for the data-parallel step ([`lab_protocol::shard`]): the training worker
//! sends its weights to the helper worker this way, and the helper sends its
//! shard's gradients back.

use lab_model::burn::module::{Module, ModuleMapper, ModuleVisitor, Param};
use lab_model::burn::optim::GradientsParams;
use lab_model::burn::tensor::{Tensor, TensorData};
use lab_model::Transformer;
use lab_protocol::shard::{bytes_to_f32s, f32s_to_bytes, FLOAT_BYTES};
use lab_protocol::WrongWeightCount;

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
    bytes_to_f32s(&weight_bytes(model)).expect("four bytes a float")
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
pub(crate) fn parameter_sizes(model: &Transformer) -> Vec<usize> {
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
pub fn with_weights(model: Transformer, values: &[f32]) -> Result<Transformer, WrongWeightCount> {
    with_weight_bytes(model, &f32s_to_bytes(values))
}

/// [`with_weights`] from little-endian bytes, as [`weight_bytes`] writes
/// them: each tensor is read straight from them. Refuses bytes that are not
/// [`weight_count`] whole floats before changing anything (`got` counts
/// the whole floats there are).
pub fn with_weight_bytes(
    model: Transformer,
    bytes: &[u8],
) -> Result<Transformer, WrongWeightCount> {
    let expected = weight_count(&model);
    if bytes.len() != FLOAT_BYTES * expected {
        return Err(WrongWeightCount {
            expected,
            got: bytes.len() / FLOAT_BYTES,
        });
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
            let values = bytes_to_f32s(mine).expect("four bytes a float");
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
        let expected: usize = sizes
            .iter()
            .zip(*has)
            .filter(|(_, &h)| h)
            .map(|(s, _)| s)
            .sum();
        if has.len() != sizes.len() || values.len() != expected {
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
    let kept_len = sizes
        .iter()
        .zip(&present)
        .filter(|(_, &p)| p)
        .map(|(s, _)| s)
        .sum();
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

    /// A shard's gradients for the parameters `has` names: distinct values,
    /// with a negative zero first (0 + −0 is +0: the sum starts from zero).
    fn shard(sizes: &[usize], has: &[bool], scale: f32) -> Vec<f32> {
        let n: usize = sizes
            .iter()
            .zip(has)
            .filter(|(_, &h)| h)
            .map(|(s, _)| s)
            .sum();
        let mut values: Vec<f32> = (0..n).map(|i| scale * (i as f32 * 0.37).sin()).collect();
        values[0] = -0.0;
        values
    }

    #[test]
    fn shards_add_from_zero_in_their_order_and_a_parameter_any_shard_has_is_kept() {
        let model = tiny_model();
        let sizes = parameter_sizes(&model);
        let n = sizes.len();
        // The first shard lacks every third parameter; the second the first
        // parameter and every fourth; parameter 3 is in neither.
        let has_a: Vec<bool> = (0..n).map(|i| i % 3 != 0).collect();
        let has_b: Vec<bool> = (0..n).map(|i| i != 0 && i % 4 != 0 && i != 3).collect();
        let (a, b) = (shard(&sizes, &has_a, 1.0), shard(&sizes, &has_b, 1e-3));
        let (sum, present) = sum_gradients(&model, &[(&a, &has_a), (&b, &has_b)]).unwrap();

        // The definition, parameter by parameter: 0 + a + b.
        let (mut expected, mut read_a, mut read_b) = (Vec::new(), 0, 0);
        for (i, &size) in sizes.iter().enumerate() {
            if !(has_a[i] || has_b[i]) {
                continue;
            }
            for k in 0..size {
                let mut s = 0.0f32;
                if has_a[i] {
                    s += a[read_a + k];
                }
                if has_b[i] {
                    s += b[read_b + k];
                }
                expected.push(s);
            }
            read_a += if has_a[i] { size } else { 0 };
            read_b += if has_b[i] { size } else { 0 };
        }
        let bits = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
        assert_eq!(bits(&sum), bits(&expected));
        let either: Vec<bool> = has_a.iter().zip(&has_b).map(|(a, b)| a | b).collect();
        assert_eq!(present, either);
        assert!(!present[3], "a parameter no shard has is left out");
        assert_eq!(sum[0].to_bits(), 0.0f32.to_bits(), "0 + (−0) is +0");
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

    #[test]
    fn weights_cross_as_their_bytes_and_bytes_of_the_wrong_length_are_refused() {
        let model = tiny_model();
        let weights = weights(&model);
        let bytes = weight_bytes(&model);
        assert_eq!(bytes, f32s_to_bytes(&weights));
        let doubled: Vec<f32> = weights.iter().map(|w| 2.0 * w).collect();
        let loaded = with_weight_bytes(model.clone(), &f32s_to_bytes(&doubled)).unwrap();
        assert_eq!(super::weights(&loaded), doubled);
        let short = with_weight_bytes(model, &bytes[FLOAT_BYTES..]).map(|_| ());
        let expected = weights.len();
        assert_eq!(
            short,
            Err(WrongWeightCount {
                expected,
                got: expected - 1
            })
        );
    }
}
