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

use crate::components::formula::{Equation, ATTENTION, MULTI_HEAD, SOFTMAX_BETA};
use crate::components::heatmap::{Axis, HeatData, Heatmap, Legend, Measure};
use crate::i18n::labels;
use crate::i18n::script::{target_lang, Spelling};
use crate::shell::i18n::{use_i18n, Arg, I18n};
use crate::shell::state::{use_lab, Lab};
use crate::views::attention::{kind_value, parse_kind};
use crate::workers::link::send;
use data::{
    context_cells, fmt_beta, key_source, key_stages, key_token, own_scaling, query_cells,
    query_label, query_labels, row_cells, weighted_values, what_if_weights, Cell, Stage,
};
use lab_math::scaling::{sampled_table, ScalingRow, Softness, SAMPLE_KEYS, SAMPLE_QUERIES};
use lab_plot::colormap::{finite_range, ColorMap};
use lab_protocol::{AttentionKind, HeadTrace, TraceRequest, WorkerInput};
use lab_tasks::TaskKind;
use leptos::prelude::*;

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
struct RowHead {
    text: String,
    /// The token's language; `None` for the page's words.
    lang: Option<&'static str>,
    /// The key's position from 1, shown after its token (`k₃` is position 3).
    position: Option<usize>,
}

impl RowHead {
    fn words(text: String) -> Self {
        Self {
            text,
            lang: None,
            position: None,
        }
    }
}

/// A row of numbers with a hover formula on each.
#[component]
fn NumRow(
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
            {cells.into_iter().map(|c| {
                let text = c.text();
                view! { <td class:hidden-cell=c.value.is_none() title=c.formula>{text}</td> }
            }).collect_view()}
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
            view! { <NumRow head cells/> }
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
fn key_header(tr: &HeadTrace, lang: &'static str, spelling: Option<&Spelling>) -> impl IntoView {
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
    view! { <thead><tr><th></th>{cols}</tr></thead> }
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
            <Heatmap data=Signal::derive(move || data.clone()) size=((n as u32) * STRIP_CELL_PX, STRIP_HEIGHT_PX) testid label=label on_hover
                rows_are=Axis::Query cols_are=Axis::Dimension measure=Measure::Value/>
            <Legend map=ColorMap::Cividis range=range what=what/>
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

/// The options `1 … n` of a layer or head picker, `selected` (0-based) chosen.
fn options(n: usize, selected: impl Fn() -> usize + Copy + Send + Sync + 'static) -> impl IntoView {
    (0..n)
        .map(|i| view! { <option value=i.to_string() prop:selected=move || selected() == i>{(i + 1).to_string()}</option> })
        .collect_view()
}

/// `data-stage` of a stage.
fn stage_attr(stage: Stage) -> String {
    stage.index().to_string()
}

/// The model's own stages of query `i` (all but the what-if), those of the
/// first `reveal` that are shown; target tokens respelled by `spelling`.
fn model_stages(
    i18n: I18n,
    tr: &HeadTrace,
    (i, reveal): (usize, usize),
    langs: (&'static str, &'static str),
    spelling: Option<&Spelling>,
) -> impl IntoView {
    let locale = i18n.locale.get();
    let (query_lang, key_lang) = langs;
    let shown = |stage: Stage| stage.shown(reveal);
    let s = key_stages(locale, tr, i);
    let query = shown(Stage::Query).then(|| {
        let q = RowHead::words("q".to_string());
        view! {
            <div class="head-stage" data-stage=stage_attr(Stage::Query)>
                <h3>{Stage::Query.title(locale)}</h3>
                <p>
                    <b>{i18n.s("head-query-is")}</b>" "<span lang=query_lang>{query_label(tr, i, spelling)}</span>" · "
                    {i18n.f("head-query-explain", &[("d_model", Arg::from(tr.d_model)), ("d_k", Arg::from(tr.d_k))])}
                </p>
                {strip(i18n, HeadTrace::row(&tr.x_q, tr.d_model, i).to_vec(), i18n.s("head-x-name"), "head-x")}
                <table class="num-matrix" tabindex="0"><tbody><NumRow head=q cells=query_cells(locale, tr, i)/></tbody></table>
            </div>
        }
    });
    let keys_values = shown(Stage::KeysValues).then(|| {
        let source = || Arg::from(key_source(tr));
        view! {
            <div class="head-stage" data-stage=stage_attr(Stage::KeysValues)>
                <h3>{Stage::KeysValues.title(locale)}</h3>
                <p>{i18n.f("head-keys-values-explain", &[("source", source()), ("d_k", Arg::from(tr.d_k))])}</p>
                {key_matrix(i18n.f("head-k-caption", &[("source", source())]), ('k', &tr.k), tr, key_lang, spelling)}
                {key_matrix(i18n.f("head-v-caption", &[("source", source())]), ('v', &tr.v), tr, key_lang, spelling)}
            </div>
        }
    });
    // ③–⑥ are rows of one table, one key per column, revealed row by row.
    let row = |stage: Stage, cells: Vec<Cell>, class: &'static str| {
        shown(stage).then(|| {
            let head = RowHead::words(stage.title(locale));
            view! { <NumRow head cells class stage=stage.index()/> }
        })
    };
    let scores = shown(Stage::Dots).then(|| {
        view! {
            <h3>{i18n.s("head-scores-heading")}</h3>
            <table class="num-matrix stages" data-testid="head-stages" tabindex="0">
                {key_header(tr, key_lang, spelling)}
                <tbody>
                    {row(Stage::Dots, s.dots, "")}
                    {row(Stage::Scale, s.scaled, "")}
                    {row(Stage::Mask, s.masked, "")}
                    {row(Stage::Softmax, s.weights, "model-row")}
                </tbody>
            </table>
        }
    });
    let head_n = tr.request.as_ref().map_or(0, |r| r.head) + 1;
    let output = shown(Stage::Output).then(|| {
        let context = HeadTrace::row(&tr.head_context, tr.d_k, i);
        let name = i18n.f("head-name", &[("head", Arg::from(head_n))]);
        let head = RowHead::words(i18n.f("head-output-row", &[("head", Arg::from(head_n))]));
        view! {
            <div class="head-stage" data-stage=stage_attr(Stage::Output)>
                <h3>{Stage::Output.title(locale)}</h3>
                <table class="num-matrix" tabindex="0">
                    <tbody><NumRow head cells=context_cells(&name, context) class="model-row"/></tbody>
                </table>
            </div>
        }
    });
    let concat = shown(Stage::Concat).then(|| view! {
        <div class="head-stage" data-stage=stage_attr(Stage::Concat)>
            <h3>{Stage::Concat.title(locale)}</h3>
            <Equation formula=MULTI_HEAD/>
            <p>{i18n.f("head-concat-explain", &[("heads", Arg::from(tr.n_heads)), ("d_k", Arg::from(tr.d_k)), ("d_model", Arg::from(tr.d_model))])}</p>
            {strip(i18n, HeadTrace::row(&tr.concat, tr.d_model, i).to_vec(), i18n.s("head-concat-name"), "head-concat")}
            {strip(i18n, HeadTrace::row(&tr.output, tr.d_model, i).to_vec(), i18n.s("head-output-name"), "head-output")}
        </div>
    });
    let scaling = shown(Stage::Scale).then(|| scaling_view(i18n, tr));
    view! { {query} {keys_values} {scores} {scaling} {output} {concat} }
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
                <button data-testid="head-spread" on:click=move |_| lab.focus_query.set(query)>{label}</button>
            }
            .into_any()
        }
        None => view! { <span>{i18n.s("head-all-sure")}</span> }.into_any(),
    };
    Some(view! {
        <p class="hint" data-testid="head-one-hot">{i18n.f("head-one-hot", &[("bits", bits)])}" "{offer}</p>
    })
}

/// The sampled ÷√d_k experiment, computed once: its numbers never change.
fn sampled_rows() -> &'static [ScalingRow] {
    static TABLE: std::sync::OnceLock<Vec<ScalingRow>> = std::sync::OnceLock::new();
    TABLE.get_or_init(sampled_table)
}

/// Why ÷√d_k: the variance of q · k and the softmax's saturation, on random
/// vectors of several widths and on this head's own dot products.
fn scaling_view(i18n: I18n, tr: &HeadTrace) -> impl IntoView {
    let cells = |row: (Softness, Softness)| {
        let (raw, scaled) = row;
        [
            format!("{:.2}", raw.variance),
            format!("{:.2}", scaled.variance),
            format!("{:.2}", raw.entropy_bits),
            format!("{:.2}", scaled.entropy_bits),
            format!("{:.2}", raw.top_weight),
            format!("{:.2}", scaled.top_weight),
        ]
        .into_iter()
        .map(|v| view! { <td>{v}</td> })
        .collect_view()
    };
    let sampled = sampled_rows()
        .iter()
        .map(|r| {
            let label = i18n.f("head-scaling-sampled", &[("d_k", Arg::from(r.d_k))]);
            view! { <tr><th scope="row">{label}</th>{cells((r.unscaled, r.scaled))}</tr> }
        })
        .collect_view();
    let own_label = i18n.f("head-scaling-own", &[("d_k", Arg::from(tr.d_k))]);
    let intro_args = [
        ("queries", Arg::from(SAMPLE_QUERIES)),
        ("keys", Arg::from(SAMPLE_KEYS)),
    ];
    view! {
        <div class="head-stage scaling" data-testid="scaling-view">
            <h3>{i18n.s("head-scaling-title")}</h3>
            <p>{i18n.f("head-scaling-intro", &intro_args)}</p>
            <table class="num-matrix scaling-table" tabindex="0">
                <thead><tr>
                    <th></th>
                    <th scope="col">"Var(q · k)"</th>
                    <th scope="col">"Var(q · k / √d_k)"</th>
                    <th scope="col">{i18n.s("head-scaling-col-entropy")}</th>
                    <th scope="col">{i18n.s("head-scaling-col-entropy-scaled")}</th>
                    <th scope="col">{i18n.s("head-scaling-col-top")}</th>
                    <th scope="col">{i18n.s("head-scaling-col-top-scaled")}</th>
                </tr></thead>
                <tbody>
                    {sampled}
                    <tr class="model-row" data-testid="scaling-own"><th scope="row">{own_label}</th>{cells(own_scaling(tr))}</tr>
                </tbody>
            </table>
            <p class="hint">{i18n.s("head-scaling-own-note")}</p>
        </div>
    }
}

/// The what-if of query `i` at inverse temperature `beta`, beside the model:
/// its weights over the keys and the head output they would give.
fn what_if_tables(
    i18n: I18n,
    tr: &HeadTrace,
    (i, beta): (usize, f32),
    key_lang: &'static str,
    spelling: Option<&Spelling>,
) -> impl IntoView {
    let locale = i18n.locale.get();
    let beta_text = Arg::from(fmt_beta(beta));
    let what_if = what_if_weights(tr, i, beta);
    let values: Vec<f32> = what_if.iter().map(|c| c.value.unwrap_or(0.0)).collect();
    let head_n = tr.request.as_ref().map_or(0, |r| r.head) + 1;
    let model_name = i18n.f("head-name", &[("head", Arg::from(head_n))]);
    let what_if_name = i18n.s("head-what-if-name");
    let rows = |id: &'static str| RowHead::words(i18n.f(id, &[("beta", beta_text.clone())]));
    view! {
        <table class="num-matrix what-if" tabindex="0">
            {key_header(tr, key_lang, spelling)}
            <tbody>
                <NumRow head=RowHead::words(i18n.s("head-model-weights")) cells=key_stages(locale, tr, i).weights class="model-row"/>
                <NumRow head=rows("head-what-if-weights") cells=what_if class="what-if-row"/>
            </tbody>
        </table>
        <table class="num-matrix" tabindex="0">
            <tbody>
                <NumRow head=RowHead::words(i18n.f("head-output-row", &[("head", Arg::from(head_n))]))
                    cells=context_cells(&model_name, HeadTrace::row(&tr.head_context, tr.d_k, i)) class="model-row"/>
                <NumRow head=rows("head-what-if-output") cells=context_cells(&what_if_name, &weighted_values(tr, &values)) class="what-if-row"/>
            </tbody>
        </table>
    }
}

/// One row per query: its label (respelled by `spelling`) and the entropy of
/// its row at `beta`, in bits.
fn entropy_rows(
    i18n: I18n,
    tr: &HeadTrace,
    beta: f32,
    query_lang: &'static str,
    spelling: Option<&Spelling>,
) -> impl IntoView {
    let bits = |h: f32| {
        i18n.f(
            "head-entropy-bits",
            &[("value", Arg::from(format!("{h:.3}")))],
        )
    };
    data::row_entropies(tr, beta)
        .into_iter()
        .zip(query_labels(tr, spelling))
        .map(|(h, label)| {
            view! {
                <tr>
                    <th scope="row"><span lang=query_lang>{label}</span></th>
                    <td>{bits(h)}</td>
                </tr>
            }
        })
        .collect_view()
}

#[component]
pub fn HeadView() -> impl IntoView {
    let lab = use_lab();
    let i18n = use_i18n();
    let slider = RwSignal::new(1.0f32);
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
    // Ask the worker for the selected head whenever the selection or the model changes.
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
    let beta = move || data::beta_from_slider(slider.get());
    let entropy = move || with_trace(lab, |tr| data::row_entropy(tr, query_of(lab, tr), beta()));
    let what_if = move || {
        Stage::WhatIf.shown(lab.reveal.get()).then(|| view! {
            <div class="beta-box head-stage" data-stage=stage_attr(Stage::WhatIf)>
                <h3>{move || Stage::WhatIf.title(i18n.locale.get())}</h3>
                <Equation formula=SOFTMAX_BETA/>
                <label>{i18n.t("head-beta")}" "
                    <input type="range" data-testid="head-beta" min="0" max=data::BETA_SLIDER_MAX.to_string() step=data::BETA_SLIDER_STEP.to_string()
                        prop:value=move || slider.get().to_string()
                        on:input=move |ev| slider.set(event_target_value(&ev).parse().unwrap_or(1.0))/>
                </label>
                <span class="beta-value">{move || format!("β = {}", fmt_beta(beta()))}</span>
                <span>" · "{i18n.t("head-entropy")}" "<b data-testid="head-entropy">{move || entropy().map(|h| format!("{h:.3}")).unwrap_or_default()}</b>" "{i18n.t("head-bits")}</span>
                <p class="hint">{move || {
                    let d_k = with_trace(lab, |tr| tr.d_k).unwrap_or(0);
                    let sqrt_dk = format!("{:.2}", (d_k as f64).sqrt());
                    i18n.f("head-beta-hint", &[("d_k", Arg::from(d_k)), ("sqrt_dk", Arg::from(sqrt_dk))])
                }}</p>
                <div class="what-if-tables">
                    {move || {
                        let key_lang = langs().1;
                        spelling.with(|s| with_trace(lab, |tr| {
                            what_if_tables(i18n, tr, (query_of(lab, tr), beta()), key_lang, s.as_ref())
                        }))
                    }}
                </div>
                <details class="entropies">
                    <summary>{i18n.t("head-entropies")}</summary>
                    <table class="num-matrix" tabindex="0">
                        <tbody>
                            {move || {
                                let lang = langs().0;
                                spelling.with(|s| with_trace(lab, |tr| entropy_rows(i18n, tr, beta(), lang, s.as_ref())))
                            }}
                        </tbody>
                    </table>
                </details>
            </div>
        })
    };
    // A number's formula is its `title`, which pointing shows; a tap or a
    // click shows it here too (a touch screen has no hover).
    let tapped = RwSignal::new(None::<String>);
    let on_tap = move |ev: leptos::ev::MouseEvent| {
        use wasm_bindgen::JsCast;
        let cell = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|e| e.closest("td[title]").ok().flatten());
        if let Some(cell) = cell {
            tapped.set(cell.get_attribute("title"));
        }
    };
    view! {
        <section id=crate::panels::ids::INSIDE_HEAD class="view" data-testid="head-view" on:click=on_tap>
            <h2>{i18n.t("head-title")}</h2>
            <p>{i18n.t("head-intro")}</p>
            <p class="formula-tapped" data-testid="head-formula" aria-live="polite"
                hidden=move || tapped.with(Option::is_none)>
                <strong>{i18n.t("head-formula-tapped")}</strong>" "<code>{move || tapped.get()}</code>
            </p>
            <Equation formula=ATTENTION/>
            <div class="controls">
                <label>{i18n.t("head-pick-kind")}" "
                    <select data-testid="head-kind" on:change=move |ev| lab.focus_kind.set(parse_kind(&event_target_value(&ev)))>
                        {AttentionKind::ALL.into_iter().map(|k| view! {
                            <option value=kind_value(k) prop:selected=move || lab.focus_kind.get() == k>{move || i18n.s(labels::attention_kind(k))}</option>
                        }).collect_view()}
                    </select>
                </label>
                <label>{i18n.t("head-pick-layer")}" "
                    <select data-testid="head-layer" on:change=move |ev| lab.focus_layer.set(event_target_value(&ev).parse().unwrap_or(0))>
                        {move || options(sizes.get().0, layer)}
                    </select>
                </label>
                <label>{i18n.t("head-pick-head")}" "
                    <select data-testid="head-index" on:change=move |ev| lab.focus_head.set(event_target_value(&ev).parse().unwrap_or(0))>
                        {move || options(sizes.get().1, head_index)}
                    </select>
                </label>
                <label>{i18n.t("head-pick-query")}" "
                    <select data-testid="head-query" on:change=move |ev| lab.focus_query.set(event_target_value(&ev).parse().unwrap_or(0))>
                        {move || {
                            let lang = langs().0;
                            spelling.with(|s| with_trace(lab, |tr| {
                                let last = tr.seq_q.saturating_sub(1);
                                let labels = query_labels(tr, s.as_ref());
                                (0..tr.seq_q).map(|i| {
                                    let label = labels.get(i).cloned().unwrap_or_else(|| format!("#{i}"));
                                    view! {
                                        <option value=i.to_string() lang=lang prop:selected=move || lab.focus_query.get().min(last) == i>{label}</option>
                                    }
                                }).collect_view()
                            }))
                        }}
                    </select>
                </label>
                <label>
                    <input type="checkbox" prop:checked=move || lab.focus_typed.get() on:change=move |ev| lab.focus_typed.set(event_target_checked(&ev))/>
                    " "{i18n.t("head-use-typed")}
                </label>
            </div>
            {move || with_trace(lab, |tr| sure_note(i18n, lab, tr)).flatten()}
            <div class="head-stages" aria-live="polite">
                {move || {
                    let reveal = lab.reveal.get();
                    let loaded = lab.trace.with(|t| match t {
                        None => Some(view! { <p class="placeholder">{i18n.s("head-waiting")}</p> }.into_any()),
                        Some(Err(e)) => Some(view! { <p class="problem">{e.clone()}</p> }.into_any()),
                        Some(Ok(_)) => None,
                    });
                    let langs = langs();
                    loaded.or_else(|| {
                        spelling.with(|s| with_trace(lab, |tr| {
                            model_stages(i18n, tr, (query_of(lab, tr), reveal), langs, s.as_ref()).into_any()
                        }))
                    })
                }}
            </div>
            {what_if}
            <crate::views::practice::Question id=crate::views::practice::data::QuestionId::UniformEntropy/>
            <crate::views::practice::Question id=crate::views::practice::data::QuestionId::ScoreArgmax/>
            <crate::views::guide::TutorialConventions panel=crate::panels::ids::INSIDE_HEAD/>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hovering_a_strip_reads_out_its_dimension_and_value() {
        assert_eq!(
            strip_readout("x (input)", 3, -0.123456),
            "x (input)[3] = -0.1235"
        );
    }

    #[test]
    fn tokens_are_marked_with_the_side_they_come_from() {
        let en_ja = Some(TaskKind::EnJa);
        assert_eq!(token_langs(AttentionKind::Cross, en_ja, None), ("ja", "en"));
        assert_eq!(
            token_langs(AttentionKind::EncoderSelf, en_ja, None),
            ("en", "en")
        );
        assert_eq!(
            token_langs(AttentionKind::DecoderSelf, en_ja, None),
            ("ja", "ja")
        );
        for kind in AttentionKind::ALL {
            assert_eq!(token_langs(kind, Some(TaskKind::Copy), None), ("en", "en"));
        }
    }

    #[test]
    fn respelled_target_tokens_are_marked_traditional_and_the_source_stays_english() {
        let facts = lab_protocol::TaskFacts {
            tgt_vocab: vec!["书".into()],
            tgt_alt: vec!["書".into()],
            ..Default::default()
        };
        let spelling = Spelling::of(crate::i18n::Locale::ZhHant, &facts).expect("zh-Hant");
        let (zh, s) = (Some(TaskKind::RealEnZh), Some(&spelling));
        assert_eq!(token_langs(AttentionKind::Cross, zh, s), ("zh-Hant", "en"));
        assert_eq!(
            token_langs(AttentionKind::DecoderSelf, zh, s),
            ("zh-Hant", "zh-Hant")
        );
        assert_eq!(token_langs(AttentionKind::EncoderSelf, zh, s), ("en", "en"));
        assert_eq!(
            token_langs(AttentionKind::Cross, zh, None),
            ("zh-Hans", "en")
        );
    }
}
