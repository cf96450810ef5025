//! The heatmap every view uses: cells on a `<canvas>`, token labels in HTML
//! around it (readable, selectable, and visible to screen readers and tests),
//! and the cell under the pointer reported to the view.
//!
//! Rows are queries (labels on the left), columns are keys (labels on top).

use crate::plot::colormap::{heatmap_rgba, ColorMap};
use crate::plot::draw::{draw_heatmap, outline_cell};
use crate::plot::grid::{css_to_canvas, Grid};
use leptos::html::Canvas;
use leptos::prelude::*;
use web_sys::MouseEvent;

/// What one heatmap shows.
#[derive(Clone, Debug, PartialEq)]
pub struct HeatData {
    pub rows: usize,
    pub cols: usize,
    /// `[rows, cols]` flattened row-major.
    pub values: Vec<f32>,
    /// Cells masked to −∞, drawn grey.
    pub hidden: Option<Vec<bool>>,
    /// The value range the colour map spans (also shown in the legend).
    pub range: (f32, f32),
    pub map: ColorMap,
    /// Query tokens, one per row (empty: no labels).
    pub row_labels: Vec<String>,
    /// Key tokens, one per column (empty: no labels).
    pub col_labels: Vec<String>,
}

impl Default for HeatData {
    fn default() -> Self {
        Self {
            rows: 0,
            cols: 0,
            values: Vec::new(),
            hidden: None,
            range: (0.0, 1.0),
            map: ColorMap::Viridis,
            row_labels: Vec::new(),
            col_labels: Vec::new(),
        }
    }
}

impl HeatData {
    /// The value at `(row, col)`.
    pub fn at(&self, row: usize, col: usize) -> Option<f32> {
        self.values.get(row * self.cols + col).copied()
    }

    /// Whether `(row, col)` is masked.
    pub fn is_hidden(&self, row: usize, col: usize) -> bool {
        self.hidden
            .as_ref()
            .is_some_and(|h| h.get(row * self.cols + col).copied().unwrap_or(false))
    }

    /// A text alternative for screen readers.
    pub fn describe(&self, what: &str) -> String {
        if self.row_labels.is_empty() {
            format!(
                "{what}: {} rows × {} columns, values {:.3} to {:.3}",
                self.rows, self.cols, self.range.0, self.range.1
            )
        } else {
            format!(
                "{what}. Rows (queries): {}. Columns (keys): {}.",
                self.row_labels.join(" "),
                self.col_labels.join(" ")
            )
        }
    }
}

/// A heatmap of fixed pixel size with optional token labels.
#[component]
pub fn Heatmap(
    /// What to draw.
    #[prop(into)]
    data: Signal<HeatData>,
    /// The size of the cell area in pixels, `(width, height)`.
    #[prop(into)]
    size: Signal<(u32, u32)>,
    /// The `data-testid` of the canvas.
    testid: &'static str,
    /// A text alternative for the canvas.
    #[prop(into)]
    label: Signal<String>,
    /// Called with the cell under the pointer, or `None` when it leaves.
    #[prop(optional)]
    on_hover: Option<Callback<Option<(usize, usize)>>>,
    /// Called when the map is clicked.
    #[prop(optional)]
    on_click: Option<Callback<()>>,
    /// Font size of the token labels.
    #[prop(default = 14)]
    label_px: u32,
) -> impl IntoView {
    let canvas = NodeRef::<Canvas>::new();
    let hovered = RwSignal::new(None::<(usize, usize)>);
    Effect::new(move |_| {
        let d = data.get();
        let (w, h) = size.get();
        let hover = hovered.get();
        let Some(c) = canvas.get() else { return };
        if c.width() != w || c.height() != h {
            c.set_width(w);
            c.set_height(h);
        }
        draw_heatmap(
            &c,
            d.rows,
            d.cols,
            &heatmap_rgba(&d.values, d.hidden.as_deref(), d.range, d.map),
        );
        if let Some((r, col)) = hover.filter(|&(r, col)| r < d.rows && col < d.cols) {
            outline_cell(&c, d.rows, d.cols, r, col);
        }
    });
    let cell_at = move |ev: &MouseEvent| -> Option<(usize, usize)> {
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
    };
    let on_move = move |ev: MouseEvent| {
        let cell = cell_at(&ev);
        if cell != hovered.get_untracked() {
            hovered.set(cell);
            if let Some(cb) = on_hover {
                cb.run(cell);
            }
        }
    };
    let on_leave = move |_: MouseEvent| {
        hovered.set(None);
        if let Some(cb) = on_hover {
            cb.run(None);
        }
    };
    let col_style = move || {
        let (w, _) = size.get();
        let n = data.with(|d| d.cols.max(1));
        format!("width:{w}px; grid-template-columns: repeat({n}, 1fr); font-size:{label_px}px")
    };
    let row_style = move || {
        let (_, h) = size.get();
        let n = data.with(|d| d.rows.max(1));
        format!("height:{h}px; grid-template-rows: repeat({n}, 1fr); font-size:{label_px}px")
    };
    view! {
        <div class="heatmap">
            <div class="hm-corner"></div>
            <div class="hm-cols" style=col_style>
                {move || data.with(|d| d.col_labels.iter().map(|t| view! { <span class="hm-col" title=t.clone()>{t.clone()}</span> }).collect_view())}
            </div>
            <div class="hm-rows" style=row_style>
                {move || data.with(|d| d.row_labels.iter().map(|t| view! { <span class="hm-row" title=t.clone()>{t.clone()}</span> }).collect_view())}
            </div>
            <canvas
                node_ref=canvas
                data-testid=testid
                role="img"
                aria-label=move || label.get()
                class:clickable=on_click.is_some()
                style=move || { let (w, h) = size.get(); format!("width:{w}px;height:{h}px") }
                on:mousemove=on_move
                on:mouseleave=on_leave
                on:click=move |_| if let Some(cb) = on_click { cb.run(()) }
            ></canvas>
        </div>
    }
}

/// A colour legend with its real range.
#[component]
pub fn Legend(
    /// The colour map.
    map: ColorMap,
    /// The low and high ends of the scale.
    #[prop(into)]
    range: Signal<(f32, f32)>,
    /// What the colour means.
    #[prop(into)]
    what: String,
) -> impl IntoView {
    let fmt = |v: f32| {
        if v.abs() >= 100.0 {
            format!("{v:.0}")
        } else {
            format!("{v:.2}")
        }
    };
    view! {
        <div class="legend">
            <span class="legend-what">{what}</span>
            <span class="legend-lo">{move || fmt(range.get().0)}</span>
            <span class="legend-bar" style=format!("background:{}", map.css_gradient())></span>
            <span class="legend-hi">{move || fmt(range.get().1)}</span>
        </div>
    }
}
