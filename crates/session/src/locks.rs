//! Web Locks (`navigator.locks`), for the page and the workers alike: an open
//! tab holds its tab's lock ([`crate::run::tab_lock`]) for as long as it
//! lives, and the worker asks which locks are held to tell open tabs from
//! closed ones. The browser releases a tab's lock when the tab goes away,
//! however it goes (closed, crashed, reloaded), so no timing is involved.
//!
//! `web-sys` has these bindings only behind `web_sys_unstable_apis`, a
//! compiler flag for the whole build; the two calls the lab needs are bound
//! here instead.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

#[wasm_bindgen]
extern "C" {
    /// The `LockManager` of a window or a worker.
    type LockManager;

    #[wasm_bindgen(method, catch, js_name = request)]
    fn request_with_options(
        this: &LockManager,
        name: &str,
        options: &JsValue,
        callback: &js_sys::Function,
    ) -> Result<js_sys::Promise, JsValue>;

    #[wasm_bindgen(method, catch)]
    fn query(this: &LockManager) -> Result<js_sys::Promise, JsValue>;
}

/// This global's `navigator.locks`, if the browser has Web Locks (they need
/// a secure context: `https:` or `localhost`).
fn lock_manager() -> Option<LockManager> {
    let navigator = js_sys::Reflect::get(&js_sys::global(), &"navigator".into()).ok()?;
    let locks = js_sys::Reflect::get(&navigator, &"locks".into()).ok()?;
    (!locks.is_undefined() && !locks.is_null()).then(|| locks.unchecked_into())
}

/// Whether this browser has Web Locks here.
pub fn available() -> bool {
    lock_manager().is_some()
}

/// Takes the lock `name` and holds it until this page or worker goes away.
/// With `if_available`, a lock held elsewhere is not waited for. `granted`
/// is called once: `true` when the lock is held, `false` when it was not
/// available or Web Locks failed; it answers whether to keep the lock (a
/// lock granted too late is released at once).
pub fn hold_forever(name: &str, if_available: bool, granted: impl FnOnce(bool) -> bool + 'static) {
    let Some(locks) = lock_manager() else {
        let _ = granted(false);
        return;
    };
    let options = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&options, &"ifAvailable".into(), &if_available.into());
    let granted = std::rc::Rc::new(std::cell::Cell::new(Some(granted)));
    let on_lock = {
        let granted = granted.clone();
        Closure::once_into_js(move |lock: JsValue| -> JsValue {
            let held = !lock.is_null();
            let keep = granted.take().is_some_and(|granted| granted(held));
            if held && keep {
                // A promise that never settles: the lock is held for the page's life.
                js_sys::Promise::new(&mut |_, _| {}).into()
            } else {
                JsValue::UNDEFINED
            }
        })
    };
    match locks.request_with_options(name, &options, on_lock.unchecked_ref()) {
        // Refused later: a frame of another site whose storage the browser
        // blocks rejects the request ("The request was denied") without
        // calling back. The page goes on without the lock.
        // (A lock held for good never settles its promise, and this waits for good.)
        Ok(promise) => wasm_bindgen_futures::spawn_local(async move {
            if wasm_bindgen_futures::JsFuture::from(promise).await.is_err() {
                if let Some(granted) = granted.take() {
                    let _ = granted(false);
                }
            }
        }),
        Err(_) => {
            if let Some(granted) = granted.take() {
                let _ = granted(false);
            }
        }
    }
}

/// The names of the locks held now in this origin; `None` without Web Locks.
pub async fn held() -> Option<Vec<String>> {
    let promise = lock_manager()?.query().ok()?;
    let snapshot = wasm_bindgen_futures::JsFuture::from(promise).await.ok()?;
    let held = js_sys::Reflect::get(&snapshot, &"held".into()).ok()?;
    let names = js_sys::Array::from(&held)
        .iter()
        .filter_map(|info| js_sys::Reflect::get(&info, &"name".into()).ok())
        .filter_map(|name| name.as_string())
        .collect();
    Some(names)
}
