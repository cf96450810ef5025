//! A [`Dataset`]: one task's vocabularies, train split and held-out split.
//!
//! The split is disjoint by source sentence, so held-out scores measure
//! generalisation to sentences the model has never seen, not memorisation.
//! Held-out size = 10% of the generated pairs, clamped to `100..=300`.
//! Invariant: `heldout[0]` is the task's fixed example, the probe sentence the
//! attention views show, so the views always show a sentence never trained on.

use std::collections::HashSet;

use serde::{Deserialize, Serialize};

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
}

/// How many of `total` pairs to hold out.
pub fn heldout_size(total: usize) -> usize {
    (total / 10).clamp(HELDOUT_MIN, HELDOUT_MAX).min(total)
}

impl Dataset {
    /// Generates the task's pairs, shuffles them with `seed` and splits them.
    /// The same `(kind, seed)` always gives the same dataset.
    pub fn build(kind: TaskKind, seed: u64) -> Dataset {
        let task = kind.task();
        let probe = task.example();
        let mut pairs = task.generate(seed);
        Rng::new(seed ^ SHUFFLE_SALT).shuffle(&mut pairs);

        // One pair per source sentence, and the probe only in the held-out split.
        let mut seen: HashSet<Vec<String>> = HashSet::from([probe.src.clone()]);
        pairs.retain(|pair| seen.insert(pair.src.clone()));

        let n_heldout = heldout_size(pairs.len() + 1);
        let train = pairs.split_off(n_heldout - 1);
        let mut heldout = vec![probe];
        heldout.append(&mut pairs);

        let all = || train.iter().chain(&heldout);
        let max_src_len = all()
            .map(|p| p.src.len())
            .max()
            .expect("the probe is always there");
        let max_tgt_len = all()
            .map(|p| p.tgt.len())
            .max()
            .expect("the probe is always there");
        Dataset {
            kind,
            src_vocab: Vocab::new(task.source_words()),
            tgt_vocab: Vocab::new(task.target_words()),
            train,
            heldout,
            max_src_len,
            max_tgt_len,
        }
    }

    /// The probe sentence for the attention views: the task's example, which
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
        for kind in TaskKind::ALL {
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
        for kind in TaskKind::ALL {
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
        for kind in TaskKind::ALL {
            let d = Dataset::build(kind, 1);
            let total = d.train.len() + d.heldout.len();
            assert_eq!(d.heldout.len(), heldout_size(total), "{kind}");
            assert_eq!(d.probe(), &kind.task().example(), "{kind}");
        }
    }

    #[test]
    fn every_alignment_index_is_in_range_and_lengths_fit_the_maxima() {
        for kind in TaskKind::ALL {
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
        for kind in TaskKind::ALL {
            let d = Dataset::build(kind, 3);
            let task = kind.task();
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
        for kind in TaskKind::ALL {
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
}
