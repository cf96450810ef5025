//! The live training curves of view 5: loss, accuracy and learning rate, each
//! on a canvas with its export bar.

use crate::components::chart::CanvasChart;
use crate::context::i18n::use_i18n;
use crate::context::state::use_lab;
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
    let data = move || {
        let settings = lab.model.with(|m| m.as_ref().map(|m| m.settings.clone()));
        lab.curves
            .with(|c| which.data(i18n.locale.get(), c, settings.as_ref()))
    };
    view! {
        <figure>
            <figcaption>{i18n.t(caption)}</figcaption>
            <CanvasChart
                name=which.file_name()
                testid
                label
                size=CHART_SIZE
                shows=move || (data(), log.get())
                figure=move |(data, log), _, show| which.with_chart(data, log, |c| show(c))
            />
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
