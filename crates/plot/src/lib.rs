//! The lab's plotting library: every chart and heatmap as plain Rust, tested
//! natively, drawn as SVG everywhere and on a `<canvas>` with the `canvas`
//! feature. It knows nothing of the model, the worker or the page.
//!
//! - [`colormap`]: colour-blind-safe colour maps (viridis, cividis) and heatmap pixels;
//! - [`grid`]: where each cell of a heatmap sits, and which cell a pointer is over;
//! - [`axis`]: fewer points for drawing, the y range and tick labels;
//! - [`draw`]: line, marked and bar charts, generic over the plotters backend;
//! - [`heat_figure`]: a heatmap with its labels and colour scale as one
//!   picture, for the PNG and SVG downloads;
//! - [`svg`]: every chart as an SVG document, drawn by the canvas's own code;
//! - [`measured`]: a backend wrapper that measures each label once;
//! - [`csv`]: the numbers behind a figure as spreadsheet-safe CSV;
//! - [`canvas`] (feature `canvas`): the same drawings on a `<canvas>`.

pub mod axis;
#[cfg(feature = "canvas")]
pub mod canvas;
pub mod colormap;
pub mod csv;
pub mod draw;
pub mod grid;
pub mod heat_figure;
pub mod measured;
pub mod svg;
