//! Drawing on canvases, one canvas per task, and only the canvases in sight.
//!
//! A worker snapshot changes many signals at once, and each chart redraws
//! in an effect. Drawn in the message's own task, the charts of the open
//! views add up to one main-thread task of 40–80 ms while both cores train
//! (BENCHMARKS.md, "Main-thread long tasks"). [`later`] queues a canvas's
//! drawing instead; the queue is drained one piece of work per task (a
//! `MessageChannel` message, which the browser does not delay), so input
//! and rendering can run between two charts. A canvas queued twice is drawn
//! once, with the newer drawing, in its first place. [`now`] draws at once
//! and drops what was queued for that canvas (a heatmap whose size
//! changed). [`soon`] queues other work the same way (the probe's part of a
//! snapshot), never merged.
//!
//! A canvas out of sight (more than a screen away from the viewport, or in
//! a hidden view) is not drawn: its newest drawing is parked, and queued
//! when an `IntersectionObserver` sees the canvas come near the viewport.
//! The page is many screens long, and while both cores train every drawing
//! the main thread skips is time the workers get back (BENCHMARKS.md,
//! "Drawing only what is in sight"). [`flush`] draws a parked canvas at once
//! (a PNG export of a figure out of sight).
//!
//! Tables of numbers that follow training are held the same way:
//! [`in_sight`] queues the update of an element's numbers (a view's table
//! of one head opened up, the PE view's input rows) and parks it while the
//! element is out of sight. Each such update rebuilds hundreds of cells, and
//! the browser then lays out the whole page (BENCHMARKS.md, "Numbers out
//! of sight wait").

use js_sys::Array;
use std::cell::RefCell;
use std::collections::VecDeque;
use wasm_bindgen::prelude::*;
use web_sys::{
    Element, HtmlCanvasElement, IntersectionObserver, IntersectionObserverEntry,
    IntersectionObserverInit, MessageChannel, MessagePort,
};

/// Drawings waiting, one per key, oldest first; and the newest drawing of
/// each key out of sight, parked until it comes into sight.
pub struct Pending<K, F> {
    items: VecDeque<(K, F)>,
    parked: Vec<(K, F)>,
    hidden: Vec<K>,
}

impl<K: PartialEq, F> Default for Pending<K, F> {
    fn default() -> Self {
        Pending {
            items: VecDeque::new(),
            parked: Vec::new(),
            hidden: Vec::new(),
        }
    }
}

impl<K: PartialEq, F> Pending<K, F> {
    /// Queue `draw` for `key`, replacing a drawing already queued for it
    /// (which keeps its place). True when the queue was empty, so a drain
    /// must be scheduled.
    /// A key out of sight parks `draw` instead (false: nothing to drain).
    pub fn push(&mut self, key: K, draw: F) -> bool {
        if self.hidden.contains(&key) {
            match self.parked.iter_mut().find(|(k, _)| *k == key) {
                Some(item) => item.1 = draw,
                None => self.parked.push((key, draw)),
            }
            return false;
        }
        let was_empty = self.items.is_empty();
        match self.items.iter_mut().find(|(k, _)| *k == key) {
            Some(item) => item.1 = draw,
            None => self.items.push_back((key, draw)),
        }
        was_empty
    }

    /// The drawing queued or parked for `key`, taken off the queue.
    pub fn take(&mut self, key: &K) -> Option<F> {
        if let Some(at) = self.parked.iter().position(|(k, _)| k == key) {
            return Some(self.parked.swap_remove(at).1);
        }
        let at = self.items.iter().position(|(k, _)| k == key)?;
        self.items.remove(at).map(|(_, draw)| draw)
    }

    /// `key` went out of sight: its drawings are parked until [`Self::show`].
    pub fn hide(&mut self, key: K) {
        if self.hidden.contains(&key) {
            return;
        }
        let queued = self.items.iter().position(|(k, _)| *k == key);
        if let Some((k, draw)) = queued.and_then(|at| self.items.remove(at)) {
            self.parked.push((k, draw));
        }
        self.hidden.push(key);
    }

    /// `key` came into sight: its parked drawing joins the queue. True when
    /// the queue was empty, so a drain must be scheduled.
    pub fn show(&mut self, key: &K) -> bool {
        self.hidden.retain(|k| k != key);
        match self.parked.iter().position(|(k, _)| k == key) {
            Some(at) => {
                let (key, draw) = self.parked.swap_remove(at);
                self.push(key, draw)
            }
            None => false,
        }
    }

    /// Forget the keys out of sight that `keep` rejects (canvases taken off
    /// the page), and their parked drawings.
    pub fn forget_hidden(&mut self, keep: impl Fn(&K) -> bool) {
        self.hidden.retain(&keep);
        self.parked.retain(|(k, _)| keep(k));
    }

    /// Drawings parked out of sight.
    pub fn parked(&self) -> usize {
        self.parked.len()
    }

    /// The oldest drawing, taken off the queue.
    pub fn pop(&mut self) -> Option<F> {
        self.items.pop_front().map(|(_, draw)| draw)
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
}

type Draw = Box<dyn FnOnce()>;

/// What queued work is for.
#[derive(PartialEq)]
enum Key {
    /// Drawing on this canvas, or updating this element's numbers: a newer
    /// drawing replaces a queued one.
    Sight(Element),
    /// Other work, numbered so that it is never merged.
    Work(u64),
}

thread_local! {
    static PENDING: RefCell<Pending<Key, Draw>> = RefCell::new(Pending::default());
    /// Work queued so far, to number it.
    static QUEUED: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    /// The port whose messages drain the queue (set up on first use).
    static WAKE: RefCell<Option<MessagePort>> = const { RefCell::new(None) };
    /// Watches the elements drawn with [`later`] or [`in_sight`] come into and out of sight
    /// (set up on first use; `None` where it cannot be made: all are drawn).
    static SIGHT: Option<IntersectionObserver> = sight();
}

/// How far from the viewport a canvas counts as in sight: one screen above
/// and one below, so that scrolling finds it drawn.
const IN_SIGHT_MARGIN: &str = "100% 0px";

/// The attribute of an element whose numbers [`in_sight`] updates.
const WATCHED: &str = "data-in-sight";

/// Draw on `canvas` soon, in a task of its own; if it is out of sight, when
/// it comes into sight.
pub fn later(canvas: &HtmlCanvasElement, draw: impl FnOnce() + 'static) {
    in_sight(canvas, draw);
}

/// Update `element`'s numbers soon, in a task of its own; if it is out of
/// sight, when it comes into sight. A newer update replaces one still
/// waiting, as a canvas's newer drawing does.
pub fn in_sight(element: &Element, update: impl FnOnce() + 'static) {
    watch(element);
    queue(Key::Sight(element.clone()), Box::new(update));
}

/// Start watching `element` come into and out of sight, before its first
/// update: the observer's first report comes a frame or more later, and
/// until then an update is not held back.
pub fn watch(element: &Element) {
    // Observing an element twice is observing it once; the first report of
    // one out of sight parks what was queued for it meanwhile.
    SIGHT.with(|sight| {
        if let Some(sight) = sight {
            sight.observe(element);
        }
    });
    // Marked, so that `flush_within` finds it.
    if !element.has_attribute(WATCHED) {
        let _ = element.set_attribute(WATCHED, "");
    }
}

/// [`watch`] the element `node` refers to from when it is mounted: a view
/// whose numbers [`in_sight`] updates, watched before its first update.
pub fn watch_from_mount<E>(node: leptos::prelude::NodeRef<E>)
where
    E: leptos::html::ElementType,
    E::Output: AsRef<Element> + JsCast + Clone + 'static,
{
    use leptos::prelude::{Effect, Get};
    Effect::new(move |_| {
        if let Some(element) = node.get() {
            watch(element.as_ref());
        }
    });
}

/// Drop the update waiting for `element`: newer numbers were shown at once.
pub fn drop_waiting(element: &Element) {
    drop(PENDING.with(|p| p.borrow_mut().take(&Key::Sight(element.clone()))));
}

/// A chart's canvas size on a window `window_width` CSS px wide: its own
/// size where it fits, else the window's width less the page's margins and a
/// height shrunk less than the width (never below three quarters), so that
/// the labels keep their pixel size and stay readable on a phone.
pub fn chart_size(base: (u32, u32), window_width: f64) -> (u32, u32) {
    /// The page's and the view's padding on both sides (CSS px).
    const AROUND_CHART_PX: f64 = 48.0;
    /// The narrowest a chart gets.
    const MIN_CHART_PX: f64 = 280.0;
    let room = (window_width - AROUND_CHART_PX).max(MIN_CHART_PX);
    if !window_width.is_finite() || f64::from(base.0) <= room {
        return base;
    }
    let scale = room / f64::from(base.0);
    let height = f64::from(base.1) * scale.max(0.75);
    (room as u32, height.round() as u32)
}

/// Give `canvas` the [`chart_size`] of `base` for this window; a canvas
/// already at that size is left alone (resizing clears it).
pub fn fit_chart(canvas: &HtmlCanvasElement, base: (u32, u32), window_width: f64) {
    let (width, height) = chart_size(base, window_width);
    if canvas.width() != width || canvas.height() != height {
        canvas.set_width(width);
        canvas.set_height(height);
    }
}

/// Draw what is parked or queued for `canvas` now (before reading its pixels).
pub fn flush(canvas: &HtmlCanvasElement) {
    flush_element(canvas);
}

fn flush_element(element: &Element) {
    let key = Key::Sight(element.clone());
    if let Some(draw) = PENDING.with(|p| p.borrow_mut().take(&key)) {
        draw();
    }
}

/// Draw what is parked or queued for `root` and every element inside it
/// now: a view jumped to (a link, a presentation panel) is shown drawn and
/// up to date, not blank or stale for the frames until the observer
/// reports it in sight.
pub fn flush_within(root: &Element) {
    flush_element(root);
    let Ok(elements) = root.query_selector_all(&format!("canvas, [{WATCHED}]")) else {
        return;
    };
    for i in 0..elements.length() {
        if let Some(element) = elements.get(i).and_then(|n| n.dyn_into().ok()) {
            flush_element(&element);
        }
    }
}

/// The observer behind [`later`]'s and [`in_sight`]'s sight: an element
/// coming near the viewport has its parked drawing queued; one leaving it
/// has its drawings parked.
fn sight() -> Option<IntersectionObserver> {
    let on_change = Closure::<dyn FnMut(Array)>::new(|entries: Array| {
        let mut woken = false;
        PENDING.with(|p| {
            let mut p = p.borrow_mut();
            for entry in entries.iter() {
                let entry: IntersectionObserverEntry = entry.unchecked_into();
                let key = Key::Sight(entry.target());
                if entry.is_intersecting() {
                    woken |= p.show(&key);
                } else {
                    p.hide(key);
                }
            }
            p.forget_hidden(|key| match key {
                Key::Sight(element) => element.is_connected(),
                Key::Work(_) => true,
            });
        });
        if woken {
            wake();
        }
    });
    let options = IntersectionObserverInit::new();
    options.set_root_margin(IN_SIGHT_MARGIN);
    let observer =
        IntersectionObserver::new_with_options(on_change.as_ref().unchecked_ref(), &options)
            .ok()?;
    on_change.forget();
    Some(observer)
}

/// Draw on `canvas` now, dropping a drawing still queued for it (which
/// would draw older data over this one). For a canvas whose size changes:
/// its box and its labels change in this task, so its pixels must too.
pub fn now(canvas: &HtmlCanvasElement, draw: impl FnOnce()) {
    drop_waiting(canvas);
    draw();
}

/// Run `work` soon, in a task of its own, after the drawings queued before it.
pub fn soon(work: impl FnOnce() + 'static) {
    let n = QUEUED.with(|q| {
        q.set(q.get() + 1);
        q.get()
    });
    queue(Key::Work(n), Box::new(work));
}

fn queue(key: Key, work: Draw) {
    let first = PENDING.with(|p| p.borrow_mut().push(key, work));
    if first {
        wake();
    }
}

/// Ask for one more task that draws the oldest queued canvas. Where no
/// channel can be made, everything queued is drawn at once.
fn wake() {
    let sent = WAKE.with(|w| {
        let mut w = w.borrow_mut();
        if w.is_none() {
            *w = channel();
        }
        w.as_ref()
            .is_some_and(|port| port.post_message(&JsValue::NULL).is_ok())
    });
    if !sent {
        while let Some(draw) = PENDING.with(|p| p.borrow_mut().pop()) {
            draw();
        }
    }
}

/// A channel whose other end draws one canvas per message.
fn channel() -> Option<MessagePort> {
    let channel = MessageChannel::new().ok()?;
    let on_message = Closure::<dyn FnMut()>::new(|| {
        // The next task is asked for before drawing, so a drawing that fails
        // does not stop the others; the queue is not borrowed while drawing
        // (a drawing may queue another).
        let Some(draw) = PENDING.with(|p| p.borrow_mut().pop()) else {
            return;
        };
        if !PENDING.with(|p| p.borrow().is_empty()) {
            wake();
        }
        draw();
    });
    channel
        .port1()
        .set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    Some(channel.port2())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_canvas_queued_twice_is_drawn_once_with_the_newer_drawing_in_its_first_place() {
        let mut pending = Pending::default();
        assert!(pending.push("loss", 1), "the first drawing wakes the drain");
        assert!(!pending.push("heatmap", 2));
        assert!(!pending.push("loss", 3));
        assert_eq!(pending.pop(), Some(3));
        assert_eq!(pending.pop(), Some(2));
        assert_eq!(pending.pop(), None);
        assert!(pending.is_empty());
        assert!(pending.push("loss", 4), "an emptied queue wakes it again");
    }

    #[test]
    fn a_drawing_taken_off_the_queue_leaves_the_others_in_order() {
        let mut pending = Pending::default();
        pending.push("loss", 1);
        pending.push("heatmap", 2);
        pending.push("noam", 3);
        assert_eq!(pending.take(&"heatmap"), Some(2));
        assert_eq!(pending.take(&"heatmap"), None, "it is gone");
        assert_eq!(pending.pop(), Some(1));
        assert_eq!(pending.pop(), Some(3));
    }

    #[test]
    fn a_canvas_out_of_sight_keeps_only_its_newest_drawing_until_it_is_in_sight() {
        let mut pending = Pending::default();
        pending.push("loss", 1);
        pending.push("heatmap", 2);
        pending.hide("loss");
        assert_eq!(pending.parked(), 1, "what was queued for it is parked");
        assert!(!pending.push("loss", 3), "parking wakes nothing");
        assert!(!pending.push("loss", 4));
        assert_eq!(pending.parked(), 1, "one drawing per canvas");
        assert_eq!(pending.pop(), Some(2));
        assert_eq!(pending.pop(), None, "nothing out of sight is drawn");
        assert!(
            pending.show(&"loss"),
            "in sight again, its drawing is queued"
        );
        assert_eq!(pending.pop(), Some(4), "the newest one");
        assert_eq!(pending.parked(), 0);
        assert!(pending.push("loss", 5), "in sight, drawings queue again");
        assert!(
            !pending.show(&"noam"),
            "a canvas with nothing parked wakes nothing"
        );
    }

    #[test]
    fn a_drawing_parked_out_of_sight_can_be_taken_and_forgotten() {
        let mut pending = Pending::default();
        pending.hide("loss");
        pending.hide("loss");
        pending.hide("heatmap");
        pending.push("loss", 1);
        pending.push("heatmap", 2);
        assert_eq!(pending.take(&"loss"), Some(1), "an export draws it at once");
        assert_eq!(pending.take(&"loss"), None);
        pending.forget_hidden(|key| *key != "heatmap");
        assert_eq!(
            pending.parked(),
            0,
            "a canvas taken off the page loses its drawing"
        );
        assert!(pending.push("heatmap", 3), "and is no longer out of sight");
        pending.push("loss", 4);
        assert_eq!(pending.parked(), 1, "the others stay out of sight");
    }

    #[test]
    fn a_chart_narrows_to_a_phone_and_keeps_its_labels_size() {
        // A laptop keeps the chart's own size.
        assert_eq!(chart_size((900, 380), 1400.0), (900, 380));
        // A phone 390 px wide: 342 px wide, and 285 px tall (three quarters), not 144.
        assert_eq!(chart_size((900, 380), 390.0), (342, 285));
        // A tablet: the width of the window, the height scaled less.
        assert_eq!(chart_size((1280, 420), 820.0), (772, 315));
        // Never narrower than 280 px, whatever the window says.
        assert_eq!(chart_size((900, 380), 100.0).0, 280);
        assert_eq!(chart_size((900, 380), f64::NAN), (900, 380));
    }
}
