//! `cargo xtask ci`: every test the project has, in the order a failure is
//! cheapest to find, with the time each stage took and a summary at the end.
//!
//! 0. code health: `cargo fmt --check`, `leptosfmt --check web/src` (the
//!    page's `view!` markup, which rustfmt leaves alone) and `cargo clippy
//!    --target wasm32-unknown-unknown -- -D warnings` on the crates with
//!    wasm-only code (the worker, lab-train, lab-tasks, lab-bench-wasm);
//! 1. native lints, unit and learning tests in one build: `cargo test
//!    --workspace --profile ci` with clippy as the workspace's compiler, so
//!    it lints as `cargo clippy --workspace --all-targets -- -D warnings`
//!    ([`run_native_tests`]);
//! 2. the wasm-bindgen-test that trains in headless Chromium
//!    (`crates/worker/tests/wasm.rs`): in the worker's crate, so its build has
//!    the worker's features and trunk's worker build below reuses it;
//! 3. the static site: `trunk build --release` into `dist/`, and its wasm
//!    read for any instruction a browser engine refuses (`engines.rs`);
//!    the fuzz targets build in the background beside stages 2 and 3
//!    ([`fuzz::start_build`]), whose builds leave a core idle for long
//!    stretches, so their stage times include that build's share;
//! 4. a bounded fuzzing smoke run, every target of `fuzz/` for
//!    [`fuzz::SMOKE_SECONDS`] s (`cargo xtask fuzz`, FUZZING.md);
//! 5. the Playwright end-to-end tests in `tests/e2e/` against the site, alone
//!    on the machine: two files at a time, then the ones that time the page
//!    one at a time ([`web::run_e2e`]);
//! 6. a learner's flow through the site (`tests/engines/subset.test.mjs`),
//!    the same file in each engine: Chromium, Firefox ESR, then WebKitGTK
//!    under `xvfb-run` ([`subset::run_subset`]).
//!
//! Every stage runs even if an earlier one failed (except the e2e tests and
//! the engines' flow, which need the site), so one run reports every
//! problem. The last line is `N passed, N failed`, counting tests; a stage
//! that fails without a failing test (a build error) counts as one failure.
//! The exit code is non-zero on any failure.

use crate::cmd::{self, Stage};
use crate::{fuzz, subset, web};

/// Test counts read from a runner's output.
#[derive(Default, Clone, Copy, Debug, PartialEq)]
pub struct Counts {
    pub passed: usize,
    pub failed: usize,
}

impl Counts {
    /// Adds up libtest's `test result: ok. 3 passed; 0 failed; …` lines
    /// (also printed by wasm-bindgen-test-runner) and node's
    /// `ℹ pass 3` / `ℹ fail 0` (spec reporter) or `# pass 3` (tap) lines.
    pub fn read(lines: &[String]) -> Counts {
        let mut counts = Counts::default();
        for line in lines {
            let line = line.trim();
            if let Some(rest) = line.strip_prefix("test result:") {
                counts.passed += number_before(rest, " passed");
                counts.failed += number_before(rest, " failed");
            } else if let Some(rest) = line
                .strip_prefix("ℹ pass ")
                .or_else(|| line.strip_prefix("# pass "))
            {
                counts.passed += rest.trim().parse().unwrap_or(0);
            } else if let Some(rest) = line
                .strip_prefix("ℹ fail ")
                .or_else(|| line.strip_prefix("# fail "))
            {
                counts.failed += rest.trim().parse().unwrap_or(0);
            }
        }
        counts
    }
}

/// The number written just before `word` in `text`, e.g. `3` in "3 passed".
fn number_before(text: &str, word: &str) -> usize {
    text.find(word)
        .and_then(|end| text[..end].rsplit(|c: char| !c.is_ascii_digit()).next())
        .and_then(|digits| digits.parse().ok())
        .unwrap_or(0)
}

struct Outcome {
    name: String,
    ok: bool,
    seconds: f64,
    counts: Counts,
}

/// Runs `body` as a stage and records how it went.
fn stage(
    outcomes: &mut Vec<Outcome>,
    name: &str,
    body: impl FnOnce() -> (Result<(), String>, Vec<String>),
) -> bool {
    let stage = Stage::start(name);
    let (result, lines) = body();
    if let Err(message) = &result {
        eprintln!("xtask: {message}");
    }
    let counts = Counts::read(&lines);
    let (name, ok, seconds) = stage.finish(result.is_ok());
    outcomes.push(Outcome {
        name,
        ok,
        seconds,
        counts,
    });
    ok
}

/// The profile of the lints and native tests: the release profile's
/// optimisation without its link-time optimisation, which every one of the
/// workspace's test binaries would repeat (BENCHMARKS.md, "CI").
const CI_PROFILE: &str = "ci";

/// Runs every stage, prints the summary and fails if anything failed.
pub fn run() -> Result<(), String> {
    let mut outcomes = Vec::new();
    check_code_health(&mut outcomes);
    run_native_tests(&mut outcomes);
    // The fuzz build has nothing to wait for: it goes on beside the wasm
    // test's and the site's builds, which leave a core idle for long
    // stretches, and is waited for before its runs, before the e2e tests
    // (which time the page).
    let fuzz_build = fuzz::start_build();
    run_wasm_test(&mut outcomes);
    let site = stage(&mut outcomes, "static site (trunk build --release)", || {
        (
            web::build_site().and_then(|()| web::check_engines()),
            vec![],
        )
    });
    stage(
        &mut outcomes,
        "fuzzing smoke run (cargo xtask fuzz)",
        || {
            let run = fuzz_build
                .and_then(fuzz::Build::wait)
                .and_then(|()| fuzz::run_built(fuzz::SMOKE_SECONDS));
            (run, vec![])
        },
    );
    test_site(&mut outcomes, site);
    test_engines(&mut outcomes, site);
    let failed = print_summary(&outcomes);
    if failed == 0 {
        Ok(())
    } else {
        Err(format!("{failed} failed"))
    }
}

/// Stage 0: formatting, then clippy on `wasm32-unknown-unknown`.
fn check_code_health(outcomes: &mut Vec<Outcome>) {
    stage(outcomes, "formatting (cargo fmt, leptosfmt)", || {
        let (rust, mut lines) = cmd::run_capturing(&mut cmd::command("cargo", &["fmt", "--check"]));
        // rustfmt leaves `view!` markup alone: leptosfmt keeps it to the same width.
        let (markup, more) = cmd::run_capturing(&mut cmd::command(
            "leptosfmt",
            &["--check", "--quiet", "web/src"],
        ));
        lines.extend(more);
        (rust.and(markup), lines)
    });

    // The worker's code is all behind `cfg(target_arch = "wasm32")`, and
    // lab-train and lab-tasks have wasm-only paths: the native lints (stage
    // 1) never see them. Packages are linted, not their dependencies.
    stage(
        outcomes,
        "wasm lints (cargo clippy --target wasm32-unknown-unknown -D warnings)",
        || {
            cmd::run_capturing(&mut cmd::command(
                "cargo",
                &[
                    "clippy",
                    "--target",
                    "wasm32-unknown-unknown",
                    "--release",
                    "--all-targets",
                    "-p",
                    "lab-worker",
                    "-p",
                    "lab-train",
                    "-p",
                    "lab-tasks",
                    "-p",
                    "lab-bench-wasm",
                    "--",
                    "-D",
                    "warnings",
                ],
            ))
        },
    );
}

/// Stage 1: the workspace's native lints and tests in one build. Cargo
/// runs `clippy-driver` in place of rustc on the workspace's own crates
/// (`RUSTC_WORKSPACE_WRAPPER`, as `cargo clippy` does), so the test build
/// itself is linted: every lint of `cargo clippy --workspace --all-targets
/// -- -D warnings` (the workspace has no benches, and `cargo test` builds the
/// libraries, binaries, tests and examples that `--all-targets` names), without
/// a second pass over every dependency in check mode (BENCHMARKS.md, "CI
/// time by stage"). A lint fails the build as an error.
fn run_native_tests(outcomes: &mut Vec<Outcome>) {
    stage(
        outcomes,
        "native lints and tests (cargo test --workspace --profile ci, clippy -D warnings)",
        || {
            let mut c = cmd::command("cargo", &["test", "--workspace", "--profile", CI_PROFILE]);
            c.env("RUSTC_WORKSPACE_WRAPPER", "clippy-driver")
                .env("CLIPPY_ARGS", clippy_args(&["-D", "warnings"]));
            cmd::run_capturing(&mut c)
        },
    );
}

/// `args` as `cargo clippy -- ARGS` hands them to `clippy-driver`: in one
/// variable, each followed by its separator.
fn clippy_args(args: &[&str]) -> String {
    args.iter()
        .map(|a| format!("{a}__CLIPPY_HACKERY__"))
        .collect()
}

/// Stage 2: the worker's wasm-bindgen-test, training in headless Chromium.
fn run_wasm_test(outcomes: &mut Vec<Outcome>) {
    stage(
        outcomes,
        "wasm test in headless Chromium (lab-worker, tests/wasm.rs)",
        || {
            let mut c = cmd::command(
                "cargo",
                &[
                    "test",
                    "--release",
                    "-p",
                    "lab-worker",
                    "--target",
                    "wasm32-unknown-unknown",
                    "--test",
                    "wasm",
                ],
            );
            if std::env::var_os("CHROMEDRIVER").is_none() {
                c.env("CHROMEDRIVER", "/usr/bin/chromedriver");
            }
            cmd::run_capturing(&mut c)
        },
    );
}

/// Stage 4: the end-to-end tests against the site, which are skipped (and
/// count as a failure) when the site did not build.
fn test_site(outcomes: &mut Vec<Outcome>, site: bool) {
    if site {
        stage(
            outcomes,
            "end-to-end tests (Playwright, headless Chromium)",
            web::run_e2e,
        );
    } else {
        println!("\nskipping the end-to-end tests: the site did not build");
        outcomes.push(Outcome {
            name: "end-to-end tests (skipped)".into(),
            ok: false,
            seconds: 0.0,
            counts: Counts::default(),
        });
    }
}

/// Stage 6: a learner's flow in Chromium, Firefox and WebKit, after the e2e
/// tests (alone on the machine too: it trains). Without a site there is
/// nothing to run; the site's own stage has already failed.
fn test_engines(outcomes: &mut Vec<Outcome>, site: bool) {
    if site {
        stage(outcomes, subset::STAGE, subset::run_subset);
    } else {
        println!("\nskipping the learner's flow in each engine: the site did not build");
    }
}

/// Prints one line per stage, the total time and `N passed, N failed`;
/// returns the number of failures.
fn print_summary(outcomes: &[Outcome]) -> usize {
    println!("\nsummary:");
    let (mut passed, mut failed) = (0, 0);
    for o in outcomes {
        println!(
            "  {:<6} {:>7.1} s  {}  ({} passed, {} failed)",
            if o.ok { "ok" } else { "FAILED" },
            o.seconds,
            o.name,
            o.counts.passed,
            o.counts.failed
        );
        passed += o.counts.passed;
        // A stage that failed before any test could fail still counts once.
        failed += if !o.ok && o.counts.failed == 0 {
            1
        } else {
            o.counts.failed
        };
    }
    println!(
        "  total {:.1} s",
        outcomes.iter().map(|o| o.seconds).sum::<f64>()
    );
    println!("{passed} passed, {failed} failed");
    failed
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> Vec<String> {
        text.lines().map(String::from).collect()
    }

    /// clippy-driver splits `CLIPPY_ARGS` on this separator (as `cargo
    /// clippy -- -D warnings` writes it); a plain space would reach it as one
    /// argument `-D warnings` and deny nothing.
    #[test]
    fn clippy_gets_its_arguments_as_cargo_clippy_writes_them() {
        assert_eq!(
            clippy_args(&["-D", "warnings"]),
            "-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"
        );
    }

    #[test]
    fn libtest_and_node_summaries_are_added_up() {
        let out = lines(
            "test result: ok. 12 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 3.2s\n\
             test result: FAILED. 1 passed; 2 failed; 0 ignored\n\
             ℹ pass 7\n\
             ℹ fail 1\n",
        );
        assert_eq!(
            Counts::read(&out),
            Counts {
                passed: 20,
                failed: 3
            }
        );
    }
}
