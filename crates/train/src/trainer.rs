//! The training loop, §5 of the paper, one step at a time.
//!
//! Each [`Trainer::step`] takes the next batch, runs the teacher-forced
//! forward pass, computes the label-smoothed loss, back-propagates, clips the
//! gradients and lets Adam (β₁ = 0.9, β₂ = 0.98, ε = 1e-9) take a step at the
//! Noam rate ([`lab_math::noam_rate`]). It is a plain method rather than a
//! loop so that a Web Worker can run a few steps, answer its messages, and
//! carry on.

use lab_model::burn::grad_clipping::GradientClippingConfig;
use lab_model::burn::module::Module;
use lab_model::burn::optim::{AdamConfig, GradientsParams, ModuleOptimizer};
use lab_model::checkpoint::{self, CheckpointError};
use lab_model::parameters::MAX_PARAMETERS;
use lab_model::{Backend, NormPlacement, Transformer, TransformerConfig};
use lab_protocol::{Settings, SettingsError, StepReport};
use lab_tasks::{Dataset, Pair, Rng};
use serde::{Deserialize, Serialize};
use web_time::Instant;

use crate::batch::Batch;
use crate::loss::smoothed_cross_entropy;

/// Gradients are clipped to this L2 norm, per parameter tensor.
pub const GRAD_CLIP_NORM: f32 = 1.0;
/// The longest sequence (tokens, with BOS/EOS) the positional table covers.
pub const MAX_LEN: usize = 32;

/// burn's random generator is global to the backend. Every use of it (weight
/// initialisation, dropout) happens under this lock, right after seeding it
/// from the run's seed and step, so a run is reproducible even when other
/// runs share the process (tests run in parallel).
static RNG_LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Runs `f` with the backend's generator seeded by `seed`.
fn seeded<T>(device: &lab_model::burn::tensor::Device, seed: u64, f: impl FnOnce() -> T) -> T {
    let _guard = RNG_LOCK
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    device.seed(seed);
    f()
}

/// Why a trainer could not be built.
#[derive(Debug)]
pub enum TrainerError {
    Settings(SettingsError),
    Checkpoint(CheckpointError),
}

impl std::fmt::Display for TrainerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Settings(e) => write!(f, "invalid settings: {e}"),
            Self::Checkpoint(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for TrainerError {}

/// What a checkpoint stores besides the weights.
#[derive(Serialize, Deserialize)]
struct RunMeta {
    settings: Settings,
    step: usize,
}

/// A model, its optimiser and its data: one training run.
pub struct Trainer {
    settings: Settings,
    dataset: Dataset,
    backend: Backend,
    /// Lives on the autodiff device.
    model: Transformer,
    optim: ModuleOptimizer,
    step: usize,
    rng: Rng,
    order: Vec<usize>,
    cursor: usize,
}

/// The model hyper-parameters for `settings` on `dataset`.
pub fn model_config(settings: &Settings, dataset: &Dataset) -> TransformerConfig {
    // The settings and the model share one `NormPlacement` (from `lab_math`): no translation.
    let norm: NormPlacement = settings.norm;
    TransformerConfig::new(dataset.src_vocab.len(), dataset.tgt_vocab.len())
        .with_d_model(settings.d_model)
        .with_n_heads(settings.n_heads)
        .with_d_ff(settings.d_ff)
        .with_n_encoder_layers(settings.n_layers)
        .with_n_decoder_layers(settings.n_layers)
        .with_dropout(settings.dropout as f64)
        .with_norm(norm)
        .with_max_len(MAX_LEN)
}

/// Refuses a model over [`MAX_PARAMETERS`], the one size ceiling, before it is built.
fn within_budget(config: &TransformerConfig) -> Result<(), TrainerError> {
    match lab_model::parameters::parameter_count(config) {
        Some(n) if n <= MAX_PARAMETERS => Ok(()),
        n => Err(TrainerError::Settings(SettingsError {
            problems: vec![lab_protocol::SettingProblem {
                field: "d_model".into(),
                message: format!(
                    "this model would have {} parameters; the lab trains at most {MAX_PARAMETERS}",
                    n.map_or_else(|| "too many".to_string(), |n| n.to_string())
                ),
            }],
        })),
    }
}

fn optimizer() -> ModuleOptimizer {
    AdamConfig::new()
        .with_beta_1(0.9)
        .with_beta_2(0.98)
        .with_epsilon(1e-9)
        .with_grad_clipping(Some(GradientClippingConfig::Norm(GRAD_CLIP_NORM)))
        .init()
}

impl Trainer {
    /// A fresh run on the default backend.
    pub fn new(settings: &Settings) -> Result<Trainer, TrainerError> {
        Self::with_backend(settings, Backend::default())
    }

    /// A fresh run: the dataset and the initial weights both follow `settings.seed`.
    pub fn with_backend(settings: &Settings, backend: Backend) -> Result<Trainer, TrainerError> {
        settings.validate().map_err(TrainerError::Settings)?;
        let dataset = Dataset::build(settings.task, settings.seed);
        within_budget(&model_config(settings, &dataset))?;
        let device = backend.training_device();
        let model = seeded(&device, settings.seed, || {
            model_config(settings, &dataset).init(&device)
        });
        Ok(Self::assemble(settings.clone(), dataset, backend, model, 0))
    }

    fn assemble(
        settings: Settings,
        dataset: Dataset,
        backend: Backend,
        model: Transformer,
        step: usize,
    ) -> Trainer {
        let order = (0..dataset.train.len()).collect();
        let mut trainer = Trainer {
            rng: Rng::new(settings.seed ^ step as u64),
            settings,
            dataset,
            backend,
            model,
            optim: optimizer(),
            step,
            order,
            cursor: usize::MAX,
        };
        trainer.reshuffle();
        trainer
    }

    fn reshuffle(&mut self) {
        self.rng.shuffle(&mut self.order);
        self.cursor = 0;
    }

    /// The next `batch_size` training pairs, in a fresh shuffle every epoch.
    fn next_indices(&mut self) -> Vec<usize> {
        let n = self.settings.batch_size.min(self.order.len());
        if self.cursor + n > self.order.len() {
            self.reshuffle();
        }
        let picked = self.order[self.cursor..self.cursor + n].to_vec();
        self.cursor += n;
        picked
    }

    /// The Noam rate for (1-based) step `step`.
    pub fn learning_rate(&self, step: usize) -> f64 {
        lab_math::noam_rate(
            step,
            self.settings.d_model,
            self.settings.warmup_steps,
            self.settings.lr_factor as f64,
        )
    }

    /// One optimisation step. A non-finite loss is reported and the update is
    /// skipped, so the weights stay as they were before the divergence.
    pub fn step(&mut self) -> StepReport {
        let started = Instant::now();
        let device = self.backend.training_device();
        let indices = self.next_indices();
        let pairs: Vec<&Pair> = indices.iter().map(|&i| &self.dataset.train[i]).collect();
        let batch = Batch::new(
            &pairs,
            &self.dataset.src_vocab,
            &self.dataset.tgt_vocab,
            &device,
        );
        // Step k's dropout masks depend only on (seed, k).
        let step_seed = self
            .settings
            .seed
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(self.step as u64);
        let output = seeded(&device, step_seed, || {
            self.model.forward(batch.src, batch.tgt_in)
        });
        let loss = smoothed_cross_entropy(
            output.logits,
            &batch.tgt_out,
            self.settings.label_smoothing as f64,
        );
        let loss_value = loss.loss.clone().into_scalar::<f32>();
        let learning_rate = self.learning_rate(self.step + 1);
        if loss_value.is_finite() {
            let grads = GradientsParams::from_grads(loss.loss.backward(), &self.model);
            self.model = self.optim.step(learning_rate, self.model.clone(), grads);
            self.step += 1;
        }
        let seconds = started.elapsed().as_secs_f64().max(1e-9);
        StepReport {
            step: self.step,
            loss: loss_value,
            token_accuracy: loss.correct as f32 / loss.n_tokens.max(1) as f32,
            learning_rate,
            tokens_per_s: batch.n_tokens as f64 / seconds,
        }
    }

    /// The model without autodiff or dropout: for evaluation and the views.
    pub fn inference_model(&self) -> Transformer {
        self.model.valid()
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    pub fn dataset(&self) -> &Dataset {
        &self.dataset
    }

    pub fn step_count(&self) -> usize {
        self.step
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// The run as checkpoint bytes: settings, step and weights. (Adam's
    /// moment estimates are not kept; a resumed run rebuilds them quickly.)
    pub fn to_bytes(&self) -> Vec<u8> {
        let meta = RunMeta {
            settings: self.settings.clone(),
            step: self.step,
        };
        checkpoint::to_bytes(
            &self.inference_model(),
            serde_json::to_value(meta).expect("settings are plain data"),
        )
    }

    /// The weights as `.safetensors`, loadable in PyTorch.
    pub fn to_safetensors(&self) -> Vec<u8> {
        lab_model::safetensors::to_safetensors(&self.inference_model())
    }

    /// A run restored from [`Trainer::to_bytes`]. Garbage gives an error, never a panic.
    pub fn from_bytes(bytes: &[u8]) -> Result<Trainer, TrainerError> {
        Self::from_bytes_with_backend(bytes, Backend::default())
    }

    pub fn from_bytes_with_backend(
        bytes: &[u8],
        backend: Backend,
    ) -> Result<Trainer, TrainerError> {
        // The file, its stored settings and their agreement are all checked
        // before the model is built, so a refused file never allocates one.
        let checked = checkpoint::read(bytes).map_err(TrainerError::Checkpoint)?;
        let meta = RunMeta::deserialize(&checked.meta).map_err(|e| {
            TrainerError::Checkpoint(CheckpointError::Corrupt(format!(
                "unreadable run settings: {e}"
            )))
        })?;
        meta.settings.validate().map_err(TrainerError::Settings)?;
        let dataset = Dataset::build(meta.settings.task, meta.settings.seed);
        if model_config(&meta.settings, &dataset) != checked.config {
            let why = "the stored settings do not describe the stored model";
            return Err(TrainerError::Checkpoint(CheckpointError::Mismatch(
                why.into(),
            )));
        }
        let model = checked.build(&backend.training_device());
        Ok(Self::assemble(
            meta.settings,
            dataset,
            backend,
            model.train(),
            meta.step,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lab_tasks::TaskKind;

    fn tiny(task: TaskKind) -> Settings {
        Settings {
            d_model: 16,
            n_heads: 2,
            d_ff: 32,
            n_layers: 1,
            batch_size: 8,
            ..Settings::toy(task)
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_run() {
        let losses = |seed| {
            let mut t = Trainer::new(&Settings {
                seed,
                ..tiny(TaskKind::Reverse)
            })
            .expect("valid settings");
            (0..3).map(|_| t.step().loss).collect::<Vec<f32>>()
        };
        assert_eq!(losses(7), losses(7));
        assert_ne!(losses(7), losses(8));
    }

    #[test]
    fn invalid_settings_are_refused_before_anything_is_built() {
        let err = Trainer::new(&Settings {
            n_heads: 5,
            ..tiny(TaskKind::Copy)
        })
        .err()
        .expect("16 is not divisible by 5");
        assert!(err.to_string().contains("divisible"), "{err}");
    }

    #[test]
    fn a_restored_run_has_the_same_weights_settings_and_step() {
        let mut t = Trainer::new(&tiny(TaskKind::Copy)).expect("valid settings");
        t.step();
        t.step();
        let bytes = t.to_bytes();
        let restored = Trainer::from_bytes(&bytes).expect("own checkpoint loads");
        assert_eq!(restored.step_count(), 2);
        assert_eq!(restored.settings(), t.settings());
        assert_eq!(restored.to_bytes(), bytes, "weights round-trip bit-exactly");
        assert!(Trainer::from_bytes(&bytes[..bytes.len() - 10]).is_err());
        assert!(Trainer::from_bytes(b"not a checkpoint at all, just some text").is_err());
    }

    #[test]
    fn the_largest_settings_the_form_allows_fit_the_one_parameter_budget() {
        use lab_protocol::settings::{MAX_BATCH, MAX_D_FF, MAX_D_MODEL, MAX_LAYERS};
        for task in TaskKind::ALL {
            let s = Settings {
                d_model: MAX_D_MODEL,
                n_heads: 8,
                d_ff: MAX_D_FF,
                n_layers: MAX_LAYERS,
                batch_size: MAX_BATCH,
                ..Settings::toy(task)
            };
            assert_eq!(s.validate(), Ok(()));
            let n =
                lab_model::parameters::parameter_count(&model_config(&s, &Dataset::build(task, 1)))
                    .expect("fits in u64");
            assert!(n <= MAX_PARAMETERS, "{task:?}: {n} > {MAX_PARAMETERS}");
        }
    }
}
