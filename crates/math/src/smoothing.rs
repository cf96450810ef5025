//! Label smoothing. The paper (§5.4) gives only ε_ls = 0.1; how ε is spread
//! is the Annotated Transformer's rule, which the lab follows. Instead of a
//! one-hot target, the model is trained towards
//!
//! ```text
//! q(k) = 1 − ε                 for the correct token
//! q(k) = ε / (V − 2)           for every other token except PAD
//! q(PAD) = 0
//! ```
//!
//! PAD never appears as a target, so it gets no probability mass; the −2 in
//! the denominator leaves out the correct token and PAD. Positions whose
//! target *is* PAD are not trained at all and get an all-zero row.

/// How many tokens share ε: every token but the correct one and PAD (V − 2).
///
/// # Panics
/// If `vocab_size < 3`.
pub fn tokens_sharing_epsilon(vocab_size: usize) -> usize {
    assert!(
        vocab_size >= 3,
        "label smoothing needs at least 3 tokens, got {vocab_size}"
    );
    vocab_size - 2
}

/// The smoothed target distribution for one position.
///
/// # Shapes
/// - output: `[vocab_size]`.
///
/// # Panics
/// If `vocab_size < 3`, `pad` or `target` is out of range, or `smoothing` is outside `[0, 1)`.
pub fn smoothed_targets(target: usize, vocab_size: usize, smoothing: f64, pad: usize) -> Vec<f32> {
    assert!(
        vocab_size >= 3,
        "label smoothing needs at least 3 tokens, got {vocab_size}"
    );
    assert!(
        target < vocab_size && pad < vocab_size,
        "target {target} or pad {pad} is outside the vocabulary of {vocab_size}"
    );
    assert!(
        (0.0..1.0).contains(&smoothing),
        "label smoothing must be in [0, 1), got {smoothing}"
    );
    let mut row = vec![0.0f32; vocab_size];
    if target == pad {
        return row;
    }
    let q = TargetWeights::new(vocab_size, smoothing);
    for (k, w) in row.iter_mut().enumerate() {
        *w = if k == pad {
            0.0
        } else if k == target {
            q.correct
        } else {
            q.other
        };
    }
    row
}

/// The two values a trained row of [`smoothed_targets`] takes (PAD's is 0).
/// The training loss uses them directly instead of building the rows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TargetWeights {
    /// `q(correct) = 1 − ε`.
    pub correct: f32,
    /// `q(k) = ε / (V − 2)` for every other token but PAD.
    pub other: f32,
}

impl TargetWeights {
    /// # Panics
    /// If `vocab_size < 3` or `smoothing` is outside `[0, 1)`.
    pub fn new(vocab_size: usize, smoothing: f64) -> Self {
        assert!(
            (0.0..1.0).contains(&smoothing),
            "label smoothing must be in [0, 1), got {smoothing}"
        );
        Self {
            correct: (1.0 - smoothing) as f32,
            other: (smoothing / tokens_sharing_epsilon(vocab_size) as f64) as f32,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn smoothed_distribution_sums_to_one_with_zero_pad_column() {
        for smoothing in [0.0, 0.1, 0.4] {
            let row = smoothed_targets(3, 11, smoothing, 0);
            assert!(
                (row.iter().sum::<f32>() - 1.0).abs() < 1e-6,
                "sum {}",
                row.iter().sum::<f32>()
            );
            assert_eq!(row[0], 0.0);
            assert!((row[3] - (1.0 - smoothing as f32)).abs() < 1e-7);
        }
    }

    #[test]
    fn a_pad_target_gets_no_training_signal() {
        assert!(smoothed_targets(0, 11, 0.1, 0).iter().all(|&q| q == 0.0));
    }
}
