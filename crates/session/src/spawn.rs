//! Starting a worker of the lab's worker bundle. Only the page starts
//! workers (the training, compare and evaluator workers, and the training
//! worker's helper when it asks for one): no worker starts another, which
//! in Firefox could hang the starting worker for good.

/// The worker's script (Trunk's loader shim for the `worker` bin), relative
/// to the page: every worker the page starts runs it.
pub const SCRIPT_URL: &str = "./worker_loader.js";

/// The workers' names: the browser's developer tools show them, and the
/// end-to-end tests find the helper by its name.
pub mod names {
    pub const TRAINING: &str = "training";
    pub const EVALUATOR: &str = "evaluator";
    pub const COMPARE: &str = "compare";
    pub const HELPER: &str = "helper";
}

/// Starts a worker of this bundle ([`SCRIPT_URL`]) named `name`: each
/// message it sends goes to `on_message` (read it with [`crate::wire`]), and
/// an uncaught error in it (a wasm trap, a panic) to `on_crash`, with the
/// browser's own report of it silenced.
pub fn new_worker(
    name: &str,
    on_message: impl Fn(wasm_bindgen::JsValue) + 'static,
    on_crash: impl Fn(String) + 'static,
) -> Option<web_sys::Worker> {
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::JsCast;
    let options = web_sys::WorkerOptions::new();
    options.set_name(name);
    let worker = web_sys::Worker::new_with_options(SCRIPT_URL, &options).ok()?;
    let on_message =
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
            on_message(event.data())
        });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    let on_error =
        Closure::<dyn FnMut(web_sys::ErrorEvent)>::new(move |event: web_sys::ErrorEvent| {
            event.prevent_default();
            on_crash(event.message());
        });
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    on_error.forget();
    Some(worker)
}
