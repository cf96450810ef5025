//! The PE view's line chart: a few chosen dimensions of the encoding across
//! positions, each a sine or cosine of its own wavelength.

use super::{parse_dims, sin_or_cos};
use crate::components::chart::CanvasChart;
use crate::context::i18n::{use_i18n, Arg, I18n};
use lab_plot::draw::{LineChart, Series, BLUE, GREEN, ORANGE, PURPLE, VERMILLION};
use leptos::prelude::*;
use plotters::prelude::SeriesLabelPosition;

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

/// One curve per dimension of `dims`: its value at each position of the
/// table `t` (row-major, `d` columns), named in the page's language.
fn dim_series(i18n: I18n, t: &[f32], d: usize, dims: &[usize]) -> Vec<Series> {
    let colors = [BLUE, ORANGE, GREEN, VERMILLION, PURPLE];
    dims.iter()
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
        .collect()
}

/// The chosen dimensions' curves across positions, the field that chooses
/// them, and the chart's downloads.
#[component]
pub(super) fn DimensionCurves(
    /// `PE[pos][dim]`, row-major, `len × d_model`.
    table: Memo<Vec<f32>>,
    /// The model width: the table's columns.
    d_model: RwSignal<usize>,
) -> impl IntoView {
    let i18n = use_i18n();
    let dims_text = RwSignal::new("0, 1, 4, 10, 30".to_string());
    // The chosen dimensions' curves, as the chart draws (and exports) them.
    let line_parts = move || {
        let t = table.get();
        let d = d_model.get();
        let dims = parse_dims(&dims_text.get(), d);
        let series = dim_series(i18n, &t, d, &dims);
        (i18n.s("pe-position"), i18n.s("pe-value"), series)
    };
    view! {
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
            <CanvasChart
                name="positional-encoding-curves"
                label="pe-lines-label"
                size=LINES_SIZE
                shows=line_parts
                figure=|(x, y, series), _, show| show(&pe_chart(&x, &y, series))
            />
        </div>
    }
}
