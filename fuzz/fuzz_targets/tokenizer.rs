//! Typed text → the task vocabulary's tokenizer and the Translate view's
//! verdict on it (empty / too long / unknown words / ok), the burn-free part
//! of translating: `lab_tasks::Vocab::encode`, as `lab_train`'s `read_input`
//! and the page's `check_input` call it.
//!
//! The first byte picks the vocabulary: copy, reverse, en-ja, or (3) one read
//! from the input's first line (its whitespace-separated words). The rest,
//! as UTF-8 (invalid bytes replaced), is the typed text. Properties:
//! - no text panics;
//! - one id per word, and the words are the text's chunks, in order, split
//!   only before known trailing punctuation (lowercased when the vocabulary
//!   has no capitals): nothing is dropped or invented;
//! - every unknown word is reported at its position, as `<unk>`, and every
//!   known word's id spells that word;
//! - the verdict is empty exactly when the text is blank, and too long exactly
//!   when it has more words than the limit;
//! - a vocabulary rebuilt from its token list (as the page does from the
//!   worker's `TaskFacts`) tokenizes the same way.

#![no_main]

use std::sync::OnceLock;

use lab_protocol::TaskFacts;
use lab_tasks::{TaskKind, Vocab, SPECIALS, UNK};
use libfuzzer_sys::fuzz_target;

use lab_math::limits::MAX_INPUT_WORDS;

/// A task's source vocabulary, and the page's copy of it: rebuilt from the
/// token list the worker sends in `TaskFacts`.
fn task_vocab(i: usize) -> &'static (Vocab, Vocab) {
    static VOCABS: OnceLock<Vec<(Vocab, Vocab)>> = OnceLock::new();
    &VOCABS.get_or_init(|| {
        TaskKind::TOYS
            .iter()
            .map(|kind| {
                let vocab = Vocab::new(kind.toy().source_words());
                let rebuilt = page_copy(&vocab);
                (vocab, rebuilt)
            })
            .collect()
    })[i]
}

fn page_copy(vocab: &Vocab) -> Vocab {
    let facts = TaskFacts {
        src_vocab: vocab.tokens().to_vec(),
        ..Default::default()
    };
    let rebuilt = facts.src_vocab();
    assert_eq!(rebuilt.tokens(), vocab.tokens());
    rebuilt
}

#[derive(Debug, PartialEq)]
enum Verdict {
    Empty,
    TooLong,
    Unknown,
    Ok,
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let input = String::from_utf8_lossy(rest);
    let custom;
    let (vocab, rebuilt, text) = match pick % 4 {
        3 => {
            let (head, text) = input.split_once('\n').unwrap_or((&input, ""));
            let vocab = Vocab::new(head.split_whitespace());
            custom = (page_copy(&vocab), vocab);
            (&custom.1, &custom.0, text)
        }
        i => {
            let (vocab, rebuilt) = task_vocab(i as usize);
            (vocab, rebuilt, &*input)
        }
    };
    check(vocab, text);
    assert_eq!(rebuilt.encode(text), vocab.encode(text));
});

fn check(vocab: &Vocab, text: &str) {
    assert!(vocab.tokens().starts_with(&SPECIALS.map(String::from)));
    let lowercase = !vocab
        .tokens()
        .iter()
        .any(|t| t.chars().any(|c| c.is_ascii_uppercase()));
    let encoded = vocab.encode(text);

    assert_eq!(encoded.ids.len(), encoded.words.len(), "one id per word");
    let chunks: String = text
        .split_whitespace()
        .map(|c| {
            if lowercase {
                c.to_ascii_lowercase()
            } else {
                c.to_string()
            }
        })
        .collect();
    assert_eq!(
        encoded.words.concat(),
        chunks,
        "nothing dropped or invented"
    );
    assert!(encoded.words.len() >= text.split_whitespace().count());
    for word in &encoded.words {
        assert!(!word.is_empty() && !word.contains(char::is_whitespace));
    }

    let mut unknown = encoded.unknown.iter().peekable();
    for (position, (word, &id)) in encoded.words.iter().zip(&encoded.ids).enumerate() {
        match unknown.next_if(|u| u.position == position) {
            Some(u) => {
                assert_eq!((&u.word, id), (word, UNK), "unknown word at {position}");
                assert_eq!(vocab.id(word), None);
            }
            None => {
                assert_eq!(vocab.token(id), word, "id {id} spells the word");
                assert_eq!(vocab.id(word), Some(id));
            }
        }
    }
    assert!(unknown.next().is_none(), "unknown words in order, in range");

    // The verdict, as `read_input` and the page's `check_input` decide it.
    let verdict = if encoded.words.is_empty() {
        Verdict::Empty
    } else if encoded.words.len() > MAX_INPUT_WORDS {
        Verdict::TooLong
    } else if !encoded.is_clean() {
        Verdict::Unknown
    } else {
        Verdict::Ok
    };
    assert_eq!(verdict == Verdict::Empty, text.trim().is_empty());
    if verdict == Verdict::Ok {
        // What the model would be fed decodes back to the typed words, unless
        // the text names a special token (`<eos>` ends decoding early).
        let specials = encoded.ids.iter().any(|&id| (id as usize) < SPECIALS.len());
        if !specials {
            assert_eq!(vocab.decode(&encoded.ids), encoded.words);
        }
    }
}
