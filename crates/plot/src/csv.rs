//! The numbers behind a figure as CSV (RFC 4180), safe to open in a spreadsheet.
//!
//! A cell is either a number or text, and the two are different types: a
//! number is written as the number it is (`-0.25` stays a number a
//! spreadsheet can sum), while text that begins with `=`, `+`, `-`, `@`, a tab
//! or a carriage return is written as `"'…"`, so a token such as `=SUM(A1)`
//! is shown, never run (the OWASP advice against CSV injection).
//!
//! [`grid_csv`] writes a map (attention weights with their query and key
//! tokens), [`curves_csv`] curves over steps, and [`line_chart_csv`],
//! [`marked_chart_csv`] and [`bar_chart_csv`] the data of a chart as drawn.
//!
//! ```
//! use lab_plot::csv::{Cell, Csv};
//! let mut csv = Csv::new();
//! csv.row(["step".into(), "loss".into()]);
//! csv.row([Cell::from(100usize), Cell::from(-0.25f32)]);
//! assert_eq!(csv.to_string(), "step,loss\r\n100,-0.25\r\n");
//! ```

use crate::draw::{BarChart, LineChart, MarkedChart, Series};
use std::fmt;

/// One cell: a number, text, or nothing.
#[derive(Clone, Debug, PartialEq)]
pub struct Cell(Kind);

#[derive(Clone, Debug, PartialEq)]
enum Kind {
    /// The decimal text of a finite number, made only by the `From` impls below.
    Number(String),
    Text(String),
    Empty,
}

impl Cell {
    /// A cell with nothing in it (a missing point, a masked weight).
    pub fn empty() -> Self {
        Cell(Kind::Empty)
    }

    /// A text cell (a token, a header), neutralised if it looks like a formula.
    pub fn text(s: impl Into<String>) -> Self {
        Cell(Kind::Text(s.into()))
    }
}

impl From<&str> for Cell {
    fn from(s: &str) -> Self {
        Cell::text(s)
    }
}

impl From<String> for Cell {
    fn from(s: String) -> Self {
        Cell::text(s)
    }
}

impl From<&String> for Cell {
    fn from(s: &String) -> Self {
        Cell::text(s.clone())
    }
}

/// `f32`'s own shortest text, so `0.83f32` is written `0.83`, not `0.8299999833106995`.
/// A non-finite value (a masked −∞ score, a NaN loss) is an empty cell.
impl From<f32> for Cell {
    fn from(v: f32) -> Self {
        if v.is_finite() {
            Cell(Kind::Number(format!("{v}")))
        } else {
            Cell::empty()
        }
    }
}

/// The shortest text that reads back as the same `f64`; non-finite is empty.
impl From<f64> for Cell {
    fn from(v: f64) -> Self {
        if v.is_finite() {
            Cell(Kind::Number(format!("{v}")))
        } else {
            Cell::empty()
        }
    }
}

impl From<usize> for Cell {
    fn from(n: usize) -> Self {
        Cell(Kind::Number(n.to_string()))
    }
}

/// Whether a spreadsheet would read `text` as a formula (OWASP's list).
fn looks_like_formula(text: &str) -> bool {
    text.starts_with(['=', '+', '-', '@', '\t', '\r'])
}

fn write_text(out: &mut String, text: &str) {
    let formula = looks_like_formula(text);
    let quote = formula || text.contains([',', '"', '\n', '\r']);
    if !quote {
        out.push_str(text);
        return;
    }
    out.push('"');
    if formula {
        out.push('\'');
    }
    // RFC 4180: a quote inside a quoted field is written twice.
    out.push_str(&text.replace('"', "\"\""));
    out.push('"');
}

/// A table of cells, written with `,` between cells and CRLF after each row.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Csv {
    rows: Vec<Vec<Cell>>,
}

impl Csv {
    pub fn new() -> Self {
        Self::default()
    }

    /// Append one row.
    pub fn row(&mut self, cells: impl IntoIterator<Item = Cell>) -> &mut Self {
        self.rows.push(cells.into_iter().collect());
        self
    }

    /// The rows so far.
    pub fn rows(&self) -> &[Vec<Cell>] {
        &self.rows
    }
}

impl fmt::Display for Csv {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        for row in &self.rows {
            for (i, cell) in row.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                match &cell.0 {
                    Kind::Number(n) => out.push_str(n),
                    Kind::Text(t) => write_text(&mut out, t),
                    Kind::Empty => {}
                }
            }
            out.push_str("\r\n");
        }
        f.write_str(&out)
    }
}

/// A `[rows, cols]` map as a table: the corner names the axes, the first row
/// holds the column labels (keys), the first column the row labels (queries).
/// Without labels the rows and columns are numbered from 0. `hidden` cells
/// (masked) are empty.
///
/// # Shapes
/// - `values`: `[rows, cols]` flattened row-major; `hidden`: the same.
pub fn grid_csv(
    corner: &str,
    row_labels: &[String],
    col_labels: &[String],
    rows: usize,
    cols: usize,
    values: &[f32],
    hidden: Option<&[bool]>,
) -> Csv {
    let label = |labels: &[String], i: usize| match labels.get(i) {
        Some(l) => Cell::text(l.clone()),
        None => Cell::from(i),
    };
    let mut csv = Csv::new();
    csv.row(std::iter::once(Cell::text(corner)).chain((0..cols).map(|c| label(col_labels, c))));
    for r in 0..rows {
        let cells = (0..cols).map(|c| {
            let i = r * cols + c;
            if hidden.is_some_and(|h| h.get(i).copied().unwrap_or(false)) {
                Cell::empty()
            } else {
                values.get(i).map_or(Cell::empty(), |&v| Cell::from(v))
            }
        });
        csv.row(std::iter::once(label(row_labels, r)).chain(cells));
    }
    csv
}

/// Curves that share an x axis (e.g. training steps) as one table: the x
/// column first, then one column per curve, one row per x that any curve has.
/// A curve without a point at some x leaves that cell empty (held-out
/// evaluations are sparser than training steps).
pub fn curves_csv(x_header: &str, curves: &[(&str, &[(f64, f64)])]) -> Csv {
    let mut xs: Vec<f64> = curves
        .iter()
        .flat_map(|(_, points)| points.iter().map(|p| p.0))
        .filter(|x| x.is_finite())
        .collect();
    xs.sort_by(f64::total_cmp);
    xs.dedup();
    let mut csv = Csv::new();
    csv.row(
        std::iter::once(Cell::text(x_header)).chain(curves.iter().map(|(n, _)| Cell::text(*n))),
    );
    for &x in &xs {
        let ys = curves.iter().map(|(_, points)| {
            points
                .iter()
                .find(|p| p.0 == x)
                .map_or(Cell::empty(), |p| Cell::from(p.1))
        });
        csv.row(std::iter::once(Cell::from(x)).chain(ys));
    }
    csv
}

/// The curves of a [`LineChart`]: the x axis's name, then one column per curve.
pub fn line_chart_csv(chart: &LineChart) -> Csv {
    series_csv(chart.x_label, &chart.series)
}

/// The curves of a [`MarkedChart`] (its lines and dots are marks, not data).
pub fn marked_chart_csv(chart: &MarkedChart) -> Csv {
    series_csv(chart.x_label, &chart.series)
}

fn series_csv(x_header: &str, series: &[Series]) -> Csv {
    let curves: Vec<(&str, &[(f64, f64)])> = series
        .iter()
        .map(|s| (s.label.as_str(), &s.points[..]))
        .collect();
    curves_csv(x_header, &curves)
}

/// The bars of a [`BarChart`]: one row per category, one column per set.
pub fn bar_chart_csv(chart: &BarChart) -> Csv {
    let mut csv = Csv::new();
    let header = chart.sets.iter().map(|s| Cell::text(s.label.clone()));
    csv.row(std::iter::once(Cell::text(chart.x_label)).chain(header));
    for (i, category) in chart.categories.iter().enumerate() {
        let values = chart
            .sets
            .iter()
            .map(|s| s.values.get(i).map_or(Cell::empty(), |&v| Cell::from(v)));
        csv.row(std::iter::once(Cell::text(category.clone())).chain(values));
    }
    csv
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A minimal RFC 4180 reader for the tests: fields, unquoted.
    fn parse(text: &str) -> Vec<Vec<String>> {
        let mut rows = vec![];
        let mut row = vec![];
        let mut field = String::new();
        let mut chars = text.chars().peekable();
        let mut quoted = false;
        while let Some(c) = chars.next() {
            match (quoted, c) {
                (true, '"') if chars.peek() == Some(&'"') => {
                    chars.next();
                    field.push('"');
                }
                (true, '"') => quoted = false,
                (true, c) => field.push(c),
                (false, '"') => quoted = true,
                (false, ',') => row.push(std::mem::take(&mut field)),
                (false, '\r') => {}
                (false, '\n') => {
                    row.push(std::mem::take(&mut field));
                    rows.push(std::mem::take(&mut row));
                }
                (false, c) => field.push(c),
            }
        }
        rows
    }

    #[test]
    fn numbers_stay_numbers_even_when_negative() {
        let mut csv = Csv::new();
        csv.row([
            Cell::from(-0.25f32),
            Cell::from(1e-3f64),
            Cell::from(7usize),
        ]);
        assert_eq!(csv.to_string(), "-0.25,0.001,7\r\n");
    }

    #[test]
    fn formula_text_is_neutralised_and_quoted() {
        let mut csv = Csv::new();
        csv.row(
            ["=SUM(A1:A9)", "+1", "-", "@cmd", "\tx", "plain"]
                .into_iter()
                .map(Cell::from),
        );
        assert_eq!(
            csv.to_string(),
            "\"'=SUM(A1:A9)\",\"'+1\",\"'-\",\"'@cmd\",\"'\tx\",plain\r\n"
        );
    }

    #[test]
    fn commas_quotes_and_newlines_are_quoted_per_rfc_4180() {
        let mut csv = Csv::new();
        csv.row(
            ["a,b", "say \"hi\"", "two\nlines", "<bos>"]
                .into_iter()
                .map(Cell::from),
        );
        let text = csv.to_string();
        assert_eq!(text, "\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\",<bos>\r\n");
        assert_eq!(
            parse(&text),
            vec![vec!["a,b", "say \"hi\"", "two\nlines", "<bos>"]]
        );
    }

    #[test]
    fn non_finite_numbers_are_empty_cells() {
        let mut csv = Csv::new();
        csv.row([
            Cell::from(f32::NEG_INFINITY),
            Cell::from(f64::NAN),
            Cell::empty(),
        ]);
        assert_eq!(csv.to_string(), ",,\r\n");
    }

    #[test]
    fn an_attention_map_carries_its_token_labels_and_exactly_its_weights() {
        let rows = vec!["<bos>".to_string(), "=大きい".to_string()];
        let cols = vec!["big".to_string(), "-".to_string(), "<eos>".to_string()];
        let weights = [1.0f32, 0.0, 0.0, 0.17, 0.83, -0.25];
        let hidden = [false, true, true, false, false, false];
        let csv = grid_csv("query \\ key", &rows, &cols, 2, 3, &weights, Some(&hidden));
        let table = parse(&csv.to_string());
        assert_eq!(table[0], ["query \\ key", "big", "'-", "<eos>"]);
        assert_eq!(table[1], ["<bos>", "1", "", ""]);
        assert_eq!(table[2], ["'=大きい", "0.17", "0.83", "-0.25"]);
        let numbers: Vec<f32> = table[1..]
            .iter()
            .flat_map(|r| {
                r[1..]
                    .iter()
                    .filter(|c| !c.is_empty())
                    .map(|c| c.parse().unwrap())
            })
            .collect();
        assert_eq!(numbers, [1.0, 0.17, 0.83, -0.25]);
    }

    #[test]
    fn a_map_without_labels_numbers_its_rows_and_columns_from_zero() {
        let csv = grid_csv(
            "position \\ dimension",
            &[],
            &[],
            2,
            2,
            &[0.0, 1.0, 0.84, 0.54],
            None,
        );
        assert_eq!(
            parse(&csv.to_string()),
            [
                vec!["position \\ dimension", "0", "1"],
                vec!["0", "0", "1"],
                vec!["1", "0.84", "0.54"]
            ]
        );
    }

    #[test]
    fn curves_share_the_step_column_and_leave_gaps_empty() {
        let train = [(0.0, 4.2), (100.0, 2.5), (200.0, 1.25)];
        let eval = [(100.0, 2.75)];
        let csv = curves_csv("step", &[("train loss", &train), ("held-out loss", &eval)]);
        assert_eq!(
            csv.to_string(),
            "step,train loss,held-out loss\r\n0,4.2,\r\n100,2.5,2.75\r\n200,1.25,\r\n"
        );
    }

    #[test]
    fn a_chart_exports_its_own_curves_and_bars() {
        use crate::draw::{BarSet, BLUE, ORANGE};
        use plotters::prelude::SeriesLabelPosition;
        let chart = LineChart {
            x_label: "step",
            y_label: "loss",
            series: vec![Series {
                label: "train".into(),
                color: BLUE,
                points: vec![(0.0, 4.5), (10.0, -0.5)],
                dots: false,
            }],
            log_y: false,
            y_fixed: None,
            font_px: 14,
            legend_at: SeriesLabelPosition::UpperRight,
        };
        assert_eq!(
            line_chart_csv(&chart).to_string(),
            "step,train\r\n0,4.5\r\n10,-0.5\r\n"
        );
        let bars = BarChart {
            categories: vec!["<eos>".into(), "-ing".into()],
            sets: vec![
                BarSet {
                    label: "target".into(),
                    color: BLUE,
                    values: vec![0.9, 0.1],
                },
                BarSet {
                    label: "model".into(),
                    color: ORANGE,
                    values: vec![0.75],
                },
            ],
            x_label: "token",
            y_label: "probability",
            y_range: (0.0, 1.0),
            log_y: false,
            highlight: None,
            font_px: 14,
        };
        assert_eq!(
            bar_chart_csv(&bars).to_string(),
            "token,target,model\r\n<eos>,0.9,0.75\r\n\"'-ing\",0.1,\r\n"
        );
    }
}
