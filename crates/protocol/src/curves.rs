//! A run's curves: what the worker keeps and saves with a run, and what the
//! page draws. One type for both, so a restored run's curves are the page's.
//!
//! Memory stays flat over a long run: when the training curve grows past
//! [`Curves::MAX_TRAIN`] points, its older half is thinned to every other point,
//! so the recent steps stay sharp and the early ones stay visible.

use crate::messages::TrainPoint;
use crate::reports::EvalReport;
use serde::{Deserialize, Serialize};

/// One held-out evaluation as a point on the curves.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct EvalPoint {
    pub step: usize,
    pub loss: f32,
    pub token_accuracy: f32,
    pub exact_match: f32,
}

impl From<&EvalReport> for EvalPoint {
    fn from(r: &EvalReport) -> Self {
        Self {
            step: r.step,
            loss: r.loss,
            token_accuracy: r.token_accuracy,
            exact_match: r.exact_match,
        }
    }
}

/// Every curve of one run, saved with it and sent back when it is restored.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Curves {
    pub train: Vec<TrainPoint>,
    pub eval: Vec<EvalPoint>,
}

impl Curves {
    /// The most training points kept before the older half is thinned.
    pub const MAX_TRAIN: usize = 4000;

    /// Append training steps; finite ones only (a diverged step is reported separately).
    pub fn push_train(&mut self, points: &[TrainPoint]) {
        self.train
            .extend(points.iter().filter(|p| p.loss.is_finite()));
        if self.train.len() > Self::MAX_TRAIN {
            let half = self.train.len() / 2;
            let mut kept: Vec<TrainPoint> = self.train[..half].iter().step_by(2).copied().collect();
            kept.extend_from_slice(&self.train[half..]);
            self.train = kept;
        }
    }

    /// Append a held-out evaluation, replacing one at the same step; a
    /// non-finite loss (a run that blew up) is not a point.
    pub fn push_eval(&mut self, point: EvalPoint) {
        if !point.loss.is_finite() {
            return;
        }
        self.eval.retain(|p| p.step != point.step);
        self.eval.push(point);
        self.eval.sort_by_key(|p| p.step);
    }

    pub fn last_train(&self) -> Option<&TrainPoint> {
        self.train.last()
    }

    /// No point on either curve.
    pub fn is_empty(&self) -> bool {
        self.train.is_empty() && self.eval.is_empty()
    }

    /// These curves with at most `max_train` (at least 2) training points,
    /// kept evenly spaced by index, the first and the last among them; every
    /// held-out point is kept. Each kept point is a step's own, never an average:
    /// the curves a shipped checkpoint carries ([`MAX_SHIPPED_TRAIN`]).
    ///
    /// [`MAX_SHIPPED_TRAIN`]: Self::MAX_SHIPPED_TRAIN
    pub fn thinned(&self, max_train: usize) -> Curves {
        let n = self.train.len();
        let k = max_train.max(2);
        let train = if n <= k {
            self.train.clone()
        } else {
            // Index i·(n−1)/(k−1) for i in 0..k: first and last included.
            (0..k).map(|i| self.train[i * (n - 1) / (k - 1)]).collect()
        };
        Curves {
            train,
            eval: self.eval.clone(),
        }
    }

    /// Curves read from a file, made safe to draw for a model at `step`:
    /// only finite points in step order up to `step`, at most
    /// [`Self::MAX_TRAIN`] training points.
    pub fn checked(self, step: usize) -> Curves {
        let mut train: Vec<TrainPoint> = self
            .train
            .into_iter()
            .filter(|p| p.loss.is_finite() && p.step <= step)
            .collect();
        train.sort_by_key(|p| p.step);
        train.dedup_by_key(|p| p.step);
        let mut out = Curves {
            train,
            eval: Vec::new(),
        }
        .thinned(Self::MAX_TRAIN);
        for point in self.eval.into_iter().filter(|p| p.step <= step) {
            out.push_eval(point);
        }
        out
    }

    /// The most training points a shipped checkpoint carries: enough for a
    /// chart as wide as a screen, a few tens of kilobytes in its file.
    pub const MAX_SHIPPED_TRAIN: usize = 500;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(step: usize, loss: f32) -> TrainPoint {
        TrainPoint {
            step,
            loss,
            token_accuracy: 0.5,
            learning_rate: 1e-3,
        }
    }

    #[test]
    fn memory_stays_flat_over_a_long_run() {
        let mut curves = Curves::default();
        for step in 0..50_000 {
            curves.push_train(&[point(step, 1.0)]);
        }
        assert!(curves.train.len() <= Curves::MAX_TRAIN);
        assert_eq!(curves.train.first().expect("kept").step, 0);
        assert_eq!(curves.last_train().expect("kept").step, 49_999);
        assert!(curves.train.windows(2).all(|w| w[0].step < w[1].step));
    }

    #[test]
    fn thinning_keeps_the_first_and_last_steps_evenly_spaced_and_every_evaluation() {
        let mut curves = Curves {
            train: (1..=5000)
                .map(|step| point(step, 10.0 / step as f32))
                .collect(),
            eval: vec![],
        };
        curves.push_eval(EvalPoint {
            step: 250,
            loss: 2.0,
            token_accuracy: 0.4,
            exact_match: 0.0,
        });
        let thin = curves.thinned(500);
        assert_eq!(thin.train.len(), 500);
        assert_eq!(thin.train[0], curves.train[0]);
        assert_eq!(thin.train.last(), curves.train.last());
        // Each point is a step's own, and the gaps differ by at most one index.
        assert!(thin.train.iter().all(|p| curves.train.contains(p)));
        let gaps: Vec<usize> = thin
            .train
            .windows(2)
            .map(|w| w[1].step - w[0].step)
            .collect();
        let (lo, hi) = (gaps.iter().min(), gaps.iter().max());
        assert!(
            hi.zip(lo).is_some_and(|(hi, lo)| hi - lo <= 1),
            "{lo:?}..{hi:?}"
        );
        assert_eq!(thin.eval, curves.eval);
        // Short curves are kept whole.
        assert_eq!(thin.thinned(500), thin);
    }

    #[test]
    fn curves_read_from_a_file_are_checked_against_the_model() {
        let e = |step, loss| EvalPoint {
            step,
            loss,
            token_accuracy: 0.5,
            exact_match: 0.0,
        };
        let read = Curves {
            train: vec![
                point(3, 1.0),
                point(1, 2.0),
                point(2, f32::NAN),
                point(9, 0.5),
            ],
            eval: vec![e(2, 1.5), e(2, 1.4), e(5, f32::INFINITY), e(9, 1.0)],
        };
        let checked = read.checked(4);
        let steps: Vec<usize> = checked.train.iter().map(|p| p.step).collect();
        assert_eq!(
            steps,
            vec![1, 3],
            "finite, in order, none past the model's step"
        );
        assert_eq!(checked.eval, vec![e(2, 1.4)]);
        let long = Curves {
            train: (1..=3 * Curves::MAX_TRAIN).map(|s| point(s, 1.0)).collect(),
            eval: vec![],
        };
        assert_eq!(long.checked(usize::MAX).train.len(), Curves::MAX_TRAIN);
    }

    #[test]
    fn non_finite_losses_never_enter_a_curve() {
        let mut curves = Curves::default();
        curves.push_train(&[point(1, 2.0), point(2, f32::NAN), point(3, f32::INFINITY)]);
        assert_eq!(curves.train.len(), 1);
    }

    #[test]
    fn an_evaluation_at_the_same_step_replaces_the_old_one() {
        let mut curves = Curves::default();
        let e = |step, loss| EvalPoint {
            step,
            loss,
            token_accuracy: 0.0,
            exact_match: 0.0,
        };
        curves.push_eval(e(10, 2.0));
        curves.push_eval(e(5, 3.0));
        curves.push_eval(e(10, 1.0));
        assert_eq!(
            curves
                .eval
                .iter()
                .map(|p| (p.step, p.loss))
                .collect::<Vec<_>>(),
            vec![(5, 3.0), (10, 1.0)]
        );
    }
}
