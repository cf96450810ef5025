//! A checkpoint's JSON header, read with only the standard library: just
//! enough of JSON for the numbers the prose quotes from it.

/// A JSON value: just enough of JSON to read a checkpoint's header.
#[derive(Debug, PartialEq)]
pub(super) enum Json {
    Null,
    Bool(bool),
    Number(f64),
    Text(String),
    List(Vec<Json>),
    Object(Vec<(String, Json)>),
}

impl Json {
    pub(super) fn get(&self, key: &str) -> &Json {
        match self {
            Json::Object(fields) => fields
                .iter()
                .find(|(k, _)| k == key)
                .map_or(&Json::Null, |(_, v)| v),
            _ => &Json::Null,
        }
    }

    pub(super) fn at(&self, i: usize) -> &Json {
        match self {
            Json::List(items) => items.get(i).unwrap_or(&Json::Null),
            _ => &Json::Null,
        }
    }

    pub(super) fn number(&self) -> f64 {
        match self {
            Json::Number(x) => *x,
            other => panic!("not a number: {other:?}"),
        }
    }

    fn parse(text: &str) -> Json {
        let mut chars = text.chars().peekable();
        let value = Self::value(&mut chars);
        assert!(chars.all(char::is_whitespace), "text after the JSON value");
        value
    }

    fn value(chars: &mut std::iter::Peekable<std::str::Chars>) -> Json {
        while chars.next_if(|c| c.is_whitespace()).is_some() {}
        match chars.next().expect("a JSON value") {
            '{' => {
                let mut fields = vec![];
                loop {
                    while chars.next_if(|c| c.is_whitespace() || *c == ',').is_some() {}
                    if chars.next_if_eq(&'}').is_some() {
                        return Json::Object(fields);
                    }
                    let Json::Text(key) = Self::value(chars) else {
                        panic!("an object's key is a string")
                    };
                    while chars.next_if(|c| c.is_whitespace() || *c == ':').is_some() {}
                    fields.push((key, Self::value(chars)));
                }
            }
            '[' => {
                let mut items = vec![];
                loop {
                    while chars.next_if(|c| c.is_whitespace() || *c == ',').is_some() {}
                    if chars.next_if_eq(&']').is_some() {
                        return Json::List(items);
                    }
                    items.push(Self::value(chars));
                }
            }
            '"' => {
                let mut text = String::new();
                while let Some(c) = chars.next() {
                    match c {
                        '"' => return Json::Text(text),
                        '\\' => {
                            let escaped = chars.next().expect("an escape");
                            if escaped == 'u' {
                                let hex: String = chars.by_ref().take(4).collect();
                                let code = u32::from_str_radix(&hex, 16).expect("\\u hex");
                                text.push(char::from_u32(code).unwrap_or('\u{FFFD}'));
                            } else {
                                text.push(match escaped {
                                    'n' => '\n',
                                    't' => '\t',
                                    'r' => '\r',
                                    'b' => '\u{8}',
                                    'f' => '\u{c}',
                                    other => other,
                                });
                            }
                        }
                        c => text.push(c),
                    }
                }
                panic!("an unterminated string")
            }
            c => {
                let mut word = c.to_string();
                while let Some(c) =
                    chars.next_if(|c| c.is_ascii_alphanumeric() || "+-.".contains(*c))
                {
                    word.push(c);
                }
                match word.as_str() {
                    "null" => Json::Null,
                    "true" => Json::Bool(true),
                    "false" => Json::Bool(false),
                    number => Json::Number(number.parse().unwrap_or_else(|_| panic!("{number}"))),
                }
            }
        }
    }
}

/// A checkpoint's JSON header.
///
/// The layout is `lab_model::checkpoint`'s (`crates/model/src/checkpoint.rs`),
/// written again here because xtask uses only the standard library: the
/// 8-byte `MAGIC` (`b"ATTNLAB\0"`), the `FORMAT_VERSION` as a `u32` at bytes
/// 8..12, the header's length as a `u32` at 12..16, then the header. If that
/// layout changes, change this with it.
pub(super) fn checkpoint_header(task: &str) -> Json {
    let path = super::root().join(format!("assets/checkpoints/{task}.ckpt"));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert_eq!(&bytes[..8], b"ATTNLAB\0", "{task}: not a checkpoint");
    let len = u32::from_le_bytes(bytes[12..16].try_into().expect("4 bytes")) as usize;
    let header = std::str::from_utf8(&bytes[16..16 + len]).expect("a UTF-8 header");
    Json::parse(header)
}

#[test]
fn objects_lists_strings_and_numbers_are_read() {
    let json = Json::parse(r#"{"a": [1, {"b": "x\"y"}], "c": -2.5e1, "d": true}"#);
    assert_eq!(json.get("a").at(1).get("b"), &Json::Text("x\"y".into()));
    assert_eq!(json.get("c").number(), -25.0);
    assert_eq!(json.get("d"), &Json::Bool(true));
    assert_eq!(json.get("missing"), &Json::Null);
}
