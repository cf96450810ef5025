//! The Web Worker that owns the model.
//!
//! Training never runs on the page's thread. The worker's event loop
//! alternates between page messages and training chunks: a chunk is scheduled
//! through a `MessageChannel` (a zero-delay task, unlike a clamped
//! `setTimeout`), so a Pause from the page is handled before the next chunk.
//!
//! - [`model`]: the [`model::LabModel`] trait the worker trains;
//! - [`session`]: the state machine, tested natively with a fake model;
//! - [`trainer`]: the real model, `lab_train::Trainer`, behind that trait.

pub mod divergence;
pub mod model;
pub mod session;
#[cfg(target_arch = "wasm32")]
pub mod trainer;

#[cfg(target_arch = "wasm32")]
pub use glue::start;

/// Native builds have no worker: the bin exists so `cargo check` covers it.
#[cfg(not(target_arch = "wasm32"))]
pub fn start() {}

/// How long one training chunk may run before the worker reads its messages.
pub const CHUNK_MS: f64 = 30.0;

#[cfg(target_arch = "wasm32")]
mod glue {
    use super::session::Session;
    use super::trainer::Model;
    use super::CHUNK_MS;
    use lab_protocol::{ModelOrigin, Settings, WorkerInput, WorkerOutput};
    use std::cell::RefCell;
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;
    use web_sys::{DedicatedWorkerGlobalScope, MessageChannel, MessageEvent, MessagePort};

    thread_local! {
        static SESSION: RefCell<Session<Model>> = RefCell::new(Session::default());
        /// The port that schedules the next training chunk, and whether one is queued.
        static TICK: RefCell<Option<(MessagePort, bool)>> = const { RefCell::new(None) };
    }

    fn scope() -> DedicatedWorkerGlobalScope {
        js_sys::global().unchecked_into()
    }

    fn now() -> f64 {
        scope().performance().map(|p| p.now()).unwrap_or(0.0)
    }

    fn post(out: &WorkerOutput) {
        let _ = scope().post_message(&JsValue::from_str(&out.to_json()));
    }

    fn post_all(outs: Vec<WorkerOutput>) {
        outs.iter().for_each(post);
    }

    /// Start the worker: report panics to the page, listen, and say Ready.
    pub fn start() {
        std::panic::set_hook(Box::new(|info| {
            // wasm aborts right after this hook, so the page must restart the worker.
            post(&WorkerOutput::Error {
                message: format!("The training worker crashed and must be restarted: {info}"),
                fatal: true,
            });
        }));
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(|event: MessageEvent| {
            let text = event.data().as_string().unwrap_or_default();
            match WorkerInput::from_json(&text) {
                Ok(input) => handle(input),
                Err(e) => post(&WorkerOutput::Error {
                    message: e.to_string(),
                    fatal: false,
                }),
            }
        });
        scope().set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        on_message.forget();

        let channel = MessageChannel::new().expect("MessageChannel exists in every worker");
        let on_tick = Closure::<dyn FnMut(MessageEvent)>::new(|_: MessageEvent| run_chunk());
        channel
            .port1()
            .set_onmessage(Some(on_tick.as_ref().unchecked_ref()));
        on_tick.forget();
        TICK.with(|t| *t.borrow_mut() = Some((channel.port2(), false)));
        post(&WorkerOutput::Ready);
    }

    fn handle(input: WorkerInput) {
        if let WorkerInput::LoadPretrained { task } = input {
            wasm_bindgen_futures::spawn_local(async move {
                let url = format!("assets/checkpoints/{}.ckpt", task.name());
                let outs = match fetch_bytes(&url).await {
                    Ok(bytes) => SESSION.with(|s| {
                        s.borrow_mut()
                            .load_bytes(&bytes, ModelOrigin::Pretrained, now())
                    }),
                    Err(why) => {
                        post(&WorkerOutput::Error { message: format!("The pretrained {} model could not be loaded ({why}); starting from an untrained model instead.", task.label()), fatal: false });
                        SESSION.with(|s| {
                            s.borrow_mut().handle(
                                WorkerInput::New {
                                    settings: Settings::toy(task),
                                },
                                now(),
                            )
                        })
                    }
                };
                post_all(outs);
            });
            return;
        }
        let outs = SESSION.with(|s| s.borrow_mut().handle(input, now()));
        post_all(outs);
        schedule_chunk();
    }

    /// Queue one training chunk if the session is running and none is queued.
    fn schedule_chunk() {
        if !SESSION.with(|s| s.borrow().is_running()) {
            return;
        }
        TICK.with(|t| {
            if let Some((port, queued)) = t.borrow_mut().as_mut() {
                if !*queued && port.post_message(&JsValue::NULL).is_ok() {
                    *queued = true;
                }
            }
        });
    }

    fn run_chunk() {
        TICK.with(|t| {
            if let Some((_, queued)) = t.borrow_mut().as_mut() {
                *queued = false;
            }
        });
        let outs = SESSION.with(|s| s.borrow_mut().train_chunk(CHUNK_MS, now));
        post_all(outs);
        schedule_chunk();
    }

    async fn fetch_bytes(url: &str) -> Result<Vec<u8>, String> {
        let response = wasm_bindgen_futures::JsFuture::from(scope().fetch_with_str(url))
            .await
            .map_err(|_| format!("{url} could not be fetched"))?;
        let response: web_sys::Response = response
            .dyn_into()
            .map_err(|_| "no HTTP response".to_string())?;
        if !response.ok() {
            return Err(format!("{url}: HTTP {}", response.status()));
        }
        let buffer = response
            .array_buffer()
            .map_err(|_| "unreadable body".to_string())?;
        let buffer = wasm_bindgen_futures::JsFuture::from(buffer)
            .await
            .map_err(|_| "unreadable body".to_string())?;
        Ok(js_sys::Uint8Array::new(&buffer).to_vec())
    }
}
