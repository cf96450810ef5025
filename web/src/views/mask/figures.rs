//! The figures of the Masks view: the legend, the causal and padding masks
//! of the example batch, the combined masks, and the demo of what one
//! head's mask does to its real scores.

use super::{causal_data, combined_data, demo_panels, demo_title, padding_data, PADDING_AXES};
use super::{HeatData, VISIBLE};
use crate::components::heat_data::Axis;
use crate::components::heatmap::Heatmap;
use crate::context::i18n::{use_i18n, Arg};
use crate::context::state::use_lab;
use crate::workers::link::send;
use lab_plot::colormap::{ColorMap, HIDDEN_RGB};
use lab_protocol::WorkerInput;
use lab_tasks::Pair;
use leptos::prelude::*;

/// The pixel size of a map drawn `cell` pixels per cell.
fn size_of(data: Signal<HeatData>, cell: f64) -> Signal<(u32, u32)> {
    Signal::derive(move || {
        data.with(|d| ((d.cols as f64 * cell) as u32, (d.rows as f64 * cell) as u32))
    })
}

/// One mask as a heatmap of `cell`-pixel cells, named for assistive
/// technology by the message `name` and the map's size.
#[component]
fn MaskMap(
    /// The mask.
    data: Signal<HeatData>,
    /// The side of a cell in pixels.
    cell: f64,
    /// The `data-testid` of the map.
    testid: &'static str,
    /// Font size of the token labels.
    label_px: u32,
    /// The message id of the map's name.
    name: &'static str,
    /// What the rows and the columns are (default: queries and keys).
    #[prop(default = (Axis::Query, Axis::Key))]
    axes: (Axis, Axis),
) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <Heatmap
            data
            size=size_of(data, cell)
            testid
            label_px
            rows_are=axes.0
            cols_are=axes.1
            label=Signal::derive(move || data.with(|d| d.describe(&i18n.s(name))))
        />
    }
}

/// A swatch's `style`: its background in `rgb`.
fn swatch_style(rgb: [u8; 3]) -> String {
    format!("background: rgb({},{},{})", rgb[0], rgb[1], rgb[2])
}

/// What the colours of every mask mean: visible or hidden.
#[component]
pub(super) fn MaskLegend() -> impl IntoView {
    let i18n = use_i18n();
    let hidden_swatch = swatch_style(HIDDEN_RGB);
    let visible_swatch = swatch_style(ColorMap::Viridis.rgb(VISIBLE));
    view! {
        <p class="legend">
            <span class="swatch" style=visible_swatch></span>
            " "
            {i18n.t("mask-visible")}
            "   "
            <span class="swatch" style=hidden_swatch></span>
            " "
            {i18n.t("mask-hidden")}
        </p>
    }
}

/// The causal mask of the batch's first sentence, beside the padding mask
/// of the whole batch.
#[component]
pub(super) fn CausalAndPadding(
    /// The example batch, sentences of different lengths.
    batch: Memo<Vec<Pair>>,
) -> impl IntoView {
    let i18n = use_i18n();
    let padding = Signal::derive(move || batch.with(|b| padding_data(b)));
    // Target tokens in the page's script (Traditional Chinese in 繁體中文).
    let spelling = use_lab().spelling;
    // Causal mask on the first sentence's decoder inputs.
    let causal = Signal::derive(move || {
        batch.with(|b| {
            let target = b.first().map(|p| p.tgt.as_slice());
            spelling.with(|s| causal_data(target, s.as_ref()))
        })
    });
    view! {
        <div class="mask-row">
            <figure>
                <figcaption>{i18n.t("mask-causal-caption")}</figcaption>
                <MaskMap
                    data=causal
                    cell=30.0
                    testid="mask-causal"
                    label_px=14
                    name="mask-causal-label"
                />
            </figure>
            <figure>
                <figcaption>{i18n.t("mask-padding-caption")}</figcaption>
                <MaskMap
                    data=padding
                    cell=30.0
                    testid="mask-padding"
                    label_px=14
                    name="mask-padding-label"
                    axes=PADDING_AXES
                />
            </figure>
        </div>
    }
}

/// The combined (padding and causal) mask of each of the batch's four
/// sentences on the decoder side.
#[component]
pub(super) fn CombinedMasks(
    /// The example batch, sentences of different lengths.
    batch: Memo<Vec<Pair>>,
) -> impl IntoView {
    // Target tokens in the page's script (Traditional Chinese in 繁體中文).
    let spelling = use_lab().spelling;
    let combined = move |i: usize| {
        Signal::derive(move || batch.with(|b| spelling.with(|s| combined_data(b, i, s.as_ref()))))
    };
    view! {
        <div class="mask-row">
            {(0..4)
                .map(|i| {
                    let data = combined(i);
                    view! {
                        <figure>
                            <MaskMap
                                data
                                cell=22.0
                                testid="mask-combined"
                                label_px=12
                                name="mask-combined-label"
                            />
                        </figure>
                    }
                })
                .collect_view()}
        </div>
    }
}

/// Which head of the model the demo asks the worker for.
#[component]
pub(super) fn DemoHeadPicker() -> impl IntoView {
    let lab = use_lab();
    let i18n = use_i18n();
    let n_heads = move || {
        lab.model
            .with(|m| m.as_ref().map(|m| m.settings.n_heads).unwrap_or(1))
    };
    view! {
        <div class="controls">
            <label>
                {i18n.t("mask-head")}" "
                <select
                    data-testid="mask-head"
                    on:change=move |ev| {
                        let head = event_target_value(&ev).parse().unwrap_or(0);
                        lab.mask_head.set(head);
                        send(WorkerInput::MaskDemo { head });
                    }
                >
                    {move || {
                        (0..n_heads())
                            .map(|h| {
                                view! {
                                    <option
                                        value=h.to_string()
                                        selected=move || lab.mask_head.get() == h
                                    >
                                        {move || {
                                            i18n.f("mask-head-option", &[("head", Arg::from(h + 1))])
                                        }}
                                    </option>
                                }
                            })
                            .collect_view()
                    }}
                </select>
            </label>
            <span class="hint">{i18n.t("mask-scale-hint")}</span>
        </div>
    }
}

/// The demo's three panels ([`super::demo_panels`]): one head's raw scores,
/// the masked scores and the softmax weights, each with its range.
#[component]
pub(super) fn DemoPanels() -> impl IntoView {
    let lab = use_lab();
    let i18n = use_i18n();
    // Target tokens in the page's script (Traditional Chinese in 繁體中文).
    let spelling = lab.spelling;
    let panels = Memo::new(move |_| {
        spelling.with(|s| {
            lab.mask_demo
                .with(|d| d.as_ref().map(|d| demo_panels(d, s.as_ref())))
        })
    });
    let panel = move |i: usize| {
        Signal::derive(move || {
            panels.with(|p| p.as_ref().map(|p| p[i].clone()).unwrap_or_default())
        })
    };
    let range = move |data: Signal<HeatData>| {
        let (low, high) = data.with(|d| d.range);
        i18n.f(
            "mask-range",
            &[
                ("low", Arg::from(format!("{low:.2}"))),
                ("high", Arg::from(format!("{high:.2}"))),
            ],
        )
    };
    view! {
        <div class="mask-row">
            {(0..3)
                .map(|i| {
                    let data = panel(i);
                    view! {
                        <figure>
                            <figcaption>{move || i18n.s(demo_title(i))}</figcaption>
                            <MaskMap
                                data
                                cell=30.0
                                testid="mask-demo"
                                label_px=13
                                name=demo_title(i)
                            />
                            <p class="range">{move || range(data)}</p>
                        </figure>
                    }
                })
                .collect_view()}
        </div>
    }
}
