//! The grid of attention maps shared by the Attention, Translate and
//! Compare views: a row of maps per layer, one per head or the layer's
//! head average, a read-out of the cell under the pointer, and a map shown
//! enlarged on a click.

use super::{axes_caption, map_data};
use crate::components::heatmap::{Heatmap, Legend};
use crate::context::i18n::{use_i18n, Arg};
use crate::context::state::use_lab;
use crate::i18n::{labels, text_args, Locale};
use lab_plot::colormap::ColorMap;
use lab_plot::grid::cell_size;
use lab_protocol::{AttentionKind, AttentionSet};
use leptos::prelude::*;

/// "layer 1 · head 2" (counted from 1), or the layer's head average.
fn map_title(locale: Locale, layer: usize, head: Option<usize>) -> String {
    let layer = ("layer", Arg::from(layer + 1));
    match head {
        Some(h) => text_args(
            locale,
            "attention-map-head",
            &[layer, ("head", Arg::from(h + 1))],
        ),
        None => text_args(locale, "attention-map-average", &[layer]),
    }
}

/// The cell under the pointer: which map, the query and key labels, the
/// weight and whether the mask hides it. Kept as data so that the read-out
/// is written in the page's language when it is shown.
#[derive(Clone, Debug, PartialEq)]
struct Hovered {
    layer: usize,
    head: Option<usize>,
    query: String,
    key: String,
    weight: f32,
    hidden: bool,
}

/// What the maps of one [`AttentionGrid`] share: the maps, the kind shown,
/// the cell under the pointer and the map shown enlarged.
#[derive(Clone, Copy)]
struct GridState {
    set: Signal<Option<AttentionSet>>,
    kind: Signal<AttentionKind>,
    hover: RwSignal<Option<Hovered>>,
    enlarged: RwSignal<Option<(usize, Option<usize>)>>,
}

/// How large a map may be drawn, in pixels: its longest side, the smallest
/// and largest cell ([`cell_size`]), and the labels' font.
#[derive(Clone, Copy)]
struct MapFit {
    max_px: f64,
    min_cell: f64,
    max_cell: f64,
    label_px: u32,
}

/// A map in the grid: small enough for every head of a layer to sit in a row.
const IN_GRID: MapFit = MapFit {
    max_px: 240.0,
    min_cell: 8.0,
    max_cell: 28.0,
    label_px: 13,
};

/// The map shown enlarged, after a click.
const ENLARGED: MapFit = MapFit {
    max_px: 640.0,
    min_cell: 24.0,
    max_cell: 64.0,
    label_px: 20,
};

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
    /// The message id shown before there are maps (default: waiting for the
    /// model's first maps).
    #[prop(optional)]
    waiting: Option<&'static str>,
) -> impl IntoView {
    let i18n = use_i18n();
    let grid = GridState {
        set,
        kind,
        hover: RwSignal::new(None),
        enlarged: RwSignal::new(None),
    };
    view! {
        <div class="attn-grid-wrap">
            <p class="axes-caption">{move || i18n.s(axes_caption(kind.get()))}</p>
            {move || {
                view! {
                    <Legend
                        map=ColorMap::Viridis
                        range=Signal::derive(|| (0.0, 1.0))
                        what=i18n.s("attention-weight")
                    />
                }
            }}
            <HoverReadout hover=grid.hover />
            <EnlargedMap grid />
            <MapRows grid average testid waiting=waiting.unwrap_or("attention-waiting") />
        </div>
    }
}

/// One map, captioned with its layer and head: hovering a cell reads it out,
/// a click shows the map enlarged.
#[component]
fn OneMap(
    /// What the grid's maps share.
    grid: GridState,
    /// The layer, and the head (`None`: the layer's head average).
    at: (usize, Option<usize>),
    /// How large the map may be drawn.
    fit: MapFit,
) -> impl IntoView {
    let i18n = use_i18n();
    let spelling = use_lab().spelling;
    let GridState {
        set,
        kind,
        hover,
        enlarged,
    } = grid;
    let (layer, head) = at;
    let data = Signal::derive(move || {
        set.with(|s| {
            s.as_ref()
                .map(|s| map_data(s, kind.get(), (layer, head), spelling.get().as_ref()))
                .unwrap_or_default()
        })
    });
    let size = Signal::derive(move || {
        let (r, c) = data.with(|d| (d.rows, d.cols));
        let cell = cell_size(r, c, fit.max_px, fit.min_cell, fit.max_cell);
        ((c as f64 * cell) as u32, (r as f64 * cell) as u32)
    });
    let on_hover = Callback::new(move |cell: Option<(usize, usize)>| {
        hover.set(cell.and_then(|(q, k)| {
            data.with_untracked(|d| {
                Some(Hovered {
                    layer,
                    head,
                    query: d.row_labels.get(q)?.clone(),
                    key: d.col_labels.get(k)?.clone(),
                    weight: d.at(q, k)?,
                    hidden: d.is_hidden(q, k),
                })
            })
        }))
    });
    let label = Signal::derive(move || {
        let what = i18n.f(
            "attention-map-label",
            &[
                (
                    "kind",
                    Arg::from(i18n.s(labels::attention_kind(kind.get()))),
                ),
                ("map", Arg::from(map_title(i18n.locale.get(), layer, head))),
            ],
        );
        data.with(|d| d.describe(&what))
    });
    view! {
        <figure class="attn-map">
            <figcaption>{move || map_title(i18n.locale.get(), layer, head)}</figcaption>
            <Heatmap
                data
                size
                testid="attention-map"
                label
                on_hover
                label_px=fit.label_px
                on_click=Callback::new(move |_| enlarged.set(Some((layer, head))))
            />
        </figure>
    }
}

/// The read-out of the cell under the pointer, in the page's language, or
/// a hint to point at one.
#[component]
fn HoverReadout(
    /// The cell under the pointer.
    hover: RwSignal<Option<Hovered>>,
) -> impl IntoView {
    let i18n = use_i18n();
    let hover_text = move || match hover.get() {
        None => i18n.s("attention-hover-hint"),
        Some(h) => {
            let args = [
                (
                    "map",
                    Arg::from(map_title(i18n.locale.get(), h.layer, h.head)),
                ),
                ("query", Arg::from(h.query)),
                ("key", Arg::from(h.key)),
                ("weight", Arg::from(format!("{:.3}", h.weight))),
            ];
            if h.hidden {
                i18n.f("attention-hover-hidden", &args)
            } else {
                i18n.f("attention-hover", &args)
            }
        }
    };
    view! {
        <p class="readout" aria-live="polite">
            {hover_text}
        </p>
    }
}

/// The map clicked last, large, with a button that closes it.
#[component]
fn EnlargedMap(
    /// What the grid's maps share.
    grid: GridState,
) -> impl IntoView {
    let i18n = use_i18n();
    let enlarged = grid.enlarged;
    move || {
        enlarged.get().map(|at| {
            view! {
                <div class="enlarged">
                    <button class="close" on:click=move |_| enlarged.set(None)>
                        {i18n.t("attention-close")}
                    </button>
                    <OneMap grid at fit=ENLARGED />
                </div>
            }
        })
    }
}

/// The grid itself: a row of maps per layer, one per head or the layer's
/// head average; a placeholder before there are maps.
#[component]
fn MapRows(
    /// What the grid's maps share.
    grid: GridState,
    /// Show the head average per layer instead of every head.
    average: Signal<bool>,
    /// The `data-testid` of the grid.
    testid: &'static str,
    /// The message id shown before there are maps.
    waiting: &'static str,
) -> impl IntoView {
    let i18n = use_i18n();
    let focus = use_lab().focus_layer;
    let GridState { set, kind, .. } = grid;
    let shape = Memo::new(move |_| {
        set.with(|s| {
            s.as_ref().map(|s| {
                let m = s.maps(kind.get());
                (m.n_layers, m.n_heads, m.seq_q, m.seq_k)
            })
        })
    });
    view! {
        <div class="attn-grid" data-testid=testid>
            {move || match shape.get() {
                None => view! { <p class="placeholder">{i18n.t(waiting)}</p> }.into_any(),
                Some((n_layers, n_heads, _, _)) => {
                    let heads: Vec<Option<usize>> = if average.get() {
                        vec![None]
                    } else {
                        (0..n_heads).map(Some).collect()
                    };
                    (0..n_layers)
                        .map(|layer| {
                            let heads = heads.clone();
                            view! {
                                <div
                                    class="attn-layer"
                                    data-layer=layer.to_string()
                                    data-focused=move || (focus.get() == layer).to_string()
                                >
                                    {heads
                                        .into_iter()
                                        .map(|h| {
                                            view! { <OneMap grid at=(layer, h) fit=IN_GRID /> }
                                        })
                                        .collect_view()}
                                </div>
                            }
                        })
                        .collect_view()
                        .into_any()
                }
            }}
        </div>
    }
}
