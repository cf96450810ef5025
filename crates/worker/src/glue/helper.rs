//! The helper worker, which computes half of each training step on the
//! second core ([`lab_protocol::shard`]): the training worker's side (start
//! it, share a step, watch it, give it up) and the helper's own (compute a
//! shard, take the run's sentences).

use super::{after_work, now, post_all, scope, SESSION};
use crate::trainer;
use lab_protocol::{WorkerInput, WorkerOutput};
use lab_session::session::{HelperAnswer, SharedStep, Watchdog};
use lab_session::wire;
use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::Worker;

thread_local! {
    /// The helper worker, once started.
    static HELPER: RefCell<Helper> = const { RefCell::new(Helper::NotStarted) };
    /// The buffer of the last weights or gradients received, which carries
    /// the next ones back ([`wire::post_reusing`]): both are one float per
    /// parameter, so one buffer goes back and forth between the workers.
    static SPARE: RefCell<Option<js_sys::ArrayBuffer>> = const { RefCell::new(None) };
}

/// Keeps a received message's buffer to carry the next weights or gradients.
pub(super) fn keep_spare(buffer: Option<js_sys::ArrayBuffer>) {
    if buffer.is_some() {
        SPARE.with(|s| *s.borrow_mut() = buffer);
    }
}

fn take_spare() -> Option<js_sys::ArrayBuffer> {
    SPARE.with(|s| s.borrow_mut().take())
}

/// This worker as a helper: a shard to compute, or the sentences the
/// training worker trains on (a real task's, or the reader's pairs), which
/// come before the first shard of each model. Other messages are given back.
pub(super) fn handle_as_helper(input: WorkerInput) -> Option<WorkerInput> {
    match input {
        WorkerInput::Shard { ticket, job, bytes } => {
            let answer = trainer::answer_shard(ticket, &job, &bytes);
            let _ = wire::post_reusing(wire::To::Parent(&scope()), answer.to_parts(), take_spare());
            None
        }
        WorkerInput::Sentences { task, text } => {
            // Sentences that do not read are remembered: the shards that
            // need them fail with why, and the training worker computes
            // them itself.
            trainer::use_sentences(task, &text);
            None
        }
        other => Some(other),
    }
}

/// Where the helper worker stands.
enum Helper {
    NotStarted,
    /// Started; it listens once it has said Ready.
    Starting(Worker),
    Ready(Worker),
    /// It could not start, or crashed: this worker computes both shards.
    Gone,
}

/// The helper, once it has said it listens.
fn ready_helper() -> Option<Worker> {
    HELPER.with(|h| match &*h.borrow() {
        Helper::Ready(worker) => Some(worker.clone()),
        _ => None,
    })
}

/// Sends its shard of the next step to the helper (starting it the first
/// time) and computes the other here. False when there is no helper to
/// share with, and the step is trained here alone.
pub(super) fn share_step_with_helper() -> bool {
    let Some(helper) = ready_helper() else {
        start_helper();
        return false;
    };
    let Some(shared) = SESSION.with(|s| s.borrow_mut().begin_shared_step(now())) else {
        return false;
    };
    if !send_step(&helper, shared) {
        helper_gone();
        return true;
    }
    compute_own_shard();
    true
}

/// Posts a shared step's shard to the helper: the run's sentences first,
/// once per model (messages arrive in order). False if a post failed.
fn send_step(helper: &Worker, shared: SharedStep) -> bool {
    let sentences = shared
        .sentences
        .map(|(task, text)| WorkerInput::Sentences { task, text });
    let shard = WorkerInput::Shard {
        ticket: shared.ticket,
        job: shared.job,
        bytes: shared.weights,
    };
    sentences
        .iter()
        .all(|message| wire::post(wire::To::Worker(helper), message.to_parts()).is_ok())
        && wire::post_reusing(wire::To::Worker(helper), shard.to_parts(), take_spare()).is_ok()
}

/// This worker's own shard of the shared step under way, if it is due,
/// then the watchdog on the helper's.
pub(super) fn compute_own_shard() {
    let (deadline, ticket) = SESSION.with(|s| {
        let mut s = s.borrow_mut();
        (s.compute_own_shard(&mut now), s.shared_ticket())
    });
    if let (Some(deadline), Some(ticket)) = (deadline, ticket) {
        watch_helper(ticket, deadline);
    }
}

/// At `deadline`, gives up a helper that has not answered the step of
/// `ticket` (one that stopped without an error event would otherwise
/// hold the run forever; see [`Session::helper_watchdog`]).
fn watch_helper(ticket: u64, deadline: f64) {
    let check = Closure::once_into_js(move || {
        let verdict = SESSION.with(|s| s.borrow_mut().helper_watchdog(ticket, deadline, now()));
        match verdict {
            Watchdog::Done => {}
            Watchdog::WaitUntil(later) => watch_helper(ticket, later),
            Watchdog::GiveUp => helper_gone(),
        }
    });
    let wait_ms = (deadline - now()).ceil().clamp(0.0, f64::from(i32::MAX)) as i32;
    let _ = scope()
        .set_timeout_with_callback_and_timeout_and_arguments_0(check.unchecked_ref(), wait_ms);
}

/// Starts the helper worker once, the first time the run trains.
fn start_helper() {
    if !HELPER.with(|h| matches!(*h.borrow(), Helper::NotStarted)) {
        return;
    }
    let worker = lab_session::spawn::new_worker(
        lab_session::spawn::names::HELPER,
        on_helper_message,
        |_| helper_gone(),
    );
    HELPER.with(|h| {
        *h.borrow_mut() = match worker {
            Some(worker) => Helper::Starting(worker),
            None => Helper::Gone,
        }
    });
}

fn on_helper_message(data: JsValue) {
    // A shard's gradients are read from its buffer straight into floats.
    let (message, buffer) = wire::read_leaving_bytes(data, WorkerOutput::from_parts);
    let gradients = buffer.as_ref().map(wire::f32s);
    if matches!(message, Ok(WorkerOutput::ShardDone { .. })) {
        keep_spare(buffer);
    }
    match (message, gradients) {
        (Ok(WorkerOutput::Ready), _) => HELPER.with(|h| {
            let mut h = h.borrow_mut();
            if let Helper::Starting(worker) = &*h {
                *h = Helper::Ready(worker.clone());
            }
        }),
        (Ok(WorkerOutput::ShardDone { ticket, result, .. }), Some(gradients)) => {
            let answer = match (result, gradients) {
                (Ok(report), Ok(values)) => HelperAnswer::Shard(report, values),
                (Ok(_), Err(why)) | (Err(why), _) => HelperAnswer::Failed(why),
            };
            // The next step goes to the helper as soon as the weights are
            // updated, so that it computes while this worker reports; this
            // worker's own shard comes with the next chunk's tick.
            let helper = ready_helper();
            let mut sent = None;
            let pass_on = helper
                .as_ref()
                .map(|helper| |next| sent = Some(send_step(helper, next)));
            let outs = SESSION.with(|s| {
                s.borrow_mut()
                    .finish_shared_step_and_pass_on(ticket, answer, now(), pass_on)
            });
            post_all(outs);
            if sent == Some(false) {
                // It finishes the step passed on here, and goes on.
                helper_gone();
                return;
            }
            after_work();
        }
        // A crash report (its panic hook), or garbage (such as an answer
        // whose bytes are not a buffer): this worker goes on alone.
        _ => helper_gone(),
    }
}

/// The helper cannot go on: stop it, and finish a step it had here.
fn helper_gone() {
    HELPER.with(|h| {
        let mut h = h.borrow_mut();
        if let Helper::Starting(worker) | Helper::Ready(worker) = &*h {
            worker.terminate();
        }
        *h = Helper::Gone;
    });
    let outs = SESSION.with(|s| {
        let mut s = s.borrow_mut();
        match s.shared_ticket() {
            Some(ticket) => s.finish_shared_step(ticket, HelperAnswer::Gone, now()),
            None => Vec::new(),
        }
    });
    post_all(outs);
    after_work();
}
