//! Telling a blown-up run from a slow one, and saying which setting to change.
//!
//! With the Noam schedule (§5.3) the learning rate climbs for `warmup_steps`
//! steps and peaks there:
//!
//! ```text
//! peak = lr_factor · d_model^(-0.5) · warmup_steps^(-0.5)
//! ```
//!
//! A short warm-up or a large factor makes that peak too high, and Adam's very
//! first updates then throw the weights so far that the logits explode. The
//! run is then not learning slowly: it is broken, and more steps will not fix it.
//!
//! A run counts as blown up at the first step where either
//!
//! - the loss is not finite (NaN or ∞: something overflowed), or
//! - the loss is more than [`BLOW_UP_RATIO`] × max(first loss, ln V).
//!
//! Why that line: a freshly initialised model guesses close to uniformly over
//! the V target tokens, which costs `ln V` nats per token, with or without label
//! smoothing (any target's cross-entropy against the uniform guess is `ln V`).
//! Training only lowers the loss, and batch-to-batch noise moves it by tens of
//! percent, not by a factor of two. A loss twice the uniform guess means the
//! model is *confidently wrong*: its logits have grown huge, the signature of
//! steps that were too big. The first loss joins the maximum because an
//! initialisation can start somewhat above `ln V`; the line is never lower than
//! twice where the run began.

use lab_math::noam_rate;
use lab_protocol::{NormPlacement, Settings, TrainPoint};

/// A loss this many times above max(first loss, ln V) means the run blew up.
pub const BLOW_UP_RATIO: f32 = 2.0;

/// The highest Noam peak that the lab calls safe. The toy preset (d_model 64,
/// warm-up 200, factor 1) peaks at 0.0088, and trains every task; the advice
/// brings a blown-up run's peak back under this line.
pub const SAFE_PEAK_RATE: f64 = 0.01;

/// A history point's loss counts as the run's first loss only if it is from
/// one of the first few steps; a window that starts later compares with ln V alone.
const FIRST_STEPS: usize = 3;

/// What went wrong with the loss.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Symptom {
    /// The loss was NaN or infinite.
    NonFinite,
    /// The loss rose above `limit` = [`BLOW_UP_RATIO`] × max(first loss, ln V).
    Exploded { limit: f32 },
}

/// Settings that bring the schedule's peak down to [`SAFE_PEAK_RATE`]; either
/// change alone is enough.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Advice {
    /// The shortest warm-up that does it with the run's `lr_factor`.
    pub warmup_steps: usize,
    /// The largest factor that does it with the run's `warmup_steps`.
    pub lr_factor: f32,
}

/// A blown-up run: where it broke, and the learning rate that broke it.
#[derive(Clone, Debug, PartialEq)]
pub struct Divergence {
    pub symptom: Symptom,
    /// The first step at which the run was seen blown up.
    pub step: usize,
    /// The loss at that step (NaN or ∞ for [`Symptom::NonFinite`]).
    pub loss: f32,
    /// The highest learning rate the history shows before `step` (at `step`
    /// itself when the history starts there): the update that did the damage.
    pub peak_rate: f64,
    /// The step at which `peak_rate` was used.
    pub peak_step: usize,
    /// The highest rate the run's Noam schedule ever reaches, at step `warmup_steps`.
    pub schedule_peak: f64,
    /// How to bring the schedule's peak under [`SAFE_PEAK_RATE`]; `None` when it
    /// is already under it, and the rate alone does not explain the blow-up.
    pub advice: Option<Advice>,
    /// Kept to phrase the explanation in the settings' own terms.
    settings: Settings,
}

/// Whether the run whose recent `history` (oldest first) is given has blown up.
///
/// `tgt_vocab_size` is V, the size of the target vocabulary, so `ln V` is the
/// loss of a uniform guess. Pass the history from the run's first step when it
/// is at hand: its first loss then raises the line for a model that started high.
/// `settings` are expected to be valid ([`Settings::validate`]).
pub fn diagnose(
    settings: &Settings,
    tgt_vocab_size: usize,
    history: &[TrainPoint],
) -> Option<Divergence> {
    let uniform_guess = (tgt_vocab_size.max(1) as f32).ln();
    let first_loss = history
        .first()
        .filter(|p| p.step <= FIRST_STEPS && p.loss.is_finite())
        .map_or(0.0, |p| p.loss);
    let limit = BLOW_UP_RATIO * first_loss.max(uniform_guess);
    let (index, symptom) = history.iter().enumerate().find_map(|(i, p)| {
        if !p.loss.is_finite() {
            Some((i, Symptom::NonFinite))
        } else if i > 0 && p.loss > limit {
            Some((i, Symptom::Exploded { limit }))
        } else {
            None
        }
    })?;
    let broken = history[index];
    // The loss at step s is measured before step s's update, so the rates of
    // the steps before it are the ones that did the damage.
    let before = if index == 0 {
        &history[..1]
    } else {
        &history[..index]
    };
    let peak = before
        .iter()
        .filter(|p| p.learning_rate.is_finite())
        .max_by(|a, b| a.learning_rate.total_cmp(&b.learning_rate))
        .copied()
        .unwrap_or(broken);
    let (d_model, warmup) = (settings.d_model.max(1), settings.warmup_steps.max(1));
    let factor = f64::from(settings.lr_factor);
    let schedule_peak = noam_rate(warmup, d_model, warmup, factor);
    Some(Divergence {
        symptom,
        step: broken.step,
        loss: broken.loss,
        peak_rate: peak.learning_rate,
        peak_step: peak.step,
        schedule_peak,
        advice: (schedule_peak > SAFE_PEAK_RATE).then(|| advice(d_model, warmup, factor)),
        settings: settings.clone(),
    })
}

/// Solves `peak = factor / √(d_model · warmup)` for `peak = SAFE_PEAK_RATE`,
/// once for the warm-up and once for the factor.
fn advice(d_model: usize, warmup: usize, factor: f64) -> Advice {
    let warmup_steps =
        (factor * factor / (d_model as f64 * SAFE_PEAK_RATE * SAFE_PEAK_RATE)).ceil();
    let lr_factor = SAFE_PEAK_RATE * (d_model as f64 * warmup as f64).sqrt();
    // Two significant digits, rounded down so the advice really is under the line.
    let scale = 10f64.powi(1 - lr_factor.log10().floor() as i32);
    Advice {
        warmup_steps: warmup_steps as usize,
        lr_factor: ((lr_factor * scale).floor() / scale) as f32,
    }
}

impl Divergence {
    /// The diagnosis in one paragraph a learner can act on.
    pub fn explain(&self) -> String {
        let what = match self.symptom {
            Symptom::NonFinite => format!("the loss became {} at step {}", self.loss, self.step),
            Symptom::Exploded { limit } => format!(
                "the loss rose to {:.1} at step {}, more than {BLOW_UP_RATIO} × its start or \
                 the uniform guess ln V (over {limit:.2})",
                self.loss, self.step
            ),
        };
        let rate = format!(
            "the learning rate at step {} was {:.3}",
            self.peak_step, self.peak_rate
        );
        let s = &self.settings;
        match self.advice {
            Some(advice) => format!(
                "The run blew up: {what}; {rate}: warm-up too short or factor too high. \
                 The schedule peaks at {:.3} at step {}; to keep it under {SAFE_PEAK_RATE}, \
                 raise warmup_steps from {} to at least {}, or lower lr_factor from {} to at \
                 most {}.",
                self.schedule_peak,
                s.warmup_steps,
                s.warmup_steps,
                advice.warmup_steps,
                s.lr_factor,
                advice.lr_factor
            ),
            None => {
                let steadier = match s.norm {
                    NormPlacement::Post => " or switch to pre-norm, which is steadier,",
                    NormPlacement::Pre => "",
                };
                format!(
                    "The run blew up: {what}, although {rate} and the schedule never goes \
                     above {:.4}. Try a smaller lr_factor (now {}) or a longer warm-up (now \
                     {}){steadier} and start again.",
                    self.schedule_peak, s.lr_factor, s.warmup_steps
                )
            }
        }
    }
}

impl std::fmt::Display for Divergence {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.explain())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lab_math::cross_entropy::smoothing_floor;
    use lab_tasks::TaskKind;

    /// A history that follows the run's own Noam schedule.
    fn history(settings: &Settings, losses: &[f32]) -> Vec<TrainPoint> {
        let rate = |step| {
            noam_rate(
                step,
                settings.d_model,
                settings.warmup_steps,
                f64::from(settings.lr_factor),
            )
        };
        (1..)
            .zip(losses)
            .map(|(step, &loss)| TrainPoint {
                step,
                loss,
                token_accuracy: 0.0,
                learning_rate: rate(step),
            })
            .collect()
    }

    #[test]
    fn a_nan_loss_is_a_blow_up() {
        let s = Settings::toy(TaskKind::Copy);
        let d = diagnose(&s, 20, &history(&s, &[3.0, 2.9, f32::NAN, 2.8])).expect("NaN is caught");
        assert_eq!((d.symptom, d.step), (Symptom::NonFinite, 3));
        assert!(d.explain().contains("NaN at step 3"), "{d}");
    }

    #[test]
    fn a_loss_far_above_its_start_names_the_learning_rate_that_caused_it() {
        let s = Settings {
            lr_factor: 10.0,
            warmup_steps: 1,
            ..Settings::toy(TaskKind::Copy)
        };
        let d = diagnose(&s, 30, &history(&s, &[4.0, 85.0, 60.0])).expect("4 → 85 is a blow-up");
        assert_eq!((d.step, d.loss, d.peak_step), (2, 85.0, 1));
        assert!(
            matches!(d.symptom, Symptom::Exploded { limit } if limit == 8.0),
            "{d:?}"
        );
        // noam_rate(1, 64, 1, 10) = 10 / √64 = 1.25, the schedule's peak.
        assert_eq!(d.peak_rate, 1.25);
        assert_eq!(d.schedule_peak, 1.25);
        let message = d.explain();
        assert!(
            message.contains("the learning rate at step 1 was 1.250"),
            "{message}"
        );
        assert!(
            message.contains("warm-up too short or factor too high"),
            "{message}"
        );
        let advice = d.advice.expect("a peak of 1.25 is far above the safe line");
        assert!(
            message.contains("warmup_steps") && message.contains("lr_factor"),
            "{message}"
        );
        for fixed in [
            Settings {
                warmup_steps: advice.warmup_steps,
                ..s.clone()
            },
            Settings {
                lr_factor: advice.lr_factor,
                ..s.clone()
            },
        ] {
            let peak = noam_rate(
                fixed.warmup_steps,
                64,
                fixed.warmup_steps,
                f64::from(fixed.lr_factor),
            );
            assert!(
                peak <= SAFE_PEAK_RATE * 1.000_001,
                "{fixed:?} peaks at {peak}"
            );
        }
    }

    #[test]
    fn a_normal_decreasing_curve_is_not_flagged() {
        let s = Settings::toy(TaskKind::Reverse);
        let losses: Vec<f32> = (0..500)
            .map(|i| 0.4 + 3.2 * (-(i as f32) / 120.0).exp() + 0.15 * ((i * 7) as f32).sin())
            .collect();
        assert_eq!(diagnose(&s, 24, &history(&s, &losses)), None);
    }

    #[test]
    fn a_label_smoothed_plateau_is_not_flagged() {
        // With ε = 0.1 the loss cannot go below H(q); a run that has learned sits
        // there, slightly noisy, for thousands of steps.
        let s = Settings::toy(TaskKind::EnJa);
        let floor = smoothing_floor(60, f64::from(s.label_smoothing), 0) as f32;
        let losses: Vec<f32> = (0..2000)
            .map(|i| floor + 0.05 * ((i * 13) as f32).sin().abs())
            .collect();
        assert_eq!(diagnose(&s, 60, &history(&s, &losses)), None);
    }

    #[test]
    fn a_run_that_starts_above_the_uniform_guess_is_judged_against_its_own_start() {
        let s = Settings::toy(TaskKind::Copy);
        // ln 20 ≈ 3.0, but this initialisation starts at 7 and wobbles up to 9.
        assert_eq!(diagnose(&s, 20, &history(&s, &[7.0, 9.0, 6.5])), None);
    }

    #[test]
    fn a_blow_up_under_a_modest_rate_suggests_pre_norm_instead_of_new_numbers() {
        let s = Settings {
            d_model: 512,
            n_heads: 8,
            ..Settings::toy(TaskKind::Copy)
        };
        let d = diagnose(&s, 20, &history(&s, &[3.0, 2.5, 40.0])).expect("40 ≫ 2 × ln 20");
        assert_eq!(d.advice, None);
        assert!(d.explain().contains("pre-norm"), "{d}");
    }
}
