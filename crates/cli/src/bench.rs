//! `bench`: training steps per second of the toy preset, one line per backend.
//!
//! The wasm half of the comparison runs the same workload in Node
//! (`cargo xtask bench`), and prints lines of the same form.

use lab_protocol::Settings;
use lab_tasks::TaskKind;
use lab_train::{Backend, Trainer};
use std::time::Instant;

/// Steps run before timing starts, so allocation warm-up is not measured.
pub const WARMUP_STEPS: usize = 5;

pub fn run(steps: usize) -> Result<(), String> {
    for backend in Backend::available() {
        let mut trainer = Trainer::with_backend(&Settings::toy(TaskKind::EnJa), backend).map_err(|e| e.to_string())?;
        for _ in 0..WARMUP_STEPS {
            trainer.step();
        }
        let started = Instant::now();
        for _ in 0..steps {
            trainer.step();
        }
        let per_s = steps as f64 / started.elapsed().as_secs_f64();
        println!("bench {} native steps_per_s={per_s:.2}", backend.name());
    }
    Ok(())
}
