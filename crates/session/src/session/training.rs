//! Training in chunks: steps, each shared with the helper when there is one,
//! the divergence check after each, held-out evaluation, and snapshots.

use super::*;

impl<M: LabModel> Session<M> {
    /// Train until `budget_ms` has passed (at least one step), then report.
    /// `now` reads a millisecond clock.
    pub fn train_chunk(
        &mut self,
        budget_ms: f64,
        mut now: impl FnMut() -> f64,
    ) -> Vec<WorkerOutput> {
        let start = now();
        let mut out = Vec::new();
        while self.is_running() {
            out.extend(self.train_steps(1));
            if now() - start >= budget_ms {
                break;
            }
        }
        out.extend(self.snapshot_if_due(now()));
        out
    }

    /// A snapshot, if one is due at `t` (or training has stopped).
    pub(super) fn snapshot_if_due(&mut self, t: f64) -> Option<WorkerOutput> {
        (self.model.is_some()
            && !self.diverged
            && (t - self.last_snapshot_ms >= SNAPSHOT_MS || !self.running))
            .then(|| self.snapshot(t, false))
    }

    pub(super) fn train_steps(&mut self, n: usize) -> Vec<WorkerOutput> {
        let mut out = Vec::new();
        for _ in 0..n {
            let Some(model) = self.model.as_mut() else {
                return vec![no_model()];
            };
            if self.diverged {
                return vec![self
                    .blown
                    .clone()
                    .unwrap_or_else(|| diverged(model.step_count()))];
            }
            let report = model.step();
            out.extend(self.after_step(report));
            if self.diverged {
                break;
            }
        }
        out
    }

    /// Keeps a finished step on the curves, stops a run that blew up, and
    /// evaluates when due (if no evaluator worker does).
    pub(super) fn after_step(&mut self, report: StepReport) -> Vec<WorkerOutput> {
        let mut out = Vec::new();
        {
            let Some(model) = self.model.as_ref() else {
                return vec![no_model()];
            };
            let first = *self.first_loss.get_or_insert(report.loss);
            if let Some(blow_up) = divergence::check(
                model.settings(),
                self.vocab_size,
                first,
                report.step,
                report.loss,
            ) {
                self.running = false;
                self.diverged = true;
                let settings = model.settings();
                let stopped = WorkerOutput::Diverged {
                    why: Divergence::Loss(blow_up),
                    suggested: Some(divergence::suggested(settings)),
                };
                self.blown = Some(stopped.clone());
                out.push(stopped);
                return out;
            }
            let point = TrainPoint::from(&report);
            self.pending.push(point);
            self.history.push_train(&[point]);
            self.dirty = true;
            if report.tokens_per_s.is_finite() {
                self.pending_tokens_per_s.push(report.tokens_per_s);
            }
            if report.step.is_multiple_of(EVAL_EVERY) && !self.evaluator {
                out.extend(self.evaluate());
            }
        }
        out
    }

    pub(super) fn evaluate(&mut self) -> Vec<WorkerOutput> {
        let Some(model) = &self.model else {
            return vec![no_model()];
        };
        let report = model.evaluate(EVAL_SENTENCES);
        self.record_eval(report)
    }

    /// Keep a held-out evaluation of this run on its curves and pass it on to
    /// the page; a report with a non-finite number, or from a step this run
    /// has not reached (a previous run's, arriving late), is dropped.
    pub(super) fn record_eval(&mut self, report: EvalReport) -> Vec<WorkerOutput> {
        let Some(model) = &self.model else {
            return vec![no_model()];
        };
        if report.step > model.step_count() {
            return Vec::new();
        }
        let finite = report.loss.is_finite()
            && report.token_accuracy.is_finite()
            && report.exact_match.is_finite()
            && report.bleu.is_finite()
            && all_finite(&report.head_alignment);
        if finite {
            self.history.push_eval(EvalPoint::from(&report));
            vec![WorkerOutput::Eval(report)]
        } else {
            Vec::new()
        }
    }

    /// Every step since the last snapshot, plus the probe's attention if it is due
    /// (or `force_attention`).
    pub(super) fn snapshot(&mut self, now_ms: f64, force_attention: bool) -> WorkerOutput {
        let model = self
            .model
            .as_ref()
            .expect("snapshot is only taken with a model");
        let (attention, prediction, trace) =
            if force_attention || now_ms - self.last_attention_ms >= ATTENTION_MS {
                self.last_attention_ms = now_ms;
                let (attention, prediction, trace) = model.probe(self.trace.as_ref());
                if attention.is_finite() && prediction.is_finite() {
                    (
                        Some(attention),
                        Some(prediction),
                        trace.filter(|t| t.is_finite()),
                    )
                } else {
                    (None, None, None)
                }
            } else {
                (None, None, None)
            };
        self.last_snapshot_ms = now_ms;
        let tps = &self.pending_tokens_per_s;
        let tokens_per_s = if tps.is_empty() {
            0.0
        } else {
            tps.iter().sum::<f64>() / tps.len() as f64
        };
        self.pending_tokens_per_s.clear();
        WorkerOutput::Snapshot(Snapshot {
            step: model.step_count(),
            running: self.running,
            points: std::mem::take(&mut self.pending),
            tokens_per_s,
            attention,
            prediction,
            trace,
            shared_steps: std::mem::take(&mut self.pending_shared_steps),
        })
    }
}
