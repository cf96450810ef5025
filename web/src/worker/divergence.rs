//! Runs that blow up, detected and explained.
//!
//! A NaN or infinite loss is the obvious failure. The quieter one is a loss
//! that explodes and stays finite: with a learning-rate factor of 10 and one
//! warm-up step, the first update lands at a rate of 1.25 and the loss jumps
//! from about 4 to about 85, after which the model never recovers. At the
//! start a model guesses about uniformly, so its loss is near `ln V` (V target
//! words); a loss far above both that and where the run started means the
//! updates threw the weights away.

use lab_math::noam_rate;
use lab_protocol::Settings;

/// A loss this many times above its reference (the larger of the run's first
/// loss and the uniform-guess loss `ln V`) counts as blown up.
pub const BLOW_UP_FACTOR: f32 = 2.0;

/// The learning-rate schedule the suggested reset goes back to: the preset's.
const SAFE_FACTOR: f32 = 1.0;
const SAFE_WARMUP: usize = 200;

/// Why a run was stopped.
#[derive(Clone, Debug, PartialEq)]
pub struct BlowUp {
    pub step: usize,
    /// The loss that tripped the check (NaN or ∞ included).
    pub loss: f32,
    /// The larger of the first loss and `ln V`.
    pub reference: f32,
    /// The schedule's peak rate and the step it is reached at (the warm-up).
    pub peak_rate: f64,
    pub peak_step: usize,
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
        let peak_rate = noam_rate(
            peak_step,
            settings.d_model,
            settings.warmup_steps,
            f64::from(settings.lr_factor),
        );
        BlowUp {
            step,
            loss,
            reference,
            peak_rate,
            peak_step,
        }
    })
}

impl BlowUp {
    /// What probably happened, in words a learner can act on.
    pub fn explain(&self, settings: &Settings) -> String {
        let what = if self.loss.is_finite() {
            format!(
                "the loss rose to {:.1}, more than {BLOW_UP_FACTOR}× where it started or a uniform guess would score ({:.2})",
                self.loss, self.reference
            )
        } else {
            "the loss became NaN or infinite, so the weights are no longer numbers".to_string()
        };
        format!(
            "Training blew up at step {}: {what}. The learning rate at step {} (its peak) was {:.3} \
             (factor {} · d_model^−0.5 · warm-up^−0.5): warm-up too short or factor too high. \
             Training is paused; Reset starts again with the preset's schedule (factor {SAFE_FACTOR}, {SAFE_WARMUP} warm-up steps).",
            self.step, self.peak_step, self.peak_rate, settings.lr_factor
        )
    }
}

/// The settings a reset should use: the same run with the preset's schedule.
pub fn suggested(settings: &Settings) -> Settings {
    Settings {
        lr_factor: SAFE_FACTOR,
        warmup_steps: SAFE_WARMUP,
        ..settings.clone()
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
        let text = b.explain(&s);
        assert!(text.contains("at step 1 (its peak) was 1.250"), "{text}");
        assert!(
            text.contains("warm-up too short or factor too high"),
            "{text}"
        );
    }

    #[test]
    fn nan_is_caught() {
        let s = Settings::toy(TaskKind::EnJa);
        let b = check(&s, V, 4.4, 7, f32::NAN).expect("NaN");
        assert!(b.explain(&s).contains("NaN"));
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
            (SAFE_FACTOR, SAFE_WARMUP, 9, TaskKind::Reverse)
        );
        assert_eq!(t.validate(), Ok(()));
    }
}
