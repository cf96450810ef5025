//! Every chart of the page as an SVG document, for download.
//!
//! Each function hands plotters' `SVGBackend` to the same `*_on` drawing code
//! the canvas uses, so the SVG is the figure on screen, as vectors: lines stay
//! sharp at any size and labels stay text (escaped, so a `<bos>` token is
//! `&lt;bos&gt;` in the file and `<bos>` on screen).
//!
//! ```
//! use lab_plot::draw::{LineChart, Series, BLUE};
//! use plotters::prelude::SeriesLabelPosition;
//! let chart = LineChart {
//!     x_label: "step",
//!     y_label: "loss",
//!     series: vec![Series {
//!         label: "train".into(),
//!         color: BLUE,
//!         points: vec![(0.0, 4.0), (10.0, 2.0)],
//!         dots: false,
//!     }],
//!     log_y: false,
//!     y_fixed: None,
//!     font_px: 14,
//!     legend_at: SeriesLabelPosition::UpperRight,
//! };
//! let svg = lab_plot::svg::lines(&chart, (640, 320));
//! assert!(svg.starts_with("<svg"));
//! ```

use crate::draw::{bars_on, lines_on, marked_on, BarChart, LineChart, MarkedChart};
pub use crate::heat_figure::heat_figure_svg as heatmap;
use plotters::prelude::*;

/// Run `draw` on an SVG drawing area of `size` pixels and return the document.
fn render(
    size: (u32, u32),
    draw: impl FnOnce(&DrawingArea<SVGBackend, plotters::coord::Shift>),
) -> String {
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, size).into_drawing_area();
        draw(&root);
    }
    out
}

/// A [`LineChart`] as SVG, `size` = the canvas's `(width, height)`.
pub fn lines(chart: &LineChart, size: (u32, u32)) -> String {
    render(size, |root| {
        let _ = lines_on(root, chart);
    })
}

/// A [`MarkedChart`] as SVG.
pub fn marked(chart: &MarkedChart, size: (u32, u32)) -> String {
    render(size, |root| {
        let _ = marked_on(root, chart);
    })
}

/// A [`BarChart`] as SVG.
pub fn bars(chart: &BarChart, size: (u32, u32)) -> String {
    render(size, |root| {
        let _ = bars_on(root, chart);
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::colormap::ColorMap;
    use crate::draw::{BarSet, Dot, Series, VLine, BLUE, ORANGE, VERMILLION};
    use crate::heat_figure::{HeatFigure, LEGEND_STEPS};

    fn parse(svg: &str) -> roxmltree::Document<'_> {
        roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("not XML: {e}\n{svg}"))
    }

    fn texts(doc: &roxmltree::Document) -> Vec<String> {
        doc.descendants()
            .filter(|n| n.has_tag_name("text"))
            .map(|n| n.text().unwrap_or_default().trim().to_string())
            .collect()
    }

    fn count(doc: &roxmltree::Document, tag: &str) -> usize {
        doc.descendants().filter(|n| n.has_tag_name(tag)).count()
    }

    fn series(label: &str, points: Vec<(f64, f64)>) -> Series {
        Series {
            label: label.into(),
            color: BLUE,
            points,
            dots: true,
        }
    }

    #[test]
    fn a_heatmap_is_one_rect_per_cell_with_its_labels_escaped() {
        let rows = vec!["<bos>".to_string(), "大きい".to_string()];
        let cols = vec!["big".to_string(), "R&D".to_string(), "<eos>".to_string()];
        let fig = HeatFigure {
            title: "cross-attention <layer 1>",
            rows: 2,
            cols: 3,
            values: &[1.0, 0.0, 0.0, 0.17, 0.83, 0.0],
            hidden: Some(&[false, true, true, false, false, false]),
            range: (0.0, 1.0),
            map: ColorMap::Viridis,
            row_labels: &rows,
            col_labels: &cols,
            row_axis: "query",
            col_axis: "key",
            legend: "weight",
            cells: (90, 60),
            font_px: 14,
        };
        let svg = heatmap(&fig);
        assert!(svg.contains("&lt;bos&gt;") && svg.contains("R&amp;D"));
        let doc = parse(&svg);
        // The white background, the cells, their border, the scale's bands and its border.
        let filled = 1 + 2 * 3 + LEGEND_STEPS;
        assert_eq!(count(&doc, "rect"), filled + 2);
        let texts = texts(&doc);
        for label in rows.iter().chain(&cols) {
            assert_eq!(
                texts.iter().filter(|t| *t == label).count(),
                1,
                "{label} in {texts:?}"
            );
        }
        for caption in [
            "cross-attention <layer 1>",
            "query",
            "key",
            "weight",
            "0.00",
            "1.00",
        ] {
            assert!(texts.iter().any(|t| t == caption), "{caption} in {texts:?}");
        }
    }

    #[test]
    fn a_line_chart_is_xml_with_its_axis_names_and_legend() {
        let chart = LineChart {
            x_label: "step",
            y_label: "loss <nats>",
            series: vec![
                series("train", vec![(0.0, 4.0), (50.0, 2.0), (100.0, 1.0)]),
                series("held-out & co", vec![(50.0, 2.5), (100.0, 1.5)]),
            ],
            log_y: false,
            y_fixed: None,
            font_px: 14,
            legend_at: SeriesLabelPosition::UpperRight,
        };
        let doc_text = lines(&chart, (640, 320));
        let doc = parse(&doc_text);
        let texts = texts(&doc);
        for caption in ["step", "loss <nats>", "train", "held-out & co"] {
            assert!(texts.iter().any(|t| t == caption), "{caption} in {texts:?}");
        }
        assert!(count(&doc, "polyline") >= 2);
        // The dots of the sparse curves: 3 + 2 points.
        assert!(count(&doc, "circle") >= 5);
    }

    #[test]
    fn a_fixed_range_a_log_axis_cannot_show_is_fitted_to_the_data() {
        // Before, a log axis fixed from 0 never finished drawing.
        for y_fixed in [(0.0, 1.0), (1.0, 1.0), (f64::NAN, 2.0)] {
            let chart = LineChart {
                x_label: "step",
                y_label: "accuracy",
                series: vec![series("train", vec![(0.0, 0.1), (50.0, 0.5), (100.0, 0.9)])],
                log_y: true,
                y_fixed: Some(y_fixed),
                font_px: 14,
                legend_at: SeriesLabelPosition::UpperRight,
            };
            let doc_text = lines(&chart, (640, 320));
            assert!(count(&parse(&doc_text), "polyline") >= 1, "{y_fixed:?}");
        }
    }

    #[test]
    fn a_marked_chart_is_xml_with_its_lines_and_dots_in_the_legend() {
        let chart = MarkedChart {
            x_label: "step",
            y_label: "learning rate",
            series: vec![series(
                "rate",
                vec![(1.0, 1e-4), (4000.0, 7e-4), (8000.0, 5e-4)],
            )],
            vlines: vec![VLine {
                x: 4000.0,
                label: "warm-up ends".into(),
                color: VERMILLION,
            }],
            dots: vec![Dot {
                at: (4000.0, 7e-4),
                label: "peak".into(),
                color: ORANGE,
            }],
            log_x: false,
            log_y: true,
            x_range: None,
            font_px: 14,
            legend_at: SeriesLabelPosition::UpperRight,
        };
        let doc_text = marked(&chart, (640, 320));
        let texts = texts(&parse(&doc_text));
        for caption in ["step", "learning rate", "rate", "warm-up ends", "peak"] {
            assert!(texts.iter().any(|t| t == caption), "{caption} in {texts:?}");
        }
    }

    #[test]
    fn a_dotted_series_on_a_marked_chart_shows_its_points_and_a_dot_in_its_legend() {
        let chart = |dots: bool| MarkedChart {
            x_label: "d_model",
            y_label: "steps/s",
            series: vec![
                Series {
                    dots,
                    ..series("native", vec![(32.0, 40.0), (64.0, 30.0), (128.0, 15.0)])
                },
                series("browser", vec![(32.0, 30.0), (64.0, 20.0), (128.0, 9.0)]),
            ],
            vlines: vec![],
            dots: vec![],
            log_x: true,
            log_y: true,
            x_range: None,
            font_px: 14,
            legend_at: SeriesLabelPosition::LowerLeft,
        };
        let circles = |dots| marked(&chart(dots), (640, 320)).matches("<circle").count();
        // Three points and the legend's dot.
        assert_eq!(circles(true) - circles(false), 3 + 1);
    }

    #[test]
    fn a_bar_chart_is_xml_with_one_bar_per_value_and_every_category() {
        let chart = BarChart {
            categories: vec!["<eos>".into(), "cat".into(), "猫".into()],
            sets: vec![
                BarSet {
                    label: "target".into(),
                    color: BLUE,
                    values: vec![0.1, 0.8, 0.1],
                },
                BarSet {
                    label: "model".into(),
                    color: ORANGE,
                    values: vec![0.2, 0.6, 0.2],
                },
            ],
            x_label: "token",
            y_label: "probability",
            y_range: (0.0, 1.0),
            log_y: false,
            highlight: Some(1),
            font_px: 14,
        };
        let doc_text = bars(&chart, (640, 360));
        let doc = parse(&doc_text);
        let texts = texts(&doc);
        for caption in [
            "<eos>",
            "cat",
            "猫",
            "token",
            "probability",
            "target",
            "model",
        ] {
            assert!(texts.iter().any(|t| t == caption), "{caption} in {texts:?}");
        }
        // Background, six bars, two legend swatches, the legend box, at least.
        assert!(count(&doc, "rect") >= 1 + 6 + 2);
    }
}
