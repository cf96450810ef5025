//! `cargo xtask bench`: training steps/s of the `toy` preset on every backend,
//! natively and in WebAssembly, in one run, with the wasm / native ratios
//! that PRODUCT.md budgets (wasm flex ≥ 0.5× native flex).
//!
//! The native half is `attention-lab bench` built with `--features ndarray`.
//! The wasm half is the same workload in `crates/bench-wasm`, built for
//! wasm32 with simd128 (see `.cargo/config.toml`), bound for Node by
//! `wasm-bindgen --target nodejs` and timed by `crates/bench-wasm/bench.cjs`.

use crate::cmd::{self, Stage};

const BACKENDS: [&str; 2] = ["flex", "ndarray"];

/// One `bench <backend> <target> steps_per_s=<x>` line, read back.
struct Measurement {
    backend: String,
    target: String,
    steps_per_s: f64,
}

fn parse(line: &str) -> Option<Measurement> {
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

pub fn run(steps: usize) -> Result<(), String> {
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
    let (result, lines) = cmd::run_capturing(
        cmd::command("node", &["crates/bench-wasm/bench.cjs"])
            .arg(&out_dir)
            .arg(steps)
            .args(BACKENDS),
    );
    result.map(|()| lines)
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
}
