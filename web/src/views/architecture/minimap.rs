//! The figure as a map beside a view: a small Figure 1 of the run's model
//! (its first layer for the N×), the boxes the view is about lit, and a
//! press that goes back to the figure. [`about`] is the one rule of which
//! boxes a view is about.

use super::data::{FigureBox, Opens, Part, Stack};
use super::picture::split;
use crate::components::scroll::{scroll_and_hold_at, HOLD_OPENED_VIEW_MS};
use crate::context::i18n::{Arg, I18n};
use crate::context::state::use_lab;
use crate::panels::ids;
use lab_protocol::SettingsField;
use leptos::prelude::*;

/// Whether the view `panel` is about box `b`: the box opens it, or the
/// view shows what happens inside it (a head, of an attention box; a mask,
/// of every attention box), what it computes its loss from (label
/// smoothing, the softmax's output), or what it costs (Table 1, the
/// self-attention layers). The compare view is about the boxes its setting
/// `compared` changes. The learning-rate schedule and training are about
/// every weight alike: no box is lit for them.
pub fn about(panel: &str, compared: SettingsField, b: &FigureBox) -> bool {
    let attention = matches!(b.opens, Opens::Attention { .. });
    match panel {
        ids::TRAINING => false,
        ids::COMPARE => changed_by(compared, b),
        ids::INSIDE_HEAD | ids::MASKS => attention || b.opens.panel() == panel,
        ids::SMOOTHING => b.part == Part::Softmax,
        ids::COMPLEXITY => matches!(b.part, Part::SelfAttention(_)),
        _ => b.opens.panel() == panel,
    }
}

/// Whether the setting `field` changes box `b`: the norm placement its
/// norm boxes, label smoothing the softmax's target, the heads the
/// attention, positional encoding its ⊕, tying the target embedding and the
/// linear layer (§3.4). The warm-up changes every weight's step alike.
fn changed_by(field: SettingsField, b: &FigureBox) -> bool {
    match field {
        SettingsField::Norm => matches!(b.opens, Opens::NormComparison(_)),
        SettingsField::LabelSmoothing => b.part == Part::Softmax,
        SettingsField::NHeads => matches!(b.opens, Opens::Attention { .. }),
        SettingsField::PositionalEncoding => matches!(b.part, Part::Positions(_)),
        SettingsField::TieWeights => {
            matches!(b.part, Part::Linear | Part::Embedding(Stack::Decoder))
        }
        _ => false,
    }
}

/// One box of the map, in the map's units (a 64-wide picture).
#[derive(Clone, Debug, PartialEq)]
pub struct MiniBox {
    /// The box's `data-box` name ([`Part::name`]).
    pub name: &'static str,
    /// Its left and top edges and its width; every box is [`BOX_H`] high.
    pub x: f64,
    pub y: f64,
    pub w: f64,
    /// The view is about it.
    pub lit: bool,
}

/// The map's width, a box's width and height and the space between boxes.
const WIDTH: f64 = 64.0;
const BOX_W: f64 = 28.0;
const BOX_H: f64 = 4.0;
const GAP: f64 = 1.5;
/// The layer frame's padding.
const FRAME: f64 = 1.5;

/// The map of `boxes`, those for which `lit` holds lit: each stack bottom-up (its foot,
/// its first layer, its top), the encoder left; the layer frames' `(x, y,
/// w, h)`; the height. Both stacks stand on the same line.
pub fn layout(
    boxes: &[FigureBox],
    lit: impl Fn(&FigureBox) -> bool,
) -> (Vec<MiniBox>, Vec<[f64; 4]>, f64) {
    let stacks = [Stack::Encoder, Stack::Decoder].map(|side| split(boxes, side, 0));
    let rows = |[top, layer, foot]: &[Vec<&FigureBox>; 3]| {
        (top.len() + layer.len() + foot.len()) as f64 * (BOX_H + GAP) + 2.0 * FRAME
    };
    let height = stacks.iter().map(rows).fold(0.0, f64::max) + GAP;
    let (mut minis, mut frames) = (Vec::new(), Vec::new());
    for (column, [top, layer, foot]) in stacks.iter().enumerate() {
        let x = if column == 0 {
            2.0
        } else {
            WIDTH - 2.0 - BOX_W
        };
        let mut y = height;
        let mut put = |b: &FigureBox, inset: f64, y: &mut f64| {
            *y -= BOX_H + GAP;
            minis.push(MiniBox {
                name: b.part.name(),
                x: x + inset,
                y: *y,
                w: BOX_W - 2.0 * inset,
                lit: lit(b),
            });
        };
        foot.iter().for_each(|b| put(b, 0.0, &mut y));
        let frame_bottom = y;
        y -= FRAME;
        layer.iter().for_each(|b| put(b, FRAME, &mut y));
        y -= FRAME;
        frames.push([x, y, BOX_W, frame_bottom - y - GAP]);
        top.iter().for_each(|b| put(b, 0.0, &mut y));
    }
    (minis, frames, height)
}

/// The map beside the view `panel` (`data-testid="minimap"`), once a model
/// is loaded; none for a view no box is about.
#[component]
pub fn MiniMap(
    /// The view's panel id (`panels::ids`).
    panel: &'static str,
) -> impl IntoView {
    map_of(vec![panel], "arch-minimap")
}

/// The map in a row of the guide whose views are `panels`: the boxes any
/// of them is about.
#[component]
pub fn ViewsMap(
    /// The row's views' panel ids (`panels::ids`).
    panels: Vec<&'static str>,
) -> impl IntoView {
    map_of(panels, "arch-minimap-views")
}

/// The names of the boxes for which `lit` holds, each once, in the page's language.
fn lit_names(i18n: I18n, boxes: &[FigureBox], lit: impl Fn(&FigureBox) -> bool) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for b in boxes.iter().filter(|b| lit(b)) {
        let name = i18n.f(b.label, &super::label_args(b));
        if !names.contains(&name) {
            names.push(name);
        }
    }
    names
}

/// A map of the boxes any of `panels` is about, labelled by the message
/// `words` (its `$boxes`: their names).
fn map_of(panels: Vec<&'static str>, words: &'static str) -> impl IntoView {
    let lab = use_lab();
    let i18n = lab.i18n();
    let drawn = Memo::new(move |_| {
        let boxes = super::model_boxes(lab)?;
        let compared = lab.compare_axis.get();
        let lit = |b: &FigureBox| panels.iter().any(|p| about(p, compared, b));
        let names = lit_names(i18n, &boxes, lit);
        let list = lab.locale.get().list(&names);
        let label = i18n.f(words, &[("boxes", Arg::from(list))]);
        (!names.is_empty()).then(|| (layout(&boxes, lit), label))
    });
    move || {
        let ((minis, frames, height), label) = drawn.get()?;
        let rects = minis
            .into_iter()
            .map(|m| {
                view! {
                    <rect
                        class=if m.lit { "mini-box lit" } else { "mini-box" }
                        data-box=m.name
                        x=m.x
                        y=m.y
                        width=m.w
                        height=BOX_H
                        rx="0.8"
                    ></rect>
                }
            })
            .collect_view();
        let frames = frames
            .into_iter()
            .map(|[x, y, w, h]| {
                view! { <rect class="mini-frame" x=x y=y width=w height=h rx="1.2"></rect> }
            })
            .collect_view();
        Some(view! {
            <button
                class="minimap"
                data-testid="minimap"
                title=label.clone()
                aria-label=label
                on:click=move |_| scroll_and_hold_at(ids::MODEL, None, HOLD_OPENED_VIEW_MS)
            >
                <svg viewBox=format!("0 0 {WIDTH} {height}") aria-hidden="true">
                    {frames}
                    {rects}
                </svg>
            </button>
        })
    }
}

#[cfg(test)]
mod tests;
