//! `cargo xtask fuzz [--seconds N]`: every `cargo fuzz` target of `fuzz/`
//! for N seconds each (default 20), two at a time, and a line per
//! target with its executions, time, peak memory and verdict. FUZZING.md
//! describes the targets, the longer recorded runs and the findings.
//!
//! cargo-fuzz passes nightly-only flags (`-Zsanitizer=address`,
//! `-Cpasses=sancov-module`) to rustc. The lab builds with stable Rust, so the
//! runs set `RUSTC_BOOTSTRAP=1`, which lets a stable compiler accept them (a
//! nightly toolchain works too). Every run starts with the committed seeds
//! (`fuzz/seeds/<target>`) and replays the inputs that once failed
//! (`fuzz/regressions/<target>`); what it discovers goes to the ignored
//! working corpus `fuzz/corpus/<target>`, a failing input to
//! `fuzz/artifacts/<target>/`.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

use crate::cmd::{self, Stage};

/// Seconds per target in `cargo xtask ci`. The four targets run two at a
/// time, so the runs take about twice this, after the build (about 5 min
/// from scratch on two cores, seconds when `fuzz/target/` is warm).
pub const SMOKE_SECONDS: u64 = 20;

/// The targets, the first half and the second run side by side, each half in
/// this order (`checkpoint` needs the `model` feature).
pub const TARGETS: [&str; 4] = ["messages", "tokenizer", "pairs", "checkpoint"];

/// libFuzzer's limits for every run: no input may take more than 10 s, the
/// process more than 2 GB, or one allocation more than 128 MB. Inputs are a
/// few kilobytes, so a large allocation can only be a size read from the input
/// and trusted: the checkpoint reader must refuse a huge model by arithmetic.
pub const LIMITS: [&str; 3] = ["-timeout=10", "-rss_limit_mb=2048", "-malloc_limit_mb=128"];

/// The options shared by `cargo fuzz build` and `cargo fuzz run` (they must
/// agree, or the run rebuilds): the address sanitizer (the default); `--dev`,
/// whose profile in fuzz/Cargo.toml optimises the code under test but not
/// burn (an optimised, instrumented burn takes over ten minutes to build on
/// two cores, unoptimised under four); and the `model` feature, so that one
/// build serves every target.
const BUILD: [&str; 3] = ["--dev", "--features", "model"];

/// `cargo fuzz <args>` in the workspace root, allowed nightly flags on stable.
fn cargo_fuzz(args: &[&str]) -> Command {
    let mut c = cmd::command("cargo", &["fuzz"]);
    c.args(args).env("RUSTC_BOOTSTRAP", "1");
    c
}

/// What one run did, read from libFuzzer's final statistics.
#[derive(Debug, Default, PartialEq)]
pub struct Report {
    pub executions: u64,
    pub seconds: u64,
    pub peak_rss_mb: u64,
    pub new_units: u64,
}

impl Report {
    /// Reads `stat::number_of_executed_units: N` and the other lines of
    /// `-print_final_stats=1`, and `Done N runs in S second(s)`.
    pub fn read(lines: &[String]) -> Report {
        let mut r = Report::default();
        for line in lines {
            let line = line.trim();
            let stat = |name: &str| {
                line.strip_prefix(name)
                    .and_then(|rest| rest.trim_start_matches(':').trim().parse().ok())
            };
            if let Some(n) = stat("stat::number_of_executed_units") {
                r.executions = n;
            } else if let Some(n) = stat("stat::peak_rss_mb") {
                r.peak_rss_mb = n;
            } else if let Some(n) = stat("stat::new_units_added") {
                r.new_units = n;
            } else if let Some(rest) = line.strip_prefix("Done ") {
                // "Done 359540 runs in 21 second(s)"
                let words: Vec<&str> = rest.split_whitespace().collect();
                if let [runs, "runs", "in", secs, ..] = words[..] {
                    r.executions = runs.parse().unwrap_or(r.executions);
                    r.seconds = secs.parse().unwrap_or(0);
                }
            }
        }
        r
    }
}

/// Whether a libFuzzer line is worth echoing: not the stream of `NEW` and
/// `REDUCE` progress lines, newly covered functions, nor the recommended dictionary.
fn worth_echoing(line: &str) -> bool {
    let progress = line.starts_with('#')
        && [" NEW ", " REDUCE ", "\tNEW ", "\tREDUCE "]
            .iter()
            .any(|p| line.contains(p));
    !(progress || line.contains("# Uses:") || line.trim_start().starts_with("NEW_FUNC"))
}

/// Runs `c`, echoing its output (the interesting lines), and returns every
/// line of its standard error, where libFuzzer writes.
fn run_fuzzer(args: &[&str]) -> (Result<(), String>, Vec<String>) {
    println!("$ RUSTC_BOOTSTRAP=1 cargo fuzz {}", args.join(" "));
    let mut child = match cargo_fuzz(args)
        .stdout(Stdio::inherit())
        .stderr(Stdio::piped())
        .spawn()
    {
        Ok(child) => child,
        Err(e) => return (Err(format!("could not start cargo fuzz: {e}")), vec![]),
    };
    let mut lines = Vec::new();
    for line in BufReader::new(child.stderr.take().expect("stderr is piped"))
        .lines()
        .map_while(Result::ok)
    {
        if worth_echoing(&line) {
            eprintln!("{line}");
        }
        lines.push(line);
    }
    match child.wait() {
        Ok(status) if status.success() => (Ok(()), lines),
        Ok(status) => (Err(format!("cargo fuzz run failed ({status})")), lines),
        Err(e) => (Err(format!("cargo fuzz run did not finish: {e}")), lines),
    }
}

/// The crash file libFuzzer reports in `lines`, if any.
fn artifact(lines: &[String]) -> Option<String> {
    lines.iter().find_map(|l| {
        l.split_once("Test unit written to ")
            .map(|(_, path)| path.trim().to_string())
    })
}

/// Fuzzes `target` for `seconds` from its seeds and regressions: the
/// summary's row, `Err` if it failed.
fn fuzz_one(target: &str, seconds: u64) -> Result<String, String> {
    let stage = Stage::start(&format!("fuzz {target} for {seconds} s"));
    let root = cmd::root().join("fuzz");
    let corpus = format!("fuzz/corpus/{target}");
    if let Err(e) = std::fs::create_dir_all(root.join("corpus").join(target)) {
        stage.finish(false);
        return Err(format!("  {target:<11} cannot create {corpus}: {e}"));
    }
    let seeds = format!("fuzz/seeds/{target}");
    let regressions = format!("fuzz/regressions/{target}");
    let mut args = vec!["run"];
    args.extend(BUILD);
    args.extend([target, &corpus, &seeds]);
    if root.join("regressions").join(target).is_dir() {
        args.push(&regressions);
    }
    let time = format!("-max_total_time={seconds}");
    args.extend(["--", &time, "-print_final_stats=1"]);
    args.extend(LIMITS);
    let (result, lines) = run_fuzzer(&args);
    let report = Report::read(&lines);
    let verdict = match (&result, artifact(&lines)) {
        (Ok(()), _) => "0 crashes".to_string(),
        (Err(_), Some(path)) => format!("FAILED: input saved to {path}"),
        (Err(e), None) => format!("FAILED: {e}"),
    };
    let (_, ok, wall) = stage.finish(result.is_ok());
    let row = format!(
        "  {target:<11} {:>11} executions in {:>4} s ({:>7} /s), peak {:>5} MB, {:>4} new inputs, {wall:>5.1} s wall: {verdict}",
        report.executions,
        report.seconds,
        report.executions / report.seconds.max(1),
        report.peak_rss_mb,
        report.new_units,
    );
    if ok {
        Ok(row)
    } else {
        Err(row)
    }
}

/// Builds every target, then runs each for `seconds`, two at a time.
pub fn run(seconds: u64) -> Result<(), String> {
    start_build()?.wait()?;
    run_built(seconds)
}

/// A `cargo fuzz build` of every target under way in the background, its
/// output kept in a file and shown when it is waited for. `cargo xtask ci`
/// builds beside the wasm stages, which leave a core idle for long
/// stretches (wasm-opt, the page's one-unit link-time optimisation).
pub struct Build {
    child: Child,
    log: std::path::PathBuf,
    stage: Stage,
}

/// Starts building every target and the seed generator: the build compiles
/// the fuzz crate's library too, and with it the seed generator
/// (`fuzz/src/seeds.rs`), so it cannot fall behind the messages and
/// checkpoints it writes.
pub fn start_build() -> Result<Build, String> {
    let installed = cmd::command("cargo", &["fuzz", "--version"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !installed {
        return Err(
            "cargo-fuzz is not installed: `cargo install cargo-fuzz` (.ci/install.sh does it)"
                .into(),
        );
    }
    let stage = Stage::start(
        "build the fuzz targets and the seed generator (cargo fuzz build, fuzz/target/), in the background",
    );
    let log = std::env::temp_dir().join(format!("lab-fuzz-build-{}.log", std::process::id()));
    let file = std::fs::File::create(&log).map_err(|e| format!("{}: {e}", log.display()))?;
    let both = file
        .try_clone()
        .map_err(|e| format!("{}: {e}", log.display()))?;
    let mut args = vec!["build"];
    args.extend(BUILD);
    let child = cargo_fuzz(&args)
        .stdout(file)
        .stderr(both)
        .spawn()
        .map_err(|e| format!("could not start cargo fuzz: {e}"))?;
    Ok(Build { child, log, stage })
}

impl Build {
    /// Waits for the build to end and prints what it wrote.
    pub fn wait(mut self) -> Result<(), String> {
        let status = self.child.wait();
        let output = std::fs::read_to_string(&self.log).unwrap_or_default();
        let _ = std::fs::remove_file(&self.log);
        println!("\n(cargo fuzz build, in the background:)\n{output}");
        let built = match status {
            Ok(status) if status.success() => Ok(()),
            Ok(status) => Err(format!("cargo fuzz build failed ({status})")),
            Err(e) => Err(format!("cargo fuzz build did not finish: {e}")),
        };
        self.stage.finish(built.is_ok());
        built
    }
}

/// Runs each target for `seconds`, two at a time, once they are built.
pub fn run_built(seconds: u64) -> Result<(), String> {
    // libFuzzer runs on one thread: two targets at a time use both cores,
    // and halve the stage (their log lines interleave; the summary does not).
    let outcomes: Vec<(&str, Result<String, String>)> = std::thread::scope(|scope| {
        let halves: Vec<_> = TARGETS
            .chunks(TARGETS.len().div_ceil(2))
            .map(|half| {
                scope.spawn(move || {
                    half.iter()
                        .map(|&target| (target, fuzz_one(target, seconds)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        halves
            .into_iter()
            .flat_map(|h| h.join().expect("a fuzzing thread does not panic"))
            .collect()
    });
    let mut failures = Vec::new();
    let mut rows = Vec::new();
    for (target, outcome) in outcomes {
        match outcome {
            Ok(row) => rows.push(row),
            Err(row) => {
                rows.push(row);
                failures.push(target);
            }
        }
    }
    println!("\nfuzzing summary:");
    for row in &rows {
        println!("{row}");
    }
    if failures.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "fuzz target(s) {} failed; reproduce with `RUSTC_BOOTSTRAP=1 cargo fuzz run {} <target> <input>` (see FUZZING.md)",
            failures.join(", "),
            BUILD.join(" ")
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> Vec<String> {
        text.lines().map(String::from).collect()
    }

    #[test]
    fn libfuzzer_final_statistics_are_read() {
        let out = lines(
            "#359540\tDONE   cov: 2860 ft: 6750 corp: 1716/93Kb lim: 203 exec/s: 17120 rss: 506Mb\n\
             Done 359540 runs in 21 second(s)\n\
             stat::number_of_executed_units: 359541\n\
             stat::average_exec_per_sec:     17121\n\
             stat::new_units_added:          1523\n\
             stat::slowest_unit_time_sec:    0\n\
             stat::peak_rss_mb:              506\n",
        );
        assert_eq!(
            Report::read(&out),
            Report {
                executions: 359541,
                seconds: 21,
                peak_rss_mb: 506,
                new_units: 1523,
            }
        );
    }

    #[test]
    fn progress_lines_are_not_echoed_but_the_rest_is() {
        assert!(!worth_echoing(
            "#356446\tREDUCE cov: 2860 ft: 6739 corp: 1708/93Kb lim: 203 exec/s: 17822"
        ));
        assert!(!worth_echoing("#3\tNEW    cov: 2860 ft: 6740"));
        assert!(!worth_echoing("\"<bos>\" # Uses: 37"));
        assert!(!worth_echoing(
            "\tNEW_FUNC[1/2]: 0x5 in <[u8]>::starts_with"
        ));
        assert!(worth_echoing("#262144\tpulse  cov: 2860 ft: 6700"));
        assert!(worth_echoing("==1234== ERROR: libFuzzer: deadly signal"));
        assert_eq!(
            artifact(&lines(
                "artifact_prefix='fuzz/artifacts/checkpoint/'; Test unit written to fuzz/artifacts/checkpoint/crash-0a1b\n"
            )),
            Some("fuzz/artifacts/checkpoint/crash-0a1b".into())
        );
    }
}
