//! View 1: sinusoidal positional encoding, drawn from `lab_math::sinusoid_table`,
//! the very function the model's embedding layer adds to its inputs.

use super::formula::{Equation, POSITIONAL};
use super::heatmap::{HeatData, Heatmap, Legend};
use crate::plot::colormap::{finite_range, ColorMap};
use crate::plot::draw::{draw_lines, LineChart, Series, BLUE, GREEN, ORANGE, PURPLE, VERMILLION};
use lab_math::{pe_similarity, pe_value, sinusoid_table};
use leptos::html::Canvas;
use leptos::prelude::*;
use plotters::prelude::SeriesLabelPosition;

const MAX_D_MODEL: usize = 512;
const MAX_LEN: usize = 200;

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
    let d_model = RwSignal::new(64usize);
    let len = RwSignal::new(50usize);
    let base = RwSignal::new(10000.0f64);
    let dims_text = RwSignal::new("0, 1, 4, 10, 30".to_string());
    let problem = RwSignal::new(String::new());
    let hover = RwSignal::new(String::new());
    let sim_hover = RwSignal::new(String::new());

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

    let set_number = move |text: String,
                           what: &str,
                           max: usize,
                           even: bool,
                           target: RwSignal<usize>| {
        match text.trim().parse::<usize>() {
        Ok(v) if v >= 2 && v <= max && (!even || v % 2 == 0) => {
            problem.set(String::new());
            target.set(v);
        }
        _ => problem.set(format!(
            "{what} must be {}a whole number from 2 to {max}; got {text:?}. The picture keeps the last valid value.",
            if even { "an even " } else { "" }
        )),
    }
    };

    let on_hover = Callback::new(move |cell: Option<(usize, usize)>| {
        hover.set(match cell {
            None => String::new(),
            Some((pos, dim)) => {
                let (d, b) = (d_model.get_untracked(), base.get_untracked());
                let i = dim / 2;
                let f = if dim % 2 == 0 { "sin" } else { "cos" };
                let v = pe_value(pos, dim, d, b);
                format!("pos = {pos}, dim = {dim} (i = {i}, {f}): PE = {f}({pos} / {b}^({}/{d})) = {v:.4}", 2 * i)
            }
        })
    });
    let on_sim_hover = Callback::new(move |cell: Option<(usize, usize)>| {
        sim_hover.set(match cell {
            None => String::new(),
            Some((p, q)) => {
                let v = sim.with_untracked(|s| s.at(p, q).unwrap_or(0.0));
                format!(
                    "PE({p}) · PE({q}) = {v:.3}   (distance |p − q| = {})",
                    p.abs_diff(q)
                )
            }
        })
    });

    let lines = NodeRef::<Canvas>::new();
    Effect::new(move |_| {
        let t = table.get();
        let d = d_model.get();
        let dims = parse_dims(&dims_text.get(), d);
        let Some(c) = lines.get() else { return };
        let colors = [BLUE, ORANGE, GREEN, VERMILLION, PURPLE];
        let series = dims
            .iter()
            .zip(colors)
            .map(|(&dim, color)| Series {
                label: format!("dim {dim} ({})", if dim % 2 == 0 { "sin" } else { "cos" }),
                color,
                points: t
                    .chunks(d)
                    .enumerate()
                    .map(|(pos, row)| (pos as f64, row[dim] as f64))
                    .collect(),
                dots: false,
            })
            .collect();
        draw_lines(
            &c,
            &LineChart {
                x_label: "position",
                y_label: "PE value",
                series,
                log_y: false,
                y_fixed: Some((-1.1, 1.1)),
                font_px: 16,
                legend_at: SeriesLabelPosition::LowerRight,
            },
        );
    });

    view! {
        <section id="pe" class="view">
            <h2>"1 · Positional encoding"</h2>
            <Equation formula=POSITIONAL/>
            <p>
                "Sine and cosine are interleaved: even dimensions hold sines, odd dimensions the cosine of the same frequency. "
                "Low dimensions turn fast, high ones slowly; with base 10000 no position up to thousands repeats. "
                "Base 100 (the tutorial's worked example) makes every dimension turn faster."
            </p>
            <div class="controls">
                <label>"d_model "
                    <input type="number" data-testid="pe-dmodel" min="2" max=MAX_D_MODEL step="2" value="64"
                        on:input=move |ev| set_number(event_target_value(&ev), "d_model", MAX_D_MODEL, true, d_model)/>
                </label>
                <label>"length "
                    <input type="number" data-testid="pe-length" min="2" max=MAX_LEN value="50"
                        on:input=move |ev| set_number(event_target_value(&ev), "length", MAX_LEN, false, len)/>
                </label>
                <label>"base "
                    <select data-testid="pe-base" on:change=move |ev| base.set(event_target_value(&ev).parse().unwrap_or(10000.0))>
                        <option value="10000" selected>"10000 (paper)"</option>
                        <option value="100">"100 (worked example)"</option>
                    </select>
                </label>
            </div>
            <Show when=move || !problem.get().is_empty()>
                <p class="field-problem" role="alert">{move || problem.get()}</p>
            </Show>
            <h3>"PE table: rows = positions (0 at the top), columns = dimensions (0 at the left)"</h3>
            <Heatmap data=heat size=heat_size testid="pe-heatmap" on_hover=on_hover
                label=Signal::derive(move || heat.with(|h| h.describe("Positional encoding table, position by dimension")))/>
            <Legend map=ColorMap::Cividis range=Signal::derive(|| (-1.0, 1.0)) what="PE value"/>
            <p class="readout" aria-live="polite">{move || { let h = hover.get(); if h.is_empty() { "Hover over a cell to read its position, dimension, value and formula.".to_string() } else { h } }}</p>
            <div class="two-col">
                <div>
                    <h3>"Chosen dimensions across positions"</h3>
                    <label>"dimensions "
                        <input type="text" data-testid="pe-dims" prop:value=move || dims_text.get()
                            on:change=move |ev| dims_text.set(event_target_value(&ev))/>
                    </label>
                    <canvas node_ref=lines width="560" height="340" class="chart" role="img" aria-label="Line plot of the chosen PE dimensions against position"></canvas>
                </div>
                <div>
                    <h3>"PE · PE similarity (rows = position p, columns = position q)"</h3>
                    <Heatmap data=sim size=sim_size testid="pe-similarity" on_hover=on_sim_hover
                        label=Signal::derive(move || sim.with(|s| s.describe("Dot products between positional encodings")))/>
                    <Legend map=ColorMap::Viridis range=Signal::derive(move || sim.with(|s| s.range)) what="PE(p)·PE(q)"/>
                    <p class="readout">{move || { let h = sim_hover.get(); if h.is_empty() { "The band structure shows the dot product depends on the distance p − q, not on p itself.".to_string() } else { h } }}</p>
                </div>
            </div>
        </section>
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
