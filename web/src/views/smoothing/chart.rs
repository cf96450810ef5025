//! What the Label smoothing view draws and reads out: q and p as bars, how
//! q spreads its mass, and the loss split into its floor and the KL.

use super::{
    bars_for_width, entropy_nats, loss_split, split_text, spread_note, target_row, with_chart,
    Bars, CHART_SIZE,
};
use crate::components::chart::{CanvasChart, Figure, Purpose};
use crate::context::i18n::use_i18n;
use crate::context::state::use_lab;
use crate::i18n::text_args;
use lab_protocol::ProbePrediction;
use leptos::prelude::*;

/// The bar chart of q and p at one position, with its downloads.
#[component]
pub(super) fn SmoothingChart(
    /// The probe sentence: its targets, and the model's prediction once it has run.
    probe: Memo<ProbePrediction>,
    /// The ε of q.
    eps: Memo<f64>,
    /// The position shown.
    pos: Memo<usize>,
    /// Whether the probability axis is log.
    log: RwSignal<bool>,
) -> impl IntoView {
    let lab = use_lab();
    let i18n = use_i18n();
    // Target tokens in the page's script (Traditional Chinese in 繁體中文).
    let spelling = lab.spelling;
    // What the chart shows; the probe (a vocabulary's worth of numbers) is
    // read when the chart is built, not copied.
    let shows = move || {
        probe.track();
        spelling.track();
        (i18n.locale.get(), eps.get(), pos.get(), log.get())
    };
    // On a phone, fewer bars: each keeps room for its token's label. The CSV
    // keeps every token.
    let figure = move |(locale, e, i, log), purpose, show: &mut dyn FnMut(&dyn Figure)| {
        let bars = match purpose {
            Purpose::Picture { width } => Bars::AtMost(bars_for_width(width)),
            Purpose::Csv => Bars::Every,
        };
        spelling.try_with_untracked(|s| {
            probe.try_with_untracked(|p| {
                with_chart(locale, p, (i, e, log), (bars, s.as_ref()), |c| show(c))
            })
        });
    };
    view! {
        <CanvasChart
            name="label-smoothing"
            testid="smoothing-chart"
            label="smoothing-chart-label"
            size=CHART_SIZE
            shows
            figure
        />
    }
}

/// How q spreads its mass ([`super::spread_note`]), and the running model's ε.
#[component]
pub(super) fn SpreadHint(
    /// The probe sentence, for the vocabulary's size.
    probe: Memo<ProbePrediction>,
    /// The ε of q.
    eps: Memo<f64>,
    /// The running model's ε, once there is a model.
    model_eps: Memo<Option<f64>>,
) -> impl IntoView {
    let i18n = use_i18n();
    let spread = move || {
        let locale = i18n.locale.get();
        let trained = model_eps.get().map(|e| {
            text_args(
                locale,
                "smoothing-running-eps",
                &[("eps", format!("{e:.2}").into())],
            )
        });
        let note = probe.with(|p| spread_note(locale, p.vocab.len(), eps.get()));
        match trained {
            Some(t) => format!("{note} {t}"),
            None => note,
        }
    };
    view! { <p class="hint">{spread}</p> }
}

/// The loss at the position shown, split into its floor H(q) and the KL
/// ([`super::split_text`]).
#[component]
pub(super) fn SplitReadout(
    /// The probe sentence: its targets, and the model's prediction once it has run.
    probe: Memo<ProbePrediction>,
    /// The ε of q.
    eps: Memo<f64>,
    /// The position shown.
    pos: Memo<usize>,
) -> impl IntoView {
    let i18n = use_i18n();
    let split_line = move || {
        let (locale, e, i) = (i18n.locale.get(), eps.get(), pos.get());
        probe.with(|p| {
            split_text(
                locale,
                entropy_nats(&target_row(p, i, e)),
                loss_split(p, i, e),
            )
        })
    };
    view! {
        <p class="readout" data-testid="smoothing-split" aria-live="polite">
            {split_line}
        </p>
    }
}
