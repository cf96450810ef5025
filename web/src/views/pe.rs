//! View 1: sinusoidal positional encoding, drawn from `lab_math::sinusoid_table`,
//! the very function the model's embedding layer adds to its inputs.

use crate::components::export::ExportBar;
use crate::components::formula::{caption_args, positional, Equation};
use crate::components::heatmap::{Axis, HeatData, Heatmap, Legend, Measure};
use crate::components::paint;
use crate::context::i18n::{use_i18n, Arg};
use lab_math::positional::{PAPER_BASE, WORKED_BASE};
use lab_math::{pe_similarity, pe_value, sinusoid_table};
use lab_plot::canvas::draw_lines;
use lab_plot::colormap::{finite_range, ColorMap};
use lab_plot::csv::line_chart_csv;
use lab_plot::draw::{LineChart, Series, BLUE, GREEN, ORANGE, PURPLE, VERMILLION};
use lab_plot::svg;
use leptos::html::Canvas;
use leptos::prelude::*;
use plotters::prelude::SeriesLabelPosition;

const MAX_D_MODEL: usize = 512;
/// The most positions the PE view tabulates: a picture of the formula, far
/// past the model's own input limit (`lab_math::limits::MAX_LEN`).
const MAX_PE_POSITIONS: usize = 200;

/// The two number fields of the view, for the message that refuses a value.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Field {
    DModel,
    Length,
}

/// `sin` for even dimensions, `cos` for odd ones (math, not translated).
fn sin_or_cos(dim: usize) -> &'static str {
    if dim.is_multiple_of(2) {
        "sin"
    } else {
        "cos"
    }
}

/// Parse the comma-separated dimensions of the line plot, keeping those below `d_model`.
pub fn parse_dims(text: &str, d_model: usize) -> Vec<usize> {
    text.split([',', ' '])
        .filter_map(|t| t.trim().parse().ok())
        .filter(|&d| d < d_model)
        .take(5)
        .collect()
}

#[component]
pub fn PeView() -> impl IntoView {
    let i18n = use_i18n();
    let d_model = RwSignal::new(64usize);
    let len = RwSignal::new(50usize);
    let base = RwSignal::new(PAPER_BASE);
    let dims_text = RwSignal::new("0, 1, 4, 10, 30".to_string());
    // The refused field and what was typed; the message is made in the
    // page's language when shown, so it follows a change of language.
    let problem = RwSignal::new(None::<(Field, String)>);
    let hover = RwSignal::new(None::<(usize, usize)>);
    let sim_hover = RwSignal::new(None::<(usize, usize)>);

    let table = Memo::new(move |_| sinusoid_table(len.get(), d_model.get(), base.get()));
    let heat = Signal::derive(move || HeatData {
        rows: len.get(),
        cols: d_model.get(),
        values: table.get(),
        range: (-1.0, 1.0),
        map: ColorMap::Cividis,
        ..HeatData::default()
    });
    let sim = Signal::derive(move || {
        let values = pe_similarity(&table.get(), d_model.get());
        let range = finite_range(&values);
        HeatData {
            rows: len.get(),
            cols: len.get(),
            values,
            range,
            map: ColorMap::Viridis,
            ..HeatData::default()
        }
    });
    let heat_size = Signal::derive(move || (880, (len.get() as u32 * 6).clamp(240, 600)));
    let sim_size = Signal::derive(|| (420, 420));

    let set_number = move |text: String, field: Field| {
        let (max, even, target) = match field {
            Field::DModel => (MAX_D_MODEL, true, d_model),
            Field::Length => (MAX_PE_POSITIONS, false, len),
        };
        match text.trim().parse::<usize>() {
            Ok(v) if v >= 2 && v <= max && (!even || v % 2 == 0) => {
                problem.set(None);
                target.set(v);
            }
            _ => problem.set(Some((field, text))),
        }
    };
    let problem_text = move || {
        problem.get().map(|(field, text)| {
            let got = Arg::from(format!("{text:?}"));
            match field {
                Field::DModel => i18n.f(
                    "pe-problem-d-model",
                    &[("max", Arg::from(MAX_D_MODEL)), ("got", got)],
                ),
                Field::Length => i18n.f(
                    "pe-problem-length",
                    &[("max", Arg::from(MAX_PE_POSITIONS)), ("got", got)],
                ),
            }
        })
    };

    let on_hover = Callback::new(move |cell: Option<(usize, usize)>| hover.set(cell));
    let on_sim_hover = Callback::new(move |cell: Option<(usize, usize)>| sim_hover.set(cell));
    let hover_text = move || {
        let (d, b) = (d_model.get(), base.get());
        // A cell left over from a wider table is not read: `pe_value` needs `dim < d_model`.
        match hover.get().filter(|&(pos, dim)| pos < len.get() && dim < d) {
            None => i18n.s("pe-hover-hint"),
            Some((pos, dim)) => {
                let i = dim / 2;
                let f = sin_or_cos(dim);
                let v = pe_value(pos, dim, d, b);
                let formula = format!("{f}({pos} / {b}^({}/{d})) = {v:.4}", 2 * i);
                i18n.f(
                    "pe-hover",
                    &[
                        ("pos", Arg::from(pos)),
                        ("dim", Arg::from(dim)),
                        ("i", Arg::from(i)),
                        ("fn", Arg::from(f)),
                        ("formula", Arg::from(formula)),
                    ],
                )
            }
        }
    };
    let sim_hover_text = move || match sim_hover.get().filter(|&(p, q)| p.max(q) < len.get()) {
        None => i18n.s("pe-sim-hint"),
        Some((p, q)) => {
            let v = sim.with(|s| s.at(p, q).unwrap_or(0.0));
            i18n.f(
                "pe-sim-hover",
                &[
                    ("p", Arg::from(p)),
                    ("q", Arg::from(q)),
                    ("value", Arg::from(format!("{v:.3}"))),
                    ("distance", Arg::from(p.abs_diff(q))),
                ],
            )
        }
    };

    let lines = NodeRef::<Canvas>::new();
    // The chosen dimensions' curves, as the chart draws (and exports) them.
    let line_parts = move || {
        let t = table.get();
        let d = d_model.get();
        let dims = parse_dims(&dims_text.get(), d);
        let colors = [BLUE, ORANGE, GREEN, VERMILLION, PURPLE];
        let series: Vec<Series> = dims
            .iter()
            .zip(colors)
            .map(|(&dim, color)| Series {
                label: i18n.f(
                    "pe-series",
                    &[("dim", Arg::from(dim)), ("fn", Arg::from(sin_or_cos(dim)))],
                ),
                color,
                points: t
                    .chunks(d)
                    .enumerate()
                    .map(|(pos, row)| (pos as f64, row[dim] as f64))
                    .collect(),
                dots: false,
            })
            .collect();
        (i18n.s("pe-position"), i18n.s("pe-value"), series)
    };
    // On a phone the chart takes the window's width (`paint::chart_size`).
    let window_width = crate::context::state::use_lab().window_width;
    Effect::new(move |_| {
        let (x_label, y_label, series) = line_parts();
        let Some(c) = lines.get() else { return };
        paint::fit_chart(&c, LINES_SIZE, window_width.get());
        paint::later(&c.clone(), move || {
            draw_lines(&c, &pe_chart(&x_label, &y_label, series))
        });
    });
    let lines_svg = move || {
        let (x, y, series) = line_parts();
        svg::lines(&pe_chart(&x, &y, series), LINES_SIZE)
    };
    let lines_csv = move || {
        let (x, y, series) = line_parts();
        line_chart_csv(&pe_chart(&x, &y, series)).to_string()
    };

    view! {
        <section id=crate::panels::ids::PE class="view">
            <h2>{i18n.t("pe-title")}</h2>
            {move || view! { <Equation formula=positional(base.get()) /> }}
            <p>{move || i18n.f("pe-intro", &caption_args())}</p>
            <div class="controls">
                <label>
                    "d_model "
                    <input
                        type="number"
                        data-testid="pe-dmodel"
                        min="2"
                        max=MAX_D_MODEL
                        step="2"
                        value="64"
                        on:input=move |ev| set_number(event_target_value(&ev), Field::DModel)
                    />
                </label>
                <label>
                    {i18n.t("pe-length")}" "
                    <input
                        type="number"
                        data-testid="pe-length"
                        min="2"
                        max=MAX_PE_POSITIONS
                        value="50"
                        on:input=move |ev| set_number(event_target_value(&ev), Field::Length)
                    />
                </label>
                <label>
                    {i18n.t("pe-base")}" "
                    <select
                        data-testid="pe-base"
                        on:change=move |ev| {
                            base.set(event_target_value(&ev).parse().unwrap_or(PAPER_BASE))
                        }
                    >
                        <option value=PAPER_BASE.to_string() selected>
                            {move || i18n.f("pe-base-paper", &caption_args())}
                        </option>
                        <option value=WORKED_BASE
                            .to_string()>
                            {move || i18n.f("pe-base-worked", &caption_args())}
                        </option>
                    </select>
                </label>
            </div>
            <Show when=move || problem.with(Option::is_some)>
                <p class="field-problem" role="alert">
                    {problem_text}
                </p>
            </Show>
            <h3>{i18n.t("pe-table-heading")}</h3>
            <Heatmap
                data=heat
                size=heat_size
                testid="pe-heatmap"
                on_hover=on_hover
                rows_are=Axis::Position
                cols_are=Axis::Dimension
                measure=Measure::Value
                label=Signal::derive(move || heat.with(|h| h.describe(&i18n.s("pe-table-label"))))
            />
            {move || {
                view! {
                    <Legend
                        map=ColorMap::Cividis
                        range=Signal::derive(|| (-1.0, 1.0))
                        what=i18n.s("pe-value")
                    />
                }
            }}
            <p class="readout" aria-live="polite">
                {hover_text}
            </p>
            <div class="two-col">
                <div>
                    <h3>{i18n.t("pe-lines-heading")}</h3>
                    <label>
                        {i18n.t("pe-dims")}" "
                        <input
                            type="text"
                            data-testid="pe-dims"
                            prop:value=move || dims_text.get()
                            on:change=move |ev| dims_text.set(event_target_value(&ev))
                        />
                    </label>
                    <canvas
                        node_ref=lines
                        width=LINES_SIZE.0
                        height=LINES_SIZE.1
                        class="chart"
                        role="img"
                        aria-label=i18n.t("pe-lines-label")
                    ></canvas>
                    <ExportBar
                        name="positional-encoding-curves"
                        canvas=lines
                        svg=lines_svg
                        csv=lines_csv
                    />
                </div>
                <div>
                    <h3>{i18n.t("pe-sim-heading")}</h3>
                    <Heatmap
                        data=sim
                        size=sim_size
                        testid="pe-similarity"
                        on_hover=on_sim_hover
                        rows_are=Axis::Position
                        cols_are=Axis::Position
                        measure=Measure::Similarity
                        label=Signal::derive(move || {
                            sim.with(|s| s.describe(&i18n.s("pe-sim-label")))
                        })
                    />
                    {move || {
                        view! {
                            <Legend
                                map=ColorMap::Viridis
                                range=Signal::derive(move || sim.with(|s| s.range))
                                what=i18n.s("pe-sim-legend")
                            />
                        }
                    }}
                    <p class="readout">{sim_hover_text}</p>
                </div>
            </div>
            <crate::views::layer_input::LayerInputView />
            <crate::views::practice::Question id=crate::views::practice::QuestionId::PeZero />
            <crate::views::practice::Question id=crate::views::practice::QuestionId::PeFastest />
            <crate::views::practice::Question id=crate::views::practice::QuestionId::SameVector />
            <crate::views::guide::TutorialConventions panel=crate::panels::ids::PE />
        </section>
    }
}

/// The curves chart's size in pixels, on the page and in the SVG.
const LINES_SIZE: (u32, u32) = (560, 340);

/// The chart of the chosen dimensions' curves: one definition for the canvas,
/// the SVG and the CSV.
fn pe_chart<'a>(x_label: &'a str, y_label: &'a str, series: Vec<Series>) -> LineChart<'a> {
    LineChart {
        x_label,
        y_label,
        series,
        log_y: false,
        y_fixed: Some((-1.1, 1.1)),
        font_px: 16,
        legend_at: SeriesLabelPosition::LowerRight,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dims_outside_d_model_and_junk_are_skipped() {
        assert_eq!(parse_dims("0, 1,  70, x, 5", 64), vec![0, 1, 5]);
        assert_eq!(parse_dims("", 64), Vec::<usize>::new());
    }
}
