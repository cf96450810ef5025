//! The training worker's helper, started here when the training worker asks
//! for one ([`WorkerOutput::WantsHelper`]) and linked to it by a
//! `MessageChannel`: each gets one port ([`WorkerInput::Link`]), and the
//! steps they share never pass through the page. No worker starts another:
//! in Firefox, a worker's own `new Worker` could hang it for good.

use super::{spawn_worker, WORKER};
use lab_protocol::{Peer, WorkerInput, WorkerOutput};
use lab_session::wire;
use std::cell::RefCell;
use web_sys::{MessageChannel, Worker};

thread_local! {
    /// The helper, while one runs.
    static HELPER: RefCell<Option<Worker>> = const { RefCell::new(None) };
}

/// Starts a helper for the training worker (replacing one that ran), and
/// links the two once the helper listens.
pub fn start() {
    stop();
    let helper = spawn_worker(
        lab_session::spawn::names::HELPER,
        // Once linked, it speaks only to the training worker, which gives
        // it up on a crash report or when it stops answering, and says so
        // (`DropsHelper`). A helper that dies (a trap) is stopped here.
        |out| {
            if let WorkerOutput::Ready = out {
                link();
            }
        },
        |_| {},
        |_| stop(),
    );
    HELPER.with(|h| *h.borrow_mut() = helper);
}

/// Stops the helper, if one runs.
pub fn stop() {
    if let Some(helper) = HELPER.with(|h| h.borrow_mut().take()) {
        helper.terminate();
    }
}

/// Hands the helper and the training worker each an end of a new channel.
fn link() {
    let Ok(channel) = MessageChannel::new() else {
        stop();
        return;
    };
    let sent = HELPER.with(|h| {
        h.borrow()
            .as_ref()
            .is_some_and(|helper| send_link(helper, Peer::Training, &channel.port2()))
    }) && WORKER.with(|w| {
        w.borrow()
            .as_ref()
            .is_some_and(|training| send_link(training, Peer::Helper, &channel.port1()))
    });
    if !sent {
        stop();
    }
}

fn send_link(worker: &Worker, peer: Peer, port: &web_sys::MessagePort) -> bool {
    let (body, _) = WorkerInput::Link { peer }.to_parts();
    wire::post_port(wire::To::Worker(worker), &body, port).is_ok()
}
