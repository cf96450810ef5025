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
//! burn has this optimizer, and [`Adam::step_flat`] computes exactly what burn's
//! `AdamConfig::init()` computes, operation for operation
//! (`tests::the_same_updates_as_burns_adam_bit_for_bit`). It is written out
//! here for two reasons:
//! - A resumed run needs its moments: burn keys them by run-time parameter
//!   ids and saves them in a format of its own, while a checkpoint of the lab
//!   stores every tensor in module order and checks its shape before anything
//!   is built. [`Adam::state`] and [`Adam::restore`] turn the moments into a
//!   [`checkpoint::OptimizerState`] and back.
//! - Speed: a step's gradients arrive as one flat list ([`crate::flat`]),
//!   and [`Adam::step_flat`] updates each parameter in one loop over its
//!   values, where burn's tensor operations make about fifteen passes, each
//!   allocating a tensor. The update is serial work between the two workers'
//!   shards, so all of it is on the step's critical path (BENCHMARKS.md).
//!   Only the clipping norm is still computed by burn's own operations, so
//!   that its sum adds in burn's order.

use lab_model::burn::module::{Module, ModuleMapper, ModuleVisitor, Param};
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

/// One parameter's moments, flat in the parameter's own order.
#[derive(Clone)]
struct Moments {
    /// Updates this parameter has had: the `t` of the bias correction.
    time: usize,
    m: Vec<f32>,
    v: Vec<f32>,
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
    /// Each gradient tensor is scaled down to this L2 norm if it is longer.
    clip_norm: f32,
    moments: Vec<Option<Moments>>,
}

impl Adam {
    /// A fresh optimizer: no moments until the first step.
    pub fn new(clip_norm: f32) -> Adam {
        Adam {
            clip_norm,
            moments: Vec::new(),
        }
    }

    /// One update of every parameter that has a gradient in `grads`, as
    /// burn's optimizer takes them (the tests compare the two).
    #[cfg(test)]
    pub fn step(
        &mut self,
        lr: f64,
        model: Transformer,
        grads: lab_model::burn::optim::GradientsParams,
    ) -> Transformer {
        let (values, present) = crate::flat::gradients(&grads, &model);
        self.step_flat(lr, model, &values, &present)
    }

    /// One update of every parameter that has a gradient: `present` says
    /// which (module order), and `values` holds their gradients one after
    /// the other, as [`crate::flat::gradients`] lists them.
    ///
    /// # Panics
    /// If `values` is shorter than the parameters `present` names.
    pub fn step_flat(
        &mut self,
        lr: f64,
        model: Transformer,
        values: &[f32],
        present: &[bool],
    ) -> Transformer {
        model.map(&mut AdamStep {
            adam: self,
            values,
            present: present.iter(),
            // burn's `mul_scalar` takes the rate in the tensor's element type.
            lr: lr as f32,
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
                    m.push(moments.m.clone());
                    v.push(moments.v.clone());
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
            moments.push((time > 0).then_some(Moments { time, m, v }));
        }
        Ok(Adam { clip_norm, moments })
    }
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
    /// The gradients not used yet, and whose they are.
    values: &'a [f32],
    present: std::slice::Iter<'a, bool>,
    lr: f32,
    index: usize,
}

impl ModuleMapper for AdamStep<'_> {
    fn map_float<const D: usize>(&mut self, param: Param<Tensor<D>>) -> Param<Tensor<D>> {
        let index = self.index;
        self.index += 1;
        let (id, tensor, mapper) = param.consume();
        if self.present.next() != Some(&true) {
            return Param::from_mapped_value(id, tensor, mapper);
        }
        let shape = tensor.dims();
        let (grad, rest) = self.values.split_at(shape.iter().product());
        self.values = rest;
        if self.adam.moments.len() <= index {
            self.adam.moments.resize(index + 1, None);
        }
        // The autodiff state the parameter carries, put back on the update
        // (as burn's optimizer does).
        let require_grad = tensor.is_require_grad();
        let checkpointing = tensor.gradient_checkpointing_strategy();
        let device = tensor.device();
        // The values without autodiff, where burn clips and updates too.
        let inner = tensor.inner();
        let clip = clip_coefficient(grad, self.adam.clip_norm, &inner.device());
        let mut theta = inner
            .into_data()
            .try_into_vec::<f32>()
            .expect("float parameters hold f32 values");
        let previous = self.adam.moments[index].take();
        let moments = update(&mut theta, grad, clip, previous, self.lr);
        self.adam.moments[index] = Some(moments);
        let mut updated = Tensor::<D>::from_data(TensorData::new(theta, shape), &device);
        if let Some(strategy) = checkpointing {
            updated = updated.with_gradient_checkpointing_strategy(strategy);
        }
        if require_grad {
            updated = updated.require_grad();
        }
        Param::from_mapped_value(id, updated, mapper)
    }
}

/// What burn's clipping by norm multiplies `grad` by: `clip_norm / (‖grad‖ +
/// the smallest normal f32)`, at most 1 (a NaN stays NaN, and shows as a
/// blown-up run). Computed with burn's own operations, so that the norm's
/// sum adds in burn's order and the bits are burn's.
fn clip_coefficient(grad: &[f32], clip_norm: f32, device: &Device) -> f32 {
    let grad = Tensor::<1>::from_data(TensorData::new(grad.to_vec(), [grad.len()]), device);
    let norm = grad.square().sum().sqrt();
    (clip_norm / norm.add_scalar(f32::MIN_POSITIVE))
        .clamp_max(1.0)
        .into_scalar()
}

/// One parameter's update, in place: `θ ← θ − lr · m·c / (√v + ε·√(1 − β₂ᵗ))`
/// with `c = √(1 − β₂ᵗ) / (1 − β₁ᵗ)`, after the moments' update from
/// `previous` with the gradient `grad · clip`. Each value is computed with
/// the operations, in the order, that burn's Adam uses, so that the bits are
/// burn's.
fn update(
    theta: &mut [f32],
    grad: &[f32],
    clip: f32,
    previous: Option<Moments>,
    lr: f32,
) -> Moments {
    let (time, mut m, mut v) = match previous {
        Some(p) => (p.time + 1, p.m, p.v),
        None => (1, vec![0.0; grad.len()], vec![0.0; grad.len()]),
    };
    // A first update starts the moments from g alone (burn adds no 0 · β term).
    let first = time == 1;
    let t = time as i32;
    let bias_correction_2_sqrt = (1.0 - BETA_2.powi(t)).sqrt();
    let c = bias_correction_2_sqrt / (1.0 - BETA_1.powi(t));
    let epsilon = EPSILON * bias_correction_2_sqrt;
    for (((theta, &g), m), v) in theta.iter_mut().zip(grad).zip(&mut m).zip(&mut v) {
        let g = g * clip;
        if first {
            *m = g * (1.0 - BETA_1);
            *v = (g * g) * (1.0 - BETA_2);
        } else {
            *m = *m * BETA_1 + g * (1.0 - BETA_1);
            *v = *v * BETA_2 + (g * g) * (1.0 - BETA_2);
        }
        let direction = (*m * c) / (v.sqrt() + epsilon);
        *theta -= direction * lr;
    }
    Moments { time, m, v }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trainer::GRAD_CLIP_NORM;
    use lab_model::burn::grad_clipping::GradientClippingConfig;
    use lab_model::burn::optim::{AdamConfig, GradientsParams};
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
        // The lab's clip, one that clips every gradient, and one that clips none.
        for clip_norm in [GRAD_CLIP_NORM, 1e-3, 1e6] {
            let mut ours = tiny_model(&device);
            let mut theirs = ours.clone();
            let mut adam = Adam::new(clip_norm);
            let mut burns = AdamConfig::new()
                .with_beta_1(BETA_1)
                .with_beta_2(BETA_2)
                .with_epsilon(EPSILON)
                .with_grad_clipping(Some(GradientClippingConfig::Norm(clip_norm)))
                .init();
            for step in 1..=4 {
                let lr = 1e-2 / step as f64;
                let g = grads(&ours, &device);
                ours = adam.step(lr, ours, g);
                let g = grads(&theirs, &device);
                theirs = burns.step(lr, theirs, g);
                assert_eq!(bits(&ours), bits(&theirs), "clip {clip_norm}, step {step}");
            }
        }
    }

    #[test]
    fn a_long_gradient_is_clipped_to_the_norm_and_a_short_one_kept() {
        let device = Backend::default().device();
        let grad = [3.0f32, 4.0];
        assert_eq!(clip_coefficient(&grad, 10.0, &device), 1.0);
        let clip = clip_coefficient(&grad, 0.5, &device);
        assert!((clip - 0.1).abs() < 1e-7, "{clip}");
        assert!(clip_coefficient(&[f32::NAN, 1.0], 0.5, &device).is_nan());
    }

    #[test]
    fn an_update_follows_the_formula_value_by_value() {
        let previous = Moments {
            time: 1,
            m: vec![0.1, -0.2],
            v: vec![0.01, 0.04],
        };
        let mut theta = vec![1.0f32, 2.0];
        let (grad, clip, lr) = ([0.5f32, -1.0], 0.5f32, 0.1f32);
        let moments = update(&mut theta, &grad, clip, Some(previous), lr);
        assert_eq!(moments.time, 2);
        let (b1, b2, eps) = (BETA_1 as f64, BETA_2 as f64, EPSILON as f64);
        for (i, (m0, v0, theta0)) in [(0.1, 0.01, 1.0), (-0.2, 0.04, 2.0)]
            .into_iter()
            .enumerate()
        {
            let g = grad[i] as f64 * clip as f64;
            let m = b1 * m0 + (1.0 - b1) * g;
            let v = b2 * v0 + (1.0 - b2) * g * g;
            let (m_hat, v_hat) = (m / (1.0 - b1 * b1), v / (1.0 - b2 * b2));
            let expected = theta0 - lr as f64 * m_hat / (v_hat.sqrt() + eps);
            assert!((moments.m[i] as f64 - m).abs() < 1e-7, "m[{i}]");
            assert!((moments.v[i] as f64 - v).abs() < 1e-7, "v[{i}]");
            let got = theta[i] as f64;
            assert!(
                (got - expected).abs() < 1e-6,
                "θ[{i}]: {got} against {expected}"
            );
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
        let mut restored =
            Adam::restore(GRAD_CLIP_NORM, state.clone(), &shapes).expect("own state restores");
        assert_eq!(restored.state(&model), Some(state.clone()));
        let mut copy = model.clone();
        let g = grads(&model, &device);
        model = adam.step(1e-2, model, g);
        let g = grads(&copy, &device);
        copy = restored.step(1e-2, copy, g);
        assert_eq!(bits(&model), bits(&copy));

        let mut negative = state.clone();
        negative.values[1][0][0] = -1.0;
        assert!(Adam::restore(GRAD_CLIP_NORM, negative, &shapes).is_err());
        let mut foreign = state;
        foreign.meta = serde_json::json!({ "name": "sgd", "time": [] });
        assert!(Adam::restore(GRAD_CLIP_NORM, foreign, &shapes).is_err());
    }
}
