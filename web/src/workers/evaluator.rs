//! The evaluator: a second worker, on the machine's second core, that
//! evaluates the run on its held-out sentences while the training worker
//! trains on. Training then never stops for an evaluation, and a held-out
//! number (e.g. 95% exact match) shows a few steps after it is reached, not
//! at the next multiple of 100.
//!
//! The page relays; the training worker stays the one keeper of the run:
//! 1. While the run trains and the evaluator is idle, once [`eval_due`], the
//!    page asks the training worker for its bytes (`Save { Evaluate }`).
//! 2. It hands them to the evaluator (`EvaluateCheckpoint`, transferred),
//!    which builds the model, evaluates it and keeps nothing.
//! 3. It gives the report back to the training worker (`RecordEval`), which
//!    keeps it on the run's curves and sends it on like its own evaluations.
//!
//! A report of an earlier run (a reset or a load came in between) is dropped
//! here by generation, and again by the worker by step. If the evaluator
//! cannot start or crashes, the training worker is told, and evaluates every
//! 100 steps itself again.

use crate::context::state::Lab;
use crate::workers::link::{send, spawn_worker};
use lab_protocol::{SavePurpose, WorkerInput, WorkerOutput};
use lab_session::watchdog::{worker_patience_ms, LOOK_EVERY_MS, LOOK_SLACK_MS};
use std::cell::RefCell;
use web_sys::Worker;

/// The fewest steps between two evaluations.
pub const EVAL_MIN_GAP: usize = 10;
/// Later in a run, evaluations thin out: the gap is at least the steps so far
/// divided by this (20 steps at step 200, 1000 at step 10 000), so a
/// long run keeps dozens of held-out points, not thousands.
pub const EVAL_GAP_DIVISOR: usize = 10;

/// The evaluator takes at most one part in this many of the time a run
/// trains: after an evaluation that took `t` ms, the next waits at least
/// `(EVAL_TIME_SHARE − 1) · t`. On two cores, each evaluation takes CPU from
/// the two workers that train (a real task's takes tens of milliseconds,
/// and early in a run the step gap alone would ask for one every half
/// second). A toy task's, answered within 5 ms, waits about a tenth of a
/// second, less than the 250 ms between two snapshots (which ask for
/// evaluations), so its evaluations keep the step gap's pace.
pub const EVAL_TIME_SHARE: f64 = 20.0;

/// The longest rest (ms), longer than a real task's steady rest (about
/// 1.3 s): a run's first evaluation, which also builds the evaluator's
/// model and dataset, or one that spanned a frozen tab or a sleeping
/// machine, looks long, and must not leave a gap in the held-out curve.
pub const EVAL_MAX_REST_MS: f64 = 2_000.0;

/// Whether a run at `step`, last evaluated at `last` (`None`: not yet), is due
/// for another held-out evaluation.
pub fn eval_due(last: Option<usize>, step: usize) -> bool {
    let last = last.unwrap_or(0);
    step > last && step - last >= EVAL_MIN_GAP.max(step / EVAL_GAP_DIVISOR)
}

/// Whether the evaluator stopped: handed an evaluation at `waiting_since_ms`,
/// it has not answered by `now_ms`, past the patience the training worker
/// gets for a step of `step_ms` (one definition,
/// [`lab_session::watchdog::worker_patience_ms`]). An evaluation runs the
/// model forward on a few sentences, far less than a step of training.
pub fn stopped(waiting_since_ms: f64, now_ms: f64, step_ms: f64) -> bool {
    now_ms - waiting_since_ms > worker_patience_ms(step_ms)
}

/// One evaluation's span on the page's clock.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Span {
    /// When the evaluator was handed the run's bytes (ms).
    pub handed_ms: f64,
    /// When its answer came (ms).
    pub answered_ms: f64,
}

/// Whether the evaluator has rested enough at `now_ms` since its last
/// evaluation of this run (`None`: none yet) to keep within
/// [`EVAL_TIME_SHARE`], or for [`EVAL_MAX_REST_MS`].
pub fn rested(last: Option<Span>, now_ms: f64) -> bool {
    last.is_none_or(|span| {
        let took = (span.answered_ms - span.handed_ms).max(0.0);
        let rest = ((EVAL_TIME_SHARE - 1.0) * took).min(EVAL_MAX_REST_MS);
        now_ms - span.answered_ms >= rest
    })
}

/// Where the one request at a time stands.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
enum Request {
    #[default]
    Idle,
    /// The training worker was asked for bytes that have not come yet.
    AwaitingBytes,
    /// The evaluator has the bytes and will answer.
    Evaluating,
}

#[derive(Default)]
struct Evaluator {
    worker: Option<Worker>,
    /// The evaluator has started and listens.
    ready: bool,
    request: Request,
    /// Counts the runs the training worker has loaded; a report is kept only
    /// for the run it was asked for.
    generation: u64,
    /// The generation of the request on its way.
    asked_for: u64,
    /// The step last sent for evaluation in this run.
    last_step: Option<usize>,
    /// When the evaluator was handed the bytes it evaluates (ms, the page's clock).
    handed_ms: f64,
    /// The last evaluation answered, for [`rested`].
    last_span: Option<Span>,
    /// The evaluator crashed or could not start: the training worker evaluates.
    gone: bool,
    /// The training worker's bytes, as the JavaScript buffer they came in.
    buffer: Option<js_sys::ArrayBuffer>,
    /// Since when the page waits for the evaluator's answer (ms): when it was
    /// handed the bytes, or when the page woke up since.
    waiting_since_ms: f64,
    /// The watchdog's last look (ms), to tell a page that slept.
    last_look_ms: Option<f64>,
}

thread_local! {
    static EVALUATOR: RefCell<Evaluator> = RefCell::new(Evaluator::default());
}

/// The training worker is ready (at start, or after a restart): start the
/// evaluator once, or tell the new training worker that it is there.
pub fn on_training_worker_ready() {
    let (started, ready, gone) = EVALUATOR.with(|e| {
        let e = e.borrow();
        (e.worker.is_some(), e.ready, e.gone)
    });
    if gone {
        return;
    }
    if ready {
        send(WorkerInput::EvaluatorPresent { present: true });
    } else if !started {
        start();
    }
}

fn start() {
    let worker = spawn_worker(
        lab_session::spawn::names::EVALUATOR,
        on_output,
        |_garbage| answered(),
        |_crash| give_up(),
    );
    match worker {
        Some(worker) => EVALUATOR.with(|e| e.borrow_mut().worker = Some(worker)),
        None => give_up(),
    }
}

/// Without an evaluator the training worker evaluates for itself.
fn give_up() {
    let worker = EVALUATOR.with(|e| {
        let mut e = e.borrow_mut();
        e.gone = true;
        e.ready = false;
        e.request = Request::Idle;
        e.worker.take()
    });
    if let Some(worker) = worker {
        worker.terminate();
    }
    send(WorkerInput::EvaluatorPresent { present: false });
}

fn on_output(out: WorkerOutput) {
    match out {
        WorkerOutput::Ready => {
            EVALUATOR.with(|e| e.borrow_mut().ready = true);
            send(WorkerInput::EvaluatorPresent { present: true });
        }
        WorkerOutput::Eval(report) => {
            answered();
            let current = EVALUATOR.with(|e| {
                let e = e.borrow();
                e.asked_for == e.generation
            });
            if current {
                send(WorkerInput::RecordEval { report });
            }
        }
        WorkerOutput::Error(_) => answered(),
        // It is never asked for anything else.
        _ => {}
    }
}

/// The evaluator answered (a report, an error or garbage): it is free again,
/// once it has rested ([`rested`]).
fn answered() {
    EVALUATOR.with(|e| {
        let mut e = e.borrow_mut();
        if e.request == Request::Evaluating {
            e.last_span = Some(Span {
                handed_ms: e.handed_ms,
                answered_ms: Lab::now_ms(),
            });
        }
        e.request = Request::Idle;
    });
}

/// The watchdog's look at the evaluator (`workers/link/watch.rs`, every
/// [`LOOK_EVERY_MS`]): one that has not answered an evaluation for longer
/// than [`stopped`] allows is stopped, and the training worker evaluates for
/// itself from then on, as after a crash. A look much later than due means
/// the page slept (a hidden tab, a suspended laptop), the evaluator with it:
/// it gets its patience again from then.
pub fn look(now_ms: f64, step_ms: f64) {
    let silent_for = EVALUATOR.with(|e| {
        let mut e = e.borrow_mut();
        let slept = e
            .last_look_ms
            .is_some_and(|last| now_ms - last > LOOK_EVERY_MS + LOOK_SLACK_MS);
        e.last_look_ms = Some(now_ms);
        if slept {
            e.waiting_since_ms = e.waiting_since_ms.max(now_ms);
        }
        (e.request == Request::Evaluating && stopped(e.waiting_since_ms, now_ms, step_ms))
            .then_some(now_ms - e.waiting_since_ms)
    });
    if let Some(ms) = silent_for {
        web_sys::console::warn_1(
            &format!(
                "The evaluator did not answer for {:.0} s: the training worker evaluates from now on.",
                ms / 1000.0
            )
            .into(),
        );
        give_up();
    }
}

/// The training worker loaded a model: a new run, evaluated from scratch.
pub fn on_new_run(step: usize) {
    EVALUATOR.with(|e| {
        let mut e = e.borrow_mut();
        e.generation += 1;
        e.last_step = Some(step);
        // A new run's first evaluation is not held back.
        e.last_span = None;
        // Bytes asked of a worker that has since loaded another run (or
        // crashed) may never come: stop waiting. An evaluation under way
        // still answers, and is dropped by generation.
        if e.request == Request::AwaitingBytes {
            e.request = Request::Idle;
        }
    });
}

/// A snapshot of the training run: ask for its bytes if an evaluation is due.
pub fn on_snapshot(step: usize, running: bool) {
    let due = EVALUATOR.with(|e| {
        let mut e = e.borrow_mut();
        let due = running
            && e.ready
            && e.request == Request::Idle
            && eval_due(e.last_step, step)
            && rested(e.last_span, Lab::now_ms());
        if due {
            e.request = Request::AwaitingBytes;
            e.asked_for = e.generation;
            e.last_step = Some(step);
        }
        due
    });
    if due {
        send(WorkerInput::Save {
            purpose: SavePurpose::Evaluate,
        });
    }
}

/// Keep the buffer of the training worker's bytes for [`on_checkpoint`].
pub fn keep_buffer(buffer: js_sys::ArrayBuffer) {
    EVALUATOR.with(|e| e.borrow_mut().buffer = Some(buffer));
}

/// The training worker's bytes came (kept by [`keep_buffer`]): hand them to
/// the evaluator, transferred, not copied.
pub fn on_checkpoint() {
    EVALUATOR.with(|e| {
        let mut e = e.borrow_mut();
        let buffer = e.buffer.take();
        if e.request != Request::AwaitingBytes {
            return;
        }
        let sent = match (&e.worker, buffer, e.asked_for == e.generation) {
            (Some(worker), Some(buffer), true) => {
                let input = WorkerInput::EvaluateCheckpoint { bytes: Vec::new() };
                let (body, _) = input.to_parts();
                lab_session::wire::post_buffer(
                    lab_session::wire::To::Worker(worker),
                    &body,
                    Some(buffer),
                )
                .is_ok()
            }
            _ => false,
        };
        e.request = if sent {
            e.handed_ms = Lab::now_ms();
            e.waiting_since_ms = e.handed_ms;
            Request::Evaluating
        } else {
            Request::Idle
        };
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_evaluator_is_stopped_after_the_training_workers_patience() {
        let patience = worker_patience_ms(0.0);
        assert!(!stopped(1_000.0, 1_000.0 + patience, 0.0));
        assert!(stopped(1_000.0, 1_000.0 + patience + 1.0, 0.0));
        // A model whose step takes 5 s gets ten of them.
        assert!(!stopped(0.0, patience + 1.0, 5_000.0));
        assert!(stopped(0.0, 50_001.0, 5_000.0));
    }

    #[test]
    fn evaluations_come_often_early_and_thin_out_later() {
        assert!(!eval_due(None, 0));
        assert!(!eval_due(None, EVAL_MIN_GAP - 1));
        assert!(eval_due(None, EVAL_MIN_GAP));
        // The gap is a tenth of the step reached: 11 at step 110.
        assert!(!eval_due(Some(100), 110));
        assert!(eval_due(Some(100), 112));
        // About 100 steps around step 1000, about 1000 around step 10 000.
        assert!(!eval_due(Some(950), 1049));
        assert!(eval_due(Some(1000), 1112));
        assert!(!eval_due(Some(10_000), 10_999));
        assert!(eval_due(Some(10_000), 11_200));
        // A run loaded at a later step than the last evaluation is not "due" backwards.
        assert!(!eval_due(Some(600), 600));
        // Over a long run the evaluations stay few.
        let (mut last, mut count) = (None, 0);
        for step in 0..=20_000 {
            if eval_due(last, step) {
                last = Some(step);
                count += 1;
            }
        }
        assert!(count < 120, "{count} evaluations in 20 000 steps");
        assert!(count > 20, "{count} evaluations in 20 000 steps");
    }

    #[test]
    fn the_evaluator_rests_for_its_time_share_after_each_evaluation() {
        assert!(rested(None, 0.0), "the first is never held back");
        // An evaluation of 80 ms, handed over at 1000, answered at 1080.
        let span = Span {
            handed_ms: 1000.0,
            answered_ms: 1080.0,
        };
        let rest = (EVAL_TIME_SHARE - 1.0) * 80.0;
        assert!(!rested(Some(span), 1080.0));
        assert!(!rested(Some(span), 1080.0 + rest - 1.0));
        assert!(rested(Some(span), 1080.0 + rest));
        // So evaluations of 80 ms, asked for every 10 ms, start
        // EVAL_TIME_SHARE · 80 ms apart: busy one part in EVAL_TIME_SHARE.
        let (mut now, mut last, mut starts) = (0.0, None, Vec::new());
        while now < 60_000.0 {
            if rested(last, now) {
                starts.push(now);
                last = Some(Span {
                    handed_ms: now,
                    answered_ms: now + 80.0,
                });
                now += 80.0;
            }
            now += 10.0;
        }
        assert!(starts.len() > 30, "{starts:?}");
        for gap in starts.windows(2).map(|w| w[1] - w[0]) {
            let period = EVAL_TIME_SHARE * 80.0;
            assert!((period..period + 10.0).contains(&gap), "{gap}");
        }
        // A toy task's 3 ms evaluation waits 57 ms: less than a snapshot's 250.
        let toy = Span {
            handed_ms: 0.0,
            answered_ms: 3.0,
        };
        assert!(rested(Some(toy), 3.0 + 57.0));
        // One that spanned a frozen tab (an hour) rests no longer than the cap.
        let frozen = Span {
            handed_ms: 0.0,
            answered_ms: 3_600_000.0,
        };
        assert!(!rested(Some(frozen), 3_600_000.0 + EVAL_MAX_REST_MS - 1.0));
        assert!(rested(Some(frozen), 3_600_000.0 + EVAL_MAX_REST_MS));
    }
}
