//! View 3: inside one head. One query of one head, stage by stage:
//! `x → q, K, V → q·Kᵀ → ÷√d_k → mask → softmax → · V`, then
//! `Concat(heads) · W^O`, on the model's own numbers (`lab_protocol::HeadTrace`),
//! and a β slider for hard vs soft attention.

use super::formula::{Equation, ATTENTION, MULTI_HEAD, SOFTMAX_BETA};
use super::heatmap::{HeatData, Heatmap, Legend};
use super::link::send;
use super::state::{use_lab, Lab};
use crate::plot::colormap::{finite_range, ColorMap};
use crate::teach::head::{self, fmt, fmt_beta, key_stages, query_label, weighted_values, Cell};
use lab_protocol::{AttentionKind, HeadTrace, TraceRequest, WorkerInput};
use leptos::prelude::*;

/// Pixels per cell of the one-row strips (`x`, the concatenated heads, the output).
const STRIP_CELL_PX: u32 = 10;
/// Height of a strip.
const STRIP_HEIGHT_PX: u32 = 26;

/// A row of numbers with a hover formula on each.
#[component]
fn NumRow(
    /// The row's caption.
    #[prop(into)]
    label: String,
    /// The cells.
    cells: Vec<Cell>,
    /// An extra class for the row.
    #[prop(optional)]
    class: &'static str,
) -> impl IntoView {
    view! {
        <tr class=class>
            <th scope="row">{label}</th>
            {cells.into_iter().map(|c| {
                let text = c.text();
                view! { <td class:hidden-cell=c.value.is_none() title=c.formula>{text}</td> }
            }).collect_view()}
        </tr>
    }
}

/// A `[rows, width]` matrix as a table of numbers, one labelled row per token.
#[component]
fn NumMatrix(
    /// The caption above the table.
    #[prop(into)]
    caption: String,
    /// Row labels.
    rows: Vec<String>,
    /// The values, row-major.
    values: Vec<f32>,
    /// Numbers per row.
    width: usize,
    /// What one cell is, for its hover text.
    what: &'static str,
) -> impl IntoView {
    let body = rows
        .into_iter()
        .enumerate()
        .map(|(i, label)| {
            let cells = HeadTrace::row(&values, width, i)
                .iter()
                .enumerate()
                .map(|(c, &v)| Cell {
                    value: Some(v),
                    formula: format!("{what}[{label}, {c}] = {v:.4}"),
                })
                .collect::<Vec<_>>();
            view! { <NumRow label=label cells/> }
        })
        .collect_view();
    view! {
        <table class="num-matrix">
            <caption>{caption}</caption>
            <tbody>{body}</tbody>
        </table>
    }
}

/// A vector as a one-row heat strip with a legend, for vectors too long to print.
fn strip(values: Vec<f32>, what: &'static str, testid: &'static str) -> impl IntoView {
    let n = values.len();
    let range = finite_range(&values);
    let label = format!("{what}: {n} numbers from {:.2} to {:.2}", range.0, range.1);
    let readout = RwSignal::new(String::new());
    let numbers = values.clone();
    let on_hover = Callback::new(move |cell: Option<(usize, usize)>| {
        readout.set(
            cell.map(|(_, c)| strip_readout(what, c, numbers[c]))
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
            <Heatmap data=Signal::derive(move || data.clone()) size=((n as u32) * STRIP_CELL_PX, STRIP_HEIGHT_PX) testid label=label on_hover/>
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

/// The trace's stages for the selected query and β.
fn stages(tr: HeadTrace, i: usize, beta: f32) -> impl IntoView {
    let i = i.min(tr.seq_q.saturating_sub(1));
    let s = key_stages(&tr, i, beta);
    let what_if: Vec<f32> = s
        .beta_weights
        .iter()
        .map(|c| c.value.unwrap_or(0.0))
        .collect();
    let context = HeadTrace::row(&tr.head_context, tr.d_k, i).to_vec();
    let cells = |v: &[f32], name: &str| {
        v.iter()
            .enumerate()
            .map(|(c, &x)| Cell {
                value: Some(x),
                formula: format!("{name}[{c}] = Σⱼ wⱼ·V[j, {c}] = {}", fmt(x)),
            })
            .collect::<Vec<_>>()
    };
    let q_row: Vec<Cell> = HeadTrace::row(&tr.q, tr.d_k, i)
        .iter()
        .enumerate()
        .map(|(c, &x)| Cell {
            value: Some(x),
            formula: format!("q[{c}] = (x·W^Q)[{c} of this head] = {x:.4}"),
        })
        .collect();
    let keys = tr.key_tokens.clone();
    let head_n = tr.request.as_ref().map_or(0, |r| r.head);
    view! {
        <h3>"① The query's input and its projection"</h3>
        <p>{format!("x = the sub-layer input of query “{}” ({} numbers); q = x · W^Q, this head's {} columns.", query_label(&tr, i), tr.d_model, tr.d_k)}</p>
        {strip(HeadTrace::row(&tr.x_q, tr.d_model, i).to_vec(), "x (input)", "head-x")}
        <table class="num-matrix"><tbody><NumRow label="q" cells=q_row/></tbody></table>
        <NumMatrix caption="K = x_keys · W^K (rows = keys)" rows=keys.clone() values=tr.k.clone() width=tr.d_k what="K"/>
        <NumMatrix caption="V = x_keys · W^V (rows = keys)" rows=keys.clone() values=tr.v.clone() width=tr.d_k what="V"/>
        <h3>"② Scores, scale, mask, softmax (columns = keys)"</h3>
        <table class="num-matrix stages" data-testid="head-stages">
            <thead><tr><th></th>{keys.iter().map(|k| view! { <th scope="col">{k.clone()}</th> }).collect_view()}</tr></thead>
            <tbody>
                <NumRow label="q·k" cells=s.dots/>
                <NumRow label=format!("÷ √{}", tr.d_k) cells=s.scaled/>
                <NumRow label="mask" cells=s.masked/>
                <NumRow label="softmax" cells=s.weights class="model-row"/>
                <NumRow label=format!("softmax(β·s), β = {}", fmt_beta(beta)) cells=s.beta_weights class="what-if-row"/>
            </tbody>
        </table>
        <h3>"③ The head's output: the weighted sum of V rows"</h3>
        <table class="num-matrix">
            <tbody>
                <NumRow label=format!("head {} = weights · V", head_n + 1) cells=cells(&context, "head") class="model-row"/>
                <NumRow label="what-if at β" cells=cells(&weighted_values(&tr, &what_if), "what-if") class="what-if-row"/>
            </tbody>
        </table>
        <h3>"④ Concat(head₁ … headₕ) · W^O + b^O"</h3>
        <Equation formula=MULTI_HEAD/>
        <p>{format!("The {} heads' outputs ({} numbers each) side by side make {} numbers; W^O mixes them back into one d_model vector.", tr.n_heads, tr.d_k, tr.d_model)}</p>
        {strip(HeadTrace::row(&tr.concat, tr.d_model, i).to_vec(), "concat of heads", "head-concat")}
        {strip(HeadTrace::row(&tr.output, tr.d_model, i).to_vec(), "output = concat · W^O + b^O", "head-output")}
    }
}

fn kind_value(kind: AttentionKind) -> &'static str {
    super::attention_view::kind_value(kind)
}

#[component]
pub fn HeadView() -> impl IntoView {
    let lab = use_lab();
    let kind = RwSignal::new(AttentionKind::Cross);
    let layer = RwSignal::new(0usize);
    let head_index = RwSignal::new(0usize);
    let query = RwSignal::new(0usize);
    let slider = RwSignal::new(1.0f32);
    let use_typed = RwSignal::new(false);
    let sizes = move || {
        lab.model.with(|m| {
            m.as_ref()
                .map(|m| (m.settings.n_layers, m.settings.n_heads))
                .unwrap_or((1, 1))
        })
    };
    // Ask the worker for the selected head whenever the selection or the model changes.
    Effect::new(move |_| {
        let (n_layers, n_heads) = sizes();
        let sentence = use_typed
            .get()
            .then(|| lab.translate_text.get())
            .filter(|t| !t.trim().is_empty());
        let request = TraceRequest {
            kind: kind.get(),
            layer: layer.get().min(n_layers - 1),
            head: head_index.get().min(n_heads - 1),
            sentence,
        };
        lab.trace_request.set(Some(request.clone()));
        send(WorkerInput::Trace {
            request: Some(request),
        });
    });
    let beta = move || head::beta_from_slider(slider.get());
    let entropy = move || {
        with_trace(lab, |tr| {
            head::row_entropy(tr, query.get().min(tr.seq_q.saturating_sub(1)), beta())
        })
    };
    let options = |n: usize| {
        (0..n)
            .map(|i| view! { <option value=i.to_string()>{(i + 1).to_string()}</option> })
            .collect_view()
    };
    view! {
        <section id="inside-head" class="view" data-testid="head-view">
            <h2>"3 · Inside one head"</h2>
            <p>
                "One head of one layer, opened up on the probe sentence (or the sentence you typed in Translate). "
                "Every number is the model's own; hover over a number to see how it was computed."
            </p>
            <Equation formula=ATTENTION/>
            <div class="controls">
                <label>"kind "
                    <select data-testid="head-kind" on:change=move |ev| kind.set(super::attention_view::parse_kind(&event_target_value(&ev)))>
                        {AttentionKind::ALL.into_iter().map(|k| view! { <option value=kind_value(k) selected=move || kind.get() == k>{k.label()}</option> }).collect_view()}
                    </select>
                </label>
                <label>"layer " <select data-testid="head-layer" on:change=move |ev| layer.set(event_target_value(&ev).parse().unwrap_or(0))>{move || options(sizes().0)}</select></label>
                <label>"head " <select data-testid="head-index" on:change=move |ev| head_index.set(event_target_value(&ev).parse().unwrap_or(0))>{move || options(sizes().1)}</select></label>
                <label>"query "
                    <select data-testid="head-query" on:change=move |ev| query.set(event_target_value(&ev).parse().unwrap_or(0))>
                        {move || with_trace(lab, |tr| (0..tr.seq_q).map(|i| view! { <option value=i.to_string() selected=query.get() == i>{query_label(tr, i)}</option> }).collect_view())}
                    </select>
                </label>
                <label><input type="checkbox" on:change=move |ev| use_typed.set(event_target_checked(&ev))/>" use the sentence typed in Translate"</label>
            </div>
            <div class="beta-box">
                <Equation formula=SOFTMAX_BETA/>
                <label>"β (inverse temperature) "
                    <input type="range" data-testid="head-beta" min="0" max=head::BETA_SLIDER_MAX.to_string() step=head::BETA_SLIDER_STEP.to_string()
                        prop:value=move || slider.get().to_string()
                        on:input=move |ev| slider.set(event_target_value(&ev).parse().unwrap_or(1.0))/>
                </label>
                <span class="beta-value">{move || format!("β = {}", fmt_beta(beta()))}</span>
                <span>" · entropy of this query's row: " <b data-testid="head-entropy">{move || entropy().map(|h| format!("{h:.3}")).unwrap_or_default()}</b>" bits"</span>
                <p class="hint">
                    "What-if only: softmax(β · scores) with the model's scores. β = 1 is the model; β = 0 spreads the weight evenly over the visible keys; "
                    "at the right end β = ∞, all weight goes to the best key (hard attention, argmax). The model itself never changes."
                </p>
            </div>
            <details class="entropies">
                <summary>"Entropy of every query's row at this β"</summary>
                <table class="num-matrix">
                    <tbody>
                        {move || with_trace(lab, |tr| {
                            let h = head::row_entropies(tr, beta());
                            (0..tr.seq_q).map(|i| view! { <tr><th scope="row">{query_label(tr, i)}</th><td>{format!("{:.3} bits", h[i])}</td></tr> }).collect_view()
                        })}
                    </tbody>
                </table>
            </details>
            <div class="head-stages" aria-live="polite">
                {move || match lab.trace.get() {
                    None => view! { <p class="placeholder">"Waiting for the model…"</p> }.into_any(),
                    Some(Err(e)) => view! { <p class="problem">{e}</p> }.into_any(),
                    Some(Ok(tr)) => stages(tr, query.get(), beta()).into_any(),
                }}
            </div>
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
}
