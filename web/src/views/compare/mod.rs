//! View 8: two models trained side by side, in two workers (one per core),
//! that differ in exactly one setting ([`CompareAxis`]): overlaid curves and
//! their cross-attention maps next to each other.
//!
//! The page's own run is paused while the comparison trains, so the two
//! compare workers have the machine's two cores to themselves.

pub mod data;

use crate::components::chart::CanvasChart;
use crate::components::formula::Equation;
use crate::context::compare::CompareRun;
use crate::context::i18n::use_i18n;
use crate::context::state::{use_lab, Lab};
use crate::i18n::{text, text_args, Locale};
use crate::views::attention::AttentionGrid;
use crate::workers::compare;
use data::{layer_steps, legend_origins, origin_mark, CompareAxis};
use lab_plot::draw::{LineChart, Series, BLUE, VERMILLION};
use lab_protocol::Curves;
use lab_protocol::NormPlacement;
use lab_protocol::{AttentionKind, Settings};
use leptos::prelude::*;
use plotters::prelude::SeriesLabelPosition;

/// The chart's size in pixels, on the page and in the SVG.
const CHART_SIZE: (u32, u32) = (900, 380);

/// One run's curves as the chart needs them: its name ("A"), its colour,
/// how it differs from the other run, and its curves.
pub struct RunCurves<'a> {
    pub name: &'static str,
    pub color: plotters::prelude::RGBColor,
    pub what: String,
    pub curves: &'a Curves,
}

/// The train loss (a line) and the held-out loss (dots) of each run, by step.
pub fn loss_series(locale: Locale, runs: &[RunCurves]) -> Vec<Series> {
    let mut series = Vec::new();
    for run in runs {
        let train = run
            .curves
            .train
            .iter()
            .map(|p| (p.step as f64, f64::from(p.loss)))
            .collect();
        let eval = run
            .curves
            .eval
            .iter()
            .map(|p| (p.step as f64, f64::from(p.loss)))
            .collect();
        series.push(Series {
            label: text_args(
                locale,
                "compare-legend-train",
                &[("run", run.name.into()), ("what", run.what.clone().into())],
            ),
            color: run.color,
            points: train,
            dots: false,
        });
        series.push(Series {
            label: text_args(
                locale,
                "compare-legend-held-out",
                &[("run", run.name.into())],
            ),
            color: run.color,
            points: eval,
            dots: true,
        });
    }
    series
}

/// The chart of `series`, handed to `f`: one definition for the canvas, the
/// SVG and the CSV.
fn with_chart<R>(locale: Locale, series: Vec<Series>, f: impl FnOnce(&LineChart) -> R) -> R {
    let (x, y) = (
        text(locale, "compare-axis-step"),
        text(locale, "compare-axis-loss"),
    );
    f(&LineChart {
        x_label: &x,
        y_label: &y,
        series,
        log_y: false,
        y_fixed: None,
        font_px: 16,
        legend_at: SeriesLabelPosition::UpperRight,
    })
}

/// Both runs' loss curves, in the page's language.
fn series_of(locale: Locale, runs: [CompareRun; 2], whats: [String; 2]) -> Vec<Series> {
    let curves = runs.map(|r| r.curves.get());
    let parts: Vec<RunCurves> = whats
        .into_iter()
        .zip(&curves)
        .zip([("A", BLUE), ("B", VERMILLION)])
        .map(|((what, curves), (name, color))| RunCurves {
            name,
            color,
            what,
            curves,
        })
        .collect();
    loss_series(locale, &parts)
}

/// How each run differs: from the settings it trains with, or, before it
/// starts, from the settings "Start both" would give it.
fn whats(locale: Locale, runs: [CompareRun; 2], axis: CompareAxis, base: &Settings) -> [String; 2] {
    let (a, b) = axis.runs(base);
    let planned = [a, b];
    [0, 1].map(|i| {
        runs[i]
            .settings
            .with(|s| axis.describe(locale, s.as_ref().unwrap_or(&planned[i])))
    })
}

/// The settings the comparison starts from: the trained model's, else the
/// ones being drafted.
fn base_settings(lab: Lab) -> Settings {
    lab.model
        .with(|m| m.as_ref().map(|m| m.settings.clone()))
        .unwrap_or_else(|| lab.draft.get())
}

/// [`whats`] now, in the page's language and for the axis chosen (tracked).
fn run_whats(lab: Lab, runs: [CompareRun; 2], axis: Signal<CompareAxis>) -> [String; 2] {
    whats(lab.locale.get(), runs, axis.get(), &base_settings(lab))
}

#[component]
pub fn CompareView() -> impl IntoView {
    let lab = use_lab();
    // Shared: the figure's norm boxes open the norm comparison.
    let axis = Signal::derive(move || CompareAxis::of(lab.compare_axis.get()));
    let runs = lab.compare_runs;
    let i18n = use_i18n();
    view! {
        <section id=crate::panels::ids::COMPARE class="view" data-testid="compare-view">
            <h2>{i18n.t("compare-title")}</h2>
            <crate::views::architecture::MiniMap panel=crate::panels::ids::COMPARE />
            <p>{i18n.t("compare-intro")}</p>
            <AxisFormulas axis />
            <CompareControls axis />
            <RunStatus run=runs[0] name="A" testid="compare-status-a" />
            <RunStatus run=runs[1] name="B" testid="compare-status-b" />
            <LossChart axis runs />
            <div class="two-col">
                <RunAttention axis runs index=0 testid="compare-attention-a" />
                <RunAttention axis runs index=1 testid="compare-attention-b" />
            </div>
            <crate::views::guide::TutorialConventions panel=crate::panels::ids::COMPARE />
        </section>
    }
}

/// The formulas of the setting compared, and for the norm placement the
/// two layers drawn side by side.
#[component]
fn AxisFormulas(
    /// The setting the two runs differ in.
    axis: Signal<CompareAxis>,
) -> impl IntoView {
    view! {
        <div class="two-col" data-testid="compare-formulas">
            {move || {
                axis.get()
                    .formulas()
                    .iter()
                    .map(|&formula| view! { <Equation formula /> })
                    .collect_view()
            }}
        </div>
        {move || {
            (axis.get() == CompareAxis::Norm)
                .then(|| {
                    view! {
                        <div class="two-col">
                            <LayerDiagram norm=NormPlacement::Post />
                            <LayerDiagram norm=NormPlacement::Pre />
                        </div>
                    }
                })
        }}
    }
}

/// The setting to compare, and the buttons that start and pause both runs.
#[component]
fn CompareControls(
    /// The setting the two runs differ in.
    axis: Signal<CompareAxis>,
) -> impl IntoView {
    let lab = use_lab();
    let i18n = use_i18n();
    let running = RwSignal::new(false);
    view! {
        <div class="controls">
            <label>
                {i18n.t("compare-axis")}" "
                <select
                    data-testid="compare-axis"
                    on:change=move |ev| {
                        lab.compare_axis.set(CompareAxis::parse(&event_target_value(&ev)).field())
                    }
                >
                    {CompareAxis::ALL
                        .into_iter()
                        .map(|a| {
                            view! {
                                <option value=a.value() prop:selected=move || axis.get() == a>
                                    {move || i18n.f(a.label(), &a.label_args())}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
            </label>
            <button
                class="primary"
                data-testid="compare-start"
                on:click=move |_| {
                    compare::start(lab, axis.get_untracked().runs(&base_settings(lab)));
                    running.set(true)
                }
            >
                {i18n.t("compare-start")}
            </button>
            <button
                data-testid="compare-stop"
                disabled=move || { !running.get() }
                on:click=move |_| {
                    compare::pause();
                    running.set(false)
                }
            >
                {i18n.t("compare-pause")}
            </button>
        </div>
    }
}

/// One run's status line: its step, speed and latest exact match, or its problem.
#[component]
fn RunStatus(
    /// The run.
    run: CompareRun,
    /// Its name on the page ("A").
    name: &'static str,
    /// The `data-testid` of the line.
    testid: &'static str,
) -> impl IntoView {
    let i18n = use_i18n();
    let status = move || {
        let locale = i18n.locale.get();
        let latest = run.curves.with(|c| {
            c.eval.last().map(|e| {
                text_args(
                    locale,
                    "compare-status-exact",
                    &[
                        ("exact", format!("{:.0}", e.exact_match * 100.0).into()),
                        ("step", e.step.into()),
                    ],
                )
            })
        });
        match run.problem.get() {
            Some(p) => format!("{name}: {p}"),
            None => text_args(
                locale,
                "compare-status",
                &[
                    ("run", name.into()),
                    ("step", run.step.get().into()),
                    ("rate", format!("{:.0}", run.tokens_per_s.get()).into()),
                    ("latest", latest.unwrap_or_default().into()),
                ],
            ),
        }
    };
    view! {
        <p class="readouts" data-testid=testid>
            {status}
        </p>
    }
}

/// Both runs' loss curves on one canvas, with its SVG and CSV exports.
#[component]
fn LossChart(
    /// The setting the two runs differ in.
    axis: Signal<CompareAxis>,
    /// The two runs.
    runs: [CompareRun; 2],
) -> impl IntoView {
    let lab = use_lab();
    let i18n = use_i18n();
    let series = move || series_of(i18n.locale.get(), runs, run_whats(lab, runs, axis));
    view! {
        <figure>
            <figcaption>{i18n.t("compare-chart-caption")}</figcaption>
            <CanvasChart
                name="compare-loss"
                testid="compare-chart"
                label="compare-chart-label"
                size=CHART_SIZE
                shows=move || (i18n.locale.get(), series())
                figure=|(locale, series), _, show| with_chart(locale, series, |c| show(c))
            />
        </figure>
    }
}

/// One run's cross-attention, averaged over heads, under a title that says
/// how the run differs.
#[component]
fn RunAttention(
    /// The setting the two runs differ in.
    axis: Signal<CompareAxis>,
    /// The two runs.
    runs: [CompareRun; 2],
    /// Which of them: 0 is "A", 1 is "B".
    index: usize,
    /// The `data-testid` of its grid.
    testid: &'static str,
) -> impl IntoView {
    let lab = use_lab();
    let i18n = use_i18n();
    let (run, name) = (runs[index], ["A", "B"][index]);
    let title = move || {
        let locale = i18n.locale.get();
        let what = run_whats(lab, runs, axis)[index].clone();
        text_args(
            locale,
            "compare-attention-title",
            &[("run", name.into()), ("what", what.into())],
        )
    };
    let set = Signal::derive(move || run.attention.get());
    view! {
        <div>
            <h3>{title}</h3>
            <AttentionGrid
                set
                kind=Signal::derive(|| AttentionKind::Cross)
                average=Signal::derive(|| true)
                testid
                waiting="compare-attention-waiting"
            />
        </div>
    }
}

/// One encoder layer as a column of boxes, for a norm placement: where the
/// LayerNorms sit and where dropout acts (dashed boxes), each dropout and the
/// final LayerNorm marked with whose choice it is ([`origin_mark`]).
#[component]
fn LayerDiagram(norm: NormPlacement) -> impl IntoView {
    let i18n = use_i18n();
    let lab = use_lab();
    let (id, title) = match norm {
        NormPlacement::Post => ("layer-diagram-post", "layer-title-post"),
        NormPlacement::Pre => ("layer-diagram-pre", "layer-title-pre"),
    };
    let steps = layer_steps(norm)
        .into_iter()
        .map(|step| {
            let class = if step.drops() {
                "layer-step drops"
            } else {
                "layer-step"
            };
            let mark = step.origin().map(|origin| {
                let (mark, explained) = origin_mark(origin);
                view! {
                    <sup class="origin-mark" title=i18n.t(explained)>
                        {mark}
                    </sup>
                }
            });
            view! { <li class=class>{i18n.t(step.message())}{mark}</li> }
        })
        .collect_view();
    let legend = legend_origins(norm)
        .into_iter()
        .map(|origin| {
            let (mark, explained) = origin_mark(origin);
            view! {
                <li>
                    <b class="origin-mark">{mark}</b>
                    " "
                    {i18n.t(explained)}
                </li>
            }
        })
        .collect_view();
    let p = move || lab.draft.with(|s| s.dropout.to_string());
    view! {
        <figure class="layer-diagram" data-testid=id>
            <figcaption>{i18n.t(title)}</figcaption>
            <ol>{steps}</ol>
            <p class="hint">{move || i18n.f("layer-dropout-legend", &[("p", p().into())])}</p>
            <ul class="hint origin-legend" data-testid="layer-origins">
                {legend}
            </ul>
        </figure>
    }
}

#[cfg(test)]
mod tests;
