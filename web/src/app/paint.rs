//! Drawing on canvases, one canvas per task.
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

use std::cell::RefCell;
use std::collections::VecDeque;
use wasm_bindgen::prelude::*;
use web_sys::{HtmlCanvasElement, MessageChannel, MessagePort};

/// Drawings waiting, one per key, oldest first.
pub struct Pending<K, F> {
    items: VecDeque<(K, F)>,
}

impl<K: PartialEq, F> Default for Pending<K, F> {
    fn default() -> Self {
        Pending {
            items: VecDeque::new(),
        }
    }
}

impl<K: PartialEq, F> Pending<K, F> {
    /// Queue `draw` for `key`, replacing a drawing already queued for it
    /// (which keeps its place). True when the queue was empty, so a drain
    /// must be scheduled.
    pub fn push(&mut self, key: K, draw: F) -> bool {
        let was_empty = self.items.is_empty();
        match self.items.iter_mut().find(|(k, _)| *k == key) {
            Some(item) => item.1 = draw,
            None => self.items.push_back((key, draw)),
        }
        was_empty
    }

    /// The drawing queued for `key`, taken off the queue.
    pub fn take(&mut self, key: &K) -> Option<F> {
        let at = self.items.iter().position(|(k, _)| k == key)?;
        self.items.remove(at).map(|(_, draw)| draw)
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
    /// Drawing on this canvas: a newer drawing replaces a queued one.
    Canvas(HtmlCanvasElement),
    /// Other work, numbered so that it is never merged.
    Work(u64),
}

thread_local! {
    static PENDING: RefCell<Pending<Key, Draw>> = RefCell::new(Pending::default());
    /// Work queued so far, to number it.
    static QUEUED: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    /// The port whose messages drain the queue (set up on first use).
    static WAKE: RefCell<Option<MessagePort>> = const { RefCell::new(None) };
}

/// Draw on `canvas` soon, in a task of its own.
pub fn later(canvas: &HtmlCanvasElement, draw: impl FnOnce() + 'static) {
    queue(Key::Canvas(canvas.clone()), Box::new(draw));
}

/// Draw on `canvas` now, dropping a drawing still queued for it (which
/// would draw older data over this one). For a canvas whose size changes:
/// its box and its labels change in this task, so its pixels must too.
pub fn now(canvas: &HtmlCanvasElement, draw: impl FnOnce()) {
    let key = Key::Canvas(canvas.clone());
    drop(PENDING.with(|p| p.borrow_mut().take(&key)));
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
}
