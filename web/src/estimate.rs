//! What a training step of the settings will cost, said before it is
//! taken: parameters, the worker's memory and the time of one step on this
//! browser (plain logic, tested natively).
//!
//! The numbers are `lab_math::cost`'s, through `Settings::estimate` and the
//! task's sizes the worker told (`TaskFacts::shape`); the worker refuses the
//! same settings with the same function before it allocates anything.

use crate::i18n::units::{bytes_text, count_text, seconds_text};
use crate::i18n::{text, text_args, Arg, Locale};
use lab_math::cost::{MAX_WORKER_BYTES, TYPICAL_MULTIPLY_ADDS_PER_S};
use lab_protocol::StepEstimate;

/// A step slower than this many seconds is announced as slow.
pub const SLOW_STEP_S: f64 = 3.0;
/// A step running longer than this shows its progress on the toolbar.
pub const SHOW_PROGRESS_AFTER_S: f64 = 1.0;

/// What the page says about settings before they train.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Fits,
    /// It fits, but one step takes over [`SLOW_STEP_S`].
    Slow,
    /// A step would need more than a worker can have: refused.
    TooLarge,
}

impl Verdict {
    /// The value of `data-verdict` (tests read it in any language).
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Fits => "fits",
            Verdict::Slow => "slow",
            Verdict::TooLarge => "too-large",
        }
    }
}

/// The speed to estimate with: this browser's, once measured, else a typical one.
pub fn rate(measured: Option<f64>) -> f64 {
    measured
        .filter(|r| r.is_finite() && *r > 0.0)
        .unwrap_or(TYPICAL_MULTIPLY_ADDS_PER_S)
}

/// About how long one training step of `model` takes on this browser
/// (seconds), from its speed `measured` or a typical one; `None` before
/// the worker has told its task's sizes.
pub fn model_step_seconds(model: &lab_protocol::ModelInfo, measured: Option<f64>) -> Option<f64> {
    Some(model.estimate()?.step_seconds(rate(measured)))
}

pub fn verdict(estimate: &StepEstimate, multiply_adds_per_s: f64) -> Verdict {
    if !estimate.fits() {
        Verdict::TooLarge
    } else if estimate.step_seconds(multiply_adds_per_s) > SLOW_STEP_S {
        Verdict::Slow
    } else {
        Verdict::Fits
    }
}

/// The line shown next to the settings, and its verdict.
pub fn estimate_line(
    locale: Locale,
    estimate: &StepEstimate,
    measured: Option<f64>,
) -> (String, Verdict) {
    let speed = rate(measured);
    let verdict = verdict(estimate, speed);
    let seconds = seconds_text(estimate.step_seconds(speed));
    let memory = bytes_text(estimate.peak_bytes());
    let line = match verdict {
        Verdict::TooLarge => text_args(
            locale,
            "training-estimate-too-large",
            &[
                ("params", Arg::from(count_text(estimate.parameters))),
                ("memory", Arg::from(memory)),
                ("max", Arg::from(bytes_text(MAX_WORKER_BYTES))),
            ],
        ),
        _ => {
            let base = text_args(
                locale,
                "training-estimate",
                &[
                    ("params", Arg::from(count_text(estimate.parameters))),
                    ("memory", Arg::from(memory)),
                    ("seconds", Arg::from(seconds.as_str())),
                    (
                        "where",
                        Arg::from(text(
                            locale,
                            if measured.is_some() {
                                "training-estimate-measured"
                            } else {
                                "training-estimate-typical"
                            },
                        )),
                    ),
                ],
            );
            if verdict == Verdict::Slow {
                // Sentences follow each other with a space in English, without in CJK.
                let gap = if locale == Locale::En { " " } else { "" };
                format!("{base}{gap}{}", text(locale, "training-estimate-slow"))
            } else {
                base
            }
        }
    };
    (line, verdict)
}

/// The toolbar's word on a step that runs long: `None` until it has run
/// [`SHOW_PROGRESS_AFTER_S`], then the step, the seconds so far and the
/// estimate, and the fraction done (capped below 1: an estimate, not a promise).
pub fn step_progress(
    locale: Locale,
    step: usize,
    elapsed_s: f64,
    estimate_s: Option<f64>,
) -> Option<(String, Option<f64>)> {
    if elapsed_s < SHOW_PROGRESS_AFTER_S {
        return None;
    }
    let elapsed = seconds_text(elapsed_s);
    Some(match estimate_s.filter(|e| *e > 0.0) {
        Some(total) => (
            text_args(
                locale,
                "common-step-running",
                &[
                    ("step", Arg::from(step)),
                    ("elapsed", Arg::from(elapsed)),
                    ("total", Arg::from(seconds_text(total))),
                ],
            ),
            Some((elapsed_s / total).min(0.99)),
        ),
        None => (
            text_args(
                locale,
                "common-step-running-unknown",
                &[("step", Arg::from(step)), ("elapsed", Arg::from(elapsed))],
            ),
            None,
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn estimate(peak: u64, multiply_adds: u64) -> StepEstimate {
        StepEstimate {
            parameters: 44_100_000,
            state_bytes: peak / 2,
            step_bytes: peak - peak / 2,
            multiply_adds,
        }
    }

    #[test]
    fn settings_are_refused_over_the_worker_limit_and_slow_over_a_few_seconds() {
        let speed = 1e9;
        let fast = estimate(100 << 20, 1_000_000);
        let slow = estimate(100 << 20, 45_000_000_000);
        let huge = estimate(MAX_WORKER_BYTES + 1, 1);
        assert_eq!(verdict(&fast, speed), Verdict::Fits);
        assert_eq!(verdict(&slow, speed), Verdict::Slow);
        assert_eq!(verdict(&huge, speed), Verdict::TooLarge);
        let at_limit = estimate(MAX_WORKER_BYTES, 1);
        assert_eq!(verdict(&at_limit, speed), Verdict::Fits);
    }

    #[test]
    fn the_lines_give_the_numbers_that_limit_the_settings() {
        let huge = estimate(5 << 30, 1);
        let (line, v) = estimate_line(Locale::En, &huge, None);
        assert_eq!(v, Verdict::TooLarge);
        assert!(
            line.contains("5.0 GiB") && line.contains("3.0 GiB"),
            "{line}"
        );
        let slow = estimate(1 << 30, 90_000_000_000);
        let (line, v) = estimate_line(Locale::En, &slow, Some(2e9));
        assert_eq!(v, Verdict::Slow);
        assert!(line.contains("45") && line.contains("44.1 M"), "{line}");
        assert!(line.contains("Pause"), "{line}");
        assert_eq!(
            line.matches("45").count(),
            1,
            "the time is said once: {line}"
        );
        // Unmeasured, it says so; every language has the words.
        for locale in Locale::ALL {
            let (line, _) = estimate_line(locale, &estimate(1 << 20, 1000), None);
            assert!(!line.is_empty() && line.contains("1 MiB"), "{line}");
        }
    }

    #[test]
    fn the_speed_is_this_browsers_once_measured() {
        assert_eq!(rate(None), TYPICAL_MULTIPLY_ADDS_PER_S);
        assert_eq!(rate(Some(f64::NAN)), TYPICAL_MULTIPLY_ADDS_PER_S);
        assert_eq!(rate(Some(5e9)), 5e9);
    }

    #[test]
    fn a_long_step_shows_its_progress_after_a_second() {
        assert_eq!(step_progress(Locale::En, 3, 0.5, Some(40.0)), None);
        let (text, fraction) = step_progress(Locale::En, 3, 10.0, Some(40.0)).expect("shown");
        assert!(text.contains("10") && text.contains("40"), "{text}");
        assert_eq!(fraction, Some(0.25));
        let (_, late) = step_progress(Locale::En, 3, 80.0, Some(40.0)).expect("shown");
        assert_eq!(late, Some(0.99), "never claims done before it is");
        let (_, unknown) = step_progress(Locale::Ja, 3, 2.0, None).expect("shown");
        assert_eq!(unknown, None);
    }
}
