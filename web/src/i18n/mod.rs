//! The page's four languages, with Project Fluent (`fluent-bundle`).
//!
//! The messages live in `web/locales/<locale>/<area>.ftl`, one file per view
//! (or part of the page) and locale, compiled into the wasm. `glossary.ftl`
//! holds each technical term once per language, as a Fluent term (`-query`),
//! in the words the tutorials of that language use; the other files refer to
//! the terms instead of spelling them again.
//!
//! Everything here is plain Rust, so the teaching views' data functions can
//! take a [`Locale`] and be tested natively, and so can the catalogue:
//! `tests::every_key_is_defined_in_every_locale_and_used` fails when a key is
//! missing from a locale, or defined but never used, and
//! `terms::every_glossary_term_is_the_tutorials_or_says_why` fails when a
//! glossary term is neither the tutorials' word (`docs/tutorial-map.md`) nor
//! explained by a `# kept:` line above it; `glossary_rows` makes every term
//! either have a row in the map or say why not, and
//! `bypass::messages_refer_to_the_glossarys_terms_instead_of_spelling_them`
//! fails when a Japanese or Chinese message spells a term out instead of
//! referring to it.
//!
//! A message id in the source is always a string literal passed to
//! [`text`], [`text_args`] or the view helpers in `app::i18n`; the test finds
//! them by those call shapes, so never build an id at run time.

pub mod labels;
pub mod problems;
pub mod script;
pub mod units;

use fluent_bundle::{FluentArgs, FluentBundle, FluentResource, FluentValue};
use std::cell::RefCell;
use std::collections::HashMap;

/// A language of the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Locale {
    #[default]
    En,
    Ja,
    ZhHans,
    ZhHant,
}

impl Locale {
    pub const ALL: [Locale; 4] = [Locale::En, Locale::Ja, Locale::ZhHans, Locale::ZhHant];

    /// The BCP 47 tag: the `lang=` URL value, the picker's value and `<html lang>`.
    pub fn code(self) -> &'static str {
        match self {
            Locale::En => "en",
            Locale::Ja => "ja",
            Locale::ZhHans => "zh-Hans",
            Locale::ZhHant => "zh-Hant",
        }
    }

    /// The language's name in itself, for the picker.
    pub fn native_name(self) -> &'static str {
        match self {
            Locale::En => "English",
            Locale::Ja => "日本語",
            Locale::ZhHans => "简体中文",
            Locale::ZhHant => "繁體中文",
        }
    }

    /// `items` as a list in running text, each kept whole where an item
    /// holds commas of its own: "a; b; c", 「a」、「b」, “a”、“b”.
    pub fn list(self, items: &[String]) -> String {
        let quoted: Vec<String> = match self {
            Locale::En => return items.join("; "),
            Locale::Ja | Locale::ZhHant => items.iter().map(|i| format!("「{i}」")).collect(),
            Locale::ZhHans => items.iter().map(|i| format!("“{i}”")).collect(),
        };
        quoted.join("、")
    }

    /// The locale of a tag, exactly as [`Locale::code`] spells it (case-insensitive).
    pub fn parse(code: &str) -> Option<Locale> {
        Locale::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(code.trim()))
    }

    /// The best locale for a browser's language tag (`navigator.languages`
    /// entries such as `ja-JP`, `zh-CN`, `zh-TW`, `zh-Hant-HK`, `en-GB`).
    pub fn for_tag(tag: &str) -> Option<Locale> {
        let tag = tag.trim().to_ascii_lowercase().replace('_', "-");
        let mut parts = tag.split('-');
        match parts.next()? {
            "en" => Some(Locale::En),
            "ja" => Some(Locale::Ja),
            "zh" => {
                let rest: Vec<&str> = parts.collect();
                let traditional = rest
                    .iter()
                    .any(|p| matches!(*p, "hant" | "tw" | "hk" | "mo"));
                Some(if traditional {
                    Locale::ZhHant
                } else {
                    Locale::ZhHans
                })
            }
            _ => None,
        }
    }

    /// The first of the browser's preferred languages that the lab speaks,
    /// else English.
    pub fn negotiate<S: AsRef<str>>(preferred: &[S]) -> Locale {
        preferred
            .iter()
            .find_map(|tag| Locale::for_tag(tag.as_ref()))
            .unwrap_or_default()
    }
}

/// Declares the message files: one per area, in every locale.
macro_rules! catalogue {
    ($($area:literal),* $(,)?) => {
        /// The areas of the page that have a message file, in load order.
        pub const AREAS: &[&str] = &[$($area),*];

        /// The text of every message file of `locale` compiled into the
        /// program, in [`AREAS`] order. In the browser that is English only,
        /// the language every message falls back to: the page fetches another
        /// language's file when it is chosen ([`add_fetched`]), so a first
        /// visit does not download three languages it does not read. Natively
        /// (the tests, the CLI) every language is compiled in.
        pub fn compiled(locale: Locale) -> Option<&'static [&'static str]> {
            match locale {
                Locale::En => Some(&[$(include_str!(concat!("../../locales/en/", $area, ".ftl"))),*]),
                #[cfg(not(target_arch = "wasm32"))]
                Locale::Ja => Some(&[$(include_str!(concat!("../../locales/ja/", $area, ".ftl"))),*]),
                #[cfg(not(target_arch = "wasm32"))]
                Locale::ZhHans => {
                    Some(&[$(include_str!(concat!("../../locales/zh-Hans/", $area, ".ftl"))),*])
                }
                #[cfg(not(target_arch = "wasm32"))]
                Locale::ZhHant => {
                    Some(&[$(include_str!(concat!("../../locales/zh-Hant/", $area, ".ftl"))),*])
                }
                #[cfg(target_arch = "wasm32")]
                _ => None,
            }
        }
    };
}

/// Where the site keeps `locale`'s messages, relative to the page: one file
/// of every message file of `web/locales/<locale>/`, which `cargo xtask
/// post-build` writes into the built site (`xtask/src/locales.rs`).
pub fn file_url(locale: Locale) -> String {
    format!("locales/{}.ftl", locale.code())
}

/// The largest language file the page accepts, in bytes (the largest is
/// about 80 KB).
pub const MAX_FILE_BYTES: usize = 1024 * 1024;

/// The text of every message file of `locale` the page holds: compiled in,
/// or fetched; `None` if neither (yet).
fn held(locale: Locale) -> Option<Vec<&'static str>> {
    if let Some(compiled) = compiled(locale) {
        return Some(compiled.to_vec());
    }
    FETCHED.with(|f| f.borrow().get(&locale).map(|texts| texts.to_vec()))
}

/// Every message file of `locale`, for the tests (natively, every language
/// is compiled in).
#[cfg(test)]
fn sources(locale: Locale) -> &'static [&'static str] {
    compiled(locale).expect("natively, every language is compiled in")
}

/// Whether the page holds `locale`'s messages: compiled in, or fetched.
pub fn holds(locale: Locale) -> bool {
    compiled(locale).is_some() || FETCHED.with(|f| f.borrow().contains_key(&locale))
}

/// Keeps `locale`'s fetched messages (`text`, the file of [`file_url`]):
/// they are shown from now on.
pub fn add_fetched(locale: Locale, text: String) {
    // Leaked once per language and page: at most three, each read for the
    // page's whole life, as the compiled-in files are.
    let texts: Vec<&'static str> = vec![Box::leak(text.into_boxed_str())];
    FETCHED.with(|f| f.borrow_mut().insert(locale, texts));
    BUNDLES.with(|b| b.borrow_mut().remove(&locale));
}

catalogue!(
    "glossary",
    "common",
    "figure",
    "formula",
    "panic",
    "present",
    "guide",
    "runs",
    "problems",
    "practice",
    "pe",
    "attention",
    "head",
    "mask",
    "training",
    "noam",
    "smoothing",
    "compare",
    "translate",
    "complexity",
    "pairs",
    "architecture",
);

fn bundle(locale: Locale) -> FluentBundle<FluentResource> {
    let lang = locale
        .code()
        .parse()
        .expect("every Locale::code is a valid language tag");
    let mut bundle = FluentBundle::new(vec![lang]);
    // No Unicode isolation marks around arguments: the page is left-to-right
    // in every language it speaks, and the marks would end up in copied text.
    bundle.set_use_isolating(false);
    for source in held(locale).unwrap_or_default() {
        let resource =
            FluentResource::try_new(source.to_string()).unwrap_or_else(|(resource, _)| resource);
        // A duplicate id keeps the first definition; the native test reports it.
        let _ = bundle.add_resource(resource);
    }
    bundle
}

thread_local! {
    static BUNDLES: RefCell<HashMap<Locale, FluentBundle<FluentResource>>> =
        RefCell::new(HashMap::new());
    static FETCHED: RefCell<HashMap<Locale, Vec<&'static str>>> = RefCell::new(HashMap::new());
}

/// Message `id` of `locale`, with arguments.
///
/// A message missing from `locale` falls back to English; a message missing
/// everywhere shows its id (the native test keeps both from happening).
pub fn text_args(locale: Locale, id: &str, args: &[(&str, Arg)]) -> String {
    let mut fluent_args = FluentArgs::new();
    for (name, value) in args {
        fluent_args.set(*name, value.to_fluent());
    }
    let args = (!args.is_empty()).then_some(&fluent_args);
    let found = format_in(locale, id, args);
    found
        .or_else(|| format_in(Locale::En, id, args))
        .unwrap_or_else(|| id.to_string())
}

/// Message `id` of `locale`, without arguments.
pub fn text(locale: Locale, id: &str) -> String {
    text_args(locale, id, &[])
}

fn format_in(locale: Locale, id: &str, args: Option<&FluentArgs>) -> Option<String> {
    BUNDLES.with(|bundles| {
        let mut bundles = bundles.borrow_mut();
        let bundle = bundles.entry(locale).or_insert_with(|| bundle(locale));
        let pattern = bundle.get_message(id)?.value()?;
        let mut errors = vec![];
        let value = bundle.format_pattern(pattern, args, &mut errors);
        Some(value.into_owned())
    })
}

/// An argument of a message: text, or a number that plural rules can select on.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    Text(String),
    Number(f64),
}

impl Arg {
    fn to_fluent(&self) -> FluentValue<'static> {
        match self {
            Arg::Text(s) => FluentValue::from(s.clone()),
            Arg::Number(n) => FluentValue::from(*n),
        }
    }
}

impl From<&str> for Arg {
    fn from(s: &str) -> Self {
        Arg::Text(s.to_string())
    }
}

impl From<String> for Arg {
    fn from(s: String) -> Self {
        Arg::Text(s)
    }
}

impl From<usize> for Arg {
    fn from(n: usize) -> Self {
        Arg::Number(n as f64)
    }
}

impl From<f64> for Arg {
    fn from(n: f64) -> Self {
        Arg::Number(n)
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod terms;

#[cfg(test)]
mod bypass;

#[cfg(test)]
mod glossary_rows;

#[cfg(test)]
mod numbers;
