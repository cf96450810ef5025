//! The fixed English ↔ Japanese lexicon of the miniature translation task.
//!
//! Each entry pairs an English word with a real Japanese word. Nouns carry a
//! semantic class (person, animal, thing, …) and each verb says which classes it
//! takes as subject and objects, so the grammar says "the boy reads a book"
//! rather than "the river reads a cat". Every verb has a present (3rd person
//! singular) and a past form, which doubles the verbs: sees/saw → 見る/見た.

/// Semantic classes of nouns, as bit flags so a verb can accept several.
pub const PERSON: u8 = 1;
pub const ANIMAL: u8 = 2;
pub const THING: u8 = 4;
pub const FOOD: u8 = 8;
pub const PLACE: u8 = 16;
/// Things made of writing (a subset of `THING`): what one reads, writes or sends.
pub const TEXT: u8 = 32;
/// People and animals: what can run, sleep or go somewhere.
pub const ANIMATE: u8 = PERSON | ANIMAL;

/// English articles. Japanese has none, so they are never translated.
pub const ARTICLES: [&str; 3] = ["the", "a", "an"];
/// The English preposition before a recipient or a destination; Japanese uses に
/// after the noun instead, so "to" is never translated either.
pub const TO: &str = "to";
/// Topic particle: marks the subject.
pub const WA: &str = "は";
/// Object particle: marks the direct object.
pub const WO: &str = "を";
/// Dative / destination particle: marks the recipient or the place gone to.
pub const NI: &str = "に";

/// A noun and its semantic class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Noun {
    pub en: &'static str,
    pub ja: &'static str,
    pub class: u8,
}

/// An adjective and the noun classes it sensibly describes. In both languages it
/// comes before the noun.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Adjective {
    pub en: &'static str,
    pub ja: &'static str,
    pub fits: u8,
}

/// The sentence shape a verb builds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Frame {
    /// S V: "the cat runs" → "猫 は 走る".
    Intransitive,
    /// S V O: "the dog sees a cat" → "犬 は 猫 を 見る".
    Transitive,
    /// S V O to R: "the girl gives a book to the boy" → "女の子 は 男の子 に 本 を あげる".
    Ditransitive,
    /// S V to P: "the boy goes to the school" → "男の子 は 学校 に 行く".
    Motion,
}

/// A verb in both tenses, with the noun classes of its arguments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verb {
    pub en_present: &'static str,
    pub en_past: &'static str,
    pub ja_present: &'static str,
    pub ja_past: &'static str,
    pub frame: Frame,
    pub subject: u8,
    /// The direct object (transitive, ditransitive) or the destination (motion).
    pub object: u8,
    /// The recipient (ditransitive only).
    pub recipient: u8,
}

const fn noun(en: &'static str, ja: &'static str, class: u8) -> Noun {
    Noun { en, ja, class }
}

const fn adj(en: &'static str, ja: &'static str, fits: u8) -> Adjective {
    Adjective { en, ja, fits }
}

const fn verb(en: [&'static str; 2], ja: [&'static str; 2], frame: Frame, args: [u8; 3]) -> Verb {
    Verb {
        en_present: en[0],
        en_past: en[1],
        ja_present: ja[0],
        ja_past: ja[1],
        frame,
        subject: args[0],
        object: args[1],
        recipient: args[2],
    }
}

pub const NOUNS: [Noun; 23] = [
    noun("boy", "男の子", PERSON),
    noun("girl", "女の子", PERSON),
    noun("teacher", "先生", PERSON),
    noun("student", "学生", PERSON),
    noun("doctor", "医者", PERSON),
    noun("dog", "犬", ANIMAL),
    noun("cat", "猫", ANIMAL),
    noun("bird", "鳥", ANIMAL),
    noun("horse", "馬", ANIMAL),
    noun("book", "本", THING | TEXT),
    noun("letter", "手紙", THING | TEXT),
    noun("ball", "ボール", THING),
    noun("flower", "花", THING),
    noun("pen", "ペン", THING),
    noun("apple", "りんご", FOOD),
    noun("bread", "パン", FOOD),
    noun("cake", "ケーキ", FOOD),
    noun("school", "学校", PLACE),
    noun("park", "公園", PLACE),
    noun("station", "駅", PLACE),
    noun("house", "家", PLACE),
    noun("river", "川", PLACE),
    noun("library", "図書館", PLACE),
];

pub const ADJECTIVES: [Adjective; 10] = [
    adj("big", "大きい", ANIMATE | THING | FOOD | PLACE),
    adj("small", "小さい", ANIMATE | THING | FOOD | PLACE),
    adj("white", "白い", ANIMAL | THING),
    adj("black", "黒い", ANIMAL | THING),
    adj("red", "赤い", THING | FOOD),
    adj("new", "新しい", THING | PLACE),
    adj("old", "古い", THING | PLACE),
    adj("young", "若い", PERSON),
    adj("kind", "優しい", PERSON),
    adj("quiet", "静かな", PERSON | PLACE),
];

use Frame::{Ditransitive, Intransitive, Motion, Transitive};

pub const VERBS: [Verb; 19] = [
    verb(
        ["runs", "ran"],
        ["走る", "走った"],
        Intransitive,
        [ANIMATE, 0, 0],
    ),
    verb(
        ["sleeps", "slept"],
        ["寝る", "寝た"],
        Intransitive,
        [ANIMATE, 0, 0],
    ),
    verb(
        ["walks", "walked"],
        ["歩く", "歩いた"],
        Intransitive,
        [ANIMATE, 0, 0],
    ),
    verb(
        ["swims", "swam"],
        ["泳ぐ", "泳いだ"],
        Intransitive,
        [ANIMATE, 0, 0],
    ),
    verb(
        ["sings", "sang"],
        ["歌う", "歌った"],
        Intransitive,
        [ANIMATE, 0, 0],
    ),
    verb(
        ["laughs", "laughed"],
        ["笑う", "笑った"],
        Intransitive,
        [PERSON, 0, 0],
    ),
    verb(
        ["sees", "saw"],
        ["見る", "見た"],
        Transitive,
        [ANIMATE, ANIMATE | THING | FOOD, 0],
    ),
    verb(
        ["eats", "ate"],
        ["食べる", "食べた"],
        Transitive,
        [ANIMATE, FOOD, 0],
    ),
    verb(
        ["reads", "read"],
        ["読む", "読んだ"],
        Transitive,
        [PERSON, TEXT, 0],
    ),
    verb(
        ["writes", "wrote"],
        ["書く", "書いた"],
        Transitive,
        [PERSON, TEXT, 0],
    ),
    verb(
        ["buys", "bought"],
        ["買う", "買った"],
        Transitive,
        [PERSON, THING | FOOD, 0],
    ),
    verb(
        ["finds", "found"],
        ["見つける", "見つけた"],
        Transitive,
        [ANIMATE, ANIMATE | THING | FOOD, 0],
    ),
    verb(
        ["chases", "chased"],
        ["追いかける", "追いかけた"],
        Transitive,
        [ANIMATE, ANIMATE, 0],
    ),
    verb(
        ["gives", "gave"],
        ["あげる", "あげた"],
        Ditransitive,
        [PERSON, THING | FOOD, ANIMATE],
    ),
    verb(
        ["sends", "sent"],
        ["送る", "送った"],
        Ditransitive,
        [PERSON, TEXT, PERSON],
    ),
    verb(
        ["shows", "showed"],
        ["見せる", "見せた"],
        Ditransitive,
        [PERSON, THING, PERSON],
    ),
    verb(
        ["goes", "went"],
        ["行く", "行った"],
        Motion,
        [ANIMATE, PLACE, 0],
    ),
    verb(
        ["comes", "came"],
        ["来る", "来た"],
        Motion,
        [ANIMATE, PLACE, 0],
    ),
    verb(
        ["returns", "returned"],
        ["帰る", "帰った"],
        Motion,
        [ANIMATE, PLACE, 0],
    ),
];

/// Every English word of the lexicon, function words first.
pub fn english_words() -> Vec<&'static str> {
    let mut words: Vec<&'static str> = ARTICLES.to_vec();
    words.push(TO);
    words.extend(ADJECTIVES.iter().map(|a| a.en));
    words.extend(NOUNS.iter().map(|n| n.en));
    words.extend(VERBS.iter().flat_map(|v| [v.en_present, v.en_past]));
    words
}

/// Every Japanese word of the lexicon, particles first.
pub fn japanese_words() -> Vec<&'static str> {
    let mut words = vec![WA, WO, NI];
    words.extend(ADJECTIVES.iter().map(|a| a.ja));
    words.extend(NOUNS.iter().map(|n| n.ja));
    words.extend(VERBS.iter().flat_map(|v| [v.ja_present, v.ja_past]));
    words
}

/// The noun spelled `en` in English.
pub fn find_noun(en: &str) -> Option<&'static Noun> {
    NOUNS.iter().find(|n| n.en == en)
}

/// The adjective spelled `en` in English.
pub fn find_adjective(en: &str) -> Option<&'static Adjective> {
    ADJECTIVES.iter().find(|a| a.en == en)
}

/// The verb whose English present or past form is `en`.
pub fn find_verb(en: &str) -> Option<&'static Verb> {
    VERBS.iter().find(|v| v.en_present == en || v.en_past == en)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn each_side_has_at_least_forty_distinct_words() {
        let en: HashSet<_> = english_words().into_iter().collect();
        let ja: HashSet<_> = japanese_words().into_iter().collect();
        assert_eq!(
            en.len(),
            english_words().len(),
            "English words must be distinct"
        );
        assert_eq!(
            ja.len(),
            japanese_words().len(),
            "Japanese words must be distinct"
        );
        assert!(en.len() >= 40, "only {} English words", en.len());
        assert!(ja.len() >= 40, "only {} Japanese words", ja.len());
    }

    #[test]
    fn every_verb_argument_class_has_nouns_and_every_noun_has_an_adjective() {
        let has_noun = |class: u8| NOUNS.iter().any(|n| n.class & class != 0);
        for v in VERBS {
            assert!(has_noun(v.subject), "{}", v.en_present);
            if v.frame != Frame::Intransitive {
                assert!(has_noun(v.object), "{}", v.en_present);
            }
            assert_eq!(
                v.frame == Frame::Ditransitive,
                v.recipient != 0,
                "{}",
                v.en_present
            );
        }
        for n in NOUNS {
            assert!(ADJECTIVES.iter().any(|a| a.fits & n.class != 0), "{}", n.en);
        }
    }

    #[test]
    fn english_tokens_are_lowercase_words() {
        assert!(english_words()
            .iter()
            .all(|w| w.chars().all(|c| c.is_ascii_lowercase())));
    }
}
