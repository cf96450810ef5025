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
use lab_model::burn::optim::GradientsParams;
use lab_model::checkpoint::{self, CheckpointError};
use lab_model::parameters::MAX_PARAMETERS;
use lab_model::{Backend, NormPlacement, Transformer, TransformerConfig};
use lab_protocol::{
    Curves, Settings, SettingsError, ShardFailure, ShardJob, ShardReport, StepReport,
};
use lab_tasks::corpus::{self, Corpus};
use lab_tasks::{Dataset, Pair, Rng, TaskKind};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use web_time::Instant;

use crate::adam::Adam;
use crate::batch::Batch;
use crate::loss::{smoothed_cross_entropy_rows, trained_positions};

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

/// What a checkpoint stores besides the weights.
#[derive(Serialize, Deserialize)]
struct RunMeta {
    settings: Settings,
    step: usize,
    /// Where the data stream stands; absent in checkpoints written before
    /// runs could resume exactly (the shipped ones), which reshuffle.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    data: Option<DataPosition>,
    /// The reader's own pairs, as a corpus file ([`Corpus::to_text`]): a
    /// run of them carries its sentences, which nothing else has.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pairs: Option<String>,
    /// The curves of the training that made these weights, from step 0: a
    /// shipped checkpoint carries them (`attention-lab train --out`), so the
    /// page opens on the model's own history rather than on one point.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    curves: Option<Curves>,
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
                "d_model",
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
            "task",
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

/// The task a checkpoint was trained on, from its stored settings, without
/// building anything; `None` for bytes that are not a checkpoint.
pub fn stored_task(bytes: &[u8]) -> Option<TaskKind> {
    let checked = checkpoint::read(bytes).ok()?;
    RunMeta::deserialize(&checked.meta)
        .ok()
        .map(|meta| meta.settings.task)
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

    /// One optimisation step: [`Trainer::plan_step`], every shard's
    /// gradients here, one after the other, then [`Trainer::finish_step`].
    /// A non-finite loss is reported and the update is skipped, so the
    /// weights stay as they were before the divergence.
    pub fn step(&mut self) -> StepReport {
        let plan = self.plan(false);
        let shards = plan
            .jobs
            .iter()
            .map(|job| self.shard_gradients(job))
            .collect();
        self.finish_step(plan, shards)
            .expect("this trainer's own shards fit its model")
    }

    /// The next step, cut into [`lab_protocol::SHARDS`] jobs (the batch's pairs
    /// cut by cost, [`lab_protocol::shard::split_by_cost`]). It takes the batch from the
    /// data stream, so a plan must be finished. A job can be computed here
    /// ([`Trainer::shard_gradients`]) or by another trainer of the same
    /// settings given this one's [`Trainer::weights`]: the result is the same.
    pub fn plan_step(&mut self) -> StepPlan {
        self.plan(true)
    }

    /// [`Trainer::plan_step`]; `keep_position` keeps the data position from
    /// before the step for a checkpoint taken before it finishes (only a
    /// step shared with another worker can be saved half-way).
    fn plan(&mut self, keep_position: bool) -> StepPlan {
        let started = Instant::now();
        self.planned_from = keep_position.then(|| self.data_position());
        let indices = self.next_indices();
        let batch_tokens = (indices.iter())
            .map(|&i| Batch::target_tokens(&self.dataset.train[i]))
            .sum();
        // Step k's dropout masks depend only on (seed, k) and the shard.
        let step_seed = self
            .settings
            .seed
            .wrapping_mul(SPLITMIX_GAMMA)
            .wrapping_add(self.step as u64);
        // Each pair's padded lengths, for a cut that pads little (`split_by_cost`).
        let tokens: Vec<(usize, usize)> = (indices.iter())
            .map(|&i| &self.dataset.train[i])
            .map(|p| (Batch::source_tokens(p), Batch::target_tokens(p)))
            .collect();
        let shape = lab_protocol::TaskShape::of(&self.dataset);
        let (size, bound) = (
            self.settings.model_size(&shape),
            self.settings.workload(&shape),
        );
        let jobs = lab_protocol::shard::split_by_cost(&indices, &tokens, &size, &bound)
            .into_iter()
            .enumerate()
            .map(|(shard, pairs)| ShardJob {
                settings: self.settings.clone(),
                step: self.step,
                shard,
                seed: lab_math::rng::mix(step_seed ^ shard as u64),
                pairs,
                batch_tokens,
            })
            .collect();
        StepPlan { jobs, started }
    }

    /// One shard's forward and backward pass on the current weights. Its
    /// loss is divided by the whole batch's token count, so the shards'
    /// losses and gradients add up to the batch's. Pair indices outside the
    /// dataset are skipped (a job from another run).
    pub fn shard_gradients(&self, job: &ShardJob) -> ShardGradients {
        let device = self.backend.training_device();
        let pairs: Vec<&Pair> = job
            .pairs
            .iter()
            .filter_map(|&i| self.dataset.train.get(i))
            .collect();
        let mut report = ShardReport {
            step: job.step,
            shard: job.shard,
            loss: 0.0,
            correct: 0,
            n_tokens: 0,
            present: Vec::new(),
        };
        // No gradient at all: no pair of this run, or a loss that is not finite.
        let none = |report: ShardReport| ShardGradients {
            report: ShardReport {
                present: vec![false; crate::flat::parameter_count(&self.model)],
                ..report
            },
            values: Vec::new(),
        };
        if pairs.is_empty() {
            return none(report);
        }
        let batch = Batch::new(
            &pairs,
            &self.dataset.src_vocab,
            &self.dataset.tgt_vocab,
            &device,
        );
        // Only the lab's own (per-thread) dropout generator is drawn from in
        // a forward pass, so two shards can run at once on two threads.
        lab_model::dropout::seed(job.seed);
        // Logits only where there is a target: the padding's loss is 0, so
        // its generator product and softmax are skipped.
        let positions = trained_positions(&batch.tgt_out);
        if positions.is_empty() {
            return none(report);
        }
        let targets: Vec<u32> = positions.iter().map(|&i| batch.tgt_out[i]).collect();
        let logits = self.model.logits_at(batch.src, batch.tgt_in, &positions);
        let loss = smoothed_cross_entropy_rows(
            logits,
            &targets,
            self.settings.label_smoothing as f64,
            job.batch_tokens,
        );
        report.loss = loss.loss.clone().into_scalar::<f32>();
        report.correct = loss.correct;
        report.n_tokens = loss.n_tokens;
        if !report.loss.is_finite() {
            return none(report);
        }
        let grads = GradientsParams::from_grads(loss.loss.backward(), &self.model);
        let (values, present) = crate::flat::gradients(&grads, &self.model);
        report.present = present;
        ShardGradients { report, values }
    }

    /// Adds the shards' gradients in shard order and lets Adam take the step,
    /// unless the loss is not finite. Refuses shards that are not this plan's
    /// (another step, a missing or repeated shard, or gradients that do not
    /// fit the model), changing nothing; the plan is then dropped and its
    /// batch skipped.
    pub fn finish_step(
        &mut self,
        plan: StepPlan,
        mut shards: Vec<ShardGradients>,
    ) -> Result<StepReport, String> {
        self.planned_from = None;
        shards.sort_by_key(|s| s.report.shard);
        let theirs: Vec<(usize, usize)> = shards
            .iter()
            .map(|s| (s.report.step, s.report.shard))
            .collect();
        let ours: Vec<(usize, usize)> = plan.jobs.iter().map(|j| (j.step, j.shard)).collect();
        if theirs != ours {
            return Err(format!("shards {theirs:?} for a step of {ours:?}"));
        }
        let loss_value: f32 = shards.iter().map(|s| s.report.loss).sum();
        let correct: usize = shards.iter().map(|s| s.report.correct).sum();
        let n_tokens: usize = shards.iter().map(|s| s.report.n_tokens).sum();
        let learning_rate = self.learning_rate(self.step + 1);
        if loss_value.is_finite() {
            let parts: Vec<(&[f32], &[bool])> = shards
                .iter()
                .map(|s| (s.values.as_slice(), s.report.present.as_slice()))
                .collect();
            let (values, present) = crate::flat::sum_gradients(&self.model, &parts)?;
            self.model =
                (self.optim).step_flat(learning_rate, self.model.clone(), &values, &present);
            self.step += 1;
        }
        let seconds = plan.started.elapsed().as_secs_f64().max(1e-9);
        Ok(StepReport {
            step: self.step,
            loss: loss_value,
            token_accuracy: correct as f32 / n_tokens.max(1) as f32,
            learning_rate,
            tokens_per_s: n_tokens as f64 / seconds,
        })
    }

    /// [`Trainer::step`] with the second shard computed by `helper` (a
    /// trainer of the same settings) on a second thread: natively, the
    /// second core does what a helper worker does in the browser. The
    /// result is bit-identical to [`Trainer::step`].
    #[cfg(not(target_arch = "wasm32"))]
    pub fn step_with_helper(&mut self, helper: &mut Trainer) -> StepReport {
        let plan = self.plan(false);
        helper
            .set_weight_bytes(&self.weight_bytes())
            .expect("a helper of the same settings has the same shapes");
        let main = &*self;
        let (own, theirs) = std::thread::scope(|scope| {
            let theirs = scope.spawn(|| helper.shard_gradients(&plan.jobs[1]));
            let own = main.shard_gradients(&plan.jobs[0]);
            (own, theirs.join().expect("a shard's thread does not panic"))
        });
        self.finish_step(plan, vec![own, theirs])
            .expect("this trainer's own shards fit its model")
    }

    /// The current weights, in module order ([`crate::flat::weights`]).
    pub fn weights(&self) -> Vec<f32> {
        crate::flat::weights(&self.model)
    }

    /// Replaces the weights with `values`, as [`Trainer::weights`] lists
    /// them. The optimizer, step and data stream are untouched.
    pub fn set_weights(&mut self, values: &[f32]) -> Result<(), ShardFailure> {
        self.model = crate::flat::with_weights(self.model.clone(), values)?;
        Ok(())
    }

    /// The current weights as the bytes a helper worker is sent before a
    /// shard ([`crate::flat::weight_bytes`]).
    pub fn weight_bytes(&self) -> Vec<u8> {
        crate::flat::weight_bytes(&self.model)
    }

    /// Replaces the weights with the bytes a helper worker was sent
    /// ([`crate::flat::with_weight_bytes`]); the optimizer, step and data
    /// stream are untouched.
    pub fn set_weight_bytes(&mut self, bytes: &[u8]) -> Result<(), ShardFailure> {
        self.model = crate::flat::with_weight_bytes(self.model.clone(), bytes)?;
        Ok(())
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

    /// The run as checkpoint bytes: settings, step, data position, weights
    /// and Adam's moments, everything [`Trainer::from_bytes`] needs to go on
    /// exactly. (A model too large to keep its moments under the checkpoint
    /// size limit is saved without them; Adam then starts afresh on resume.)
    pub fn to_bytes(&self) -> Vec<u8> {
        self.checkpoint_bytes(true)
    }

    /// The run as checkpoint bytes without Adam's moments: all that an
    /// evaluation of the weights needs, a third of the size, and quicker to
    /// write on the training worker and to read on the evaluator.
    pub fn to_bytes_for_evaluation(&self) -> Vec<u8> {
        self.checkpoint_bytes(false)
    }

    /// The model to ship: the weights in half precision, without Adam's
    /// moments ([`checkpoint::to_half_bytes`]).
    pub fn to_half_bytes(&self) -> Result<Vec<u8>, TrainerError> {
        checkpoint::to_half_bytes(&self.inference_model(), self.run_meta())
            .map_err(TrainerError::Checkpoint)
    }

    fn checkpoint_bytes(&self, with_optimizer: bool) -> Vec<u8> {
        let model = self.inference_model();
        let optimizer = (with_optimizer && checkpoint::fits_with_optimizer(&model.config, 2))
            .then(|| self.optim.state(&model))
            .flatten();
        checkpoint::to_bytes_with_optimizer(&model, self.run_meta(), optimizer.as_ref())
    }

    /// What a checkpoint of this run says about it beside the weights.
    fn run_meta(&self) -> serde_json::Value {
        let meta = RunMeta {
            settings: self.settings.clone(),
            step: self.step,
            data: Some(
                self.planned_from
                    .clone()
                    .unwrap_or_else(|| self.data_position()),
            ),
            pairs: self.pairs.as_ref().map(|pairs| pairs.to_text(&[])),
            curves: self.curves.clone(),
        };
        serde_json::to_value(meta).expect("settings are plain data")
    }

    /// The curves the checkpoint this run came from carried, once: whoever
    /// takes them keeps them from then on, and this run's own checkpoints
    /// carry none (until [`Trainer::set_curves`]).
    pub fn take_curves(&mut self) -> Option<Curves> {
        self.curves.take()
    }

    /// Curves for this run's checkpoints to carry: the history of the
    /// training that made these weights.
    pub fn set_curves(&mut self, curves: Curves) {
        self.curves = Some(curves);
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
        // The file, its stored settings, their agreement, the data position
        // and the optimizer state are all checked before the model is built,
        // so a refused file never allocates one.
        let mut checked = checkpoint::read(bytes).map_err(TrainerError::Checkpoint)?;
        let meta = RunMeta::deserialize(&checked.meta).map_err(|e| {
            TrainerError::Checkpoint(CheckpointError::Corrupt(format!(
                "unreadable run settings: {e}"
            )))
        })?;
        meta.settings.validate().map_err(TrainerError::Settings)?;
        // A run of the reader's pairs carries them; any other run's data is the lab's.
        let pairs = match (meta.settings.task, &meta.pairs) {
            (TaskKind::Custom, Some(text)) => Some(Arc::new(
                Corpus::parse(TaskKind::Custom, text).map_err(|e| {
                    TrainerError::Checkpoint(CheckpointError::Corrupt(format!(
                        "unreadable sentence pairs: {e}"
                    )))
                })?,
            )),
            _ => None,
        };
        let dataset = match &pairs {
            Some(pairs) => Arc::new(Dataset::from_corpus(pairs, meta.settings.seed)),
            None => dataset_for(meta.settings.task, meta.settings.seed)
                .map_err(TrainerError::Settings)?,
        };
        if model_config(&meta.settings, &dataset) != checked.config {
            let why = "the stored settings do not describe the stored model";
            return Err(TrainerError::Checkpoint(CheckpointError::Mismatch(
                why.into(),
            )));
        }
        let corrupt = |why: String| TrainerError::Checkpoint(CheckpointError::Corrupt(why));
        if let Some(data) = &meta.data {
            check_data_position(data, dataset.train.len()).map_err(corrupt)?;
        }
        let optim = match checked.optimizer.take() {
            None => Adam::new(GRAD_CLIP_NORM),
            Some(state) => {
                let shapes: Vec<Vec<usize>> =
                    lab_model::parameters::parameter_entries(&checked.config)
                        .into_iter()
                        .map(|e| e.shape)
                        .collect();
                Adam::restore(GRAD_CLIP_NORM, state, &shapes).map_err(corrupt)?
            }
        };
        // Loading draws nothing from burn's generator (the stored weights
        // replace the initial ones before they are drawn); it runs under the
        // lock all the same, so that no change there can move the dropout
        // of a run beside this one.
        let device = backend.training_device();
        let model = seeded(&device, meta.settings.seed, || checked.build(&device));
        let mut trainer = Self::assemble(
            meta.settings,
            dataset,
            backend,
            model.train(),
            optim,
            meta.step,
            meta.data,
        );
        trainer.pairs = pairs;
        trainer.curves = meta.curves;
        Ok(trainer)
    }
}

/// A saved data position must be a shuffle of this dataset's training pairs.
fn check_data_position(data: &DataPosition, pairs: usize) -> Result<(), String> {
    let mut seen = vec![false; pairs];
    let permutation = data.order.len() == pairs
        && data
            .order
            .iter()
            .all(|&i| i < pairs && !std::mem::replace(&mut seen[i], true));
    if !permutation || data.cursor > pairs {
        return Err(format!(
            "the saved data order is not a shuffle of the task's {pairs} training pairs"
        ));
    }
    Ok(())
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
    fn a_dataset_shared_with_the_last_one_built_is_the_one_its_task_and_seed_build() {
        let text = |d: &Dataset| serde_json::to_string(d).expect("plain data");
        for (task, seed) in [
            (TaskKind::EnJa, 1),
            (TaskKind::EnJa, 1),
            (TaskKind::Reverse, 1),
            (TaskKind::EnJa, 2),
            (TaskKind::EnJa, 1),
        ] {
            let copied = dataset_for(task, seed).expect("a toy task");
            assert_eq!(
                text(&copied),
                text(&Dataset::build(task, seed)),
                "{task:?} {seed}"
            );
        }
        assert_ne!(
            text(&dataset_for(TaskKind::EnJa, 1).expect("a toy task")),
            text(&dataset_for(TaskKind::EnJa, 2).expect("a toy task")),
            "another seed, another shuffle"
        );
    }

    #[test]
    fn evaluation_bytes_leave_out_adams_moments_and_evaluate_the_same() {
        let mut trainer = Trainer::new(&tiny(TaskKind::Reverse)).expect("valid settings");
        for _ in 0..3 {
            trainer.step();
        }
        let full = trainer.to_bytes();
        let weights = trainer.to_bytes_for_evaluation();
        // Adam's two moments: two f32 per parameter.
        let moments = 2 * 4 * trainer.weights().len();
        assert!(
            weights.len() + moments <= full.len(),
            "{} bytes against {}",
            weights.len(),
            full.len()
        );
        let direct = trainer.evaluate(16);
        let from_full = Trainer::from_bytes(&full)
            .expect("a checkpoint")
            .evaluate(16);
        let from_weights = Trainer::from_bytes(&weights)
            .expect("a checkpoint")
            .evaluate(16);
        assert_eq!(from_weights, direct);
        assert_eq!(from_full, direct);
        assert_eq!(direct.step, 3);
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

    /// A step whose second shard another trainer computes, as a helper worker does.
    fn step_with_helper(main: &mut Trainer, helper: &mut Trainer) -> StepReport {
        let plan = main.plan_step();
        helper
            .set_weight_bytes(&main.weight_bytes())
            .expect("same settings, same shapes");
        let shards = vec![
            helper.shard_gradients(&plan.jobs[1]),
            main.shard_gradients(&plan.jobs[0]),
        ];
        main.finish_step(plan, shards)
            .expect("the plan's own shards")
    }

    #[test]
    fn a_step_shared_with_a_helper_is_bit_identical_to_one_taken_alone() {
        let settings = tiny(TaskKind::Reverse);
        let mut alone = Trainer::new(&settings).unwrap();
        let mut main = Trainer::new(&settings).unwrap();
        // The helper has the run's settings (they fix its dataset), but its
        // own weights and data position do not matter: it takes the weights
        // and the pairs it is sent.
        let mut helper = Trainer::new(&settings).unwrap();
        helper.step();
        for _ in 0..3 {
            let (a, b) = (alone.step(), step_with_helper(&mut main, &mut helper));
            assert_eq!(a.loss.to_bits(), b.loss.to_bits());
        }
        assert!(
            alone.to_bytes() == main.to_bytes(),
            "the same weights, moments and data position"
        );
    }

    #[test]
    fn a_helper_handed_the_runs_sentences_computes_the_same_shard() {
        // A toy's data is generated in code: nothing to hand over.
        assert!(Trainer::new(&tiny(TaskKind::Reverse))
            .unwrap()
            .sentences()
            .is_none());
        for task in [TaskKind::RealEnZh, TaskKind::RealEnJa] {
            let settings = Settings {
                batch_size: 4,
                ..tiny(task)
            };
            let mut main = Trainer::new(&settings).unwrap();
            let sentences = main.sentences().expect("a real task's sentences");
            // What the helper is sent, read as the helper reads it.
            let received = Corpus::parse(task, &sentences.to_text(&[])).expect("a corpus file");
            assert!(received == *sentences, "{task:?}: the same pairs, in order");
            let dataset = Arc::new(Dataset::from_corpus(&received, settings.seed));
            let mut helper = Trainer::with_dataset(&settings, dataset, Backend::default()).unwrap();
            let mut alone = Trainer::new(&settings).unwrap();
            let (a, b) = (alone.step(), step_with_helper(&mut main, &mut helper));
            assert_eq!(a.loss.to_bits(), b.loss.to_bits(), "{task:?}");
        }
    }

    #[test]
    fn a_run_saved_while_a_step_is_planned_resumes_before_that_step() {
        let settings = tiny(TaskKind::Reverse);
        let mut uninterrupted = Trainer::new(&settings).unwrap();
        let mut planning = Trainer::new(&settings).unwrap();
        planning.step();
        uninterrupted.step();
        let _in_flight = planning.plan_step();
        let mut resumed = Trainer::from_bytes(&planning.to_bytes()).unwrap();
        assert_eq!(resumed.step_count(), 1);
        for _ in 0..2 {
            assert_eq!(
                resumed.step().loss.to_bits(),
                uninterrupted.step().loss.to_bits()
            );
        }
    }

    #[test]
    fn a_step_shared_with_a_second_thread_is_bit_identical_to_one_taken_alone() {
        let settings = tiny(TaskKind::Reverse);
        let mut alone = Trainer::new(&settings).unwrap();
        let mut main = Trainer::new(&settings).unwrap();
        let mut helper = Trainer::new(&settings).unwrap();
        for _ in 0..3 {
            let (a, b) = (alone.step(), main.step_with_helper(&mut helper));
            assert_eq!(a.loss.to_bits(), b.loss.to_bits());
        }
        assert!(alone.to_bytes() == main.to_bytes());
    }

    #[test]
    fn the_shards_add_up_to_the_whole_batchs_loss_and_gradients() {
        // No dropout, so the whole batch and its shards see the same network.
        let settings = Settings {
            dropout: 0.0,
            ..tiny(TaskKind::Reverse)
        };
        let mut trainer = Trainer::new(&settings).unwrap();
        let plan = trainer.plan_step();
        let shards: Vec<ShardGradients> = plan
            .jobs
            .iter()
            .map(|j| trainer.shard_gradients(j))
            .collect();
        assert!(
            shards.iter().all(|s| s.report.n_tokens > 0),
            "both shards have pairs"
        );
        let whole = ShardJob {
            shard: 0,
            pairs: plan.jobs.iter().flat_map(|j| j.pairs.clone()).collect(),
            ..plan.jobs[0].clone()
        };
        let whole = trainer.shard_gradients(&whole);
        let summed: f32 = shards.iter().map(|s| s.report.loss).sum();
        assert!(
            (summed - whole.report.loss).abs() < 1e-5,
            "{summed} against {}",
            whole.report.loss
        );
        let parts: Vec<(&[f32], &[bool])> = shards
            .iter()
            .map(|s| (s.values.as_slice(), s.report.present.as_slice()))
            .collect();
        let (grads, present) = crate::flat::sum_gradients(&trainer.model, &parts).unwrap();
        assert_eq!(present, whole.report.present);
        let worst = grads
            .iter()
            .zip(&whole.values)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0f32, f32::max);
        assert!(worst < 1e-5, "largest difference {worst}");
    }

    #[test]
    fn shards_of_another_step_are_refused_and_change_nothing() {
        let settings = tiny(TaskKind::Copy);
        let mut trainer = Trainer::new(&settings).unwrap();
        let before = trainer.weights();
        let stale = trainer.plan_step();
        let stale: Vec<ShardGradients> = stale
            .jobs
            .iter()
            .map(|j| trainer.shard_gradients(j))
            .collect();
        let plan = trainer.plan_step();
        let mut wrong = stale.clone();
        for s in &mut wrong {
            s.report.step = 5;
        }
        assert!(trainer.finish_step(plan, wrong).is_err());
        let plan = trainer.plan_step();
        assert!(
            trainer.finish_step(plan, stale[..1].to_vec()).is_err(),
            "a shard is missing"
        );
        assert_eq!(trainer.weights(), before);
        assert_eq!(trainer.step_count(), 0);
    }

    #[test]
    fn weights_round_trip_and_a_list_of_the_wrong_length_is_refused() {
        let mut trainer = Trainer::new(&tiny(TaskKind::Copy)).unwrap();
        let weights = trainer.weights();
        let doubled: Vec<f32> = weights.iter().map(|w| w * 2.0).collect();
        trainer.set_weights(&doubled).unwrap();
        assert_eq!(trainer.weights(), doubled);
        let short = lab_protocol::WrongWeightCount {
            expected: weights.len(),
            got: weights.len() - 1,
        };
        assert_eq!(trainer.set_weights(&weights[1..]), Err(short.into()));
        assert_eq!(trainer.weights(), doubled);
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
    fn a_run_of_the_readers_pairs_carries_them_in_its_checkpoint() {
        let pairs = |word: &str| {
            let text: String = (0..8).map(|i| format!("{word}{i} x\ty{i} z\n")).collect();
            lab_tasks::corpus::parse_pairs(&text).expect("pairs").corpus
        };
        corpus::provide(pairs("cat"));
        let settings = Settings {
            batch_size: 4,
            ..Settings::toy(TaskKind::Custom)
        };
        let mut trainer = Trainer::new(&settings).expect("the pairs are provided");
        trainer.step();
        let bytes = trainer.to_bytes();
        // Other pairs come: the saved run keeps its own.
        corpus::provide(pairs("dog"));
        let restored = Trainer::from_bytes(&bytes).expect("the run carries its pairs");
        assert_eq!(restored.dataset().probe().src, vec!["cat0", "x"]);
        assert_eq!(restored.dataset().train, trainer.dataset().train);
        assert_eq!(restored.to_bytes(), bytes);
        let fresh = Trainer::new(&settings).expect("the new pairs");
        assert_eq!(fresh.dataset().probe().src, vec!["dog0", "x"]);
    }

    #[test]
    fn the_largest_settings_the_form_allows_fit_the_one_parameter_budget() {
        use lab_protocol::settings::{MAX_BATCH, MAX_D_FF, MAX_D_MODEL, MAX_LAYERS};
        for task in TaskKind::BUILT_IN {
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

    #[test]
    fn the_initial_weights_depend_on_the_seed_alone_not_on_what_runs_between() {
        let settings = Settings {
            d_model: 16,
            n_heads: 2,
            d_ff: 32,
            n_layers: 1,
            batch_size: 8,
            ..Settings::toy(TaskKind::Copy)
        };
        let a = Trainer::new(&settings).expect("valid");
        let b = Trainer::new(&settings).expect("valid");
        // Another run draws from the backend's generator in between; burn's
        // lazily initialised parameters would be drawn only now, when saved.
        let mut other = Trainer::new(&Settings {
            seed: 7,
            ..settings.clone()
        })
        .expect("valid");
        other.step();
        assert!(
            a.to_bytes() == b.to_bytes(),
            "same seed, same initial weights"
        );
    }

    #[test]
    fn the_shuffling_generator_can_be_fast_forwarded() {
        let mut drawn = Rng::new(42);
        let mut order: Vec<usize> = (0..37).collect();
        for _ in 0..5 {
            drawn.shuffle(&mut order);
        }
        let mut jumped = generator_after(42, 5 * 36);
        assert_eq!(
            (0..4).map(|_| drawn.next_u64()).collect::<Vec<_>>(),
            (0..4).map(|_| jumped.next_u64()).collect::<Vec<_>>()
        );
    }

    /// `n` losses, as bits, of `trainer`'s next steps.
    fn next_losses(trainer: &mut Trainer, n: usize) -> Vec<u32> {
        (0..n).map(|_| trainer.step().loss.to_bits()).collect()
    }

    #[test]
    fn a_resumed_run_continues_bit_identically_across_an_epoch() {
        // With dropout on, and past the end of an epoch after the restore, so
        // the weights, Adam's moments, the Noam step, the dropout masks and
        // the data order must all come back exactly.
        let settings = Settings {
            dropout: 0.1,
            ..tiny(TaskKind::Copy)
        };
        let mut uninterrupted = Trainer::new(&settings).expect("valid settings");
        let epoch = uninterrupted.order.len() / settings.batch_size;
        let k = epoch - 2;
        let mut first = Trainer::new(&settings).expect("valid settings");
        assert_eq!(
            next_losses(&mut first, k),
            next_losses(&mut uninterrupted, k)
        );
        let bytes = first.to_bytes();
        drop(first);
        let mut resumed = Trainer::from_bytes(&bytes).expect("own checkpoint loads");
        assert_eq!(resumed.step_count(), k);
        assert_eq!(
            next_losses(&mut resumed, 6),
            next_losses(&mut uninterrupted, 6),
            "the losses after the restore are the uninterrupted run's, bit for bit"
        );
        assert_eq!(resumed.to_bytes(), uninterrupted.to_bytes());
    }

    #[test]
    fn a_checkpoint_without_moments_resumes_with_a_fresh_optimizer() {
        let mut t = Trainer::new(&tiny(TaskKind::Reverse)).expect("valid settings");
        t.step();
        let mut checked = checkpoint::read(&t.to_bytes()).expect("own bytes");
        assert!(checked.optimizer.is_some(), "Adam's moments are saved");
        checked.optimizer = None;
        let meta = checked.meta.clone();
        let device = crate::device();
        let model = seeded(&device, 0, || checked.build(&device));
        let weights_only = checkpoint::to_bytes(&model, meta);
        let mut resumed = Trainer::from_bytes(&weights_only).expect("loads");
        assert!(resumed.step().loss.is_finite());
    }

    #[test]
    fn a_checkpoint_carries_the_curves_it_was_given_once() {
        let mut t = Trainer::new(&tiny(TaskKind::Copy)).expect("valid settings");
        let report = t.step();
        assert!(Trainer::from_bytes(&t.to_bytes())
            .expect("own bytes")
            .take_curves()
            .is_none());
        let mut curves = Curves::default();
        curves.push_train(&[lab_protocol::TrainPoint::from(&report)]);
        curves.push_eval(lab_protocol::EvalPoint::from(&t.evaluate(4)));
        t.set_curves(curves.clone());
        for bytes in [t.to_bytes(), t.to_bytes_for_evaluation()] {
            let mut loaded = Trainer::from_bytes(&bytes).expect("own bytes");
            assert_eq!(loaded.take_curves(), Some(curves.clone()));
            // Taken once: the loaded run's own checkpoints carry none.
            assert_eq!(loaded.take_curves(), None);
            let again = Trainer::from_bytes(&loaded.to_bytes()).expect("own bytes");
            assert!(again.curves.is_none());
        }
    }

    #[test]
    fn the_shipped_version_1_checkpoints_load_and_train() {
        for (task, bytes) in [
            (
                TaskKind::Copy,
                &include_bytes!("../../../tests/fixtures/version-1/copy.ckpt")[..],
            ),
            (
                TaskKind::EnJa,
                &include_bytes!("../../../tests/fixtures/version-1/en-ja.ckpt")[..],
            ),
        ] {
            assert_eq!(bytes[8], 1, "the assets are version 1");
            let mut t = Trainer::from_bytes(bytes).expect("a version-1 checkpoint loads");
            assert_eq!(t.settings().task, task);
            let step = t.step_count();
            assert!(t.step().loss.is_finite());
            assert_eq!(t.step_count(), step + 1);
            let again = Trainer::from_bytes(&t.to_bytes()).expect("saved as version 2");
            assert_eq!(again.step_count(), step + 1);
        }
    }

    #[test]
    fn a_forged_data_order_is_refused_before_the_model_is_built() {
        let mut t = Trainer::new(&tiny(TaskKind::Copy)).expect("valid settings");
        t.step();
        let checked = checkpoint::read(&t.to_bytes()).expect("own bytes");
        let mut meta: RunMeta = RunMeta::deserialize(&checked.meta).expect("own meta");
        let data = meta.data.as_mut().expect("the data position is saved");
        data.order[1] = data.order[0];
        let optimizer = checked.optimizer.clone();
        let device = crate::device();
        let model = seeded(&device, 0, || checked.build(&device));
        let forged = checkpoint::to_bytes_with_optimizer(
            &model,
            serde_json::to_value(&meta).expect("plain data"),
            optimizer.as_ref(),
        );
        let err = Trainer::from_bytes(&forged).err().expect("refused");
        assert!(err.to_string().contains("shuffle"), "{err}");
    }
}
