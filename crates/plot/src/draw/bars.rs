//! Grouped bar charts.

use super::*;
use crate::axis::tick_label;
use plotters::coord::Shift;

/// One set of bars, e.g. a distribution over the vocabulary.
pub struct BarSet {
    pub label: String,
    pub color: RGBColor,
    /// One value per category.
    pub values: Vec<f64>,
}

/// Bars grouped by category (e.g. one group per token), the sets side by side.
pub struct BarChart<'a> {
    /// The category names, written vertically under the axis.
    pub categories: Vec<String>,
    pub sets: Vec<BarSet>,
    pub x_label: &'a str,
    pub y_label: &'a str,
    /// The y range in data units (e.g. 0–1 for probabilities).
    pub y_range: (f64, f64),
    /// Plot log10(y); bars then rise from the bottom of the range.
    pub log_y: bool,
    /// A category whose name is drawn in colour (e.g. the correct token).
    pub highlight: Option<usize>,
    pub font_px: u32,
}

/// The fraction of a category's width that holds bars; the rest separates groups.
pub(crate) const BAR_GROUP_FILL: f64 = 0.8;

/// Draw a [`BarChart`] on any plotters drawing area (canvas or SVG).
pub fn bars_on<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, chart: &BarChart) -> Option<()> {
    use plotters::style::text_anchor::{HPos, Pos, VPos};
    root.fill(&WHITE).ok()?;
    let log = chart.log_y;
    let fy = move |y: f64| if log { y.log10() } else { y };
    let (y_lo, y_hi) = (fy(chart.y_range.0), fy(chart.y_range.1));
    let n = chart.categories.len().max(1) as f64;
    let longest = chart
        .categories
        .iter()
        .map(|c| c.chars().count())
        .max()
        .unwrap_or(1) as u32;
    let font = ("sans-serif", chart.font_px);
    let mut ctx = ChartBuilder::on(root)
        .margin(CHART_MARGIN_PX)
        .x_label_area_size(chart.font_px * (longest + 3))
        .y_label_area_size(chart.font_px * Y_LABEL_AREA_EMS)
        .build_cartesian_2d(0.0..n, y_lo..y_hi)
        .ok()?;
    let y_span = y_hi - y_lo;
    let y_fmt = move |v: &f64| {
        if log {
            log_tick_label(*v)
        } else {
            tick_label(*v, y_span)
        }
    };
    ctx.configure_mesh()
        .disable_x_mesh()
        .x_labels(0)
        .x_desc(chart.x_label)
        .y_desc(chart.y_label)
        .label_style(font)
        .axis_desc_style(font)
        .y_label_formatter(&y_fmt)
        .y_labels(if log { log_axis_labels(y_span) } else { 8 })
        .light_line_style(RGBColor(0xee, 0xee, 0xee))
        .draw()
        .ok()?;
    let width = BAR_GROUP_FILL / chart.sets.len().max(1) as f64;
    let mut rows = Vec::new();
    for (j, set) in chart.sets.iter().enumerate() {
        let color = set.color;
        let bars = set
            .values
            .iter()
            .enumerate()
            .filter(|(_, v)| v.is_finite() && (!log || **v > 0.0));
        let rects = bars.map(|(i, &v)| {
            let left = i as f64 + (1.0 - BAR_GROUP_FILL) / 2.0 + j as f64 * width;
            Rectangle::new(
                [(left, y_lo), (left + width, fy(v).clamp(y_lo, y_hi))],
                color.filled(),
            )
        });
        ctx.draw_series(rects).ok()?;
        rows.push(LegendRow {
            label: &set.label,
            key: LegendKey::Bar(color),
        });
    }
    let upper_right = SeriesLabelPosition::UpperRight;
    legend_on(&ctx, &rows, chart.font_px, &upper_right)?;
    // Category names run downwards from the axis, one under each group.
    let below = Pos::new(HPos::Left, VPos::Center);
    for (i, name) in chart.categories.iter().enumerate() {
        let (x, y) = ctx.backend_coord(&(i as f64 + 0.5, y_lo));
        let color = if chart.highlight == Some(i) {
            VERMILLION
        } else {
            BLACK
        };
        let style = font
            .into_font()
            .transform(FontTransform::Rotate90)
            .color(&color)
            .pos(below);
        root.draw(&Text::new(name.clone(), (x, y + 6), style))
            .ok()?;
    }
    root.present().ok()
}
