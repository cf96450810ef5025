//! The language picker: the page's language itself is a signal of the
//! context ([`crate::context::i18n`]).

use crate::context::state::use_lab;
use crate::i18n::Locale;
use leptos::prelude::*;

/// The language picker (`data-testid="lang-picker"`): values are locale codes.
#[component]
pub fn LanguagePicker() -> impl IntoView {
    let lab = use_lab();
    let i18n = lab.i18n();
    let on_change = move |ev: leptos::ev::Event| {
        if let Some(locale) = Locale::parse(&event_target_value(&ev)) {
            lab.locale.set(locale);
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
