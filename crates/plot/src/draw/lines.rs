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
    let series = plotted_series(chart);
    let (x_lo, x_hi) = step_axis_of(&series);
    let (y_lo, y_hi) = fitted_y_axis(chart);
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
    let mut ctx = axes_on(root, chart.font_px, (x_lo, x_hi), (y_lo, y_hi))?;
    draw_line_mesh(&mut ctx, chart, (x_hi - x_lo, y_hi - y_lo), y_top)?;
    draw_curves(&mut ctx, &series)?;
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

/// `y` in the units of the chart's y axis: log10(y) on a log axis.
fn on_y_axis(y: f64, log: bool) -> f64 {
    if log {
        y.log10()
    } else {
        y
    }
}

/// Each series with the points it draws, in axis units: finite (and
/// positive on a log axis), thinned to at most 600 points.
fn plotted_series<'c>(chart: &'c LineChart) -> Vec<(&'c Series, Vec<(f64, f64)>)> {
    let log = chart.log_y;
    (chart.series.iter())
        .map(|s| {
            let pts = s
                .points
                .iter()
                .filter(|p| p.1.is_finite() && (!log || p.1 > 0.0))
                .map(|&(x, y)| (x, on_y_axis(y, log)))
                .collect::<Vec<_>>();
            (s, downsample(&pts, 600))
        })
        .collect()
}

/// The x axis over the steps the plotted points span ([`step_axis`]).
fn step_axis_of(series: &[(&Series, Vec<(f64, f64)>)]) -> (f64, f64) {
    let (x_lo, x_hi) = series
        .iter()
        .flat_map(|(_, p)| p.iter().map(|q| q.0))
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), x| {
            (lo.min(x), hi.max(x))
        });
    step_axis(x_lo, x_hi)
}

/// The y axis, in axis units: the chart's fixed range, or one fitted to
/// every series (from 0 on a linear axis when the data sit near it). A fixed
/// range the axis cannot show (empty, not finite, or reaching 0 on a log
/// axis, where log10 0 = −∞ and plotters never finishes its ticks) is fitted
/// to the data instead.
fn fitted_y_axis(chart: &LineChart) -> (f64, f64) {
    let log = chart.log_y;
    if let Some((lo, hi)) = chart.y_fixed {
        if lo.is_finite() && hi.is_finite() && lo < hi && (!log || lo > 0.0) {
            return (on_y_axis(lo, log), on_y_axis(hi, log));
        }
    }
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
    (on_y_axis(lo, log), on_y_axis(hi, log))
}

/// The grid, ticks and axis names, for axes spanning `(x_span, y_span)`;
/// ticks above `y_top`, in the legend's band, are left unlabelled.
fn draw_line_mesh<DB: DrawingBackend>(
    ctx: &mut Axes<DB>,
    chart: &LineChart,
    (x_span, y_span): (f64, f64),
    y_top: f64,
) -> Option<()> {
    let log = chart.log_y;
    let font = ("sans-serif", chart.font_px);
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
        .ok()
}

/// Each series as a line, with a dot at every point if it asks for them.
fn draw_curves<DB: DrawingBackend>(
    ctx: &mut Axes<DB>,
    series: &[(&Series, Vec<(f64, f64)>)],
) -> Option<()> {
    for (s, pts) in series {
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
    Some(())
}
