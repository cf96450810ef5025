//! Adam (Kingma & Ba, 2015), the optimizer of §5.3, with state that can be saved.
//!
//! For each parameter θ with (clipped) gradient g, at its t-th update:
//!
//! ```text
//! m ← β₁·m + (1 − β₁)·g                   first moment (a running mean of g)
//! v ← β₂·v + (1 − β₂)·g²                  second moment (a running mean of g²)
//! θ ← θ − lr · m·c / (√v + ε·√(1 − β₂ᵗ))  with c = √(1 − β₂ᵗ) / (1 − β₁ᵗ)
//! ```
//!
//! `c` undoes the bias of m and v towards their zero start. The paper uses
//! β₁ = 0.9, β₂ = 0.98, ε = 10⁻⁹; the lab clips each gradient tensor to an L2
//! norm of [`crate::trainer::GRAD_CLIP_NORM`] first.
//!
//! burn has this optimizer, and [`Adam::step`] computes exactly what burn's
//! `AdamConfig::init()` computes, operation for operation
//! (`tests::the_same_updates_as_burns_adam_bit_for_bit`). It is written out
//! here because a resumed run needs its moments: burn keys them by run-time
//! parameter ids and saves them in a format of its own, while a checkpoint of
//! the lab stores every tensor in module order and checks its shape before
//! anything is built. [`Adam::state`] and [`Adam::restore`] turn the moments
//! into a [`checkpoint::OptimizerState`] and back.

use lab_model::burn::grad_clipping::{GradientClipping, GradientClippingConfig};
use lab_model::burn::module::{Module, ModuleMapper, ModuleVisitor, Param};
use lab_model::burn::optim::GradientsParams;
use lab_model::burn::tensor::kind::BridgeTensor;
use lab_model::burn::tensor::{Device, Tensor, TensorData};
use lab_model::checkpoint::OptimizerState;
use lab_model::Transformer;
use serde::{Deserialize, Serialize};

/// β₁: how long the first moment remembers (§5.3).
pub const BETA_1: f32 = 0.9;
/// β₂: how long the second moment remembers (§5.3).
pub const BETA_2: f32 = 0.98;
/// ε: keeps the step finite where v is 0 (§5.3).
pub const EPSILON: f32 = 1e-9;

/// The slot names in a checkpoint's optimizer section.
const SLOTS: [&str; 2] = ["moment_1", "moment_2"];

/// One parameter's moments. Tensors of any rank are kept type-erased
/// ([`BridgeTensor`]) so that one list holds the whole model.
#[derive(Clone)]
struct Moments {
    /// Updates this parameter has had: the `t` of the bias correction.
    time: usize,
    m: BridgeTensor,
    v: BridgeTensor,
}

/// What the checkpoint's optimizer `meta` holds.
#[derive(Serialize, Deserialize)]
struct AdamMeta {
    name: String,
    /// Each parameter's `t`, in module order; 0 means "no update yet".
    time: Vec<usize>,
}

/// Adam with per-tensor gradient clipping; moments in module order.
#[derive(Clone)]
pub struct Adam {
    clipping: GradientClipping,
    moments: Vec<Option<Moments>>,
}

impl Adam {
    /// A fresh optimizer: no moments until the first step.
    pub fn new(clip_norm: f32) -> Adam {
        Adam {
            clipping: GradientClippingConfig::Norm(clip_norm).init(),
            moments: Vec::new(),
        }
    }

    /// One update of every parameter that has a gradient in `grads`.
    pub fn step(&mut self, lr: f64, model: Transformer, mut grads: GradientsParams) -> Transformer {
        model.map(&mut AdamStep {
            adam: self,
            grads: &mut grads,
            lr,
            index: 0,
        })
    }

    /// The moments as a checkpoint's optimizer section, or `None` before the
    /// first step. `model` gives the shapes of parameters not updated yet
    /// (their moments are stored as zeros with `t` = 0).
    pub fn state(&self, model: &Transformer) -> Option<OptimizerState> {
        if self.moments.iter().all(Option::is_none) {
            return None;
        }
        let shapes = parameter_shapes(model);
        let mut time = Vec::with_capacity(shapes.len());
        let (mut m, mut v) = (Vec::new(), Vec::new());
        for (i, shape) in shapes.iter().enumerate() {
            let size = shape.iter().product();
            match self.moments.get(i).and_then(Option::as_ref) {
                Some(moments) => {
                    time.push(moments.time);
                    m.push(values(&moments.m, shape.len()));
                    v.push(values(&moments.v, shape.len()));
                }
                None => {
                    time.push(0);
                    m.push(vec![0.0; size]);
                    v.push(vec![0.0; size]);
                }
            }
        }
        let meta = AdamMeta {
            name: "adam".into(),
            time,
        };
        Some(OptimizerState {
            meta: serde_json::to_value(meta).expect("plain data"),
            slots: SLOTS.iter().map(|s| s.to_string()).collect(),
            values: vec![m, v],
        })
    }

    /// The optimizer a checkpoint saved, for parameters of `shapes` (module
    /// order). The checkpoint has checked every tensor's length against its
    /// model; this checks that the section is Adam's, that `t` is given for
    /// every parameter, and that v ≥ 0, before any tensor is made.
    pub fn restore(
        clip_norm: f32,
        state: OptimizerState,
        shapes: &[Vec<usize>],
        device: &Device,
    ) -> Result<Adam, String> {
        let meta = AdamMeta::deserialize(&state.meta)
            .map_err(|e| format!("unreadable optimizer state: {e}"))?;
        let counts_fit = meta.time.iter().all(|&t| t <= i32::MAX as usize);
        if meta.name != "adam"
            || state.slots != SLOTS
            || meta.time.len() != shapes.len()
            || state.values.iter().any(|slot| slot.len() != shapes.len())
            || !counts_fit
        {
            return Err(format!(
                "the optimizer state is not Adam's for this model ({} with slots {:?} and {} step counts for {} parameters)",
                meta.name,
                state.slots,
                meta.time.len(),
                shapes.len()
            ));
        }
        let mut slots = state.values.into_iter();
        let (m, v) = (
            slots.next().expect("two slots"),
            slots.next().expect("two slots"),
        );
        if v.iter().flatten().any(|x| *x < 0.0) {
            return Err("the optimizer state has a negative second moment".into());
        }
        let mut moments = Vec::with_capacity(shapes.len());
        for ((time, (m, v)), shape) in meta.time.into_iter().zip(m.into_iter().zip(v)).zip(shapes) {
            let size: usize = shape.iter().product();
            if m.len() != size || v.len() != size {
                return Err(format!(
                    "a moment of {} values for a parameter of {size}",
                    m.len()
                ));
            }
            moments.push(if time > 0 {
                Some(Moments {
                    time,
                    m: bridge(m, shape, device)?,
                    v: bridge(v, shape, device)?,
                })
            } else {
                None
            });
        }
        Ok(Adam {
            clipping: GradientClippingConfig::Norm(clip_norm).init(),
            moments,
        })
    }
}

/// A tensor of `values` laid out as `shape`, type-erased. Parameters of the
/// Transformer have rank 1 (biases, norms) or 2 (weights, embeddings).
fn bridge(values: Vec<f32>, shape: &[usize], device: &Device) -> Result<BridgeTensor, String> {
    let data = TensorData::new(values, shape.to_vec());
    Ok(match shape.len() {
        1 => Tensor::<1>::from_data(data, device).into_bridge(),
        2 => Tensor::<2>::from_data(data, device).into_bridge(),
        3 => Tensor::<3>::from_data(data, device).into_bridge(),
        rank => return Err(format!("a parameter of rank {rank}")),
    })
}

/// A moment's values, whatever its rank.
fn values(tensor: &BridgeTensor, rank: usize) -> Vec<f32> {
    let data = match rank {
        1 => Tensor::<1>::from_bridge(tensor.clone()).into_data(),
        2 => Tensor::<2>::from_bridge(tensor.clone()).into_data(),
        _ => Tensor::<3>::from_bridge(tensor.clone()).into_data(),
    };
    data.convert::<f32>()
        .try_to_vec::<f32>()
        .expect("float moments convert to f32")
}

/// Every float parameter's shape, in module order.
fn parameter_shapes(model: &Transformer) -> Vec<Vec<usize>> {
    struct Shapes(Vec<Vec<usize>>);
    impl ModuleVisitor for Shapes {
        fn visit_float<const D: usize>(&mut self, param: &Param<Tensor<D>>) {
            self.0.push(param.val().dims().to_vec());
        }
    }
    let mut shapes = Shapes(Vec::new());
    model.visit(&mut shapes);
    shapes.0
}

/// Walks the model once, updating each parameter in module order.
struct AdamStep<'a> {
    adam: &'a mut Adam,
    grads: &'a mut GradientsParams,
    lr: f64,
    index: usize,
}

impl ModuleMapper for AdamStep<'_> {
    fn map_float<const D: usize>(&mut self, param: Param<Tensor<D>>) -> Param<Tensor<D>> {
        let index = self.index;
        self.index += 1;
        let (id, tensor, mapper) = param.consume();
        let Some(grad) = self.grads.remove::<D>(id) else {
            return Param::from_mapped_value(id, tensor, mapper);
        };
        if self.adam.moments.len() <= index {
            self.adam.moments.resize(index + 1, None);
        }
        // The autodiff state the parameter carries, put back on the update
        // (as burn's optimizer does).
        let require_grad = tensor.is_require_grad();
        let checkpointing = tensor.gradient_checkpointing_strategy();
        let device = grad.device();
        let tensor = if tensor.device() != device {
            tensor.to_device(&device)
        } else {
            tensor
        };
        let grad = self.adam.clipping.clip_gradient(grad);
        let previous = self.adam.moments[index].take();
        let (update, moments) = transform(grad, previous);
        self.adam.moments[index] = Some(moments);
        let mut updated = Tensor::from_inner(tensor.inner() - update.mul_scalar(self.lr));
        if let Some(strategy) = checkpointing {
            updated = updated.with_gradient_checkpointing_strategy(strategy);
        }
        if require_grad {
            updated = updated.require_grad();
        }
        Param::from_mapped_value(id, updated, mapper)
    }
}

/// The moment updates and the bias-corrected step direction `m·c / (√v + ε·√(1 − β₂ᵗ))`.
fn transform<const D: usize>(grad: Tensor<D>, previous: Option<Moments>) -> (Tensor<D>, Moments) {
    let (time, m, v) = match previous {
        Some(p) => {
            let m = Tensor::<D>::from_bridge(p.m)
                .mul_scalar(BETA_1)
                .add(grad.clone().mul_scalar(1.0 - BETA_1));
            let v = Tensor::<D>::from_bridge(p.v)
                .mul_scalar(BETA_2)
                .add(grad.square().mul_scalar(1.0 - BETA_2));
            (p.time + 1, m, v)
        }
        None => (
            1,
            grad.clone().mul_scalar(1.0 - BETA_1),
            grad.square().mul_scalar(1.0 - BETA_2),
        ),
    };
    let t = time as i32;
    let bias_correction_2_sqrt = (1.0 - BETA_2.powi(t)).sqrt();
    let c = bias_correction_2_sqrt / (1.0 - BETA_1.powi(t));
    let direction = m.clone().mul_scalar(c).div(
        v.clone()
            .sqrt()
            .add_scalar(EPSILON * bias_correction_2_sqrt),
    );
    let moments = Moments {
        time,
        m: m.into_bridge(),
        v: v.into_bridge(),
    };
    (direction, moments)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trainer::GRAD_CLIP_NORM;
    use lab_model::burn::optim::AdamConfig;
    use lab_model::burn::tensor::Int;
    use lab_model::checkpoint::named_tensors;
    use lab_model::{Backend, TransformerConfig};

    /// Built under the trainer's lock on burn's generator, so that the
    /// training tests running beside it keep their dropout masks.
    fn tiny_model(device: &Device) -> Transformer {
        crate::trainer::seeded(device, 5, || {
            TransformerConfig::toy(9, 11)
                .with_d_model(8)
                .with_n_heads(2)
                .with_d_ff(16)
                .with_dropout(0.0)
                .init(device)
        })
    }

    /// Gradients of a fixed loss (the logits' squared mean) at `model`.
    fn grads(model: &Transformer, device: &Device) -> GradientsParams {
        let ids = |v: Vec<i64>| Tensor::<2, Int>::from_data(TensorData::new(v, [2, 3]), device);
        let logits = model
            .forward(ids(vec![4, 5, 2, 6, 7, 2]), ids(vec![1, 4, 5, 1, 6, 7]))
            .logits;
        GradientsParams::from_grads(logits.square().mean().backward(), model)
    }

    fn bits(model: &Transformer) -> Vec<u32> {
        named_tensors(&model.valid())
            .into_iter()
            .flat_map(|t| t.2)
            .map(f32::to_bits)
            .collect()
    }

    #[test]
    fn the_same_updates_as_burns_adam_bit_for_bit() {
        let device = Backend::default().training_device();
        let mut ours = tiny_model(&device);
        let mut theirs = ours.clone();
        let mut adam = Adam::new(GRAD_CLIP_NORM);
        let mut burns = AdamConfig::new()
            .with_beta_1(BETA_1)
            .with_beta_2(BETA_2)
            .with_epsilon(EPSILON)
            .with_grad_clipping(Some(GradientClippingConfig::Norm(GRAD_CLIP_NORM)))
            .init();
        for step in 1..=4 {
            let lr = 1e-2 / step as f64;
            let g = grads(&ours, &device);
            ours = adam.step(lr, ours, g);
            let g = grads(&theirs, &device);
            theirs = burns.step(lr, theirs, g);
            assert_eq!(bits(&ours), bits(&theirs), "step {step}");
        }
    }

    #[test]
    fn the_moments_survive_a_checkpoint_round_trip() {
        let device = Backend::default().training_device();
        let mut model = tiny_model(&device);
        let mut adam = Adam::new(GRAD_CLIP_NORM);
        assert!(adam.state(&model).is_none(), "no moments before a step");
        for _ in 0..2 {
            let g = grads(&model, &device);
            model = adam.step(1e-2, model, g);
        }
        let state = adam.state(&model).expect("moments after a step");
        let shapes: Vec<Vec<usize>> = named_tensors(&model).into_iter().map(|t| t.1).collect();
        let mut restored = Adam::restore(
            GRAD_CLIP_NORM,
            state.clone(),
            &shapes,
            &Backend::default().device(),
        )
        .expect("own state restores");
        assert_eq!(restored.state(&model), Some(state.clone()));
        let mut copy = model.clone();
        let g = grads(&model, &device);
        model = adam.step(1e-2, model, g);
        let g = grads(&copy, &device);
        copy = restored.step(1e-2, copy, g);
        assert_eq!(bits(&model), bits(&copy));

        let mut negative = state.clone();
        negative.values[1][0][0] = -1.0;
        assert!(Adam::restore(GRAD_CLIP_NORM, negative, &shapes, &device).is_err());
        let mut foreign = state;
        foreign.meta = serde_json::json!({ "name": "sgd", "time": [] });
        assert!(Adam::restore(GRAD_CLIP_NORM, foreign, &shapes, &device).is_err());
    }
}
