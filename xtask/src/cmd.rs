//! Running programs from the workspace root, and timing the stages of a job.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Instant;

/// The workspace root (the parent of `xtask/`).
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask/ sits inside the workspace")
        .to_path_buf()
}

/// Cargo's target directory, where build outputs go.
pub fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .map(|p| root().join(p))
        .unwrap_or_else(|| root().join("target"))
}

/// The cargo that runs us (so rustup's toolchain choice is kept).
pub fn cargo() -> Command {
    Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
}

/// `program args…` in the workspace root, inheriting the terminal.
pub fn command(program: &str, args: &[&str]) -> Command {
    let mut c = if program == "cargo" {
        cargo()
    } else {
        Command::new(program)
    };
    c.args(args).current_dir(root());
    c
}

fn describe(c: &Command) -> String {
    let mut words = vec![c.get_program().to_string_lossy().into_owned()];
    words.extend(c.get_args().map(|a| a.to_string_lossy().into_owned()));
    words.join(" ")
}

/// Runs `c` to completion; a non-zero exit is an error naming the command.
pub fn run(c: &mut Command) -> Result<(), String> {
    println!("$ {}", describe(c));
    let status = c
        .status()
        .map_err(|e| format!("could not start `{}`: {e}", describe(c)))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("`{}` failed ({status})", describe(c)))
    }
}

/// Runs `c`, echoing its standard output line by line as it comes, and also
/// returns it, so that results can be read back (test counts, bench lines).
pub fn run_capturing(c: &mut Command) -> (Result<(), String>, Vec<String>) {
    println!("$ {}", describe(c));
    let mut child = match c.stdout(Stdio::piped()).spawn() {
        Ok(child) => child,
        Err(e) => {
            return (
                Err(format!("could not start `{}`: {e}", describe(c))),
                vec![],
            )
        }
    };
    let mut lines = Vec::new();
    for line in BufReader::new(child.stdout.take().expect("stdout is piped"))
        .lines()
        .map_while(Result::ok)
    {
        println!("{line}");
        lines.push(line);
    }
    let result = match child.wait() {
        Ok(status) if status.success() => Ok(()),
        Ok(status) => Err(format!("`{}` failed ({status})", describe(c))),
        Err(e) => Err(format!("`{}` did not finish: {e}", describe(c))),
    };
    (result, lines)
}

/// A named step of a longer job, which reports how long it took.
pub struct Stage {
    pub name: String,
    started: Instant,
}

impl Stage {
    pub fn start(name: &str) -> Stage {
        println!("\n==> {name}");
        Stage {
            name: name.to_string(),
            started: Instant::now(),
        }
    }

    /// Seconds since the stage started.
    pub fn elapsed(&self) -> f64 {
        self.started.elapsed().as_secs_f64()
    }

    pub fn finish(self, ok: bool) -> (String, bool, f64) {
        let seconds = self.elapsed();
        println!(
            "<== {} {} in {seconds:.1} s",
            self.name,
            if ok { "ok" } else { "FAILED" }
        );
        (self.name, ok, seconds)
    }
}
