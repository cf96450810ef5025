//! The lines of a text as a text editor shows them: a byte-order mark at
//! the start is not text, and a line ends at LF (Unix), CR LF (Windows) or
//! a lone CR (classic Mac OS). `str::lines` knows only the first two.

/// The byte-order mark some editors write at the start of a UTF-8 file.
const BOM: char = '\u{feff}';

/// `text` without a byte-order mark at its start.
pub fn without_bom(text: &str) -> &str {
    text.strip_prefix(BOM).unwrap_or(text)
}

/// The lines of `text` as an editor numbers them, without their line ends
/// and without a byte-order mark; like `str::lines`, a final line end does
/// not start another line.
pub fn text_lines(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(without_bom(text)).filter(|t| !t.is_empty());
    std::iter::from_fn(move || {
        let text = rest?;
        match text.find(['\r', '\n']) {
            None => {
                rest = None;
                Some(text)
            }
            Some(end) => {
                let after = if text[end..].starts_with("\r\n") {
                    end + 2
                } else {
                    end + 1
                };
                rest = Some(&text[after..]).filter(|t| !t.is_empty());
                Some(&text[..end])
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> Vec<&str> {
        text_lines(text).collect()
    }

    #[test]
    fn every_line_end_an_editor_knows_ends_a_line() {
        let expected = vec!["a\tb", "", "c\td"];
        assert_eq!(lines("a\tb\n\nc\td\n"), expected, "LF");
        assert_eq!(lines("a\tb\r\n\r\nc\td\r\n"), expected, "CR LF");
        assert_eq!(lines("a\tb\r\rc\td\r"), expected, "CR");
        assert_eq!(lines("a\tb\r\n\rc\td"), expected, "mixed, no final end");
    }

    #[test]
    fn a_byte_order_mark_is_not_part_of_the_first_line() {
        assert_eq!(
            lines("\u{feff}zebra\tシマウマ\r\nb\tc"),
            vec!["zebra\tシマウマ", "b\tc"]
        );
        assert_eq!(without_bom("\u{feff}x"), "x");
        // Only at the start: elsewhere it is the reader's text.
        assert_eq!(lines("a\n\u{feff}b"), vec!["a", "\u{feff}b"]);
    }

    #[test]
    fn lines_agree_with_str_lines_where_it_knows_the_line_ends() {
        for text in ["", "\n", "a", "a\n", "a\n\n", "\na", "a\r\nb", "a\n\nb\n"] {
            assert_eq!(lines(text), text.lines().collect::<Vec<_>>(), "{text:?}");
        }
    }
}
