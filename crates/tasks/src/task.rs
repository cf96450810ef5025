//! What a toy task is: a [`TaskKind`] to name it, aligned sentence [`Pair`]s, and
//! the [`Task`] trait that each task implements (more tasks later, each behind it).
//!
//! Alignment convention, written once: `alignment[j] = Some(i)` means target word
//! `j` translates source word `i`; `None` means target word `j` has no source word
//! (a Japanese particle). It runs target → source, like a cross-attention row:
//! rows = queries (target positions), columns = keys (source positions).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::en_ja::EnJaTask;
use crate::symbols::{CopyTask, ReverseTask};

/// The built-in tasks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TaskKind {
    Copy,
    Reverse,
    EnJa,
}

impl TaskKind {
    /// Every task, in the order the UI lists them.
    pub const ALL: [TaskKind; 3] = [TaskKind::Copy, TaskKind::Reverse, TaskKind::EnJa];

    /// Short machine name, used in URLs and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            TaskKind::Copy => "copy",
            TaskKind::Reverse => "reverse",
            TaskKind::EnJa => "en-ja",
        }
    }

    /// Human-readable name for the UI.
    pub fn label(self) -> &'static str {
        match self {
            TaskKind::Copy => "Copy",
            TaskKind::Reverse => "Reverse",
            TaskKind::EnJa => "English → Japanese",
        }
    }

    /// The task whose [`name`](Self::name) is `s`.
    pub fn parse(s: &str) -> Option<TaskKind> {
        Self::ALL.into_iter().find(|kind| kind.name() == s)
    }

    /// The generator behind this kind.
    pub fn task(self) -> Box<dyn Task> {
        match self {
            TaskKind::Copy => Box::new(CopyTask),
            TaskKind::Reverse => Box::new(ReverseTask),
            TaskKind::EnJa => Box::new(EnJaTask),
        }
    }
}

impl fmt::Display for TaskKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for TaskKind {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::parse(s).ok_or_else(|| {
            let names: Vec<&str> = Self::ALL.iter().map(|kind| kind.name()).collect();
            format!("unknown task {s:?}; valid tasks are: {}", names.join(", "))
        })
    }
}

/// One aligned sentence pair. `alignment[j] = Some(i)`: target word `j`
/// translates source word `i`; `None`: no source word (e.g. a particle).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Pair {
    pub src: Vec<String>,
    pub tgt: Vec<String>,
    pub alignment: Vec<Option<usize>>,
}

impl Pair {
    /// A pair from space-separated sentences, for examples and tests.
    pub fn from_text(src: &str, tgt: &str, alignment: Vec<Option<usize>>) -> Pair {
        let words = |s: &str| s.split_whitespace().map(str::to_string).collect();
        Pair {
            src: words(src),
            tgt: words(tgt),
            alignment,
        }
    }
}

/// A toy task: its word lists and a seeded generator of aligned pairs.
pub trait Task {
    /// Which task this is.
    fn kind(&self) -> TaskKind;
    /// Every source-side word the task can use (the whole lexicon, not only
    /// the words that happen to be generated).
    fn source_words(&self) -> Vec<&'static str>;
    /// Every target-side word the task can use.
    fn target_words(&self) -> Vec<&'static str>;
    /// Pairs with distinct source sentences, deterministic from `seed`.
    fn generate(&self, seed: u64) -> Vec<Pair>;
    /// A fixed probe pair for the attention views.
    fn example(&self) -> Pair;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_back_to_their_kind_and_display_as_the_name() {
        for kind in TaskKind::ALL {
            assert_eq!(TaskKind::parse(kind.name()), Some(kind));
            assert_eq!(kind.to_string().parse::<TaskKind>(), Ok(kind));
            assert_eq!(kind.task().kind(), kind);
        }
        assert_eq!(TaskKind::EnJa.label(), "English → Japanese");
    }

    #[test]
    fn parsing_an_unknown_name_lists_the_valid_names() {
        let err = "french"
            .parse::<TaskKind>()
            .expect_err("french is not a task");
        assert!(
            err.contains("copy") && err.contains("reverse") && err.contains("en-ja"),
            "{err}"
        );
    }

    #[test]
    fn every_example_alignment_index_is_in_range() {
        for kind in TaskKind::ALL {
            let pair = kind.task().example();
            assert_eq!(pair.alignment.len(), pair.tgt.len(), "{kind}");
            assert!(
                pair.alignment.iter().flatten().all(|&i| i < pair.src.len()),
                "{kind}"
            );
        }
    }
}
