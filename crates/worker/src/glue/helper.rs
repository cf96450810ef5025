//! The helper worker, which computes half of each training step on the
//! second core ([`lab_protocol::shard`]): the training worker's side (ask
//! the page for it, share a step, watch it, give it up) and the helper's
//! own (compute a shard, take the run's sentences). The page starts the
//! helper and links the two with a `MessageChannel` ([`link`]): they talk
//! over its ports, never through the page.

use super::{after_work, now, post, post_all, scope, SESSION};
use crate::trainer;
use lab_protocol::{Peer, WorkerInput, WorkerOutput};
use lab_session::session::{HelperAnswer, SharedStep, Watchdog};
use lab_session::wire;
use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, MessagePort};

thread_local! {
    /// The training worker's helper, once asked for.
    static HELPER: RefCell<Helper> = const { RefCell::new(Helper::NotStarted) };
    /// In a helper: the port to the training worker whose steps it shares.
    static TRAINING: RefCell<Option<MessagePort>> = const { RefCell::new(None) };
    /// The buffer of the last weights or gradients received, which carries
    /// the next ones back ([`wire::post_reusing`]): both are one float per
    /// parameter, so one buffer goes back and forth between the workers.
    static SPARE: RefCell<Option<js_sys::ArrayBuffer>> = const { RefCell::new(None) };
}

/// In a linked helper, the port to the training worker.
pub(super) fn training_port() -> Option<MessagePort> {
    TRAINING.with(|t| t.borrow().clone())
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
/// come before the first shard of each model. Both come over the port to
/// the training worker, and the answer goes back over it. Other messages
/// are given back.
pub(super) fn handle_as_helper(input: WorkerInput) -> Option<WorkerInput> {
    match input {
        WorkerInput::Shard { ticket, job, bytes } => {
            let answer = trainer::answer_shard(ticket, &job, &bytes);
            if let Some(training) = training_port() {
                let _ =
                    wire::post_reusing(wire::To::Port(&training), answer.to_parts(), take_spare());
            }
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

/// A link the page made ([`WorkerInput::Link`]): in a helper, the port to
/// the training worker, which it listens on and says Ready over; in a
/// training worker that asked for a helper, the port to it, whose answers
/// go to [`on_helper_message`]. A port nobody asked for is closed.
pub(super) fn link(peer: Peer, port: MessagePort, on_input: &js_sys::Function) {
    match peer {
        Peer::Training => {
            port.set_onmessage(Some(on_input));
            TRAINING.with(|t| *t.borrow_mut() = Some(port));
            // From here on, all it says goes to the training worker (`post`).
            post(&WorkerOutput::Ready);
        }
        Peer::Helper => HELPER.with(|h| {
            let mut h = h.borrow_mut();
            if matches!(*h, Helper::Requested) {
                let on_message = Closure::<dyn FnMut(MessageEvent)>::new(|event: MessageEvent| {
                    on_helper_message(event.data())
                });
                port.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
                on_message.forget();
                *h = Helper::Starting(port);
            } else {
                port.close();
            }
        }),
    }
}

/// Where the helper worker stands, as the training worker sees it.
enum Helper {
    NotStarted,
    /// Asked the page for one ([`WorkerOutput::WantsHelper`]); a compare
    /// worker's request is never answered, and it trains alone.
    Requested,
    /// Linked; it listens once it has said Ready over the port.
    Starting(MessagePort),
    Ready(MessagePort),
    /// It crashed, failed or stopped answering: this worker computes both
    /// shards. (One that never says Ready leaves this worker `Requested`
    /// or `Starting`, and it trains alone.)
    Gone,
}

/// The helper, once it has said it listens.
fn ready_helper() -> Option<MessagePort> {
    HELPER.with(|h| match &*h.borrow() {
        Helper::Ready(port) => Some(port.clone()),
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
fn send_step(helper: &MessagePort, shared: SharedStep) -> bool {
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
        .all(|message| wire::post(wire::To::Port(helper), message.to_parts()).is_ok())
        && wire::post_reusing(wire::To::Port(helper), shard.to_parts(), take_spare()).is_ok()
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

/// Asks the page for a helper worker once, the first time the run trains.
fn start_helper() {
    let first = HELPER.with(|h| {
        let mut h = h.borrow_mut();
        let first = matches!(*h, Helper::NotStarted);
        if first {
            *h = Helper::Requested;
        }
        first
    });
    if first {
        post(&WorkerOutput::WantsHelper);
    }
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
            if let Helper::Starting(port) = &*h {
                *h = Helper::Ready(port.clone());
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
        // A crash report (its panic hook, `post` sending it here), an
        // error, or garbage (such as an answer whose bytes are not a
        // buffer): this worker goes on alone.
        _ => helper_gone(),
    }
}

/// The helper cannot go on: the page stops it, and a step it had is
/// finished here.
fn helper_gone() {
    let linked = HELPER.with(|h| {
        let mut h = h.borrow_mut();
        let linked = match &*h {
            Helper::Starting(port) | Helper::Ready(port) => {
                port.close();
                true
            }
            Helper::Requested => true,
            Helper::NotStarted | Helper::Gone => false,
        };
        *h = Helper::Gone;
        linked
    });
    if linked {
        post(&WorkerOutput::DropsHelper);
    }
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
