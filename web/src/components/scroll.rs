//! Scrolling to a view and keeping it in sight while the views above it
//! fill in, until the reader moves on their own: for a deep link's view
//! (`shell::share`) and a view opened from the guide.

use leptos::prelude::request_animation_frame;

thread_local! {
    /// How many times the reader has scrolled, clicked, touched or pressed
    /// a key: a view held in place is let go once it changes.
    static READER_MOVES: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    static WATCHING_THE_READER: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Counts the reader's own moves in [`READER_MOVES`] from now on (the
/// listeners are added once per page).
pub fn watch_the_reader() {
    if WATCHING_THE_READER.with(|w| w.replace(true)) {
        return;
    }
    let Some(window) = web_sys::window() else {
        return;
    };
    for event in ["wheel", "keydown", "pointerdown", "mousedown", "touchstart"] {
        let moved = wasm_bindgen::closure::Closure::<dyn FnMut()>::new(|| {
            READER_MOVES.with(|m| m.set(m.get() + 1))
        });
        let _ = window.add_event_listener_with_callback(
            event,
            wasm_bindgen::JsCast::unchecked_ref(moved.as_ref()),
        );
        // Kept for the page's life: one listener per kind of event.
        moved.forget();
    }
}

pub fn reader_moves() -> u64 {
    READER_MOVES.with(|m| m.get())
}

/// How long a view opened from a link in the page (the guide's) is kept in
/// place while the views above it fill in (ms).
pub const HOLD_OPENED_VIEW_MS: f64 = 2_000.0;

/// Scroll to the view `id` and keep it there for `ms` while the views above
/// it grow as their figures arrive, unless the reader moves meanwhile.
pub fn scroll_and_hold(id: &'static str, ms: f64) {
    scroll_and_hold_at(id, None, ms);
}

/// [`scroll_and_hold`] to the element `at` (a CSS selector) inside the view
/// `id`, or to the view itself when `at` finds nothing.
pub fn scroll_and_hold_at(id: &'static str, at: Option<String>, ms: f64) {
    watch_the_reader();
    let moves = reader_moves();
    let at = std::rc::Rc::new(at);
    scroll_to_at(id, at.as_deref());
    fn look(id: &'static str, at: std::rc::Rc<Option<String>>, until: f64, moves: u64) {
        if reader_moves() != moves || now_ms() > until {
            return;
        }
        if off_its_place_at(id, at.as_deref()).unwrap_or(false) {
            scroll_to_at(id, at.as_deref());
        }
        request_animation_frame(move || look(id, at, until, moves));
    }
    let until = now_ms() + ms;
    request_animation_frame(move || look(id, at, until, moves));
}

pub fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

/// Whether the view `id` is more than a pixel away from where [`scroll_to`] puts it.
pub fn off_its_place(id: &str) -> Option<bool> {
    off_its_place_at(id, None)
}

/// The element `at` (a CSS selector) inside the view `id`, or the view.
fn target(document: &web_sys::Document, id: &str, at: Option<&str>) -> Option<web_sys::Element> {
    let section = document.get_element_by_id(id)?;
    let inside = at.and_then(|at| section.query_selector(at).ok().flatten());
    Some(inside.unwrap_or(section))
}

fn off_its_place_at(id: &str, at: Option<&str>) -> Option<bool> {
    let document = web_sys::window()?.document()?;
    let top = target(&document, id, at)?.get_bounding_client_rect().top();
    Some((top - scrolled_to_top(&document)).abs() > 1.0)
}

/// Space left between the sticky toolbar and a view scrolled to (CSS px).
const BELOW_TOOLBAR_PX: f64 = 8.0;

/// Bring the view with this `<section id>` into sight, its title just below
/// the sticky toolbar (one row or more: it wraps on narrow windows).
pub fn scroll_to(id: &str) {
    scroll_to_at(id, None);
}

/// [`scroll_to`] the element `at` (a CSS selector) inside the view `id`.
fn scroll_to_at(id: &str, at: Option<&str>) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let Some(document) = window.document() else {
        return;
    };
    let Some(section) = document.get_element_by_id(id) else {
        return;
    };
    super::paint::flush_within(&section);
    let Some(element) = target(&document, id, at) else {
        return;
    };
    let top = element.get_bounding_client_rect().top();
    let y = window.scroll_y().unwrap_or(0.0) + top - scrolled_to_top(&document);
    window.scroll_to_with_x_and_y(window.scroll_x().unwrap_or(0.0), y.max(0.0));
}

/// Where [`scroll_to`] puts a view's top, from the top of the window (CSS px).
fn scrolled_to_top(document: &web_sys::Document) -> f64 {
    let toolbar = document
        .query_selector(".toolbar")
        .ok()
        .flatten()
        .map_or(0.0, |t| t.get_bounding_client_rect().bottom().max(0.0));
    toolbar + BELOW_TOOLBAR_PX
}
