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
use std::time::Instant;

/// Repetitions of each measurement; the mean is printed.
const TIMES: u32 = 50;

fn main() {
    let mut trainer =
        Trainer::new(&Settings::toy(TaskKind::RealEnJa)).expect("the preset is valid");
    trainer.step();
    let bytes = trainer.to_bytes_for_evaluation();
    let started = Instant::now();
    for _ in 0..TIMES {
        black_box(trainer.to_bytes_for_evaluation());
    }
    let write = started.elapsed() / TIMES;
    let started = Instant::now();
    for _ in 0..TIMES {
        black_box(Trainer::from_bytes(&bytes).expect("its own bytes"));
    }
    let read = started.elapsed() / TIMES;
    let full = trainer.to_bytes();
    let started = Instant::now();
    for _ in 0..TIMES {
        black_box(trainer.to_bytes());
    }
    let write_full = started.elapsed() / TIMES;
    println!(
        "evaluation bytes {}: write {write:?}, read {read:?}",
        bytes.len()
    );
    println!(
        "whole checkpoint {} bytes: write {write_full:?}",
        full.len()
    );
}
