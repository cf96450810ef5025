//! The legend: its size, a corner clear of the data, and drawing it.

use super::*;
use plotters::coord::Shift;

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
pub(crate) const ROW_LEADING: f64 = 1.25;
/// Space inside a legend's frame, in pixels.
pub(crate) const LEGEND_PADDING_PX: u32 = 10;
/// The width given to each row's key (its line, dot or bar), in pixels.
pub(crate) const LEGEND_KEY_PX: u32 = 30;
/// How far a legend's frame sits from the plotting area's edges, in pixels.
pub(crate) const LEGEND_EDGE_PX: i32 = 5;
/// The dots on a dotted series (held-out evaluations), in pixels.
pub(crate) const DOT_RADIUS_PX: u32 = 4;
/// A labelled point ([`Dot`]), in pixels.
pub(crate) const MARK_RADIUS_PX: u32 = 6;

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

/// The smallest type a legend shrinks to, in pixels.
pub(crate) const MIN_LEGEND_FONT_PX: u32 = 9;

/// The type size at which a legend whose widest label measures `widest_px`
/// in `font_px` type fits a plotting area `area_w` pixels wide (a chart
/// drawn narrow on a phone): `font_px` when it fits, else smaller in
/// proportion, never below [`MIN_LEGEND_FONT_PX`].
pub fn fitting_font(widest_px: u32, font_px: u32, area_w: u32) -> u32 {
    let around = LEGEND_KEY_PX + 2 * LEGEND_PADDING_PX + 2 * LEGEND_EDGE_PX as u32;
    let room = area_w.saturating_sub(around);
    if widest_px <= room || widest_px == 0 {
        return font_px;
    }
    let scaled = u64::from(font_px) * u64::from(room) / u64::from(widest_px);
    (scaled as u32).clamp(MIN_LEGEND_FONT_PX, font_px)
}

/// Draw a legend of `rows` in the `at` corner of `chart`'s plotting area.
/// The lab draws its own legends: plotters' measures each label with a
/// forced page layout, while this one measures through the backend, which
/// [`crate::measured::Measured`] answers from its cache.
pub(crate) fn legend_on<DB: DrawingBackend, CT: CoordTranslate>(
    chart: &ChartContext<DB, CT>,
    rows: &[LegendRow],
    font_px: u32,
    at: &SeriesLabelPosition,
) -> Option<()> {
    if rows.is_empty() {
        return Some(());
    }
    let area = &chart.plotting_area().strip_coord_spec();
    let measure = |font_px: u32| {
        let style: TextStyle = ("sans-serif", font_px).into_font().into();
        let sizes = (rows.iter())
            .map(|r| area.estimate_text_size(r.label, &style).ok())
            .collect::<Option<Vec<_>>>();
        sizes.map(|s| (style, s))
    };
    let (mut style, mut text_px) = measure(font_px)?;
    let widest = text_px.iter().map(|t| t.0).max().unwrap_or(0);
    let fitted = fitting_font(widest, font_px, area.dim_in_pixel().0);
    if fitted != font_px {
        (style, text_px) = measure(fitted)?;
    }
    let font_px = fitted;
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
pub(crate) fn draw_key<DB: DrawingBackend>(
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
