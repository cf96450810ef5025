//! Line, marked and bar charts, drawn with plotters. Their drawing code
//! (`*_on`) is generic over plotters' `DrawingBackend`: the canvas on the page
//! ([`crate::canvas`]) and the SVG download ([`crate::svg`]) are drawn by the
//! very same function.
//!
//! - [`lines`]: line charts (training curves, PE dimensions);
//! - [`marked`]: log–log charts with marks and vertical lines (Noam, complexity);
//! - [`bars`]: grouped bars (label smoothing);
//! - [`legend`]: where a legend goes, clear of the data, and drawing it;
//! - this file: colours, series and the plotting area's geometry.

use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;

mod bars;
mod legend;
mod lines;
mod marked;
#[cfg(test)]
mod tests;

pub use bars::*;
pub use legend::*;
pub use lines::*;
pub use marked::*;

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
pub(crate) const CHART_MARGIN_PX: u32 = 12;
/// The x axis's tick labels and caption take this many ems under the plot.
pub(crate) const X_LABEL_AREA_EMS: u32 = 3;
/// The y axis's tick labels and caption take this many ems left of the plot.
pub(crate) const Y_LABEL_AREA_EMS: u32 = 5;

/// The chart's axes once built: x and y both in data (or log10) units.
pub(crate) type Axes<'a, DB> = ChartContext<'a, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

/// The axes of a line or marked chart over `x` and `y` (in axis units) on
/// `root`, with the margins and label areas [`plotting_area_px`] leaves out.
pub(crate) fn axes_on<'a, DB: DrawingBackend>(
    root: &'a DrawingArea<DB, Shift>,
    font_px: u32,
    (x_lo, x_hi): (f64, f64),
    (y_lo, y_hi): (f64, f64),
) -> Option<Axes<'a, DB>> {
    ChartBuilder::on(root)
        .margin(CHART_MARGIN_PX)
        .x_label_area_size(font_px * X_LABEL_AREA_EMS)
        .y_label_area_size(font_px * Y_LABEL_AREA_EMS)
        .build_cartesian_2d(x_lo..x_hi, y_lo..y_hi)
        .ok()
}

/// The plotting area's size in pixels: the drawing area without the margins
/// and the axes' label areas.
pub(crate) fn plotting_area_px<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    font_px: u32,
) -> (u32, u32) {
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
pub(crate) fn in_legend_band(v: f64, top: f64, span: f64) -> bool {
    v > top + span * 1e-9
}

/// How far a legend sits from the plotting area's edges, as a fraction.
pub(crate) const LEGEND_INSET: f64 = 0.02;

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
