//! The language of a tutorial's own words in the guide: its title and its
//! sections' names, which stay as the tutorial writes them (`lang=`).
//!
//! A tutorial written in one language is that language. Tutorial 000 is
//! Japanese and Simplified Chinese by turns: its sections 前書き or 学習 are
//! Japanese, 残差连接 is Chinese. Such a name is told by its script
//! ([`script_lang`]); where the script does not say (Latin letters, or
//! characters both languages write alike), by the reader's language if the
//! tutorial is in it, else by the tutorial's first language.

use super::Tutorial;
use crate::i18n::Locale;

/// Characters only Simplified Chinese writes, where Japanese writes another
/// form (连 for 連, 习 for 習, …): text with one is Simplified Chinese.
const SIMPLIFIED_ONLY: &str = "习适则说连这语话词计论译变换层头图练经过实际对开关东车门题问时间发现为\
    读书结构验测试选择进动态线报检证确认单长终义应该杂顺维输权阵处样种标签设训务绍细节传术们还规归码\
    编络";

/// The forms Japanese writes where Simplified Chinese writes another (習
/// for 习, 適 for 适, 説 for 说, …): text with one (and no character of
/// [`SIMPLIFIED_ONLY`]) is Japanese.
const JAPANESE_FORMS: &str = "習適則説連語話詞計論訳変換層頭図練経過実際個対開関東車門題問時間発現為\
    読書結構験測試選択進動態線報価値検証確認単長終義応該雑順維輸権陣処様種標設訓務紹細節伝術規帰碼編\
    網絡機楽気広";

/// Hiragana, katakana (with its phonetic extensions) and half-width katakana.
fn is_kana(c: char) -> bool {
    matches!(c, '\u{3040}'..='\u{30FF}' | '\u{31F0}'..='\u{31FF}' | '\u{FF66}'..='\u{FF9F}')
}

/// The language `text`'s script shows, between Japanese and Simplified
/// Chinese: kana is Japanese; else a character only Simplified Chinese
/// writes is Chinese; else a form only Japanese (or Traditional Chinese)
/// writes is Japanese. `None` when the script does not say.
pub fn script_lang(text: &str) -> Option<Locale> {
    if text.chars().any(is_kana) {
        Some(Locale::Ja)
    } else if text.chars().any(|c| SIMPLIFIED_ONLY.contains(c)) {
        Some(Locale::ZhHans)
    } else if text.chars().any(|c| JAPANESE_FORMS.contains(c)) {
        Some(Locale::Ja)
    } else {
        None
    }
}

/// The language of `text`, a tutorial's own words (its title, a section's
/// name), for a reader in `locale`.
pub fn own_lang(tutorial: Option<&Tutorial>, text: &str, locale: Locale) -> Locale {
    let Some(t) = tutorial.filter(|t| !t.languages.is_empty()) else {
        return locale;
    };
    if let [only] = t.languages.as_slice() {
        return *only;
    }
    match script_lang(text).filter(|l| t.languages.contains(l)) {
        Some(lang) => lang,
        None if t.languages.contains(&locale) => locale,
        None => t.languages[0],
    }
}
