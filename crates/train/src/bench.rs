//! The benchmark workload, defined once: training steps per second of the
//! `toy` preset on English → Japanese. The native CLI (`attention-lab bench`)
//! and the wasm build (`crates/bench-wasm`, run in Node) both call
//! [`steps_per_second`], so their ratio compares like with like.

use lab_protocol::Settings;
use lab_tasks::TaskKind;
use web_time::Instant;

use crate::{Backend, Trainer};

/// Steps run before timing starts, so allocation warm-up is not measured.
pub const WARMUP_STEPS: u32 = 5;

/// The benchmark's settings: the `toy` preset on English → Japanese.
pub fn settings() -> Settings {
    Settings::toy(TaskKind::EnJa)
}

/// Runs `warmup` untimed steps of the benchmark, then `steps` timed ones, and
/// returns steps per second.
pub fn steps_per_second(backend: Backend, warmup: u32, steps: u32) -> Result<f64, String> {
    steps_per_second_with(&settings(), backend, warmup, steps)
}

/// [`steps_per_second`] with other settings (e.g. another d_model or batch
/// size, for `cargo xtask sweep`).
pub fn steps_per_second_with(
    settings: &Settings,
    backend: Backend,
    warmup: u32,
    steps: u32,
) -> Result<f64, String> {
    let mut trainer = trainer(settings, backend)?;
    Ok(timed(warmup, steps, || {
        trainer.step();
    }))
}

/// [`steps_per_second_with`], natively with each step's second shard on a
/// second thread ([`Trainer::step_with_helper`]), as the browser shares it
/// with a helper worker.
#[cfg(not(target_arch = "wasm32"))]
pub fn steps_per_second_two_threads(
    settings: &Settings,
    backend: Backend,
    warmup: u32,
    steps: u32,
) -> Result<f64, String> {
    let (mut trainer, mut helper) = (trainer(settings, backend)?, trainer(settings, backend)?);
    Ok(timed(warmup, steps, || {
        trainer.step_with_helper(&mut helper);
    }))
}

/// A fresh run of `settings` to time.
fn trainer(settings: &Settings, backend: Backend) -> Result<Trainer, String> {
    Trainer::with_backend(settings, backend).map_err(|e| e.to_string())
}

/// Runs `step` `warmup` times untimed, then `steps` times timed; steps per second.
fn timed(warmup: u32, steps: u32, mut step: impl FnMut()) -> f64 {
    for _ in 0..warmup {
        step();
    }
    let started = Instant::now();
    for _ in 0..steps {
        step();
    }
    f64::from(steps) / started.elapsed().as_secs_f64()
}
