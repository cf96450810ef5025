//! `cargo xtask bench`: training steps/s of the `toy` preset on every backend,
//! natively and in WebAssembly, in one run, with the wasm / native ratios
//! that PRODUCT.md budgets (wasm flex ≥ 0.5× native flex).
//!
//! The native half is `attention-lab bench` built with `--features ndarray`.
//! The wasm half is the same workload in `crates/bench-wasm`, built for
//! wasm32 with simd128 (see `.cargo/config.toml`), bound for Node by
//! `wasm-bindgen --target nodejs` and timed by `crates/bench-wasm/bench.cjs`.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::cmd::{self, Stage};
use crate::peer;

const BACKENDS: [&str; 2] = ["flex", "ndarray"];

/// One `bench <backend> <target> steps_per_s=<x>` line, read back.
pub(crate) struct Measurement {
    pub(crate) backend: String,
    pub(crate) target: String,
    pub(crate) steps_per_s: f64,
}

pub(crate) fn parse(line: &str) -> Option<Measurement> {
    let mut words = line.split_whitespace();
    if words.next()? != "bench" {
        return None;
    }
    let backend = words.next()?.to_string();
    let target = words.next()?.to_string();
    let steps_per_s = words.next()?.strip_prefix("steps_per_s=")?.parse().ok()?;
    Some(Measurement {
        backend,
        target,
        steps_per_s,
    })
}

fn run(steps: usize) -> Result<(), String> {
    let steps_arg = steps.to_string();
    let mut lines = Vec::new();

    let stage = Stage::start("native bench (flex, ndarray)");
    let (result, out) = cmd::run_capturing(&mut cmd::command(
        "cargo",
        &[
            "run",
            "--quiet",
            "--release",
            "-p",
            "lab-cli",
            "--features",
            "ndarray",
            "--",
            "bench",
            "--steps",
            &steps_arg,
        ],
    ));
    stage.finish(result.is_ok());
    result?;
    lines.extend(out);

    let stage = Stage::start("wasm bench in Node (flex, ndarray)");
    let result = wasm_bench(&steps_arg);
    stage.finish(result.is_ok());
    lines.extend(result?);

    let measured: Vec<Measurement> = lines.iter().filter_map(|l| parse(l)).collect();
    let find = |backend: &str, target: &str| {
        measured
            .iter()
            .find(|m| m.backend == backend && m.target == target)
            .map(|m| m.steps_per_s)
    };

    println!("\nsummary ({steps} timed steps of Settings::toy(EnJa) each):");
    for m in &measured {
        println!(
            "bench {} {} steps_per_s={:.2}",
            m.backend, m.target, m.steps_per_s
        );
    }
    for backend in BACKENDS {
        if let (Some(wasm), Some(native)) = (find(backend, "wasm"), find(backend, "native")) {
            println!("ratio {backend} wasm/native={:.2}", wasm / native);
        }
    }
    for target in ["native", "wasm"] {
        if let (Some(ndarray), Some(flex)) = (find("ndarray", target), find("flex", target)) {
            println!("ratio {target} ndarray/flex={:.2}", ndarray / flex);
        }
    }
    if measured.len() < 4 {
        return Err(format!("expected 4 bench lines, got {}", measured.len()));
    }
    Ok(())
}

/// Builds the wasm bench, binds it for Node and runs it; returns its lines.
fn wasm_bench(steps: &str) -> Result<Vec<String>, String> {
    let out_dir = build_wasm()?;
    run_wasm(&out_dir, steps)
}

/// Builds the wasm bench and binds it for Node; returns the bindings' folder.
fn build_wasm() -> Result<PathBuf, String> {
    cmd::run(&mut cmd::command(
        "cargo",
        &[
            "build",
            "--release",
            "-p",
            "lab-bench-wasm",
            "--features",
            "ndarray",
            "--target",
            "wasm32-unknown-unknown",
        ],
    ))?;
    let wasm = cmd::target_dir().join("wasm32-unknown-unknown/release/lab_bench_wasm.wasm");
    let out_dir = cmd::target_dir().join("bench-wasm");
    cmd::run(
        cmd::command("wasm-bindgen", &["--target", "nodejs", "--out-dir"])
            .arg(&out_dir)
            .arg(&wasm),
    )?;
    Ok(out_dir)
}

/// Runs the bound wasm bench in Node; returns its lines.
fn run_wasm(out_dir: &Path, steps: &str) -> Result<Vec<String>, String> {
    capture(
        cmd::command("node", &["crates/bench-wasm/bench.cjs"])
            .arg(out_dir)
            .arg(steps)
            .args(BACKENDS),
    )
}

fn capture(c: &mut Command) -> Result<Vec<String>, String> {
    let (result, lines) = cmd::run_capturing(c);
    result.map(|()| lines)
}

/// Rounds of `--peers` when `--rounds` is not given.
const DEFAULT_ROUNDS: usize = 3;
/// The candidates the ratios of `--peers` are relative to: the lab natively,
/// and PyTorch on one thread (the reference).
const REFERENCE: (&str, &str) = ("flex", "native");
const PEER: (&str, &str) = ("torch", "native");

/// The in-browser timing script (`bench <label> browser steps_per_s=…`).
const BROWSER_SCRIPT: &str = "tests/browser_bench.mjs";
/// Seconds of in-browser training each round counts, after the warm-up.
const BROWSER_SECONDS: &str = "15";
/// The label of the `--base-site` build's in-browser line.
const BASE_LABEL: &str = "base";
/// PyTorch's thread counts: one (the reference) and both cores.
const TORCH_THREADS: [usize; 2] = [1, 2];

/// `cargo xtask bench [--steps N]`, or with
/// `--peers [--python PATH] [--rounds R] [--site URL] [--base-site URL] [--task T]`
/// the interleaved comparison with the PyTorch peer and in-browser training
/// (with `--task`, on that task's toy preset, the pretrained models' recipe,
/// in the browser and PyTorch only: the native and Node benches time the
/// benchmark workload alone).
pub fn run_with(steps: usize, options: &[String]) -> Result<(), String> {
    if !options.iter().any(|o| o == "--peers") {
        return run(steps);
    }
    let python = peer::text_option(options, "--python").unwrap_or(peer::DEFAULT_PYTHON);
    peers(
        steps,
        python,
        crate::option(options, "--rounds", DEFAULT_ROUNDS),
        Sites {
            site: peer::text_option(options, "--site"),
            base_site: peer::text_option(options, "--base-site"),
        },
        peer::text_option(options, "--task"),
    )
}

/// Native (flex, ndarray, and flex with a second thread), wasm in Node (flex, ndarray), in-browser training
/// (this build, and an older one at `base_site` if given) and the PyTorch
/// peer on one and two threads, one after the other in each of `rounds`
/// rounds, so that the machine's noise falls on all of them alike.
/// The site to time in-browser training on (else one built and served
/// here), and an older build's beside it.
struct Sites<'a> {
    site: Option<&'a str>,
    base_site: Option<&'a str>,
}

fn peers(
    steps: usize,
    python: &str,
    rounds: usize,
    Sites { site, base_site }: Sites,
    task: Option<&str>,
) -> Result<(), String> {
    let steps_arg = steps.to_string();
    let stage =
        Stage::start("build the native CLI, the wasm bench and the site; dump the peer's batches");
    let prepared = (|| -> Result<_, String> {
        let cli = peer::build_cli()?;
        // The Node bench times the benchmark workload only.
        let wasm_dir = if task.is_none() {
            Some(build_wasm()?)
        } else {
            None
        };
        let batches = peer::default_dir();
        peer::dump(&cli, steps, &batches, task)?;
        let (site, server) = crate::web::given_or_served(site)?;
        Ok((cli, wasm_dir, batches, site, server))
    })();
    stage.finish(prepared.is_ok());
    // `_server` serves dist/ until the measurements are done.
    let (cli, wasm_dir, batches, site, _server) = prepared?;
    let mut browsers = vec![("flex", site.as_str())];
    if let Some(base) = base_site {
        browsers.push((BASE_LABEL, base));
    }
    let torch = match peer::torch_missing(python) {
        None => true,
        Some(reason) => {
            println!("PyTorch peer skipped: {reason}");
            false
        }
    };
    let mut measured = Vec::new();
    for round in 1..=rounds {
        let stage = Stage::start(&format!("round {round} of {rounds}"));
        let lines = (|| -> Result<Vec<String>, String> {
            let mut lines = Vec::new();
            if let Some(wasm_dir) = &wasm_dir {
                lines.extend(native_and_node(&cli, wasm_dir, &steps_arg)?);
            }
            for (label, url) in &browsers {
                let mut args = vec![BROWSER_SCRIPT, label, BROWSER_SECONDS];
                args.extend(task);
                lines.extend(capture(&mut crate::web::node_against(url, &args))?);
            }
            if torch {
                for threads in TORCH_THREADS {
                    lines.extend(capture(&mut peer::peer_command_threads(
                        python, &batches, steps, threads,
                    ))?);
                }
            }
            Ok(lines)
        })();
        stage.finish(lines.is_ok());
        measured.extend(lines?.iter().filter_map(|l| parse(l)));
    }
    let workload = task.map_or_else(
        || "Settings::toy(EnJa)".to_string(),
        |t| format!("Settings::toy({t})"),
    );
    println!("\nsummary ({rounds} rounds of {steps} timed steps of {workload}, steps/s):");
    for line in summary(&measured) {
        println!("{line}");
    }
    Ok(())
}

/// The benchmark workload natively (flex, ndarray, and flex with each
/// step's second shard on a second thread) and in Node (wasm).
fn native_and_node(cli: &Path, wasm_dir: &Path, steps_arg: &str) -> Result<Vec<String>, String> {
    let mut lines = capture(
        Command::new(cli)
            .args(["bench", "--steps", steps_arg])
            .current_dir(cmd::root()),
    )?;
    lines.extend(capture(
        Command::new(cli)
            .args([
                "bench",
                "--steps",
                steps_arg,
                "--backend",
                "flex",
                "--threads",
                "2",
            ])
            .current_dir(cmd::root()),
    )?);
    lines.extend(run_wasm(wasm_dir, steps_arg)?);
    Ok(lines)
}

/// The median of `values` (the mean of the middle two for an even count).
pub(crate) fn median(values: &[f64]) -> Option<f64> {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let n = sorted.len();
    match n {
        0 => None,
        _ if n % 2 == 1 => Some(sorted[n / 2]),
        _ => Some((sorted[n / 2 - 1] + sorted[n / 2]) / 2.0),
    }
}

/// One line per candidate, in order of first appearance: min, median and
/// max steps/s over the rounds, and the median's ratios to native flex and
/// to PyTorch on one thread ("-" where that was not measured).
fn summary(measured: &[Measurement]) -> Vec<String> {
    let mut names: Vec<(&str, &str)> = Vec::new();
    for m in measured {
        let name = (m.backend.as_str(), m.target.as_str());
        if !names.contains(&name) {
            names.push(name);
        }
    }
    let values = |(backend, target): (&str, &str)| -> Vec<f64> {
        measured
            .iter()
            .filter(|m| m.backend == backend && m.target == target)
            .map(|m| m.steps_per_s)
            .collect()
    };
    let reference = median(&values(REFERENCE));
    let peer = median(&values(PEER));
    let ratio = |mid: f64, to: Option<f64>| {
        to.map_or_else(|| "-".to_string(), |r| format!("{:.2}", mid / r))
    };
    let mut lines = vec![format!(
        "{:<24} {:>6} {:>8} {:>8} {:>8} {:>16} {:>12}",
        "candidate", "rounds", "min", "median", "max", "median/flex nat.", "median/torch"
    )];
    for name in names {
        let v = values(name);
        let (Some(mid), Some(lo), Some(hi)) = (
            median(&v),
            v.iter().copied().reduce(f64::min),
            v.iter().copied().reduce(f64::max),
        ) else {
            continue;
        };
        lines.push(format!(
            "{:<24} {:>6} {lo:>8.2} {mid:>8.2} {hi:>8.2} {:>16} {:>12}",
            format!("{} {}", name.0, name.1),
            v.len(),
            ratio(mid, reference),
            ratio(mid, peer)
        ));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bench_lines_are_read_back() {
        let m = parse("bench flex wasm steps_per_s=3.25").expect("a bench line");
        assert_eq!(
            (m.backend.as_str(), m.target.as_str(), m.steps_per_s),
            ("flex", "wasm", 3.25)
        );
        assert!(parse("Compiling lab-cli").is_none());
    }

    fn line(backend: &str, target: &str, steps_per_s: f64) -> Measurement {
        Measurement {
            backend: backend.into(),
            target: target.into(),
            steps_per_s,
        }
    }

    #[test]
    fn the_median_of_an_even_count_is_the_mean_of_the_middle_two() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), Some(2.0));
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), Some(2.5));
        assert_eq!(median(&[]), None);
    }

    #[test]
    fn the_summary_gives_each_candidate_its_spread_and_ratio_to_native_flex() {
        let measured = [
            line("flex", "native", 20.0),
            line("torch", "native", 5.0),
            line("flex", "native", 10.0),
            line("torch", "native", 9.0),
            line("flex", "native", 12.0),
            line("torch", "native", 6.0),
        ];
        let lines = summary(&measured);
        assert_eq!(lines.len(), 3, "a header and two candidates");
        let words =
            |i: usize| -> Vec<String> { lines[i].split_whitespace().map(String::from).collect() };
        assert_eq!(
            words(1),
            ["flex", "native", "3", "10.00", "12.00", "20.00", "1.00", "2.00"]
        );
        assert_eq!(
            words(2),
            ["torch", "native", "3", "5.00", "6.00", "9.00", "0.50", "1.00"]
        );
        let no_reference = summary(&[line("flex", "browser", 5.0)]);
        assert!(
            no_reference[1].ends_with("-            -"),
            "{}",
            no_reference[1]
        );
    }
}
