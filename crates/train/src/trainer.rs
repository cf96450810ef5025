//! The training loop, §5 of the paper, one step at a time.
//!
//! Each [`Trainer::step`] takes the next batch, runs the teacher-forced
//! forward pass, computes the label-smoothed loss, back-propagates, clips the
//! gradients and lets Adam (β₁ = 0.9, β₂ = 0.98, ε = 1e-9, [`crate::adam`])
//! take a step at the Noam rate ([`lab_math::noam_rate`]). It is a plain
//! method rather than a loop so that a Web Worker can run a few steps, answer
//! its messages, and carry on.
//!
//! A run saved with [`Trainer::to_bytes`] resumes exactly: the checkpoint
//! keeps the weights, Adam's moments, the step (which fixes the Noam rate and
//! the dropout masks) and where the data stream stands (the epoch's order,
//! the position in it and the shuffling generator), so the next loss is
//! bit-identical to that of a run that was never interrupted.

use lab_model::burn::module::Module;
use lab_model::checkpoint::{self, CheckpointError};
use lab_model::parameters::MAX_PARAMETERS;
use lab_model::{Backend, NormPlacement, Transformer, TransformerConfig};
use lab_protocol::{CheckpointProblem, Curves, Settings, SettingsError, ShardJob, ShardReport};
use lab_tasks::corpus::{self, Corpus};
use lab_tasks::{Dataset, Rng, TaskKind};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use web_time::Instant;

use crate::adam::Adam;

mod save;
mod step;
#[cfg(test)]
mod tests;

pub use save::stored_task;

/// Gradients are clipped to this L2 norm, per parameter tensor.
pub const GRAD_CLIP_NORM: f32 = 1.0;
/// The longest sequence (tokens, with BOS/EOS) the positional table covers.
pub use lab_math::limits::MAX_LEN;

/// burn's random generator is global to the backend. Every use of it (weight
/// initialisation) happens under this lock, right after seeding it from the
/// run's seed, so a run is reproducible even when other runs share the
/// process (tests run in parallel). Dropout masks come from
/// [`lab_model::dropout`]'s per-thread generator, seeded here too.
static RNG_LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Runs `f` with the backend's generator and this thread's dropout masks seeded by `seed`.
pub(crate) fn seeded<T>(
    device: &lab_model::burn::tensor::Device,
    seed: u64,
    f: impl FnOnce() -> T,
) -> T {
    let _guard = RNG_LOCK
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    device.seed(seed);
    lab_model::dropout::seed(seed);
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

impl TrainerError {
    /// Why the checkpoint was refused, as the data the page words in the
    /// reader's language.
    pub fn problem(&self) -> CheckpointProblem {
        match self {
            Self::Settings(e) => CheckpointProblem::Settings(e.clone()),
            Self::Checkpoint(e) => match e {
                CheckpointError::TooShort { len } => CheckpointProblem::TooShort { bytes: *len },
                CheckpointError::NotACheckpoint => CheckpointProblem::NotACheckpoint,
                CheckpointError::UnsupportedVersion { found } => {
                    CheckpointProblem::UnsupportedVersion {
                        found: *found,
                        oldest: checkpoint::OLDEST_VERSION,
                        newest: checkpoint::FORMAT_VERSION,
                    }
                }
                CheckpointError::Corrupt(detail) => CheckpointProblem::Damaged {
                    detail: detail.clone(),
                },
                CheckpointError::Mismatch(detail) => CheckpointProblem::Inconsistent {
                    detail: detail.clone(),
                },
                CheckpointError::TooLarge(detail) => CheckpointProblem::TooLarge {
                    detail: detail.clone(),
                },
            },
        }
    }
}

/// The state of the training-data stream.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct DataPosition {
    /// This epoch's order of the training pairs.
    order: Vec<usize>,
    /// How many pairs of `order` have been used.
    cursor: usize,
    /// The seed the shuffling generator started from, and how many numbers it has drawn.
    rng_seed: u64,
    draws: u64,
}

use lab_math::rng::GAMMA as SPLITMIX_GAMMA;

/// The generator started from `seed` after `draws` numbers, in O(1): SplitMix64's
/// state after n draws is `seed + n·γ`, so it is a fresh generator at that seed
/// (`tests::the_shuffling_generator_can_be_fast_forwarded`).
fn generator_after(seed: u64, draws: u64) -> Rng {
    Rng::new(seed.wrapping_add(draws.wrapping_mul(SPLITMIX_GAMMA)))
}

/// A step cut into shards ([`Trainer::plan_step`]), waiting for their gradients.
pub struct StepPlan {
    pub jobs: Vec<ShardJob>,
    started: Instant,
}

/// One shard's report and its gradients (`report.present` says whose).
#[derive(Clone, Debug, PartialEq)]
pub struct ShardGradients {
    pub report: ShardReport,
    pub values: Vec<f32>,
}

/// A model, its optimiser and its data: one training run.
pub struct Trainer {
    settings: Settings,
    dataset: Arc<Dataset>,
    backend: Backend,
    /// Lives on the autodiff device.
    model: Transformer,
    optim: Adam,
    step: usize,
    rng: Rng,
    /// `rng`'s starting seed and the numbers it has drawn, saved with the run.
    rng_seed: u64,
    draws: u64,
    order: Vec<usize>,
    cursor: usize,
    /// While a step is planned and not finished: where the data stream stood
    /// before its batch, which a checkpoint saves (the step has not happened).
    planned_from: Option<DataPosition>,
    /// The reader's own pairs, for a run of them: saved with it.
    pairs: Option<Arc<Corpus>>,
    /// The training history a checkpoint carried or will carry
    /// ([`Trainer::take_curves`], [`Trainer::set_curves`]).
    curves: Option<Curves>,
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
        .with_positional_encoding(settings.positional_encoding)
        .with_tie_weights(settings.tie_weights)
        .with_max_len(MAX_LEN)
}

/// Refuses a model over [`MAX_PARAMETERS`], the one size ceiling, before it is built.
fn within_budget(config: &TransformerConfig) -> Result<(), SettingsError> {
    match lab_model::parameters::parameter_count(config) {
        Some(n) if n <= MAX_PARAMETERS => Ok(()),
        count => Err(SettingsError {
            problems: vec![lab_protocol::SettingProblem::new(
                lab_protocol::SettingsField::DModel,
                lab_protocol::Rule::Budget {
                    count,
                    max: MAX_PARAMETERS,
                },
            )],
        }),
    }
}

thread_local! {
    /// The dataset built last, with its task and seed.
    static LAST_DATASET: std::cell::RefCell<Option<(TaskKind, u64, Arc<Dataset>)>> =
        const { std::cell::RefCell::new(None) };
}

/// `Dataset::build(task, seed)`, shared with the last one built when it is
/// the same: building tokenises the whole corpus (15 ms natively), and the
/// evaluator worker builds a run from its bytes for every evaluation. The
/// runs share it read-only: a copy of real-en-ja's cost the evaluator 9 ms
/// natively, and dropping it about as much again.
///
/// A real task whose corpus is not here (in a browser: not fetched yet) is
/// refused with [`Rule::NotLoaded`](lab_protocol::Rule::NotLoaded).
pub fn dataset_for(task: TaskKind, seed: u64) -> Result<Arc<Dataset>, SettingsError> {
    let not_loaded = || SettingsError {
        problems: vec![lab_protocol::SettingProblem::new(
            lab_protocol::SettingsField::Task,
            lab_protocol::Rule::NotLoaded,
        )],
    };
    if task == TaskKind::Custom {
        // The reader's pairs change from run to run: never a copy of the last dataset.
        let pairs = corpus::corpus_if_provided(task).ok_or_else(not_loaded)?;
        return Ok(Arc::new(Dataset::from_corpus(&pairs, seed)));
    }
    LAST_DATASET.with(|last| {
        let mut last = last.borrow_mut();
        match &*last {
            Some((t, s, dataset)) if (*t, *s) == (task, seed) => Ok(dataset.clone()),
            _ => {
                let dataset = Arc::new(Dataset::try_build(task, seed).map_err(|_| not_loaded())?);
                *last = Some((task, seed, Arc::clone(&dataset)));
                Ok(dataset)
            }
        }
    })
}

impl Trainer {
    /// A fresh run on the default backend.
    pub fn new(settings: &Settings) -> Result<Trainer, SettingsError> {
        Self::with_backend(settings, Backend::default())
    }

    /// A fresh run: the dataset and the initial weights both follow `settings.seed`.
    pub fn with_backend(settings: &Settings, backend: Backend) -> Result<Trainer, SettingsError> {
        settings.validate()?;
        let dataset = dataset_for(settings.task, settings.seed)?;
        let mut trainer = Self::with_dataset(settings, dataset, backend)?;
        if settings.task == TaskKind::Custom {
            trainer.pairs = corpus::corpus_if_provided(TaskKind::Custom);
        }
        Ok(trainer)
    }

    /// A fresh run on `dataset`, which must be `settings`' task's, built
    /// with `settings.seed` (as a helper builds it from the sentences it
    /// was handed).
    pub fn with_dataset(
        settings: &Settings,
        dataset: Arc<Dataset>,
        backend: Backend,
    ) -> Result<Trainer, SettingsError> {
        settings.validate()?;
        within_budget(&model_config(settings, &dataset))?;
        let device = backend.training_device();
        let model = seeded(&device, settings.seed, || {
            let model = model_config(settings, &dataset).init(&device);
            lab_model::parameters::materialize(&model);
            model
        });
        let optim = Adam::new(GRAD_CLIP_NORM);
        Ok(Self::assemble(
            settings.clone(),
            dataset,
            backend,
            model,
            optim,
            0,
            None,
        ))
    }

    /// A run at `step`; with `data`, the data stream continues where it
    /// stood, else it starts a fresh shuffle.
    fn assemble(
        settings: Settings,
        dataset: Arc<Dataset>,
        backend: Backend,
        model: Transformer,
        optim: Adam,
        step: usize,
        data: Option<DataPosition>,
    ) -> Trainer {
        let rng_seed = settings.seed ^ step as u64;
        let mut trainer = Trainer {
            rng: Rng::new(rng_seed),
            rng_seed,
            draws: 0,
            order: (0..dataset.train.len()).collect(),
            cursor: usize::MAX,
            planned_from: None,
            settings,
            dataset,
            backend,
            model,
            optim,
            step,
            pairs: None,
            curves: None,
        };
        match data {
            Some(data) => {
                trainer.rng = generator_after(data.rng_seed, data.draws);
                trainer.rng_seed = data.rng_seed;
                trainer.draws = data.draws;
                trainer.order = data.order;
                trainer.cursor = data.cursor;
            }
            None => trainer.reshuffle(),
        }
        trainer
    }

    fn reshuffle(&mut self) {
        self.rng.shuffle(&mut self.order);
        // A Fisher–Yates shuffle of n items draws n − 1 numbers.
        let drawn = self.order.len().saturating_sub(1) as u64;
        self.draws = self.draws.wrapping_add(drawn);
        self.cursor = 0;
    }

    fn data_position(&self) -> DataPosition {
        DataPosition {
            order: self.order.clone(),
            cursor: self.cursor,
            rng_seed: self.rng_seed,
            draws: self.draws,
        }
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
        self.settings.learning_rate(step)
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

    /// The sentences this run's dataset was built from, for a real task or
    /// the reader's pairs (`None` for a toy, generated in code). A helper
    /// worker is handed them ([`lab_protocol::WorkerInput::Sentences`]),
    /// as it cannot fetch a real task's file nor has the reader's pairs.
    pub fn sentences(&self) -> Option<Arc<Corpus>> {
        match self.settings.task {
            TaskKind::Custom => self.pairs.clone(),
            task if task.is_real() => corpus::corpus_if_provided(task),
            _ => None,
        }
    }

    pub fn step_count(&self) -> usize {
        self.step
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }
}
