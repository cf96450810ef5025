//! The worker's event loop: page messages in, the session's answers out,
//! and training chunks scheduled between them.

mod fetch;
mod helper;
mod runs;

use super::trainer::Model;
use super::CHUNK_MS;
use lab_protocol::{Settings, WorkerError, WorkerInput, WorkerOutput};
use lab_session::session::Session;
use lab_session::wire;
use lab_tasks::{corpus, TaskKind};
use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageChannel, MessageEvent, MessagePort};

thread_local! {
    static SESSION: RefCell<Session<Model>> = RefCell::new(Session::default());
    /// [`on_input`] as the function a port or the scope calls.
    static ON_INPUT: RefCell<Option<js_sys::Function>> = const { RefCell::new(None) };
    /// The port that schedules the next training chunk, and whether one is queued.
    static TICK: RefCell<Option<(MessagePort, bool)>> = const { RefCell::new(None) };
}

fn scope() -> DedicatedWorkerGlobalScope {
    js_sys::global().unchecked_into()
}

fn now() -> f64 {
    scope().performance().map(|p| p.now()).unwrap_or(0.0)
}

/// Send one message to the page; in a helper once linked, to the training
/// worker over their port (its one peer, which gives it up on a crash
/// report or an error, [`helper`]'s `on_helper_message`).
fn post(out: &WorkerOutput) {
    let _ = match helper::training_port() {
        Some(port) => wire::post(wire::To::Port(&port), out.to_parts()),
        None => wire::post(wire::To::Parent(&scope()), out.to_parts()),
    };
}

fn post_all(outs: Vec<WorkerOutput>) {
    outs.iter().for_each(post);
}

/// Start the worker: report panics (to the page, or a helper's to the
/// training worker), listen, and say Ready.
pub fn start() {
    // wasm aborts right after this hook, so the page must restart the worker.
    std::panic::set_hook(Box::new(|info| report_crash(info.to_string())));
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(on_input);
    let on_message: js_sys::Function = on_message.into_js_value().unchecked_into();
    scope().set_onmessage(Some(&on_message));
    ON_INPUT.with(|f| *f.borrow_mut() = Some(on_message));

    let channel = MessageChannel::new().expect("MessageChannel exists in every worker");
    let on_tick = Closure::<dyn FnMut(MessageEvent)>::new(|_: MessageEvent| run_chunk());
    channel
        .port1()
        .set_onmessage(Some(on_tick.as_ref().unchecked_ref()));
    on_tick.forget();
    TICK.with(|t| *t.borrow_mut() = Some((channel.port2(), false)));
    post(&WorkerOutput::Ready);
}

/// The panic hook's report: the worker is about to die, and says why.
/// Exported (`wasm_bindgen.reportCrash` in the worker's scope) for the e2e
/// tests, which make a worker report a crash as its panic hook would.
#[wasm_bindgen(js_name = reportCrash)]
pub fn report_crash(why: String) {
    post(&WorkerOutput::Error(WorkerError::Crashed { why }));
}

/// One message from the page, or, in a helper, from the training worker
/// over the port that links them; a link's port comes beside its message.
fn on_input(event: MessageEvent) {
    let (message, buffer) = wire::read_keeping(event.data(), WorkerInput::from_parts);
    // A helper keeps the buffer of the weights, to send its gradients back in.
    if matches!(message, Ok(WorkerInput::Shard { .. })) {
        helper::keep_spare(buffer);
    }
    match message {
        Ok(WorkerInput::Link { peer }) => {
            let port = event.ports().get(0).dyn_into::<MessagePort>();
            let on_input = ON_INPUT.with(|f| f.borrow().clone());
            match (port, on_input) {
                (Ok(port), Some(on_input)) => helper::link(peer, port, &on_input),
                _ => post(&WorkerOutput::Error(WorkerError::Unreadable {
                    why: "a link came with no port".into(),
                })),
            }
        }
        Ok(input) => handle(input),
        Err(e) => post(&WorkerOutput::Error(WorkerError::Unreadable { why: e.0 })),
    }
}

/// One message: queued behind a download under way, or one that starts
/// a download, or handled by the part of the worker it concerns, or by
/// the session.
fn handle(input: WorkerInput) {
    if let WorkerInput::Ping { .. } = input {
        // The page asks whether this worker listens: answered at once, never
        // queued behind a download (its watchdog, `lab_session::watchdog`).
        post_all(SESSION.with(|s| s.borrow_mut().handle(input, now())));
        return;
    }
    let Some(input) = fetch::unless_waiting_for_sentences(input) else {
        return;
    };
    if let WorkerInput::New { settings } = &input {
        // A big model takes seconds to build: say what it will cost first.
        if let Some(estimate) = Session::<Model>::estimate(settings) {
            post(&WorkerOutput::Building(estimate));
        }
    }
    let Some(input) = helper::handle_as_helper(input)
        .and_then(runs::handle_storage)
        .and_then(handle_pairs)
    else {
        return;
    };
    let outs = SESSION.with(|s| s.borrow_mut().handle(input, now()));
    post_all(outs);
    after_work();
}

/// The reader's own pairs: checked before anything is allocated, then a
/// new run of them with the settings given, as any new run. Other messages
/// are given back.
fn handle_pairs(input: WorkerInput) -> Option<WorkerInput> {
    let WorkerInput::UsePairs { text, settings } = input else {
        return Some(input);
    };
    match corpus::parse_pairs(&text) {
        Ok(pairs) => {
            post(&WorkerOutput::PairsRead {
                pairs: pairs.corpus.pairs.len(),
                duplicates: pairs.duplicates,
            });
            corpus::provide(pairs.corpus);
            let settings = Settings {
                task: TaskKind::Custom,
                ..settings
            };
            handle(WorkerInput::New { settings });
        }
        Err(problem) => post(&WorkerOutput::Error(WorkerError::Pairs(problem))),
    }
    None
}

/// After the session changed: queue training and write a save that is due.
fn after_work() {
    schedule_chunk();
    runs::autosave();
}

/// A new, untrained model of `task`'s preset.
fn untrained(task: TaskKind) -> Vec<WorkerOutput> {
    let settings = Settings::toy(task);
    SESSION.with(|s| s.borrow_mut().handle(WorkerInput::New { settings }, now()))
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
    if SESSION.with(|s| s.borrow().awaiting_helper()) {
        // A step handed to the helper as the last one finished: this
        // worker's shard of it, if not computed yet. The helper's answer
        // then finishes the step and schedules the next.
        helper::compute_own_shard();
        return;
    }
    if helper::share_step_with_helper() {
        return;
    }
    let outs = SESSION.with(|s| s.borrow_mut().train_chunk(CHUNK_MS, now));
    post_all(outs);
    after_work();
}
