//! Plain-Rust pieces of every chart, tested natively, plus the canvas drawing
//! that uses them.
//!
//! - [`colormap`]: colour-blind-safe colour maps (viridis, cividis) and heatmap pixels;
//! - [`grid`]: where each cell of a heatmap sits, and which cell a pointer is over;
//! - [`curves`]: the training curves, kept small, and the ranges of their axes;
//! - [`draw`]: putting heatmaps and line charts on a `<canvas>` (plotters), with
//!   drawing code generic over the plotters backend;
//! - [`heat_data`]: what a heatmap shows and its names, read-out, table corner and CSV;
//! - [`heat_figure`]: a heatmap with its labels and colour scale as one
//!   picture, for the PNG and SVG downloads;
//! - [`svg`]: every chart as an SVG document, drawn by the canvas's own code;
//! - [`measured`]: a backend wrapper that measures each label once;
//! - [`csv`]: the numbers behind a figure as spreadsheet-safe CSV.

pub mod colormap;
pub mod csv;
pub mod curves;
pub mod draw;
pub mod grid;
pub mod heat_data;
pub mod heat_figure;
pub mod measured;
pub mod svg;
