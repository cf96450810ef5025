//! Pieces that several views share.
//!
//! - [`chart`]: a chart on a canvas with its downloads, the wiring every chart view shares;
//! - [`heatmap`]: the heatmap component every view uses (cells on a canvas,
//!   token labels in HTML, hover and click), with its plain data in [`heat_data`];
//! - [`legend`]: the colour legend beside a heatmap;
//! - [`formula`]: MathML from a small formula language;
//! - [`export`]: PNG, SVG and CSV downloads of a figure;
//! - [`controls`]: the attention kind, layer and head pickers, and a labelled checkbox;
//! - [`paint`]: every chart and heatmap is drawn in a task of its own, and
//!   only when it is in sight;
//! - [`scroll`]: scrolling to a view and keeping it in sight.

pub mod chart;
pub mod controls;
pub mod export;
pub mod formula;
pub mod heat_data;
pub mod heatmap;
pub mod legend;
pub mod paint;
pub mod scroll;
