//! The Web Worker that owns the model.
//!
//! Training never runs on the page's thread. The worker's event loop
//! alternates between page messages and training chunks: a chunk is scheduled
//! through a `MessageChannel` (a zero-delay task, unlike a clamped
//! `setTimeout`), so a Pause from the page is handled before the next chunk.
//!
//! The burn-free part, the state machine and its storage layout, is
//! `lab_session`, tested natively with a fake model. This crate adds:
//! - [`trainer`]: the real model, `lab_train::Trainer`, behind that trait;
//! - [`store`]: the runs in browser storage (IndexedDB), written by the
//!   worker itself so that saving never blocks the page;
//! - `glue/`: the event loop (`mod.rs`), the helper worker that computes
//!   half of each step (`helper.rs`), the tab's saved runs (`runs.rs`) and
//!   a real task's downloads (`fetch.rs`).
//!
//! Messages are bytes in an `ArrayBuffer`; checkpoint bytes travel beside
//! them as a second (`[message, buffer]`, see [`lab_protocol::WorkerInput::to_parts`]).

#[cfg(target_arch = "wasm32")]
pub mod store;
#[cfg(target_arch = "wasm32")]
pub mod trainer;

#[cfg(target_arch = "wasm32")]
pub use glue::start;

/// Native builds have no worker: the bin exists so `cargo check` covers it.
#[cfg(not(target_arch = "wasm32"))]
pub fn start() {}

/// How long one training chunk may run before the worker reads its messages.
pub const CHUNK_MS: f64 = 30.0;

#[cfg(target_arch = "wasm32")]
mod glue;
