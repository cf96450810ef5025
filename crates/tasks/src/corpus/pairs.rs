//! The reader's own sentence pairs: checked, line by line, before a run is
//! built from them.

use serde::{Deserialize, Serialize};

use super::{split_words, text_lines, Corpus, CorpusPair, MAX_WORDS};
use crate::task::TaskKind;

/// The largest file of the reader's own pairs, checked before it is read.
pub const MAX_PAIRS_BYTES: usize = 1 << 20;
/// The most lines the reader's pairs may have.
pub const MAX_PAIRS_LINES: usize = 20_000;
/// The fewest distinct pairs the lab trains on: one is held out to measure
/// the model on a sentence it never saw, the rest are the training set.
pub const MIN_PAIRS: usize = 5;

/// What is wrong with the reader's pairs: the first problem, with its line
/// (1-based) where there is one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PairsError {
    Empty,
    TooLarge {
        bytes: usize,
        max: usize,
    },
    /// Not UTF-8 text (a binary file, or another encoding).
    NotText,
    TooManyLines {
        lines: usize,
        max: usize,
    },
    /// A line with one column: no TAB between source and target.
    NoTab {
        line: usize,
    },
    /// A line with more than one TAB.
    TooManyColumns {
        line: usize,
    },
    /// A side with no word.
    EmptySide {
        line: usize,
    },
    TooLong {
        line: usize,
        words: usize,
        max: usize,
    },
    TooFew {
        pairs: usize,
        min: usize,
    },
}

impl std::fmt::Display for PairsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Empty => write!(f, "no pairs: write one pair per line, source TAB target"),
            Self::TooLarge { bytes, max } => write!(f, "{bytes} bytes; at most {max}"),
            Self::NotText => write!(f, "not UTF-8 text"),
            Self::TooManyLines { lines, max } => write!(f, "{lines} lines; at most {max}"),
            Self::NoTab { line } => write!(f, "line {line} has no TAB between source and target"),
            Self::TooManyColumns { line } => write!(f, "line {line} has more than one TAB"),
            Self::EmptySide { line } => write!(f, "line {line} has an empty side"),
            Self::TooLong { line, words, max } => {
                write!(
                    f,
                    "line {line} has a sentence of {words} words; at most {max}"
                )
            }
            Self::TooFew { pairs, min } => write!(f, "{pairs} distinct pairs; at least {min}"),
        }
    }
}

/// The reader's pairs, read: the corpus, and how many lines repeated a
/// source sentence already read (kept once, the first time).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pairs {
    pub corpus: Corpus,
    pub duplicates: usize,
}

/// A file of the reader's pairs, as bytes: its size and encoding are
/// checked before anything else.
pub fn parse_pairs_bytes(bytes: &[u8]) -> Result<Pairs, PairsError> {
    if bytes.len() > MAX_PAIRS_BYTES {
        return Err(PairsError::TooLarge {
            bytes: bytes.len(),
            max: MAX_PAIRS_BYTES,
        });
    }
    parse_pairs(std::str::from_utf8(bytes).map_err(|_| PairsError::NotText)?)
}

/// The reader's pairs: one per line ([`text_lines`]: any line end, no
/// byte-order mark), source TAB target, each side split by
/// [`split_words`]. Blank lines are skipped, a repeated source sentence is
/// kept once, and the first line is the probe the views open on.
pub fn parse_pairs(text: &str) -> Result<Pairs, PairsError> {
    if text.len() > MAX_PAIRS_BYTES {
        return Err(PairsError::TooLarge {
            bytes: text.len(),
            max: MAX_PAIRS_BYTES,
        });
    }
    // A NUL or another control character is a binary file, not pairs.
    if text
        .chars()
        .any(|c| c.is_control() && !matches!(c, '\t' | '\n' | '\r'))
    {
        return Err(PairsError::NotText);
    }
    let lines = text_lines(text).count();
    if lines > MAX_PAIRS_LINES {
        return Err(PairsError::TooManyLines {
            lines,
            max: MAX_PAIRS_LINES,
        });
    }
    let mut pairs = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut duplicates = 0;
    for (index, line) in text_lines(text).enumerate() {
        let line_no = index + 1;
        if line.trim().is_empty() {
            continue;
        }
        let mut columns = line.split('\t');
        let (Some(src), Some(tgt)) = (columns.next(), columns.next()) else {
            return Err(PairsError::NoTab { line: line_no });
        };
        if columns.next().is_some() {
            return Err(PairsError::TooManyColumns { line: line_no });
        }
        let (src, tgt) = (split_words(src), split_words(tgt));
        if src.is_empty() || tgt.is_empty() {
            return Err(PairsError::EmptySide { line: line_no });
        }
        let words = src.len().max(tgt.len());
        if words > MAX_WORDS {
            return Err(PairsError::TooLong {
                line: line_no,
                words,
                max: MAX_WORDS,
            });
        }
        if !seen.insert(src.clone()) {
            duplicates += 1;
            continue;
        }
        pairs.push(CorpusPair {
            src,
            tgt,
            tgt_alt: None,
        });
    }
    if pairs.is_empty() && duplicates == 0 {
        return Err(PairsError::Empty);
    }
    if pairs.len() < MIN_PAIRS {
        return Err(PairsError::TooFew {
            pairs: pairs.len(),
            min: MIN_PAIRS,
        });
    }
    Ok(Pairs {
        corpus: Corpus {
            task: TaskKind::Custom,
            pairs,
        },
        duplicates,
    })
}
