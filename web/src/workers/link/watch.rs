//! The watchdog on the training worker, wired to the browser: every
//! `LOOK_EVERY_MS` the page looks, pings the worker while it waits for it,
//! and replaces a worker that stopped answering or crashed. What counts as
//! stopped, and how often a worker is replaced, is `lab_session::watchdog`'s
//! (plain logic, tested natively); this file only acts on its verdicts.
//!
//! A replacement is the reload's path, not a second one: a new worker
//! restores this tab's last save (`boot`, `WorkerInput::Restore`), and a
//! run that trained trains on.

use super::*;
use crate::i18n::units::seconds_text;
pub(super) use lab_session::watchdog::Cause;
use lab_session::watchdog::{
    Look, Recovery, Replace, WorkerWatch, LOOK_EVERY_MS, MAX_RESTARTS, RESTART_WINDOW_MS,
};
use std::cell::Cell;

thread_local! {
    static WATCH: RefCell<WorkerWatch> = RefCell::new(WorkerWatch::default());
    /// One step of the model being built (`WorkerOutput::Building`), in ms,
    /// until it has loaded: building it is not interrupted either.
    static BUILDING_STEP_MS: Cell<f64> = const { Cell::new(0.0) };
}

/// A message came from the training worker.
pub(super) fn heard(out: &WorkerOutput) {
    WATCH.with(|w| w.borrow_mut().on_heard(out, Lab::now_ms()));
}

/// A message goes to the training worker: the page waits until it is taken up.
pub(super) fn sent(input: &WorkerInput) {
    WATCH.with(|w| w.borrow_mut().on_sent(input, Lab::now_ms()));
}

/// A model of `estimate` is being built.
pub(super) fn building(lab: Lab, estimate: &lab_protocol::StepEstimate) {
    let seconds = estimate.step_seconds(crate::estimate::rate(
        lab.multiply_adds_per_s.get_untracked(),
    ));
    BUILDING_STEP_MS.with(|b| b.set(1000.0 * seconds));
}

/// Looks at the worker every [`LOOK_EVERY_MS`], from the first spawn on.
pub(super) fn start(lab: Lab) {
    thread_local! {
        static WATCHING: Cell<bool> = const { Cell::new(false) };
    }
    if WATCHING.with(|w| w.replace(true)) {
        return;
    }
    let every = std::time::Duration::from_millis(LOOK_EVERY_MS as u64);
    let _ = set_interval_with_handle(move || look(lab), every);
}

/// The longest the page expects one step to take (ms): the model's, or the
/// one being built.
fn expected_step_ms(lab: Lab) -> f64 {
    let measured = lab.multiply_adds_per_s.get_untracked();
    let model = lab
        .model
        .with_untracked(|m| crate::estimate::model_step_seconds(m.as_ref()?, measured))
        .unwrap_or(0.0);
    (1000.0 * model).max(BUILDING_STEP_MS.with(Cell::get))
}

fn look(lab: Lab) {
    let step_ms = expected_step_ms(lab);
    let running = lab.running.get_untracked();
    let now = Lab::now_ms();
    crate::workers::evaluator::look(now, step_ms);
    crate::workers::compare::look(lab, now);
    let verdict = WATCH.with(|w| w.borrow_mut().look(now, running, step_ms));
    match verdict {
        Look::Fine => {}
        Look::Ping(id) => send(WorkerInput::Ping { id }),
        Look::Silent { for_ms } => failed(lab, Cause::Silent { for_ms }),
    }
}

/// The training worker crashed or stopped answering: a new one restores the
/// last save, unless this happened too often; the banner says which. A
/// worker fails once: what it says between its failure and its successor
/// (an error event after its panic report, or a second panic as it dies,
/// such as a `RefCell` the first left borrowed) is not a second crash,
/// which would count twice, hide the first cause and forget that the run
/// trained.
pub(super) fn failed(lab: Lab, cause: Cause) {
    if lab.worker.get_untracked() == WorkerState::Crashed {
        return;
    }
    let verdict = WATCH.with(|w| w.borrow_mut().replace(Lab::now_ms(), cause.clone()));
    if let Cause::Silent { .. } = cause {
        // It may be computing forever: it stops now, its helper with it.
        stop();
    }
    lab.worker.set(WorkerState::Crashed);
    lab.running.set(false);
    let again = verdict == Replace::Again;
    let i18n = lab.i18n();
    let message = match (&cause, again) {
        (Cause::Crashed(why), true) => i18n.f_now(
            "common-worker-restarted",
            &[("message", why.clone().into())],
        ),
        (Cause::Crashed(why), false) => {
            let error = WorkerError::Crashed { why: why.clone() };
            problems::worker_error(lab.locale.get_untracked(), &error)
        }
        (Cause::Silent { for_ms }, true) => i18n.f_now(
            "common-worker-silent",
            &[("seconds", Arg::from(seconds_text(for_ms / 1000.0)))],
        ),
        (Cause::Silent { .. }, false) => i18n.f_now(
            "common-worker-silent-again",
            &[
                ("restarts", Arg::from(MAX_RESTARTS)),
                (
                    "minutes",
                    Arg::from((RESTART_WINDOW_MS / 60_000.0) as usize),
                ),
            ],
        ),
    };
    lab.banner.set(Some(Banner {
        source: Source::Worker,
        message,
        offer_reset: false,
        offer_restart: !again,
    }));
    if again {
        // A new worker restores the last saved run (not a deep link's fresh start).
        lab.boot_with.set_value(None);
        set_timeout(
            move || {
                let banner = lab.banner.get_untracked();
                spawn(lab);
                lab.banner.set(banner);
            },
            RESTART_DELAY,
        );
    }
}

/// The reader pressed "Restart worker": the count of restarts starts again.
pub(super) fn retry() {
    WATCH.with(|w| w.borrow_mut().retry());
}

/// A model loaded, at `step`, from `origin`: after a replacement, the
/// banner, which said a new worker "will restore" the run, says it did and
/// from which step, and the run trains on if it trained. A new worker that
/// found no save to restore opened another model (`Restore` falls back to
/// the pretrained one): the banner says so, and nothing trains by itself.
pub(super) fn loaded(lab: Lab, step: usize, origin: ModelOrigin) {
    BUILDING_STEP_MS.with(|b| b.set(0.0));
    let Some(Recovery { cause, training }) = WATCH.with(|w| w.borrow_mut().restored()) else {
        return;
    };
    let i18n = lab.i18n();
    let restored = origin == ModelOrigin::Restored;
    let message = match cause {
        _ if !restored => i18n.f_now(
            "common-worker-replaced-unsaved",
            &[
                (
                    "origin",
                    Arg::from(match origin {
                        ModelOrigin::Pretrained => "pretrained",
                        _ => "scratch",
                    }),
                ),
                ("step", Arg::from(step)),
            ],
        ),
        Cause::Silent { for_ms } => i18n.f_now(
            "common-worker-silent-restored",
            &[
                ("seconds", Arg::from(seconds_text(for_ms / 1000.0))),
                ("step", Arg::from(step)),
            ],
        ),
        Cause::Crashed(why) => i18n.f_now(
            "common-worker-crashed-restored",
            &[("step", Arg::from(step)), ("message", why.into())],
        ),
    };
    lab.banner.set(Some(Banner {
        source: Source::Worker,
        message,
        offer_reset: false,
        offer_restart: false,
    }));
    if training && restored {
        send(WorkerInput::Play);
    }
}

/// A replaced worker's successor starts this much later.
const RESTART_DELAY: std::time::Duration = std::time::Duration::from_millis(300);
