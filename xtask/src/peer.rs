//! The PyTorch peer (`bench/torch_peer.py`): the lab's benchmark workload
//! written independently in PyTorch, trained on the lab's own batches.
//!
//! `cargo xtask dump-batches` writes those batches with
//! `attention-lab dump-batches` (see `crates/cli/src/dump.rs` for the
//! directory's layout); `cargo xtask bench --peers` also times the peer.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::cmd;

/// The peer's script, relative to the workspace root.
pub const SCRIPT: &str = "bench/torch_peer.py";
/// The Python used when `--python` is not given.
pub const DEFAULT_PYTHON: &str = "python3";

/// Where the batches go when `--out` is not given.
pub fn default_dir() -> PathBuf {
    cmd::target_dir().join("peer-batches")
}

/// The native CLI, built (with both backends, as `bench` uses it) and ready to run.
pub fn build_cli() -> Result<PathBuf, String> {
    cmd::run(&mut cmd::command(
        "cargo",
        &[
            "build",
            "--quiet",
            "--release",
            "-p",
            "lab-cli",
            "--features",
            "ndarray",
        ],
    ))?;
    Ok(cmd::target_dir().join("release/attention-lab"))
}

/// Writes the workload's warm-up plus `steps` batches to `out` with `cli`:
/// the benchmark workload's, or with `task` that task's toy preset.
pub fn dump(cli: &Path, steps: usize, out: &Path, task: Option<&str>) -> Result<(), String> {
    let mut c = Command::new(cli);
    c.args(["dump-batches", "--steps", &steps.to_string(), "--out"])
        .arg(out)
        .current_dir(cmd::root());
    if let Some(task) = task {
        c.args(["--task", task]);
    }
    cmd::run(&mut c)
}

/// `cargo xtask dump-batches [--steps N] [--out DIR]`.
pub fn dump_batches(steps: usize, out: Option<&str>) -> Result<(), String> {
    let out = out.map_or_else(default_dir, |o| cmd::root().join(o));
    dump(&build_cli()?, steps, &out, None)
}

/// Why `python` cannot run the peer, or `None` if `import torch` works.
pub fn torch_missing(python: &str) -> Option<String> {
    match Command::new(python)
        .args(["-c", "import torch; torch.zeros(1)"])
        .output()
    {
        Err(e) => Some(format!("cannot run {python}: {e}")),
        Ok(out) if out.status.success() => None,
        Ok(out) => Some(last_line(&String::from_utf8_lossy(&out.stderr), python)),
    }
}

/// The last non-empty line of a Python error (the exception itself).
fn last_line(stderr: &str, python: &str) -> String {
    stderr
        .lines()
        .rev()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .map_or_else(
            || format!("`{python} -c \"import torch\"` failed"),
            str::to_string,
        )
}

/// The peer on the batches in `dir`: `steps` timed steps, per-step lines off.
pub fn peer_command(python: &str, dir: &Path, steps: usize) -> Command {
    peer_command_threads(python, dir, steps, 1)
}

/// [`peer_command`] with PyTorch on `threads` threads (it names itself
/// `torch-<n>-threads` when n > 1).
pub fn peer_command_threads(python: &str, dir: &Path, steps: usize, threads: usize) -> Command {
    let mut c = Command::new(python);
    c.arg(SCRIPT)
        .arg(dir)
        .args(["--steps", &steps.to_string(), "--quiet"])
        .args(["--threads", &threads.to_string()])
        .current_dir(cmd::root());
    c
}

/// The value after `name` in `options`, as text.
pub fn text_option<'a>(options: &'a [String], name: &str) -> Option<&'a str> {
    let i = options.iter().position(|o| o == name)?;
    options
        .get(i + 1)
        .map(String::as_str)
        .filter(|v| !v.starts_with("--"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_options_are_read_after_their_name() {
        let options: Vec<String> = ["--peers", "--python", "/tmp/v/bin/python", "--steps", "9"]
            .map(String::from)
            .to_vec();
        assert_eq!(text_option(&options, "--python"), Some("/tmp/v/bin/python"));
        assert_eq!(text_option(&options, "--out"), None);
        let dangling: Vec<String> = ["--python", "--peers"].map(String::from).to_vec();
        assert_eq!(
            text_option(&dangling, "--python"),
            None,
            "a flag is not a value"
        );
    }

    #[test]
    fn a_python_error_is_reported_by_its_last_line() {
        let stderr = "Traceback (most recent call last):\n  File \"<string>\", line 1\n\
                      ModuleNotFoundError: No module named 'torch'\n\n";
        assert_eq!(
            last_line(stderr, "python3"),
            "ModuleNotFoundError: No module named 'torch'"
        );
        assert!(last_line("", "py").contains("py -c"));
    }

    #[test]
    fn a_python_that_does_not_exist_is_a_reason_to_skip() {
        let reason = torch_missing("/nonexistent/python-for-the-xtask-test");
        assert!(reason.is_some_and(|r| r.contains("cannot run")));
    }
}
