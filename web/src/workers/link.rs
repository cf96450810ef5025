//! The page's end of the worker link: spawn, send, and apply every answer.
//!
//! Messages are bytes (`lab_protocol`'s codec) in an `ArrayBuffer`;
//! checkpoint bytes travel beside them as a second, a message being then
//! `[message, buffer]`; both are transferred, not copied.
//! The page never waits for the worker: it sends and returns, and each answer
//! updates signals when it comes.
//!
//! The worker saves this tab's run in browser storage itself (when training
//! pauses, every few seconds while it trains, and when this page is hidden:
//! see [`watch_visibility`]), so the page does no serialisation at all.

use crate::context::state::{Banner, Download, Lab, Source, WorkerState};
use crate::i18n::{problems, Arg};
use crate::workers::{storage, tab};
use lab_protocol::EvalPoint;
use lab_protocol::{
    AttentionSet, Beam, HeadTrace, ModelOrigin, ProbePrediction, SavePurpose, WorkerError,
    WorkerInput, WorkerOutput,
};
use lab_session::wire;
use leptos::prelude::*;
use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::Worker;

mod apply;
mod helper;
mod watch;
pub use apply::apply;

/// Start from scratch with the settings in the form, if they are valid.
pub fn reset(lab: Lab) {
    let settings = lab_protocol::Settings {
        task: lab.task.get_untracked(),
        ..lab.draft.get_untracked()
    };
    // The form's rules, then the memory a step needs (the worker checks both again).
    let shape = lab.facts_untracked().and_then(|f| f.shape());
    let checked = settings
        .validate()
        .and_then(|()| shape.map_or(Ok(()), |shape| settings.check_memory(&shape)));
    match checked {
        Ok(()) => {
            lab.clear(Source::Settings);
            lab.clear(Source::Diverged);
            lab.clear(Source::Worker);
            send(WorkerInput::New { settings });
        }
        Err(refused) => {
            let problems = problems::settings_error(lab.locale.get_untracked(), &refused);
            lab.show(
                Source::Settings,
                lab.i18n().f_now(
                    "common-settings-refused",
                    &[("problems", Arg::from(problems))],
                ),
            )
        }
    }
}

thread_local! {
    /// The step whose weights the mask demo was last asked for: a paused run
    /// asks again only when the step moved on.
    static MASK_DEMO_STEP: std::cell::Cell<Option<usize>> = const { std::cell::Cell::new(None) };
    /// Models loaded so far: a snapshot's probe shown after another model
    /// loaded is dropped ([`show_probe`] runs in a later task).
    static LOADS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    /// The page's clock and the step at the last snapshot while training:
    /// the start of the next measurement of this browser's speed.
    static SPEED_FROM: std::cell::Cell<Option<(f64, usize)>> = const { std::cell::Cell::new(None) };
    /// The settings form keeps what it holds when the next model loads: a
    /// link's settings were refused, and the reader should see them (and
    /// what they would cost) rather than the fallback model's.
    static KEEP_DRAFT: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Measures this browser's training speed from two snapshots while training:
/// the steps between them, times what one step costs (`lab_math::cost`), per
/// second. The interval from Train to the first snapshot (warm-up) is not used.
fn measure_speed(lab: Lab, step: usize, running: bool) {
    if !running {
        SPEED_FROM.with(|s| s.set(None));
        return;
    }
    let now = Lab::now_ms();
    lab.step_began_ms.set(now);
    let Some((then, from)) = SPEED_FROM.with(|s| s.replace(Some((now, step)))) else {
        return;
    };
    if step <= from || now <= then {
        return;
    }
    let steps_per_s = (step - from) as f64 / ((now - then) / 1000.0);
    let estimate = lab.model.with_untracked(|m| m.as_ref()?.estimate());
    if let Some(estimate) = estimate {
        lab.multiply_adds_per_s
            .set(Some(estimate.multiply_adds as f64 * steps_per_s));
    }
}

thread_local! {
    static WORKER: RefCell<Option<Worker>> = const { RefCell::new(None) };
}

/// Send one message to the worker (dropped if it is not running).
pub fn send(input: WorkerInput) {
    WORKER.with(|w| {
        if let Some(worker) = w.borrow().as_ref() {
            watch::sent(&input);
            post(worker, &input);
        }
    });
}

/// Stop the worker, if one runs, and its helper.
fn stop() {
    helper::stop();
    WORKER.with(|w| {
        if let Some(old) = w.borrow_mut().take() {
            old.terminate();
        }
    });
}

/// Start (or restart) the worker.
pub fn spawn(lab: Lab) {
    stop();
    lab.worker.set(WorkerState::Starting);
    lab.running.set(false);
    let on_crash = move |message: String| watch::failed(lab, watch::Cause::Crashed(message));
    let Some(worker) = spawn_worker(
        lab_session::spawn::names::TRAINING,
        move |out| {
            watch::heard(&out);
            apply(lab, out)
        },
        move |e| lab.show(Source::Worker, e),
        on_crash,
    ) else {
        lab.show(
            Source::Worker,
            lab.i18n().s_now("common-worker-unstartable"),
        );
        return;
    };
    WORKER.with(|w| *w.borrow_mut() = Some(worker));
    watch::start(lab);
    watch_visibility();
    watch_reader(lab);
}

/// While the run trains, tell the worker when the reader clicks, taps,
/// presses a key or scrolls: it then trains on one core for a moment, and
/// the page answers on the other (`lab_session::session::INTERACTION_SOLO_MS`).
fn watch_reader(lab: Lab) {
    use lab_session::session::INTERACTION_RESEND_MS;
    thread_local! {
        static WATCHING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
        static LAST_SENT_MS: std::cell::Cell<f64> = const { std::cell::Cell::new(f64::NEG_INFINITY) };
    }
    if WATCHING.with(|w| w.replace(true)) {
        return;
    }
    let Some(window) = web_sys::window() else {
        return;
    };
    let on_input = Closure::<dyn FnMut()>::new(move || {
        if !lab.running.get_untracked() {
            return;
        }
        let now = Lab::now_ms();
        if now - LAST_SENT_MS.get() >= INTERACTION_RESEND_MS {
            LAST_SENT_MS.set(now);
            send(WorkerInput::Interacting);
        }
    });
    let options = web_sys::AddEventListenerOptions::new();
    options.set_capture(true);
    options.set_passive(true);
    for event in ["pointerdown", "keydown", "wheel"] {
        let _ = window.add_event_listener_with_callback_and_add_event_listener_options(
            event,
            on_input.as_ref().unchecked_ref(),
            &options,
        );
    }
    on_input.forget();
}

/// Tell the worker when the page is hidden (another tab, a closed laptop, a
/// closing tab), so it saves the run at once rather than at the next pause.
fn watch_visibility() {
    thread_local! {
        static WATCHING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    }
    if WATCHING.with(|w| w.replace(true)) {
        return;
    }
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let hidden = document.clone();
    let on_change = Closure::<dyn FnMut()>::new(move || {
        if hidden.hidden() {
            send(WorkerInput::PageHidden);
        }
    });
    let _ = document
        .add_event_listener_with_callback("visibilitychange", on_change.as_ref().unchecked_ref());
    on_change.forget();
}

/// Starts a worker named `name` whose answers go to `on_output`; an
/// unreadable message to `on_garbage`, worded in the page's language (a
/// reload helps: a worker of another build of the lab sends only those), and
/// a crash (a trap, a panic that escaped) to `on_crash`.
pub fn spawn_worker(
    name: &str,
    on_output: impl Fn(WorkerOutput) + 'static,
    on_garbage: impl Fn(String) + 'static,
    on_crash: impl Fn(String) + 'static,
) -> Option<Worker> {
    let on_message = move |data| match read(data) {
        Ok(out) => on_output(out),
        Err(e) => on_garbage(problems::worker_error(
            crate::context::i18n::page_locale(),
            &lab_protocol::WorkerError::Unreadable { why: e.0 },
        )),
    };
    lab_session::spawn::new_worker(name, on_message, on_crash)
}

/// A worker message: its bytes, or `[message, buffer]` when bytes come with it.
/// Bytes for the evaluator stay a JavaScript `ArrayBuffer`, handed on as they
/// came (see [`crate::workers::evaluator::keep_buffer`]): they never enter the page's
/// wasm memory, which would copy them twice on the main thread.
fn read(data: JsValue) -> Result<WorkerOutput, lab_protocol::MessageError> {
    let (body, buffer) = wire::split(data);
    let Some(buffer) = buffer else {
        return WorkerOutput::from_parts(&body, None);
    };
    if let Ok(
        out @ WorkerOutput::Checkpoint {
            purpose: SavePurpose::Evaluate,
            ..
        },
    ) = WorkerOutput::from_parts(&body, Some(Vec::new()))
    {
        if let Ok(buffer) = buffer.dyn_into::<js_sys::ArrayBuffer>() {
            crate::workers::evaluator::keep_buffer(buffer);
        }
        return Ok(out);
    }
    let bytes = js_sys::Uint8Array::new(&buffer).to_vec();
    WorkerOutput::from_parts(&body, Some(bytes))
}

/// Sends one message to a worker of the page's own; checkpoint bytes go in
/// an `ArrayBuffer` that is transferred, not copied by the browser.
pub fn post(worker: &Worker, input: &WorkerInput) {
    let _ = wire::post(wire::To::Worker(worker), input.to_parts());
}

/// A snapshot's numbers of the probe sentence.
fn show_probe(
    lab: Lab,
    attention: Option<AttentionSet>,
    prediction: Option<ProbePrediction>,
    trace: Option<HeadTrace>,
) {
    if let Some(attention) = attention {
        lab.attention.set(Some(attention));
    }
    if let Some(prediction) = prediction {
        lab.prediction.set(Some(prediction));
    }
    if let Some(trace) = trace {
        // A snapshot's trace answers the head the page has open now, or is
        // stale. Its hundreds of numbers are shown when the view is in sight.
        let model = LOADS.with(|n| n.get());
        let show = move || {
            let current = LOADS.with(|n| n.get()) == model;
            if current && trace.request == lab.trace_request.get_untracked() {
                lab.trace.set(Some(Ok(trace)));
            }
        };
        match head_view() {
            Some(view) => crate::components::paint::in_sight(&view, show),
            None => show(),
        }
    }
}

/// The "inside one head" view's section, if the page has it (an embedded
/// view may be another).
pub(crate) fn head_view() -> Option<web_sys::Element> {
    web_sys::window()?
        .document()?
        .get_element_by_id(crate::panels::ids::INSIDE_HEAD)
}

/// What to load once the worker is ready and the tab's identity is
/// settled ([`tab`]): this tab's run on a reload, the latest saved run in a
/// new tab, else the shipped pretrained checkpoint. This worker keeps the
/// tab's run, so it saves it and lists the saved runs.
fn boot(lab: Lab) {
    tab::with(move |tab| {
        send(WorkerInput::Persist {
            tab: tab.id.clone(),
        });
        send(WorkerInput::ListRuns);
        // A deep link that names a task decides the model (`app::share`).
        if let Some(input) = lab.boot_with.get_value() {
            send(input);
            return;
        }
        send(WorkerInput::Restore {
            task: lab.task.get_untracked(),
            legacy: storage::legacy_run(),
            // A restarted worker restores this tab's run, like a reload.
            reload: tab.reload || lab.model.with_untracked(Option::is_some),
        });
    });
}

/// Ask the worker to translate `text`; older answers still on their way are ignored.
pub fn request_translation(lab: Lab, text: String) {
    let id = lab.translate_id.get_untracked() + 1;
    lab.translate_id.set(id);
    lab.decode_step.set(0);
    send(WorkerInput::Translate {
        id,
        text,
        cached: lab.decode_cached.get_untracked(),
        strategy: lab.decode_strategy.get_untracked(),
    });
}

/// Ask the worker for held-out BLEU of greedy decoding against `beam`.
pub fn request_decoding_comparison(lab: Lab, beam: Beam) {
    lab.decoding_comparison.set(None);
    lab.decoding_pending.set(true);
    send(WorkerInput::CompareDecoding { beam });
}

/// Restart a crashed worker and load the saved run or the pretrained model.
pub fn restart(lab: Lab) {
    watch::retry();
    lab.banner.set(None);
    spawn(lab);
}
