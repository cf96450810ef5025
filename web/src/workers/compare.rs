//! The compare view's two workers, A and B (one per core): started,
//! told what to train and paused here, each answer applied to its [`Run`].

use crate::i18n::{text, text_args};
use crate::workers::link::{post, send, spawn_worker};
use lab_protocol::{AttentionSet, Curves, EvalPoint, Settings, WorkerInput, WorkerOutput};
use leptos::prelude::*;
use std::cell::RefCell;
use web_sys::Worker;

thread_local! {
    /// The two compare workers, A and B.
    static WORKERS: RefCell<[Option<Worker>; 2]> = const { RefCell::new([None, None]) };
}

/// One of the two runs, as the page sees it.
#[derive(Clone, Copy)]
pub struct Run {
    pub settings: RwSignal<Option<Settings>>,
    pub curves: RwSignal<Curves>,
    pub attention: RwSignal<Option<AttentionSet>>,
    pub step: RwSignal<usize>,
    pub tokens_per_s: RwSignal<f64>,
    pub problem: RwSignal<Option<String>>,
}

impl Default for Run {
    /// A run not started: no settings, no curves.
    fn default() -> Self {
        Self {
            settings: RwSignal::new(None),
            curves: RwSignal::new(Curves::default()),
            attention: RwSignal::new(None),
            step: RwSignal::new(0),
            tokens_per_s: RwSignal::new(0.0),
            problem: RwSignal::new(None),
        }
    }
}

impl Run {
    fn reset(&self, settings: Settings) {
        self.settings.set(Some(settings));
        self.curves.set(Curves::default());
        self.attention.set(None);
        self.step.set(0);
        self.tokens_per_s.set(0.0);
        self.problem.set(None);
    }
}

fn post_to(index: usize, input: WorkerInput) {
    WORKERS.with(|w| {
        if let Some(worker) = &w.borrow()[index] {
            post(worker, &input);
        }
    });
}

/// Apply one answer of compare worker `index` to its run.
fn apply(run: Run, index: usize, out: WorkerOutput) {
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
        WorkerOutput::Error(e) => {
            let text = crate::i18n::problems::worker_error(crate::context::i18n::page_locale(), &e);
            run.problem.set(Some(text))
        }
        _ => {}
    }
}

/// Starts the two compare workers afresh, `runs[i]` training `settings` A
/// and B, and pauses the page's own run so they have the two cores.
pub fn start(runs: [Run; 2], settings: (Settings, Settings)) {
    send(WorkerInput::Pause);
    stop_workers();
    let (a, b) = settings;
    for (index, (run, settings)) in runs.into_iter().zip([a, b]).enumerate() {
        run.reset(settings);
        let crash = move |m: String| {
            let locale = crate::context::i18n::page_locale();
            let said = text_args(locale, "compare-worker-stopped", &[("why", m.into())]);
            run.problem.set(Some(said))
        };
        let worker = spawn_worker(
            lab_session::spawn::names::COMPARE,
            move |out| apply(run, index, out),
            move |e| run.problem.set(Some(e)),
            crash,
        );
        if worker.is_none() {
            let said = text(crate::context::i18n::page_locale(), "compare-no-worker");
            run.problem.set(Some(said));
        }
        WORKERS.with(|w| w.borrow_mut()[index] = worker);
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
            if let Some(worker) = slot.take() {
                worker.terminate();
            }
        }
    });
}
