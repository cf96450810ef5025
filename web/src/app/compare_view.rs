//! View 8: two models trained side by side, in two workers (one per core),
//! that differ in exactly one setting ([`CompareAxis`]): overlaid curves and
//! their cross-attention maps next to each other.
//!
//! The page's own run is paused while the comparison trains, so the two
//! compare workers have the machine's two cores to themselves.

use super::attention_view::AttentionGrid;
use super::formula::{Equation, POST_NORM, PRE_NORM};
use super::link::{post, send, spawn_worker};
use super::state::use_lab;
use crate::plot::curves::{Curves, EvalPoint};
use crate::plot::draw::{draw_lines, LineChart, Series, BLUE, VERMILLION};
use crate::teach::compare::CompareAxis;
use lab_protocol::{AttentionKind, AttentionSet, Settings, WorkerInput, WorkerOutput};
use leptos::html::Canvas;
use leptos::prelude::*;
use plotters::prelude::SeriesLabelPosition;
use std::cell::RefCell;
use web_sys::Worker;

thread_local! {
    /// The two compare workers, A and B.
    static WORKERS: RefCell<[Option<Worker>; 2]> = const { RefCell::new([None, None]) };
}

/// One of the two runs, as the page sees it.
#[derive(Clone, Copy)]
struct Run {
    settings: RwSignal<Option<Settings>>,
    curves: RwSignal<Curves>,
    attention: RwSignal<Option<AttentionSet>>,
    step: RwSignal<usize>,
    tokens_per_s: RwSignal<f64>,
    problem: RwSignal<Option<String>>,
}

impl Run {
    fn new() -> Self {
        Self {
            settings: RwSignal::new(None),
            curves: RwSignal::new(Curves::default()),
            attention: RwSignal::new(None),
            step: RwSignal::new(0),
            tokens_per_s: RwSignal::new(0.0),
            problem: RwSignal::new(None),
        }
    }

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
        WorkerOutput::Diverged { message, .. } => run.problem.set(Some(message)),
        WorkerOutput::Refused(e) => run.problem.set(Some(format!("Refused: {e}"))),
        WorkerOutput::Error { message, .. } => run.problem.set(Some(message)),
        _ => {}
    }
}

fn start(runs: [Run; 2], axis: CompareAxis, base: &Settings) {
    // Free both cores for the comparison.
    send(WorkerInput::Pause);
    stop_workers();
    let (a, b) = axis.runs(base);
    for (index, (run, settings)) in runs.into_iter().zip([a, b]).enumerate() {
        run.reset(settings);
        let crash = move |m: String| {
            run.problem
                .set(Some(format!("This run's worker stopped: {m}")))
        };
        let worker = spawn_worker(
            move |out| apply(run, index, out),
            move |e| run.problem.set(Some(e)),
            crash,
        );
        if worker.is_none() {
            run.problem
                .set(Some("A compare worker could not be started.".into()));
        }
        WORKERS.with(|w| w.borrow_mut()[index] = worker);
    }
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

fn draw(canvas: NodeRef<Canvas>, runs: [Run; 2], axis: CompareAxis) {
    let Some(c) = canvas.get() else { return };
    let mut series = Vec::new();
    for (run, (name, color)) in runs.iter().zip([("A", BLUE), ("B", VERMILLION)]) {
        let what = run
            .settings
            .with(|s| s.as_ref().map(|s| axis.describe(s)).unwrap_or_default());
        let curves = run.curves.get();
        let train = curves
            .train
            .iter()
            .map(|p| (p.step as f64, p.loss as f64))
            .collect();
        let eval = curves
            .eval
            .iter()
            .map(|p| (p.step as f64, p.loss as f64))
            .collect();
        series.push(Series {
            label: format!("{name}: {what}, train"),
            color,
            points: train,
            dots: false,
        });
        series.push(Series {
            label: format!("{name}: held-out"),
            color,
            points: eval,
            dots: true,
        });
    }
    let chart = LineChart {
        x_label: "step",
        y_label: "loss (per token)",
        series,
        log_y: false,
        y_fixed: None,
        font_px: 16,
        legend_at: SeriesLabelPosition::UpperRight,
    };
    draw_lines(&c, &chart);
}

#[component]
pub fn CompareView() -> impl IntoView {
    let lab = use_lab();
    let axis = RwSignal::new(CompareAxis::Norm);
    let runs = [Run::new(), Run::new()];
    let canvas = NodeRef::<Canvas>::new();
    Effect::new(move |_| draw(canvas, runs, axis.get()));
    let base = move || {
        lab.model
            .with(|m| m.as_ref().map(|m| m.settings.clone()))
            .unwrap_or_else(|| lab.draft.get())
    };
    let running = RwSignal::new(false);
    let status = move |run: Run, name: &'static str| {
        move || {
            let latest = run.curves.with(|c| {
                c.eval.last().map(|e| {
                    format!(
                        ", held-out exact match {:.0}% at step {}",
                        e.exact_match * 100.0,
                        e.step
                    )
                })
            });
            match run.problem.get() {
                Some(p) => format!("{name}: {p}"),
                None => format!(
                    "{name}: step {}, {:.0} tokens/s{}",
                    run.step.get(),
                    run.tokens_per_s.get(),
                    latest.unwrap_or_default()
                ),
            }
        }
    };
    view! {
        <section id="compare" class="view" data-testid="compare-view">
            <h2>"8 · Compare two runs"</h2>
            <p>
                "Two models train at once, in two workers (one per core), from the same seed and data order, with the current settings except one. "
                "Post-norm, x = LayerNorm(x + Sublayer(x)), is the paper's placement; pre-norm, x = x + Sublayer(LayerNorm(x)), is the Annotated Transformer's. "
                "The main run pauses while they train."
            </p>
            <div class="two-col"><Equation formula=POST_NORM/><Equation formula=PRE_NORM/></div>
            <div class="controls">
                <label>"compare "
                    <select data-testid="compare-axis" on:change=move |ev| axis.set(CompareAxis::parse(&event_target_value(&ev)))>
                        {CompareAxis::ALL.into_iter().map(|a| view! { <option value=a.value()>{a.label()}</option> }).collect_view()}
                    </select>
                </label>
                <button class="primary" data-testid="compare-start" on:click=move |_| { start(runs, axis.get_untracked(), &base()); running.set(true) }>"▶ Start both"</button>
                <button data-testid="compare-stop" disabled=move || { !running.get() }
                    on:click=move |_| { post_to(0, WorkerInput::Pause); post_to(1, WorkerInput::Pause); running.set(false) }>"Pause both"</button>
            </div>
            <p class="readouts" data-testid="compare-status-a">{status(runs[0], "A")}</p>
            <p class="readouts" data-testid="compare-status-b">{status(runs[1], "B")}</p>
            <figure><figcaption>"Loss of A (blue) and B (orange): train lines, held-out dots"</figcaption>
                <canvas node_ref=canvas data-testid="compare-chart" width="900" height="380" class="chart" role="img" aria-label="Training and held-out loss of runs A and B by step"></canvas>
            </figure>
            <div class="two-col">
                {runs.into_iter().zip(["A", "B"]).map(|(run, name)| {
                    let title = move || format!("{name}: cross-attention, average of the heads, {}", run.settings.with(|s| s.as_ref().map(|s| axis.get().describe(s)).unwrap_or_default()));
                    let set = Signal::derive(move || run.attention.get());
                    let testid = if name == "A" { "compare-attention-a" } else { "compare-attention-b" };
                    view! {
                        <div>
                            <h3>{title}</h3>
                            <AttentionGrid set kind=Signal::derive(|| AttentionKind::Cross) average=Signal::derive(|| true) testid/>
                        </div>
                    }
                }).collect_view()}
            </div>
        </section>
    }
}
