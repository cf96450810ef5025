//! The reader's own sentence pairs, as a hostile file: any bytes give pairs
//! the lab can train on or a reason, never a panic (`parse_pairs_bytes`,
//! which the page and the worker both call). Pairs it accepts keep its
//! promises: at least `MIN_PAIRS` distinct sources, no empty side, no
//! sentence over `MAX_WORDS`, and a dataset whose train words are all known.
#![no_main]

use lab_tasks::corpus::{parse_pairs_bytes, Corpus, MAX_WORDS, MIN_PAIRS};
use lab_tasks::{Dataset, TaskKind};
use libfuzzer_sys::fuzz_target;
use std::collections::HashSet;

fuzz_target!(|data: &[u8]| {
    let Ok(pairs) = parse_pairs_bytes(data) else {
        return;
    };
    let corpus = &pairs.corpus;
    assert_eq!(corpus.task, TaskKind::Custom);
    assert!(corpus.pairs.len() >= MIN_PAIRS);
    let sources: HashSet<&Vec<String>> = corpus.pairs.iter().map(|p| &p.src).collect();
    assert_eq!(
        sources.len(),
        corpus.pairs.len(),
        "one pair per source sentence"
    );
    for pair in &corpus.pairs {
        for side in [&pair.src, &pair.tgt] {
            assert!(!side.is_empty() && side.len() <= MAX_WORDS);
            assert!(side
                .iter()
                .all(|w| !w.is_empty() && !w.contains(char::is_whitespace)));
        }
    }
    // What a run of them saves in its checkpoint reads back the same.
    let text = corpus.to_text(&[]);
    assert_eq!(Corpus::parse(TaskKind::Custom, &text).as_ref(), Ok(corpus));
    let dataset = Dataset::from_corpus(corpus, 42);
    assert!(!dataset.train.is_empty() && !dataset.heldout.is_empty());
    for pair in &dataset.train {
        assert!(dataset.src_vocab.encode_words(&pair.src).is_clean());
        assert!(dataset.tgt_vocab.encode_words(&pair.tgt).is_clean());
    }
});
