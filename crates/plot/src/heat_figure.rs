//! A heatmap as a stand-alone figure for download: title, axis names, token
//! labels, the cells, and a colour scale with its range.
//!
//! On the page the cells are one canvas and the labels are HTML around it; a
//! downloaded PNG or SVG must carry all of it in one picture. The figure is
//! drawn once, by [`heat_figure_on`], on any plotters `DrawingBackend`: an
//! SVG string ([`heat_figure_svg`]) or an off-screen canvas for the PNG
//! ([`heat_figure_canvas`]). Rows are queries, columns are keys, as in every
//! map of the lab.

use crate::colormap::{normalise, ColorMap, HATCH_RGB, HIDDEN_RGB};
use crate::draw::MIN_HATCHED_CELL;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// How many bands the colour scale under the figure is drawn with.
pub const LEGEND_STEPS: usize = 48;

/// Labels longer than this many characters are shortened with `…`.
const MAX_LABEL_CHARS: usize = 18;

/// Space around the figure and between its parts, in pixels.
const PAD: i32 = 12;

/// Everything a downloaded heatmap shows.
pub struct HeatFigure<'a> {
    pub title: &'a str,
    pub rows: usize,
    pub cols: usize,
    /// `[rows, cols]` flattened row-major.
    pub values: &'a [f32],
    /// Masked cells (−∞ before the softmax), drawn grey.
    pub hidden: Option<&'a [bool]>,
    pub range: (f32, f32),
    pub map: ColorMap,
    /// One per row, or empty.
    pub row_labels: &'a [String],
    /// One per column, or empty.
    pub col_labels: &'a [String],
    /// What the rows are (e.g. "query"), written along the left edge.
    pub row_axis: &'a str,
    /// What the columns are (e.g. "key"), written above the column labels.
    pub col_axis: &'a str,
    /// What the colour means (e.g. "weight"), under the colour scale.
    pub legend: &'a str,
    /// The size of the cell area in pixels, `(width, height)`, as on the page.
    pub cells: (u32, u32),
    pub font_px: u32,
}

/// The width of `text` in pixels at `font_px`, estimated: CJK characters are
/// square, Latin ones a little over half as wide. Good enough to leave room.
pub fn text_px(text: &str, font_px: u32) -> i32 {
    // Hangul, CJK, kana and full-width forms take a whole em.
    let wide = |c: char| {
        matches!(c as u32,
            0x1100..=0x115f | 0x2e80..=0xa4cf | 0xac00..=0xd7a3 | 0xf900..=0xfaff
            | 0xfe30..=0xfe4f | 0xff00..=0xff60 | 0xffe0..=0xffe6)
    };
    let em: f64 = text.chars().map(|c| if wide(c) { 1.0 } else { 0.62 }).sum();
    (em * font_px as f64).ceil() as i32
}

fn shorten(label: &str) -> String {
    if label.chars().count() <= MAX_LABEL_CHARS {
        return label.to_string();
    }
    let kept: String = label.chars().take(MAX_LABEL_CHARS - 1).collect();
    format!("{kept}…")
}

/// Where the parts of a [`HeatFigure`] sit, in pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    /// The whole figure, `(width, height)`.
    pub size: (u32, u32),
    /// The top-left corner of the cell area.
    pub cells_at: (i32, i32),
    /// The top-left corner of the colour scale, and its width.
    pub legend_at: (i32, i32),
    pub legend_w: i32,
}

impl HeatFigure<'_> {
    /// Where everything goes.
    pub fn layout(&self) -> Layout {
        let f = self.font_px as i32;
        let line = f * 3 / 2;
        let longest = |labels: &[String]| longest_label_px(labels, self.font_px);
        let title_h = if self.title.is_empty() {
            0
        } else {
            line + f / 2
        };
        let axis_w = if self.row_axis.is_empty() { 0 } else { line };
        let col_axis_h = if self.col_axis.is_empty() { 0 } else { line };
        let (cw, ch) = (self.cells.0 as i32, self.cells.1 as i32);
        let row_labels_w = longest(self.row_labels);
        let col_labels_h = longest(self.col_labels);
        let cells_at = (
            PAD + axis_w + row_labels_w,
            PAD + title_h + col_axis_h + col_labels_h,
        );
        let legend_w = cw.clamp(120, 260);
        let legend_at = (cells_at.0, cells_at.1 + ch + f);
        let width = (cells_at.0 + cw)
            .max(legend_at.0 + legend_w)
            .max(PAD + text_px(self.title, self.font_px))
            + PAD;
        let height = legend_at.1 + f + 2 * line + PAD;
        Layout {
            size: (width.max(1) as u32, height.max(1) as u32),
            cells_at,
            legend_at,
            legend_w,
        }
    }
}

/// The room the longest of `labels` takes once shortened, with a small gap;
/// 0 when there are none.
fn longest_label_px(labels: &[String], font_px: u32) -> i32 {
    labels
        .iter()
        .map(|l| text_px(&shorten(l), font_px))
        .max()
        .map_or(0, |w| w + 6)
}

fn rgb(c: [u8; 3]) -> RGBColor {
    RGBColor(c[0], c[1], c[2])
}

/// The frame around the cells and around the colour scale.
const FRAME_GREY: RGBColor = RGBColor(0x88, 0x88, 0x88);

/// The figure's text in `font_px` black type, anchored at `(h, v)`.
fn text_style(font_px: u32, h: HPos, v: VPos) -> TextStyle<'static> {
    ("sans-serif", font_px)
        .into_font()
        .color(&BLACK)
        .pos(Pos::new(h, v))
}

/// The pixel edge before cell `i` of `n` along a side from `start` spanning
/// `span`: edges are rounded from one exact grid, so cells tile without gaps.
fn cell_edge(i: usize, n: usize, start: i32, span: i32) -> i32 {
    start + (i as f64 * span as f64 / n.max(1) as f64).round() as i32
}

/// Draw a [`HeatFigure`] on any plotters drawing area, sized [`Layout::size`].
pub fn heat_figure_on<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    fig: &HeatFigure,
) -> Option<()> {
    let layout = fig.layout();
    root.fill(&WHITE).ok()?;
    if !fig.title.is_empty() {
        let style = ("sans-serif", fig.font_px)
            .into_font()
            .style(FontStyle::Bold)
            .color(&BLACK);
        root.draw(&Text::new(
            fig.title.to_string(),
            (PAD, PAD),
            style.pos(Pos::new(HPos::Left, VPos::Top)),
        ))
        .ok()?;
    }
    draw_cells(root, fig, layout.cells_at)?;
    draw_token_labels(root, fig, layout.cells_at)?;
    draw_axis_names(root, fig, layout.cells_at)?;
    draw_colour_scale(root, fig, &layout)?;
    root.present().ok()
}

/// The cells at `(x0, y0)`, coloured by value, hidden ones grey (and
/// hatched when big enough to see it), with a frame around them all.
fn draw_cells<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    fig: &HeatFigure,
    (x0, y0): (i32, i32),
) -> Option<()> {
    let (cw, ch) = (fig.cells.0 as i32, fig.cells.1 as i32);
    for r in 0..fig.rows {
        let top = cell_edge(r, fig.rows, y0, ch);
        let bottom = cell_edge(r + 1, fig.rows, y0, ch);
        for c in 0..fig.cols {
            let i = r * fig.cols + c;
            let hidden = fig
                .hidden
                .is_some_and(|h| h.get(i).copied().unwrap_or(false));
            let colour = if hidden {
                HIDDEN_RGB
            } else {
                let v = fig.values.get(i).copied().unwrap_or(f32::NAN);
                fig.map.rgb(normalise(v, fig.range.0, fig.range.1))
            };
            let left = cell_edge(c, fig.cols, x0, cw);
            let right = cell_edge(c + 1, fig.cols, x0, cw);
            root.draw(&Rectangle::new(
                [(left, top), (right, bottom)],
                rgb(colour).filled(),
            ))
            .ok()?;
            let big = (right - left).min(bottom - top) as f64 >= MIN_HATCHED_CELL;
            if hidden && big {
                let stroke = [(left + 2, bottom - 2), (right - 2, top + 2)];
                root.draw(&PathElement::new(stroke, rgb(HATCH_RGB).stroke_width(1)))
                    .ok()?;
            }
        }
    }
    root.draw(&Rectangle::new(
        [(x0, y0), (x0 + cw, y0 + ch)],
        FRAME_GREY.stroke_width(1),
    ))
    .ok()
}

/// The token labels of the cells at `(x0, y0)`: row labels end just left of
/// their row; column labels run down to the cells.
fn draw_token_labels<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    fig: &HeatFigure,
    (x0, y0): (i32, i32),
) -> Option<()> {
    let (cw, ch) = (fig.cells.0 as i32, fig.cells.1 as i32);
    for (r, label) in fig.row_labels.iter().enumerate().take(fig.rows) {
        let y = (cell_edge(r, fig.rows, y0, ch) + cell_edge(r + 1, fig.rows, y0, ch)) / 2;
        root.draw(&Text::new(
            shorten(label),
            (x0 - 4, y),
            text_style(fig.font_px, HPos::Right, VPos::Center),
        ))
        .ok()?;
    }
    let down = ("sans-serif", fig.font_px)
        .into_font()
        .color(&BLACK)
        .transform(FontTransform::Rotate90)
        .pos(Pos::new(HPos::Right, VPos::Center));
    for (c, label) in fig.col_labels.iter().enumerate().take(fig.cols) {
        let x = (cell_edge(c, fig.cols, x0, cw) + cell_edge(c + 1, fig.cols, x0, cw)) / 2;
        root.draw(&Text::new(shorten(label), (x, y0 - 4), down.clone()))
            .ok()?;
    }
    Some(())
}

/// What the columns are, above their labels, and what the rows are, up the
/// left edge, for the cells at `(x0, y0)`.
fn draw_axis_names<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    fig: &HeatFigure,
    (x0, y0): (i32, i32),
) -> Option<()> {
    let f = fig.font_px as i32;
    let (cw, ch) = (fig.cells.0 as i32, fig.cells.1 as i32);
    if !fig.col_axis.is_empty() {
        let longest = longest_label_px(fig.col_labels, fig.font_px);
        let y = y0 - longest - f * 3 / 4;
        root.draw(&Text::new(
            fig.col_axis.to_string(),
            (x0 + cw / 2, y),
            text_style(fig.font_px, HPos::Center, VPos::Center),
        ))
        .ok()?;
    }
    if !fig.row_axis.is_empty() {
        let up = ("sans-serif", fig.font_px)
            .into_font()
            .color(&BLACK)
            .transform(FontTransform::Rotate270)
            .pos(Pos::new(HPos::Center, VPos::Center));
        root.draw(&Text::new(
            fig.row_axis.to_string(),
            (PAD + f * 3 / 4, y0 + ch / 2),
            up,
        ))
        .ok()?;
    }
    Some(())
}

/// A colour-scale number: whole above 100, else two decimals.
fn scale_number(v: f32) -> String {
    if v.abs() >= 100.0 {
        format!("{v:.0}")
    } else {
        format!("{v:.2}")
    }
}

/// The colour scale: low at the left, high at the right, with its real
/// range under its ends and what the colour means under its middle.
fn draw_colour_scale<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    fig: &HeatFigure,
    layout: &Layout,
) -> Option<()> {
    let f = fig.font_px as i32;
    let (lx, ly) = layout.legend_at;
    let lw = layout.legend_w;
    for s in 0..LEGEND_STEPS {
        let t = (s as f32 + 0.5) / LEGEND_STEPS as f32;
        let left = lx + (s as i32 * lw) / LEGEND_STEPS as i32;
        let right = lx + ((s as i32 + 1) * lw) / LEGEND_STEPS as i32;
        root.draw(&Rectangle::new(
            [(left, ly), (right, ly + f)],
            rgb(fig.map.rgb(t)).filled(),
        ))
        .ok()?;
    }
    root.draw(&Rectangle::new(
        [(lx, ly), (lx + lw, ly + f)],
        FRAME_GREY.stroke_width(1),
    ))
    .ok()?;
    let below = ly + f + 3;
    let at = |h: HPos, v: VPos| text_style(fig.font_px, h, v);
    root.draw(&Text::new(
        scale_number(fig.range.0),
        (lx, below),
        at(HPos::Left, VPos::Top),
    ))
    .ok()?;
    root.draw(&Text::new(
        scale_number(fig.range.1),
        (lx + lw, below),
        at(HPos::Right, VPos::Top),
    ))
    .ok()?;
    if !fig.legend.is_empty() {
        root.draw(&Text::new(
            fig.legend.to_string(),
            (lx + lw / 2, below + f * 3 / 2),
            at(HPos::Center, VPos::Top),
        ))
        .ok()?;
    }
    Some(())
}

/// The figure as an SVG document.
pub fn heat_figure_svg(fig: &HeatFigure) -> String {
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, fig.layout().size).into_drawing_area();
        let _ = heat_figure_on(&root, fig);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_characters_take_more_room_than_latin_ones() {
        assert!(text_px("大きい", 10) > text_px("big", 10));
        assert_eq!(text_px("", 10), 0);
    }

    #[test]
    fn long_labels_are_shortened_with_an_ellipsis() {
        assert_eq!(shorten("cat"), "cat");
        let long = "x".repeat(40);
        assert_eq!(shorten(&long).chars().count(), MAX_LABEL_CHARS);
        assert!(shorten(&long).ends_with('…'));
    }

    #[test]
    fn the_layout_leaves_room_for_labels_and_fits_the_cells() {
        let rows = vec!["<bos>".to_string(), "大きい".to_string()];
        let cols = vec!["a".to_string(), "very-long-token".to_string()];
        let fig = HeatFigure {
            title: "map",
            rows: 2,
            cols: 2,
            values: &[0.1, 0.9, 0.5, 0.5],
            hidden: None,
            range: (0.0, 1.0),
            map: ColorMap::Viridis,
            row_labels: &rows,
            col_labels: &cols,
            row_axis: "query",
            col_axis: "key",
            legend: "weight",
            cells: (60, 60),
            font_px: 14,
        };
        let l = fig.layout();
        assert!(l.cells_at.0 >= PAD + text_px("大きい", 14));
        assert!(l.cells_at.1 >= PAD + text_px("very-long-token", 14));
        assert!(l.size.0 as i32 >= l.cells_at.0 + 60 + PAD);
        assert!(l.size.1 as i32 > l.legend_at.1 + 14);
    }
}
