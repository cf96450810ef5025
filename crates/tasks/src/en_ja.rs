//! The miniature English → Japanese grammar: SVO sentences in, SOV sentences out.
//!
//! English puts the verb second; Japanese puts it last and marks each noun with a
//! particle instead (は topic, を object, に recipient or destination):
//!
//! ```text
//! the big dog sees a small cat   →   大きい 犬 は 小さい 猫 を 見る
//!  0   1   2   3   4   5    6         1     2  -  5     6  -  3
//! ```
//!
//! The second row is the gold alignment (target → source). Particles get `None`,
//! and articles and "to" are simply never referenced. This reordering is what
//! makes cross-attention non-monotonic, which is the interesting part.

use std::collections::HashSet;

use crate::lexicon::{
    english_words, find_adjective, find_noun, find_verb, japanese_words, Adjective, Frame, Noun,
    Verb, ADJECTIVES, NI, NOUNS, TO, VERBS, WA, WO,
};
use crate::rng::Rng;
use crate::task::{Pair, Task, TaskKind};

/// How many distinct pairs `generate` aims for.
pub const EN_JA_PAIRS: usize = 6000;
/// Sampling gives up after this many tries per wanted pair (the grammar has far
/// more sentences than that, so this only guards against an infinite loop).
const TRIES_PER_PAIR: usize = 50;
/// Probability that a noun gets an adjective.
const ADJECTIVE_CHANCE: f64 = 0.5;

/// Past or present; English uses the 3rd person singular for the present.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tense {
    Present,
    Past,
}

/// "the big dog": an article, an optional adjective and a noun.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NounPhrase {
    pub definite: bool,
    pub adjective: Option<&'static Adjective>,
    pub noun: &'static Noun,
}

/// One sentence of the grammar, before it is spelled out in either language.
/// `object` is the direct object or, for motion verbs, the destination.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sentence {
    pub subject: NounPhrase,
    pub verb: &'static Verb,
    pub tense: Tense,
    pub object: Option<NounPhrase>,
    pub recipient: Option<NounPhrase>,
}

/// Builds both sides of a pair word by word, recording the alignment as it goes.
#[derive(Default)]
struct PairBuilder {
    pair: Pair,
}

/// Where a noun phrase's translatable words landed in the English sentence.
#[derive(Clone, Copy)]
struct Placed {
    adjective: Option<usize>,
    noun: usize,
}

impl PairBuilder {
    fn en(&mut self, word: &str) -> usize {
        self.pair.src.push(word.to_string());
        self.pair.src.len() - 1
    }

    fn en_phrase(&mut self, np: &NounPhrase) -> Placed {
        // "an" before a vowel sound; in this lexicon, a written vowel.
        let next = np.adjective.map_or(np.noun.en, |a| a.en);
        let article = match (np.definite, next.starts_with(['a', 'e', 'i', 'o', 'u'])) {
            (true, _) => "the",
            (false, false) => "a",
            (false, true) => "an",
        };
        self.en(article);
        let adjective = np.adjective.map(|a| self.en(a.en));
        Placed {
            adjective,
            noun: self.en(np.noun.en),
        }
    }

    fn ja(&mut self, word: &str, source: Option<usize>) {
        self.pair.tgt.push(word.to_string());
        self.pair.alignment.push(source);
    }

    /// Japanese has no articles: adjective, noun, then the particle.
    fn ja_phrase(&mut self, np: &NounPhrase, placed: Placed, particle: &str) {
        if let (Some(a), Some(i)) = (np.adjective, placed.adjective) {
            self.ja(a.ja, Some(i));
        }
        self.ja(np.noun.ja, Some(placed.noun));
        self.ja(particle, None);
    }
}

impl Sentence {
    /// Spells the sentence out in English and Japanese with its gold alignment.
    ///
    /// # Panics
    /// If the objects do not match the verb's frame (for example a transitive
    /// verb without an object).
    pub fn to_pair(&self) -> Pair {
        let frame = self.verb.frame;
        let needs_object = frame != Frame::Intransitive;
        let needs_recipient = frame == Frame::Ditransitive;
        assert!(
            self.object.is_some() == needs_object && self.recipient.is_some() == needs_recipient,
            "verb {:?} ({frame:?}) got object {:?} and recipient {:?}",
            self.verb.en_present,
            self.object.map(|o| o.noun.en),
            self.recipient.map(|r| r.noun.en),
        );
        let (en_verb, ja_verb) = match self.tense {
            Tense::Present => (self.verb.en_present, self.verb.ja_present),
            Tense::Past => (self.verb.en_past, self.verb.ja_past),
        };

        // English, SVO: subject verb [object] [to recipient | to place].
        let mut b = PairBuilder::default();
        let subject = b.en_phrase(&self.subject);
        let verb = b.en(en_verb);
        let mut object = None;
        let mut recipient = None;
        if frame == Frame::Motion {
            b.en(TO);
        }
        if let Some(np) = &self.object {
            object = Some(b.en_phrase(np));
        }
        if let Some(np) = &self.recipient {
            b.en(TO);
            recipient = Some(b.en_phrase(np));
        }

        // Japanese, SOV: subject は [recipient に] [object を | place に] verb.
        b.ja_phrase(&self.subject, subject, WA);
        if let (Some(np), Some(placed)) = (&self.recipient, recipient) {
            b.ja_phrase(np, placed, NI);
        }
        if let (Some(np), Some(placed)) = (&self.object, object) {
            b.ja_phrase(np, placed, if frame == Frame::Motion { NI } else { WO });
        }
        b.ja(ja_verb, Some(verb));
        b.pair
    }

    /// A random sentence whose nouns suit the verb.
    pub fn random(rng: &mut Rng) -> Sentence {
        let verb = rng.choose(&VERBS).expect("the lexicon has verbs");
        let tense = if rng.chance(0.5) {
            Tense::Past
        } else {
            Tense::Present
        };
        let mut phrase = |class: u8| (class != 0).then(|| random_phrase(rng, class));
        let subject = phrase(verb.subject).expect("every verb has a subject class");
        let object = phrase(if verb.frame == Frame::Intransitive {
            0
        } else {
            verb.object
        });
        let recipient = phrase(verb.recipient);
        Sentence {
            subject,
            verb,
            tense,
            object,
            recipient,
        }
    }
}

/// A random noun of `class`, with a random article and maybe an adjective that fits.
fn random_phrase(rng: &mut Rng, class: u8) -> NounPhrase {
    let nouns: Vec<&'static Noun> = NOUNS.iter().filter(|n| n.class & class != 0).collect();
    let noun = *rng
        .choose(&nouns)
        .expect("every argument class has nouns (tested in lexicon)");
    let definite = rng.chance(0.5);
    let adjective = if rng.chance(ADJECTIVE_CHANCE) {
        let fitting: Vec<&'static Adjective> = ADJECTIVES
            .iter()
            .filter(|a| a.fits & noun.class != 0)
            .collect();
        rng.choose(&fitting).copied()
    } else {
        None
    };
    NounPhrase {
        definite,
        adjective,
        noun,
    }
}

/// A noun phrase from English words, for fixed examples: `("the", Some("big"), "dog")`.
///
/// # Panics
/// If a word is not in the lexicon.
pub fn phrase(article: &str, adjective: Option<&str>, noun: &str) -> NounPhrase {
    NounPhrase {
        definite: article == "the",
        adjective: adjective
            .map(|a| find_adjective(a).expect("example adjective is in the lexicon")),
        noun: find_noun(noun).expect("example noun is in the lexicon"),
    }
}

/// English → Japanese translation.
#[derive(Clone, Copy, Debug, Default)]
pub struct EnJaTask;

impl Task for EnJaTask {
    fn kind(&self) -> TaskKind {
        TaskKind::EnJa
    }
    fn source_words(&self) -> Vec<&'static str> {
        english_words()
    }
    fn target_words(&self) -> Vec<&'static str> {
        japanese_words()
    }
    fn generate(&self, seed: u64) -> Vec<Pair> {
        let mut rng = Rng::new(seed);
        let mut seen = HashSet::new();
        let mut pairs = Vec::with_capacity(EN_JA_PAIRS);
        for _ in 0..EN_JA_PAIRS * TRIES_PER_PAIR {
            if pairs.len() == EN_JA_PAIRS {
                break;
            }
            let pair = Sentence::random(&mut rng).to_pair();
            if seen.insert(pair.src.clone()) {
                pairs.push(pair);
            }
        }
        pairs
    }
    /// "the big dog sees a small cat" → "大きい 犬 は 小さい 猫 を 見る".
    fn example(&self) -> Pair {
        Sentence {
            subject: phrase("the", Some("big"), "dog"),
            verb: find_verb("sees").expect("sees is in the lexicon"),
            tense: Tense::Present,
            object: Some(phrase("a", Some("small"), "cat")),
            recipient: None,
        }
        .to_pair()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sentence(
        subject: NounPhrase,
        verb: &str,
        tense: Tense,
        object: Option<NounPhrase>,
        recipient: Option<NounPhrase>,
    ) -> Pair {
        let verb = find_verb(verb).expect("test verb");
        Sentence {
            subject,
            verb,
            tense,
            object,
            recipient,
        }
        .to_pair()
    }

    fn text(words: &[String]) -> String {
        words.join(" ")
    }

    #[test]
    fn the_worked_example_is_translated_exactly() {
        let pair = EnJaTask.example();
        assert_eq!(text(&pair.src), "the big dog sees a small cat");
        assert_eq!(text(&pair.tgt), "大きい 犬 は 小さい 猫 を 見る");
        assert_eq!(
            pair.alignment,
            [Some(1), Some(2), None, Some(5), Some(6), None, Some(3)]
        );
    }

    #[test]
    fn intransitive_sentences_are_subject_wa_verb() {
        let pair = sentence(
            phrase("the", None, "cat"),
            "runs",
            Tense::Present,
            None,
            None,
        );
        assert_eq!(
            (text(&pair.src), text(&pair.tgt)),
            ("the cat runs".into(), "猫 は 走る".into())
        );
        assert_eq!(pair.alignment, [Some(1), None, Some(2)]);
    }

    #[test]
    fn ditransitive_puts_the_recipient_with_ni_before_the_object_with_wo() {
        let pair = sentence(
            phrase("the", None, "girl"),
            "gives",
            Tense::Present,
            Some(phrase("a", None, "book")),
            Some(phrase("the", None, "boy")),
        );
        assert_eq!(text(&pair.src), "the girl gives a book to the boy");
        assert_eq!(text(&pair.tgt), "女の子 は 男の子 に 本 を あげる");
        assert_eq!(
            pair.alignment,
            [Some(1), None, Some(7), None, Some(4), None, Some(2)]
        );
    }

    #[test]
    fn motion_marks_the_destination_with_ni_and_past_tense_changes_both_verbs() {
        let pair = sentence(
            phrase("the", None, "boy"),
            "goes",
            Tense::Present,
            Some(phrase("the", None, "school")),
            None,
        );
        assert_eq!(text(&pair.src), "the boy goes to the school");
        assert_eq!(text(&pair.tgt), "男の子 は 学校 に 行く");
        assert_eq!(pair.alignment, [Some(1), None, Some(5), None, Some(2)]);
        let pair = sentence(
            phrase("a", Some("old"), "horse"),
            "saw",
            Tense::Past,
            Some(phrase("an", None, "apple")),
            None,
        );
        assert_eq!(text(&pair.src), "an old horse saw an apple");
        assert_eq!(text(&pair.tgt), "古い 馬 は りんご を 見た");
    }

    #[test]
    fn generates_thousands_of_distinct_short_sentences() {
        let pairs = EnJaTask.generate(11);
        assert!(pairs.len() >= 3000, "only {} pairs", pairs.len());
        let distinct: HashSet<&Vec<String>> = pairs.iter().map(|p| &p.src).collect();
        assert_eq!(distinct.len(), pairs.len());
        assert!(pairs.iter().all(|p| p.src.len() <= 12));
    }

    #[test]
    fn every_alignment_links_a_word_to_its_lexicon_translation_and_particles_to_nothing() {
        let lexicon: Vec<(&str, &str)> = ADJECTIVES
            .iter()
            .map(|a| (a.en, a.ja))
            .chain(NOUNS.iter().map(|n| (n.en, n.ja)))
            .chain(
                VERBS
                    .iter()
                    .flat_map(|v| [(v.en_present, v.ja_present), (v.en_past, v.ja_past)]),
            )
            .collect();
        for pair in EnJaTask.generate(3).iter().take(1000) {
            assert_eq!(pair.alignment.len(), pair.tgt.len());
            for (j, link) in pair.alignment.iter().enumerate() {
                let ja = pair.tgt[j].as_str();
                match link {
                    None => assert!([WA, WO, NI].contains(&ja), "{ja} is unaligned in {pair:?}"),
                    Some(i) => {
                        let en = pair.src.get(*i).expect("alignment index in range");
                        assert!(lexicon.contains(&(en.as_str(), ja)), "{en} ↛ {ja}");
                    }
                }
            }
            // The verb comes last in Japanese (SOV).
            let last = pair
                .alignment
                .last()
                .copied()
                .flatten()
                .expect("the verb is aligned");
            assert!(find_verb(&pair.src[last]).is_some());
        }
    }
}
