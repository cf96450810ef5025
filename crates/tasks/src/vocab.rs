//! Word-level vocabulary: a word ↔ id table with the special tokens first.
//!
//! Ids are positions in the token list: `<pad>` = 0, `<bos>` = 1, `<eos>` = 2,
//! `<unk>` = 3, then the lexicon's words in first-seen order. The model sees
//! `[BOS] ids… [EOS]`; this module only handles the words in between.
//!
//! Unknown words are never dropped: they become `<unk>` in place, so
//! `ids.len() == words.len()`, and are reported with their positions so the
//! Translate view can underline them. [`Encoded::labels`] names them as
//! typed (`<unk>:word`, [`unknown_as_typed`]) for the views' axes.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

// The special tokens are defined once, in `lab_math::tokens`, because the model
// masks and decodes with the same ids this table hands out.
pub use lab_math::tokens::{BOS, EOS, PAD, SPECIALS, UNK};

use lab_math::tokens::unknown_as_typed;

/// Punctuation that [`Vocab::encode`] splits off the end of a word, when the
/// vocabulary knows it as a token of its own.
const TRAILING_PUNCTUATION: [char; 5] = ['.', ',', '?', '!', '。'];

/// A word ↔ id table. Serialized as its token list; the index is rebuilt on load.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(from = "VocabTokens", into = "VocabTokens")]
pub struct Vocab {
    tokens: Vec<String>,
    index: HashMap<String, u32>,
    /// True when no token has an ASCII capital, so lookups may lowercase.
    lowercase: bool,
}

/// The serialized form of a [`Vocab`]: only what cannot be rebuilt.
#[derive(Clone, Serialize, Deserialize)]
struct VocabTokens {
    tokens: Vec<String>,
}

impl From<VocabTokens> for Vocab {
    fn from(data: VocabTokens) -> Self {
        Vocab::new(data.tokens.iter().map(String::as_str))
    }
}

impl From<Vocab> for VocabTokens {
    fn from(vocab: Vocab) -> Self {
        VocabTokens {
            tokens: vocab.tokens,
        }
    }
}

/// The result of tokenizing: ids (without BOS/EOS), the words they came from,
/// and the words that were not in the vocabulary.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Encoded {
    pub ids: Vec<u32>,
    pub words: Vec<String>,
    pub unknown: Vec<UnknownWord>,
}

/// A word that became `<unk>`, at `position` in [`Encoded::words`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UnknownWord {
    pub position: usize,
    pub word: String,
}

impl Encoded {
    /// True when every word was in the vocabulary.
    pub fn is_clean(&self) -> bool {
        self.unknown.is_empty()
    }

    /// What each position is shown as, one label per word: a known word as
    /// its token, an unknown one as [`unknown_as_typed`] (`<unk>:zyzzyva`),
    /// so the reader sees the word the model read as `<unk>`. Display only:
    /// [`ids`](Self::ids) still holds [`UNK`] there.
    pub fn labels(&self) -> Vec<String> {
        let mut labels = self.words.clone();
        for unknown in &self.unknown {
            if let Some(label) = labels.get_mut(unknown.position) {
                *label = unknown_as_typed(&unknown.word);
            }
        }
        labels
    }
}

impl Vocab {
    /// The specials, then `words` in first-seen order without duplicates.
    pub fn new<'a>(words: impl IntoIterator<Item = &'a str>) -> Self {
        let mut tokens: Vec<String> = Vec::new();
        let mut index = HashMap::new();
        for word in SPECIALS.into_iter().chain(words) {
            if !index.contains_key(word) {
                let id =
                    u32::try_from(tokens.len()).expect("a vocabulary has fewer than 2^32 words");
                index.insert(word.to_string(), id);
                tokens.push(word.to_string());
            }
        }
        let lowercase = !tokens
            .iter()
            .any(|t| t.chars().any(|c| c.is_ascii_uppercase()));
        Self {
            tokens,
            index,
            lowercase,
        }
    }

    /// Number of tokens, specials included.
    pub fn len(&self) -> usize {
        self.tokens.len()
    }

    /// Never true in practice: the specials are always there.
    pub fn is_empty(&self) -> bool {
        self.tokens.is_empty()
    }

    /// The id of `word`, exactly as spelled.
    pub fn id(&self, word: &str) -> Option<u32> {
        self.index.get(word).copied()
    }

    /// The spelling of `id`; `"<unk>"` for ids outside the table.
    pub fn token(&self, id: u32) -> &str {
        self.tokens
            .get(id as usize)
            .map_or(SPECIALS[UNK as usize], String::as_str)
    }

    /// All tokens, indexed by id.
    pub fn tokens(&self) -> &[String] {
        &self.tokens
    }

    /// Tokenizes user text: split on whitespace, then split trailing
    /// punctuation off a word when the punctuation is itself a token.
    pub fn encode(&self, text: &str) -> Encoded {
        let mut words = Vec::new();
        for chunk in text.split_whitespace() {
            let mut word = chunk;
            let mut trailing = Vec::new();
            // Peel "dog?!" into "dog", "?", "!" — but only known marks, so an
            // unknown "dog." stays one visible unknown word rather than vanishing.
            while let Some(last) = word.chars().last() {
                let mark = &word[word.len() - last.len_utf8()..];
                let rest = &word[..word.len() - last.len_utf8()];
                if rest.is_empty()
                    || !TRAILING_PUNCTUATION.contains(&last)
                    || self.id(mark).is_none()
                {
                    break;
                }
                trailing.push(mark.to_string());
                word = rest;
            }
            words.push(word.to_string());
            words.extend(trailing.into_iter().rev());
        }
        self.encode_words(&words)
    }

    /// Looks up already-split words. Unknown words become [`UNK`] in place.
    pub fn encode_words(&self, words: &[String]) -> Encoded {
        let mut encoded = Encoded {
            ids: Vec::with_capacity(words.len()),
            words: Vec::new(),
            unknown: Vec::new(),
        };
        for (position, word) in words.iter().enumerate() {
            let word = if self.lowercase {
                word.to_ascii_lowercase()
            } else {
                word.clone()
            };
            match self.id(&word) {
                Some(id) => encoded.ids.push(id),
                None => {
                    encoded.ids.push(UNK);
                    encoded.unknown.push(UnknownWord {
                        position,
                        word: word.clone(),
                    });
                }
            }
            encoded.words.push(word);
        }
        encoded
    }

    /// Turns model output back into words: stops at EOS, skips PAD and BOS.
    pub fn decode(&self, ids: &[u32]) -> Vec<String> {
        ids.iter()
            .take_while(|&&id| id != EOS)
            .filter(|&&id| id != PAD && id != BOS)
            .map(|&id| self.token(id).to_string())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn animals() -> Vocab {
        Vocab::new(["the", "cat", "dog", "cat", "runs", "."])
    }

    #[test]
    fn specials_come_first_then_words_in_first_seen_order_without_duplicates() {
        let v = animals();
        assert_eq!(
            v.tokens(),
            ["<pad>", "<bos>", "<eos>", "<unk>", "the", "cat", "dog", "runs", "."]
        );
        assert_eq!(v.id("<eos>"), Some(EOS));
        assert_eq!(v.id("cat"), Some(5));
        assert_eq!(v.len(), 9);
    }

    #[test]
    fn out_of_range_ids_read_as_unk() {
        assert_eq!(animals().token(999), "<unk>");
    }

    #[test]
    fn unknown_words_are_reported_with_positions_and_never_dropped() {
        let e = animals().encode("the tiger runs the zebra");
        assert_eq!(e.ids, [4, UNK, 7, 4, UNK]);
        assert_eq!(e.ids.len(), e.words.len());
        assert!(!e.is_clean());
        let reported: Vec<(usize, &str)> = e
            .unknown
            .iter()
            .map(|u| (u.position, u.word.as_str()))
            .collect();
        assert_eq!(reported, [(1, "tiger"), (4, "zebra")]);
    }

    #[test]
    fn labels_show_known_words_as_tokens_and_unknown_ones_as_typed() {
        let v = animals();
        let e = v.encode("The tiger runs the zebra .");
        assert_eq!(
            e.labels(),
            ["the", "<unk>:tiger", "runs", "the", "<unk>:zebra", "."]
        );
        assert_eq!(e.labels().len(), e.ids.len());
        for (label, &id) in e.labels().iter().zip(&e.ids) {
            if id != UNK {
                assert_eq!(label, v.token(id), "a known word is its token");
            }
        }
        // Typing the spelling of <unk> itself is a known token, not an unknown word.
        assert_eq!(v.encode("<unk> cat").labels(), ["<unk>", "cat"]);
        assert_eq!(v.encode("the cat").labels(), v.encode("the cat").words);
    }

    #[test]
    fn known_trailing_punctuation_is_split_off_and_unknown_punctuation_stays_attached() {
        let e = animals().encode("The cat runs.");
        assert_eq!(e.words, ["the", "cat", "runs", "."]);
        assert!(e.is_clean());
        let e = animals().encode("the dog runs?");
        assert_eq!(e.words, ["the", "dog", "runs?"]);
        assert_eq!(
            e.unknown,
            [UnknownWord {
                position: 2,
                word: "runs?".into()
            }]
        );
    }

    #[test]
    fn a_vocab_with_capitals_is_case_sensitive() {
        let v = Vocab::new(["Tokyo", "tokyo"]);
        assert_eq!(v.encode("Tokyo tokyo TOKYO").ids, [4, 5, UNK]);
    }

    #[test]
    fn decode_stops_at_eos_and_skips_pad_and_bos() {
        let v = animals();
        assert_eq!(
            v.decode(&[BOS, 4, 5, PAD, 7, EOS, 6]),
            ["the", "cat", "runs"]
        );
    }

    #[test]
    fn encode_then_decode_round_trips() {
        let v = animals();
        assert_eq!(
            v.decode(&v.encode("the cat runs .").ids).join(" "),
            "the cat runs ."
        );
    }

    #[test]
    fn the_serialized_token_list_rebuilds_an_equal_vocab() {
        // serde goes through `VocabTokens`, so this is the round trip it performs.
        let v = animals();
        let back = Vocab::from(VocabTokens::from(v.clone()));
        assert_eq!(back, v);
        assert_eq!(back.id("dog"), Some(6));
    }
}
