//! View 1: sinusoidal positional encoding, drawn from `lab_math::sinusoid_table`,
//! the very function the model's embedding layer adds to its inputs.

mod curves;

use crate::components::formula::{caption_args, positional, Equation};
use crate::components::heatmap::{Axis, HeatData, Heatmap, Legend, Measure};
use crate::context::i18n::{use_i18n, Arg, I18n};
use curves::DimensionCurves;
use lab_math::positional::{PAPER_BASE, WORKED_BASE};
use lab_math::{pe_similarity, pe_value, sinusoid_table};
use lab_plot::colormap::{finite_range, ColorMap};
use leptos::prelude::*;

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

/// The view: the formula, its settings, the table of encodings, the curves
/// of a few dimensions, the similarity of positions, and what layer 1 reads.
#[component]
pub fn PeView() -> impl IntoView {
    let i18n = use_i18n();
    let d_model = RwSignal::new(64usize);
    let len = RwSignal::new(50usize);
    let base = RwSignal::new(PAPER_BASE);
    // The refused field and what was typed; the message is made in the
    // page's language when shown, so it follows a change of language.
    let problem = RwSignal::new(None::<(Field, String)>);
    let table = Memo::new(move |_| sinusoid_table(len.get(), d_model.get(), base.get()));

    view! {
        <section id=crate::panels::ids::PE class="view">
            <h2>{i18n.t("pe-title")}</h2>
            <crate::views::architecture::MiniMap panel=crate::panels::ids::PE />
            {move || view! { <Equation formula=positional(base.get()) /> }}
            <p>{move || i18n.f("pe-intro", &caption_args())}</p>
            <PeControls d_model len base problem />
            <FieldProblem problem />
            <PeTable table d_model len base />
            <div class="two-col">
                <DimensionCurves table d_model />
                <PeSimilarity table d_model len />
            </div>
            <crate::views::layer_input::LayerInputView />
            <crate::views::practice::Question id=crate::views::practice::QuestionId::PeZero />
            <crate::views::practice::Question id=crate::views::practice::QuestionId::PeFastest />
            <crate::views::practice::Question id=crate::views::practice::QuestionId::SameVector />
            <crate::views::guide::TutorialConventions panel=crate::panels::ids::PE />
        </section>
    }
}

/// The view's settings: `d_model`, the number of positions and the base of
/// the wavelengths. A number out of range is refused ([`FieldProblem`]).
#[component]
fn PeControls(
    /// The model width, even, from 2 to [`MAX_D_MODEL`].
    d_model: RwSignal<usize>,
    /// The number of positions, from 2 to [`MAX_PE_POSITIONS`].
    len: RwSignal<usize>,
    /// The base of the wavelengths: the paper's 10 000 or the worked example's.
    base: RwSignal<f64>,
    /// The refused field and what was typed.
    problem: RwSignal<Option<(Field, String)>>,
) -> impl IntoView {
    let i18n = use_i18n();
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
    view! {
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
                        .to_string()>{move || i18n.f("pe-base-worked", &caption_args())}</option>
                </select>
            </label>
        </div>
    }
}

/// Why a typed number was refused, in the page's language, while it is.
#[component]
fn FieldProblem(
    /// The refused field and what was typed.
    problem: RwSignal<Option<(Field, String)>>,
) -> impl IntoView {
    let i18n = use_i18n();
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
    view! {
        <Show when=move || problem.with(Option::is_some)>
            <p class="field-problem" role="alert">
                {problem_text}
            </p>
        </Show>
    }
}

/// The read-out of the PE table's cell `(pos, dim)`: its formula with the
/// numbers put in, and its value.
fn pe_cell_text(i18n: I18n, pos: usize, dim: usize, d_model: usize, base: f64) -> String {
    let i = dim / 2;
    let f = sin_or_cos(dim);
    let v = pe_value(pos, dim, d_model, base);
    let formula = format!("{f}({pos} / {base}^({}/{d_model})) = {v:.4}", 2 * i);
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

/// The PE table as a heatmap (rows = positions, columns = dimensions), its
/// legend, and the formula of the cell under the pointer.
#[component]
fn PeTable(
    /// `PE[pos][dim]`, row-major, `len × d_model`.
    table: Memo<Vec<f32>>,
    /// The model width: the table's columns.
    d_model: RwSignal<usize>,
    /// The number of positions: the table's rows.
    len: RwSignal<usize>,
    /// The base of the wavelengths.
    base: RwSignal<f64>,
) -> impl IntoView {
    let i18n = use_i18n();
    let hover = RwSignal::new(None::<(usize, usize)>);
    let heat = Signal::derive(move || HeatData {
        rows: len.get(),
        cols: d_model.get(),
        values: table.get(),
        range: (-1.0, 1.0),
        map: ColorMap::Cividis,
        ..HeatData::default()
    });
    let heat_size = Signal::derive(move || (880, (len.get() as u32 * 6).clamp(240, 600)));
    let on_hover = Callback::new(move |cell: Option<(usize, usize)>| hover.set(cell));
    let hover_text = move || {
        let (d, b) = (d_model.get(), base.get());
        // A cell left over from a wider table is not read: `pe_value` needs `dim < d_model`.
        match hover.get().filter(|&(pos, dim)| pos < len.get() && dim < d) {
            None => i18n.s("pe-hover-hint"),
            Some((pos, dim)) => pe_cell_text(i18n, pos, dim, d, b),
        }
    };
    view! {
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
    }
}

/// How alike the encodings of two positions are (`PE(p) · PE(q)`), as a
/// heatmap with its legend and the read-out of the cell under the pointer.
#[component]
fn PeSimilarity(
    /// `PE[pos][dim]`, row-major, `len × d_model`.
    table: Memo<Vec<f32>>,
    /// The model width: the length of each encoding.
    d_model: RwSignal<usize>,
    /// The number of positions: the map's rows and columns.
    len: RwSignal<usize>,
) -> impl IntoView {
    let i18n = use_i18n();
    let sim_hover = RwSignal::new(None::<(usize, usize)>);
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
    let sim_size = Signal::derive(|| (420, 420));
    let on_sim_hover = Callback::new(move |cell: Option<(usize, usize)>| sim_hover.set(cell));
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
    view! {
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
                label=Signal::derive(move || { sim.with(|s| s.describe(&i18n.s("pe-sim-label"))) })
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
