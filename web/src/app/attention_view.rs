//! View 2: every layer × head of the three attention kinds, on the probe
//! sentence, updating live while the model trains.

use super::heatmap::{HeatData, Heatmap, Legend};
use super::state::use_lab;
use crate::plot::colormap::ColorMap;
use crate::plot::grid::cell_size;
use lab_protocol::{AttentionKind, AttentionSet};
use leptos::prelude::*;

/// The value of the `attention-kind` control for each kind.
pub fn kind_value(kind: AttentionKind) -> &'static str {
    match kind {
        AttentionKind::EncoderSelf => "self",
        AttentionKind::DecoderSelf => "masked",
        AttentionKind::Cross => "cross",
    }
}

pub fn parse_kind(value: &str) -> AttentionKind {
    match value {
        "masked" => AttentionKind::DecoderSelf,
        "cross" => AttentionKind::Cross,
        _ => AttentionKind::EncoderSelf,
    }
}

/// What rows and columns are, in words, for each kind.
pub fn axes_caption(kind: AttentionKind) -> &'static str {
    match kind {
        AttentionKind::EncoderSelf => "Rows = queries: source tokens. Columns = keys: source tokens.",
        AttentionKind::DecoderSelf => "Rows = queries: decoder positions, labelled input → the token it predicts (<bos> → y1 …). Columns = keys: the decoder inputs; grey = hidden by the causal mask (key after query).",
        AttentionKind::Cross => "Rows = queries: decoder positions, labelled input → the token it predicts (<bos> → y1 …). Columns = keys: source tokens (the encoder's output).",
    }
}

/// Labels for `n` positions: the tokens, padded with their index if too few.
fn labels(tokens: &[String], n: usize) -> Vec<String> {
    (0..n)
        .map(|i| tokens.get(i).cloned().unwrap_or_else(|| format!("#{i}")))
        .collect()
}

/// One map (a head, or the head average when `head` is `None`) as heatmap data.
pub fn map_data(
    set: &AttentionSet,
    kind: AttentionKind,
    layer: usize,
    head: Option<usize>,
) -> HeatData {
    let maps = set.maps(kind);
    if layer >= maps.n_layers
        || head.is_some_and(|h| h >= maps.n_heads)
        || maps.weights.len() != maps.n_layers * maps.n_heads * maps.seq_q * maps.seq_k
    {
        return HeatData::default();
    }
    let values = match head {
        Some(h) => maps.head(layer, h).to_vec(),
        None => maps.head_average(layer),
    };
    let rows = set.query_labels(kind);
    let (_, cols) = set.axes(kind);
    let hidden = (kind == AttentionKind::DecoderSelf && maps.seq_q == maps.seq_k)
        .then(|| lab_math::subsequent_mask(maps.seq_q));
    HeatData {
        rows: maps.seq_q,
        cols: maps.seq_k,
        values,
        hidden,
        range: (0.0, 1.0),
        map: ColorMap::Viridis,
        row_labels: labels(&rows, maps.seq_q),
        col_labels: labels(cols, maps.seq_k),
    }
}

fn map_title(layer: usize, head: Option<usize>) -> String {
    match head {
        Some(h) => format!("layer {} · head {}", layer + 1, h + 1),
        None => format!("layer {} · average of all heads", layer + 1),
    }
}

/// A grid of maps for one kind: rows of layers, columns of heads.
#[component]
pub fn AttentionGrid(
    /// The maps to show.
    #[prop(into)]
    set: Signal<Option<AttentionSet>>,
    /// Which kind of attention.
    #[prop(into)]
    kind: Signal<AttentionKind>,
    /// Show the head average per layer instead of every head.
    #[prop(into)]
    average: Signal<bool>,
    /// The `data-testid` of the grid.
    testid: &'static str,
) -> impl IntoView {
    let hover = RwSignal::new(String::new());
    let enlarged = RwSignal::new(None::<(usize, Option<usize>)>);
    let shape = Memo::new(move |_| {
        set.with(|s| {
            s.as_ref().map(|s| {
                let m = s.maps(kind.get());
                (m.n_layers, m.n_heads, m.seq_q, m.seq_k)
            })
        })
    });
    let one_map = move |layer: usize,
                        head: Option<usize>,
                        max_px: f64,
                        min_cell: f64,
                        max_cell: f64,
                        label_px: u32| {
        let data = Signal::derive(move || {
            set.with(|s| {
                s.as_ref()
                    .map(|s| map_data(s, kind.get(), layer, head))
                    .unwrap_or_default()
            })
        });
        let size = Signal::derive(move || {
            let (r, c) = data.with(|d| (d.rows, d.cols));
            let cell = cell_size(r, c, max_px, min_cell, max_cell);
            ((c as f64 * cell) as u32, (r as f64 * cell) as u32)
        });
        let on_hover = Callback::new(move |cell: Option<(usize, usize)>| {
            hover.set(match cell {
                None => String::new(),
                Some((q, k)) => data.with_untracked(|d| {
                    let w = d.at(q, k).unwrap_or(0.0);
                    let masked = if d.is_hidden(q, k) {
                        " (hidden by the mask)"
                    } else {
                        ""
                    };
                    format!(
                        "{}: query {:?} → key {:?}: weight {w:.3}{masked}",
                        map_title(layer, head),
                        d.row_labels[q],
                        d.col_labels[k]
                    )
                }),
            })
        });
        let label = Signal::derive(move || {
            data.with(|d| {
                d.describe(&format!(
                    "{} attention, {}",
                    kind.get().label(),
                    map_title(layer, head)
                ))
            })
        });
        view! {
            <figure class="attn-map">
                <figcaption>{map_title(layer, head)}</figcaption>
                <Heatmap data size testid="attention-map" label on_hover label_px
                    on_click=Callback::new(move |_| enlarged.set(Some((layer, head))))/>
            </figure>
        }
    };
    view! {
        <div class="attn-grid-wrap">
            <p class="axes-caption">{move || axes_caption(kind.get())}</p>
            <Legend map=ColorMap::Viridis range=Signal::derive(|| (0.0, 1.0)) what="softmax weight"/>
            <p class="readout" aria-live="polite">{move || { let h = hover.get(); if h.is_empty() { "Hover over a cell to read its query, key and weight; click a map to enlarge it.".to_string() } else { h } }}</p>
            {move || enlarged.get().map(|(layer, head)| view! {
                <div class="enlarged">
                    <button class="close" on:click=move |_| enlarged.set(None)>"✕ close"</button>
                    {one_map(layer, head, 640.0, 24.0, 64.0, 20)}
                </div>
            })}
            <div class="attn-grid" data-testid=testid>
                {move || match shape.get() {
                    None => view! { <p class="placeholder">"Waiting for the model's first attention maps…"</p> }.into_any(),
                    Some((n_layers, n_heads, _, _)) => {
                        let heads: Vec<Option<usize>> = if average.get() { vec![None] } else { (0..n_heads).map(Some).collect() };
                        (0..n_layers).map(|layer| {
                            let heads = heads.clone();
                            view! { <div class="attn-layer">{heads.into_iter().map(|h| one_map(layer, h, 240.0, 8.0, 28.0, 13)).collect_view()}</div> }
                        }).collect_view().into_any()
                    }
                }}
            </div>
        </div>
    }
}

#[component]
pub fn AttentionView() -> impl IntoView {
    let lab = use_lab();
    let kind = RwSignal::new(AttentionKind::Cross);
    let average = RwSignal::new(false);
    let set = Signal::derive(move || lab.attention.get());
    let probe = move || {
        lab.attention.with(|a| match a {
            Some(a) => format!(
                "Probe sentence: {}  →  {}",
                a.src_tokens.join(" "),
                a.tgt_tokens.join(" ")
            ),
            None => String::new(),
        })
    };
    view! {
        <section id="attention" class="view">
            <h2>"2 · Attention, every layer × head"</h2>
            <p>
                "Teacher-forced attention of the current model on the probe sentence; it updates live while training runs. "
                "Each row is one query's softmax over the keys, so every row sums to 1."
            </p>
            <p class="probe">{probe}</p>
            <div class="controls">
                <label>"kind "
                    <select data-testid="attention-kind" on:change=move |ev| kind.set(parse_kind(&event_target_value(&ev)))>
                        {AttentionKind::ALL.into_iter().map(|k| view! {
                            <option value=kind_value(k) selected=move || kind.get() == k>{k.label()}</option>
                        }).collect_view()}
                    </select>
                </label>
                <label><input type="checkbox" data-testid="attention-average" on:change=move |ev| average.set(event_target_checked(&ev))/>" head average per layer"</label>
            </div>
            <AttentionGrid set kind=kind average=average testid="attention-grid"/>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lab_protocol::HeadMaps;

    #[test]
    fn kind_values_round_trip() {
        for k in AttentionKind::ALL {
            assert_eq!(parse_kind(kind_value(k)), k);
        }
    }

    #[test]
    fn cross_maps_have_target_rows_and_source_columns() {
        let maps = HeadMaps {
            n_layers: 1,
            n_heads: 2,
            seq_q: 2,
            seq_k: 3,
            weights: vec![0.2, 0.3, 0.5, 1.0, 0.0, 0.0, 0.1, 0.1, 0.8, 0.0, 0.0, 1.0],
        };
        let set = AttentionSet {
            src_tokens: vec!["a".into(), "b".into(), "<eos>".into()],
            tgt_tokens: vec!["<bos>".into(), "x".into()],
            tgt_outputs: vec!["x".into(), "<eos>".into()],
            cross: maps,
            ..Default::default()
        };
        let d = map_data(&set, AttentionKind::Cross, 0, Some(1));
        assert_eq!((d.rows, d.cols), (2, 3));
        assert_eq!(
            d.row_labels,
            vec!["<bos> → x", "x → <eos>"],
            "a row is labelled by what it reads and what it predicts"
        );
        assert_eq!(d.col_labels, vec!["a", "b", "<eos>"]);
        assert_eq!(d.at(0, 2), Some(0.8));
        let avg = map_data(&set, AttentionKind::Cross, 0, None);
        assert!((avg.at(0, 2).expect("cell") - 0.65).abs() < 1e-6);
        assert_eq!(
            map_data(&set, AttentionKind::Cross, 1, None),
            HeatData::default()
        );
    }
}
