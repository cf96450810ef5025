//! Why self-attention: Table 1 of the paper (§4), computed by `lab_math::complexity`.
//!
//! ```text
//! self-attention n²·d,  recurrent n·d²,  convolutional k·n·d²,  restricted r·n·d
//! ```
//!
//! Self-attention is cheaper than a recurrent layer exactly when n < d, which is
//! the usual case for sentences; the chart shows where the lines cross, n = d.

use crate::components::chart::CanvasChart;
use crate::components::controls::Slider;
use crate::context::i18n::use_i18n;
use crate::context::state::use_lab;
use crate::i18n::{text, text_args, Locale};
use lab_math::complexity::{
    attention_rnn_crossover, max_path_length, per_layer_ops, sequential_ops, LayerType, Sizes,
    TABLE_1,
};
use lab_plot::draw::{MarkedChart, Series, VLine, BLUE, GREEN, ORANGE, PURPLE, VERMILLION};
use leptos::prelude::*;
use plotters::prelude::{RGBColor, SeriesLabelPosition, BLACK};

/// Kernel width of the convolutional layer: fixed, shown on the page.
pub const KERNEL: u64 = 3;
/// Neighbourhood of restricted self-attention: fixed, shown on the page.
pub const NEIGHBOURHOOD: u64 = 16;
/// The n slider, `(min, max, step)`.
const N_SLIDER: (u64, u64, u64) = (1, 1024, 1);
/// The d slider, `(min, max, step)`; the paper's models use 512 and 1024.
const D_SLIDER: (u64, u64, u64) = (8, 1024, 8);
/// Before a model has run: the toy model's width and a short sentence.
const DEFAULT_D: u64 = 64;
const DEFAULT_N: u64 = 10;
/// The chart's n axis: 1 to 4096, past the largest n and d the sliders allow.
const N_AXIS: (f64, f64) = (1.0, 4096.0);
/// Curve points per factor of ten in n.
const POINTS_PER_DECADE: f64 = 40.0;
/// Numbers up to this are printed digit by digit; larger ones as a × 10ᵏ.
const EXACT_BELOW: u64 = 1_000_000;
const GREY: RGBColor = RGBColor(0x77, 0x77, 0x77);
/// The chart's size in pixels, on the page and in the SVG.
const CHART_SIZE: (u32, u32) = (900, 420);

/// The sizes of Table 1 with this view's fixed k and r.
pub fn sizes(n: u64, d: u64) -> Sizes {
    Sizes {
        n,
        d,
        k: KERNEL,
        r: NEIGHBOURHOOD,
    }
}

/// The message id of a layer type's name (Table 1's first column).
pub fn layer_name(layer: LayerType) -> &'static str {
    match layer {
        LayerType::SelfAttention => "complexity-layer-self-attention",
        LayerType::Recurrent => "complexity-layer-recurrent",
        LayerType::Convolutional => "complexity-layer-convolutional",
        LayerType::RestrictedSelfAttention => "complexity-layer-restricted",
    }
}

/// The line colour of each layer type (Okabe & Ito).
pub fn color(layer: LayerType) -> RGBColor {
    match layer {
        LayerType::SelfAttention => BLUE,
        LayerType::Recurrent => VERMILLION,
        LayerType::Convolutional => GREEN,
        LayerType::RestrictedSelfAttention => ORANGE,
    }
}

/// `(n, multiply-adds per layer)` at whole n, spaced evenly on a log axis over `N_AXIS`.
pub fn ops_curve(layer: LayerType, d: u64) -> Vec<(f64, f64)> {
    let (lo, hi) = (N_AXIS.0.log10(), N_AXIS.1.log10());
    let count = ((hi - lo) * POINTS_PER_DECADE).ceil() as usize;
    let mut ns: Vec<u64> = (0..=count)
        .map(|i| 10f64.powf(lo + (hi - lo) * i as f64 / count as f64).round() as u64)
        .collect();
    ns.dedup();
    ns.into_iter()
        .map(|n| (n as f64, per_layer_ops(layer, sizes(n, d)) as f64))
        .collect()
}

/// A count as a learner reads it: `5 184` exactly, or `2.68 × 10⁹` when it is large.
pub fn format_count(v: u64) -> String {
    if v < EXACT_BELOW {
        let digits = v.to_string();
        let mut out = String::new();
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                out.push('\u{202f}');
            }
            out.push(c);
        }
        return out;
    }
    let mut exp = (v as f64).log10().floor() as i32;
    let mut mantissa = (v as f64 / 10f64.powi(exp) * 100.0).round() / 100.0;
    if mantissa >= 10.0 {
        // 9.996 × 10⁶ rounds up to 10.00: write it as 1.00 × 10⁷.
        mantissa /= 10.0;
        exp += 1;
    }
    format!(
        "{mantissa:.2} × 10{}",
        lab_plot::draw::log_tick_label(exp as f64).trim_start_matches("10")
    )
}

/// One row of the live table: the paper's formulas and their values at the chosen sizes.
#[derive(Clone, Debug, PartialEq)]
pub struct LiveRow {
    pub layer: LayerType,
    pub per_layer: &'static str,
    pub sequential: &'static str,
    pub max_path: &'static str,
    pub ops: u64,
    pub seq: u64,
    /// Whole layers (see [`max_path_length`]).
    pub path: u64,
}

/// Table 1 with a value beside every formula.
pub fn live_table(s: Sizes) -> Vec<LiveRow> {
    TABLE_1
        .iter()
        .map(|r| LiveRow {
            layer: r.layer,
            per_layer: r.per_layer,
            sequential: r.sequential,
            max_path: r.max_path,
            ops: per_layer_ops(r.layer, s),
            seq: sequential_ops(r.layer, s),
            path: max_path_length(r.layer, s),
        })
        .collect()
}

/// The vertical lines: the crossover n = d, the chosen n, and this model's probe length.
pub fn markers(locale: Locale, n: u64, d: u64, model: Option<(u64, u64)>) -> Vec<VLine> {
    let cross = attention_rnn_crossover(d);
    let mut lines = vec![
        VLine {
            x: cross as f64,
            label: text_args(
                locale,
                "complexity-mark-crossover",
                &[("d", cross.to_string().into())],
            ),
            color: BLACK,
        },
        VLine {
            x: n as f64,
            label: text_args(
                locale,
                "complexity-mark-chosen",
                &[("n", n.to_string().into())],
            ),
            color: GREY,
        },
    ];
    if let Some((model_n, model_d)) = model {
        let args = [
            ("n", model_n.to_string().into()),
            ("d", model_d.to_string().into()),
        ];
        let label = if model_d == d {
            text_args(locale, "complexity-mark-model", &args)
        } else {
            text_args(locale, "complexity-mark-model-other-d", &args)
        };
        lines.push(VLine {
            x: model_n as f64,
            label,
            color: PURPLE,
        });
    }
    lines
}

/// One curve per layer type: multiply-adds per layer against n, at width `d`.
pub fn series(locale: Locale, d: u64) -> Vec<Series> {
    LayerType::ALL
        .iter()
        .map(|&l| Series {
            label: format!("{} {}", text(locale, layer_name(l)), l.row().per_layer),
            color: color(l),
            points: ops_curve(l, d),
            dots: false,
        })
        .collect()
}

/// The chart of `parts` (curves and markers), handed to `f`: one definition
/// for the canvas, the SVG and the CSV.
fn with_chart<R>(
    locale: Locale,
    parts: (Vec<Series>, Vec<VLine>),
    f: impl FnOnce(&MarkedChart) -> R,
) -> R {
    let (series, vlines) = parts;
    let (x, y) = (
        text(locale, "complexity-axis-n"),
        text(locale, "complexity-axis-ops"),
    );
    f(&MarkedChart {
        x_label: &x,
        y_label: &y,
        series,
        vlines,
        dots: Vec::new(),
        log_x: true,
        log_y: true,
        x_range: Some(N_AXIS),
        font_px: 16,
        // At large n every curve is high, so the lower right stays clear.
        legend_at: SeriesLabelPosition::LowerRight,
    })
}

#[component]
pub fn ComplexityView() -> impl IntoView {
    let lab = use_lab();
    let i18n = use_i18n();
    let model_n = Memo::new(move |_| {
        lab.attention
            .with(|a| a.as_ref().map(|a| a.src_tokens.len() as u64))
    });
    let model_d = Memo::new(move |_| {
        lab.model
            .with(|m| m.as_ref().map(|m| m.settings.d_model as u64))
    });
    // None: follow the model. Some: the learner has moved the slider.
    let n_set = RwSignal::new(None::<u64>);
    let d_set = RwSignal::new(None::<u64>);
    let n = Memo::new(move |_| n_set.get().or(model_n.get()).unwrap_or(DEFAULT_N));
    let d = Memo::new(move |_| d_set.get().or(model_d.get()).unwrap_or(DEFAULT_D));
    let model = Memo::new(move |_| model_n.get().zip(model_d.get()));

    let parts = move || {
        let locale = i18n.locale.get();
        let d = d.get();
        (series(locale, d), markers(locale, n.get(), d, model.get()))
    };
    view! {
        <section id=crate::panels::ids::COMPLEXITY class="view" data-testid="complexity-view">
            <h2>{i18n.t("complexity-title")}</h2>
            <crate::views::architecture::MiniMap panel=crate::panels::ids::COMPLEXITY />
            <p>{i18n.t("complexity-intro")}</p>
            <div class="controls">
                <SizeSlider
                    label="complexity-slider-n"
                    testid="complexity-n"
                    range=N_SLIDER
                    value=n
                    set=n_set
                />
                <SizeSlider
                    label="complexity-slider-d"
                    testid="complexity-d"
                    range=D_SLIDER
                    value=d
                    set=d_set
                />
                <span>
                    {move || {
                        i18n.f(
                            "complexity-fixed",
                            &[
                                ("k", KERNEL.to_string().into()),
                                ("r", NEIGHBOURHOOD.to_string().into()),
                            ],
                        )
                    }}
                </span>
                <button
                    data-testid="complexity-model"
                    disabled=move || model.get().is_none()
                    on:click=move |_| {
                        n_set.set(None);
                        d_set.set(None);
                    }
                >
                    {i18n.t("complexity-model")}
                </button>
            </div>
            <Table1 n=n d=d />
            <p class="hint">{i18n.t("complexity-hint")}</p>
            <CanvasChart
                name="complexity-per-layer"
                testid="complexity-chart"
                label="complexity-chart-label"
                size=CHART_SIZE
                shows=move || (i18n.locale.get(), parts())
                figure=|(locale, parts), _, show| with_chart(locale, parts, |c| show(c))
            />
            <crate::views::practice::Question id=crate::views::practice::QuestionId::Crossover />
        </section>
    }
}

/// A size slider (`<input type=range>`) with its value beside it.
#[component]
fn SizeSlider(
    /// The message id of what the learner sees.
    label: &'static str,
    /// The `data-testid` of the slider.
    testid: &'static str,
    /// `(min, max, step)`.
    range: (u64, u64, u64),
    /// The value shown (the model's until the learner moves the slider).
    value: Memo<u64>,
    /// Where a moved slider writes its value.
    set: RwSignal<Option<u64>>,
) -> impl IntoView {
    let (min, max, step) = range;
    let i18n = use_i18n();
    view! {
        <Slider
            testid
            range=(min as f64, max as f64, step as f64)
            value=Signal::derive(move || value.get() as f64)
            show=|v| format!("{v:.0}")
            set=move |v: f64| set.set(Some(v as u64))
        >
            {i18n.t(label)}
        </Slider>
    }
}

/// Table 1 as the paper prints it, with its values at the chosen sizes beside it.
#[component]
fn Table1(
    /// Sequence length.
    n: Memo<u64>,
    /// Model width.
    d: Memo<u64>,
) -> impl IntoView {
    let i18n = use_i18n();
    let rows = Memo::new(move |_| live_table(sizes(n.get(), d.get())));
    let at = move || {
        i18n.f(
            "complexity-at",
            &[
                ("n", n.get().to_string().into()),
                ("d", d.get().to_string().into()),
                ("k", KERNEL.to_string().into()),
                ("r", NEIGHBOURHOOD.to_string().into()),
            ],
        )
    };
    view! {
        <table class="complexity-table" data-testid="complexity-table" tabindex="0">
            <thead>
                <tr>
                    <th rowspan="2">{i18n.t("complexity-th-layer")}</th>
                    <th rowspan="2">{i18n.t("complexity-th-per-layer")}</th>
                    <th rowspan="2">{i18n.t("complexity-th-sequential")}</th>
                    <th rowspan="2">{i18n.t("complexity-th-path")}</th>
                    <th colspan="3">{at}</th>
                </tr>
                <tr>
                    <th>{i18n.t("complexity-th-ops-value")}</th>
                    <th>{i18n.t("complexity-th-sequential-value")}</th>
                    <th>{i18n.t("complexity-th-path-value")}</th>
                </tr>
            </thead>
            <tbody>
                <For each=move || rows.get() key=|r| (r.layer, r.ops, r.seq, r.path) let:r>
                    <tr>
                        <th scope="row">{i18n.t(layer_name(r.layer))}</th>
                        <td>{r.per_layer}</td>
                        <td>{r.sequential}</td>
                        <td>{r.max_path}</td>
                        <td class="num">{format_count(r.ops)}</td>
                        <td class="num">{format_count(r.seq)}</td>
                        <td class="num">{format_count(r.path)}</td>
                    </tr>
                </For>
            </tbody>
        </table>
    }
}

#[cfg(test)]
mod tests;
