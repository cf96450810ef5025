//! What went wrong, as data: a question the model could not answer, a
//! worker's error and an unreadable message, each with its English wording
//! for logs and tests (the page words them in the reader's language).

use crate::divergence::Divergence;
use crate::settings::SettingsError;
use lab_math::search::StrategyError;
use lab_tasks::TaskKind;
use serde::{Deserialize, Serialize};

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
            Self::Unknown { words, vocabulary } => write!(
                f,
                "unknown words: {} (the model knows the {vocabulary} words of this task's vocabulary)",
                words.join(", ")
            ),
            Self::Strategy(e) => e.fmt(f),
        }
    }
}

/// Why checkpoint bytes were refused, as data: the page words the kind in
/// the reader's language. `detail` is which check failed, in English: in
/// `Display` (the CLI, tests), not on the page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum CheckpointProblem {
    /// Shorter than the smallest checkpoint: cut short, most likely.
    TooShort { bytes: usize },
    /// Does not start with the lab's signature.
    NotACheckpoint,
    /// A format version this build does not read.
    UnsupportedVersion {
        found: u32,
        oldest: u32,
        newest: u32,
    },
    /// A checksum, a length or a header that does not add up.
    Damaged { detail: String },
    /// The stored model description, settings and tensors disagree.
    Inconsistent { detail: String },
    /// The file or its model is over the lab's size limits.
    TooLarge { detail: String },
    /// The run's stored settings are refused, or its task's sentences are
    /// not loaded.
    Settings(SettingsError),
}

impl std::fmt::Display for CheckpointProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::TooShort { bytes } => write!(
                f,
                "the file is too short to be a checkpoint ({bytes} bytes); it may be truncated"
            ),
            Self::NotACheckpoint => write!(
                f,
                "this is not an Attention Lab checkpoint (the file does not start with the lab's signature)"
            ),
            Self::UnsupportedVersion {
                found,
                oldest,
                newest,
            } => write!(
                f,
                "checkpoint format version {found} is not supported (this lab reads versions {oldest} to {newest})"
            ),
            Self::Damaged { detail } => write!(f, "the checkpoint is damaged: {detail}"),
            Self::Inconsistent { detail } => write!(
                f,
                "the checkpoint does not fit its own model description: {detail}"
            ),
            Self::TooLarge { detail } => {
                write!(f, "the checkpoint is too large for this lab: {detail}")
            }
            Self::Settings(e) => write!(f, "its stored settings are refused: {e}"),
        }
    }
}

/// What went wrong in the worker, as data: the page words it in the reader's
/// language and routes it by kind, never by matching text. `Display` is the
/// English wording for logs and tests.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum WorkerError {
    /// Checkpoint bytes (a file or a saved run) were refused, for `problem`;
    /// `kept` is true when a model keeps working.
    Checkpoint {
        problem: CheckpointProblem,
        kept: bool,
    },
    /// The shipped checkpoint of `task` could not be fetched, so an
    /// untrained model stands in.
    Pretrained {
        task: TaskKind,
        problem: DownloadProblem,
    },
    /// A real task's sentences could not be fetched or read; the current
    /// model keeps working.
    Data {
        task: TaskKind,
        problem: DownloadProblem,
    },
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
            Self::Checkpoint { problem, kept } => {
                write!(f, "The checkpoint could not be loaded: {problem}.")?;
                if *kept {
                    write!(f, " The current model keeps working.")?;
                }
                Ok(())
            }
            Self::Pretrained { task, problem } => write!(
                f,
                "The pretrained {} model could not be loaded ({problem}); starting from an \
                 untrained model instead.",
                task.label()
            ),
            Self::Data { task, problem } => write!(
                f,
                "The sentences of {} could not be loaded ({problem}); the current model keeps \
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

/// Why a file the lab ships (a real task's sentences, a trained model)
/// could not be used: data the page words in the reader's language.
/// `Display` is the English, for logs and tests.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DownloadProblem {
    /// The request got no answer: no network, or no server.
    Unreachable,
    /// The server answered with this HTTP error status.
    Http { status: u16 },
    /// The download stopped before its end.
    BrokeOff,
    /// Fewer bytes came than the server announced.
    CutShort { got: u64, expected: u64 },
    /// The file is larger than the `max` bytes the lab accepts (the page
    /// writes it in binary units).
    TooLarge { max: u64 },
    /// A sentence file states `stated` pairs and holds `found`: it was cut
    /// short on its way (a copy some cache or proxy kept half of).
    PairsMissing { stated: usize, found: usize },
    /// The file came whole but is not what the lab expects; `detail` says
    /// where, in English, for the logs.
    NotReadable { detail: String },
}

impl std::fmt::Display for DownloadProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Unreachable => write!(f, "the server could not be reached"),
            Self::Http { status } => write!(f, "the server answered HTTP {status}"),
            Self::BrokeOff => write!(f, "the download broke off"),
            Self::CutShort { got, expected } => {
                write!(f, "the download was cut short ({got} of {expected} bytes)")
            }
            Self::TooLarge { max } => write!(f, "the file is over {max} bytes"),
            Self::PairsMissing { stated, found } => write!(
                f,
                "the file states {stated} pairs but holds {found}: it was cut short on its way"
            ),
            Self::NotReadable { detail } => write!(f, "the file is not readable: {detail}"),
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
