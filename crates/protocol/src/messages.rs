//! The two message types between the page and the training worker.
//!
//! The page sends [`WorkerInput`]; the worker answers with [`WorkerOutput`].
//! Both travel through `postMessage` as bytes (postcard's binary form,
//! `messages/codec.rs`), except checkpoint bytes: those travel beside the
//! message as a transferable `ArrayBuffer` (moved, not copied), see
//! [`WorkerInput::to_parts`]. Errors cross the boundary as typed values, which
//! the page words, never as panics.
//!
//! The worker never sends a non-finite number for the page to draw: a diverged
//! loss becomes [`WorkerOutput::Diverged`], and maps with non-finite weights
//! are left out (see [`all_finite`]).

use crate::attention::AttentionSet;
use crate::curves::Curves;
use crate::divergence::Divergence;
use crate::facts::TaskFacts;
use crate::inside::{HeadTrace, TraceRequest};
use crate::reports::{DecodingComparison, EvalReport, MaskDemo, ProbePrediction, Translation};
use crate::settings::{Settings, SettingsError};
use crate::shard::{ShardFailure, ShardJob, ShardReport};
use lab_math::search::{Beam, Strategy};
use lab_tasks::TaskKind;
use serde::{Deserialize, Serialize};

mod codec;
mod errors;
mod runs;
#[cfg(test)]
mod tests;

pub use codec::FINGERPRINT;
pub use errors::{CheckpointProblem, DownloadProblem, MessageError, Unanswered, WorkerError};
pub use runs::{
    clean_run_name, RunKey, RunStart, RunSummary, SaveCost, StorageError, StoredRunProblem,
    MAX_RUN_NAME,
};

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
    /// current model keeps working. The bytes travel beside the message.
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
    /// message) and answer [`WorkerOutput::ShardDone`] with the same `ticket`
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
    /// The reader is using the page (a click, a key, the wheel): train on
    /// this worker alone for a moment, so the page has the other core
    /// (`INTERACTION_SOLO_MS` in lab-session). A step alone is bit-identical
    /// to one shared with the helper: the run does not change.
    Interacting,
    /// From the page: the `MessagePort` transferred with this message leads
    /// to `peer`. The training worker asks for a helper
    /// ([`WorkerOutput::WantsHelper`]); the page starts it and links the two
    /// with a `MessageChannel`, so no worker starts another (in Firefox, a
    /// worker's `new Worker` could hang for good). Shards and their answers
    /// then go over the port, not through the page.
    Link {
        peer: Peer,
    },
    /// Are you listening? Answered with [`WorkerOutput::Pong`] of the same
    /// `id` as soon as the worker's event loop reaches it, before any
    /// message queued behind a download: the page's watchdog on the
    /// training worker (`lab_session::watchdog`).
    Ping {
        id: u64,
    },
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
    pub curves: Option<Curves>,
}

/// The worker at the other end of a [`WorkerInput::Link`]'s port.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Peer {
    /// To a training worker: the helper that computes half of each step.
    Helper,
    /// To a helper: the training worker whose steps it shares.
    Training,
}

/// What the worker downloads for a task when it is chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DownloadFile {
    /// A real task's sentence pairs (`lab_tasks::corpus`).
    Sentences,
    /// The task's shipped, trained model.
    Model,
}

/// Worker → page.
// A message is built, encoded and dropped at once, so the size of
// the largest variant (a snapshot) costs nothing worth a `Box`.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum WorkerOutput {
    /// The worker has started and listens.
    Ready,
    /// The run trains: a helper worker on the second core would share its
    /// steps. The page starts one and sends each its end of a
    /// `MessageChannel` ([`WorkerInput::Link`]); a compare worker's request
    /// is not answered (the two compare workers have a core each).
    WantsHelper,
    /// The training worker gave its helper up (it crashed, or stopped
    /// answering): the page stops it. The run goes on, on one core.
    DropsHelper,
    /// The answer to [`WorkerInput::Ping`] of this `id`: the worker listens.
    Pong {
        id: u64,
    },
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
    /// The checkpoint bytes, for a download; they travel beside the message.
    Checkpoint {
        purpose: SavePurpose,
        step: usize,
        #[serde(skip)]
        bytes: Vec<u8>,
    },
    /// A helper's answer to [`WorkerInput::Shard`]: the shard's report, and
    /// its gradients (`f32`s, little-endian) beside the message; or why it
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

/// True when every number is finite, so the page can draw it.
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
