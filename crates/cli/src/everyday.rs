//! `everyday`: a learner's test of a real task's model (issue 45). Each
//! everyday sentence of `bench/everyday.tsv` (in no corpus, never trained
//! on) is translated greedily, and a translation counts as right when it
//! holds every content word the file lists for its language: one of the
//! alternatives of each, found in its words joined without spaces.

use crate::commands::load;
use lab_tasks::vocab::{SPECIALS, UNK};
use lab_tasks::TaskKind;
use std::path::Path;

/// `<unk>`, as a translation spells it.
fn unk() -> &'static str {
    SPECIALS[UNK as usize]
}

/// One line of the file: the English, and each content word's alternatives
/// for the task's target language.
#[derive(Debug, PartialEq)]
pub struct Everyday {
    pub english: String,
    pub content: Vec<Vec<String>>,
}

/// The sentences of `text` with the content words of `task`'s target
/// (English TAB Japanese TAB Chinese; `;` between content words, `|`
/// between alternatives; `#` starts a comment line).
pub fn parse(text: &str, task: TaskKind) -> Result<Vec<Everyday>, String> {
    let column = match task {
        TaskKind::RealEnJa => 1,
        TaskKind::RealEnZh => 2,
        other => return Err(format!("{other} is not a real task")),
    };
    let mut sentences = Vec::new();
    for (index, line) in lab_tasks::corpus::text_lines(text).enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let columns: Vec<&str> = line.split('\t').collect();
        let (Some(english), Some(words)) = (columns.first(), columns.get(column)) else {
            return Err(format!("line {}: fewer than three columns", index + 1));
        };
        let content: Vec<Vec<String>> = words
            .split(';')
            .map(|word| {
                word.split('|')
                    .map(|w| w.trim().to_string())
                    .filter(|w| !w.is_empty())
                    .collect()
            })
            .filter(|alternatives: &Vec<String>| !alternatives.is_empty())
            .collect();
        if content.is_empty() {
            return Err(format!("line {}: no content word", index + 1));
        }
        sentences.push(Everyday {
            english: english.trim().to_string(),
            content,
        });
    }
    Ok(sentences)
}

/// True when `output` holds one alternative of every content word.
pub fn holds_content(output: &[String], content: &[Vec<String>]) -> bool {
    let joined: String = output.concat();
    content
        .iter()
        .all(|alternatives| alternatives.iter().any(|a| joined.contains(a.as_str())))
}

/// Translates every sentence of `sentences` with `checkpoint`'s model and
/// prints each output and the shares a learner would notice.
pub fn run(checkpoint: &Path, sentences: &Path) -> Result<(), String> {
    let trainer = load(checkpoint)?;
    let task = trainer.settings().task;
    let text = std::fs::read_to_string(sentences)
        .map_err(|e| format!("cannot read {}: {e}", sentences.display()))?;
    let list = parse(&text, task)?;
    let (mut right, mut with_unk) = (0, 0);
    println!("| English | {task} (greedy) | content words | right |\n|---|---|---|---|");
    for sentence in &list {
        let output = trainer
            .translate(&sentence.english, true)
            .map_err(|e| format!("{}: {e}", sentence.english))?
            .output;
        let ok = holds_content(&output, &sentence.content);
        right += usize::from(ok);
        with_unk += usize::from(output.iter().any(|w| w == unk()));
        let words: Vec<String> = sentence.content.iter().map(|a| a.join("|")).collect();
        println!(
            "| {} | {} | {} | {} |",
            sentence.english,
            output.join(" "),
            words.join(" ; "),
            if ok { "yes" } else { "no" }
        );
    }
    let n = list.len();
    let share = |k: usize| 100.0 * k as f64 / n.max(1) as f64;
    println!(
        "\n{task} at step {}: {right} of {n} translations hold their content words ({:.0}%), {with_unk} of {n} have {} ({:.0}%)",
        trainer.step_count(),
        share(right),
        unk(),
        share(with_unk)
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split(' ').map(str::to_string).collect()
    }

    #[test]
    fn the_file_gives_each_language_its_own_content_words() {
        let text = "# a comment\n\ni like dogs .\t犬\t狗\nhe drinks water every day .\t水 ; 毎日\t水 ; 每天|天天\n";
        let ja = parse(text, TaskKind::RealEnJa).expect("reads");
        assert_eq!(ja.len(), 2);
        assert_eq!(ja[1].english, "he drinks water every day .");
        assert_eq!(
            ja[1].content,
            [vec!["水".to_string()], vec!["毎日".to_string()]]
        );
        let zh = parse(text, TaskKind::RealEnZh).expect("reads");
        assert_eq!(zh[1].content[1], ["每天", "天天"]);
        assert!(parse(text, TaskKind::Copy).is_err());
        assert!(
            parse("i run .\t走\n", TaskKind::RealEnZh).is_err(),
            "no Chinese column"
        );
        assert!(
            parse("i run .\t走\t \n", TaskKind::RealEnZh).is_err(),
            "no content word"
        );
    }

    #[test]
    fn a_translation_is_right_when_it_holds_one_alternative_of_every_content_word() {
        let content = vec![
            vec!["水".to_string()],
            vec!["每天".to_string(), "天天".to_string()],
        ];
        assert!(holds_content(&words("他 天天 喝 水 。"), &content));
        assert!(
            holds_content(&words("他 每 天 喝 水 。"), &content),
            "split words join"
        );
        assert!(
            !holds_content(&words("他 天天 喝 茶 。"), &content),
            "the water is missing"
        );
        assert!(
            !holds_content(&words("他 喝 水 。"), &content),
            "every day is missing"
        );
    }
}
