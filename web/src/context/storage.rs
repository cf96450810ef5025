//! What the page keeps in this browser's `localStorage` itself: the
//! language ([`super::i18n`]) and the practice answers. Runs are the
//! worker's (IndexedDB, `lab_worker::store`).

use std::collections::BTreeMap;

/// Where the browser keeps the reader's answers.
const PRACTICE_KEY: &str = "attention-lab.practice";

/// The reader's practice answers as the browser keeps them: each question's
/// key and whether it was answered right.
pub type Answers = BTreeMap<String, bool>;

/// The browser's `localStorage`, where the page keeps the language, the
/// practice answers and the saved-run list; `None` where the browser refuses
/// it (a frame of another site, private modes).
pub fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// The answers kept in this browser (none without storage).
pub fn stored_answers() -> Answers {
    let text = local_storage().and_then(|s| s.get_item(PRACTICE_KEY).ok().flatten());
    read_answers(text.as_deref())
}

/// Keeps `answers` in the browser; without storage, they last as long as the page.
pub fn store_answers(answers: &Answers) {
    if let (Some(storage), Ok(text)) = (local_storage(), serde_json::to_string(answers)) {
        let _ = storage.set_item(PRACTICE_KEY, &text);
    }
}

/// The answers read back from the browser; anything unreadable is none.
pub fn read_answers(text: Option<&str>) -> Answers {
    text.and_then(|t| serde_json::from_str::<Answers>(t).ok())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_read_back_as_written_and_unreadable_text_is_none() {
        let mut answers = Answers::new();
        answers.insert("noam-peak".to_string(), true);
        answers.insert("pe-zero".to_string(), false);
        let text = serde_json::to_string(&answers).expect("serialises");
        assert_eq!(read_answers(Some(&text)), answers);
        assert!(read_answers(Some("{not json")).is_empty());
        assert!(read_answers(None).is_empty());
    }
}
