//! The size limits of the lab, written once. The model crate enforces them on
//! checkpoints and the trainer on settings; the page checks an upload's size
//! before it reads the file. They live here, burn-free, so the page can use
//! them without linking the model.

/// The most parameters (floats) a model may have. 64 M floats are 256 MB of
/// weights, and training needs about four times that (gradients and Adam's
/// two moments): what a browser tab can be asked for. The largest model the
/// settings form allows has about 44 M.
pub const MAX_PARAMETERS: u64 = 64_000_000;

/// The longest checkpoint header, in bytes (JSON: the config, the run's
/// settings and the tensor list).
pub const MAX_CHECKPOINT_HEADER: usize = 1 << 20;

/// The largest file that can be a checkpoint: magic, version and header
/// length (16 bytes), the largest header, [`MAX_PARAMETERS`] floats and the
/// checksum (4 bytes).
pub const MAX_CHECKPOINT_BYTES: usize =
    16 + MAX_CHECKPOINT_HEADER + MAX_PARAMETERS as usize * 4 + 4;
