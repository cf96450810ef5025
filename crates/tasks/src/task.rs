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

use crate::corpus::{Source, TANAKA, TATOEBA_ZH};
use crate::en_ja::EnJaTask;
use crate::symbols::{CopyTask, ReverseTask};
use crate::vocab::{Encoded, Vocab};

/// The tasks: three toys generated in code, two real ones read from a
/// corpus ([`crate::corpus`]), and the reader's own sentence pairs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TaskKind {
    Copy,
    Reverse,
    EnJa,
    RealEnJa,
    RealEnZh,
    /// The reader's own pairs, pasted or uploaded ([`crate::corpus::parse_pairs`]).
    Custom,
}

impl TaskKind {
    /// Every task, in the order the UI lists them.
    pub const ALL: [TaskKind; 6] = [
        TaskKind::Copy,
        TaskKind::Reverse,
        TaskKind::EnJa,
        TaskKind::RealEnJa,
        TaskKind::RealEnZh,
        TaskKind::Custom,
    ];

    /// The tasks the lab ships: the toys and the real ones (not the
    /// reader's pairs, which only the reader has).
    pub const BUILT_IN: [TaskKind; 5] = [
        TaskKind::Copy,
        TaskKind::Reverse,
        TaskKind::EnJa,
        TaskKind::RealEnJa,
        TaskKind::RealEnZh,
    ];

    /// The task a first visit opens on.
    pub const DEFAULT: TaskKind = TaskKind::EnJa;

    /// The toy tasks, generated in code with gold alignments.
    pub const TOYS: [TaskKind; 3] = [TaskKind::Copy, TaskKind::Reverse, TaskKind::EnJa];

    /// Short machine name, used in URLs and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            TaskKind::Copy => "copy",
            TaskKind::Reverse => "reverse",
            TaskKind::EnJa => "en-ja",
            TaskKind::RealEnJa => "real-en-ja",
            TaskKind::RealEnZh => "real-en-zh",
            TaskKind::Custom => "custom",
        }
    }

    /// Human-readable name for the UI.
    pub fn label(self) -> &'static str {
        match self {
            TaskKind::Copy => "Copy",
            TaskKind::Reverse => "Reverse",
            TaskKind::EnJa => "English → Japanese",
            TaskKind::RealEnJa => "English → Japanese (real sentences)",
            TaskKind::RealEnZh => "English → Chinese (real sentences)",
            TaskKind::Custom => "Your own sentence pairs",
        }
    }

    /// Where a real task's sentences come from; `None` for a toy.
    pub fn source(self) -> Option<Source> {
        match self {
            TaskKind::RealEnJa => Some(TANAKA),
            TaskKind::RealEnZh => Some(TATOEBA_ZH),
            TaskKind::Copy | TaskKind::Reverse | TaskKind::EnJa | TaskKind::Custom => None,
        }
    }

    /// True for a task of real sentences, read from a corpus (a shipped one,
    /// or the reader's own pairs); false for a toy, generated in code.
    pub fn is_real(self) -> bool {
        match self {
            TaskKind::RealEnJa | TaskKind::RealEnZh | TaskKind::Custom => true,
            TaskKind::Copy | TaskKind::Reverse | TaskKind::EnJa => false,
        }
    }

    /// The target sentences' language, as a BCP 47 tag (a page's `lang`).
    pub fn target_language(self) -> &'static str {
        match self {
            TaskKind::Copy | TaskKind::Reverse => "en",
            TaskKind::EnJa | TaskKind::RealEnJa => "ja",
            TaskKind::RealEnZh => "zh-Hans",
            // The reader's pairs may be in any language.
            TaskKind::Custom => "und",
        }
    }

    /// True when an unknown word in typed text is read as `<unk>` and
    /// translated: a real task's training sentences hold `<unk>` (rare
    /// words), so its model has learnt what to do with one. A toy's
    /// vocabulary is closed, and its model has never seen `<unk>`, so an
    /// unknown word is refused instead.
    pub fn translates_unknown_words(self) -> bool {
        self.is_real()
    }

    /// True when a trained model of this task is shipped
    /// ([`pretrained_path`](Self::pretrained_path)), trained by `cargo xtask pretrain`.
    pub fn has_pretrained(self) -> bool {
        match self {
            TaskKind::Copy
            | TaskKind::Reverse
            | TaskKind::EnJa
            | TaskKind::RealEnJa
            | TaskKind::RealEnZh => true,
            TaskKind::Custom => false,
        }
    }

    /// Where the shipped model of this task is, in the repository and on the site alike.
    pub fn pretrained_path(self) -> String {
        format!("assets/checkpoints/{}.ckpt", self.name())
    }

    /// Where a real task's corpus file is, in the repository and on the site alike.
    pub fn corpus_path(self) -> Option<String> {
        self.source()
            .map(|_| format!("assets/data/{}.tsv", self.name()))
    }

    /// Typed text as this task's words: the reader's pairs are split by
    /// [`corpus::split_words`](crate::corpus::split_words), as they were
    /// read; every other task by [`Vocab::encode`]'s rule. The model reads
    /// [`Encoded::ids`]; the views show [`Encoded::labels`], where a word
    /// read as `<unk>` keeps its typed spelling.
    pub fn encode(self, vocab: &Vocab, text: &str) -> Encoded {
        match self {
            TaskKind::Custom => vocab.encode_words(&crate::corpus::split_words(text)),
            _ => vocab.encode(text),
        }
    }

    /// The task whose [`name`](Self::name) is `s`.
    pub fn parse(s: &str) -> Option<TaskKind> {
        Self::ALL.into_iter().find(|kind| kind.name() == s)
    }

    /// The generator behind a toy task; `None` for a real one.
    pub fn task(self) -> Option<Box<dyn Task>> {
        match self {
            TaskKind::Copy => Some(Box::new(CopyTask)),
            TaskKind::Reverse => Some(Box::new(ReverseTask)),
            TaskKind::EnJa => Some(Box::new(EnJaTask)),
            TaskKind::RealEnJa | TaskKind::RealEnZh | TaskKind::Custom => None,
        }
    }

    /// The generator behind a toy task, for tests and tools that name one.
    ///
    /// # Panics
    /// On a real task, which has no generator.
    pub fn toy(self) -> Box<dyn Task> {
        self.task().expect("a toy task")
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
            assert_eq!(
                kind.task().map(|task| task.kind()),
                (!kind.is_real()).then_some(kind)
            );
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
        for kind in TaskKind::TOYS {
            let pair = kind.toy().example();
            assert_eq!(pair.alignment.len(), pair.tgt.len(), "{kind}");
            assert!(
                pair.alignment.iter().flatten().all(|&i| i < pair.src.len()),
                "{kind}"
            );
        }
    }
}
