//! The self-study guide: every concept of the tutorials in the reader's
//! language, each with links to the views that show it. The data is
//! `docs/tutorial-map.md` (`crate::guide`).

use crate::guide::concepts_for;
use crate::panels::PANELS;
use crate::shell::present;
use crate::shell::share;
use crate::shell::state::use_lab;
use crate::views::practice::{self, data::progress};
use leptos::prelude::*;

#[component]
pub fn GuideView() -> impl IntoView {
    let lab = use_lab();
    let i18n = lab.i18n();
    let open_panel = move |panel: usize| {
        lab.panel.set(panel);
        if lab.present.get_untracked() {
            present::set_present(lab, true);
        } else {
            share::scroll_to(PANELS[panel].id);
        }
    };
    let rows = move || {
        let locale = lab.locale.get();
        concepts_for(locale)
            .into_iter()
            .map(|c| {
                // The section's words are the tutorial's own.
                let lang = if c.languages.contains(&locale) { locale } else { c.languages[0] };
                let section = c.section.replace('`', "");
                let links = c
                    .panels
                    .iter()
                    .map(|&p| {
                        let href = format!("#{}", PANELS[p].id);
                        view! {
                            <a href=href on:click=move |ev| { ev.prevent_default(); open_panel(p) }>
                                {format!("{} · ", p + 1)}{i18n.t(PANELS[p].title)}
                            </a>
                        }
                    })
                    .collect_view();
                view! {
                    <tr>
                        <td class="guide-tutorial" lang=lang.code()>{format!("{} {}", c.tutorial, c.tutorial_title)}</td>
                        <td lang=lang.code()>{section}</td>
                        <td class="guide-links">{links}</td>
                    </tr>
                }
            })
            .collect_view()
    };
    view! {
        <details class="guide" data-testid="guide">
            <summary>{i18n.t("guide-title")}</summary>
            <p>{i18n.t("guide-intro")}</p>
            <p class="practice-progress">{i18n.t("practice-progress-label")}" "
                <b data-testid="practice-progress">{move || {
                    let (right, total) = lab.practice.with(progress);
                    format!("{right} / {total}")
                }}</b>" "
                <button data-testid="practice-reset" on:click=move |_| practice::reset(lab)>
                    {i18n.t("practice-reset")}
                </button>
            </p>
            <table tabindex="0">
                <thead>
                    <tr>
                        <th scope="col">{i18n.t("guide-tutorial")}</th>
                        <th scope="col">{i18n.t("guide-section")}</th>
                        <th scope="col">{i18n.t("guide-views")}</th>
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
        </details>
    }
}
