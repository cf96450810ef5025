//! The page's frame: the toolbar, presentation mode, links and sharing, the
//! panic banner, the language, and [`state::Lab`], the signals every view reads.
//!
//! - [`state`]: the shared [`state::Lab`] signals (a newtype context);
//! - [`toolbar`], [`present`]: the sticky toolbar and presentation mode;
//! - [`share`]: the page's deep link, read on load and kept in the address bar;
//! - [`embed`]: one view alone in an `<iframe>` (`?embed=VIEW`), and its snippet;
//! - [`panic`]: a panic becomes a banner with Reload / Reset buttons, not a dead page;
//! - [`i18n`]: the page's language as a signal, and the language picker.
//!
//! [`App`] lays the views out in page order.

pub mod data;
pub mod embed;
pub mod i18n;
pub mod pairs;
pub mod panic;
pub mod present;
pub mod share;
pub mod state;
pub mod toolbar;

use crate::views::{
    attention, compare, complexity, guide, head, mask, noam, pe, smoothing, training, translate,
};
use crate::workers::link;
use leptos::prelude::*;

/// The browser's `localStorage`, where the page keeps the language, the
/// practice answers and the saved-run list; `None` where the browser refuses
/// it (a frame of another site, private modes).
pub fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// Mount the lab on `<body>` and start the worker.
pub fn start() {
    panic::install();
    leptos::mount::mount_to_body(App);
}

/// The whole page.
#[component]
pub fn App() -> impl IntoView {
    let link = share::link_in_url();
    let lab = state::Lab::with_locale(i18n::initial_locale(link.lang));
    provide_context(lab);
    share::open(lab);
    i18n::follow_locale(lab);
    let i18n = lab.i18n();
    // Settle whose run this tab keeps while the worker starts.
    crate::workers::tab::claim();
    link::spawn(lab);
    let resized = window_event_listener(leptos::ev::resize, move |_| {
        if let Some(width) = web_sys::window()
            .and_then(|w| w.inner_width().ok())
            .and_then(|w| w.as_f64())
        {
            lab.window_width.set(width);
        }
    });
    on_cleanup(move || resized.remove());
    view! {
        <toolbar::Toolbar />
        <present::Presenter />
        <main>
            <section class="intro">
                <p>{i18n.t("common-intro")}</p>
                <p class="conventions">
                    <b>{i18n.t("common-conventions")}</b>
                    " "
                    {i18n.t("common-conventions-maps")}
                    " "
                    {i18n.t("common-conventions-tokens")}
                    " "
                    {i18n.t("common-conventions-mask")}
                </p>
                <guide::GuideView />
            </section>
            <pe::PeView />
            <attention::AttentionView />
            <head::HeadView />
            <mask::MaskView />
            <training::TrainingView />
            <noam::NoamView />
            <smoothing::SmoothingView />
            <compare::CompareView />
            <translate::TranslateView />
            <complexity::ComplexityView />
        </main>
    }
}
