//! The language picker: the page's language itself is a signal of the
//! context ([`crate::context::i18n`]).

use crate::context::i18n::{load_locale, Arg};
use crate::context::state::{use_lab, Lab, Source};
use crate::i18n::Locale;
use leptos::prelude::*;

/// Switch the page to `locale`, once its messages are here; if they cannot
/// come, the `picker` shows the page's language again.
fn switch_to(lab: Lab, locale: Locale, picker: web_sys::HtmlSelectElement) {
    wasm_bindgen_futures::spawn_local(async move {
        match load_locale(locale).await {
            Ok(fetched) => {
                crate::workers::offline::keep_all(&fetched);
                lab.clear(Source::Language);
                lab.locale.set(locale);
            }
            Err(why) => {
                picker.set_value(lab.locale.get_untracked().code());
                unavailable(lab, locale, why);
            }
        }
    });
}

/// Say, in the page's language, that `wanted` could not be fetched.
pub fn unavailable(lab: Lab, wanted: Locale, why: String) {
    let message = lab.i18n().f_now(
        "common-language-unavailable",
        &[
            ("language", Arg::from(wanted.native_name())),
            ("why", Arg::from(why)),
        ],
    );
    lab.show(Source::Language, message);
}

/// The language picker (`data-testid="lang-picker"`): values are locale codes.
#[component]
pub fn LanguagePicker() -> impl IntoView {
    let lab = use_lab();
    let i18n = lab.i18n();
    let on_change = move |ev: leptos::ev::Event| {
        if let Some(locale) = Locale::parse(&event_target_value(&ev)) {
            switch_to(lab, locale, event_target(&ev));
        }
    };
    view! {
        <label class="lang">
            <span class="visually-hidden">{i18n.t("common-language")}</span>
            <select data-testid="lang-picker" on:change=on_change>
                {Locale::ALL
                    .into_iter()
                    .map(|l| {
                        view! {
                            <option
                                value=l.code()
                                lang=l.code()
                                selected=move || lab.locale.get() == l
                            >
                                {l.native_name()}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
        </label>
    }
}
