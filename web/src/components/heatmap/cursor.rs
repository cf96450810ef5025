//! The heatmap's cell cursor for the keyboard: the arrow keys, Home, End,
//! Page Up, Page Down, Ctrl+Home and Ctrl+End move it, Escape drops it,
//! Enter and Space do what a click does; a polite live region reads the
//! chosen cell out.

use super::{report, MapTerms};
use crate::components::heat_data::HeatData;
use crate::context::i18n::use_i18n;
use lab_plot::grid::Move;
use leptos::prelude::*;
use web_sys::KeyboardEvent;

/// The focusable frame around the labels and the cells, in which the keys
/// move the cell cursor.
#[component]
pub(super) fn CursorFrame(
    /// The map the cursor moves over.
    data: Signal<HeatData>,
    /// The map's name, the frame's `aria-label`.
    label: Signal<String>,
    /// The `id` of the keyboard hint, the frame's `aria-describedby`.
    hint_id: String,
    /// The outlined cell, under the pointer or the keyboard cursor.
    active: RwSignal<Option<(usize, usize)>>,
    /// The cell the keyboard chose, which the live region reads out.
    spoken: RwSignal<Option<(usize, usize)>>,
    /// Told of each cell the cursor moves to, or `None` when it leaves.
    on_hover: Option<Callback<Option<(usize, usize)>>>,
    /// Run when Enter or Space is pressed.
    on_click: Option<Callback<()>>,
    /// The labels and the cells.
    children: Children,
) -> impl IntoView {
    let on_key = move |ev: KeyboardEvent| {
        let key = ev.key();
        let handled = if key == "Enter" || key == " " {
            on_click.inspect(|cb| cb.run(())).is_some()
        } else if key == "Escape" {
            let had = active.get_untracked().is_some();
            active.set(None);
            spoken.set(None);
            report(on_hover, None);
            had
        } else if let Some(m) = Move::of_key(&key, ev.ctrl_key() || ev.meta_key()) {
            let (rows, cols) = data.with_untracked(|d| (d.rows, d.cols));
            let next = m.apply(active.get_untracked(), rows, cols);
            if next != active.get_untracked() {
                active.set(next);
                report(on_hover, next);
            }
            spoken.set(next);
            true
        } else {
            false
        };
        if handled {
            // The page's own shortcuts (presentation mode) leave these keys alone.
            ev.prevent_default();
            ev.stop_propagation();
        }
    };
    let on_blur = move |_| {
        if spoken.get_untracked().is_some() {
            spoken.set(None);
            active.set(None);
            report(on_hover, None);
        }
    };
    view! {
        <div
            class="heatmap"
            tabindex="0"
            role="application"
            aria-label=move || label.get()
            aria-describedby=hint_id
            on:keydown=on_key
            on:blur=on_blur
        >
            {children()}
        </div>
    }
}

/// The live region that reads the keyboard's cell out: "query 大きい, key
/// big, weight 0.83 (row 2, column 1)".
#[component]
pub(super) fn CellReadout(
    /// The map the cell is on.
    data: Signal<HeatData>,
    /// The cell the keyboard chose, if any.
    spoken: RwSignal<Option<(usize, usize)>>,
    /// What the rows, columns and numbers are.
    terms: MapTerms,
) -> impl IntoView {
    let i18n = use_i18n();
    let readout = move || {
        let (r, c) = spoken.get()?;
        let locale = i18n.locale.get();
        data.with(|d| {
            (r < d.rows && c < d.cols)
                .then(|| d.cell_text(locale, &terms.names(locale, d), terms.measure(d), r, c))
        })
    };
    view! {
        <p class="visually-hidden" aria-live="polite" data-testid="heatmap-readout">
            {readout}
        </p>
    }
}
