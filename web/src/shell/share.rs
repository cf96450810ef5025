//! Deep links on the page: open the state a URL describes, and "Copy link".
//!
//! The link format and its validation are plain Rust in `crate::deeplink`.

use crate::components::scroll::{now_ms, off_its_place, reader_moves, scroll_to, watch_the_reader};
use crate::context::i18n::{Arg, I18n};
use crate::context::state::{use_lab, Lab, Source};
use crate::deeplink::{DeepLink, Start};
use crate::panels::{self, PANELS};
use lab_protocol::{ModelOrigin, Settings, WorkerInput};
use leptos::prelude::*;

/// The query of the page's URL.
fn location_search() -> String {
    web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default()
}

/// The link in the page's URL, read once at start.
pub fn link_in_url() -> DeepLink {
    DeepLink::parse(&location_search()).0
}

/// Apply the URL's link to a new page's state, before the worker starts:
/// the model it boots with, the view, the focus and presentation mode.
/// Unusable values are named in the banner; the rest of the link still applies.
pub fn open(lab: Lab) {
    let (link, problems) = DeepLink::parse(&location_search());
    if !problems.is_empty() {
        let list: Vec<String> = problems
            .iter()
            .map(|p| format!("{}={}", p.param, p.value))
            .collect();
        let message = lab.i18n().f_now(
            "common-link-problems",
            &[("values", Arg::from(list.join(", ")))],
        );
        lab.show(Source::Link, message);
    }
    if link.task == Some(lab_tasks::TaskKind::Custom) {
        // A link cannot carry the reader's pairs: the panel opens to ask for them.
        lab.custom_open.set(true);
        lab.show(Source::Pairs, lab.i18n().s_now("pairs-link"));
    } else if let Some(task) = link.task {
        lab.task.set(task);
        let settings = link.settings.clone().unwrap_or_else(|| Settings::toy(task));
        lab.draft.set(settings.clone());
        let boot = match link.start {
            Some(Start::Scratch) if link.settings.is_some() => WorkerInput::New { settings },
            _ => WorkerInput::LoadPretrained { task },
        };
        lab.boot_with.set_value(Some(boot));
    }
    if let Some(kind) = link.kind {
        lab.focus_kind.set(kind);
    }
    if let Some(layer) = link.layer {
        lab.focus_layer.set(layer);
    }
    if let Some(head) = link.head {
        lab.focus_head.set(head);
    }
    if let Some(query) = link.query {
        lab.focus_query.set(query);
    }
    if let Some(text) = link.text {
        lab.translate_text.set(text);
        lab.focus_typed.set(true);
    }
    if let Some(strategy) = link.decode {
        lab.decode_strategy.set(strategy);
    }
    let panel = link.view.as_deref().and_then(panels::index_of);
    if let Some(panel) = panel {
        lab.panel.set(panel);
    }
    crate::views::set_present(lab, link.present);
    if let Some(embedded) = link.embed.as_deref().and_then(panels::index_of) {
        lab.panel.set(embedded);
        lab.embed.set(Some(link.hide));
    }
    follow_the_view_in_sight();
    let scroll = panel.filter(|_| !link.present && link.embed.is_none());
    request_animation_frame(move || {
        // Scroll once the views are in the page.
        if let Some(panel) = scroll {
            scroll_to(PANELS[panel].id);
            hold_linked_view(lab, PANELS[panel].id, now_ms() + HOLD_LINKED_VIEW_MS);
        }
    });
    // Out of presentation mode (where the other views are not laid out),
    // views far from the window skip rendering from the second frame on.
    Effect::new(move |_| {
        let present = lab.present.get();
        set_views_settled(false);
        if !present {
            request_animation_frame(move || {
                request_animation_frame(move || {
                    if !lab.present.get_untracked() {
                        set_views_settled(true);
                    }
                })
            });
        }
    });
}

/// How long a deep link's view is kept where it was scrolled to after the
/// first model is in the page (ms): the views above it grow as the model's
/// maps arrive.
const HOLD_LINKED_VIEW_MS: f64 = 5_000.0;
/// ... but never longer than this after the page opens (a worker that never
/// brings a model).
const HOLD_LINKED_VIEW_MAX_MS: f64 = 30_000.0;

/// Scroll back to the view `id` each frame its top has moved, until
/// `until` (ms) or until the reader moves on their own (wheel, key, pointer
/// or touch).
fn hold_linked_view(lab: Lab, id: &'static str, until: f64) {
    watch_the_reader();
    let moves = reader_moves();
    fn look(lab: Lab, id: &'static str, until: f64, last: f64, moves: u64) {
        let now = now_ms();
        let has_model = lab.model.with_untracked(Option::is_some);
        // Until the first model is in, the hold starts again each frame.
        let until = if has_model {
            until
        } else {
            now + HOLD_LINKED_VIEW_MS
        };
        if reader_moves() != moves || now > until.min(last) {
            return;
        }
        // Also when the page was too short to scroll that far at first.
        // (The page's scroll position says nothing of the reader: the
        // browser's scroll anchoring moves it too, as the views fill in.)
        if off_its_place(id).unwrap_or(false) {
            scroll_to(id);
        }
        request_animation_frame(move || look(lab, id, until, last, moves));
    }
    let last = now_ms() + HOLD_LINKED_VIEW_MAX_MS;
    request_animation_frame(move || look(lab, id, until, last, moves));
}

/// The class on `<html>` under which a view far from the window skips its
/// rendering (`content-visibility: auto` in style.css).
const VIEWS_SETTLED: &str = "views-settled";

/// Let views out of sight skip their rendering (or not). Not before each
/// has been laid out once: a skipped view takes the size it last had, and a
/// view never laid out would take a guessed one, putting the deep link's
/// view somewhere else than where it was scrolled to.
fn set_views_settled(settled: bool) {
    if let Some(root) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    {
        let _ = root.class_list().toggle_with_force(VIEWS_SETTLED, settled);
    }
}

/// The panel at the top of the window: the last view whose top has scrolled
/// above a third of the window's height.
fn panel_in_sight() -> usize {
    let Some(window) = web_sys::window() else {
        return 0;
    };
    let third = window
        .inner_height()
        .ok()
        .and_then(|h| h.as_f64())
        .unwrap_or(900.0)
        / 3.0;
    let document = window.document();
    // Above the first view (the model's figure, the menu): the view last in
    // sight; the figure is the link's view only before the reader scrolled.
    let mut current = LAST_IN_SIGHT.with(std::cell::Cell::get);
    for (i, panel) in PANELS.iter().enumerate() {
        if i == panels::FIGURE {
            continue;
        }
        let top = document
            .as_ref()
            .and_then(|d| d.get_element_by_id(panel.id))
            .map(|e| e.get_bounding_client_rect().top());
        if top.is_some_and(|t| t <= third) {
            current = i;
        }
    }
    LAST_IN_SIGHT.with(|last| last.set(current));
    current
}

thread_local! {
    /// The panel [`panel_in_sight`] found last: a reader who scrolls up to
    /// the figure and the menu (to copy a link) shares the view they were on.
    static LAST_IN_SIGHT: std::cell::Cell<usize> = const { std::cell::Cell::new(panels::FIGURE) };
}

/// Keeps [`LAST_IN_SIGHT`] as the reader scrolls (one listener per page).
fn follow_the_view_in_sight() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let scrolled = wasm_bindgen::closure::Closure::<dyn FnMut()>::new(|| {
        panel_in_sight();
    });
    let _ = window.add_event_listener_with_callback(
        "scroll",
        wasm_bindgen::JsCast::unchecked_ref(scrolled.as_ref()),
    );
    // Kept for the page's life.
    scrolled.forget();
}

/// The link to the page as it is now.
pub fn current_link(lab: Lab) -> DeepLink {
    let (settings, origin) = lab.model.with_untracked(|m| match m {
        Some(m) => (m.settings.clone(), Some(m.origin)),
        None => (
            Settings {
                task: lab.task.get_untracked(),
                ..lab.draft.get_untracked()
            },
            None,
        ),
    });
    let present = lab.present.get_untracked();
    let embed = lab.embed.get_untracked();
    let panel = if present || embed.is_some() {
        lab.panel.get_untracked()
    } else {
        panel_in_sight()
    };
    let text = lab.translate_text.get_untracked();
    DeepLink {
        lang: Some(lab.locale.get_untracked()),
        task: Some(settings.task),
        start: Some(if origin == Some(ModelOrigin::Scratch) {
            Start::Scratch
        } else {
            Start::Pretrained
        }),
        settings: Some(settings),
        view: Some(PANELS[panel.min(PANELS.len() - 1)].id.to_string()),
        kind: Some(lab.focus_kind.get_untracked()),
        layer: Some(lab.focus_layer.get_untracked()),
        head: Some(lab.focus_head.get_untracked()),
        query: Some(lab.focus_query.get_untracked()),
        text: (!text.trim().is_empty()).then_some(text),
        decode: Some(lab.decode_strategy.get_untracked()),
        present,
        embed: embed.map(|_| PANELS[panel.min(PANELS.len() - 1)].id.to_string()),
        hide: embed.unwrap_or_default(),
    }
}

/// The absolute URL of a link on this page.
pub fn url_of(link: &DeepLink) -> String {
    let location = web_sys::window().map(|w| w.location());
    let base = location
        .map(|l| {
            format!(
                "{}{}",
                l.origin().unwrap_or_default(),
                l.pathname().unwrap_or_default()
            )
        })
        .unwrap_or_default();
    format!("{base}?{}", link.to_query())
}

/// Select the whole text of the focused field (a link or a snippet to copy by hand).
pub fn select_all(ev: leptos::ev::FocusEvent) {
    use wasm_bindgen::JsCast;
    if let Some(input) = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
    {
        input.select();
    }
}

/// "Copy link": put the current state's URL in the address bar and on the
/// clipboard, and show it (selectable) in case the clipboard is not allowed.
#[component]
pub fn CopyLink() -> impl IntoView {
    let lab = use_lab();
    let i18n: I18n = lab.i18n();
    let shown = RwSignal::new(None::<String>);
    let copy = move |_| {
        let url = url_of(&current_link(lab));
        if let Some(window) = web_sys::window() {
            if let Ok(history) = window.history() {
                let _ =
                    history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
            }
            let _ = window.navigator().clipboard().write_text(&url);
        }
        let custom = lab.model.with_untracked(|m| {
            m.as_ref()
                .is_some_and(|m| m.settings.task == lab_tasks::TaskKind::Custom)
        });
        let note = i18n.s_now("common-link-copied");
        lab.note.set(if custom {
            format!("{note} {}", i18n.s_now("pairs-link"))
        } else {
            note
        });
        shown.set(Some(url));
    };
    view! {
        <button data-testid="copy-link" on:click=copy title=i18n.t("common-copy-link-tooltip")>
            {i18n.t("common-copy-link")}
        </button>
        <crate::shell::qr::QrButton />
        {move || {
            shown
                .get()
                .map(|url| {
                    view! {
                        <input
                            class="share-url"
                            data-testid="copy-link-url"
                            readonly
                            value=url
                            aria-label=i18n.t("common-copy-link")
                            on:focus=select_all
                        />
                    }
                })
        }}
    }
}
