//! `bench`: training steps per second of the toy preset, one line per backend.
//!
//! The workload is [`lab_train::bench::steps_per_second`]; the wasm half of
//! the comparison runs the same function in Node (`cargo xtask bench`) and
//! prints lines of the same form.

use lab_train::bench::{steps_per_second, WARMUP_STEPS};
use lab_train::Backend;

pub fn run(steps: usize) -> Result<(), String> {
    let steps = u32::try_from(steps).map_err(|_| format!("{steps} steps is too many"))?;
    for backend in Backend::available() {
        let per_s = steps_per_second(backend, WARMUP_STEPS, steps)?;
        println!("bench {} native steps_per_s={per_s:.2}", backend.name());
    }
    Ok(())
}
