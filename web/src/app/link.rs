//! The page's end of the worker link: spawn, send, and apply every answer.
//!
//! Messages are JSON text (`lab_protocol`). The page never waits for the
//! worker: it sends and returns, and each answer updates signals when it comes.
//!
//! The run is saved to browser storage when a model loads and when training
//! pauses, never while it runs: writing a megabyte to storage takes tens of
//! milliseconds, which would stall the page mid-training.

use super::state::{Banner, Lab, Source, WorkerState};
use super::storage;
use crate::plot::curves::EvalPoint;
use lab_protocol::{ModelOrigin, SavePurpose, WorkerInput, WorkerOutput};
use leptos::prelude::*;
use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{ErrorEvent, MessageEvent, Worker};

/// The worker's script: Trunk's loader shim for the `worker` bin.
const WORKER_URL: &str = "./worker_loader.js";

thread_local! {
    static WORKER: RefCell<Option<Worker>> = const { RefCell::new(None) };
}

/// Send one message to the worker (dropped if it is not running).
pub fn send(input: WorkerInput) {
    WORKER.with(|w| {
        if let Some(worker) = w.borrow().as_ref() {
            let _ = worker.post_message(&JsValue::from_str(&input.to_json()));
        }
    });
}

/// Start (or restart) the worker.
pub fn spawn(lab: Lab) {
    WORKER.with(|w| {
        if let Some(old) = w.borrow_mut().take() {
            old.terminate();
        }
    });
    lab.worker.set(WorkerState::Starting);
    lab.running.set(false);
    let worker = match Worker::new(WORKER_URL) {
        Ok(worker) => worker,
        Err(_) => {
            lab.show(Source::Worker, "The training worker could not be started. Reload the page to try again.");
            return;
        }
    };
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let text = event.data().as_string().unwrap_or_default();
        match WorkerOutput::from_json(&text) {
            Ok(out) => apply(lab, out),
            Err(e) => lab.show(Source::Worker, e.to_string()),
        }
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    let on_error = Closure::<dyn FnMut(ErrorEvent)>::new(move |event: ErrorEvent| {
        event.prevent_default();
        if lab.worker.get_untracked() != WorkerState::Crashed {
            crashed(lab, format!("The training worker stopped: {}", event.message()));
        }
    });
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    on_error.forget();
    WORKER.with(|w| *w.borrow_mut() = Some(worker));
}

fn crashed(lab: Lab, message: String) {
    lab.worker.set(WorkerState::Crashed);
    lab.running.set(false);
    lab.banner.set(Some(Banner { source: Source::Worker, message, offer_reset: false, offer_restart: true }));
}

/// What to load once the worker is ready: the run saved in this browser if
/// there is one, else the shipped pretrained checkpoint.
fn boot(lab: Lab) {
    match storage::load_run() {
        Some(Ok(run)) => {
            lab.curves.set(run.curves);
            send(WorkerInput::LoadCheckpoint { bytes: run.checkpoint, origin: ModelOrigin::Restored });
        }
        Some(Err(why)) => {
            lab.note.set(format!("The run saved in this browser was ignored: {why}."));
            send(WorkerInput::LoadPretrained { task: lab.task.get_untracked() });
        }
        None => send(WorkerInput::LoadPretrained { task: lab.task.get_untracked() }),
    }
}

/// Apply one worker answer to the page's state.
pub fn apply(lab: Lab, out: WorkerOutput) {
    match out {
        WorkerOutput::Ready => {
            lab.worker.set(WorkerState::Ready);
            boot(lab);
        }
        WorkerOutput::Loaded(info) => {
            if info.origin != ModelOrigin::Restored {
                lab.curves.set(Default::default());
            }
            lab.task.set(info.settings.task);
            lab.draft.set(info.settings.clone());
            lab.step.set(info.step);
            lab.running.set(false);
            lab.diverged.set(false);
            lab.eval.set(None);
            if info.origin == ModelOrigin::Uploaded {
                lab.clear(Source::Upload);
            }
            lab.clear(Source::Diverged);
            lab.clear(Source::Settings);
            let origin = info.origin;
            lab.model.set(Some(info));
            if origin != ModelOrigin::Restored {
                // Keep the new model across a reload.
                send(WorkerInput::Save { purpose: SavePurpose::Store });
            }
            send(WorkerInput::MaskDemo { head: lab.mask_head.get_untracked() });
            let text = lab.translate_text.get_untracked();
            if !text.trim().is_empty() {
                request_translation(lab, text);
            }
        }
        WorkerOutput::Snapshot(snap) => {
            if !snap.points.is_empty() {
                lab.curves.update(|c| c.push_train(&snap.points));
            }
            lab.step.set(snap.step);
            lab.running.set(snap.running);
            if !snap.running && !snap.points.is_empty() {
                // Paused or stepped: the mask demo shows the new weights.
                send(WorkerInput::MaskDemo { head: lab.mask_head.get_untracked() });
            }
            if snap.tokens_per_s > 0.0 {
                lab.tokens_per_s.set(snap.tokens_per_s);
            }
            if let Some(attention) = snap.attention {
                lab.attention.set(Some(attention));
            }
        }
        WorkerOutput::Eval(report) => {
            lab.curves.update(|c| c.push_eval(EvalPoint::from(&report)));
            lab.eval.set(Some(report));
        }
        WorkerOutput::Translated { id, result } => {
            if id == lab.translate_id.get_untracked() {
                lab.translation.set(Some(result));
            }
        }
        WorkerOutput::MaskDemo(demo) => lab.mask_demo.set(Some(demo)),
        WorkerOutput::Checkpoint { purpose, step, bytes } => match purpose {
            SavePurpose::Store => storage::save_run(lab, step, bytes),
            SavePurpose::Download => storage::download(&crate::run::checkpoint_file_name(lab.task.get_untracked().name(), step), &bytes),
        },
        WorkerOutput::Diverged { step, message } => {
            lab.running.set(false);
            lab.diverged.set(true);
            lab.step.set(step);
            lab.show(Source::Diverged, message);
        }
        WorkerOutput::Refused(problems) => {
            lab.show(Source::Settings, format!("These settings were refused, so nothing was built: {problems}"));
        }
        WorkerOutput::Error { message, fatal } => {
            if fatal {
                crashed(lab, message);
            } else {
                let source = if message.contains("checkpoint") { Source::Upload } else { Source::Worker };
                lab.show(source, message);
            }
        }
    }
}

/// Ask the worker to translate `text`; older answers still on their way are ignored.
pub fn request_translation(lab: Lab, text: String) {
    let id = lab.translate_id.get_untracked() + 1;
    lab.translate_id.set(id);
    send(WorkerInput::Translate { id, text });
}

/// Restart a crashed worker and load the saved run or the pretrained model.
pub fn restart(lab: Lab) {
    lab.banner.set(None);
    spawn(lab);
}
