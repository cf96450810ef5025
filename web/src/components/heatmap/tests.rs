use super::*;

#[test]
fn the_key_hint_marks_up_every_key_and_keeps_the_words_between() {
    for locale in Locale::ALL {
        let hint = key_hint(locale);
        let keys: Vec<&str> = hint
            .iter()
            .filter_map(|p| match p {
                HintPiece::Key(k) => Some(*k),
                HintPiece::Text(_) => None,
            })
            .collect();
        let all: Vec<&str> = HINT_KEYS.iter().map(|(_, k)| *k).collect();
        assert_eq!(keys, all, "{locale:?}");
        let words: String = hint
            .iter()
            .filter_map(|p| match p {
                HintPiece::Text(t) => Some(t.as_str()),
                HintPiece::Key(_) => None,
            })
            .collect();
        assert!(!words.contains(['\u{e000}', '\u{e001}']), "{words}");
        assert!(!words.contains("Home"), "{locale:?}: {words}");
    }
    assert_eq!(
        key_hint(Locale::En)[1],
        HintPiece::Text(" move between cells. ".into())
    );
}
