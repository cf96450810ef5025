//! Line, marked and bar charts, drawn with plotters. Their drawing code
//! (`*_on`) is generic over plotters' `DrawingBackend`: the canvas on the page
//! ([`crate::canvas`]) and the SVG download ([`crate::svg`]) are drawn by the
//! very same function.

use crate::axis::{downsample, tick_label, y_range};
use plotters::coord::Shift;
use plotters::prelude::*;

/// Colour-blind-safe line colours (Okabe & Ito).
pub const BLUE: RGBColor = RGBColor(0x00, 0x72, 0xb2);
pub const ORANGE: RGBColor = RGBColor(0xe6, 0x9f, 0x00);
pub const GREEN: RGBColor = RGBColor(0x00, 0x9e, 0x73);
pub const VERMILLION: RGBColor = RGBColor(0xd5, 0x5e, 0x00);
pub const PURPLE: RGBColor = RGBColor(0xcc, 0x79, 0xa7);

/// The smallest cell, in pixels, that gets a hatch stroke when hidden.
pub const MIN_HATCHED_CELL: f64 = 6.0;

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

/// A linear y axis for data from `min` to `max` that starts at 0 when the
/// data are not negative and sit nearer to 0 than their own span (a loss
/// falling towards 0, a learning rate rising from 0), so 0 is on the axis
/// and a curve near it is not drawn on top of the x axis.
pub fn from_zero(range: (f64, f64), min: f64, max: f64) -> (f64, f64) {
    if min.is_finite() && max.is_finite() && min >= 0.0 && min <= max - min {
        (0.0, range.1)
    } else {
        range
    }
}

/// Space around a chart, in pixels.
const CHART_MARGIN_PX: u32 = 12;
/// The x axis's tick labels and caption take this many ems under the plot.
const X_LABEL_AREA_EMS: u32 = 3;
/// The y axis's tick labels and caption take this many ems left of the plot.
const Y_LABEL_AREA_EMS: u32 = 5;

/// The plotting area's size in pixels: the drawing area without the margins
/// and the axes' label areas.
fn plotting_area_px<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, font_px: u32) -> (u32, u32) {
    let (w, h) = root.dim_in_pixel();
    (
        w.saturating_sub(2 * CHART_MARGIN_PX + font_px * Y_LABEL_AREA_EMS),
        h.saturating_sub(2 * CHART_MARGIN_PX + font_px * X_LABEL_AREA_EMS),
    )
}

/// Every curve in unit coordinates (0–1 from the lower left of the axes),
/// with points sampled along each segment, so a legend over a line between
/// two distant points counts as covering it.
pub fn in_unit_square(
    curves: &[impl AsRef<[(f64, f64)]>],
    x: (f64, f64),
    y: (f64, f64),
) -> Vec<(f64, f64)> {
    const SAMPLES_PER_SEGMENT: usize = 8;
    let (x_span, y_span) = (
        (x.1 - x.0).max(f64::MIN_POSITIVE),
        (y.1 - y.0).max(f64::MIN_POSITIVE),
    );
    let unit = |&(px, py): &(f64, f64)| ((px - x.0) / x_span, (py - y.0) / y_span);
    let mut out = Vec::new();
    for curve in curves {
        let pts: Vec<(f64, f64)> = curve.as_ref().iter().map(unit).collect();
        out.extend(pts.first().copied());
        for w in pts.windows(2) {
            let ((x0, y0), (x1, y1)) = (w[0], w[1]);
            out.extend((1..=SAMPLES_PER_SEGMENT).map(|i| {
                let t = i as f64 / SAMPLES_PER_SEGMENT as f64;
                (x0 + t * (x1 - x0), y0 + t * (y1 - y0))
            }));
        }
    }
    out
}

/// Where a legend of `size` goes: a corner that no curve crosses, the
/// preferred one if it is free; else the preferred side of the top, over a
/// band of headroom (the returned fraction of the plot's height) that the
/// axis adds above the data, so the legend never hides a curve.
pub fn legend_layout(
    preferred: &SeriesLabelPosition,
    size: (f64, f64),
    drawn: &[(f64, f64)],
) -> (SeriesLabelPosition, f64) {
    use SeriesLabelPosition::{UpperLeft, UpperRight};
    /// The most of a plot's height given to a legend's band.
    const MOST_HEADROOM: f64 = 0.5;
    let (corner, covered) = clear_corner(preferred, size, drawn);
    if covered == 0 {
        return (corner, 0.0);
    }
    let top = match preferred {
        SeriesLabelPosition::UpperLeft | SeriesLabelPosition::LowerLeft => UpperLeft,
        _ => UpperRight,
    };
    (top, (size.1 + 2.0 * LEGEND_INSET).min(MOST_HEADROOM))
}

/// The top of a y axis from `lo` to `hi` that leaves `headroom` (a fraction
/// of the whole axis) free above the data.
pub fn with_headroom(lo: f64, hi: f64, headroom: f64) -> f64 {
    lo + (hi - lo) / (1.0 - headroom.clamp(0.0, 0.9))
}

/// Whether a y tick at `v` lies in the legend's band above the data (which
/// ends at `top`): such ticks are left unlabelled, so an accuracy axis never
/// reads 1.2.
fn in_legend_band(v: f64, top: f64, span: f64) -> bool {
    v > top + span * 1e-9
}

/// How far a legend sits from the plotting area's edges, as a fraction.
const LEGEND_INSET: f64 = 0.02;

/// The fewest steps an x axis of steps spans, so a lone point is not a blur.
pub const MIN_STEP_SPAN: f64 = 50.0;

/// The x axis of a chart over steps (or positions) whose data runs from `lo`
/// to `hi`. It starts at 0 when the data starts near 0, and at the data
/// otherwise (a run continued from a checkpoint at step 600 is not squeezed to
/// the right of a 0–660 axis). It spans at least [`MIN_STEP_SPAN`], and
/// 0–[`MIN_STEP_SPAN`] before any data, not −1–1.
pub fn step_axis(lo: f64, hi: f64) -> (f64, f64) {
    if !(lo.is_finite() && hi.is_finite()) || lo > hi {
        return (0.0, MIN_STEP_SPAN);
    }
    let lo = if lo <= MIN_STEP_SPAN { lo.min(0.0) } else { lo };
    let hi = hi.max(lo + MIN_STEP_SPAN);
    (lo, hi)
}

/// The legend's size as fractions of the plotting area's width and height,
/// for `labels` in `font_px` type: Han and kana take a whole em, Latin about
/// half, plus the sample line and the frame.
pub fn legend_size(labels: &[&str], font_px: u32, area_px: (u32, u32)) -> (f64, f64) {
    // What `legend_place` adds around the labels: the key, the padding on
    // both sides and the gap to the plotting area's edge.
    let frame = f64::from(2 * LEGEND_PADDING_PX) + f64::from(LEGEND_EDGE_PX);
    let em = f64::from(font_px);
    let text_px = |label: &str| -> f64 {
        let wide = |c: char| c as u32 >= 0x2E80;
        label
            .chars()
            .map(|c| if wide(c) { em } else { 0.55 * em })
            .sum()
    };
    let widest = labels.iter().map(|l| text_px(l)).fold(0.0, f64::max);
    let (w, h) = (f64::from(area_px.0.max(1)), f64::from(area_px.1.max(1)));
    let rows = labels.len() as f64 * em * ROW_LEADING + frame;
    ((widest + f64::from(LEGEND_KEY_PX) + frame) / w, rows / h)
}

/// The corner for a legend of `size` (fractions of the plotting area) that
/// covers the fewest of the `drawn` points (in unit coordinates: 0–1 from the
/// lower left), trying `preferred` first so that it wins ties; and how many
/// points it covers.
pub fn clear_corner(
    preferred: &SeriesLabelPosition,
    size: (f64, f64),
    drawn: &[(f64, f64)],
) -> (SeriesLabelPosition, usize) {
    use SeriesLabelPosition::{LowerLeft, LowerRight, UpperLeft, UpperRight};
    const INSET: f64 = LEGEND_INSET;
    let covered = |corner: &SeriesLabelPosition| -> usize {
        let (right, upper) = match corner {
            UpperRight => (true, true),
            UpperLeft => (false, true),
            LowerRight => (true, false),
            LowerLeft => (false, false),
            _ => return usize::MAX,
        };
        let (w, h) = (size.0 + INSET, size.1 + INSET);
        let in_x = |x: f64| if right { x >= 1.0 - w } else { x <= w };
        let in_y = |y: f64| if upper { y >= 1.0 - h } else { y <= h };
        drawn.iter().filter(|&&(x, y)| in_x(x) && in_y(y)).count()
    };
    let mut best = (preferred.clone(), covered(preferred));
    for corner in [UpperRight, UpperLeft, LowerRight, LowerLeft] {
        let n = covered(&corner);
        if n < best.1 {
            best = (corner, n);
        }
    }
    best
}

/// A legend's rows are this many ems apart.
const ROW_LEADING: f64 = 1.25;
/// Space inside a legend's frame, in pixels.
const LEGEND_PADDING_PX: u32 = 10;
/// The width given to each row's key (its line, dot or bar), in pixels.
const LEGEND_KEY_PX: u32 = 30;
/// How far a legend's frame sits from the plotting area's edges, in pixels.
const LEGEND_EDGE_PX: i32 = 5;
/// The dots on a dotted series (held-out evaluations), in pixels.
const DOT_RADIUS_PX: u32 = 4;
/// A labelled point ([`Dot`]), in pixels.
const MARK_RADIUS_PX: u32 = 6;

/// What a legend row shows beside its label: the mark as the chart draws it.
#[derive(Clone, Copy, Debug)]
pub enum LegendKey {
    /// A line, with a dot on it for a dotted series.
    Line { color: RGBColor, dot: bool },
    /// A dashed vertical line ([`VLine`]).
    Upright(RGBColor),
    /// A labelled point ([`Dot`]).
    Point(RGBColor),
    /// One set of bars.
    Bar(RGBColor),
}

/// One row of a legend.
pub struct LegendRow<'a> {
    pub label: &'a str,
    pub key: LegendKey,
}

/// Where a legend's parts go, in pixels from the plotting area's upper left.
#[derive(Debug, PartialEq)]
pub struct LegendPlace {
    /// The frame's upper-left and lower-right corners.
    pub frame: ((i32, i32), (i32, i32)),
    /// Each row's key: its left end, at the middle of the row's text.
    pub keys: Vec<(i32, i32)>,
    /// Each row's text: its upper-left corner.
    pub texts: Vec<(i32, i32)>,
}

/// Lay out a legend whose labels measure `text_px` (width, height), in
/// `font_px` type, in the `at` corner of a plotting area of `area_px`.
pub fn legend_place(
    text_px: &[(u32, u32)],
    font_px: u32,
    area_px: (u32, u32),
    at: &SeriesLabelPosition,
) -> LegendPlace {
    use SeriesLabelPosition::*;
    let pad = LEGEND_PADDING_PX as i32;
    let row_px = (f64::from(font_px) * ROW_LEADING).round() as i32;
    let widest = text_px.iter().map(|t| t.0).max().unwrap_or(0) as i32;
    let last = text_px.last().map_or(0, |t| t.1 as i32);
    let rows = text_px.len() as i32;
    let (w, h) = (
        widest + LEGEND_KEY_PX as i32 + 2 * pad,
        (rows - 1).max(0) * row_px + last + 2 * pad,
    );
    let (aw, ah) = (area_px.0 as i32, area_px.1 as i32);
    let x = match at {
        UpperLeft | MiddleLeft | LowerLeft => LEGEND_EDGE_PX,
        UpperMiddle | MiddleMiddle | LowerMiddle => (aw - w) / 2,
        UpperRight | MiddleRight | LowerRight => aw - w - LEGEND_EDGE_PX,
        Coordinate(x, _) => *x,
    };
    let y = match at {
        UpperLeft | UpperMiddle | UpperRight => LEGEND_EDGE_PX,
        MiddleLeft | MiddleMiddle | MiddleRight => (ah - h) / 2,
        LowerLeft | LowerMiddle | LowerRight => ah - h - LEGEND_EDGE_PX,
        Coordinate(_, y) => *y,
    };
    let tops = (0..rows).map(|i| y + pad + i * row_px);
    LegendPlace {
        frame: ((x, y), (x + w, y + h)),
        keys: (tops.clone().zip(text_px))
            .map(|(top, t)| (x + pad, top + t.1 as i32 / 2))
            .collect(),
        texts: tops
            .map(|top| (x + pad + LEGEND_KEY_PX as i32, top))
            .collect(),
    }
}

/// Draw a legend of `rows` in the `at` corner of `chart`'s plotting area.
/// The lab draws its own legends: plotters' measures each label with a
/// forced page layout, while this one measures through the backend, which
/// [`crate::measured::Measured`] answers from its cache.
fn legend_on<DB: DrawingBackend, CT: CoordTranslate>(
    chart: &ChartContext<DB, CT>,
    rows: &[LegendRow],
    font_px: u32,
    at: &SeriesLabelPosition,
) -> Option<()> {
    if rows.is_empty() {
        return Some(());
    }
    let area = &chart.plotting_area().strip_coord_spec();
    let style: TextStyle = ("sans-serif", font_px).into_font().into();
    let text_px = (rows.iter())
        .map(|r| area.estimate_text_size(r.label, &style).ok())
        .collect::<Option<Vec<_>>>()?;
    let place = legend_place(&text_px, font_px, area.dim_in_pixel(), at);
    area.draw(&Rectangle::new(
        [place.frame.0, place.frame.1],
        WHITE.mix(0.85).filled(),
    ))
    .ok()?;
    area.draw(&Rectangle::new([place.frame.0, place.frame.1], BLACK))
        .ok()?;
    for ((row, key), text) in rows.iter().zip(place.keys).zip(place.texts) {
        area.draw(&Text::new(row.label, text, style.clone())).ok()?;
        draw_key(area, row.key, key)?;
    }
    Some(())
}

/// A legend row's key with its left end at `(x, y)`, drawn as on the chart.
fn draw_key<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    key: LegendKey,
    (x, y): (i32, i32),
) -> Option<()> {
    const LINE_PX: i32 = 24;
    let mid = x + LINE_PX / 2;
    match key {
        LegendKey::Line { color, dot } => {
            area.draw(&PathElement::new(
                vec![(x, y), (x + LINE_PX, y)],
                color.stroke_width(3),
            ))
            .ok()?;
            if dot {
                area.draw(&Circle::new((mid, y), DOT_RADIUS_PX, color.filled()))
                    .ok()?;
            }
        }
        LegendKey::Upright(color) => {
            let ends = vec![(mid, y - 8), (mid, y + 8)];
            area.draw(&PathElement::new(ends, color.stroke_width(2)))
                .ok()?;
        }
        LegendKey::Point(color) => {
            area.draw(&Circle::new((mid, y), MARK_RADIUS_PX, color.filled()))
                .ok()?;
        }
        LegendKey::Bar(color) => {
            let corners = [(x, y - 6), (x + 18, y + 6)];
            area.draw(&Rectangle::new(corners, color.filled())).ok()?;
        }
    }
    Some(())
}

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
fn log_axis_labels(decades: f64) -> usize {
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
const BAR_GROUP_FILL: f64 = 0.8;

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
        .margin(12)
        .x_label_area_size(chart.font_px * (longest + 3))
        .y_label_area_size(chart.font_px * 5)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_ticks_are_powers_of_ten_or_plain_values() {
        assert_eq!(log_tick_label(0.0), "10⁰");
        assert_eq!(log_tick_label(3.0), "10³");
        assert_eq!(log_tick_label(12.0), "10¹²");
        assert_eq!(log_tick_label(-4.0), "10⁻⁴");
        assert_eq!(log_tick_label(2f64.log10()), "2.00");
        assert_eq!(log_tick_label(3.5), "3162");
        assert_eq!(log_tick_label(0.5f64.log10()), "0.500");
    }

    #[test]
    fn the_step_axis_starts_at_the_data_unless_it_starts_near_zero() {
        assert_eq!(step_axis(1.0, 300.0), (0.0, 300.0));
        // A run continued from a checkpoint at step 600.
        assert_eq!(step_axis(601.0, 900.0), (601.0, 900.0));
        // A lone evaluation is not a ±1 blur.
        assert_eq!(step_axis(600.0, 600.0), (600.0, 600.0 + MIN_STEP_SPAN));
        // Before any data.
        assert_eq!(
            step_axis(f64::INFINITY, f64::NEG_INFINITY),
            (0.0, MIN_STEP_SPAN)
        );
    }

    #[test]
    fn the_legend_moves_to_the_corner_the_curves_leave_free() {
        use SeriesLabelPosition::*;
        let size = (0.4, 0.3);
        // A falling loss: high on the left, low on the right.
        let falling = vec![(0..=100)
            .map(|i| (i as f64, 100.0 - i as f64))
            .collect::<Vec<_>>()];
        let drawn = in_unit_square(&falling, (0.0, 100.0), (0.0, 100.0));
        let (at, headroom) = legend_layout(&UpperLeft, size, &drawn);
        assert!(
            matches!(at, UpperRight) && headroom == 0.0,
            "{at:?} {headroom}"
        );
        // A curve along the top (accuracy near 1) sends it to a lower corner.
        let high = vec![vec![(0.0, 0.97), (1.0, 0.98)]];
        let (at, headroom) = legend_layout(
            &UpperRight,
            size,
            &in_unit_square(&high, (0.0, 1.0), (0.0, 1.0)),
        );
        assert!(
            matches!(at, LowerRight) && headroom == 0.0,
            "{at:?} {headroom}"
        );
        // With every corner free, the preferred one stays.
        let (at, _) = legend_layout(&LowerLeft, size, &[(0.5, 0.5)]);
        assert!(matches!(at, LowerLeft), "{at:?}");
    }

    #[test]
    fn a_loss_axis_starts_at_zero_but_a_narrow_band_far_from_it_does_not() {
        // Held-out 0.066, train 0.85: 0 is on the axis, under the held-out line.
        assert_eq!(from_zero((0.03, 0.89), 0.066, 0.85), (0.0, 0.89));
        // A loss hovering between 2.1 and 2.3 keeps its zoomed-in axis.
        assert_eq!(from_zero((2.09, 2.31), 2.1, 2.3), (2.09, 2.31));
        // A curve with negative values (a sine) keeps its own range.
        assert_eq!(from_zero((-1.1, 1.1), -1.0, 1.0), (-1.1, 1.1));
    }

    #[test]
    fn with_no_free_corner_the_axis_makes_room_above_the_curves() {
        use SeriesLabelPosition::*;
        let size = (0.5, 0.3);
        // A train loss along the top and a held-out line along the bottom, from
        // two points only: the line between them counts, not just its ends.
        let curves = vec![
            vec![(600.0, 0.8), (700.0, 0.8)],
            vec![(600.0, 0.06), (700.0, 0.06)],
        ];
        let drawn = in_unit_square(&curves, (600.0, 700.0), (0.0, 0.9));
        assert!(drawn.len() > 4, "segments are sampled");
        let (at, headroom) = legend_layout(&UpperRight, size, &drawn);
        assert!(matches!(at, UpperRight), "{at:?}");
        assert!(headroom >= size.1, "{headroom}");
        // The data then fills the axis below the band: 0.9 sits at 1 − headroom.
        let top = with_headroom(0.0, 0.9, headroom);
        assert!((0.9 / top - (1.0 - headroom)).abs() < 1e-12);
        assert_eq!(with_headroom(0.0, 0.9, 0.0), 0.9);
    }

    #[test]
    fn a_legend_of_han_text_is_wider_than_one_of_as_many_latin_letters() {
        let (latin, _) = legend_size(&["abcd"], 16, (800, 400));
        let (han, _) = legend_size(&["学習率み"], 16, (800, 400));
        assert!(han > latin, "{han} {latin}");
        let (_, one) = legend_size(&["a"], 16, (800, 400));
        let (_, three) = legend_size(&["a", "b", "c"], 16, (800, 400));
        // Two more rows of 1.25 em (20 px) in a 400 px plot.
        assert!(
            (three - one - 2.0 * 20.0 / 400.0).abs() < 1e-12,
            "{three} {one}"
        );
    }

    #[test]
    fn a_legend_frames_its_rows_in_the_chosen_corner() {
        use SeriesLabelPosition::*;
        let texts = [(60, 16), (100, 16), (40, 18)];
        let (area, font) = ((500, 300), 16);
        let right = legend_place(&texts, font, area, &UpperRight);
        let ((x0, y0), (x1, y1)) = right.frame;
        // The widest label, its key and the padding on both sides.
        assert_eq!(x1 - x0, 100 + 30 + 2 * 10);
        // Two row steps of 1.25 em (20 px), the last row's height, the padding.
        assert_eq!(y1 - y0, 2 * 20 + 18 + 2 * 10);
        assert_eq!((x1, y0), (500 - 5, 5), "inset from the upper right");
        assert_eq!(right.texts[0], (x0 + 10 + 30, y0 + 10));
        assert_eq!(right.texts[2].1 - right.texts[1].1, 20);
        // Each key sits at the middle of its own label's height.
        assert_eq!(right.keys[2], (x0 + 10, right.texts[2].1 + 9));
        let left = legend_place(&texts, font, area, &LowerLeft);
        let ((lx0, _), (_, ly1)) = left.frame;
        assert_eq!((lx0, ly1), (5, 300 - 5), "inset from the lower left");
        for place in [&right, &left] {
            let ((a, b), (c, d)) = place.frame;
            assert!(a >= 0 && b >= 0 && c <= 500 && d <= 300, "{place:?}");
        }
    }

    #[test]
    fn a_log_axis_spans_whole_decades() {
        // 2.4 to 40 steps/s: from 10⁰ to 10², three labelled ticks.
        let (lo, hi) = whole_decades(2.4f64.log10(), 40f64.log10());
        assert_eq!((lo, hi), (0.0, 2.0));
        assert_eq!(log_axis_labels(hi - lo), 3);
        // Already whole decades stay; an empty range is left alone.
        assert_eq!(whole_decades(-3.0, 1.0), (-3.0, 1.0));
        assert_eq!(whole_decades(0.5, 0.5), (0.5, 0.5));
    }

    #[test]
    fn a_log_axis_gets_one_label_per_decade() {
        assert_eq!(log_axis_labels(3.6), 4);
        assert_eq!(log_axis_labels(8.5), 9);
        assert_eq!(log_axis_labels(0.3), 2);
    }
}
