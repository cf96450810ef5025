//! View 3: inside one head. One query of one head, stage by stage:
//! `x → q, K, V → q·Kᵀ → ÷√d_k → mask → softmax → · V`, then
//! `Concat(heads) · W^O`, on the model's own numbers (`lab_protocol::HeadTrace`),
//! and a β slider for hard vs soft attention.
//!
//! The kind, layer, head, query and sentence are the page's shared focus
//! (`Lab::focus_*`), so a deep link opens the same head. Each stage of
//! [`crate::views::head::data::Stage::ORDER`] sits in one element with
//! `data-stage="<index>"`, drawn only while `index < lab.reveal`: presentation
//! mode reveals the computation one stage per key press.

pub mod data;
mod pickers;
mod scaling;
mod stages;
mod what_if;

use crate::components::formula::{Equation, ATTENTION, MULTI_HEAD};
use crate::components::heatmap::{Axis, HeatData, Heatmap, Legend, Measure};
use crate::context::i18n::{use_i18n, Arg, I18n};
use crate::context::state::{use_lab, Lab};
use crate::i18n::script::{target_lang, Spelling};
use crate::workers::link::send;
use data::{
    context_cells, key_source, key_stages, key_token, query_cells, query_label, query_labels,
    row_cells, Cell, Stage,
};
use lab_plot::colormap::{finite_range, ColorMap};
use lab_protocol::{AttentionKind, HeadTrace, TraceRequest, WorkerInput};
use lab_tasks::TaskKind;
use leptos::prelude::*;
use pickers::pickers;
use scaling::scaling_view;
use stages::HeadStages;
use what_if::what_if_stage;

/// Pixels per cell of the one-row strips (`x`, the concatenated heads, the output).
const STRIP_CELL_PX: u32 = 10;
/// Height of a strip.
const STRIP_HEIGHT_PX: u32 = 26;

/// The `lang` of a trace's tokens, `(queries, keys)`: the source side is
/// English (the copy tasks' made-up words are Latin too), the target side is
/// the task's target language, in the script `spelling` writes it in.
pub fn token_langs(
    kind: AttentionKind,
    task: Option<TaskKind>,
    spelling: Option<&Spelling>,
) -> (&'static str, &'static str) {
    let (source, target) = ("en", target_lang(task, spelling));
    match kind {
        AttentionKind::EncoderSelf => (source, source),
        AttentionKind::DecoderSelf => (target, target),
        AttentionKind::Cross => (target, source),
    }
}

/// The row header of a [`NumRow`]: a stage's name or a token.
#[derive(Clone, Debug)]
pub struct RowHead {
    text: String,
    /// The token's language; `None` for the page's words.
    lang: Option<&'static str>,
    /// The key's position from 1, shown after its token (`k₃` is position 3).
    position: Option<usize>,
}

impl RowHead {
    pub(super) fn words(text: String) -> Self {
        Self {
            text,
            lang: None,
            position: None,
        }
    }
}

/// A row of numbers with a hover formula on each.
#[component]
pub fn NumRow(
    /// The row's header.
    head: RowHead,
    /// The cells.
    cells: Vec<Cell>,
    /// An extra class for the row.
    #[prop(optional)]
    class: &'static str,
    /// The stage this row is, when it is one ([`Stage::index`]).
    #[prop(optional)]
    stage: Option<usize>,
) -> impl IntoView {
    view! {
        <tr class=class data-stage=stage.map(|s| s.to_string())>
            <th scope="row">
                <span lang=head.lang>{head.text}</span>
                {head.position.map(|p| view! { <sub class="pos">{p.to_string()}</sub> })}
            </th>
            {cells
                .into_iter()
                .map(|c| {
                    let text = c.text();
                    view! {
                        <td class:hidden-cell=c.value.is_none() title=c.formula>
                            {text}
                        </td>
                    }
                })
                .collect_view()}
        </tr>
    }
}

/// `K` or `V` (`name`) as a table of numbers, one row per key, headed by its
/// token (a target token respelled by `spelling`).
fn key_matrix(
    caption: String,
    (name, values): (char, &[f32]),
    tr: &HeadTrace,
    lang: &'static str,
    spelling: Option<&Spelling>,
) -> impl IntoView {
    let body = (0..tr.seq_k)
        .map(|j| {
            let head = RowHead {
                text: key_token(tr, j, spelling),
                lang: Some(lang),
                position: Some(j),
            };
            let cells = row_cells(name, j, HeadTrace::row(values, tr.d_k, j));
            view! { <NumRow head cells /> }
        })
        .collect_view();
    view! {
        <table class="num-matrix" tabindex="0">
            <caption>{caption}</caption>
            <tbody>{body}</tbody>
        </table>
    }
}

/// The header row of a table with one column per key: token (respelled by
/// `spelling` when it is a target token) and position.
pub(super) fn key_header(
    tr: &HeadTrace,
    lang: &'static str,
    spelling: Option<&Spelling>,
) -> impl IntoView {
    let cols = (0..tr.seq_k)
        .map(|j| {
            let position = j.to_string();
            view! {
                <th scope="col">
                    <span lang=lang>{key_token(tr, j, spelling)}</span>
                    <sub class="pos">{position}</sub>
                </th>
            }
        })
        .collect_view();
    view! {
        <thead>
            <tr>
                <th></th>
                {cols}
            </tr>
        </thead>
    }
}

/// A vector as a one-row heat strip with a legend, for vectors too long to print.
fn strip(i18n: I18n, values: Vec<f32>, what: String, testid: &'static str) -> impl IntoView {
    let n = values.len();
    let range = finite_range(&values);
    let label = i18n.f(
        "head-strip-label",
        &[
            ("what", Arg::from(what.as_str())),
            ("count", Arg::from(n)),
            ("low", Arg::from(format!("{:.2}", range.0))),
            ("high", Arg::from(format!("{:.2}", range.1))),
        ],
    );
    let readout = RwSignal::new(String::new());
    let numbers = values.clone();
    let name = what.clone();
    let on_hover = Callback::new(move |cell: Option<(usize, usize)>| {
        readout.set(
            cell.map(|(_, c)| strip_readout(&name, c, numbers[c]))
                .unwrap_or_default(),
        )
    });
    let data = HeatData {
        rows: 1,
        cols: n,
        values,
        range,
        map: ColorMap::Cividis,
        ..HeatData::default()
    };
    view! {
        <div class="strip">
            <Heatmap
                data=Signal::derive(move || data.clone())
                size=((n as u32) * STRIP_CELL_PX, STRIP_HEIGHT_PX)
                testid
                label=label
                on_hover
                rows_are=Axis::Query
                cols_are=Axis::Dimension
                measure=Measure::Value
            />
            <Legend map=ColorMap::Cividis range=range what=what />
            <span class="readout">{move || readout.get()}</span>
        </div>
    }
}

/// What hovering dimension `c` of a strip reads out.
pub fn strip_readout(what: &str, c: usize, value: f32) -> String {
    format!("{what}[{c}] = {value:.4}")
}

/// `f` of the opened head, read in place: a trace holds W^O and every
/// projection, too much to clone on each move of the β slider.
fn with_trace<T>(lab: Lab, f: impl FnOnce(&HeadTrace) -> T) -> Option<T> {
    lab.trace
        .with(|t| t.as_ref().and_then(|r| r.as_ref().ok()).map(f))
}

/// The query row to show: the focus, clamped to the trace's queries (a link
/// may name a row the sentence lacks).
fn query_of(lab: Lab, tr: &HeadTrace) -> usize {
    lab.focus_query.get().min(tr.seq_q.saturating_sub(1))
}

/// `data-stage` of a stage.
fn stage_attr(stage: Stage) -> String {
    stage.index().to_string()
}

/// When the chosen query is one-hot, why, and a query of this head whose
/// weights are spread, if it has one.
fn sure_note(i18n: I18n, lab: Lab, tr: &HeadTrace) -> Option<impl IntoView> {
    let i = query_of(lab, tr);
    if !data::is_one_hot(tr, i) {
        return None;
    }
    let bits = Arg::from(format!("{:.3}", data::row_entropy(tr, i, 1.0)));
    let offer = match data::most_spread_query(tr) {
        Some((query, h)) => {
            let label = i18n.f("head-spread", &[("bits", Arg::from(format!("{h:.2}")))]);
            view! {
                <button data-testid="head-spread" on:click=move |_| lab.focus_query.set(query)>
                    {label}
                </button>
            }
            .into_any()
        }
        None => view! { <span>{i18n.s("head-all-sure")}</span> }.into_any(),
    };
    Some(view! {
        <p class="hint" data-testid="head-one-hot">
            {i18n.f("head-one-hot", &[("bits", bits)])}
            " "
            {offer}
        </p>
    })
}

/// Ask the worker for the focused head whenever the focus or the model
/// changes; `layer` and `head_index` are the focus as this model can show it.
fn request_traces(
    lab: Lab,
    layer: impl Fn() -> usize + Send + Sync + 'static,
    head_index: impl Fn() -> usize + Send + Sync + 'static,
) {
    Effect::new(move |_| {
        let sentence = lab
            .focus_typed
            .get()
            .then(|| lab.translate_text.get())
            .filter(|t| !t.trim().is_empty());
        let request = TraceRequest {
            kind: lab.focus_kind.get(),
            layer: layer(),
            head: head_index(),
            sentence,
        };
        lab.trace_request.set(Some(request.clone()));
        send(WorkerInput::Trace {
            request: Some(request),
        });
    });
}

/// The number cell (a `td` whose `title` is its formula) a click landed in.
fn clicked_cell(ev: &leptos::ev::MouseEvent) -> Option<web_sys::Element> {
    use wasm_bindgen::JsCast;
    ev.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|e| e.closest("td[title]").ok().flatten())
}

/// The formula of the number last tapped or clicked, hidden before one is.
#[component]
fn TappedFormula(
    /// The formula, `None` before a number is tapped.
    tapped: RwSignal<Option<String>>,
) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <p
            class="formula-tapped"
            data-testid="head-formula"
            aria-live="polite"
            hidden=move || tapped.with(Option::is_none)
        >
            <strong>{i18n.t("head-formula-tapped")}</strong>
            " "
            <code>{move || tapped.get()}</code>
        </p>
    }
}

#[component]
pub fn HeadView() -> impl IntoView {
    let lab = use_lab();
    let i18n = use_i18n();
    let sizes = Memo::new(move |_| {
        lab.model.with(|m| {
            m.as_ref()
                .map(|m| (m.settings.n_layers.max(1), m.settings.n_heads.max(1)))
                .unwrap_or((1, 1))
        })
    });
    let task = Memo::new(move |_| lab.model.with(|m| m.as_ref().map(|m| m.settings.task)));
    // Target tokens in the page's script (Traditional Chinese in 繁體中文).
    let spelling = lab.spelling;
    // The focus as this model can show it.
    let layer = move || lab.focus_layer.get().min(sizes.get().0 - 1);
    let head_index = move || lab.focus_head.get().min(sizes.get().1 - 1);
    // The trace's own kind decides its tokens' sides.
    let langs = move || {
        let kind = with_trace(lab, |tr| tr.request.as_ref().map(|r| r.kind))
            .flatten()
            .unwrap_or_else(|| lab.focus_kind.get());
        spelling.with(|s| token_langs(kind, task.get(), s.as_ref()))
    };
    request_traces(lab, layer, head_index);
    // A training snapshot's numbers of this head wait while the view is out
    // of sight (`workers::link::show_probe`).
    let section = NodeRef::<leptos::html::Section>::new();
    crate::components::paint::watch_from_mount(section);
    let what_if = what_if_stage(lab, i18n, langs);
    // A number's formula is its `title`, which pointing shows; a tap or a
    // click shows it here too (a touch screen has no hover).
    let tapped = RwSignal::new(None::<String>);
    let on_tap = move |ev: leptos::ev::MouseEvent| {
        if let Some(cell) = clicked_cell(&ev) {
            tapped.set(cell.get_attribute("title"));
        }
    };
    view! {
        <section
            id=crate::panels::ids::INSIDE_HEAD
            class="view"
            data-testid="head-view"
            node_ref=section
            on:click=on_tap
        >
            <h2>{i18n.t("head-title")}</h2>
            <crate::views::architecture::MiniMap panel=crate::panels::ids::INSIDE_HEAD />
            <p>{i18n.t("head-intro")}</p>
            <TappedFormula tapped />
            <Equation formula=ATTENTION />
            {pickers(lab, i18n, sizes, langs)}
            {move || with_trace(lab, |tr| sure_note(i18n, lab, tr)).flatten()}
            <HeadStages langs=Signal::derive(langs) />
            {what_if}
            <crate::views::practice::Question id=crate::views::practice::QuestionId::UniformEntropy />
            <crate::views::practice::Question id=crate::views::practice::QuestionId::ScoreArgmax />
            <crate::views::guide::TutorialConventions panel=crate::panels::ids::INSIDE_HEAD />
        </section>
    }
}

#[cfg(test)]
mod tests;
