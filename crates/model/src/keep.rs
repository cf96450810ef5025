//! Whether a forward pass keeps what the figure's boxes show inside each
//! layer: the probe asks for it; training, evaluation and decoding do not,
//! so that they hold no extra buffer the next operation could reuse.

/// What a forward pass keeps besides its output.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keep {
    /// Only what the pass needs.
    Nothing,
    /// Each feed-forward network's hidden layer and each Add & Norm's
    /// states ([`crate::add_norm::AddNormStates`]), for the figure.
    Inside,
}

impl Keep {
    pub fn inside(self) -> bool {
        self == Self::Inside
    }
}
