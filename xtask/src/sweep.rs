//! `cargo xtask sweep`: training steps/s against d_model and against the
//! batch size, natively (flex), in headless Chromium (the built site, a
//! `start=scratch` deep link) and, when a Python with torch is given, for the
//! PyTorch peer on the lab's own batches at the same sizes.
//!
//! Every candidate runs once per point in each round, and the rounds run the
//! points in alternating order, so that the machine's noise falls on all of
//! them alike; the medians go to `docs/speed.csv` and the page's own chart
//! code draws them into `docs/speed.svg` (`crates/plot/examples/speed_chart.rs`).

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::bench::{median, parse, Measurement};
use crate::cmd::{self, Stage};
use crate::peer;

/// `lab_math::toy`, compiled in from its file: the toy's sizes are defined
/// once, and xtask still builds from the standard library alone.
#[path = "../../crates/math/src/toy.rs"]
#[expect(dead_code, reason = "the sweep keeps only the toy's d_model")]
mod toy;

/// The d_models of the first panel (at the preset's batch size).
const D_MODELS: [usize; 4] = [32, 64, 128, 256];
/// The batch sizes of the second panel (at the preset's d_model).
const BATCHES: [usize; 5] = [16, 32, 64, 128, 256];
/// `Settings::toy`'s d_model and batch size, which each panel keeps for the
/// size it does not vary (the chart reads them from `Settings::toy` and
/// refuses a CSV without points there).
const PRESET: Point = Point {
    d_model: toy::D_MODEL,
    batch_size: 64,
};

const DEFAULT_ROUNDS: usize = 2;
/// Timed steps per point, natively and for the peer (after the bench's warm-up).
const DEFAULT_STEPS: usize = 40;
/// Seconds of in-browser training timed per point (after a few warm-up steps).
const DEFAULT_SECONDS: usize = 15;
const CSV: &str = "docs/speed.csv";
const SVG: &str = "docs/speed.svg";
const BROWSER_SCRIPT: &str = "tests/sweep.mjs";

/// The CSV's columns (`crates/plot/examples/speed_chart.rs` checks them).
const HEADER: &str =
    "d_model,batch_size,candidate,rounds,min_steps_per_s,median_steps_per_s,max_steps_per_s";

/// The candidates, as `bench` lines name them, and their column in the table.
const NATIVE: &str = "flex native";
const BROWSER: &str = "flex browser";
const TORCH: &str = "torch native";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Point {
    d_model: usize,
    batch_size: usize,
}

/// Every point of both panels once: the d_model panel, then the batch panel.
fn grid() -> Vec<Point> {
    let by_d_model = D_MODELS.map(|d_model| Point {
        d_model,
        batch_size: PRESET.batch_size,
    });
    let by_batch = BATCHES.map(|batch_size| Point {
        d_model: PRESET.d_model,
        batch_size,
    });
    let mut points: Vec<Point> = Vec::new();
    for p in by_d_model.into_iter().chain(by_batch) {
        if !points.contains(&p) {
            points.push(p);
        }
    }
    points
}

/// One timing of one candidate at one point.
struct Sample {
    point: Point,
    candidate: String,
    steps_per_s: f64,
}

/// One candidate at one point over the rounds.
#[derive(Debug, PartialEq)]
struct Row {
    point: Point,
    candidate: String,
    rounds: usize,
    min: f64,
    median: f64,
    max: f64,
}

/// The spread of each (point, candidate), in order of first appearance.
fn rows(samples: &[Sample]) -> Vec<Row> {
    let mut keys: Vec<(Point, &str)> = Vec::new();
    for s in samples {
        if !keys.contains(&(s.point, s.candidate.as_str())) {
            keys.push((s.point, &s.candidate));
        }
    }
    keys.into_iter()
        .filter_map(|(point, candidate)| {
            let values: Vec<f64> = samples
                .iter()
                .filter(|s| s.point == point && s.candidate == candidate)
                .map(|s| s.steps_per_s)
                .collect();
            Some(Row {
                point,
                candidate: candidate.to_string(),
                rounds: values.len(),
                min: values.iter().copied().reduce(f64::min)?,
                median: median(&values)?,
                max: values.iter().copied().reduce(f64::max)?,
            })
        })
        .collect()
}

/// The rows as the CSV the chart reads.
fn csv(rows: &[Row]) -> String {
    let mut out = format!("{HEADER}\n");
    for r in rows {
        out.push_str(&format!(
            "{},{},{},{},{:.2},{:.2},{:.2}\n",
            r.point.d_model, r.point.batch_size, r.candidate, r.rounds, r.min, r.median, r.max
        ));
    }
    out
}

/// The medians as a Markdown table, one line per point in grid order, with
/// the ratios of the lab's candidates to PyTorch where all were measured.
fn table(rows: &[Row]) -> Vec<String> {
    let find = |point: Point, candidate: &str| {
        rows.iter()
            .find(|r| r.point == point && r.candidate == candidate)
            .map(|r| r.median)
    };
    let number = |v: Option<f64>| v.map_or_else(|| "–".to_string(), |v| format!("{v:.2}"));
    let ratio = |a: Option<f64>, b: Option<f64>| match (a, b) {
        (Some(a), Some(b)) => format!("{:.2}", a / b),
        _ => "–".to_string(),
    };
    let mut lines = vec![
        "| d_model | batch | native flex | in Chromium | PyTorch 1 thread \
         | native / PyTorch | Chromium / PyTorch |"
            .to_string(),
        "|---|---|---|---|---|---|---|".to_string(),
    ];
    for point in grid() {
        let (native, browser, torch) = (
            find(point, NATIVE),
            find(point, BROWSER),
            find(point, TORCH),
        );
        if native.is_none() && browser.is_none() && torch.is_none() {
            continue;
        }
        lines.push(format!(
            "| {} | {} | {} | {} | {} | {} | {} |",
            point.d_model,
            point.batch_size,
            number(native),
            number(browser),
            number(torch),
            ratio(native, torch),
            ratio(browser, torch),
        ));
    }
    lines
}

/// The 1, 5 and 15 minute load averages, where the system tells them.
fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".to_string())
}

/// `cargo xtask sweep [--rounds R] [--steps N] [--seconds S] [--python PATH]
/// [--site URL] [--chart-only]`.
pub fn run(options: &[String]) -> Result<(), String> {
    let csv_path = cmd::root().join(CSV);
    if options.iter().any(|o| o == "--chart-only") {
        return chart(&csv_path);
    }
    let rounds = crate::option(options, "--rounds", DEFAULT_ROUNDS);
    let steps = crate::option(options, "--steps", DEFAULT_STEPS);
    let seconds = crate::option(options, "--seconds", DEFAULT_SECONDS);
    let python = peer::text_option(options, "--python");
    println!("load average (1, 5, 15 min) before: {}", load());

    let stage = Stage::start("build the native CLI; find the site; dump the peer's batches");
    let prepared = (|| -> Result<_, String> {
        let cli = peer::build_cli()?;
        let (site, server) = crate::web::given_or_served(peer::text_option(options, "--site"))?;
        let torch = match python.map(|p| (p, peer::torch_missing(p))) {
            None => {
                println!("PyTorch peer skipped: no --python given");
                None
            }
            Some((_, Some(reason))) => {
                println!("PyTorch peer skipped: {reason}");
                None
            }
            Some((p, None)) => {
                for point in grid() {
                    dump(&cli, steps, point)?;
                }
                Some(p)
            }
        };
        Ok((cli, site, server, torch))
    })();
    stage.finish(prepared.is_ok());
    // `_server` serves dist/ until the rounds are done.
    let (cli, site, _server, torch) = prepared?;

    let mut samples = Vec::new();
    let mut failures = Vec::new();
    for round in 1..=rounds {
        let stage = Stage::start(&format!("round {round} of {rounds}"));
        let mut points = grid();
        if round % 2 == 0 {
            points.reverse();
        }
        for point in points {
            let mut commands = vec![native(&cli, steps, point), browser(&site, seconds, point)];
            if let Some(python) = torch {
                commands.push(peer::peer_command(python, &batches_dir(point), steps));
            }
            for mut c in commands {
                let (result, lines) = cmd::run_capturing(&mut c);
                let measured: Vec<Measurement> = lines.iter().filter_map(|l| parse(l)).collect();
                match (result, measured.as_slice()) {
                    (Ok(()), [m]) => samples.push(Sample {
                        point,
                        candidate: format!("{} {}", m.backend, m.target),
                        steps_per_s: m.steps_per_s,
                    }),
                    (result, _) => failures.push(format!(
                        "round {round}, {point:?}: {}",
                        result
                            .err()
                            .unwrap_or_else(|| "no single bench line".into())
                    )),
                }
            }
        }
        stage.finish(true);
    }
    println!("load average (1, 5, 15 min) after: {}", load());

    if samples.is_empty() {
        // Keep the last CSV and chart rather than overwrite them with nothing.
        return Err(format!("nothing was timed:\n{}", failures.join("\n")));
    }
    let rows = rows(&samples);
    std::fs::write(&csv_path, csv(&rows))
        .map_err(|e| format!("cannot write {}: {e}", csv_path.display()))?;
    println!("\nwrote {CSV}; medians of {rounds} rounds, steps/s:\n");
    for line in table(&rows) {
        println!("{line}");
    }
    chart(&csv_path)?;
    if failures.is_empty() {
        Ok(())
    } else {
        Err(format!("some timings failed:\n{}", failures.join("\n")))
    }
}

/// Draws the SVG from the CSV with the page's chart code.
fn chart(csv_path: &Path) -> Result<(), String> {
    cmd::run(
        cmd::command(
            "cargo",
            &[
                "run",
                "--quiet",
                "-p",
                "lab-plot",
                "--example",
                "speed_chart",
                "--",
            ],
        )
        .arg(csv_path)
        .arg(cmd::root().join(SVG)),
    )
}

fn batches_dir(point: Point) -> PathBuf {
    cmd::target_dir().join(format!(
        "sweep-batches/d{}-b{}",
        point.d_model, point.batch_size
    ))
}

/// The sizes as the CLI's options.
fn size_args(point: Point) -> [String; 4] {
    [
        "--d-model".into(),
        point.d_model.to_string(),
        "--batch-size".into(),
        point.batch_size.to_string(),
    ]
}

/// The peer's batches at `point`: the bench's warm-up plus `steps`.
fn dump(cli: &Path, steps: usize, point: Point) -> Result<(), String> {
    cmd::run(
        Command::new(cli)
            .args(["dump-batches", "--steps", &steps.to_string(), "--out"])
            .arg(batches_dir(point))
            .args(size_args(point))
            .current_dir(cmd::root()),
    )
}

fn native(cli: &Path, steps: usize, point: Point) -> Command {
    let mut c = Command::new(cli);
    c.args(["bench", "--backend", "flex", "--steps", &steps.to_string()])
        .args(size_args(point))
        .current_dir(cmd::root());
    c
}

fn browser(site: &str, seconds: usize, point: Point) -> Command {
    let (d_model, batch, seconds) = (
        point.d_model.to_string(),
        point.batch_size.to_string(),
        seconds.to_string(),
    );
    crate::web::node_against(site, &[BROWSER_SCRIPT, &d_model, &batch, &seconds])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(d_model: usize, batch_size: usize, candidate: &str, steps_per_s: f64) -> Sample {
        Sample {
            point: Point {
                d_model,
                batch_size,
            },
            candidate: candidate.into(),
            steps_per_s,
        }
    }

    #[test]
    fn the_grid_holds_both_panels_and_the_preset_once() {
        let points = grid();
        assert_eq!(points.len(), D_MODELS.len() + BATCHES.len() - 1);
        assert_eq!(points.iter().filter(|p| **p == PRESET).count(), 1);
        for d_model in D_MODELS {
            assert!(points.contains(&Point {
                d_model,
                batch_size: PRESET.batch_size
            }));
        }
        for batch_size in BATCHES {
            assert!(points.contains(&Point {
                d_model: PRESET.d_model,
                batch_size
            }));
        }
    }

    #[test]
    fn each_candidate_at_each_point_gets_its_spread_over_the_rounds() {
        let samples = [
            sample(32, 64, NATIVE, 40.0),
            sample(32, 64, TORCH, 20.0),
            sample(32, 64, NATIVE, 44.0),
            sample(32, 64, TORCH, 26.0),
            sample(32, 64, NATIVE, 41.0),
            sample(64, 16, NATIVE, 9.0),
        ];
        let rows = rows(&samples);
        assert_eq!(rows.len(), 3);
        assert_eq!(
            (rows[0].rounds, rows[0].min, rows[0].median, rows[0].max),
            (3, 40.0, 41.0, 44.0)
        );
        assert_eq!((rows[1].candidate.as_str(), rows[1].median), (TORCH, 23.0));
        assert_eq!((rows[2].rounds, rows[2].median), (1, 9.0));
        let text = csv(&rows);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], HEADER);
        assert_eq!(lines[1], "32,64,flex native,3,40.00,41.00,44.00");
        assert_eq!(lines.len(), 4);
    }

    #[test]
    fn the_table_gives_the_ratios_to_pytorch_where_both_were_measured() {
        let samples = [
            sample(64, 16, NATIVE, 30.0),
            sample(64, 16, BROWSER, 10.0),
            sample(64, 16, TORCH, 20.0),
            sample(32, 64, NATIVE, 40.0),
        ];
        let lines = table(&rows(&samples));
        assert_eq!(lines.len(), 4, "a header, its rule and two points");
        // Grid order: the d_model panel comes first.
        assert_eq!(lines[2], "| 32 | 64 | 40.00 | – | – | – | – |");
        assert_eq!(
            lines[3],
            "| 64 | 16 | 30.00 | 10.00 | 20.00 | 1.50 | 0.50 |"
        );
    }
}
