//! `cargo xtask <command>`: the lab's developer workflow as plain Rust.
//!
//! Following rust-analyzer's `xtask`, every script a developer or CI runs is
//! a subcommand here, so there is one way to do each job. Run `cargo xtask help`.

mod bench;
mod ci;
mod cmd;
mod serve;
mod web;

use std::process::ExitCode;

const HELP: &str = "\
cargo xtask <command> [options]

  ci                 every test: native, wasm (headless Chromium), trunk build, Playwright e2e
  bench [--steps N]  training steps/s, native and wasm (Node), flex and ndarray, with ratios
  serve [--port P]   trunk build --release, then serve dist/ on http://127.0.0.1:P (default 8080)
  e2e                the Playwright end-to-end tests against the built dist/
  measure            time to interactive, in-browser steps/s, longest task, seconds to 95% exact match
  pretrain           train the shipped checkpoints into assets/checkpoints/
  size               gzipped size of dist/*.wasm
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (command, options) = args.split_first().map(|(c, o)| (c.as_str(), o)).unwrap_or(("help", &[]));
    let result = match command {
        "ci" => ci::run(),
        "bench" => bench::run(option(options, "--steps", 60)),
        "serve" => web::serve(option(options, "--port", 8080)),
        "e2e" => web::e2e(),
        "measure" => web::measure(),
        "pretrain" => web::pretrain(),
        "size" => web::size().map(|_| ()),
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
        Some(i) => options.get(i + 1).and_then(|v| v.parse().ok()).unwrap_or_else(|| {
            eprintln!("xtask: {name} needs a number");
            std::process::exit(2)
        }),
    }
}
