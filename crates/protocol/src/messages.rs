//! The two message types between the page and the training worker.
//!
//! The page sends [`WorkerInput`]; the worker answers with [`WorkerOutput`].
//! Both travel as JSON text through `postMessage`, except checkpoint bytes:
//! those travel beside the text as a transferable `ArrayBuffer` (moved, not
//! copied, and never turned into text), see [`WorkerInput::to_parts`]. Errors
//! cross the boundary as typed values, which the page words, never as panics.
//!
//! JSON has no NaN or ±∞, so the worker never puts a non-finite number in a
//! message: a diverged loss becomes [`WorkerOutput::Diverged`], and maps with
//! non-finite weights are left out (see [`all_finite`]).

use crate::attention::AttentionSet;
use crate::curves::Curves;
use crate::divergence::Divergence;
use crate::facts::TaskFacts;
use crate::inside::{HeadTrace, TraceRequest};
use crate::reports::{DecodingComparison, EvalReport, MaskDemo, ProbePrediction, Translation};
use crate::settings::{Settings, SettingsError};
use crate::shard::{ShardFailure, ShardJob, ShardReport};
use lab_math::search::{Beam, Strategy, StrategyError};
use lab_tasks::TaskKind;
use serde::{Deserialize, Serialize};

/// Where the worker's current model came from, shown on screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ModelOrigin {
    /// The checkpoint shipped in `assets/checkpoints/`.
    Pretrained,
    /// Fresh random weights from the settings and seed.
    Scratch,
    /// The run saved in this browser's storage.
    Restored,
    /// A checkpoint file the user uploaded.
    Uploaded,
}

impl ModelOrigin {
    pub fn label(self) -> &'static str {
        match self {
            Self::Pretrained => "pretrained checkpoint",
            Self::Scratch => "from scratch",
            Self::Restored => "restored from this browser",
            Self::Uploaded => "uploaded checkpoint",
        }
    }
}

/// Why the page asked the worker to save.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SavePurpose {
    /// Keep the run in browser storage now, so a reload restores it. The
    /// worker writes it itself and answers [`WorkerOutput::Stored`].
    Store,
    /// Send the bytes back, to offer them as a file download.
    Download,
    /// Send the bytes back, for the evaluator worker to evaluate on the
    /// held-out sentences while this worker trains on (see
    /// [`WorkerInput::EvaluateCheckpoint`]).
    Evaluate,
}

/// Held-out sentences decoded both ways when greedy is compared with beam
/// search: beam search runs one sentence at a time on the training worker,
/// so the comparison stays a short pause (about a second on a real task).
pub const DECODING_COMPARISON_SENTENCES: usize = 100;

/// Sentences in a held-out evaluation on a curve (the first of the held-out
/// split): enough to be meaningful, cheap enough to run live. The page's
/// evaluations and the curves a shipped checkpoint carries use the same.
pub const EVAL_SENTENCES: usize = 64;

/// The longest name of a saved run, in characters.
pub const MAX_RUN_NAME: usize = 40;

/// A run name as typed, trimmed: `None` if it is empty, longer than
/// [`MAX_RUN_NAME`] characters, or holds control characters.
pub fn clean_run_name(name: &str) -> Option<String> {
    let name = name.trim();
    let ok = !name.is_empty()
        && name.chars().count() <= MAX_RUN_NAME
        && !name.chars().any(char::is_control);
    ok.then(|| name.to_string())
}

/// A run kept in this browser: saved under a name, or a tab's own run
/// (each tab keeps one; see `lab_session::run` for where).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RunKey {
    /// Saved with Save as, under this name.
    Named(String),
    /// The run of the tab with this identity (kept in the tab's `sessionStorage`).
    Tab(String),
}

/// A saved run, as the list of runs shows it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunSummary {
    /// Its name; empty for a tab's run.
    pub name: String,
    pub task: TaskKind,
    pub step: usize,
    /// When it was saved, in milliseconds since 1970 (JavaScript's `Date.now()`).
    pub saved_at: f64,
    /// The checkpoint's size.
    pub bytes: usize,
    /// For a tab's run, the tab's identity (set when listed, from where it is kept).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tab: Option<String>,
}

impl RunSummary {
    /// Where it is kept.
    pub fn key(&self) -> RunKey {
        match &self.tab {
            Some(tab) => RunKey::Tab(tab.clone()),
            None => RunKey::Named(self.name.clone()),
        }
    }
}

/// Which run a tab started from, said on screen ([`WorkerOutput::Started`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum RunStart {
    /// A reload (or a restarted worker): this tab's own run.
    ThisTab { step: usize },
    /// A new tab: the run saved most recently in this browser, another
    /// tab's (`name` = `None`) or a named one.
    Latest {
        name: Option<String>,
        task: TaskKind,
        step: usize,
    },
    /// Nothing saved to start from, or this tab's run was forgotten: the
    /// task's pretrained model.
    Pretrained { task: TaskKind },
}

/// What one save cost the worker, in milliseconds: taking the snapshot
/// (the checkpoint's bytes, on the training thread) and writing it (IndexedDB,
/// off the thread while training goes on).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SaveCost {
    pub snapshot_ms: f64,
    pub write_ms: f64,
}

/// Why browser storage did not do what was asked. Nothing is lost by any of
/// them: a save that fails leaves the previous save as it was.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum StorageError {
    /// The browser's storage quota is used up (`QuotaExceededError`).
    /// `name` is the named run being saved, `None` for the autosave.
    Quota { name: Option<String> },
    /// Browser storage is missing or refused (a private window, a setting).
    Unavailable { why: String },
    /// No run of this name (`None`: that tab's run) is saved.
    NotFound { name: Option<String> },
    /// A saved run could not be read back (damaged, or from another version).
    Unreadable { name: Option<String>, why: String },
    /// A run name must be 1 to [`MAX_RUN_NAME`] characters, without control characters.
    BadName,
}

/// Page → worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum WorkerInput {
    /// Load the shipped checkpoint of this task (the worker fetches it).
    LoadPretrained {
        task: TaskKind,
    },
    /// Build an untrained model. Refused with [`WorkerOutput::Refused`] if the settings are invalid.
    New {
        settings: Settings,
    },
    /// Load checkpoint bytes (an upload). If they are not a checkpoint, the
    /// current model keeps working. The bytes travel beside the JSON.
    LoadCheckpoint {
        #[serde(skip)]
        bytes: Vec<u8>,
        origin: ModelOrigin,
    },
    /// Train continuously until [`WorkerInput::Pause`].
    Play,
    /// Stop training at once (between two steps).
    Pause,
    /// Take exactly one optimiser step.
    Step,
    /// Decode `text` by `strategy`, with the KV cache if `cached`; `id`
    /// comes back with the answer so stale answers can be dropped.
    Translate {
        id: u64,
        text: String,
        cached: bool,
        #[serde(default)]
        strategy: Strategy,
    },
    /// Open one attention head (the "inside one head" view): answer with
    /// [`WorkerOutput::Trace`] now, and, for the probe sentence, again in every
    /// snapshot that carries attention. `None` stops the updates.
    Trace {
        request: Option<TraceRequest>,
    },
    /// Raw, masked and softmaxed scores of one decoder self-attention head.
    MaskDemo {
        head: usize,
    },
    /// Held-out BLEU of greedy decoding against beam search, on the current
    /// model and the first [`DECODING_COMPARISON_SENTENCES`] held-out sentences.
    CompareDecoding {
        beam: Beam,
    },
    /// Held-out evaluation now.
    Evaluate,
    /// The evaluator's one request: evaluate the run in these checkpoint
    /// bytes on its held-out sentences and answer [`WorkerOutput::Eval`]
    /// (or [`WorkerOutput::Error`] for bytes that are not a checkpoint),
    /// keeping no model. It runs in a second worker, on the second core, so
    /// held-out numbers come while the first worker trains on.
    EvaluateCheckpoint {
        #[serde(skip)]
        bytes: Vec<u8>,
    },
    /// A held-out evaluation of this worker's run made elsewhere (by the
    /// evaluator): keep it on the curves, as if evaluated here. A report
    /// from a later step than this run's is dropped.
    RecordEval {
        report: EvalReport,
    },
    /// Whether an evaluator worker evaluates this run while it trains. While
    /// it does, training never stops for a held-out evaluation.
    EvaluatorPresent {
        present: bool,
    },
    /// Save the run in browser storage now, or send its bytes for a download.
    Save {
        purpose: SavePurpose,
    },
    /// To a helper worker, from the training worker: compute this shard of a
    /// training step on these weights (`f32`s, little-endian, beside the
    /// JSON) and answer [`WorkerOutput::ShardDone`] with the same `ticket`
    /// ([`crate::shard`]). The helper keeps only a model of the job's settings.
    Shard {
        ticket: u64,
        job: ShardJob,
        #[serde(skip)]
        bytes: Vec<u8>,
    },
    /// To a helper worker, from the training worker, before the first shard
    /// of a model that trains on sentences the helper cannot build itself (a
    /// real task's, which only the training worker fetches, or the reader's
    /// own pairs): the run's corpus file ([`lab_tasks::corpus::Corpus::to_text`]).
    /// The helper's datasets of `task` are built from it from now on.
    Sentences {
        task: TaskKind,
        text: String,
    },
    /// This worker holds the run of the tab `tab` (a compare worker never
    /// gets this): it saves the run in browser storage when training pauses,
    /// every few seconds while it trains and when the page is hidden, and
    /// keeps the named runs.
    Persist {
        tab: String,
    },
    /// Load the tab's run: on a `reload`, the run this tab saved (or the
    /// pretrained model of `task` if it has none); in a new tab, the run
    /// saved most recently in this browser, else `legacy` (a run an older
    /// version of the page kept in `localStorage`, JSON text), else the
    /// pretrained model. Answered with [`WorkerOutput::Started`] first.
    Restore {
        task: TaskKind,
        legacy: Option<String>,
        reload: bool,
    },
    /// The page was hidden (another tab, a closed lid): save now.
    PageHidden,
    /// Keep a copy of the current run under `name` (replacing one of that name).
    SaveRunAs {
        name: String,
    },
    /// Load a saved run (named, or a closed tab's).
    RestoreRun {
        run: RunKey,
    },
    DeleteRun {
        run: RunKey,
    },
    /// Send the list of saved runs: the named ones and those of closed tabs.
    ListRuns,
    /// Delete this tab's saved run, so its next reload starts from the pretrained model.
    ForgetAutosave,
    /// Train a new model of `settings` (task `custom`) on the reader's own
    /// pairs, `text` as pasted or uploaded ([`lab_tasks::corpus::parse_pairs`]).
    UsePairs {
        text: String,
        settings: Settings,
    },
}

/// One training step as a point on the curves.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct TrainPoint {
    pub step: usize,
    pub loss: f32,
    pub token_accuracy: f32,
    pub learning_rate: f64,
}

impl From<&crate::reports::StepReport> for TrainPoint {
    fn from(r: &crate::reports::StepReport) -> Self {
        Self {
            step: r.step,
            loss: r.loss,
            token_accuracy: r.token_accuracy,
            learning_rate: r.learning_rate,
        }
    }
}

/// What the worker streams while training, at most four times a second
/// (`SNAPSHOT_MS` in lab-session).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Snapshot {
    /// Steps taken so far.
    pub step: usize,
    /// Whether the worker is training continuously.
    pub running: bool,
    /// Every step since the previous snapshot, oldest first.
    pub points: Vec<TrainPoint>,
    /// Target tokens per second over the steps in `points`.
    pub tokens_per_s: f64,
    /// Teacher-forced attention on the probe sentence, if every weight is finite.
    pub attention: Option<AttentionSet>,
    /// The model's next-token distributions on the probe, from the same pass.
    #[serde(default)]
    pub prediction: Option<ProbePrediction>,
    /// The head the page has opened, on the probe, from the same pass.
    #[serde(default)]
    pub trace: Option<HeadTrace>,
    /// How many of the steps in `points` a helper worker shared, computing
    /// half of each batch on the machine's second core ([`crate::shard`]).
    #[serde(default)]
    pub shared_steps: usize,
}

impl ModelInfo {
    /// What one training step of this model costs (`None` before the worker
    /// has told its task's sizes, or for sizes that overflow).
    pub fn estimate(&self) -> Option<crate::StepEstimate> {
        self.settings.estimate(&self.facts.shape()?)
    }
}

/// The model the worker now holds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ModelInfo {
    pub settings: Settings,
    pub step: usize,
    pub origin: ModelOrigin,
    /// Number of trainable parameters, if the trainer reports it.
    pub parameters: Option<usize>,
    /// The task's vocabulary, held-out examples and input limit, from the run's own dataset.
    pub facts: TaskFacts,
    /// A restored run's curves, saved with it, or those its checkpoint
    /// carried (a shipped model's training from step 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub curves: Option<Curves>,
}

/// What the worker downloads for a task when it is chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DownloadFile {
    /// A real task's sentence pairs (`lab_tasks::corpus`).
    Sentences,
    /// The task's shipped, trained model.
    Model,
}

/// Why the model could not answer a view's question (a translation, a
/// head's trace, the decoding comparison): data, which the page puts into
/// the reader's language.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Unanswered {
    NoModel,
    /// The model's own numbers are no longer finite (at `step`).
    Diverged {
        step: usize,
    },
    /// The sentence is empty.
    Empty,
    /// The sentence has `words` words; the model reads at most `max`.
    TooLong {
        words: usize,
        max: usize,
    },
    /// Words outside the source vocabulary (of `vocabulary` words), as typed.
    Unknown {
        words: Vec<String>,
        vocabulary: usize,
    },
    /// The decoding strategy's settings are out of range.
    Strategy(StrategyError),
}

impl std::fmt::Display for Unanswered {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::NoModel => WorkerError::NoModel.fmt(f),
            Self::Diverged { step } => Divergence::Weights { step: *step }.fmt(f),
            Self::Empty => write!(f, "type a sentence"),
            Self::TooLong { words, max } => {
                write!(
                    f,
                    "the sentence has {words} words; this model reads at most {max}"
                )
            }
            Self::Unknown { words, .. } => write!(f, "unknown words: {}", words.join(", ")),
            Self::Strategy(e) => e.fmt(f),
        }
    }
}

/// Worker → page.
// A message is built, serialised to JSON and dropped at once, so the size of
// the largest variant (a snapshot) costs nothing worth a `Box`.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum WorkerOutput {
    /// The worker has started and listens.
    Ready,
    /// A model is loaded (pretrained, new, restored or uploaded).
    Loaded(ModelInfo),
    Snapshot(Snapshot),
    Eval(EvalReport),
    Translated {
        id: u64,
        result: Result<Translation, Unanswered>,
    },
    MaskDemo(MaskDemo),
    /// Greedy against beam search (or why not: no model, a blown-up run, a beam out of range).
    DecodingCompared(Result<DecodingComparison, Unanswered>),
    /// One head, opened up; an error (unknown word, no model) as a value.
    Trace(Result<HeadTrace, Unanswered>),
    /// The checkpoint bytes, for a download; they travel beside the JSON.
    Checkpoint {
        purpose: SavePurpose,
        step: usize,
        #[serde(skip)]
        bytes: Vec<u8>,
    },
    /// A helper's answer to [`WorkerInput::Shard`]: the shard's report, and
    /// its gradients (`f32`s, little-endian) beside the JSON; or why it
    /// could not compute them (and no bytes).
    ShardDone {
        ticket: u64,
        result: Result<ShardReport, ShardFailure>,
        #[serde(skip)]
        bytes: Vec<u8>,
    },
    /// The run was saved in browser storage: under `name`, or as the tab's
    /// run (`None`) that a reload restores; what it cost, when measured.
    Stored {
        name: Option<String>,
        step: usize,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cost: Option<SaveCost>,
    },
    /// The saved runs to list, newest first: named ones and closed tabs'.
    Runs(Vec<RunSummary>),
    /// Which run this tab starts from (sent before its [`WorkerOutput::Loaded`]).
    Started(RunStart),
    /// Browser storage failed; the current model and the previous save are kept.
    StorageFailed(StorageError),
    /// The loss became NaN or infinite, or blew up far above where it
    /// started: training is paused, `why` says what probably happened (the
    /// page words it), and `suggested` is what a reset should train with.
    Diverged {
        why: Divergence,
        suggested: Option<Settings>,
    },
    /// The settings were invalid, so nothing was built; the old model is kept.
    Refused(SettingsError),
    /// A model of these settings is being built, and this is what its steps
    /// will cost: sent before the build, which may take seconds.
    Building(crate::StepEstimate),
    /// A task's `file` is downloading: `loaded` of `total` bytes (`None`
    /// when the server does not say).
    Downloading {
        task: TaskKind,
        file: DownloadFile,
        loaded: u64,
        total: Option<u64>,
    },
    /// The reader's pairs were read: `pairs` distinct ones, and `duplicates`
    /// lines that repeated a source sentence (kept once).
    PairsRead {
        pairs: usize,
        duplicates: usize,
    },
    /// A task's `file` is here, `bytes` long.
    Downloaded {
        task: TaskKind,
        file: DownloadFile,
        bytes: u64,
    },
    /// Something went wrong; [`WorkerError::is_fatal`] means the worker
    /// panicked and must be restarted.
    Error(WorkerError),
}

/// What went wrong in the worker, as data: the page words it in the reader's
/// language and routes it by kind, never by matching text. `Display` is the
/// English wording for logs and tests.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum WorkerError {
    /// Checkpoint bytes (a file or a saved run) were refused. `why` is the
    /// reader's technical reason; `kept` is true when a model keeps working.
    Checkpoint { why: String, kept: bool },
    /// The shipped checkpoint of `task` could not be fetched or read, so an
    /// untrained model stands in.
    Pretrained { task: TaskKind, why: String },
    /// A real task's sentences could not be fetched or read; the current
    /// model keeps working.
    Data { task: TaskKind, why: String },
    /// The reader's pairs were refused, for the first problem found; the
    /// current model keeps working.
    Pairs(lab_tasks::corpus::PairsError),
    /// A request that needs a model came before any model was loaded.
    NoModel,
    /// A message from the page could not be read: a bug, never the user's doing.
    Unreadable { why: String },
    /// The worker panicked or trapped, and must be restarted.
    Crashed { why: String },
}

impl WorkerError {
    /// The worker is gone: the page must start a new one.
    pub fn is_fatal(&self) -> bool {
        matches!(self, Self::Crashed { .. })
    }
}

impl std::fmt::Display for WorkerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Checkpoint { why, kept } => {
                write!(f, "The checkpoint could not be loaded: {why}.")?;
                if *kept {
                    write!(f, " The current model keeps working.")?;
                }
                Ok(())
            }
            Self::Pretrained { task, why } => write!(
                f,
                "The pretrained {} model could not be loaded ({why}); starting from an \
                 untrained model instead.",
                task.label()
            ),
            Self::Data { task, why } => write!(
                f,
                "The sentences of {} could not be loaded ({why}); the current model keeps \
                 working.",
                task.label()
            ),
            Self::Pairs(problem) => write!(
                f,
                "The sentence pairs were not used: {problem}. The current model keeps working."
            ),
            Self::NoModel => write!(
                f,
                "No model is loaded yet: wait for the pretrained checkpoint, or press Reset \
                 to start from scratch."
            ),
            Self::Unreadable { why } => {
                write!(f, "unreadable message between page and worker: {why}")
            }
            Self::Crashed { why } => {
                write!(
                    f,
                    "The training worker crashed and must be restarted: {why}"
                )
            }
        }
    }
}

/// Why a message could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MessageError(pub String);

impl std::fmt::Display for MessageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "unreadable message between page and worker: {}", self.0)
    }
}

impl std::error::Error for MessageError {}

macro_rules! json_codec {
    ($ty:ty) => {
        impl $ty {
            /// The message as JSON text, for `postMessage`.
            pub fn to_json(&self) -> String {
                serde_json::to_string(self).expect("messages are plain data and always serialize")
            }

            /// Read a message; garbage is an error, never a panic.
            pub fn from_json(text: &str) -> Result<Self, MessageError> {
                serde_json::from_str(text).map_err(|e| MessageError(e.to_string()))
            }
        }
    };
}

json_codec!(WorkerInput);
json_codec!(WorkerOutput);

/// Messages whose checkpoint bytes travel beside their JSON text.
macro_rules! parts_codec {
    ($ty:ty, $($variant:ident)|+) => {
        impl $ty {
            /// The message as JSON text, and the bytes to send beside it as a
            /// transferable `ArrayBuffer`, if it carries any.
            pub fn to_parts(&self) -> (String, Option<&[u8]>) {
                let bytes = match self {
                    $(Self::$variant { bytes, .. })|+ => Some(bytes.as_slice()),
                    _ => None,
                };
                (self.to_json(), bytes)
            }

            /// A message from its JSON text and the bytes that came beside it.
            pub fn from_parts(text: &str, bytes: Option<Vec<u8>>) -> Result<Self, MessageError> {
                let mut message = Self::from_json(text)?;
                match (&mut message, bytes) {
                    ($(Self::$variant { bytes: slot, .. })|+, Some(bytes)) => *slot = bytes,
                    ($(Self::$variant { .. })|+, None) => {
                        return Err(MessageError("the checkpoint bytes are missing".into()))
                    }
                    (_, Some(_)) => {
                        return Err(MessageError("bytes came with a message that takes none".into()))
                    }
                    (_, None) => {}
                }
                Ok(message)
            }
        }
    };
}

parts_codec!(WorkerInput, LoadCheckpoint | EvaluateCheckpoint | Shard);
parts_codec!(WorkerOutput, Checkpoint | ShardDone);

/// True when every number is finite, so it can travel as JSON.
pub fn all_finite(values: &[f32]) -> bool {
    values.iter().all(|v| v.is_finite())
}

impl Translation {
    /// True when every probability, weight and beam score is finite.
    pub fn is_finite(&self) -> bool {
        let mut hyps = self
            .beam
            .iter()
            .flat_map(|l| l.beam.iter().chain(&l.candidates));
        self.attention.is_finite()
            && hyps.all(|h| h.log_prob.is_finite() && h.score.is_finite())
            && self.steps.iter().all(|s| {
                s.top_k.iter().all(|(_, p)| p.is_finite())
                    && all_finite(&s.self_row.weights)
                    && all_finite(&s.cross_row.weights)
            })
    }
}

impl AttentionSet {
    /// True when every weight of every map is finite.
    pub fn is_finite(&self) -> bool {
        all_finite(&self.encoder_self.weights)
            && all_finite(&self.decoder_self.weights)
            && all_finite(&self.cross.weights)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::attention::HeadMaps;

    #[test]
    fn every_input_round_trips_through_json() {
        let inputs = vec![
            WorkerInput::LoadPretrained {
                task: TaskKind::EnJa,
            },
            WorkerInput::New {
                settings: Settings::toy(TaskKind::Reverse),
            },
            WorkerInput::LoadCheckpoint {
                bytes: vec![0, 1, 254, 255],
                origin: ModelOrigin::Uploaded,
            },
            WorkerInput::Play,
            WorkerInput::Pause,
            WorkerInput::Step,
            WorkerInput::Translate {
                id: 7,
                text: "the dog sees a cat".into(),
                cached: true,
                strategy: Strategy::Beam(lab_math::search::Beam::default()),
            },
            WorkerInput::Trace {
                request: Some(TraceRequest {
                    kind: crate::AttentionKind::Cross,
                    layer: 1,
                    head: 2,
                    sentence: None,
                }),
            },
            WorkerInput::Trace { request: None },
            WorkerInput::MaskDemo { head: 1 },
            WorkerInput::CompareDecoding {
                beam: Beam::default(),
            },
            WorkerInput::Evaluate,
            WorkerInput::EvaluateCheckpoint {
                bytes: vec![3, 1, 4],
            },
            WorkerInput::EvaluatorPresent { present: true },
            WorkerInput::Save {
                purpose: SavePurpose::Evaluate,
            },
            WorkerInput::Save {
                purpose: SavePurpose::Download,
            },
            WorkerInput::Persist {
                tab: "3f2a9c0d1e".into(),
            },
            WorkerInput::Restore {
                task: TaskKind::Copy,
                legacy: Some("{}".into()),
                reload: true,
            },
            WorkerInput::PageHidden,
            WorkerInput::SaveRunAs {
                name: "warm-up 400".into(),
            },
            WorkerInput::RestoreRun {
                run: RunKey::Named("warm-up 400".into()),
            },
            WorkerInput::DeleteRun {
                run: RunKey::Tab("3f2a9c0d1e".into()),
            },
            WorkerInput::ListRuns,
            WorkerInput::ForgetAutosave,
            WorkerInput::UsePairs {
                text: "I eat.\t私は食べる。".into(),
                settings: Settings::toy(TaskKind::Custom),
            },
            WorkerInput::Shard {
                ticket: 9,
                job: ShardJob {
                    settings: Settings::toy(TaskKind::EnJa),
                    step: 12,
                    shard: 1,
                    seed: u64::MAX,
                    pairs: vec![3, 1, 4],
                    batch_tokens: 40,
                },
                bytes: crate::shard::f32s_to_bytes(&[0.5, -2.0]),
            },
            WorkerInput::Sentences {
                task: TaskKind::RealEnZh,
                text: "# attention-lab corpus 1\n".into(),
            },
        ];
        for input in inputs {
            let (text, bytes) = input.to_parts();
            let bytes = bytes.map(<[u8]>::to_vec);
            assert_eq!(WorkerInput::from_parts(&text, bytes), Ok(input));
        }
    }

    #[test]
    fn checkpoint_bytes_travel_beside_the_json_never_inside_it() {
        let bytes: Vec<u8> = (0..=255).collect();
        let input = WorkerInput::LoadCheckpoint {
            bytes: bytes.clone(),
            origin: ModelOrigin::Uploaded,
        };
        let (text, beside) = input.to_parts();
        assert_eq!(beside, Some(&bytes[..]));
        assert!(text.len() < 100, "no bytes in the text: {text}");
        assert!(
            WorkerInput::from_parts(&text, None).is_err(),
            "the bytes are required"
        );
        assert!(WorkerInput::from_parts("\"Play\"", Some(bytes.clone())).is_err());
        let output = WorkerOutput::Checkpoint {
            purpose: SavePurpose::Download,
            step: 4,
            bytes: bytes.clone(),
        };
        let (text, beside) = output.to_parts();
        assert!(!text.contains("255"), "{text}");
        assert_eq!(
            WorkerOutput::from_parts(&text, beside.map(<[u8]>::to_vec)),
            Ok(output)
        );
    }

    #[test]
    fn a_shards_gradients_travel_beside_its_report() {
        let done = WorkerOutput::ShardDone {
            ticket: 3,
            result: Ok(ShardReport {
                step: 12,
                shard: 1,
                loss: 1.25,
                correct: 7,
                n_tokens: 20,
                present: vec![true, false],
            }),
            bytes: crate::shard::f32s_to_bytes(&[1.0e-7, 3.0]),
        };
        let (text, beside) = done.to_parts();
        assert!(!text.contains("bytes"), "{text}");
        assert_eq!(
            WorkerOutput::from_parts(&text, beside.map(<[u8]>::to_vec)),
            Ok(done)
        );
        let failed = WorkerOutput::ShardDone {
            ticket: 4,
            result: Err(ShardFailure::NotWholeFloats { bytes: 7 }),
            bytes: Vec::new(),
        };
        let (text, beside) = failed.to_parts();
        assert_eq!(
            WorkerOutput::from_parts(&text, beside.map(<[u8]>::to_vec)),
            Ok(failed)
        );
    }

    #[test]
    fn run_names_are_trimmed_and_bounded() {
        assert_eq!(clean_run_name("  warm-up 400 "), Some("warm-up 400".into()));
        assert_eq!(clean_run_name("学習率 ×2"), Some("学習率 ×2".into()));
        assert_eq!(clean_run_name("   "), None);
        assert_eq!(clean_run_name("a\u{7}b"), None);
        assert!(clean_run_name(&"é".repeat(MAX_RUN_NAME)).is_some());
        assert_eq!(clean_run_name(&"é".repeat(MAX_RUN_NAME + 1)), None);
    }

    #[test]
    fn outputs_round_trip_including_errors_as_values() {
        let maps = HeadMaps {
            n_layers: 1,
            n_heads: 1,
            seq_q: 2,
            seq_k: 2,
            weights: vec![1.0, 0.0, 0.5, 0.5],
        };
        let attention = AttentionSet {
            src_tokens: vec!["a".into(), "<eos>".into()],
            tgt_tokens: vec!["<bos>".into(), "a".into()],
            tgt_outputs: vec!["a".into(), "<eos>".into()],
            encoder_self: maps.clone(),
            decoder_self: maps.clone(),
            cross: maps,
        };
        let outputs = vec![
            WorkerOutput::Ready,
            WorkerOutput::Snapshot(Snapshot {
                step: 3,
                running: true,
                points: vec![TrainPoint {
                    step: 3,
                    loss: 2.5,
                    token_accuracy: 0.25,
                    learning_rate: 1e-4,
                }],
                tokens_per_s: 1234.5,
                attention: Some(attention),
                prediction: None,
                trace: None,
                shared_steps: 1,
            }),
            WorkerOutput::Trace(Err(Unanswered::Diverged { step: 7 })),
            WorkerOutput::Translated {
                id: 1,
                result: Err(Unanswered::Unknown {
                    words: vec!["zebra".into()],
                    vocabulary: 79,
                }),
            },
            WorkerOutput::DecodingCompared(Ok(DecodingComparison {
                beam: Beam::default(),
                sentences: 24,
                greedy_bleu: 61.5,
                beam_bleu: 63.0,
                greedy_exact: 0.5,
                beam_exact: 0.5,
            })),
            WorkerOutput::Checkpoint {
                purpose: SavePurpose::Download,
                step: 9,
                bytes: b"weights".to_vec(),
            },
            WorkerOutput::Stored {
                name: Some("baseline".into()),
                step: 9,
                cost: None,
            },
            WorkerOutput::Stored {
                name: None,
                step: 10,
                cost: Some(SaveCost {
                    snapshot_ms: 2.5,
                    write_ms: 14.0,
                }),
            },
            WorkerOutput::Runs(vec![
                RunSummary {
                    name: "baseline".into(),
                    task: TaskKind::EnJa,
                    step: 9,
                    saved_at: 1.7e12,
                    bytes: 3_000_000,
                    tab: None,
                },
                RunSummary {
                    name: String::new(),
                    task: TaskKind::Copy,
                    step: 62,
                    saved_at: 1.8e12,
                    bytes: 3_000_000,
                    tab: Some("3f2a9c0d1e".into()),
                },
            ]),
            WorkerOutput::Started(RunStart::ThisTab { step: 57 }),
            WorkerOutput::Downloading {
                task: TaskKind::RealEnJa,
                file: DownloadFile::Sentences,
                loaded: 65_536,
                total: Some(892_722),
            },
            WorkerOutput::Downloaded {
                task: TaskKind::RealEnZh,
                file: DownloadFile::Model,
                bytes: 2_369_264,
            },
            WorkerOutput::PairsRead {
                pairs: 120,
                duplicates: 3,
            },
            WorkerOutput::Error(WorkerError::Pairs(lab_tasks::corpus::PairsError::NoTab {
                line: 4,
            })),
            WorkerOutput::Error(WorkerError::Data {
                task: TaskKind::RealEnZh,
                why: "HTTP 404".into(),
            }),
            WorkerOutput::Building(crate::StepEstimate {
                parameters: 44_000_000,
                state_bytes: 528_000_000,
                step_bytes: 2_000_000_000,
                multiply_adds: u64::MAX,
            }),
            WorkerOutput::Started(RunStart::Latest {
                name: None,
                task: TaskKind::Copy,
                step: 62,
            }),
            WorkerOutput::Started(RunStart::Pretrained {
                task: TaskKind::EnJa,
            }),
            WorkerOutput::StorageFailed(StorageError::Quota { name: None }),
            WorkerOutput::Refused(
                Settings {
                    n_heads: 3,
                    ..Settings::toy(TaskKind::Copy)
                }
                .validate()
                .expect_err("64 % 3 != 0"),
            ),
            WorkerOutput::Error(WorkerError::Crashed {
                why: "panicked".into(),
            }),
            WorkerOutput::Error(WorkerError::Checkpoint {
                why: "bad magic".into(),
                kept: true,
            }),
            WorkerOutput::Error(WorkerError::Pretrained {
                task: TaskKind::EnJa,
                why: "404".into(),
            }),
            WorkerOutput::Error(WorkerError::NoModel),
            WorkerOutput::Diverged {
                why: Divergence::Weights { step: 4 },
                suggested: None,
            },
        ];
        for output in outputs {
            let (text, bytes) = output.to_parts();
            let bytes = bytes.map(<[u8]>::to_vec);
            assert_eq!(WorkerOutput::from_parts(&text, bytes), Ok(output));
        }
    }

    #[test]
    fn masked_scores_travel_as_null() {
        let demo = MaskDemo {
            tokens: vec!["<bos>".into(), "a".into()],
            seq_q: 2,
            seq_k: 2,
            raw_scores: vec![0.1, 0.2, 0.3, 0.4],
            masked_scores: vec![Some(0.1), None, Some(0.3), Some(0.4)],
            weights: vec![1.0, 0.0, 0.47, 0.53],
        };
        let json = WorkerOutput::MaskDemo(demo.clone()).to_json();
        assert!(json.contains("null"), "{json}");
        assert_eq!(
            WorkerOutput::from_json(&json),
            Ok(WorkerOutput::MaskDemo(demo))
        );
    }

    #[test]
    fn garbage_is_a_readable_error() {
        let err = WorkerInput::from_json("{not json").expect_err("garbage");
        assert!(err.to_string().contains("unreadable message"), "{err}");
    }

    #[test]
    fn non_finite_attention_is_detected() {
        let mut set = AttentionSet::default();
        assert!(set.is_finite());
        set.cross.weights = vec![0.5, f32::NAN];
        assert!(!set.is_finite());
    }
}
