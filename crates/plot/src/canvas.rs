//! Putting heatmaps and charts on a `<canvas>` (the `canvas` feature).
//!
//! Heatmaps are drawn one pixel per cell into a small off-screen canvas and
//! scaled up without smoothing, so a 100 × 512 positional table is one
//! `drawImage`, not 51 200 rectangles. Charts are drawn by the same generic
//! functions as the SVG downloads ([`crate::draw`]), through [`Measured`].

use crate::colormap::{CURSOR_INNER, CURSOR_OUTER, HATCH_RGB};
use crate::draw::{
    bars_on, lines_on, marked_on, BarChart, LineChart, MarkedChart, MIN_HATCHED_CELL,
};
use crate::heat_figure::HeatFigure;
use crate::measured::Measured;
use plotters::prelude::*;
use plotters_canvas::CanvasBackend;
use wasm_bindgen::{Clamped, JsCast};
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, ImageData};

fn context(canvas: &HtmlCanvasElement) -> Option<CanvasRenderingContext2d> {
    canvas.get_context("2d").ok().flatten()?.dyn_into().ok()
}

/// Draw `[rows, cols]` RGBA pixels (one per cell) over the whole canvas.
pub fn draw_heatmap(canvas: &HtmlCanvasElement, rows: usize, cols: usize, rgba: &[u8]) {
    let Some(ctx) = context(canvas) else { return };
    let (w, h) = (canvas.width() as f64, canvas.height() as f64);
    ctx.clear_rect(0.0, 0.0, w, h);
    if rows == 0 || cols == 0 || rgba.len() != rows * cols * 4 {
        return;
    }
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Some(cells) = document
        .create_element("canvas")
        .ok()
        .and_then(|e| e.dyn_into::<HtmlCanvasElement>().ok())
    else {
        return;
    };
    cells.set_width(cols as u32);
    cells.set_height(rows as u32);
    let Some(cells_ctx) = context(&cells) else {
        return;
    };
    let Ok(image) =
        ImageData::new_with_u8_clamped_array_and_sh(Clamped(rgba), cols as u32, rows as u32)
    else {
        return;
    };
    if cells_ctx.put_image_data(&image, 0.0, 0.0).is_err() {
        return;
    }
    // Nearest-neighbour scaling keeps every cell a crisp block.
    ctx.set_image_smoothing_enabled(false);
    let _ = ctx.draw_image_with_html_canvas_element_and_dw_and_dh(&cells, 0.0, 0.0, w, h);
}

/// Outline one cell, e.g. the one under the pointer or the keyboard cursor:
/// a black frame around a white one, visible on every colour of both maps.
pub fn outline_cell(canvas: &HtmlCanvasElement, rows: usize, cols: usize, row: usize, col: usize) {
    let Some(ctx) = context(canvas) else { return };
    let (cw, ch) = (
        canvas.width() as f64 / cols.max(1) as f64,
        canvas.height() as f64 / rows.max(1) as f64,
    );
    let (x, y) = (col as f64 * cw, row as f64 * ch);
    for (colour, width) in [(CURSOR_OUTER, 4.0), (CURSOR_INNER, 1.5)] {
        ctx.set_stroke_style_str(colour);
        ctx.set_line_width(width);
        ctx.stroke_rect(x + 2.0, y + 2.0, (cw - 4.0).max(1.0), (ch - 4.0).max(1.0));
    }
}

/// Stroke every hidden cell diagonally, so masked cells stay apart from the
/// colour map in greyscale too (see [`HATCH_RGB`]).
pub fn hatch_hidden(canvas: &HtmlCanvasElement, rows: usize, cols: usize, hidden: &[bool]) {
    let Some(ctx) = context(canvas) else { return };
    let (cw, ch) = (
        canvas.width() as f64 / cols.max(1) as f64,
        canvas.height() as f64 / rows.max(1) as f64,
    );
    if cw.min(ch) < MIN_HATCHED_CELL {
        return;
    }
    let [r, g, b] = HATCH_RGB;
    ctx.set_stroke_style_str(&format!("rgb({r},{g},{b})"));
    ctx.set_line_width(1.0);
    ctx.begin_path();
    for (i, _) in hidden.iter().enumerate().filter(|(_, h)| **h) {
        let (x, y) = ((i % cols.max(1)) as f64 * cw, (i / cols.max(1)) as f64 * ch);
        ctx.move_to(x + 2.0, y + ch - 2.0);
        ctx.line_to(x + cw - 2.0, y + 2.0);
    }
    ctx.stroke();
}

/// Draw a line chart with plotters; drawing errors only leave the canvas blank.
pub fn draw_lines(canvas: &HtmlCanvasElement, chart: &LineChart) {
    if let Some(backend) = CanvasBackend::with_canvas_object(canvas.clone()) {
        let _ = lines_on(&Measured(backend).into_drawing_area(), chart);
    }
}

/// Draw a [`MarkedChart`]; drawing errors only leave the canvas blank.
pub fn draw_marked(canvas: &HtmlCanvasElement, chart: &MarkedChart) {
    if let Some(backend) = CanvasBackend::with_canvas_object(canvas.clone()) {
        let _ = marked_on(&Measured(backend).into_drawing_area(), chart);
    }
}

/// Draw a [`BarChart`]; drawing errors only leave the canvas blank.
pub fn draw_bars(canvas: &HtmlCanvasElement, chart: &BarChart) {
    if let Some(backend) = CanvasBackend::with_canvas_object(canvas.clone()) {
        let _ = bars_on(&Measured(backend).into_drawing_area(), chart);
    }
}

/// The figure drawn on a new off-screen canvas, for a PNG download.
pub fn heat_figure_canvas(fig: &HeatFigure) -> Option<web_sys::HtmlCanvasElement> {
    use wasm_bindgen::JsCast;
    let canvas: web_sys::HtmlCanvasElement = web_sys::window()?
        .document()?
        .create_element("canvas")
        .ok()?
        .dyn_into()
        .ok()?;
    let (w, h) = fig.layout().size;
    canvas.set_width(w);
    canvas.set_height(h);
    let backend = plotters_canvas::CanvasBackend::with_canvas_object(canvas.clone())?;
    crate::heat_figure::heat_figure_on(&Measured(backend).into_drawing_area(), fig)?;
    Some(canvas)
}
