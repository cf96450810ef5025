//! What the page shows about the current run's task, told by the worker.
//!
//! The worker built the run's dataset from its seed, so it is the one source
//! of truth for the vocabulary, the held-out sentences and the input limit;
//! the page never builds a dataset of its own (with another seed, its
//! "held-out examples" could be training sentences).

use lab_tasks::{Pair, TaskKind, Vocab};
use serde::{Deserialize, Serialize};

/// Facts about the task of the model the worker holds.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TaskFacts {
    pub task: Option<TaskKind>,
    pub seed: u64,
    /// Source tokens in id order, specials first: the page flags unknown words as they are typed.
    pub src_vocab: Vec<String>,
    /// How often each source token occurs in the run's training pairs, in id
    /// order (`lab_tasks::known::source_counts`): the page's list of the words
    /// a model reads. Empty from a worker that did not count.
    #[serde(default)]
    pub src_counts: Vec<u32>,
    /// Target tokens in id order, specials first.
    pub tgt_vocab: Vec<String>,
    /// The longest input, in words, the model accepts (its positional table's length less `<eos>`).
    pub max_input_words: usize,
    /// The longest source sentence of the task, in words: the model has never seen longer ones.
    pub longest_task_sentence: usize,
    /// The longest target sentence of the task, in words.
    #[serde(default)]
    pub longest_task_target: usize,
    /// A few held-out pairs of this run's seed, the probe sentence first.
    pub heldout: Vec<Pair>,
    /// Each target token, in id order, in another script (Traditional
    /// Chinese, shown when the page is in 繁體中文); empty when there is none.
    #[serde(default)]
    pub tgt_alt: Vec<String>,
}

impl TaskFacts {
    /// The source vocabulary, rebuilt for the tokenizer the model uses.
    pub fn src_vocab(&self) -> Vocab {
        Vocab::new(self.src_vocab.iter().map(String::as_str))
    }

    /// The target vocabulary, rebuilt.
    pub fn tgt_vocab(&self) -> Vocab {
        Vocab::new(self.tgt_vocab.iter().map(String::as_str))
    }

    /// The sizes a step's cost depends on; `None` before the worker has said.
    pub fn shape(&self) -> Option<crate::TaskShape> {
        self.task.map(|_| crate::TaskShape {
            src_vocab: self.src_vocab.len(),
            tgt_vocab: self.tgt_vocab.len(),
            longest_source: self.longest_task_sentence,
            longest_target: self.longest_task_target,
        })
    }

    /// The probe sentence, if the worker has said it.
    pub fn probe(&self) -> Option<&Pair> {
        self.heldout.first()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lab_tasks::{Dataset, TaskKind};

    #[test]
    fn the_vocabulary_round_trips_through_its_token_list() {
        let data = Dataset::build(TaskKind::EnJa, 7);
        let facts = TaskFacts {
            src_vocab: data.src_vocab.tokens().to_vec(),
            ..Default::default()
        };
        assert_eq!(facts.src_vocab().tokens(), data.src_vocab.tokens());
        let text = "the big dog sees a zebra";
        assert_eq!(facts.src_vocab().encode(text), data.src_vocab.encode(text));
    }
}
