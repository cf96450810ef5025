//! The page's side of the service worker (`web/sw.js`), which keeps the lab
//! for offline use: registering it once the first model is in (so that its
//! install, which fetches the site again past the HTTP cache, does not
//! compete with the first visit's downloads), asking it what it keeps, and
//! handing it the task files the training worker fetched before it
//! controlled the page (a first visit's default model). What the page knows
//! is `Lab::offline`; `crate::offline` sums it up.
//!
//! Plain JavaScript calls through `js_sys::Reflect`: a browser without
//! service workers (or an address where they are refused) has no
//! `navigator.serviceWorker`, and every call here returns a `Result`.

use crate::context::state::Lab;
use crate::offline::{Keeper, Kept};
use js_sys::{Array, Function, Object, Promise, Reflect};
use leptos::prelude::*;
use wasm_bindgen::{closure::Closure, JsCast, JsValue};
use wasm_bindgen_futures::{spawn_local, JsFuture};

/// The service worker's script, relative to the page: its folder is the
/// service worker's scope, the lab's own.
const SCRIPT_URL: &str = "./sw.js";

/// The type of the service worker's answer (`web/sw.js`'s `tell`).
const STATUS: &str = "offline-status";

/// Follows the network and the service worker's answers, asks what it keeps,
/// and registers it once the first model is in.
pub fn watch(lab: Lab) {
    follow_the_network(lab);
    let Some(container) = container() else {
        lab.offline.update(|o| o.keeper = Keeper::Refused);
        return;
    };
    let on_message =
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
            if let Some(kept) = read_status(&event.data()) {
                lab.offline.update(|o| o.kept = Some(kept));
            }
        });
    // Setting `onmessage` also starts the container's message queue.
    let _ = Reflect::set(&container, &"onmessage".into(), on_message.as_ref());
    on_message.forget();
    tell_the_keeper(message("status", &[]));
    Effect::new(move |registered: Option<bool>| {
        if registered == Some(true) {
            return true;
        }
        let ready = lab.model.with(Option::is_some);
        if ready {
            register(lab);
        }
        ready
    });
}

/// Asks the service worker to keep the file at `path` (relative to the
/// lab's folder), which the training worker has just fetched: it may have
/// been fetched before the service worker controlled the page, or past it.
pub fn keep(path: String) {
    keep_all(&[path]);
}

/// Asks the service worker to keep the files at `paths` (relative to the
/// lab's folder), fetched before it controlled the page: a language's
/// messages, fetched before a first visit's page could mount in it.
pub fn keep_all(paths: &[String]) {
    tell_the_keeper(message("keep", paths));
}

/// `navigator.serviceWorker`, where the browser has one.
fn container() -> Option<JsValue> {
    let navigator = web_sys::window()?.navigator();
    let container = Reflect::get(&navigator, &"serviceWorker".into()).ok()?;
    (container.is_object()).then_some(container)
}

/// `target.name(arg)`, or the exception it threw.
fn call(target: &JsValue, name: &str, arg: &JsValue) -> Result<JsValue, JsValue> {
    Reflect::get(target, &name.into())?
        .dyn_into::<Function>()?
        .call1(target, arg)
}

/// Registers the service worker. A refusal (no secure address, a private
/// window, a browser's policy, a test that blocks them) is kept as
/// [`Keeper::Refused`]: the menu says the lab cannot be kept here.
fn register(lab: Lab) {
    let Some(container) = container() else {
        return;
    };
    let registered =
        call(&container, "register", &SCRIPT_URL.into()).and_then(|p| p.dyn_into::<Promise>());
    spawn_local(async move {
        let refused = match registered {
            Ok(promise) => JsFuture::from(promise).await.is_err(),
            Err(_) => true,
        };
        if refused {
            lab.offline.update(|o| o.keeper = Keeper::Refused);
        }
    });
}

/// Posts `message` to the active service worker, once there is one (at
/// once on a page it controls; after its install on a first visit; never
/// where there is none).
fn tell_the_keeper(message: JsValue) {
    let Some(ready) = container()
        .and_then(|c| Reflect::get(&c, &"ready".into()).ok())
        .and_then(|r| r.dyn_into::<Promise>().ok())
    else {
        return;
    };
    spawn_local(async move {
        let Ok(registration) = JsFuture::from(ready).await else {
            return;
        };
        if let Ok(active) = Reflect::get(&registration, &"active".into()) {
            if active.is_object() {
                let _ = call(&active, "postMessage", &message);
            }
        }
    });
}

/// `{ type, paths }`, a message of the page to the service worker.
fn message(kind: &str, paths: &[String]) -> JsValue {
    let message = Object::new();
    let list: Array = paths.iter().map(|p| JsValue::from_str(p)).collect();
    let _ = Reflect::set(&message, &"type".into(), &kind.into());
    let _ = Reflect::set(&message, &"paths".into(), &list);
    message.into()
}

/// The service worker's `{ type: 'offline-status', site, paths }`, or
/// `None` for any other message.
fn read_status(data: &JsValue) -> Option<Kept> {
    let field = |name: &str| Reflect::get(data, &name.into()).ok();
    if field("type")?.as_string().as_deref() != Some(STATUS) {
        return None;
    }
    let paths = field("paths")?.dyn_into::<Array>().ok()?;
    Some(Kept {
        site: field("site")?.as_bool().unwrap_or(false),
        paths: paths.iter().filter_map(|p| p.as_string()).collect(),
    })
}

/// Keeps `Offline::no_network` as the browser's `navigator.onLine`.
fn follow_the_network(lab: Lab) {
    let on_line = move || web_sys::window().is_some_and(|w| w.navigator().on_line());
    lab.offline.update(|o| o.no_network = !on_line());
    for event in ["online", "offline"] {
        let handle = window_event_listener_untyped(event, move |_| {
            lab.offline.update(|o| o.no_network = !on_line());
        });
        // The page's life: the lab's state lives as long.
        std::mem::forget(handle);
    }
}
