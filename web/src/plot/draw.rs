//! Putting heatmaps and line charts on a `<canvas>`.
//!
//! Heatmaps are drawn one pixel per cell into a small off-screen canvas and
//! scaled up without smoothing, so a 100 × 512 positional table is one
//! `drawImage`, not 51 200 rectangles. Line charts use plotters.

use crate::plot::curves::{downsample, tick_label, y_range};
use plotters::prelude::*;
use plotters_canvas::CanvasBackend;
use wasm_bindgen::{Clamped, JsCast};
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, ImageData};

/// Colour-blind-safe line colours (Okabe & Ito).
pub const BLUE: RGBColor = RGBColor(0x00, 0x72, 0xb2);
pub const ORANGE: RGBColor = RGBColor(0xe6, 0x9f, 0x00);
pub const GREEN: RGBColor = RGBColor(0x00, 0x9e, 0x73);
pub const VERMILLION: RGBColor = RGBColor(0xd5, 0x5e, 0x00);
pub const PURPLE: RGBColor = RGBColor(0xcc, 0x79, 0xa7);

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
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let Some(cells) = document.create_element("canvas").ok().and_then(|e| e.dyn_into::<HtmlCanvasElement>().ok()) else { return };
    cells.set_width(cols as u32);
    cells.set_height(rows as u32);
    let Some(cells_ctx) = context(&cells) else { return };
    let Ok(image) = ImageData::new_with_u8_clamped_array_and_sh(Clamped(rgba), cols as u32, rows as u32) else { return };
    if cells_ctx.put_image_data(&image, 0.0, 0.0).is_err() {
        return;
    }
    // Nearest-neighbour scaling keeps every cell a crisp block.
    ctx.set_image_smoothing_enabled(false);
    let _ = ctx.draw_image_with_html_canvas_element_and_dw_and_dh(&cells, 0.0, 0.0, w, h);
}

/// Outline one cell, e.g. the one under the pointer.
pub fn outline_cell(canvas: &HtmlCanvasElement, rows: usize, cols: usize, row: usize, col: usize) {
    let Some(ctx) = context(canvas) else { return };
    let (cw, ch) = (canvas.width() as f64 / cols.max(1) as f64, canvas.height() as f64 / rows.max(1) as f64);
    ctx.set_stroke_style_str("#ff2d95");
    ctx.set_line_width(2.0);
    ctx.stroke_rect(col as f64 * cw + 1.0, row as f64 * ch + 1.0, cw - 2.0, ch - 2.0);
}

/// One line on a chart.
pub struct Series {
    pub label: String,
    pub color: RGBColor,
    pub points: Vec<(f64, f64)>,
    /// Draw a dot at every point (for sparse curves such as held-out evaluations).
    pub dots: bool,
}

/// A line chart: `series` over a shared x axis.
pub struct LineChart<'a> {
    pub x_label: &'a str,
    pub y_label: &'a str,
    pub series: Vec<Series>,
    /// Plot log10(y) with ticks labelled 10^k, for quantities spanning decades.
    pub log_y: bool,
    /// A fixed y range (e.g. 0–1 for accuracies) instead of fitting the data.
    pub y_fixed: Option<(f64, f64)>,
    pub font_px: u32,
    /// Where the legend sits, clear of where the curves usually are.
    pub legend_at: SeriesLabelPosition,
}

/// Draw a line chart with plotters; drawing errors only leave the canvas blank.
pub fn draw_lines(canvas: &HtmlCanvasElement, chart: &LineChart) {
    let _ = try_draw_lines(canvas, chart);
}

fn try_draw_lines(canvas: &HtmlCanvasElement, chart: &LineChart) -> Option<()> {
    let backend = CanvasBackend::with_canvas_object(canvas.clone())?;
    let root = backend.into_drawing_area();
    root.fill(&WHITE).ok()?;
    let log = chart.log_y;
    let to_y = |y: f64| if log { y.log10() } else { y };
    let series: Vec<(&Series, Vec<(f64, f64)>)> = chart
        .series
        .iter()
        .map(|s| {
            let pts = s.points.iter().filter(|p| p.1.is_finite() && (!log || p.1 > 0.0)).map(|&(x, y)| (x, to_y(y))).collect::<Vec<_>>();
            (s, downsample(&pts, 600))
        })
        .collect();
    let (x_lo, x_hi) = series.iter().flat_map(|(_, p)| p.iter().map(|q| q.0)).fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), x| (lo.min(x), hi.max(x)));
    // Steps count from 0, so the x axis does too: a lone evaluation at step 600
    // sits at the right of a 0–600 axis, not in the middle of 599–601.
    let x_lo = x_lo.min(0.0);
    let (x_lo, x_hi) = if x_lo < x_hi { (x_lo, x_hi) } else if x_lo.is_finite() { (x_lo - 1.0, x_lo + 1.0) } else { (0.0, 1.0) };
    let (y_lo, y_hi) = match chart.y_fixed {
        Some((lo, hi)) => (to_y(lo), to_y(hi)),
        None => {
            let (lo, hi) = y_range(chart.series.iter().flat_map(|s| s.points.iter().map(|p| p.1)), log);
            (to_y(lo), to_y(hi))
        }
    };
    let font = ("sans-serif", chart.font_px);
    let mut ctx = ChartBuilder::on(&root)
        .margin(12)
        .x_label_area_size(chart.font_px * 3)
        .y_label_area_size(chart.font_px * 5)
        .build_cartesian_2d(x_lo..x_hi, y_lo..y_hi)
        .ok()?;
    let (x_span, y_span) = (x_hi - x_lo, y_hi - y_lo);
    let y_fmt = |v: &f64| if log { format!("{:.0e}", 10f64.powf(*v)) } else { tick_label(*v, y_span) };
    let x_fmt = |v: &f64| tick_label(*v, x_span);
    ctx.configure_mesh()
        .x_desc(chart.x_label)
        .y_desc(chart.y_label)
        .label_style(font)
        .axis_desc_style(font)
        .y_label_formatter(&y_fmt)
        .x_label_formatter(&x_fmt)
        .x_labels(8)
        .y_labels(8)
        .light_line_style(RGBColor(0xee, 0xee, 0xee))
        .draw()
        .ok()?;
    for (s, pts) in &series {
        let color = s.color;
        let drawn = ctx.draw_series(LineSeries::new(pts.iter().copied(), color.stroke_width(3))).ok()?;
        drawn.label(s.label.clone()).legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 24, y)], color.stroke_width(3)));
        if s.dots {
            ctx.draw_series(pts.iter().map(|&p| Circle::new(p, 4, color.filled()))).ok()?;
        }
    }
    if series.len() > 1 {
        ctx.configure_series_labels().label_font(font).background_style(WHITE.mix(0.85)).border_style(BLACK).position(chart.legend_at.clone()).draw().ok()?;
    }
    root.present().ok()
}
