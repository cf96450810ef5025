//! The compare view's two workers, A and B (one per core): started,
//! told what to train and paused here, each answer applied to its run
//! (`Lab::compare_runs`),
//! and watched as the training worker is (`lab_session::watchdog`): one
//! that stops answering while it trains is stopped, and its run says so.

use crate::context::state::Lab;
use crate::i18n::units::seconds_text;
use crate::i18n::{text, text_args, Arg};
use crate::workers::link::{post, send, spawn_worker};
use lab_protocol::{EvalPoint, Settings, WorkerError, WorkerInput, WorkerOutput};
use lab_session::watchdog::{Look, WorkerWatch};
use leptos::prelude::*;
use std::cell::RefCell;
use web_sys::Worker;

/// A compare worker, its watchdog, and how long the page expects one of
/// its steps to take (ms), once its model is loaded.
struct Slot {
    worker: Worker,
    watch: WorkerWatch,
    step_ms: f64,
}

thread_local! {
    /// The two compare workers, A and B.
    static WORKERS: RefCell<[Option<Slot>; 2]> = const { RefCell::new([None, None]) };
}

fn post_to(index: usize, input: WorkerInput) {
    WORKERS.with(|w| {
        if let Some(slot) = &mut w.borrow_mut()[index] {
            slot.watch.on_sent(&input, Lab::now_ms());
            post(&slot.worker, &input);
        }
    });
}

/// A message came from compare worker `index`: its watchdog heard it.
fn heard(index: usize, out: &WorkerOutput, measured: Option<f64>) {
    WORKERS.with(|w| {
        if let Some(slot) = &mut w.borrow_mut()[index] {
            slot.watch.on_heard(out, Lab::now_ms());
            match out {
                // A big model takes seconds to build: a step of it is
                // what the worker may be silent for meanwhile.
                WorkerOutput::Building(estimate) => {
                    slot.step_ms = 1000.0 * estimate.step_seconds(crate::estimate::rate(measured));
                }
                WorkerOutput::Loaded(info) => {
                    slot.step_ms =
                        1000.0 * crate::estimate::model_step_seconds(info, measured).unwrap_or(0.0);
                }
                _ => {}
            }
        }
    });
}

/// The watchdog's look at the compare workers (`workers/link/watch.rs`, on
/// the training worker's look): a ping to one it waits for, and one silent
/// past its patience is stopped, its run saying for how long.
pub fn look(lab: Lab, now_ms: f64) {
    for index in 0..2 {
        let verdict = WORKERS.with(|w| {
            let mut w = w.borrow_mut();
            let slot = w[index].as_mut()?;
            let running = slot.watch.is_training();
            Some(slot.watch.look(now_ms, running, slot.step_ms))
        });
        match verdict {
            Some(Look::Ping(id)) => post_to(index, WorkerInput::Ping { id }),
            Some(Look::Silent { for_ms }) => {
                let said = text_args(
                    crate::context::i18n::page_locale(),
                    "compare-worker-silent",
                    &[("seconds", Arg::from(seconds_text(for_ms / 1000.0)))],
                );
                stop_one(lab, index, said);
            }
            Some(Look::Fine) | None => {}
        }
    }
}

/// Stops compare worker `index`, which crashed or stopped answering, and
/// its run says `why` (it is watched no more).
fn stop_one(lab: Lab, index: usize, why: String) {
    if let Some(slot) = WORKERS.with(|w| w.borrow_mut()[index].take()) {
        slot.worker.terminate();
        lab.compare_runs[index].problem.set(Some(why));
    }
}

/// A compare worker crashed (a trap, or a panic its hook reported).
fn crashed(lab: Lab, index: usize, why: String) {
    let locale = crate::context::i18n::page_locale();
    stop_one(
        lab,
        index,
        text_args(locale, "compare-worker-stopped", &[("why", why.into())]),
    );
}

/// Apply one answer of compare worker `index` to its run.
fn apply(lab: Lab, index: usize, out: WorkerOutput) {
    let run = lab.compare_runs[index];
    match out {
        WorkerOutput::Ready => {
            if let Some(settings) = run.settings.get_untracked() {
                post_to(index, WorkerInput::New { settings });
            }
        }
        WorkerOutput::Loaded(_) => post_to(index, WorkerInput::Play),
        WorkerOutput::Snapshot(snap) => {
            run.curves.update(|c| c.push_train(&snap.points));
            run.step.set(snap.step);
            if snap.tokens_per_s > 0.0 {
                run.tokens_per_s.set(snap.tokens_per_s);
            }
            if let Some(a) = snap.attention {
                run.attention.set(Some(a));
            }
        }
        WorkerOutput::Eval(report) => run.curves.update(|c| c.push_eval(EvalPoint::from(&report))),
        WorkerOutput::Diverged { why, .. } => {
            let text = crate::i18n::problems::divergence(crate::context::i18n::page_locale(), &why);
            run.problem.set(Some(text))
        }
        WorkerOutput::Refused(e) => {
            let text =
                crate::i18n::problems::settings_error(crate::context::i18n::page_locale(), &e);
            run.problem.set(Some(text))
        }
        WorkerOutput::Error(WorkerError::Crashed { why }) => crashed(lab, index, why),
        WorkerOutput::Error(e) => {
            let text = crate::i18n::problems::worker_error(crate::context::i18n::page_locale(), &e);
            run.problem.set(Some(text))
        }
        _ => {}
    }
}

/// Starts the two compare workers afresh, run A training `settings.0` and
/// B `settings.1`, and pauses the page's own run so they have the two cores.
pub fn start(lab: Lab, settings: (Settings, Settings)) {
    send(WorkerInput::Pause);
    stop_workers();
    let (a, b) = settings;
    for (index, (run, settings)) in lab.compare_runs.into_iter().zip([a, b]).enumerate() {
        run.reset(settings);
        let worker = spawn_worker(
            lab_session::spawn::names::COMPARE,
            move |out| {
                heard(index, &out, lab.multiply_adds_per_s.get_untracked());
                apply(lab, index, out)
            },
            move |e| run.problem.set(Some(e)),
            move |why| crashed(lab, index, why),
        );
        if worker.is_none() {
            let said = text(crate::context::i18n::page_locale(), "compare-no-worker");
            run.problem.set(Some(said));
        }
        let slot = worker.map(|worker| Slot {
            worker,
            watch: WorkerWatch::default(),
            step_ms: 0.0,
        });
        WORKERS.with(|w| w.borrow_mut()[index] = slot);
    }
}

/// Pauses both compare runs.
pub fn pause() {
    post_to(0, WorkerInput::Pause);
    post_to(1, WorkerInput::Pause);
}

fn stop_workers() {
    WORKERS.with(|w| {
        for slot in w.borrow_mut().iter_mut() {
            if let Some(slot) = slot.take() {
                slot.worker.terminate();
            }
        }
    });
}
