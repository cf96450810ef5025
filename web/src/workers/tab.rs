//! This tab's identity, which decides whose run it keeps.
//!
//! Each tab keeps a run of its own (`lab_session::run`). Its identity lives
//! in `sessionStorage`, which a reload keeps and a new tab starts without,
//! and the tab holds the Web Lock of that identity for as long as it lives.
//! The lock tells the worker which tabs are open, and it tells a duplicated
//! tab (whose `sessionStorage` is a copy) from the tab it copied: the copy
//! finds the lock taken and takes a new identity.
//!
//! A reload may start before the old page's lock is released; a reload
//! therefore waits for its lock, and any other start only takes a free one.
//! A reload that still has no lock after [`RELOAD_LOCK_PATIENCE`] is taken
//! for a copy of a live tab (a browser may report a duplicated tab as a
//! reload) and takes a new identity: a tab never hangs on its lock.

use lab_session::{locks, run};
use std::cell::RefCell;

/// The tab as the worker needs it.
#[derive(Clone, Debug, PartialEq)]
pub struct Tab {
    pub id: String,
    /// The tab had this identity before this page: a reload (or the same
    /// tab navigated again), so it restores its own run.
    pub reload: bool,
}

/// Work that waits for the tab's identity.
type Waiting = Box<dyn FnOnce(&Tab)>;

enum State {
    Unclaimed,
    Claiming(Vec<Waiting>),
    Claimed(Tab),
}

thread_local! {
    static STATE: RefCell<State> = const { RefCell::new(State::Unclaimed) };
}

fn session_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.session_storage().ok().flatten()
}

/// Whether this page was loaded by a reload (Navigation Timing).
fn is_reload() -> bool {
    let Some(performance) = web_sys::window().and_then(|w| w.performance()) else {
        return false;
    };
    let entries = performance.get_entries_by_type("navigation");
    let kind = js_sys::Reflect::get(&entries.get(0), &"type".into()).ok();
    kind.and_then(|k| k.as_string()).as_deref() == Some("reload")
}

fn fresh_id() -> String {
    let high = (js_sys::Math::random() * f64::from(u32::MAX)) as u64;
    let low = (js_sys::Math::random() * f64::from(u32::MAX)) as u64;
    run::new_tab_id(high << 32 | low)
}

/// How long a reload waits for its identity's lock before it takes a new one.
const RELOAD_LOCK_PATIENCE: std::time::Duration = std::time::Duration::from_secs(3);

/// Settles the tab's identity: keeps it in `sessionStorage` and runs what
/// waited. Only the first settlement counts: false for a lock granted after
/// the reload gave up waiting, which is then released.
fn claimed(tab: Tab) -> bool {
    if STATE.with(|s| matches!(*s.borrow(), State::Claimed(_))) {
        return false;
    }
    if let Some(storage) = session_storage() {
        let _ = storage.set_item(run::TAB_ID_KEY, &tab.id);
    }
    let waiting =
        STATE.with(|s| std::mem::replace(&mut *s.borrow_mut(), State::Claimed(tab.clone())));
    if let State::Claiming(waiting) = waiting {
        for then in waiting {
            then(&tab);
        }
    }
    true
}

/// Takes a new identity and its lock.
fn claim_new() {
    let id = fresh_id();
    let lock = run::tab_lock(&id);
    // A fresh identity's lock is free; without Web Locks the tab goes on unlocked.
    locks::hold_forever(&lock, false, move |_| claimed(Tab { id, reload: false }));
}

/// Claims this tab's identity, once, as the page starts.
pub fn claim() {
    let first = STATE.with(|s| {
        let mut s = s.borrow_mut();
        let first = matches!(*s, State::Unclaimed);
        if first {
            *s = State::Claiming(Vec::new());
        }
        first
    });
    if !first {
        return;
    }
    let known = session_storage()
        .and_then(|s| s.get_item(run::TAB_ID_KEY).ok().flatten())
        .and_then(|id| run::clean_tab_id(&id));
    let Some(id) = known else {
        claim_new();
        return;
    };
    if !locks::available() {
        claimed(Tab { id, reload: true });
        return;
    }
    let lock = run::tab_lock(&id);
    let reload = is_reload();
    locks::hold_forever(&lock, !reload, move |held| {
        if held {
            claimed(Tab { id, reload: true })
        } else {
            // Another tab holds it: this one is a duplicate.
            claim_new();
            false
        }
    });
    if reload {
        leptos::prelude::set_timeout(
            || {
                if STATE.with(|s| matches!(*s.borrow(), State::Claiming(_))) {
                    claim_new();
                }
            },
            RELOAD_LOCK_PATIENCE,
        );
    }
}

/// Runs `then` with this tab once its identity is settled (claiming it
/// first if nothing did).
pub fn with(then: impl FnOnce(&Tab) + 'static) {
    claim();
    let mut then: Option<Waiting> = Some(Box::new(then));
    let tab = STATE.with(|s| match &mut *s.borrow_mut() {
        State::Claimed(tab) => Some(tab.clone()),
        State::Claiming(waiting) => {
            waiting.extend(then.take());
            None
        }
        State::Unclaimed => None,
    });
    if let (Some(tab), Some(then)) = (tab, then) {
        then(&tab);
    }
}

/// This tab's identity as kept in `sessionStorage`, read without Rust
/// state (the panic banner uses it).
pub fn stored_id() -> Option<String> {
    session_storage()?
        .get_item(run::TAB_ID_KEY)
        .ok()
        .flatten()
        .and_then(|id| run::clean_tab_id(&id))
}
