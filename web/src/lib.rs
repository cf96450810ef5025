//! Attention Lab's page: the Leptos app on the main thread. It only draws and
//! never trains: the training worker (`lab-worker`) owns the model, and the
//! page never links burn (a Cargo fact, checked in CI with `cargo tree`).
//!
//! They talk through `lab_protocol::{WorkerInput, WorkerOutput}` as bytes,
//! with checkpoint bytes beside them, every buffer transferred
//! (`lab_session::wire`).
//! The page's folders, by kind:
//! - [`context`]: the ground floor: the shared state (`Lab`), the language, storage;
//! - [`shell`]: the frame (toolbar, presentation, sharing, the panic banner);
//! - [`workers`]: one place that starts, talks to and restarts the workers;
//! - [`components`]: the heatmap, formulas, export and the paint queue;
//! - [`views`]: one module per view, its plain logic beside it.
//!
//! Plain modules, no Leptos: [`i18n`] holds the four languages' messages
//! (Project Fluent), [`panels`] the views' ids and order, [`deeplink`] the
//! link format, [`engine`] the browser engine (for why training is
//! slower), [`guide`] the tutorial map, [`estimate`] what a step
//! will cost, said before it is taken, and [`offline`] what the service
//! worker keeps for offline use.
//! Charts and heatmaps are drawn by `lab-plot`; everything that can be plain
//! Rust is tested natively with `cargo test -p lab-page`.

pub mod components;
pub mod context;
pub mod deeplink;
pub mod engine;
pub mod estimate;
pub mod guide;
pub mod i18n;
pub mod offline;
pub mod panels;
pub mod shell;
pub mod views;
pub mod workers;
