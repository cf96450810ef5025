//! Line charts: `series` over a shared x axis.

use super::*;
use crate::axis::{downsample, tick_label, y_range};
use plotters::coord::Shift;

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

/// Draw a [`LineChart`] on any plotters drawing area (canvas or SVG).
pub fn lines_on<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    chart: &LineChart,
) -> Option<()> {
    root.fill(&WHITE).ok()?;
    let log = chart.log_y;
    let to_y = |y: f64| if log { y.log10() } else { y };
    let series: Vec<(&Series, Vec<(f64, f64)>)> = chart
        .series
        .iter()
        .map(|s| {
            let pts = s
                .points
                .iter()
                .filter(|p| p.1.is_finite() && (!log || p.1 > 0.0))
                .map(|&(x, y)| (x, to_y(y)))
                .collect::<Vec<_>>();
            (s, downsample(&pts, 600))
        })
        .collect();
    let (x_lo, x_hi) = series
        .iter()
        .flat_map(|(_, p)| p.iter().map(|q| q.0))
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), x| {
            (lo.min(x), hi.max(x))
        });
    let (x_lo, x_hi) = step_axis(x_lo, x_hi);
    let (y_lo, y_hi) = match chart.y_fixed {
        Some((lo, hi)) => (to_y(lo), to_y(hi)),
        None => {
            let ys = || {
                chart
                    .series
                    .iter()
                    .flat_map(|s| s.points.iter().map(|p| p.1))
            };
            let (lo, hi) = y_range(ys(), log);
            let (lo, hi) = if log {
                (lo, hi)
            } else {
                let finite = ys().filter(|y| y.is_finite());
                let (min, max) = finite.fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), y| {
                    (a.min(y), b.max(y))
                });
                from_zero((lo, hi), min, max)
            };
            (to_y(lo), to_y(hi))
        }
    };
    // Where the legend goes (and the headroom it needs), decided before the
    // axes are drawn, from the curves as they will be drawn.
    let labels: Vec<&str> = series.iter().map(|(s, _)| s.label.as_str()).collect();
    let drawn: Vec<&[(f64, f64)]> = series.iter().map(|(_, p)| p.as_slice()).collect();
    let area = plotting_area_px(root, chart.font_px);
    let size = legend_size(&labels, chart.font_px, area);
    let (legend_at, headroom) = legend_layout(
        &chart.legend_at,
        size,
        &in_unit_square(&drawn, (x_lo, x_hi), (y_lo, y_hi)),
    );
    let (y_top, y_hi) = (y_hi, with_headroom(y_lo, y_hi, headroom));
    let font = ("sans-serif", chart.font_px);
    let mut ctx = ChartBuilder::on(root)
        .margin(CHART_MARGIN_PX)
        .x_label_area_size(chart.font_px * X_LABEL_AREA_EMS)
        .y_label_area_size(chart.font_px * Y_LABEL_AREA_EMS)
        .build_cartesian_2d(x_lo..x_hi, y_lo..y_hi)
        .ok()?;
    let (x_span, y_span) = (x_hi - x_lo, y_hi - y_lo);
    let y_fmt = |v: &f64| {
        if in_legend_band(*v, y_top, y_span) {
            String::new()
        } else if log {
            format!("{:.0e}", 10f64.powf(*v))
        } else {
            tick_label(*v, y_span)
        }
    };
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
        ctx.draw_series(LineSeries::new(pts.iter().copied(), color.stroke_width(3)))
            .ok()?;
        if s.dots {
            ctx.draw_series(
                pts.iter()
                    .map(|&p| Circle::new(p, DOT_RADIUS_PX, color.filled())),
            )
            .ok()?;
        }
    }
    if series.len() > 1 {
        let rows: Vec<LegendRow> = (series.iter())
            .map(|(s, _)| LegendRow {
                label: &s.label,
                key: LegendKey::Line {
                    color: s.color,
                    dot: s.dots,
                },
            })
            .collect();
        legend_on(&ctx, &rows, chart.font_px, &legend_at)?;
    }
    root.present().ok()
}
