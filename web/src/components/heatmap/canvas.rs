//! The heatmap's cells on a `<canvas>`, drawn again when the data, the size
//! or the outlined cell change; the cell under the pointer (or a finger's
//! tap) is outlined and reported to the view.

use super::report;
use crate::components::heat_data::HeatData;
use crate::components::paint;
use lab_plot::canvas::{draw_heatmap, hatch_hidden, outline_cell};
use lab_plot::colormap::heatmap_rgba;
use lab_plot::grid::{css_to_canvas, Grid};
use leptos::html::Canvas;
use leptos::prelude::*;
use web_sys::MouseEvent;

/// Draw `data` on `canvas` at `size`, hatching the hidden cells and outlining
/// the `active` one, each time one of them changes.
fn keep_drawn(
    canvas: NodeRef<Canvas>,
    data: Signal<HeatData>,
    size: Signal<(u32, u32)>,
    active: RwSignal<Option<(usize, usize)>>,
) {
    Effect::new(move |_| {
        let d = data.get();
        let (w, h) = size.get();
        let cell = active.get();
        let Some(c) = canvas.get() else { return };
        // The canvas's box and its labels take the new size in this task
        // (their styles are reactive), so a resized map with pixels on it is
        // drawn now: queued, its old pixels would show stretched to the new
        // box meanwhile. A map born empty (0 × 0, before the model's first
        // maps) has nothing to stretch, and waits its turn like the others.
        let resized = c.width() != w || c.height() != h;
        let has_pixels = c.width() > 0 && c.height() > 0;
        let target = c.clone();
        let draw = move || {
            if resized {
                c.set_width(w);
                c.set_height(h);
            }
            let rgba = heatmap_rgba(&d.values, d.hidden.as_deref(), d.range, d.map);
            draw_heatmap(&c, d.rows, d.cols, &rgba);
            if let Some(hidden) = &d.hidden {
                hatch_hidden(&c, d.rows, d.cols, hidden);
            }
            if let Some((r, col)) = cell.filter(|&(r, col)| r < d.rows && col < d.cols) {
                outline_cell(&c, d.rows, d.cols, r, col);
            }
        };
        if resized && has_pixels {
            paint::now(&target, draw);
        } else {
            paint::later(&target, draw);
        }
    });
}

/// The cell of `data` under the pointer of `ev` on `canvas`, if any.
fn cell_at(
    canvas: NodeRef<Canvas>,
    data: Signal<HeatData>,
    ev: &MouseEvent,
) -> Option<(usize, usize)> {
    let c = canvas.get_untracked()?;
    let rect = c.get_bounding_client_rect();
    let (x, y) = css_to_canvas(
        ev.offset_x() as f64,
        ev.offset_y() as f64,
        rect.width(),
        rect.height(),
        c.width() as f64,
        c.height() as f64,
    );
    let d = data.get_untracked();
    Grid::new(d.rows, d.cols, c.width() as f64, c.height() as f64).cell_at(x, y)
}

/// The map's cells, the outlined one among them; pointing at a cell (or
/// tapping it) outlines it and tells the view.
#[component]
pub(super) fn HeatCanvas(
    /// What to draw.
    data: Signal<HeatData>,
    /// The size of the cell area in pixels, `(width, height)`.
    size: Signal<(u32, u32)>,
    /// The canvas's `data-testid`.
    testid: &'static str,
    /// The canvas's text alternative (the map's name).
    label: Signal<String>,
    /// The outlined cell, under the pointer or the keyboard cursor.
    active: RwSignal<Option<(usize, usize)>>,
    /// Told of the cell under the pointer, or `None` when it leaves.
    on_hover: Option<Callback<Option<(usize, usize)>>>,
    /// Run on a click (not on a tap that only reads a cell).
    on_click: Option<Callback<()>>,
) -> impl IntoView {
    let canvas = NodeRef::<Canvas>::new();
    keep_drawn(canvas, data, size, active);
    let on_move = move |ev: MouseEvent| {
        let cell = cell_at(canvas, data, &ev);
        if cell != active.get_untracked() {
            active.set(cell);
            report(on_hover, cell);
        }
    };
    // A finger has no hover: a tap reads the cell it lands on, as pointing
    // does, and only a tap on the cell already read does what a click does.
    let tap_reads = StoredValue::new(false);
    let on_press = move |ev: web_sys::PointerEvent| {
        let touch = ev.pointer_type() == "touch";
        let cell = cell_at(canvas, data, &ev);
        tap_reads.set_value(touch && cell != active.get_untracked());
        if touch && cell != active.get_untracked() {
            active.set(cell);
            report(on_hover, cell);
        }
    };
    let on_leave = move |_: MouseEvent| {
        active.set(None);
        report(on_hover, None);
    };
    view! {
        <canvas
            node_ref=canvas
            data-testid=testid
            role="img"
            aria-label=move || label.get()
            class:clickable=on_click.is_some()
            style=move || {
                let (w, h) = size.get();
                format!("width:{w}px;height:{h}px")
            }
            // Born at its size: the first drawing can wait its turn.
            width=size.get_untracked().0
            height=size.get_untracked().1
            on:mousemove=on_move
            on:mouseleave=on_leave
            on:pointerdown=on_press
            on:click=move |_| {
                if let Some(cb) = on_click.filter(|_| !tap_reads.get_value()) {
                    cb.run(())
                }
            }
        ></canvas>
    }
}
