//! Training and evaluation of the lab's Transformer on the toy tasks.
//!
//! The same code runs natively and in a browser's Web Worker: no threads, no
//! `std::time` (wall-clock time comes from `web-time`), and every random
//! choice comes from the run's seed.
//!
//! - [`adam`]: Adam (β = 0.9/0.98, ε = 1e-9, §5.3) whose moments a checkpoint keeps;
//! - [`batch`]: pairs → padded id tensors, padded per batch;
//! - [`bench`]: the benchmark workload shared by the native and wasm benches;
//! - [`flat`]: weights and gradients as one `f32` list, for the data-parallel step;
//! - [`loss`]: label-smoothed cross-entropy (§5.4);
//! - [`rows`]: the loss's loops over a row of logits, written to vectorise;
//! - [`trainer`]: the training loop with the Noam schedule (§5.3), saved and resumed
//!   exactly, each step in shards that a second worker can share;
//! - [`evaluate`]: held-out loss, accuracy, exact match, BLEU, head alignment;
//! - [`inspect`]: attention maps, translation and the mask demo as plain data;
//! - [`trace`]: one attention head opened up, every intermediate of its computation.

pub mod adam;
pub mod batch;
pub mod bench;
pub mod evaluate;
pub mod flat;
pub mod inspect;
pub mod loss;
pub mod rows;
pub mod trace;
pub mod trainer;

#[cfg(test)]
mod testing;

pub use lab_model::Backend;
pub use lab_protocol::{EvalReport, Settings, StepReport};
pub use trainer::{ShardGradients, StepPlan, Trainer, TrainerError};

/// The plain (inference) device of the default backend.
pub fn device() -> lab_model::burn::tensor::Device {
    Backend::default().device()
}
