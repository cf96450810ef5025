//! The live training curves of view 5: loss, accuracy and learning rate, each
//! on a canvas with its export bar.

use crate::components::export::ExportBar;
use crate::components::paint;
use crate::context::i18n::use_i18n;
use crate::context::state::use_lab;
use lab_plot::canvas::draw_lines;
use lab_plot::csv::line_chart_csv;
use lab_plot::svg;
use leptos::html::Canvas;
use leptos::prelude::*;

use super::data::Chart;

/// Every training chart's size in pixels, on the page and in the SVG.
const CHART_SIZE: (u32, u32) = (620, 340);

/// One chart of the view: its canvas, drawn from [`Chart::data`], and its export bar.
#[component]
fn TrainingChart(
    which: Chart,
    /// Plot the loss and the learning rate on a log scale.
    log: RwSignal<bool>,
    /// The message id of the caption above the chart.
    caption: &'static str,
    /// The message id of the canvas's accessible name.
    label: &'static str,
    testid: &'static str,
) -> impl IntoView {
    let lab = use_lab();
    let i18n = use_i18n();
    let canvas = NodeRef::<Canvas>::new();
    let data = move || {
        let settings = lab.model.with(|m| m.as_ref().map(|m| m.settings.clone()));
        lab.curves
            .with(|c| which.data(i18n.locale.get(), c, settings.as_ref()))
    };
    // On a phone the chart takes the window's width (`paint::chart_size`).
    let window_width = crate::context::state::use_lab().window_width;
    Effect::new(move |_| {
        let (d, log) = (data(), log.get());
        let Some(c) = canvas.get() else { return };
        paint::fit_chart(&c, CHART_SIZE, window_width.get());
        paint::later(&c.clone(), move || {
            which.with_chart(d, log, |chart| draw_lines(&c, chart))
        });
    });
    let to_svg = move || {
        which.with_chart(data(), log.get_untracked(), |chart| {
            svg::lines(chart, CHART_SIZE)
        })
    };
    let to_csv = move || which.with_chart(data(), false, |chart| line_chart_csv(chart).to_string());
    view! {
        <figure>
            <figcaption>{i18n.t(caption)}</figcaption>
            <div>
                <canvas
                    node_ref=canvas
                    data-testid=testid
                    width=CHART_SIZE.0
                    height=CHART_SIZE.1
                    class="chart"
                    role="img"
                    aria-label=i18n.t(label)
                ></canvas>
            </div>
            <ExportBar name=which.file_name() canvas=canvas svg=to_svg csv=to_csv />
        </figure>
    }
}

/// The three curves side by side: loss, accuracy and learning rate.
#[component]
pub fn TrainingCharts(
    /// Plot the loss and the learning rate on a log scale.
    log: RwSignal<bool>,
) -> impl IntoView {
    view! {
        <div class="charts">
            <TrainingChart
                which=Chart::Loss
                log=log
                caption="training-loss-caption"
                label="training-loss-label"
                testid="loss-chart"
            />
            <TrainingChart
                which=Chart::Accuracy
                log=log
                caption="training-accuracy-caption"
                label="training-accuracy-label"
                testid="accuracy-chart"
            />
            <TrainingChart
                which=Chart::Rate
                log=log
                caption="training-rate-caption"
                label="training-rate-label"
                testid="lr-chart"
            />
        </div>
    }
}
