//! What the unit tests of several modules share.

use lab_protocol::Settings;
use lab_tasks::TaskKind;

/// A model of `task` small enough to build and step in milliseconds: a
/// quarter of the toy's width (`d_model` 16, 2 heads, `d_ff` 32) and one
/// layer; everything else is the toy preset's.
pub(crate) fn small(task: TaskKind) -> Settings {
    Settings {
        d_model: 16,
        n_heads: 2,
        d_ff: 32,
        n_layers: 1,
        ..Settings::toy(task)
    }
}
