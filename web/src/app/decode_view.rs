//! Greedy decoding step by step, inside the Translate view: what the decoder
//! reads at step t, its five best next tokens, the chosen one, that step's
//! attention rows, and the KV cache with the multiply-adds it saves.

use super::heatmap::{HeatData, Heatmap, Legend};
use super::link::request_translation;
use super::state::use_lab;
use crate::plot::colormap::ColorMap;
use crate::teach::decode::{group, rows_by_head, step_view, StepView};
use lab_math::decoding::{WITHOUT_CACHE, WITH_CACHE};
use lab_protocol::HeadMaps;
use leptos::prelude::*;

/// Pixels per cell of a step's attention rows.
const ROW_CELL_PX: u32 = 26;

/// One step's rows, one per (layer, head), with the keys on top.
fn row_map(maps: HeadMaps, keys: Vec<String>, testid: &'static str, what: String) -> impl IntoView {
    let (values, row_labels) = rows_by_head(&maps);
    let (rows, cols) = (row_labels.len(), maps.seq_k);
    let col_labels: Vec<String> = (0..cols)
        .map(|i| keys.get(i).cloned().unwrap_or_else(|| format!("#{i}")))
        .collect();
    let data = HeatData {
        rows,
        cols,
        values,
        row_labels,
        col_labels,
        ..HeatData::default()
    };
    let size = ((cols as u32) * ROW_CELL_PX, (rows as u32) * ROW_CELL_PX);
    let label = data.describe(&what);
    view! {
        <figure>
            <figcaption>{what}</figcaption>
            <Heatmap data=Signal::derive(move || data.clone()) size testid label/>
        </figure>
    }
}

fn step_panel(
    v: StepView,
    self_row: HeadMaps,
    cross_row: HeadMaps,
    source: Vec<String>,
) -> impl IntoView {
    let best = v
        .top_k
        .first()
        .map(|(_, p)| *p)
        .unwrap_or(1.0)
        .max(f32::EPSILON);
    let mode = if v.cached {
        "with the KV cache"
    } else {
        "without a cache (the whole prefix again)"
    };
    let other = if v.cached {
        "Without the cache"
    } else {
        "With the cache"
    };
    let input = v.input.clone();
    view! {
        <p class="decode-input">"Decoder input: "
            {v.input.iter().map(|t| view! { <span class="token">{t.clone()}</span> }).collect_view()}
            " → chooses " <b class="token chosen">{v.chosen.clone()}</b>
        </p>
        <div class="two-col">
            <div>
                <h4>"Top 5 next tokens (softmax of the last position)"</h4>
                <ol class="topk" data-testid="decode-topk">
                    {v.top_k.iter().map(|(token, p)| view! {
                        <li>
                            <span class="token">{token.clone()}</span>
                            <span class="bar" style=format!("width:{:.0}%", 100.0 * p / best)></span>
                            <span class="prob">{format!("{p:.3}")}</span>
                        </li>
                    }).collect_view()}
                </ol>
            </div>
            <div class="kv-cache">
                <h4>"KV cache"</h4>
                {if v.cached {
                    view! { <p>{format!("After this step each of the layers keeps K and V for {} position(s): ", v.cache.len())}
                        {v.cache.iter().map(|t| view! { <span class="token cached">{t.clone()}</span> }).collect_view()}
                        " Only the newest position was computed; the source's cross-attention K and V were computed once, at step 1."</p> }.into_any()
                } else {
                    view! { <p>"No cache: every step runs all layers over all positions again, and projects the source's K and V again."</p> }.into_any()
                }}
                <p>"Multiply-adds of this step, " {mode} ": " <b data-testid="decode-ops">{v.counted.to_string()}</b>
                    " (counted by the model; the formula gives " {group(v.formula)} "). " {other} ": " {group(v.other_mode)} "."</p>
                <p class="formula"><code>{format!("without cache: {WITHOUT_CACHE}")}</code><br/><code>{format!("with cache: {WITH_CACHE}")}</code></p>
                <p class="hint">"t = step, d = d_model, S = source tokens, V = target words, L = layers. Matrix products only."</p>
            </div>
        </div>
        <div class="two-col">
            {row_map(cross_row, source, "decode-cross-row", format!("Cross-attention of step {} (rows = layer · head, columns = source keys)", v.t))}
            {row_map(self_row, input, "decode-self-row", format!("Masked self-attention of step {} (columns = decoder inputs so far)", v.t))}
        </div>
        <Legend map=ColorMap::Viridis range=(0.0, 1.0) what="softmax weight"/>
    }
}

#[component]
pub fn DecodeStepper() -> impl IntoView {
    let lab = use_lab();
    let translation = move || lab.translation.get().and_then(Result::ok);
    let total = move || translation().map_or(0, |t| t.steps.len());
    let current = move || {
        let (tr, settings) = (translation()?, lab.model.get()?.settings);
        let i = lab.decode_step.get().min(tr.steps.len().saturating_sub(1));
        let v = step_view(&settings, &tr, i)?;
        let step = &tr.steps[i];
        Some((
            v,
            step.self_row.clone(),
            step.cross_row.clone(),
            tr.attention.src_tokens.clone(),
        ))
    };
    let toggle = move |ev: leptos::ev::Event| {
        lab.decode_cached.set(event_target_checked(&ev));
        let text = lab.translate_text.get_untracked();
        if !text.trim().is_empty() {
            request_translation(lab, text);
        }
    };
    view! {
        <div class="decode-stepper">
            <h3>"Greedy decoding, step by step"</h3>
            <div class="controls">
                <button data-testid="decode-prev" disabled=move || { lab.decode_step.get() == 0 }
                    on:click=move |_| lab.decode_step.update(|s| *s = s.saturating_sub(1))>"◀ previous"</button>
                <span data-testid="decode-step" class="readout-big">{move || if total() == 0 { "0 / 0".to_string() } else { format!("{} / {}", lab.decode_step.get().min(total() - 1) + 1, total()) }}</span>
                <button data-testid="decode-next" disabled=move || { lab.decode_step.get() + 1 >= total() }
                    on:click=move |_| lab.decode_step.update(|s| *s += 1)>"next ▶"</button>
                <label><input type="checkbox" data-testid="decode-cache" prop:checked=move || lab.decode_cached.get() on:change=toggle/>" keep a KV cache"</label>
            </div>
            {move || match current() {
                None => view! { <p class="placeholder">"Translate a sentence above to step through its decoding."</p> }.into_any(),
                Some((v, self_row, cross_row, source)) => step_panel(v, self_row, cross_row, source).into_any(),
            }}
        </div>
    }
}
