//! Why a corpus file could not be read, as data: the first problem, and
//! the line it is on. It crosses between workers (a helper worker handed
//! sentences that do not read says so, `lab_protocol::ShardFailure`), so it
//! is plain serde data; `Display` is the English wording for logs and tests.

use serde::{Deserialize, Serialize};

use super::{MAX_CORPUS_BYTES, MAX_PAIRS};
use crate::task::TaskKind;

/// Why a corpus file could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CorpusError {
    TooLarge {
        bytes: usize,
    },
    NotACorpus,
    WrongTask {
        expected: TaskKind,
        found: String,
    },
    TooManyPairs,
    Empty,
    /// The file states `stated` pairs and holds `found`: cut short on its way.
    CutShort {
        stated: usize,
        found: usize,
    },
    /// Line `line` (1-based) is not a pair the lab can use.
    BadLine {
        line: usize,
        why: LineProblem,
    },
}

/// What is wrong with one line of pairs in a corpus file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LineProblem {
    /// Two spaces in a row, or a space at either end of a column.
    EmptyWord,
    /// A sentence of more than [`MAX_WORDS`](super::MAX_WORDS) words.
    TooLong,
    /// One column: no TAB, so no target sentence.
    NoTarget,
    TooManyColumns,
    /// The third column (the target in another script) has another number
    /// of words than the target.
    AltMismatch,
}

impl std::fmt::Display for CorpusError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CorpusError::TooLarge { bytes } => {
                write!(
                    f,
                    "the corpus file has {bytes} bytes, over {MAX_CORPUS_BYTES}"
                )
            }
            CorpusError::NotACorpus => write!(f, "the file is not an Attention Lab corpus"),
            CorpusError::WrongTask { expected, found } => {
                write!(f, "the corpus is for {found:?}, not {expected}")
            }
            CorpusError::TooManyPairs => write!(f, "the corpus has over {MAX_PAIRS} pairs"),
            CorpusError::Empty => write!(f, "the corpus has no pairs"),
            CorpusError::CutShort { stated, found } => {
                write!(f, "the corpus states {stated} pairs but holds {found}")
            }
            CorpusError::BadLine { line, why } => write!(f, "line {line}: {why}"),
        }
    }
}

impl std::fmt::Display for LineProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            LineProblem::EmptyWord => "an empty word (two spaces, or a space at an end)",
            LineProblem::TooLong => "a sentence longer than the model's positions",
            LineProblem::NoTarget => "no TAB and target sentence",
            LineProblem::TooManyColumns => "more than three columns",
            LineProblem::AltMismatch => "the third column does not match the target word for word",
        })
    }
}
