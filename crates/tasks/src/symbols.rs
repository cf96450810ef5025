//! The copy and reverse tasks: sequences of symbols from a 20-letter alphabet.
//!
//! Copy: `y = x`, so the gold alignment is the diagonal `j → j`.
//! Reverse: `y_j = x_{n-1-j}`, so the gold alignment is the anti-diagonal
//! `j → n-1-j`, which a class can watch cross-attention discover.

use std::collections::HashSet;

use crate::rng::Rng;
use crate::task::{Pair, Task, TaskKind};

/// The alphabet: the single letters "a" to "t".
pub const SYMBOLS: [&str; 20] = [
    "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p", "q", "r", "s",
    "t",
];
/// Shortest and longest source sequence.
pub const SYMBOL_LEN: std::ops::RangeInclusive<usize> = 3..=10;
/// How many distinct pairs `generate` makes.
pub const SYMBOL_PAIRS: usize = 20000;
/// The probe sequence: distinct letters, so each attention peak is unambiguous.
const PROBE: &str = "p l a n e t s";

/// Copy the source.
#[derive(Clone, Copy, Debug, Default)]
pub struct CopyTask;

/// Reverse the source.
#[derive(Clone, Copy, Debug, Default)]
pub struct ReverseTask;

/// The pair for `src` under copy (`reverse = false`) or reverse.
fn symbol_pair(src: Vec<String>, reverse: bool) -> Pair {
    let n = src.len();
    let (tgt, alignment) = if reverse {
        (
            src.iter().rev().cloned().collect(),
            (0..n).map(|j| Some(n - 1 - j)).collect(),
        )
    } else {
        (src.clone(), (0..n).map(Some).collect())
    };
    Pair {
        src,
        tgt,
        alignment,
    }
}

/// `SYMBOL_PAIRS` distinct random sequences; lengths are uniform in `SYMBOL_LEN`.
fn symbol_pairs(seed: u64, reverse: bool) -> Vec<Pair> {
    let mut rng = Rng::new(seed);
    let mut seen = HashSet::new();
    let mut pairs = Vec::with_capacity(SYMBOL_PAIRS);
    while pairs.len() < SYMBOL_PAIRS {
        let len = SYMBOL_LEN.start() + rng.below(SYMBOL_LEN.end() - SYMBOL_LEN.start() + 1);
        let src: Vec<String> = (0..len)
            .map(|_| SYMBOLS[rng.below(SYMBOLS.len())].to_string())
            .collect();
        if seen.insert(src.clone()) {
            pairs.push(symbol_pair(src, reverse));
        }
    }
    pairs
}

fn probe(reverse: bool) -> Pair {
    symbol_pair(PROBE.split(' ').map(str::to_string).collect(), reverse)
}

impl Task for CopyTask {
    fn kind(&self) -> TaskKind {
        TaskKind::Copy
    }
    fn source_words(&self) -> Vec<&'static str> {
        SYMBOLS.to_vec()
    }
    fn target_words(&self) -> Vec<&'static str> {
        SYMBOLS.to_vec()
    }
    fn generate(&self, seed: u64) -> Vec<Pair> {
        symbol_pairs(seed, false)
    }
    fn example(&self) -> Pair {
        probe(false)
    }
}

impl Task for ReverseTask {
    fn kind(&self) -> TaskKind {
        TaskKind::Reverse
    }
    fn source_words(&self) -> Vec<&'static str> {
        SYMBOLS.to_vec()
    }
    fn target_words(&self) -> Vec<&'static str> {
        SYMBOLS.to_vec()
    }
    fn generate(&self, seed: u64) -> Vec<Pair> {
        symbol_pairs(seed, true)
    }
    fn example(&self) -> Pair {
        probe(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copy_targets_equal_sources_with_diagonal_alignment() {
        for pair in CopyTask.generate(1).iter().take(200) {
            assert_eq!(pair.tgt, pair.src);
            assert!(pair
                .alignment
                .iter()
                .enumerate()
                .all(|(j, a)| *a == Some(j)));
        }
    }

    #[test]
    fn reverse_targets_are_reversed_with_anti_diagonal_alignment() {
        let pair = ReverseTask.example();
        assert_eq!(pair.tgt.join(" "), "s t e n a l p");
        assert_eq!(pair.alignment, [6, 5, 4, 3, 2, 1, 0].map(Some));
        for pair in ReverseTask.generate(1).iter().take(200) {
            let n = pair.src.len();
            assert!((0..n).all(
                |j| pair.tgt[j] == pair.src[n - 1 - j] && pair.alignment[j] == Some(n - 1 - j)
            ));
        }
    }

    #[test]
    fn generates_distinct_sequences_of_allowed_lengths_and_symbols() {
        let pairs = ReverseTask.generate(5);
        assert_eq!(pairs.len(), SYMBOL_PAIRS);
        let distinct: HashSet<&Vec<String>> = pairs.iter().map(|p| &p.src).collect();
        assert_eq!(distinct.len(), pairs.len());
        for pair in &pairs {
            assert!(SYMBOL_LEN.contains(&pair.src.len()));
            assert!(pair.src.iter().all(|w| SYMBOLS.contains(&w.as_str())));
        }
        let lengths: HashSet<usize> = pairs.iter().map(|p| p.src.len()).collect();
        assert_eq!(
            lengths.len(),
            SYMBOL_LEN.count(),
            "every length should occur"
        );
    }
}
