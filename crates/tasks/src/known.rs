//! Which words a model reads: its source vocabulary, with each word's count
//! in the run's training pairs, searchable; and for a word it does not read,
//! the known words nearest in spelling (edit distance, `strsim`).
//!
//! The worker counts ([`source_counts`]) and sends the counts with the
//! vocabulary (`lab_protocol::TaskFacts`); the page lists and searches them
//! with the functions here, so the list and the suggestions follow one rule.

use crate::dataset::Dataset;
use crate::vocab::{SPECIALS, UNK};

/// One word a model reads, and how often its training pairs hold it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KnownWord<'a> {
    pub word: &'a str,
    pub count: u32,
}

/// How many times each source token occurs in the training split's source
/// sentences, in id order. A word the vocabulary lacks counts toward
/// `<unk>`; the other specials count 0.
pub fn source_counts(data: &Dataset) -> Vec<u32> {
    let mut counts = vec![0u32; data.src_vocab.len()];
    for word in data.train.iter().flat_map(|pair| &pair.src) {
        let id = data.src_vocab.id(word).unwrap_or(UNK);
        counts[id as usize] = counts[id as usize].saturating_add(1);
    }
    counts
}

/// The words a reader can type (the vocabulary without its special
/// tokens) that contain `query`, most frequent first, ties in alphabetical
/// order. `counts` is in id order, as [`source_counts`] gives it; a token
/// without a count counts 0. An empty query matches every word.
pub fn known_words<'a>(tokens: &'a [String], counts: &[u32], query: &str) -> Vec<KnownWord<'a>> {
    let query = query.trim().to_lowercase();
    let mut words: Vec<KnownWord<'a>> = tokens
        .iter()
        .enumerate()
        .skip(SPECIALS.len())
        .filter(|(_, word)| word.to_lowercase().contains(&query))
        .map(|(id, word)| KnownWord {
            word,
            count: counts.get(id).copied().unwrap_or(0),
        })
        .collect();
    words.sort_by(|a, b| b.count.cmp(&a.count).then(a.word.cmp(b.word)));
    words
}

/// Up to `n` known words nearest in spelling to `word`: fewest edits
/// (Levenshtein) first, then the most frequent, then alphabetical. A word
/// more edits away than a third of its length (at least one edit) is not
/// near, so a word with no near neighbour gets none.
pub fn nearest_known<'a>(
    word: &str,
    tokens: &'a [String],
    counts: &[u32],
    n: usize,
) -> Vec<&'a str> {
    let word = word.to_lowercase();
    let within = (word.chars().count() / 3).max(1);
    let mut near: Vec<(usize, u32, &str)> = tokens
        .iter()
        .enumerate()
        .skip(SPECIALS.len())
        .filter_map(|(id, known)| {
            let edits = strsim::levenshtein(&word, known);
            (edits <= within && edits > 0)
                .then(|| (edits, counts.get(id).copied().unwrap_or(0), known.as_str()))
        })
        .collect();
    near.sort_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)).then(a.2.cmp(b.2)));
    near.into_iter()
        .take(n)
        .map(|(_, _, known)| known)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::corpus::{Corpus, CorpusPair};
    use crate::task::TaskKind;

    fn tokens(words: &[&str]) -> Vec<String> {
        SPECIALS
            .iter()
            .chain(words)
            .map(|w| w.to_string())
            .collect()
    }

    #[test]
    fn the_counts_are_the_training_splits_own_with_rare_words_under_unk() {
        let pair = |src: &str| CorpusPair {
            src: src.split(' ').map(str::to_string).collect(),
            tgt: vec!["x".to_string()],
            tgt_alt: None,
        };
        let mut pairs = vec![pair("probe")];
        pairs.extend((0..300).map(|i| pair(&format!("the dog saw w{i}"))));
        let corpus = Corpus {
            task: TaskKind::RealEnJa,
            pairs,
        };
        let data = Dataset::from_corpus(&corpus, 7);
        let counts = source_counts(&data);
        assert_eq!(counts.len(), data.src_vocab.len());
        let count = |w: &str| counts[data.src_vocab.id(w).expect("known") as usize];
        let train = data.train.len() as u32;
        assert!(train > 0 && train < 300, "some pairs are held out: {train}");
        assert_eq!(count("the"), train);
        assert_eq!(count("dog"), train);
        // Each w{i} occurs once, under the vocabulary's two: all are <unk>.
        assert_eq!(counts[UNK as usize], train);
        assert_eq!(
            counts.iter().map(|&c| c as usize).sum::<usize>(),
            4 * train as usize
        );
    }

    #[test]
    fn the_list_is_the_typable_words_most_frequent_first_and_the_search_narrows_it() {
        let tokens = tokens(&["dog", "the", "hot", "dogma"]);
        let counts = [0, 5, 0, 0, 3, 9, 1, 3];
        let all: Vec<(&str, u32)> = known_words(&tokens, &counts, "")
            .into_iter()
            .map(|k| (k.word, k.count))
            .collect();
        assert_eq!(all, [("the", 9), ("dog", 3), ("dogma", 3), ("hot", 1)]);
        let found: Vec<&str> = known_words(&tokens, &counts, " DOG ")
            .iter()
            .map(|k| k.word)
            .collect();
        assert_eq!(found, ["dog", "dogma"]);
        assert!(
            known_words(&tokens, &counts, "unk").is_empty(),
            "no special is listed"
        );
    }

    #[test]
    fn an_unknown_word_gets_the_known_words_a_few_edits_away_nearest_first() {
        let tokens = tokens(&["dog", "dig", "do", "cat", "station", "nation"]);
        let counts = [0, 0, 0, 0, 2, 1, 8, 4, 3, 1];
        assert_eq!(nearest_known("dogs", &tokens, &counts, 3), ["dog"]);
        // One edit each: the more frequent first.
        assert_eq!(nearest_known("dug", &tokens, &counts, 3), ["dog", "dig"]);
        assert_eq!(nearest_known("stations", &tokens, &counts, 2), ["station"]);
        assert_eq!(
            nearest_known("Stations", &tokens, &counts, 2),
            ["station"],
            "as the vocabulary reads it"
        );
        assert!(nearest_known("zebra", &tokens, &counts, 3).is_empty());
    }
}
