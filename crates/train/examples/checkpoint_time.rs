//! How long the training worker takes to write the bytes of one held-out
//! evaluation, and the evaluator to read them back into a run, on
//! real-en-ja's toy preset (BENCHMARKS.md):
//!
//! ```sh
//! cargo run --release -p lab-train --example checkpoint_time
//! ```
use lab_tasks::TaskKind;
use lab_train::{Settings, Trainer};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// Repetitions of each measurement; the mean is printed.
const TIMES: u32 = 50;

/// The mean time of `TIMES` calls of `f`.
fn mean_time<T>(mut f: impl FnMut() -> T) -> Duration {
    let started = Instant::now();
    for _ in 0..TIMES {
        black_box(f());
    }
    started.elapsed() / TIMES
}

fn main() {
    let mut trainer =
        Trainer::new(&Settings::toy(TaskKind::RealEnJa)).expect("the preset is valid");
    trainer.step();
    let bytes = trainer.to_bytes_for_evaluation();
    let write = mean_time(|| trainer.to_bytes_for_evaluation());
    let read = mean_time(|| Trainer::from_bytes(&bytes).expect("its own bytes"));
    let full = trainer.to_bytes();
    let write_full = mean_time(|| trainer.to_bytes());
    println!(
        "evaluation bytes {}: write {write:?}, read {read:?}",
        bytes.len()
    );
    println!(
        "whole checkpoint {} bytes: write {write_full:?}",
        full.len()
    );
}
