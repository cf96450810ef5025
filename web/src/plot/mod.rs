//! Plain-Rust pieces of every chart, tested natively, plus the canvas drawing
//! that uses them.
//!
//! - [`colormap`]: colour-blind-safe colour maps (viridis, cividis) and heatmap pixels;
//! - [`grid`]: where each cell of a heatmap sits, and which cell a pointer is over;
//! - [`curves`]: the training curves, kept small, and the ranges of their axes;
//! - [`draw`]: putting heatmaps and line charts on a `<canvas>` (plotters).

pub mod colormap;
pub mod curves;
pub mod draw;
pub mod grid;
