//! Runs that blow up: detected in the worker, explained on the page.
//!
//! A NaN or infinite loss is the obvious failure. The quieter one is a loss
//! that explodes and stays finite: with a learning-rate factor of 10 and one
//! warm-up step, the first update lands at a rate of 1.25 and the loss jumps
//! from about 4 to about 85, after which the model never recovers. At the
//! start a model guesses about uniformly, so its loss is near `ln V` (V target
//! words); a loss far above both that and where the run started means the
//! updates threw the weights away.
//!
//! The worker finds a [`Divergence`] and sends it as data; the page words it
//! in the reader's language (`web/src/i18n/problems.rs`). [`Divergence`]'s
//! `Display` is the English wording for logs and tests.

use crate::settings::Settings;
use serde::{Deserialize, Serialize};

/// A loss this many times above its reference (the larger of the run's first
/// loss and the uniform-guess loss `ln V`) counts as blown up.
pub const BLOW_UP_FACTOR: f32 = 2.0;

/// The learning-rate factor of the schedule a suggested reset goes back to:
/// the preset's.
pub const SAFE_LR_FACTOR: f32 = 1.0;
/// The warm-up steps of the schedule a suggested reset goes back to.
pub const SAFE_WARMUP: usize = 200;

/// Why training was stopped.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Divergence {
    /// The training loss blew up.
    Loss(BlowUp),
    /// The model's numbers (attention weights) hold NaN or ∞ at `step`.
    Weights { step: usize },
}

impl Divergence {
    /// The step at which training stopped.
    pub fn step(&self) -> usize {
        match self {
            Self::Loss(b) => b.step,
            Self::Weights { step } => *step,
        }
    }
}

/// A loss that blew up, and the schedule that probably caused it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BlowUp {
    pub step: usize,
    /// The loss that tripped the check; `None` when it was NaN or ∞, which the
    /// page words ("became NaN or infinite") rather than prints.
    pub loss: Option<f32>,
    /// The larger of the first loss and `ln V`.
    pub reference: f32,
    /// The schedule's peak rate and the step it is reached at (the warm-up).
    pub peak_rate: f64,
    pub peak_step: usize,
    /// The run's learning-rate factor.
    pub lr_factor: f32,
}

/// The loss a uniform guess over `vocab_size` words scores: `ln V`.
pub fn uniform_loss(vocab_size: usize) -> f32 {
    (vocab_size.max(1) as f32).ln()
}

/// Checks the loss of `step`; `first_loss` is the run's first reported loss.
pub fn check(
    settings: &Settings,
    vocab_size: usize,
    first_loss: f32,
    step: usize,
    loss: f32,
) -> Option<BlowUp> {
    let reference = first_loss.max(uniform_loss(vocab_size));
    let blown = !loss.is_finite() || loss > BLOW_UP_FACTOR * reference;
    blown.then(|| {
        let peak_step = settings.warmup_steps.max(1);
        let peak_rate = settings.learning_rate(peak_step);
        BlowUp {
            step,
            loss: loss.is_finite().then_some(loss),
            reference: if reference.is_finite() {
                reference
            } else {
                0.0
            },
            peak_rate,
            peak_step,
            lr_factor: settings.lr_factor,
        }
    })
}

/// The settings a reset should use: the same run with the preset's schedule.
pub fn suggested(settings: &Settings) -> Settings {
    Settings {
        lr_factor: SAFE_LR_FACTOR,
        warmup_steps: SAFE_WARMUP,
        ..settings.clone()
    }
}

impl std::fmt::Display for Divergence {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Weights { step } => write!(
                f,
                "Training diverged at step {step}: the model's numbers became NaN or infinite. \
                 Training is paused; Reset starts again."
            ),
            Self::Loss(b) => {
                match b.loss {
                    Some(loss) => write!(
                        f,
                        "Training blew up at step {}: the loss rose to {loss:.1}, more than \
                         {BLOW_UP_FACTOR}× where it started or a uniform guess would score ({:.2}).",
                        b.step, b.reference
                    )?,
                    None => write!(
                        f,
                        "Training blew up at step {}: the loss became NaN or infinite.",
                        b.step
                    )?,
                }
                write!(
                    f,
                    " The learning rate at step {} (its peak) was {:.3} (factor {}): warm-up \
                     too short or factor too high. Training is paused; Reset starts again with \
                     the preset's schedule (factor {SAFE_LR_FACTOR}, {SAFE_WARMUP} warm-up steps).",
                    b.peak_step, b.peak_rate, b.lr_factor
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lab_tasks::TaskKind;

    const V: usize = 78;

    #[test]
    fn a_loss_that_jumps_from_4_to_85_is_caught_and_the_rate_is_named() {
        let s = Settings {
            lr_factor: 10.0,
            warmup_steps: 1,
            ..Settings::toy(TaskKind::EnJa)
        };
        assert_eq!(
            check(&s, V, 4.4, 1, 4.4),
            None,
            "the first step is its own reference"
        );
        let b = check(&s, V, 4.4, 2, 85.0).expect("85 is far above 4.4");
        // factor · d_model^-0.5 · warm-up^-0.5 at the peak: 10 / 8 / 1.
        assert!((b.peak_rate - 1.25).abs() < 1e-12, "{}", b.peak_rate);
        assert_eq!((b.step, b.peak_step, b.loss), (2, 1, Some(85.0)));
        let text = Divergence::Loss(b).to_string();
        assert!(text.contains("at step 1 (its peak) was 1.250"), "{text}");
        assert!(
            text.contains("warm-up too short or factor too high"),
            "{text}"
        );
    }

    #[test]
    fn nan_is_caught_and_travels_as_no_number() {
        let s = Settings::toy(TaskKind::EnJa);
        let b = check(&s, V, 4.4, 7, f32::NAN).expect("NaN");
        assert_eq!(b.loss, None);
        let bytes = postcard::to_allocvec(&Divergence::Loss(b.clone())).expect("plain data");
        let back: Divergence = postcard::from_bytes(&bytes).expect("reads back");
        assert_eq!(back, Divergence::Loss(b));
        assert!(back.to_string().contains("NaN"));
    }

    #[test]
    fn a_normal_curve_and_the_label_smoothing_plateau_are_not_flagged() {
        let s = Settings::toy(TaskKind::EnJa);
        for (step, loss) in [(1, 4.5), (50, 3.0), (200, 1.2), (600, 0.8), (900, 0.81)] {
            assert_eq!(check(&s, V, 4.5, step, loss), None, "step {step}");
        }
        // A first loss a little above ln V is no reason to flag its neighbours.
        assert_eq!(check(&s, V, 5.0, 2, 6.0), None);
    }

    #[test]
    fn the_suggested_reset_keeps_everything_but_the_schedule() {
        let s = Settings {
            lr_factor: 10.0,
            warmup_steps: 1,
            seed: 9,
            ..Settings::toy(TaskKind::Reverse)
        };
        let t = suggested(&s);
        assert_eq!(
            (t.lr_factor, t.warmup_steps, t.seed, t.task),
            (SAFE_LR_FACTOR, SAFE_WARMUP, 9, TaskKind::Reverse)
        );
        assert_eq!(t.validate(), Ok(()));
    }
}
