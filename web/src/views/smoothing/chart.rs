//! What the Label smoothing view draws and reads out: q and p as bars, how
//! q spreads its mass, and the loss split into its floor and the KL.

use super::{bar_chart_csv, entropy_nats, paint};
use super::{
    bars_for_width, loss_split, split_text, spread_note, target_row, with_chart, Bars, CHART_SIZE,
    MAX_BARS,
};
use crate::components::export::ExportBar;
use crate::context::i18n::use_i18n;
use crate::context::state::use_lab;
use crate::i18n::text_args;
use lab_plot::canvas::draw_bars;
use lab_plot::svg;
use lab_protocol::ProbePrediction;
use leptos::html::Canvas;
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
    let canvas = NodeRef::<Canvas>::new();
    // On a phone the chart takes the window's width (`paint::chart_size`).
    let window_width = lab.window_width;
    Effect::new(move |_| {
        let (locale, e, i, log) = (i18n.locale.get(), eps.get(), pos.get(), log.get());
        probe.track();
        spelling.track();
        let Some(c) = canvas.get() else { return };
        paint::fit_chart(&c, CHART_SIZE, window_width.get());
        // On a phone, fewer bars: each keeps room for its token's label.
        let bars = bars_for_width(c.width());
        paint::later(&c.clone(), move || {
            spelling.try_with_untracked(|s| {
                probe.try_with_untracked(|p| {
                    with_chart(
                        locale,
                        p,
                        (i, e, log),
                        (Bars::AtMost(bars), s.as_ref()),
                        |chart| draw_bars(&c, chart),
                    )
                })
            });
        });
    });
    let to_svg = move || {
        let (locale, e, i, log) = (i18n.locale.get(), eps.get(), pos.get(), log.get());
        spelling.with(|s| {
            probe.with(|p| {
                with_chart(
                    locale,
                    p,
                    (i, e, log),
                    (Bars::AtMost(MAX_BARS), s.as_ref()),
                    |c| svg::bars(c, CHART_SIZE),
                )
            })
        })
    };
    let to_csv = move || {
        let (locale, e, i) = (i18n.locale.get(), eps.get(), pos.get());
        spelling.with(|s| {
            probe.with(|p| {
                with_chart(locale, p, (i, e, false), (Bars::Every, s.as_ref()), |c| {
                    bar_chart_csv(c).to_string()
                })
            })
        })
    };
    view! {
        <div>
            <canvas
                node_ref=canvas
                data-testid="smoothing-chart"
                width=CHART_SIZE.0
                height=CHART_SIZE.1
                class="chart"
                role="img"
                aria-label=i18n.t("smoothing-chart-label")
            ></canvas>
        </div>
        <ExportBar name="label-smoothing" canvas=canvas svg=to_svg csv=to_csv />
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
