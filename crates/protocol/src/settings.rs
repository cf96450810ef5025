//! The settings of a run, checked before anything is built.
//!
//! The page validates them as the user types, and the worker validates them
//! again before it builds a model, so an invalid combination is explained and
//! never run.

use lab_math::cost::{step_cost, ModelSize, StepCost, Workload, MAX_WORKER_BYTES};
use lab_tasks::{Dataset, TaskKind};
use serde::{Deserialize, Serialize};

/// The sizes of a task that a step's cost depends on: its vocabularies and
/// its longest sentences, in words (told by the worker in
/// [`crate::TaskFacts`], or read from a dataset).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TaskShape {
    pub src_vocab: usize,
    pub tgt_vocab: usize,
    pub longest_source: usize,
    pub longest_target: usize,
}

/// A training step's cost as the page shows it ([`lab_math::cost::StepCost`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StepEstimate {
    pub parameters: u64,
    /// The weights and Adam's moments, held for the whole run.
    pub state_bytes: u64,
    /// What a step allocates on top, at its peak.
    pub step_bytes: u64,
    /// Multiply-adds of one worker's share of a step, forward and backward.
    pub multiply_adds: u64,
}

impl StepEstimate {
    /// The memory a worker needs at a step's peak.
    pub fn peak_bytes(&self) -> u64 {
        self.state_bytes.saturating_add(self.step_bytes)
    }

    /// Whether it fits in a worker ([`MAX_WORKER_BYTES`]).
    pub fn fits(&self) -> bool {
        self.peak_bytes() <= MAX_WORKER_BYTES
    }

    /// Seconds per step at `multiply_adds_per_s`.
    pub fn step_seconds(&self, multiply_adds_per_s: f64) -> f64 {
        self.multiply_adds as f64 / multiply_adds_per_s.max(1.0)
    }
}

impl From<StepCost> for StepEstimate {
    fn from(c: StepCost) -> Self {
        StepEstimate {
            parameters: c.parameters,
            state_bytes: c.state_bytes,
            step_bytes: c.step_bytes,
            multiply_adds: c.multiply_adds,
        }
    }
}

impl TaskShape {
    pub fn of(dataset: &Dataset) -> TaskShape {
        TaskShape {
            src_vocab: dataset.src_vocab.len(),
            tgt_vocab: dataset.tgt_vocab.len(),
            longest_source: dataset.max_src_len,
            longest_target: dataset.max_tgt_len,
        }
    }
}

// The model's own type, defined once in `lab_math::norm`: the settings name the
// placement the model is built with, and its JSON names (`Post` / `Pre`) are the
// ones saved runs already hold.
pub use lab_math::NormPlacement;

/// Everything that defines a training run. The same seed gives the same run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    pub task: TaskKind,
    pub seed: u64,
    pub d_model: usize,
    pub n_heads: usize,
    /// Encoder layers = decoder layers.
    pub n_layers: usize,
    pub d_ff: usize,
    pub dropout: f32,
    pub warmup_steps: usize,
    /// The Noam schedule's scale factor.
    pub lr_factor: f32,
    pub label_smoothing: f32,
    pub norm: NormPlacement,
    /// Sentences per batch.
    pub batch_size: usize,
    /// Whether positional encoding is added to the embeddings (§3.5; the
    /// paper: yes). Runs saved before the setting existed had it on.
    #[serde(default = "on")]
    pub positional_encoding: bool,
    /// Whether the pre-softmax projection shares the target embedding's
    /// matrix (§3.4; the lab's default: no). Runs saved before the setting
    /// existed were untied.
    #[serde(default)]
    pub tie_weights: bool,
}

/// A field of [`Settings`], by the name it has in a run's JSON, the settings
/// form's numeric inputs (`setting-<name>`) and a refused setting
/// ([`SettingProblem::field`]). `tests::every_field_is_named_as_the_settings_serialise`
/// holds the list to the struct.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SettingsField {
    Task,
    Seed,
    DModel,
    NHeads,
    NLayers,
    DFf,
    Dropout,
    WarmupSteps,
    LrFactor,
    LabelSmoothing,
    Norm,
    BatchSize,
    PositionalEncoding,
    TieWeights,
}

impl SettingsField {
    pub const ALL: [SettingsField; 14] = [
        Self::Task,
        Self::Seed,
        Self::DModel,
        Self::NHeads,
        Self::NLayers,
        Self::DFf,
        Self::Dropout,
        Self::WarmupSteps,
        Self::LrFactor,
        Self::LabelSmoothing,
        Self::Norm,
        Self::BatchSize,
        Self::PositionalEncoding,
        Self::TieWeights,
    ];

    /// The field's name in [`Settings`] (`"d_model"`, `"warmup_steps"`).
    pub fn name(self) -> &'static str {
        match self {
            Self::Task => "task",
            Self::Seed => "seed",
            Self::DModel => "d_model",
            Self::NHeads => "n_heads",
            Self::NLayers => "n_layers",
            Self::DFf => "d_ff",
            Self::Dropout => "dropout",
            Self::WarmupSteps => "warmup_steps",
            Self::LrFactor => "lr_factor",
            Self::LabelSmoothing => "label_smoothing",
            Self::Norm => "norm",
            Self::BatchSize => "batch_size",
            Self::PositionalEncoding => "positional_encoding",
            Self::TieWeights => "tie_weights",
        }
    }
}

/// The default of a setting that older saved runs had on.
fn on() -> bool {
    true
}

/// Hard limits that keep a run trainable in a browser tab: the limits of the
/// settings form.
///
/// They are not the lab's memory ceiling; that is one number,
/// [`lab_math::limits::MAX_PARAMETERS`], which the trainer and the checkpoint
/// reader enforce. The largest model these limits allow (d_model 512, d_ff 2048,
/// 6 + 6 layers: about 44 M parameters with the largest task vocabulary) fits
/// under it, so every run the form accepts can be saved and loaded again;
/// `lab_train`'s test `the_largest_settings_the_form_allows_fit_the_one_parameter_budget`
/// holds the two together.
pub const MAX_D_MODEL: usize = 512;
pub const MAX_LAYERS: usize = 6;
pub const MAX_D_FF: usize = 2048;
pub const MAX_BATCH: usize = 512;

impl Settings {
    /// The Noam learning rate at (1-based) `step` for these settings (the
    /// paper's §5.3, by `lab_math::noam_rate`): the one definition the
    /// trainer, the blow-up check and the training view use. A `d_model` or
    /// warm-up of 0 (which validation refuses) counts as 1, so it never panics.
    pub fn learning_rate(&self, step: usize) -> f64 {
        lab_math::noam_rate(
            step,
            self.d_model.max(1),
            self.warmup_steps.max(1),
            f64::from(self.lr_factor),
        )
    }

    /// The `toy` preset: small enough to train live in a browser (the
    /// sizes of `lab_math::toy`).
    pub fn toy(task: TaskKind) -> Self {
        Self {
            task,
            seed: 42,
            d_model: lab_math::toy::D_MODEL,
            n_heads: lab_math::toy::N_HEADS,
            n_layers: lab_math::toy::N_LAYERS,
            d_ff: lab_math::toy::D_FF,
            dropout: 0.1,
            warmup_steps: 200,
            lr_factor: 1.0,
            label_smoothing: 0.1,
            norm: NormPlacement::Post,
            batch_size: 64,
            positional_encoding: true,
            tie_weights: false,
        }
    }

    /// The sizes of the model these settings build on a task of `shape`.
    pub fn model_size(&self, shape: &TaskShape) -> ModelSize {
        ModelSize {
            d_model: self.d_model,
            n_heads: self.n_heads,
            d_ff: self.d_ff,
            n_encoder_layers: self.n_layers,
            n_decoder_layers: self.n_layers,
            src_vocab: shape.src_vocab,
            tgt_vocab: shape.tgt_vocab,
            norm: self.norm,
            tied_output: self.tie_weights,
        }
    }

    /// What one training worker computes in a step: its shard of the batch
    /// (the step is cut into [`crate::SHARDS`]), padded to the task's
    /// longest sentences (a batch is padded to its longest, and a batch of
    /// dozens of sentences nearly always holds one of the longest).
    pub fn workload(&self, shape: &TaskShape) -> Workload {
        Workload {
            sentences: self.batch_size.div_ceil(crate::SHARDS),
            src_len: shape.longest_source + 1,
            tgt_len: shape.longest_target + 1,
        }
    }

    /// What one training step of these settings costs a worker, estimated
    /// from the sizes alone (`None` if a count overflows).
    pub fn step_cost(&self, shape: &TaskShape) -> Option<StepCost> {
        step_cost(&self.model_size(shape), &self.workload(shape))
    }

    /// [`Settings::step_cost`] as the page shows it.
    pub fn estimate(&self, shape: &TaskShape) -> Option<StepEstimate> {
        self.step_cost(shape).map(StepEstimate::from)
    }

    /// Refuses settings whose step would not fit in a worker's memory, with
    /// the number that limits them, before anything is allocated.
    pub fn check_memory(&self, shape: &TaskShape) -> Result<(), SettingsError> {
        let needed = self.step_cost(shape).map(|c| c.peak_bytes());
        match needed {
            Some(bytes) if bytes <= MAX_WORKER_BYTES => Ok(()),
            needed => Err(SettingsError {
                problems: vec![SettingProblem::new(
                    SettingsField::BatchSize,
                    Rule::Memory {
                        needed,
                        max: MAX_WORKER_BYTES,
                    },
                )],
            }),
        }
    }

    /// `d_k = d_v = d_model / n_heads`.
    pub fn d_k(&self) -> usize {
        self.d_model / self.n_heads.max(1)
    }

    /// Every problem with these settings, each a [`Rule`] the page words in
    /// the reader's language.
    pub fn validate(&self) -> Result<(), SettingsError> {
        let mut problems = Vec::new();
        let mut bad =
            |field: SettingsField, rule: Rule| problems.push(SettingProblem::new(field, rule));
        let between = |min: usize, max: usize, got: usize| {
            (!(min..=max).contains(&got)).then_some(Rule::Between { min, max, got })
        };
        let fraction = |got: f32| (!(0.0..1.0).contains(&got)).then(|| Rule::fraction(got));
        if let Some(rule) = between(1, MAX_D_MODEL, self.d_model) {
            bad(SettingsField::DModel, rule);
        }
        if !self.d_model.is_multiple_of(2) {
            bad(SettingsField::DModel, Rule::Even { got: self.d_model });
        }
        if self.n_heads == 0 {
            bad(SettingsField::NHeads, Rule::AtLeastOne);
        } else if !self.d_model.is_multiple_of(self.n_heads) {
            let (d_model, n_heads) = (self.d_model, self.n_heads);
            bad(SettingsField::NHeads, Rule::Divisible { d_model, n_heads });
        }
        if let Some(rule) = between(1, MAX_LAYERS, self.n_layers) {
            bad(SettingsField::NLayers, rule);
        }
        if let Some(rule) = between(1, MAX_D_FF, self.d_ff) {
            bad(SettingsField::DFf, rule);
        }
        if let Some(rule) = fraction(self.dropout) {
            bad(SettingsField::Dropout, rule);
        }
        if self.warmup_steps == 0 {
            bad(SettingsField::WarmupSteps, Rule::AtLeastOne);
        }
        if !(self.lr_factor.is_finite() && self.lr_factor > 0.0 && self.lr_factor <= MAX_LR_FACTOR)
        {
            bad(
                SettingsField::LrFactor,
                Rule::Factor {
                    max: MAX_LR_FACTOR,
                    got: self.lr_factor.to_string(),
                },
            );
        }
        if let Some(rule) = fraction(self.label_smoothing) {
            bad(SettingsField::LabelSmoothing, rule);
        }
        if let Some(rule) = between(1, MAX_BATCH, self.batch_size) {
            bad(SettingsField::BatchSize, rule);
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(SettingsError { problems })
        }
    }
}

/// The largest learning-rate factor of the Noam schedule the form accepts.
pub const MAX_LR_FACTOR: f32 = 10.0;

/// The rule a setting breaks, as data: the page words it in the reader's
/// language; `Display` is the English wording (the CLI, logs, tests).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Rule {
    /// A whole number must be between `min` and `max`.
    Between { min: usize, max: usize, got: usize },
    /// `d_model` must be even: positional encoding pairs a sine with a cosine.
    Even { got: usize },
    /// `d_model` must be divisible by `n_heads`: each head gets d_k = d_model / n_heads.
    Divisible { d_model: usize, n_heads: usize },
    /// Must be at least 1.
    AtLeastOne,
    /// A fraction in [0, 1); `got` is the number as written (it may be NaN).
    Fraction { got: String },
    /// The learning-rate factor must be in (0, `max`].
    Factor { max: f32, got: String },
    /// The model would have `count` parameters (`None`: more than 2^64),
    /// over the lab's budget `max`.
    Budget { count: Option<u64>, max: u64 },
    /// One training step would need `needed` bytes in a worker (`None`:
    /// more than 2^64), over the `max` a wasm worker can be asked for
    /// ([`lab_math::cost::MAX_WORKER_BYTES`]).
    Memory { needed: Option<u64>, max: u64 },
    /// The task's sentences are not here yet: a real task's corpus is
    /// fetched when the task is chosen ([`lab_tasks::corpus`]).
    NotLoaded,
}

impl Rule {
    /// A fraction out of [0, 1), keeping the number as written.
    pub fn fraction(got: f32) -> Rule {
        Rule::Fraction {
            got: got.to_string(),
        }
    }
}

/// One thing wrong with the settings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SettingProblem {
    /// The settings field at fault.
    pub field: SettingsField,
    pub rule: Rule,
    /// The problem in English words (`Display`), kept for the CLI and logs.
    pub message: String,
}

impl SettingProblem {
    pub fn new(field: SettingsField, rule: Rule) -> SettingProblem {
        let message = english(field, &rule);
        SettingProblem {
            field,
            rule,
            message,
        }
    }
}

/// The English wording of a problem, with the reason behind each rule.
fn english(field: SettingsField, rule: &Rule) -> String {
    let name = match field {
        SettingsField::NLayers => "layers",
        SettingsField::BatchSize => "batch size",
        SettingsField::WarmupSteps => "warm-up",
        SettingsField::LabelSmoothing => "label smoothing",
        other => other.name(),
    };
    match rule {
        Rule::Between { min, max, got } => {
            format!("{name} must be between {min} and {max}, got {got}")
        }
        Rule::Even { got } => format!(
            "d_model must be even: positional encoding pairs a sine with a cosine, got {got}"
        ),
        Rule::Divisible { d_model, n_heads } => format!(
            "d_model ({d_model}) must be divisible by n_heads ({n_heads}): each head gets \
             d_k = d_model / n_heads dimensions"
        ),
        Rule::AtLeastOne if field == SettingsField::WarmupSteps => {
            "warm-up must be at least 1 step (the Noam schedule divides by it)".into()
        }
        Rule::AtLeastOne => format!("{name} must be at least 1"),
        Rule::Fraction { got } => format!("{name} must be in [0, 1), got {got}"),
        Rule::Factor { max, got } => {
            format!("the learning-rate factor must be in (0, {max}], got {got}")
        }
        Rule::Budget { count, max } => format!(
            "this model would have {} parameters; the lab trains at most {max}",
            count.map_or_else(|| "too many".to_string(), |n| n.to_string())
        ),
        Rule::Memory { needed, max } => format!(
            "one training step would need {} bytes in the worker; a browser worker can be \
             given at most {max}",
            needed.map_or_else(|| "too many".to_string(), |n| n.to_string())
        ),
        Rule::NotLoaded => "this task's sentences are not loaded yet".into(),
    }
}

/// Why settings were refused.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SettingsError {
    pub problems: Vec<SettingProblem>,
}

impl std::fmt::Display for SettingsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let messages: Vec<&str> = self.problems.iter().map(|p| p.message.as_str()).collect();
        write!(f, "{}", messages.join("; "))
    }
}

impl std::error::Error for SettingsError {}

#[cfg(test)]
mod tests;
