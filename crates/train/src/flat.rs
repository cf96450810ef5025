//! A model's weights and gradients as one flat `f32` list in module order,
//! for the data-parallel step ([`lab_protocol::shard`]): the training worker
//! sends its weights to the helper worker this way, and the helper sends its
//! shard's gradients back.

use lab_model::burn::module::{Module, ModuleMapper, ModuleVisitor, Param};
use lab_model::burn::optim::GradientsParams;
use lab_model::burn::tensor::{Tensor, TensorData};
use lab_model::Transformer;
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

fn to_vec<const D: usize>(tensor: Tensor<D>) -> Vec<f32> {
    tensor
        .into_data()
        .convert::<f32>()
        .try_into_vec::<f32>()
        .expect("float tensors convert to f32")
}

/// Every float parameter's values, in module order.
pub fn weights(model: &Transformer) -> Vec<f32> {
    struct Weights(Vec<f32>);
    impl ModuleVisitor for Weights {
        fn visit_float<const D: usize>(&mut self, param: &Param<Tensor<D>>) {
            self.0.extend(to_vec(param.val()));
        }
    }
    let mut all = Weights(Vec::new());
    model.visit(&mut all);
    all.0
}

/// How many values [`weights`] gives for `model`.
pub fn weight_count(model: &Transformer) -> usize {
    entries(model)
        .iter()
        .map(|e| e.shape.iter().product::<usize>())
        .sum()
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
    let expected = weight_count(&model);
    if values.len() != expected {
        return Err(WrongWeightCount {
            expected,
            got: values.len(),
        });
    }
    struct Load<'a> {
        values: &'a [f32],
    }
    impl ModuleMapper for Load<'_> {
        fn map_float<const D: usize>(&mut self, param: Param<Tensor<D>>) -> Param<Tensor<D>> {
            let (id, tensor, mapper) = param.consume();
            let shape = tensor.dims();
            let size: usize = shape.iter().product();
            let (mine, rest) = self.values.split_at(size);
            self.values = rest;
            let require_grad = tensor.is_require_grad();
            let mut loaded =
                Tensor::<D>::from_data(TensorData::new(mine.to_vec(), shape), &tensor.device());
            if require_grad {
                loaded = loaded.require_grad();
            }
            Param::from_mapped_value(id, loaded, mapper)
        }
    }
    Ok(model.map(&mut Load { values }))
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
                    self.values.extend(to_vec(grad));
                    self.present.push(true);
                }
                None => self.present.push(false),
            }
        }
    }
    let mut found = Collect {
        grads,
        values: Vec::new(),
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
    let sizes: Vec<usize> = entries(model)
        .iter()
        .map(|e| e.shape.iter().product())
        .collect();
    let total: usize = sizes.iter().sum();
    let mut sum = vec![0.0f32; total];
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
        let (mut at, mut read) = (0, 0);
        for (i, &size) in sizes.iter().enumerate() {
            if has[i] {
                for (s, v) in sum[at..at + size]
                    .iter_mut()
                    .zip(&values[read..read + size])
                {
                    *s += v;
                }
                read += size;
                present[i] = true;
            }
            at += size;
        }
    }
    // Keep only the parameters that have a gradient, as `gradients` lists them.
    let mut kept = Vec::with_capacity(total);
    let mut at = 0;
    for (i, &size) in sizes.iter().enumerate() {
        if present[i] {
            kept.extend_from_slice(&sum[at..at + size]);
        }
        at += size;
    }
    Ok((kept, present))
}
