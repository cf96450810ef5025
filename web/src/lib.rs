//! Attention Lab in the browser.
//!
//! Two programs share this library:
//! - [`app`]: the Leptos page on the main thread. It only draws and never trains.
//! - [`worker`]: the Web Worker that owns the model, trains it in short chunks
//!   and streams snapshots back.
//!
//! They talk through `lab_protocol::{WorkerInput, WorkerOutput}` as JSON text,
//! with bytes beside it in a transferred buffer ([`wire`]).
//! [`i18n`] holds the four languages' messages (Project Fluent).
//! Everything that can be plain Rust (colour maps, pixel → cell mapping, curve
//! downsampling, the saved-run format) lives in [`plot`] and [`run`] and is
//! tested natively with `cargo test -p lab-web`.

pub mod app;
pub mod deeplink;
pub mod guide;
pub mod i18n;
pub mod plot;
pub mod run;
pub mod teach;
pub mod wire;
pub mod worker;
