//! `docs/speed.svg` from `docs/speed.csv` (written by `cargo xtask sweep`),
//! drawn by the page's own chart code (`plot::draw::marked_on` through
//! `plot::svg::marked`): training steps/s against d_model and against the
//! batch size, one line per candidate, log axes.
//!
//! ```sh
//! cargo run -p lab-plot --example speed_chart -- docs/speed.csv docs/speed.svg
//! ```

use lab_plot::draw::{MarkedChart, Series, BLUE, GREEN, VERMILLION};
use lab_plot::svg;
use lab_protocol::Settings;
use lab_tasks::TaskKind;
use plotters::prelude::SeriesLabelPosition;

/// The columns of the CSV, in order.
const HEADER: [&str; 7] = [
    "d_model",
    "batch_size",
    "candidate",
    "rounds",
    "min_steps_per_s",
    "median_steps_per_s",
    "max_steps_per_s",
];

/// Each candidate of the CSV, its legend and its colour (Okabe & Ito).
const CANDIDATES: [(&str, &str, plotters::style::RGBColor); 3] = [
    ("flex native", "lab, native (flex, 1 thread)", BLUE),
    (
        "flex browser",
        "lab, in Chromium (wasm, flex, 2 workers)",
        VERMILLION,
    ),
    ("torch native", "PyTorch, 1 thread", GREEN),
];

/// One panel's size in pixels; the two panels are stacked.
const PANEL: (u32, u32) = (800, 420);
const FONT_PX: u32 = 16;

/// One line of the CSV.
#[derive(Debug, PartialEq)]
struct Row {
    d_model: usize,
    batch_size: usize,
    candidate: String,
    median: f64,
}

/// The rows of the sweep's CSV; the header must be [`HEADER`].
fn parse(csv: &str) -> Result<Vec<Row>, String> {
    let mut lines = csv.lines().filter(|l| !l.trim().is_empty());
    let header: Vec<&str> = lines.next().ok_or("the CSV is empty")?.split(',').collect();
    if header != HEADER {
        return Err(format!("expected the header {}", HEADER.join(",")));
    }
    lines
        .enumerate()
        .map(|(i, line)| {
            let cells: Vec<&str> = line.split(',').map(str::trim).collect();
            let bad = || format!("line {}: cannot read {line:?}", i + 2);
            let [d_model, batch_size, candidate, _, _, median, _] = cells[..] else {
                return Err(bad());
            };
            let median: f64 = median.parse().map_err(|_| bad())?;
            if !(median.is_finite() && median > 0.0) {
                return Err(bad());
            }
            Ok(Row {
                d_model: d_model.parse().map_err(|_| bad())?,
                batch_size: batch_size.parse().map_err(|_| bad())?,
                candidate: candidate.to_string(),
                median,
            })
        })
        .collect()
}

/// Which size a panel varies; the other stays at the toy preset's.
#[derive(Clone, Copy)]
enum Varied {
    DModel,
    BatchSize,
}

/// One series per candidate that has points in the panel, points sorted by x.
fn panel(rows: &[Row], varied: Varied, preset: &Settings) -> Vec<Series> {
    let point = |r: &Row| match varied {
        Varied::DModel => (r.batch_size == preset.batch_size).then_some(r.d_model),
        Varied::BatchSize => (r.d_model == preset.d_model).then_some(r.batch_size),
    };
    CANDIDATES
        .iter()
        .filter_map(|&(name, label, color)| {
            let mut points: Vec<(f64, f64)> = rows
                .iter()
                .filter(|r| r.candidate == name)
                .filter_map(|r| point(r).map(|x| (x as f64, r.median)))
                .collect();
            points.sort_by(|a, b| a.0.total_cmp(&b.0));
            (!points.is_empty()).then(|| Series {
                label: label.to_string(),
                color,
                points,
                dots: true,
            })
        })
        .collect()
}

/// Room right of the largest size, as a factor.
const X_MARGIN: f64 = 1.2;

/// The x range of a log axis over `series`: from the power of ten at or below
/// the smallest size, so the axis has a whole-decade tick on both sides of the
/// data (a log axis ticks whole decades only), to a margin past the largest.
fn x_range(series: &[Series]) -> Option<(f64, f64)> {
    let xs = series.iter().flat_map(|s| s.points.iter().map(|p| p.0));
    let (lo, hi) = xs
        .filter(|x| *x > 0.0)
        .fold(None, |acc: Option<(f64, f64)>, x| {
            Some(acc.map_or((x, x), |(lo, hi)| (lo.min(x), hi.max(x))))
        })?;
    Some((10f64.powf(lo.log10().floor()), hi * X_MARGIN))
}

/// The sizes a panel measured, e.g. "32, 64, 128, 256".
fn sizes(series: &[Series]) -> String {
    let mut xs: Vec<f64> = series
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.0))
        .collect();
    xs.sort_by(f64::total_cmp);
    xs.dedup();
    xs.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Two SVG documents one above the other, as one document.
fn stack(top: &str, bottom: &str, (width, height): (u32, u32)) -> Result<String, String> {
    let nested = |doc: &str, y: u32| {
        doc.trim_start()
            .strip_prefix("<svg ")
            .map(|rest| format!("<svg x=\"0\" y=\"{y}\" {rest}"))
            .ok_or_else(|| "a panel is not an SVG document".to_string())
    };
    let total = 2 * height;
    Ok(format!(
        "<svg width=\"{width}\" height=\"{total}\" viewBox=\"0 0 {width} {total}\" \
         xmlns=\"http://www.w3.org/2000/svg\">\n{}\n{}\n</svg>\n",
        nested(top, 0)?,
        nested(bottom, height)?
    ))
}

/// The whole figure from the CSV's text.
fn figure(csv: &str) -> Result<String, String> {
    let rows = parse(csv)?;
    let preset = Settings::toy(TaskKind::EnJa);
    let mut panels = Vec::new();
    for varied in [Varied::DModel, Varied::BatchSize] {
        let series = panel(&rows, varied, &preset);
        let x_label = match varied {
            Varied::DModel => format!(
                "d_model: {} (log scale; batch {})",
                sizes(&series),
                preset.batch_size
            ),
            Varied::BatchSize => format!(
                "batch size, sentence pairs: {} (log scale; d_model {})",
                sizes(&series),
                preset.d_model
            ),
        };
        let Some(x_range) = x_range(&series) else {
            return Err(format!("no points for the panel \"{x_label}\""));
        };
        let chart = MarkedChart {
            x_label: &x_label,
            y_label: "training steps/s (log scale)",
            series,
            vlines: vec![],
            dots: vec![],
            log_x: true,
            log_y: true,
            x_range: Some(x_range),
            font_px: FONT_PX,
            legend_at: SeriesLabelPosition::LowerLeft,
        };
        panels.push(svg::marked(&chart, PANEL));
    }
    stack(&panels[0], &panels[1], PANEL)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [csv_path, svg_path] = &args[..] else {
        eprintln!("usage: speed_chart <speed.csv> <speed.svg>");
        std::process::exit(2);
    };
    let result = std::fs::read_to_string(csv_path)
        .map_err(|e| format!("cannot read {csv_path}: {e}"))
        .and_then(|csv| figure(&csv))
        .and_then(|svg| {
            std::fs::write(svg_path, svg).map_err(|e| format!("cannot write {svg_path}: {e}"))
        });
    match result {
        Ok(()) => println!("wrote {svg_path}"),
        Err(message) => {
            eprintln!("speed_chart: {message}");
            std::process::exit(1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CSV: &str = "\
d_model,batch_size,candidate,rounds,min_steps_per_s,median_steps_per_s,max_steps_per_s
128,64,flex native,2,10.0,11.5,13.0
32,64,flex native,2,40.0,41.0,42.0
64,64,flex native,2,20.0,21.0,22.0
64,16,flex native,2,50.0,51.0,52.0
64,64,torch native,2,15.0,16.0,17.0
";

    #[test]
    fn rows_are_read_by_their_columns() {
        let rows = parse(CSV).expect("a valid CSV");
        assert_eq!(rows.len(), 5);
        assert_eq!(
            rows[0],
            Row {
                d_model: 128,
                batch_size: 64,
                candidate: "flex native".into(),
                median: 11.5,
            }
        );
        assert!(parse("d_model,batch\n").is_err(), "another header");
        assert!(parse("").is_err());
        let header = HEADER.join(",");
        assert!(parse(&format!("{header}\n64,64,flex native,2,1,x,3")).is_err());
        assert!(parse(&format!("{header}\n64,64,flex native,2,1,0,3")).is_err());
        assert!(parse(&format!("{header}\n64,64,flex native")).is_err());
    }

    #[test]
    fn each_panel_keeps_the_other_size_at_the_presets_and_sorts_by_x() {
        let rows = parse(CSV).expect("a valid CSV");
        let preset = Settings::toy(TaskKind::EnJa);
        assert_eq!(
            (preset.d_model, preset.batch_size),
            (64, 64),
            "the CSV above"
        );
        let by_d_model = panel(&rows, Varied::DModel, &preset);
        assert_eq!(by_d_model.len(), 2, "two candidates have points");
        assert_eq!(by_d_model[0].label, CANDIDATES[0].1);
        assert_eq!(
            by_d_model[0].points,
            vec![(32.0, 41.0), (64.0, 21.0), (128.0, 11.5)]
        );
        assert_eq!(by_d_model[1].points, vec![(64.0, 16.0)]);
        let by_batch = panel(&rows, Varied::BatchSize, &preset);
        assert_eq!(by_batch[0].points, vec![(16.0, 51.0), (64.0, 21.0)]);
    }

    #[test]
    fn the_x_axis_starts_at_a_power_of_ten_and_names_the_measured_sizes() {
        let rows = parse(CSV).expect("a valid CSV");
        let series = panel(&rows, Varied::DModel, &Settings::toy(TaskKind::EnJa));
        assert_eq!(x_range(&series), Some((10.0, 128.0 * X_MARGIN)));
        assert_eq!(sizes(&series), "32, 64, 128");
        assert_eq!(x_range(&[]), None);
    }

    #[test]
    fn the_figure_is_one_svg_with_both_panels_and_every_legend() {
        let doc = figure(CSV).expect("draws");
        let parsed = roxmltree::Document::parse(&doc).expect("well-formed XML");
        let root = parsed.root_element();
        assert_eq!(root.attribute("height"), Some("840"));
        let panels: Vec<_> = root.children().filter(|n| n.has_tag_name("svg")).collect();
        assert_eq!(panels.len(), 2);
        assert_eq!(panels[1].attribute("y"), Some("420"));
        let texts: Vec<String> = parsed
            .descendants()
            .filter(|n| n.has_tag_name("text"))
            .filter_map(|n| n.text().map(|t| t.trim().to_string()))
            .collect();
        for caption in [
            "d_model: 32, 64, 128 (log scale; batch 64)",
            "batch size, sentence pairs: 16, 64 (log scale; d_model 64)",
            CANDIDATES[0].1,
            "PyTorch, 1 thread",
        ] {
            assert!(texts.iter().any(|t| t == caption), "{caption} in {texts:?}");
        }
        assert!(
            !texts.iter().any(|t| t == CANDIDATES[1].1),
            "no legend for a candidate without points"
        );
    }
}
