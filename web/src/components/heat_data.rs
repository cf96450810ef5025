//! What a heatmap shows, as plain data: the numbers, the masked cells, the
//! token labels, and what its rows, columns and numbers are called; with the
//! pieces every way of showing it needs (the read-out of one cell, the
//! table's corner, the CSV, the figure for download), tested natively.
//!
//! Rows are queries and columns are keys unless a view says otherwise
//! ([`Axis`]), as everywhere in the lab.

use crate::i18n::{text, text_args, Arg, Locale};
use lab_plot::colormap::ColorMap;
use lab_plot::csv::grid_csv;
use lab_plot::heat_figure::HeatFigure;

/// What one heatmap shows.
#[derive(Clone, Debug, PartialEq)]
pub struct HeatData {
    pub rows: usize,
    pub cols: usize,
    /// `[rows, cols]` flattened row-major.
    pub values: Vec<f32>,
    /// Cells masked to −∞, drawn grey.
    pub hidden: Option<Vec<bool>>,
    /// The value range the colour map spans (also shown in the legend).
    pub range: (f32, f32),
    pub map: ColorMap,
    /// Query tokens, one per row (empty: no labels).
    pub row_labels: Vec<String>,
    /// Key tokens, one per column (empty: no labels).
    pub col_labels: Vec<String>,
}

impl Default for HeatData {
    fn default() -> Self {
        Self {
            rows: 0,
            cols: 0,
            values: Vec::new(),
            hidden: None,
            range: (0.0, 1.0),
            map: ColorMap::Viridis,
            row_labels: Vec::new(),
            col_labels: Vec::new(),
        }
    }
}

/// What the rows or the columns of a map are, named in the read-out, the
/// table and the downloads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Axis {
    Query,
    Key,
    /// A position in the sequence (positional encodings).
    Position,
    /// A dimension of a vector (positional encodings, a head's vectors).
    Dimension,
    /// One row per (layer, head).
    Head,
    /// One row per sentence of a batch (the padding mask).
    Sentence,
    /// A key's position in its sentence (the padding mask's columns).
    KeyPosition,
}

impl Axis {
    /// The message that names this axis (figure.ftl).
    pub fn message(self) -> &'static str {
        match self {
            Axis::Query => "figure-axis-query",
            Axis::Key => "figure-axis-key",
            Axis::Position => "figure-axis-position",
            Axis::Dimension => "figure-axis-dimension",
            Axis::Head => "figure-axis-head",
            Axis::Sentence => "figure-axis-sentence",
            Axis::KeyPosition => "figure-axis-key-position",
        }
    }
}

/// What the number in a cell is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    /// An attention weight (after the softmax).
    Weight,
    /// A plain value, e.g. of a positional encoding.
    Value,
    /// A scaled score (before the softmax).
    Score,
    Similarity,
    /// Only which cells are hidden matters (a mask): the CSV holds 1 for
    /// hidden and 0 for visible, the lab's convention (mask `true` = hidden).
    Mask,
}

impl Measure {
    /// The message that names this measure (figure.ftl); none for a mask.
    pub fn message(self) -> Option<&'static str> {
        match self {
            Measure::Weight => Some("figure-measure-weight"),
            Measure::Value => Some("figure-measure-value"),
            Measure::Score => Some("figure-measure-score"),
            Measure::Similarity => Some("figure-measure-similarity"),
            Measure::Mask => None,
        }
    }
}

/// The same figure-wide names in the page's language, for plain functions.
pub struct Names {
    pub row_axis: String,
    pub col_axis: String,
    /// Empty for a mask.
    pub measure: String,
}

impl Names {
    pub fn new(locale: Locale, rows_are: Axis, cols_are: Axis, measure: Measure) -> Self {
        Self {
            row_axis: text(locale, rows_are.message()),
            col_axis: text(locale, cols_are.message()),
            measure: measure
                .message()
                .map(|m| text(locale, m))
                .unwrap_or_default(),
        }
    }
}

/// The language of a token label, guessed when the view did not say: one
/// word of ASCII (`big`, `<bos>`, `#3`) is English, anything with kana is
/// Japanese; kanji alone, or text with spaces (not a token), is left to the
/// page's language.
pub fn token_lang(label: &str) -> Option<&'static str> {
    let kana = |c: char| matches!(c as u32, 0x3040..=0x30ff | 0x31f0..=0x31ff | 0xff66..=0xff9f);
    if label.chars().any(kana) {
        Some("ja")
    } else if !label.is_empty() && label.chars().all(|c| c.is_ascii_graphic()) {
        Some("en")
    } else {
        None
    }
}

/// A number as the read-out and the table show it.
pub fn format_value(v: f32, decimals: usize) -> String {
    if v.is_nan() {
        "NaN".to_string()
    } else if v.is_infinite() {
        if v > 0.0 { "∞" } else { "−∞" }.to_string()
    } else if v.abs() >= 100.0 {
        format!("{v:.0}")
    } else {
        format!("{v:.decimals$}")
    }
}

impl HeatData {
    /// The value at `(row, col)`.
    pub fn at(&self, row: usize, col: usize) -> Option<f32> {
        self.values.get(row * self.cols + col).copied()
    }

    /// Whether `(row, col)` is masked.
    pub fn is_hidden(&self, row: usize, col: usize) -> bool {
        self.hidden
            .as_ref()
            .is_some_and(|h| h.get(row * self.cols + col).copied().unwrap_or(false))
    }

    /// A text alternative for screen readers: `what` and the map's size. The
    /// tokens and numbers are in the labels, the read-out and the table.
    pub fn describe(&self, what: &str) -> String {
        format!("{what} ({} × {})", self.rows, self.cols)
    }

    /// What a map whose view did not say shows: a mask when it has hidden
    /// cells and every visible cell holds the same number (no information
    /// but which cells are hidden), else attention weights.
    pub fn guess_measure(&self) -> Measure {
        let Some(hidden) = &self.hidden else {
            return Measure::Weight;
        };
        let mut visible = self
            .values
            .iter()
            .zip(hidden)
            .filter(|(_, h)| !**h)
            .map(|(v, _)| *v);
        let first = visible.next();
        let mut rest = visible.peekable();
        match first {
            Some(v) if rest.peek().is_some() && rest.all(|w| w == v) => Measure::Mask,
            None if !hidden.is_empty() => Measure::Mask,
            _ => Measure::Weight,
        }
    }

    /// The label of row `r` (its token, else its number from 0).
    pub fn row_name(&self, r: usize) -> String {
        self.row_labels
            .get(r)
            .cloned()
            .unwrap_or_else(|| r.to_string())
    }

    /// The label of column `c` (its token, else its number from 0).
    pub fn col_name(&self, c: usize) -> String {
        self.col_labels
            .get(c)
            .cloned()
            .unwrap_or_else(|| c.to_string())
    }

    /// One cell read out: "query 大きい, key big, weight 0.83 (row 2, column 1)".
    /// Token axes also say where the cell is, since a token may repeat.
    pub fn cell_text(
        &self,
        locale: Locale,
        names: &Names,
        measure: Measure,
        r: usize,
        c: usize,
    ) -> String {
        let mut args = vec![
            ("row_axis", Arg::from(names.row_axis.as_str())),
            ("row", Arg::from(self.row_name(r))),
            ("col_axis", Arg::from(names.col_axis.as_str())),
            ("col", Arg::from(self.col_name(c))),
        ];
        let cell = if self.is_hidden(r, c) {
            text_args(locale, "figure-cell-hidden", &args)
        } else if measure == Measure::Mask {
            text_args(locale, "figure-cell-visible", &args)
        } else {
            let value = self
                .at(r, c)
                .map(|v| format_value(v, 2))
                .unwrap_or_default();
            args.push(("measure", Arg::from(names.measure.as_str())));
            args.push(("value", Arg::from(value)));
            text_args(locale, "figure-cell", &args)
        };
        if self.row_labels.is_empty() && self.col_labels.is_empty() {
            return cell;
        }
        let at = [
            ("cell", Arg::from(cell)),
            ("row_number", Arg::from(r + 1)),
            ("col_number", Arg::from(c + 1)),
        ];
        text_args(locale, "figure-cell-at", &at)
    }

    /// The table's (and the CSV's) top-left header: "query ↓ key →".
    pub fn corner(locale: Locale, names: &Names) -> String {
        let args = [
            ("row_axis", Arg::from(names.row_axis.as_str())),
            ("col_axis", Arg::from(names.col_axis.as_str())),
        ];
        text_args(locale, "figure-table-corner", &args)
    }

    /// The numbers as CSV: labels on top and at the left, masked cells empty
    /// (a mask itself: 1 = hidden, 0 = visible).
    pub fn csv(&self, corner: &str, measure: Measure) -> String {
        let mask_values: Vec<f32>;
        let (values, hidden) = match (measure, &self.hidden) {
            (Measure::Mask, Some(h)) => {
                mask_values = h.iter().map(|&h| if h { 1.0 } else { 0.0 }).collect();
                (&mask_values[..], None)
            }
            _ => (&self.values[..], self.hidden.as_deref()),
        };
        let labels = (&self.row_labels[..], &self.col_labels[..]);
        grid_csv(
            corner, labels.0, labels.1, self.rows, self.cols, values, hidden,
        )
        .to_string()
    }

    /// The map as a stand-alone figure for download, the cells `cells` pixels.
    pub fn figure<'a>(
        &'a self,
        title: &'a str,
        names: &'a Names,
        cells: (u32, u32),
        font_px: u32,
    ) -> HeatFigure<'a> {
        HeatFigure {
            title,
            rows: self.rows,
            cols: self.cols,
            values: &self.values,
            hidden: self.hidden.as_deref(),
            range: self.range,
            map: self.map,
            row_labels: &self.row_labels,
            col_labels: &self.col_labels,
            row_axis: &names.row_axis,
            col_axis: &names.col_axis,
            legend: &names.measure,
            cells,
            font_px,
        }
    }
}

/// The width a heatmap's cells may take beside its row labels and the page's
/// and view's margins (CSS px), on a window `window_width` wide; never less
/// than [`MIN_HEATMAP_PX`].
pub fn room_for_cells(window_width: f64) -> u32 {
    /// The page's and the view's padding on both sides, and the row labels.
    const AROUND_CELLS_PX: f64 = 140.0;
    let room = (window_width - AROUND_CELLS_PX).floor();
    if room.is_finite() && room > f64::from(MIN_HEATMAP_PX) {
        room as u32
    } else {
        MIN_HEATMAP_PX
    }
}

/// The narrowest a heatmap's cell area gets on a small screen (CSS px).
pub const MIN_HEATMAP_PX: u32 = 160;

/// A cell area of `(width, height)` scaled down, both sides alike, to be at
/// most `room` wide (a phone); a map that fits keeps its size.
pub fn fit_width((width, height): (u32, u32), room: u32) -> (u32, u32) {
    if width <= room || width == 0 {
        return (width, height);
    }
    let scale = f64::from(room) / f64::from(width);
    (room, ((f64::from(height) * scale).round() as u32).max(1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use lab_plot::heat_figure::heat_figure_svg;

    fn attention() -> HeatData {
        HeatData {
            rows: 2,
            cols: 3,
            values: vec![1.0, 0.0, 0.0, 0.17, 0.83, 0.0],
            hidden: Some(vec![false, true, true, false, false, true]),
            row_labels: vec!["<bos>".into(), "大きい".into()],
            col_labels: vec!["big".into(), "cat".into(), "=1+1".into()],
            ..HeatData::default()
        }
    }

    #[test]
    fn a_cell_is_read_out_with_its_axes_tokens_and_weight() {
        let d = attention();
        let names = Names::new(Locale::En, Axis::Query, Axis::Key, Measure::Weight);
        assert_eq!(
            d.cell_text(Locale::En, &names, Measure::Weight, 1, 1),
            "query 大きい, key cat, weight 0.83 (row 2, column 2)"
        );
        assert_eq!(
            d.cell_text(Locale::En, &names, Measure::Weight, 0, 2),
            "query <bos>, key =1+1: hidden by the mask (row 1, column 3)"
        );
        let ja = Names::new(Locale::Ja, Axis::Query, Axis::Key, Measure::Weight);
        assert_eq!(
            d.cell_text(Locale::Ja, &ja, Measure::Weight, 1, 0),
            "クエリ 大きい、キー big、重み 0.17（2 行目、1 列目）"
        );
    }

    #[test]
    fn a_map_without_labels_reads_out_positions_from_zero() {
        let d = HeatData {
            rows: 2,
            cols: 2,
            values: vec![0.0, 1.0, 0.84, 0.54],
            ..HeatData::default()
        };
        let names = Names::new(Locale::En, Axis::Position, Axis::Dimension, Measure::Value);
        assert_eq!(
            d.cell_text(Locale::En, &names, Measure::Value, 1, 0),
            "position 1, dimension 0, value 0.84"
        );
    }

    #[test]
    fn a_mask_is_recognised_and_exported_as_ones_where_hidden() {
        let mask = HeatData {
            rows: 2,
            cols: 2,
            values: vec![0.45; 4],
            hidden: Some(vec![false, true, false, false]),
            row_labels: vec!["a".into(), "b".into()],
            col_labels: vec!["a".into(), "b".into()],
            ..HeatData::default()
        };
        assert_eq!(mask.guess_measure(), Measure::Mask);
        assert_eq!(attention().guess_measure(), Measure::Weight);
        assert_eq!(HeatData::default().guess_measure(), Measure::Weight);
        assert_eq!(
            mask.csv("q \\ k", Measure::Mask),
            "q \\ k,a,b\r\na,0,1\r\nb,0,0\r\n"
        );
        let names = Names::new(Locale::En, Axis::Query, Axis::Key, Measure::Mask);
        assert_eq!(
            mask.cell_text(Locale::En, &names, Measure::Mask, 1, 1),
            "query b, key b: visible (row 2, column 2)"
        );
    }

    #[test]
    fn the_csv_of_a_map_holds_its_labels_and_weights_with_masked_cells_empty() {
        let names = Names::new(Locale::En, Axis::Query, Axis::Key, Measure::Weight);
        let corner = HeatData::corner(Locale::En, &names);
        assert_eq!(corner, "query ↓ key →");
        assert_eq!(
            attention().csv(&corner, Measure::Weight),
            "query ↓ key →,big,cat,\"'=1+1\"\r\n<bos>,1,,\r\n大きい,0.17,0.83,\r\n"
        );
    }

    #[test]
    fn the_download_figure_carries_the_names_in_the_pages_language() {
        let d = attention();
        let names = Names::new(Locale::ZhHans, Axis::Query, Axis::Key, Measure::Weight);
        let svg = heat_figure_svg(&d.figure("图", &names, (90, 60), 14));
        assert!(svg.contains("查询") && svg.contains("键") && svg.contains("权重"));
        assert!(svg.contains("&lt;bos&gt;"));
    }

    #[test]
    fn token_labels_get_a_language_only_when_it_is_clear() {
        assert_eq!(token_lang("big"), Some("en"));
        assert_eq!(token_lang("<bos>"), Some("en"));
        assert_eq!(token_lang("大きい"), Some("ja"));
        assert_eq!(token_lang("ネコ"), Some("ja"));
        assert_eq!(token_lang("猫"), None);
        assert_eq!(token_lang("layer 1 · head 2"), None);
        assert_eq!(token_lang(""), None);
    }

    #[test]
    fn values_are_formatted_for_reading() {
        assert_eq!(format_value(0.834, 2), "0.83");
        assert_eq!(format_value(-1.0, 3), "-1.000");
        assert_eq!(format_value(1234.4, 2), "1234");
        assert_eq!(format_value(f32::NEG_INFINITY, 2), "−∞");
    }

    #[test]
    fn the_description_names_the_map_and_its_size_in_no_particular_language() {
        assert_eq!(attention().describe("注意"), "注意 (2 × 3)");
    }

    #[test]
    fn a_map_wider_than_the_screen_shrinks_and_keeps_its_shape() {
        // A laptop: the PE map (884 px) fits and keeps its size.
        assert_eq!(fit_width((884, 400), room_for_cells(1400.0)), (884, 400));
        // A phone 390 px wide: the cells get 250 px, the height scales alike.
        let room = room_for_cells(390.0);
        assert_eq!(room, 250);
        assert_eq!(fit_width((884, 400), room), (250, 113));
        assert_eq!(fit_width((200, 200), room), (200, 200));
        // Never below the minimum, whatever the window says.
        assert_eq!(room_for_cells(100.0), MIN_HEATMAP_PX);
        assert_eq!(room_for_cells(f64::NAN), MIN_HEATMAP_PX);
        assert_eq!(fit_width((1000, 1), 250), (250, 1));
    }
}
