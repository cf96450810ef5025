//! The page's language: a signal in [`Lab`], and the helpers every view
//! uses to show a message of `crate::i18n` in it.
//!
//! ```ignore
//! let i18n = use_i18n();
//! view! { <h2>{i18n.t("common-title")}</h2> }            // follows the language
//! let note = move || i18n.f("common-step-count", &[("step", step.into())]);
//! ```
//!
//! The language comes from `?lang=`, else the choice remembered in this
//! browser, else `navigator.languages`; `<html lang>` follows it.

use crate::context::fetch::fetch_text;
use crate::context::state::{use_lab, Lab};
pub use crate::i18n::Arg;
use crate::i18n::{self, text, text_args, Locale};
use leptos::prelude::*;

/// The browser-storage key of the remembered language.
const LANGUAGE_KEY: &str = "attention-lab/lang";

/// A handle on the page's language; `Copy`, so closures take it freely.
#[derive(Clone, Copy)]
pub struct I18n {
    pub locale: RwSignal<Locale>,
}

impl I18n {
    /// A message that follows the language, for `view!`.
    pub fn t(self, id: &'static str) -> impl Fn() -> String + Copy + Send + Sync + 'static {
        move || text(self.locale.get(), id)
    }

    /// The message now (tracked: a closure that calls it follows the language).
    pub fn s(self, id: &str) -> String {
        text(self.locale.get(), id)
    }

    /// The message now, with arguments (tracked).
    pub fn f(self, id: &str, args: &[(&str, Arg)]) -> String {
        text_args(self.locale.get(), id, args)
    }

    /// [`I18n::s`] without tracking, for event handlers.
    pub fn s_now(self, id: &str) -> String {
        text(self.locale.get_untracked(), id)
    }

    /// [`I18n::f`] without tracking, for event handlers.
    pub fn f_now(self, id: &str, args: &[(&str, Arg)]) -> String {
        text_args(self.locale.get_untracked(), id, args)
    }
}

pub fn use_i18n() -> I18n {
    use_lab().i18n()
}

impl Lab {
    pub fn i18n(&self) -> I18n {
        I18n {
            locale: self.locale,
        }
    }
}

/// The language to open in: `?lang=` (`from_url`), else the remembered one,
/// else the browser's.
pub fn initial_locale(from_url: Option<Locale>) -> Locale {
    if let Some(locale) = from_url {
        return locale;
    }
    let remembered = super::storage::local_storage()
        .and_then(|s| s.get_item(LANGUAGE_KEY).ok().flatten())
        .and_then(|code| Locale::parse(&code));
    remembered.unwrap_or_else(|| {
        let preferred: Vec<String> = web_sys::window()
            .map(|w| w.navigator().languages())
            .map(|list| list.iter().filter_map(|v| v.as_string()).collect())
            .unwrap_or_default();
        Locale::negotiate(&preferred)
    })
}

/// Fetches `locale`'s messages, unless the page holds them: English is
/// compiled in, another language comes, as one file, the first time it is
/// chosen. Returns the file fetched (none if it held them), for the service
/// worker to keep; on failure, the error names the file.
pub async fn load_locale(locale: Locale) -> Result<Vec<String>, String> {
    if i18n::holds(locale) {
        return Ok(Vec::new());
    }
    let url = i18n::file_url(locale);
    let text = fetch_text(&url, i18n::MAX_FILE_BYTES).await?;
    i18n::add_fetched(locale, text);
    Ok(vec![url])
}

/// Keep `<html lang>` and the remembered choice in step with the language.
pub fn follow_locale(lab: Lab) {
    Effect::new(move |_| {
        let locale = lab.locale.get();
        if let Some(root) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.document_element())
        {
            let _ = root.set_attribute("lang", locale.code());
        }
        if let Some(document) = web_sys::window().and_then(|w| w.document()) {
            document.set_title(&text(locale, "common-title"));
        }
        if let Some(storage) = super::storage::local_storage() {
            let _ = storage.set_item(LANGUAGE_KEY, locale.code());
        }
    });
}

/// The page's language, read from `<html lang>` (which [`follow_locale`]
/// keeps in step), for code that runs outside the reactive owner, such as a
/// compare worker's message handler.
pub fn page_locale() -> Locale {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
        .and_then(|root| root.get_attribute("lang"))
        .and_then(|code| Locale::parse(&code))
        .unwrap_or_default()
}
