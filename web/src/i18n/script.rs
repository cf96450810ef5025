//! The target side in the reader's script: a task whose corpus gives its
//! Chinese targets in Traditional characters too (`TaskFacts::tgt_alt`) is
//! shown in them when the page is in 繁體中文. The model's tokens stay as
//! they are; only what is drawn and written changes.

use super::Locale;
use lab_protocol::TaskFacts;
use lab_tasks::TaskKind;
use std::collections::HashMap;

/// Target tokens → their spelling on this page.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Spelling(HashMap<String, String>);

impl Spelling {
    /// The respelling for `locale`, if the task has one for it: Traditional
    /// characters in 繁體中文. `None` shows the tokens as they are.
    pub fn of(locale: Locale, facts: &TaskFacts) -> Option<Spelling> {
        let usable = locale == Locale::ZhHant
            && !facts.tgt_alt.is_empty()
            && facts.tgt_alt.len() == facts.tgt_vocab.len();
        usable.then(|| {
            Spelling(
                facts
                    .tgt_vocab
                    .iter()
                    .zip(&facts.tgt_alt)
                    .filter(|(token, alt)| token != alt)
                    .map(|(token, alt)| (token.clone(), alt.clone()))
                    .collect(),
            )
        })
    }

    /// One target token as the page shows it.
    pub fn word(&self, token: &str) -> String {
        self.0
            .get(token)
            .cloned()
            .unwrap_or_else(|| token.to_string())
    }

    /// Target tokens as the page shows them.
    pub fn words(&self, tokens: &[String]) -> Vec<String> {
        tokens.iter().map(|t| self.word(t)).collect()
    }

    /// For tests: the 繁體中文 spelling of a target vocabulary, written in
    /// `simplified` and `traditional` characters, space-separated, token for
    /// token.
    #[cfg(test)]
    pub fn traditional(simplified: &str, traditional: &str) -> Spelling {
        let words = |s: &str| s.split(' ').map(str::to_string).collect();
        let facts = TaskFacts {
            tgt_vocab: words(simplified),
            tgt_alt: words(traditional),
            ..Default::default()
        };
        Spelling::of(Locale::ZhHant, &facts).expect("a vocabulary in two scripts")
    }
}

/// `tokens` respelled by `spelling`, or as they are without one.
pub fn respell(spelling: Option<&Spelling>, tokens: &[String]) -> Vec<String> {
    match spelling {
        Some(s) => s.words(tokens),
        None => tokens.to_vec(),
    }
}

/// The `lang=` of target tokens as the page shows them: the task's target
/// language (`en` before there is a task), or `zh-Hant` when `spelling`
/// has respelled them in Traditional characters, so that a screen reader
/// and the font choice follow the script actually written.
pub fn target_lang(task: Option<TaskKind>, spelling: Option<&Spelling>) -> &'static str {
    match spelling {
        Some(_) => "zh-Hant",
        None => task.map_or("en", TaskKind::target_language),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts() -> TaskFacts {
        let words = |s: &str| s.split(' ').map(str::to_string).collect();
        TaskFacts {
            tgt_vocab: words("<pad> 这 书 是"),
            tgt_alt: words("<pad> 這 書 是"),
            ..Default::default()
        }
    }

    #[test]
    fn traditional_chinese_pages_respell_the_targets_and_others_do_not() {
        let spelling = Spelling::of(Locale::ZhHant, &facts()).expect("zh-Hant has one");
        let tokens: Vec<String> = ["这", "是", "书", "<pad>", "猫"].map(String::from).to_vec();
        assert_eq!(spelling.words(&tokens), ["這", "是", "書", "<pad>", "猫"]);
        for locale in [Locale::En, Locale::Ja, Locale::ZhHans] {
            assert_eq!(Spelling::of(locale, &facts()), None, "{locale:?}");
        }
        let none = TaskFacts::default();
        assert_eq!(
            Spelling::of(Locale::ZhHant, &none),
            None,
            "a task without another script"
        );
        assert_eq!(respell(None, &tokens), tokens);
    }

    #[test]
    fn respelled_targets_are_marked_traditional_and_others_keep_the_tasks_language() {
        let spelling = Spelling::of(Locale::ZhHant, &facts()).expect("zh-Hant has one");
        let zh = Some(TaskKind::RealEnZh);
        assert_eq!(target_lang(zh, Some(&spelling)), "zh-Hant");
        assert_eq!(target_lang(zh, None), "zh-Hans");
        assert_eq!(target_lang(Some(TaskKind::EnJa), None), "ja");
        assert_eq!(target_lang(None, None), "en");
    }
}
