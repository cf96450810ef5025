//! Charts with marks and labelled vertical lines, on linear or log axes.

use super::*;
use crate::axis::{tick_label, y_range};
use plotters::coord::Shift;

/// A labelled vertical line across a chart, e.g. "current step" or "n = d".
/// Its label goes in the legend, so nearby lines never print over each other.
pub struct VLine {
    pub x: f64,
    pub label: String,
    pub color: RGBColor,
}

/// A labelled point on a chart, e.g. the peak of a schedule (label in the legend).
pub struct Dot {
    pub at: (f64, f64),
    pub label: String,
    pub color: RGBColor,
}

/// A line chart with optional log axes, vertical lines and labelled dots.
pub struct MarkedChart<'a> {
    pub x_label: &'a str,
    pub y_label: &'a str,
    pub series: Vec<Series>,
    pub vlines: Vec<VLine>,
    pub dots: Vec<Dot>,
    /// Plot log10(x), ticks labelled as powers of ten.
    pub log_x: bool,
    /// Plot log10(y), ticks labelled as powers of ten.
    pub log_y: bool,
    /// The x range in data units; `None` fits the series, lines and dots.
    pub x_range: Option<(f64, f64)>,
    pub font_px: u32,
    pub legend_at: SeriesLabelPosition,
}

/// The most tick labels on a log axis spanning `decades`: one per whole power of
/// ten, so plotters never picks half-decade ticks on a wide axis.
pub(crate) fn log_axis_labels(decades: f64) -> usize {
    const MOST: usize = 12;
    (decades.floor() as usize + 1).clamp(2, MOST)
}

/// A log10 axis from `lo` to `hi` widened to whole powers of ten, so that
/// it has a labelled tick at both ends (its ticks are whole decades), even
/// when the data spans less than one.
pub fn whole_decades(lo: f64, hi: f64) -> (f64, f64) {
    if !(lo.is_finite() && hi.is_finite()) || lo >= hi {
        return (lo, hi);
    }
    (lo.floor(), hi.ceil())
}

/// An axis tick on a log10 axis: `10ⁿ` at whole powers, else the value to three digits.
pub fn log_tick_label(log10: f64) -> String {
    const SUPERSCRIPTS: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    let rounded = log10.round();
    if (log10 - rounded).abs() > 1e-9 {
        let decimals = (2 - log10.floor() as i64).max(0) as usize;
        return format!("{:.decimals$}", 10f64.powf(log10));
    }
    let digits: String = (rounded.abs() as u64)
        .to_string()
        .chars()
        .map(|c| SUPERSCRIPTS[c as usize - '0' as usize])
        .collect();
    format!("10{}{digits}", if rounded < 0.0 { "⁻" } else { "" })
}

/// Which axes of a [`MarkedChart`] are log10, and so where its points go.
#[derive(Clone, Copy)]
struct Scales {
    log_x: bool,
    log_y: bool,
}

impl Scales {
    /// `x` in the units of the x axis: log10(x) on a log axis.
    fn x(self, x: f64) -> f64 {
        if self.log_x {
            x.log10()
        } else {
            x
        }
    }

    /// `y` in the units of the y axis: log10(y) on a log axis.
    fn y(self, y: f64) -> f64 {
        if self.log_y {
            y.log10()
        } else {
            y
        }
    }

    /// A data point in axis units.
    fn point(self, (x, y): (f64, f64)) -> (f64, f64) {
        (self.x(x), self.y(y))
    }

    /// Whether a point can be drawn: finite, and positive along a log axis.
    fn shows(self, (x, y): (f64, f64)) -> bool {
        x.is_finite() && y.is_finite() && (!self.log_x || x > 0.0) && (!self.log_y || y > 0.0)
    }
}

/// Draw a [`MarkedChart`] on any plotters drawing area (canvas or SVG).
pub fn marked_on<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    chart: &MarkedChart,
) -> Option<()> {
    root.fill(&WHITE).ok()?;
    let scales = Scales {
        log_x: chart.log_x,
        log_y: chart.log_y,
    };
    let series: Vec<Vec<(f64, f64)>> = (chart.series.iter())
        .map(|s| {
            (s.points.iter().filter(|&&p| scales.shows(p)))
                .map(|&p| scales.point(p))
                .collect()
        })
        .collect();
    let (x_lo, x_hi) = marked_x_axis(chart, scales);
    let (y_lo, y_top) = marked_y_axis(chart, scales);
    let (legend_at, headroom) =
        marked_legend_layout(root, chart, scales, &series, (x_lo, x_hi), (y_lo, y_top));
    let y_hi = with_headroom(y_lo, y_top, headroom);
    let mut ctx = axes_on(root, chart.font_px, (x_lo, x_hi), (y_lo, y_hi))?;
    draw_marked_mesh(&mut ctx, chart, (x_hi - x_lo, y_hi - y_lo), y_top)?;
    let mut rows = draw_marked_series(&mut ctx, chart, &series)?;
    rows.extend(draw_vlines(&mut ctx, chart, scales, (y_lo, y_top))?);
    rows.extend(draw_dots(&mut ctx, chart, scales)?);
    legend_on(&ctx, &rows, chart.font_px, &legend_at)?;
    root.present().ok()
}

/// The x axis in axis units: the chart's own range, or one that fits the
/// series, the vertical lines and the dots.
fn marked_x_axis(chart: &MarkedChart, scales: Scales) -> (f64, f64) {
    if let Some((lo, hi)) = chart.x_range {
        return (scales.x(lo), scales.x(hi));
    }
    let xs = chart
        .series
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.0));
    let xs = xs
        .chain(chart.vlines.iter().map(|v| v.x))
        .chain(chart.dots.iter().map(|d| d.at.0));
    let (lo, hi) = y_range(xs, scales.log_x);
    (scales.x(lo), scales.x(hi))
}

/// The y axis in axis units, `(bottom, top of the data)`, fitting the series
/// and the dots; on a log axis, their own whole decades.
fn marked_y_axis(chart: &MarkedChart, scales: Scales) -> (f64, f64) {
    let ys = || {
        (chart.series.iter())
            .flat_map(|s| s.points.iter().map(|p| p.1))
            .chain(chart.dots.iter().map(|d| d.at.1))
    };
    let (y_lo, y_hi) = y_range(ys(), scales.log_y);
    let (y_lo, y_top) = (scales.y(y_lo), scales.y(y_hi));
    // A log axis spans the data's own whole decades (not the padded range's,
    // which would add an empty decade above a value of exactly 10ⁿ).
    let data = (ys().filter(|y| y.is_finite() && *y > 0.0)).fold(None, |r, y| {
        let y = y.log10();
        Some(r.map_or((y, y), |(lo, hi): (f64, f64)| (lo.min(y), hi.max(y))))
    });
    match data {
        Some((lo, hi)) if scales.log_y && lo < hi => whole_decades(lo, hi),
        _ => (y_lo, y_top),
    }
}

/// Where the legend goes, and the headroom it needs above the data (which
/// spans `x` and `y` in axis units), so that it avoids the curves, the
/// vertical lines and the dots.
fn marked_legend_layout<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    chart: &MarkedChart,
    scales: Scales,
    series: &[Vec<(f64, f64)>],
    x: (f64, f64),
    y: (f64, f64),
) -> (SeriesLabelPosition, f64) {
    const VLINE_SAMPLES: usize = 20;
    let vlines: Vec<Vec<(f64, f64)>> = (chart.vlines.iter())
        .filter(|v| scales.shows((v.x, 1.0)))
        .map(|v| {
            let step = (y.1 - y.0) / VLINE_SAMPLES as f64;
            (0..=VLINE_SAMPLES)
                .map(|i| (scales.x(v.x), y.0 + step * i as f64))
                .collect()
        })
        .collect();
    let dots: Vec<Vec<(f64, f64)>> = (chart.dots.iter().filter(|d| scales.shows(d.at)))
        .map(|d| vec![scales.point(d.at)])
        .collect();
    let all: Vec<&[(f64, f64)]> = (series.iter().chain(&vlines).chain(&dots))
        .map(Vec::as_slice)
        .collect();
    let labels: Vec<&str> = (chart.series.iter().map(|s| s.label.as_str()))
        .chain(chart.vlines.iter().map(|v| v.label.as_str()))
        .chain(chart.dots.iter().map(|d| d.label.as_str()))
        .collect();
    let size = legend_size(
        &labels,
        chart.font_px,
        plotting_area_px(root, chart.font_px),
    );
    legend_layout(&chart.legend_at, size, &in_unit_square(&all, x, y))
}

/// The grid, ticks and axis names, for axes spanning `(x_span, y_span)`:
/// powers of ten on a log axis, and no labels above `y_top` (the legend's band).
fn draw_marked_mesh<DB: DrawingBackend>(
    ctx: &mut Axes<DB>,
    chart: &MarkedChart,
    (x_span, y_span): (f64, f64),
    y_top: f64,
) -> Option<()> {
    let (log_x, log_y) = (chart.log_x, chart.log_y);
    let font = ("sans-serif", chart.font_px);
    let x_fmt = move |v: &f64| {
        if log_x {
            log_tick_label(*v)
        } else {
            tick_label(*v, x_span)
        }
    };
    let y_fmt = move |v: &f64| {
        if in_legend_band(*v, y_top, y_span) {
            String::new()
        } else if log_y {
            log_tick_label(*v)
        } else {
            tick_label(*v, y_span)
        }
    };
    ctx.configure_mesh()
        .x_desc(chart.x_label)
        .y_desc(chart.y_label)
        .label_style(font)
        .axis_desc_style(font)
        .x_label_formatter(&x_fmt)
        .y_label_formatter(&y_fmt)
        .x_labels(if log_x { log_axis_labels(x_span) } else { 8 })
        .y_labels(if log_y { log_axis_labels(y_span) } else { 8 })
        .light_line_style(RGBColor(0xee, 0xee, 0xee))
        .draw()
        .ok()
}

/// Each series as a line (with its points, if dotted); their legend rows.
fn draw_marked_series<'c, DB: DrawingBackend>(
    ctx: &mut Axes<DB>,
    chart: &'c MarkedChart,
    series: &[Vec<(f64, f64)>],
) -> Option<Vec<LegendRow<'c>>> {
    let mut rows = Vec::new();
    for (s, pts) in chart.series.iter().zip(series) {
        let color = s.color;
        ctx.draw_series(LineSeries::new(pts.iter().copied(), color.stroke_width(3)))
            .ok()?;
        if s.dots {
            let dots = pts
                .iter()
                .map(|&p| Circle::new(p, DOT_RADIUS_PX, color.filled()));
            ctx.draw_series(dots).ok()?;
        }
        let key = LegendKey::Line { color, dot: s.dots };
        rows.push(LegendRow {
            label: &s.label,
            key,
        });
    }
    Some(rows)
}

/// Each vertical line, dashed from `y.0` to `y.1`; their legend rows.
fn draw_vlines<'c, DB: DrawingBackend>(
    ctx: &mut Axes<DB>,
    chart: &'c MarkedChart,
    scales: Scales,
    (y_lo, y_top): (f64, f64),
) -> Option<Vec<LegendRow<'c>>> {
    let mut rows = Vec::new();
    for v in chart.vlines.iter().filter(|v| scales.shows((v.x, 1.0))) {
        let (color, x) = (v.color, scales.x(v.x));
        let style = color.stroke_width(2);
        let line = DashedLineSeries::new(vec![(x, y_lo), (x, y_top)], 8, 5, style);
        ctx.draw_series(line).ok()?;
        rows.push(LegendRow {
            label: &v.label,
            key: LegendKey::Upright(color),
        });
    }
    Some(rows)
}

/// Each labelled dot, as a large mark; their legend rows.
fn draw_dots<'c, DB: DrawingBackend>(
    ctx: &mut Axes<DB>,
    chart: &'c MarkedChart,
    scales: Scales,
) -> Option<Vec<LegendRow<'c>>> {
    let mut rows = Vec::new();
    for d in chart.dots.iter().filter(|d| scales.shows(d.at)) {
        let (color, at) = (d.color, scales.point(d.at));
        ctx.draw_series(std::iter::once(Circle::new(
            at,
            MARK_RADIUS_PX,
            color.filled(),
        )))
        .ok()?;
        rows.push(LegendRow {
            label: &d.label,
            key: LegendKey::Point(color),
        });
    }
    Some(rows)
}
