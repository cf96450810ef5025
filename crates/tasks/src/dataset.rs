//! A [`Dataset`]: one task's vocabularies, train split and held-out split.
//!
//! The split is disjoint by source sentence, so held-out scores measure
//! generalisation to sentences the model has never seen, not memorisation.
//! Held-out size = 10% of the generated pairs, clamped to `100..=300`.
//! Invariant: `heldout[0]` is the task's fixed example, the probe sentence the
//! attention views show, so the views always show a sentence never trained on.

use std::collections::{HashMap, HashSet};

use serde::{Deserialize, Serialize};

use crate::corpus::{self, Corpus};
use crate::rng::Rng;
use crate::task::{Pair, TaskKind};
use crate::vocab::Vocab;

/// Smallest and largest held-out split.
pub const HELDOUT_MIN: usize = 100;
pub const HELDOUT_MAX: usize = 300;
/// Mixed into the seed for the shuffle, so the shuffle's random stream is not
/// the same stream that generated the sentences.
const SHUFFLE_SALT: u64 = 0x5EED_5A17_D00D_F00D;

/// A task's data, deterministic from `(kind, seed)`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Dataset {
    pub kind: TaskKind,
    pub src_vocab: Vocab,
    pub tgt_vocab: Vocab,
    pub train: Vec<Pair>,
    pub heldout: Vec<Pair>,
    /// Longest source sentence, in words, without BOS/EOS.
    pub max_src_len: usize,
    /// Longest target sentence, in words, without BOS/EOS.
    pub max_tgt_len: usize,
    /// Each target token, in id order, in the corpus's other script
    /// (Traditional Chinese for English → Chinese); empty when it has none.
    #[serde(default)]
    pub tgt_alt: Vec<String>,
}

/// The fewest times a word of a real task must occur in the train split to
/// get an id of its own; rarer words are `<unk>`. Two, so that a word the
/// model saw once (which it cannot learn) does not take a row of the output.
pub const MIN_WORD_COUNT: usize = 2;

/// Shuffles `pairs` with `seed`, keeps one pair per source sentence and
/// splits them: the probe first in the held-out split, and never in train.
/// `size` is how many of all the pairs to hold out.
fn split(
    probe: Pair,
    mut pairs: Vec<Pair>,
    seed: u64,
    size: fn(usize) -> usize,
) -> (Vec<Pair>, Vec<Pair>) {
    Rng::new(seed ^ SHUFFLE_SALT).shuffle(&mut pairs);
    let mut seen: HashSet<Vec<String>> = HashSet::from([probe.src.clone()]);
    pairs.retain(|pair| seen.insert(pair.src.clone()));

    let n_heldout = size(pairs.len() + 1);
    let train = pairs.split_off(n_heldout - 1);
    let mut heldout = vec![probe];
    heldout.append(&mut pairs);
    (train, heldout)
}

/// How many of the reader's `total` pairs to hold out: 10%, at least the
/// probe, at most [`HELDOUT_MAX`] (a few pairs keep most for training).
pub fn small_heldout_size(total: usize) -> usize {
    (total / 10)
        .clamp(1, HELDOUT_MAX)
        .min(total.saturating_sub(1))
        .max(1)
}

/// The words of `sentences` seen at least `min_count` times, most frequent
/// first (ties in code-point order, so the ids are deterministic).
fn frequent_words<'a>(sentences: impl Iterator<Item = &'a Vec<String>>, min_count: usize) -> Vocab {
    let mut counts: HashMap<&str, usize> = HashMap::new();
    for word in sentences.flatten() {
        *counts.entry(word).or_default() += 1;
    }
    let mut words: Vec<(&str, usize)> = counts
        .into_iter()
        .filter(|&(_, count)| count >= min_count)
        .collect();
    words.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    Vocab::new(words.into_iter().map(|(word, _)| word))
}

/// Each token of `vocab` in the corpus's other script: the spelling its
/// pairs give it most often (a tie goes to the first seen); the token
/// itself for the specials and for a word never spelled otherwise. Empty
/// when the corpus has no other script.
fn other_spellings(corpus: &Corpus, vocab: &Vocab) -> Vec<String> {
    let mut counts: HashMap<&str, Vec<(&str, usize)>> = HashMap::new();
    for pair in &corpus.pairs {
        let Some(alt) = &pair.tgt_alt else { continue };
        for (word, other) in pair.tgt.iter().zip(alt) {
            let seen = counts.entry(word).or_default();
            match seen.iter_mut().find(|(o, _)| o == other) {
                Some((_, n)) => *n += 1,
                None => seen.push((other, 1)),
            }
        }
    }
    if counts.is_empty() {
        return Vec::new();
    }
    let best = |token: &str| {
        let options = counts.get(token)?;
        // max_by_key keeps the last of equals: reversed, the first seen wins.
        options
            .iter()
            .rev()
            .max_by_key(|(_, n)| *n)
            .map(|(o, _)| o.to_string())
    };
    vocab
        .tokens()
        .iter()
        .map(|token| best(token).unwrap_or_else(|| token.clone()))
        .collect()
}

/// How many of `total` pairs to hold out.
pub fn heldout_size(total: usize) -> usize {
    (total / 10).clamp(HELDOUT_MIN, HELDOUT_MAX).min(total)
}

/// A real task's corpus is not here (in the browser: not fetched yet).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoCorpus(pub TaskKind);

impl Dataset {
    /// The task's pairs, shuffled with `seed` and split. The same
    /// `(kind, seed)` always gives the same dataset.
    ///
    /// # Panics
    /// On a real task whose corpus is not available (natively it always is).
    pub fn build(kind: TaskKind, seed: u64) -> Dataset {
        Self::try_build(kind, seed).expect("the corpus of a real task is available")
    }

    /// [`build`](Self::build), or [`NoCorpus`] for a real task whose corpus
    /// has not been provided.
    pub fn try_build(kind: TaskKind, seed: u64) -> Result<Dataset, NoCorpus> {
        match kind.task() {
            Some(task) => {
                let probe = task.example();
                let (train, heldout) = split(probe, task.generate(seed), seed, heldout_size);
                let src_vocab = Vocab::new(task.source_words());
                let tgt_vocab = Vocab::new(task.target_words());
                Ok(Self::assemble(kind, src_vocab, tgt_vocab, train, heldout))
            }
            None => {
                let corpus = corpus::corpus(kind).ok_or(NoCorpus(kind))?;
                Ok(Self::from_corpus(&corpus, seed))
            }
        }
    }

    /// A real task: the corpus's first pair is the probe, and the
    /// vocabularies are the train split's words seen at least
    /// [`MIN_WORD_COUNT`] times; the rest are `<unk>`. The reader's own pairs
    /// are few: every word of their train split is known, and a tenth (at
    /// least one pair) is held out ([`small_heldout_size`]).
    pub fn from_corpus(corpus: &Corpus, seed: u64) -> Dataset {
        let pair = |p: &crate::corpus::CorpusPair| Pair {
            src: p.src.clone(),
            tgt: p.tgt.clone(),
            alignment: vec![None; p.tgt.len()],
        };
        let mut pairs: Vec<Pair> = corpus.pairs.iter().map(pair).collect();
        let rest = pairs.split_off(1);
        let probe = pairs.pop().expect("a parsed corpus has a pair");
        let (size, min_count): (fn(usize) -> usize, usize) = match corpus.task {
            TaskKind::Custom => (small_heldout_size, 1),
            _ => (heldout_size, MIN_WORD_COUNT),
        };
        let (train, heldout) = split(probe, rest, seed, size);
        let src_vocab = frequent_words(train.iter().map(|p| &p.src), min_count);
        let tgt_vocab = frequent_words(train.iter().map(|p| &p.tgt), min_count);
        let tgt_alt = other_spellings(corpus, &tgt_vocab);
        Dataset {
            tgt_alt,
            ..Self::assemble(corpus.task, src_vocab, tgt_vocab, train, heldout)
        }
    }

    fn assemble(
        kind: TaskKind,
        src_vocab: Vocab,
        tgt_vocab: Vocab,
        train: Vec<Pair>,
        heldout: Vec<Pair>,
    ) -> Dataset {
        let all = || train.iter().chain(&heldout);
        let max_src_len = all().map(|p| p.src.len()).max().unwrap_or(0);
        let max_tgt_len = all().map(|p| p.tgt.len()).max().unwrap_or(0);
        Dataset {
            kind,
            src_vocab,
            tgt_vocab,
            train,
            heldout,
            max_src_len,
            max_tgt_len,
            tgt_alt: Vec::new(),
        }
    }

    /// The probe sentence for the attention views: the task's example (a
    /// real task's: its corpus's first pair), which
    /// `build` puts first in the held-out split.
    pub fn probe(&self) -> &Pair {
        self.heldout
            .first()
            .or(self.train.first())
            .expect("a dataset has at least one pair")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sources(pairs: &[Pair]) -> HashSet<&Vec<String>> {
        pairs.iter().map(|p| &p.src).collect()
    }

    #[test]
    fn the_same_seed_gives_the_same_dataset_and_another_seed_does_not() {
        for kind in TaskKind::BUILT_IN {
            let (a, b, c) = (
                Dataset::build(kind, 42),
                Dataset::build(kind, 42),
                Dataset::build(kind, 43),
            );
            assert_eq!(
                (&a.train, &a.heldout, &a.src_vocab),
                (&b.train, &b.heldout, &b.src_vocab),
                "{kind}"
            );
            assert_ne!(a.train, c.train, "{kind}");
        }
    }

    #[test]
    fn train_and_heldout_share_no_source_sentence() {
        for kind in TaskKind::BUILT_IN {
            let d = Dataset::build(kind, 7);
            let (train, heldout) = (sources(&d.train), sources(&d.heldout));
            assert_eq!(train.len(), d.train.len(), "{kind}: duplicate in train");
            assert_eq!(
                heldout.len(),
                d.heldout.len(),
                "{kind}: duplicate in heldout"
            );
            assert!(train.is_disjoint(&heldout), "{kind}");
        }
    }

    #[test]
    fn heldout_is_ten_percent_clamped_and_starts_with_the_probe() {
        assert_eq!(
            (heldout_size(500), heldout_size(2000), heldout_size(6000)),
            (100, 200, 300)
        );
        for kind in TaskKind::BUILT_IN {
            let d = Dataset::build(kind, 1);
            let total = d.train.len() + d.heldout.len();
            assert_eq!(d.heldout.len(), heldout_size(total), "{kind}");
            let example = match kind.task() {
                Some(task) => task.example().src,
                None => corpus::corpus(kind).expect("shipped").pairs[0].src.clone(),
            };
            assert_eq!(d.probe().src, example, "{kind}");
        }
    }

    #[test]
    fn every_alignment_index_is_in_range_and_lengths_fit_the_maxima() {
        for kind in TaskKind::TOYS {
            let d = Dataset::build(kind, 2);
            for p in d.train.iter().chain(&d.heldout) {
                assert_eq!(p.alignment.len(), p.tgt.len(), "{kind}: {p:?}");
                assert!(
                    p.alignment.iter().flatten().all(|&i| i < p.src.len()),
                    "{kind}: {p:?}"
                );
                assert!(p.src.len() <= d.max_src_len && p.tgt.len() <= d.max_tgt_len);
            }
            assert!(d.max_src_len <= 12, "{kind}");
        }
    }

    #[test]
    fn vocabularies_hold_the_whole_lexicon_with_specials_first() {
        for kind in TaskKind::TOYS {
            let d = Dataset::build(kind, 3);
            let task = kind.toy();
            assert_eq!(&d.src_vocab.tokens()[..4], crate::vocab::SPECIALS);
            assert!(
                task.source_words()
                    .iter()
                    .all(|w| d.src_vocab.id(w).is_some()),
                "{kind}"
            );
            assert!(
                task.target_words()
                    .iter()
                    .all(|w| d.tgt_vocab.id(w).is_some()),
                "{kind}"
            );
        }
    }

    #[test]
    fn every_heldout_sentence_round_trips_through_the_tokenizer() {
        for kind in TaskKind::TOYS {
            let d = Dataset::build(kind, 4);
            for p in &d.heldout {
                for (vocab, words) in [(&d.src_vocab, &p.src), (&d.tgt_vocab, &p.tgt)] {
                    let encoded = vocab.encode(&words.join(" "));
                    assert!(encoded.is_clean(), "{kind}: {:?}", encoded.unknown);
                    assert_eq!(&vocab.decode(&encoded.ids), words, "{kind}");
                    assert_eq!(&vocab.encode_words(words).ids, &encoded.ids, "{kind}");
                }
            }
        }
    }

    #[test]
    fn a_real_task_knows_the_words_seen_twice_in_train_and_its_probe_has_no_unknown_word() {
        for kind in [TaskKind::RealEnJa, TaskKind::RealEnZh] {
            let d = Dataset::build(kind, 5);
            let mut counts: HashMap<&String, usize> = HashMap::new();
            for word in d.train.iter().flat_map(|p| &p.src) {
                *counts.entry(word).or_default() += 1;
            }
            for (word, count) in &counts {
                let known = d.src_vocab.id(word).is_some();
                assert_eq!(known, *count >= MIN_WORD_COUNT, "{kind}: {word} x{count}");
            }
            assert_eq!(
                d.src_vocab.len(),
                4 + counts.values().filter(|&&c| c >= 2).count()
            );
            let probe = d.probe();
            assert!(d.src_vocab.encode_words(&probe.src).is_clean(), "{kind}");
            assert!(d.tgt_vocab.encode_words(&probe.tgt).is_clean(), "{kind}");
            assert!(
                d.probe().alignment.iter().all(Option::is_none),
                "{kind}: no gold alignment"
            );
        }
    }

    #[test]
    fn the_readers_pairs_hold_out_a_tenth_and_know_every_train_word() {
        assert_eq!(
            (
                small_heldout_size(5),
                small_heldout_size(40),
                small_heldout_size(9000)
            ),
            (1, 4, HELDOUT_MAX)
        );
        let text: String = (0..12).map(|i| format!("word{i} x\tmot{i} y\n")).collect();
        let pairs = crate::corpus::parse_pairs(&text).expect("twelve pairs");
        let d = Dataset::from_corpus(&pairs.corpus, 3);
        assert_eq!((d.train.len(), d.heldout.len()), (11, 1));
        assert_eq!(
            d.probe().src,
            vec!["word0", "x"],
            "the first line is the probe"
        );
        for pair in &d.train {
            assert!(
                d.src_vocab.encode_words(&pair.src).is_clean(),
                "seen once is enough"
            );
        }
    }

    #[test]
    fn chinese_targets_know_their_traditional_spelling_and_the_others_have_none() {
        let zh = Dataset::build(TaskKind::RealEnZh, 1);
        assert_eq!(zh.tgt_alt.len(), zh.tgt_vocab.len());
        assert_eq!(&zh.tgt_alt[..4], crate::vocab::SPECIALS);
        let alt = |word: &str| &zh.tgt_alt[zh.tgt_vocab.id(word).expect("a common word") as usize];
        assert_eq!(
            (alt("这"), alt("书"), alt("是")),
            (&"這".to_string(), &"書".to_string(), &"是".to_string())
        );
        assert!(Dataset::build(TaskKind::RealEnJa, 1).tgt_alt.is_empty());
        assert!(Dataset::build(TaskKind::EnJa, 1).tgt_alt.is_empty());
    }
}
