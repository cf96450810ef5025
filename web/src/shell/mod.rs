//! The page's frame: the toolbar, presentation mode, links and sharing, the
//! panic banner and the language picker, around the views. The signals every
//! view reads are the context's ([`crate::context`]).
//!
//! - [`toolbar`], [`present`]: the sticky toolbar and presentation mode;
//! - [`share`]: the page's deep link, read on load and kept in the address bar;
//! - [`qr`]: the current link as a QR code, to scan off the projector;
//! - [`embed`]: one view alone in an `<iframe>` (`?embed=VIEW`), and its snippet;
//! - [`panic`]: a panic becomes a banner with Reload / Reset buttons, not a dead page;
//! - [`language`]: the language picker;
//! - [`offline`]: what the lab keeps for offline use, said in the menu.
//!
//! [`App`] lays the views out in page order.

pub mod data;
pub mod embed;
pub mod language;
pub mod offline;
pub mod pairs;
pub mod panic;
pub mod present;
pub mod qr;
pub mod share;
pub mod toolbar;

use crate::context::i18n::{follow_locale, initial_locale, load_locale};
use crate::context::state::Lab;
use crate::i18n::Locale;
use crate::views::guide;
use crate::workers::link;
use leptos::prelude::*;

/// Mount the lab on `<body>`, in its language, and start the worker.
pub fn start() {
    panic::install();
    let locale = initial_locale(share::link_in_url().lang);
    // A language other than English is fetched first, so the page never
    // shows a first screen in the wrong one; if it cannot come, English.
    wasm_bindgen_futures::spawn_local(async move {
        let missing = match load_locale(locale).await {
            Ok(fetched) => {
                crate::workers::offline::keep_all(&fetched);
                None
            }
            Err(why) => Some((locale, why)),
        };
        let opened = if missing.is_some() {
            Locale::En
        } else {
            locale
        };
        leptos::mount::mount_to_body(
            move || view! { <App locale=opened missing=missing.clone() /> },
        );
    });
}

/// The whole page, in `locale`: the run's one-line bar, the model's figure,
/// the rest of the controls, then the views. `missing`: the language that
/// was asked for but could not be fetched, and why.
#[component]
pub fn App(locale: Locale, missing: Option<(Locale, String)>) -> impl IntoView {
    let lab = Lab::with_locale(locale);
    provide_context(lab);
    share::open(lab);
    follow_locale(lab);
    if let Some((wanted, why)) = missing {
        language::unavailable(lab, wanted, why);
    }
    let i18n = lab.i18n();
    // Settle whose run this tab keeps while the worker starts.
    crate::workers::tab::claim();
    link::spawn(lab);
    crate::workers::offline::watch(lab);
    let resized = window_event_listener(leptos::ev::resize, move |_| {
        if let Some(width) = web_sys::window()
            .and_then(|w| w.inner_width().ok())
            .and_then(|w| w.as_f64())
        {
            lab.window_width.set(width);
        }
    });
    on_cleanup(move || resized.remove());
    // The first panel is the model's figure: above the menu and the
    // introduction, the views after them.
    let (figure, views) = crate::views::PAGE
        .split_first()
        .expect("the page has the figure and its views");
    let (figure, views) = ((figure.draw)(), views.iter().map(|view| (view.draw)()));
    view! {
        <toolbar::Toolbar />
        <present::Presenter />
        <main>
            {figure} <toolbar::Menu /> <section class="intro">
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
            </section> {views.collect_view()}
        </main>
    }
}
