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

/// Structural caps on a checkpoint's model description, checked before its
/// parameter count (they keep the tensor list and every product small). A
/// model the CLI trains may be larger than the settings form allows, so these
/// are wider than `lab_protocol::settings`'s form limits; [`MAX_PARAMETERS`]
/// is the budget that binds.
pub const MAX_CHECKPOINT_D_MODEL: usize = 4096;
/// The widest feed-forward layer a checkpoint may describe.
pub const MAX_CHECKPOINT_D_FF: usize = 16_384;
/// The most layers a checkpoint's encoder or decoder may have.
pub const MAX_CHECKPOINT_LAYERS: usize = 24;
/// The largest vocabulary a checkpoint may describe. The smallest is the
/// special tokens (`crate::tokens::SPECIALS`): a target vocabulary without
/// `<eos>` could never end a sentence.
pub const MAX_VOCAB: usize = 100_000;
/// The longest positional table a checkpoint may describe.
pub const MAX_CHECKPOINT_LEN: usize = 4096;

/// The longest sequence (tokens, with `<bos>`/`<eos>`) a lab run trains on
/// and its positional table covers.
pub const MAX_LEN: usize = 32;

/// The longest input the Translate view and the CLI accept, in words: one
/// position is left for `<eos>`.
pub const MAX_INPUT_WORDS: usize = MAX_LEN - 1;

/// The most tokens the Translate view's decoding generates (greedy, beam
/// search or sampling), `<eos>` included: with `<bos>` in front they are
/// [`MAX_LEN`] tokens. A beam hypothesis that reaches it without `<eos>`
/// counts as finished (`lab_model::beam`).
pub const MAX_OUTPUT_TOKENS: usize = MAX_LEN - 1;
