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

/// Draw a [`MarkedChart`] on any plotters drawing area (canvas or SVG).
pub fn marked_on<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    chart: &MarkedChart,
) -> Option<()> {
    root.fill(&WHITE).ok()?;
    let (log_x, log_y) = (chart.log_x, chart.log_y);
    let fx = move |x: f64| if log_x { x.log10() } else { x };
    let fy = move |y: f64| if log_y { y.log10() } else { y };
    let ok = move |(x, y): &(f64, f64)| {
        x.is_finite() && y.is_finite() && (!log_x || *x > 0.0) && (!log_y || *y > 0.0)
    };
    let series: Vec<Vec<(f64, f64)>> = chart
        .series
        .iter()
        .map(|s| {
            s.points
                .iter()
                .filter(|p| ok(p))
                .map(|&(x, y)| (fx(x), fy(y)))
                .collect()
        })
        .collect();
    let (x_lo, x_hi) = match chart.x_range {
        Some((lo, hi)) => (fx(lo), fx(hi)),
        None => {
            let xs = chart
                .series
                .iter()
                .flat_map(|s| s.points.iter().map(|p| p.0));
            let xs = xs
                .chain(chart.vlines.iter().map(|v| v.x))
                .chain(chart.dots.iter().map(|d| d.at.0));
            let (lo, hi) = y_range(xs, log_x);
            (fx(lo), fx(hi))
        }
    };
    let ys = || {
        (chart.series.iter())
            .flat_map(|s| s.points.iter().map(|p| p.1))
            .chain(chart.dots.iter().map(|d| d.at.1))
    };
    let (y_lo, y_hi) = y_range(ys(), log_y);
    let (y_lo, y_top) = (fy(y_lo), fy(y_hi));
    // A log axis spans the data's own whole decades (not the padded range's,
    // which would add an empty decade above a value of exactly 10ⁿ).
    let data = (ys().filter(|y| y.is_finite() && *y > 0.0)).fold(None, |r, y| {
        let y = y.log10();
        Some(r.map_or((y, y), |(lo, hi): (f64, f64)| (lo.min(y), hi.max(y))))
    });
    let (y_lo, y_top) = match data {
        Some((lo, hi)) if log_y && lo < hi => whole_decades(lo, hi),
        _ => (y_lo, y_top),
    };
    // The legend avoids the curves, the vertical lines and the dots.
    const VLINE_SAMPLES: usize = 20;
    let vlines: Vec<Vec<(f64, f64)>> = (chart.vlines.iter().filter(|v| ok(&(v.x, 1.0))))
        .map(|v| {
            let step = (y_top - y_lo) / VLINE_SAMPLES as f64;
            (0..=VLINE_SAMPLES)
                .map(|i| (fx(v.x), y_lo + step * i as f64))
                .collect()
        })
        .collect();
    let dots: Vec<Vec<(f64, f64)>> = (chart.dots.iter().filter(|d| ok(&d.at)))
        .map(|d| vec![(fx(d.at.0), fy(d.at.1))])
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
    let (legend_at, headroom) = legend_layout(
        &chart.legend_at,
        size,
        &in_unit_square(&all, (x_lo, x_hi), (y_lo, y_top)),
    );
    let y_hi = with_headroom(y_lo, y_top, headroom);
    let font = ("sans-serif", chart.font_px);
    let mut ctx = ChartBuilder::on(root)
        .margin(CHART_MARGIN_PX)
        .x_label_area_size(chart.font_px * X_LABEL_AREA_EMS)
        .y_label_area_size(chart.font_px * Y_LABEL_AREA_EMS)
        .build_cartesian_2d(x_lo..x_hi, y_lo..y_hi)
        .ok()?;
    let (x_span, y_span) = (x_hi - x_lo, y_hi - y_lo);
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
        .ok()?;
    let mut rows = Vec::new();
    for (s, pts) in chart.series.iter().zip(&series) {
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
    for v in chart.vlines.iter().filter(|v| ok(&(v.x, 1.0))) {
        let (color, x) = (v.color, fx(v.x));
        let style = color.stroke_width(2);
        let line = DashedLineSeries::new(vec![(x, y_lo), (x, y_top)], 8, 5, style);
        ctx.draw_series(line).ok()?;
        rows.push(LegendRow {
            label: &v.label,
            key: LegendKey::Upright(color),
        });
    }
    for d in chart.dots.iter().filter(|d| ok(&d.at)) {
        let (color, at) = (d.color, (fx(d.at.0), fy(d.at.1)));
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
    legend_on(&ctx, &rows, chart.font_px, &legend_at)?;
    root.present().ok()
}
