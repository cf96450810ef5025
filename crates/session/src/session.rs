//! The worker's state machine: one model, trained in short chunks.
//!
//! The worker's event loop alternates between page messages and training
//! chunks, so a Pause that arrives during training takes effect before the next
//! chunk. Each chunk runs steps until its time budget is spent; snapshots go out
//! at most every [`SNAPSHOT_MS`], carrying every step since the previous one.
//!
//! No non-finite number ever leaves the worker: a NaN or infinite loss pauses
//! training and becomes [`WorkerOutput::Diverged`].
//!
//! The worker that holds the page's own run ([`WorkerInput::Persist`]) keeps
//! it in browser storage: the session decides *when* ([`Session::autosave_due`]:
//! when training pauses, every [`AUTOSAVE_MS`] while it trains, when the page
//! is hidden or asks) and hands over a [`RunRecord`]; the glue writes it. The
//! session also keeps the run's curves, which are saved with it.

use crate::model::LabModel;
use crate::run;
use lab_protocol::divergence::{self, Divergence};
use lab_protocol::{
    all_finite, Curves, EvalPoint, EvalReport, ModelInfo, ModelOrigin, RunSummary, SavePurpose,
    ShardJob, ShardReport, Snapshot, StepReport, StorageError, TraceRequest, TrainPoint,
    WorkerError, WorkerInput, WorkerOutput,
};

/// At most one snapshot per this many milliseconds (about ten a second).
pub const SNAPSHOT_MS: f64 = 100.0;
/// The probe sentence's attention is recomputed at most this often.
pub const ATTENTION_MS: f64 = 300.0;
/// The helper may take this long over its shard, at least (milliseconds)...
pub const HELPER_MIN_PATIENCE_MS: f64 = 2_000.0;
/// ... or this many times as long as this worker took over its own shard.
pub const HELPER_PATIENCE_FACTOR: f64 = 20.0;

/// A watchdog timer that fires this much later than it was set for (ms)
/// slept with the worker (see [`Session::helper_watchdog`]).
pub const HELPER_TIMER_SLACK_MS: f64 = 1_000.0;

/// What the helper's watchdog does when it fires.
#[derive(Debug, PartialEq)]
pub enum Watchdog {
    /// The step was finished (or replaced): nothing.
    Done,
    /// Not overdue yet: look again at this time.
    WaitUntil(f64),
    /// Overdue: give the helper up.
    GiveUp,
}

/// How long the helper may take over a shard when this worker took
/// `own_ms` over the other: shards are equal halves, so a helper this late
/// is not slow but gone.
pub fn helper_patience_ms(own_ms: f64) -> f64 {
    (HELPER_PATIENCE_FACTOR * own_ms.max(0.0)).max(HELPER_MIN_PATIENCE_MS)
}

/// Held-out evaluation runs every this many steps while training.
pub const EVAL_EVERY: usize = 100;
/// Sentences in a held-out evaluation: enough to be meaningful, cheap enough to run live.
pub const EVAL_SENTENCES: usize = 64;
/// While training, the run is saved in browser storage at least this often,
/// so a closed tab loses at most this much training.
pub const AUTOSAVE_MS: f64 = 30_000.0;

/// A run ready to be written to browser storage.
#[derive(Clone, Debug, PartialEq)]
pub struct RunRecord {
    /// The name it is saved under; `None` for the autosave a reload restores.
    pub name: Option<String>,
    pub step: usize,
    /// Its [`RunSummary`], as JSON text.
    pub summary_json: String,
    /// The checkpoint (weights, Adam's moments, data position, settings).
    pub bytes: Vec<u8>,
    /// Its curves, as JSON text.
    pub curves_json: String,
}

impl RunRecord {
    /// The IndexedDB key it is saved under.
    pub fn key(&self) -> String {
        match &self.name {
            Some(name) => run::named_key(name),
            None => run::AUTOSAVE_KEY.to_string(),
        }
    }
}

/// One model and its training state.
pub struct Session<M> {
    model: Option<M>,
    origin: ModelOrigin,
    running: bool,
    diverged: bool,
    pending: Vec<TrainPoint>,
    pending_tokens_per_s: Vec<f64>,
    last_snapshot_ms: f64,
    last_attention_ms: f64,
    /// The head the page has opened on the probe, refreshed with the attention.
    trace: Option<TraceRequest>,
    /// The run's first reported loss: the reference a blow-up is measured from.
    first_loss: Option<f32>,
    /// Target words of the model's task (`ln V` is a uniform guess's loss).
    vocab_size: usize,
    /// Why the run was stopped, once it blew up.
    blown: Option<WorkerOutput>,
    /// This worker keeps the page's run in browser storage.
    persist: bool,
    /// The run's curves, saved with it.
    history: Curves,
    /// The run changed since it was last saved.
    dirty: bool,
    /// Save at the next chance even while training (the page was hidden).
    urgent: bool,
    /// A save is being written.
    saving: bool,
    last_save_ms: f64,
    /// An evaluator worker evaluates this run while it trains, so training
    /// does not stop every [`EVAL_EVERY`] steps to evaluate.
    evaluator: bool,
    /// The ticket of the step shared with the helper worker, while its
    /// answer is awaited ([`Session::begin_shared_step`]).
    shared: Option<u64>,
    /// When the helper's answer for the shared step is overdue (ms on the
    /// glue's clock; infinite until this worker's own shard is done).
    helper_deadline_ms: f64,
    /// How long the helper may take over the shared step ([`helper_patience_ms`]).
    helper_patience_ms: f64,
    /// Tickets handed out so far.
    tickets: u64,
    /// Steps since the last snapshot that the helper shared.
    pending_shared_steps: usize,
}

impl<M> Default for Session<M> {
    fn default() -> Self {
        Self {
            model: None,
            origin: ModelOrigin::Scratch,
            running: false,
            diverged: false,
            pending: Vec::new(),
            pending_tokens_per_s: Vec::new(),
            last_snapshot_ms: f64::NEG_INFINITY,
            last_attention_ms: f64::NEG_INFINITY,
            trace: None,
            first_loss: None,
            vocab_size: 0,
            blown: None,
            persist: false,
            history: Curves::default(),
            dirty: false,
            urgent: false,
            saving: false,
            last_save_ms: f64::NEG_INFINITY,
            evaluator: false,
            shared: None,
            helper_deadline_ms: f64::INFINITY,
            helper_patience_ms: HELPER_MIN_PATIENCE_MS,
            tickets: 0,
            pending_shared_steps: 0,
        }
    }
}

impl<M: LabModel> Session<M> {
    /// True while the worker should keep scheduling training chunks.
    pub fn is_running(&self) -> bool {
        self.running && self.model.is_some()
    }

    pub fn has_model(&self) -> bool {
        self.model.is_some()
    }

    /// The current run as a record to save, under `name` (`None`: the
    /// autosave); `saved_at` in milliseconds since 1970.
    pub fn run_record(&self, name: Option<String>, saved_at: f64) -> Option<RunRecord> {
        let model = self.model.as_ref()?;
        let bytes = model.to_bytes();
        let summary = RunSummary {
            name: name.clone().unwrap_or_default(),
            task: model.settings().task,
            step: model.step_count(),
            saved_at,
            bytes: bytes.len(),
        };
        Some(RunRecord {
            name,
            step: summary.step,
            summary_json: serde_json::to_string(&summary).expect("plain data"),
            bytes,
            curves_json: serde_json::to_string(&self.history).expect("plain data"),
        })
    }

    /// The autosave to write now, if one is due: the page's run changed and
    /// training is paused, or [`AUTOSAVE_MS`] have passed while it trains, or
    /// the page was hidden. One save at a time; report it with [`Session::autosaved`].
    pub fn autosave_due(&mut self, now_ms: f64, saved_at: f64) -> Option<RunRecord> {
        if !self.persist || self.saving || !self.dirty || self.model.is_none() {
            return None;
        }
        let due = !self.running || self.urgent || now_ms - self.last_save_ms >= AUTOSAVE_MS;
        if !due {
            return None;
        }
        self.saving = true;
        self.dirty = false;
        self.urgent = false;
        self.run_record(None, saved_at)
    }

    /// An autosave of `step` has been written, or failed. A failed save
    /// leaves the previous one in storage; the run is tried again when it changes.
    pub fn autosaved(
        &mut self,
        step: usize,
        result: Result<(), StorageError>,
        now_ms: f64,
    ) -> Vec<WorkerOutput> {
        self.saving = false;
        self.last_save_ms = now_ms;
        match result {
            Ok(()) => vec![WorkerOutput::Stored { name: None, step }],
            Err(e) => vec![WorkerOutput::StorageFailed(e)],
        }
    }

    /// The autosave was deleted: nothing to save until the run changes.
    pub fn forget_autosave(&mut self) {
        self.dirty = false;
    }

    /// Load a run from browser storage: its checkpoint and its curves. An
    /// unreadable run is an error and the current model keeps working.
    /// `from_autosave`: it is what the autosave holds, so nothing needs saving.
    pub fn restore(
        &mut self,
        bytes: &[u8],
        curves_json: &str,
        now_ms: f64,
        from_autosave: bool,
    ) -> Result<Vec<WorkerOutput>, String> {
        let model = M::from_bytes(bytes)?;
        let history = serde_json::from_str(curves_json).unwrap_or_default();
        let out = self.replace(model, ModelOrigin::Restored, now_ms, true, history);
        self.dirty = !from_autosave;
        Ok(out)
    }

    /// Answer one page message. [`WorkerInput::LoadPretrained`] needs a fetch,
    /// so the caller handles it and then calls [`Session::load_bytes`].
    pub fn handle(&mut self, input: WorkerInput, now_ms: f64) -> Vec<WorkerOutput> {
        match input {
            // These need a fetch or browser storage: the glue handles them.
            WorkerInput::LoadPretrained { .. }
            | WorkerInput::Restore { .. }
            | WorkerInput::SaveRunAs { .. }
            | WorkerInput::RestoreRun { .. }
            | WorkerInput::DeleteRun { .. }
            | WorkerInput::ListRuns
            | WorkerInput::ForgetAutosave => Vec::new(),
            WorkerInput::Persist => {
                self.persist = true;
                Vec::new()
            }
            WorkerInput::PageHidden => {
                self.urgent = true;
                Vec::new()
            }
            WorkerInput::New { settings } => {
                match settings.validate().and_then(|()| M::build(&settings)) {
                    Ok(model) => self.replace(
                        model,
                        ModelOrigin::Scratch,
                        now_ms,
                        false,
                        Curves::default(),
                    ),
                    Err(problems) => vec![WorkerOutput::Refused(problems)],
                }
            }
            WorkerInput::LoadCheckpoint { bytes, origin } => {
                self.load_bytes(&bytes, origin, now_ms)
            }
            // The evaluator keeps no model: it builds one, evaluates, drops it.
            WorkerInput::EvaluateCheckpoint { bytes } => match M::from_bytes(&bytes) {
                Ok(model) => vec![WorkerOutput::Eval(model.evaluate(EVAL_SENTENCES))],
                Err(why) => vec![WorkerOutput::Error(WorkerError::Checkpoint {
                    why,
                    kept: self.model.is_some(),
                })],
            },
            WorkerInput::RecordEval { report } => self.record_eval(report),
            WorkerInput::EvaluatorPresent { present } => {
                self.evaluator = present;
                Vec::new()
            }
            // A helper's job: the glue computes it without the session.
            WorkerInput::Shard { .. } => Vec::new(),
            WorkerInput::Play => match (&self.model, self.diverged) {
                (None, _) => vec![no_model()],
                (Some(m), true) => vec![self
                    .blown
                    .clone()
                    .unwrap_or_else(|| diverged(m.step_count()))],
                (Some(_), false) => {
                    self.running = true;
                    vec![self.snapshot(now_ms, false)]
                }
            },
            WorkerInput::Pause => {
                self.running = false;
                if self.model.is_some() {
                    vec![self.snapshot(now_ms, true)]
                } else {
                    Vec::new()
                }
            }
            WorkerInput::Step => {
                self.running = false;
                let mut out = self.train_steps(1);
                if self.model.is_some() && !self.diverged {
                    out.push(self.snapshot(now_ms, true));
                }
                out
            }
            WorkerInput::Translate { id, text, cached } => match &self.model {
                None => vec![WorkerOutput::Translated {
                    id,
                    result: Err(WorkerError::NoModel.to_string()),
                }],
                Some(m) => {
                    let result = m.translate(&text, cached).and_then(|t| {
                        if t.is_finite() {
                            Ok(t)
                        } else {
                            Err(Divergence::Weights {
                                step: m.step_count(),
                            }
                            .to_string())
                        }
                    });
                    vec![WorkerOutput::Translated { id, result }]
                }
            },
            WorkerInput::Trace { request } => {
                // Only probe traces follow training; a typed sentence is traced once.
                self.trace = request.clone().filter(|r| r.sentence.is_none());
                match (&self.model, request) {
                    (_, None) => Vec::new(),
                    (None, Some(_)) => {
                        vec![WorkerOutput::Trace(Err(WorkerError::NoModel.to_string()))]
                    }
                    (Some(m), Some(request)) => {
                        let result = m.trace_head(&request).and_then(|t| {
                            if t.is_finite() {
                                Ok(t)
                            } else {
                                Err(Divergence::Weights {
                                    step: m.step_count(),
                                }
                                .to_string())
                            }
                        });
                        vec![WorkerOutput::Trace(result)]
                    }
                }
            }
            WorkerInput::MaskDemo { head } => match &self.model {
                None => vec![no_model()],
                Some(m) => {
                    let head = head.min(m.settings().n_heads.saturating_sub(1));
                    let demo = m.mask_demo(head);
                    let finite = all_finite(&demo.raw_scores)
                        && all_finite(&demo.weights)
                        && demo.masked_scores.iter().flatten().all(|v| v.is_finite());
                    if finite {
                        vec![WorkerOutput::MaskDemo(demo)]
                    } else {
                        vec![diverged(m.step_count())]
                    }
                }
            },
            WorkerInput::Evaluate => self.evaluate(),
            WorkerInput::Save { purpose } => match (&self.model, purpose) {
                (None, _) => vec![no_model()],
                (Some(_), SavePurpose::Store) => {
                    self.dirty = true;
                    self.urgent = true;
                    Vec::new()
                }
                (Some(m), SavePurpose::Download) => vec![WorkerOutput::Checkpoint {
                    purpose,
                    step: m.step_count(),
                    bytes: m.to_bytes(),
                }],
                (Some(m), SavePurpose::Evaluate) => vec![WorkerOutput::Checkpoint {
                    purpose,
                    step: m.step_count(),
                    bytes: m.to_bytes_for_evaluation(),
                }],
            },
        }
    }

    /// Load checkpoint bytes. If they are not a checkpoint, the current model keeps working.
    pub fn load_bytes(
        &mut self,
        bytes: &[u8],
        origin: ModelOrigin,
        now_ms: f64,
    ) -> Vec<WorkerOutput> {
        match M::from_bytes(bytes) {
            Ok(model) => self.replace(model, origin, now_ms, true, Curves::default()),
            Err(why) => {
                vec![WorkerOutput::Error(WorkerError::Checkpoint {
                    why: why.to_string(),
                    kept: self.model.is_some(),
                })]
            }
        }
    }

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
    fn snapshot_if_due(&mut self, t: f64) -> Option<WorkerOutput> {
        (self.model.is_some()
            && !self.diverged
            && (t - self.last_snapshot_ms >= SNAPSHOT_MS || !self.running))
            .then(|| self.snapshot(t, false))
    }

    /// While the run trains and no shared step is under way: plans the next
    /// step to share with the helper worker ([`lab_protocol::shard`]) and
    /// returns its ticket, the helper's shard and the weights it needs. The
    /// glue sends them, calls [`Session::compute_own_shard`], and hands the
    /// answer to [`Session::finish_shared_step`].
    pub fn begin_shared_step(&mut self) -> Option<(u64, ShardJob, Vec<f32>)> {
        if !self.is_running() || self.diverged || self.shared.is_some() {
            return None;
        }
        let (job, weights) = self.model.as_mut()?.share_step()?;
        self.tickets += 1;
        self.shared = Some(self.tickets);
        self.helper_deadline_ms = f64::INFINITY;
        Some((self.tickets, job, weights))
    }

    /// This worker's own shard of the step under way, timed on `now`.
    /// Returns when the helper's answer becomes overdue
    /// ([`helper_patience_ms`] after this shard), for the glue's watchdog.
    pub fn compute_own_shard(&mut self, now: &mut impl FnMut() -> f64) -> Option<f64> {
        self.shared?;
        let model = self.model.as_mut()?;
        let started = now();
        model.compute_own_shard();
        let finished = now();
        self.helper_patience_ms = helper_patience_ms(finished - started);
        self.helper_deadline_ms = finished + self.helper_patience_ms;
        Some(self.helper_deadline_ms)
    }

    /// The glue's watchdog for the step of `ticket`, set for `due`, fired at
    /// `now`. A helper that has not answered by the deadline stopped without
    /// a word: give it up (this worker then computes its shard and trains on
    /// alone). A timer that fired long after `due` means this worker was
    /// asleep (a frozen tab, a suspended machine), and the helper with it:
    /// it gets its patience again, from now.
    pub fn helper_watchdog(&mut self, ticket: u64, due: f64, now: f64) -> Watchdog {
        if self.shared != Some(ticket) {
            return Watchdog::Done;
        }
        if now - due > HELPER_TIMER_SLACK_MS {
            self.helper_deadline_ms = now + self.helper_patience_ms;
        }
        if now >= self.helper_deadline_ms {
            Watchdog::GiveUp
        } else {
            Watchdog::WaitUntil(self.helper_deadline_ms)
        }
    }

    /// True while a shared step waits for the helper's answer.
    pub fn awaiting_helper(&self) -> bool {
        self.shared.is_some()
    }

    /// The ticket of the shared step under way, if any.
    pub fn shared_ticket(&self) -> Option<u64> {
        self.shared
    }

    /// The helper's answer for `ticket` (`None`: the helper failed or is
    /// gone, so its shard is computed here): the step is finished and
    /// reported as a chunk reports its steps. An answer for no step under
    /// way, or for a model since replaced, is dropped.
    pub fn finish_shared_step(
        &mut self,
        ticket: u64,
        helper: Option<(ShardReport, Vec<f32>)>,
        now: f64,
    ) -> Vec<WorkerOutput> {
        if self.shared != Some(ticket) {
            return Vec::new();
        }
        self.shared = None;
        let helped = helper.is_some();
        let Some(report) = self
            .model
            .as_mut()
            .and_then(|m| m.finish_shared_step(helper))
        else {
            return Vec::new();
        };
        self.pending_shared_steps += usize::from(helped);
        let mut out = self.after_step(report);
        out.extend(self.snapshot_if_due(now));
        out
    }

    fn train_steps(&mut self, n: usize) -> Vec<WorkerOutput> {
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
    fn after_step(&mut self, report: StepReport) -> Vec<WorkerOutput> {
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
            let point = TrainPoint {
                step: report.step,
                loss: report.loss,
                token_accuracy: report.token_accuracy,
                learning_rate: report.learning_rate,
            };
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

    fn evaluate(&mut self) -> Vec<WorkerOutput> {
        let Some(model) = &self.model else {
            return vec![no_model()];
        };
        let report = model.evaluate(EVAL_SENTENCES);
        self.record_eval(report)
    }

    /// Keep a held-out evaluation of this run on its curves and pass it on to
    /// the page; a report with a non-finite number, or from a step this run
    /// has not reached (a previous run's, arriving late), is dropped.
    fn record_eval(&mut self, report: EvalReport) -> Vec<WorkerOutput> {
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
    fn snapshot(&mut self, now_ms: f64, force_attention: bool) -> WorkerOutput {
        let model = self
            .model
            .as_ref()
            .expect("snapshot is only taken with a model");
        let (attention, prediction, trace) =
            if force_attention || now_ms - self.last_attention_ms >= ATTENTION_MS {
                self.last_attention_ms = now_ms;
                let (attention, prediction, trace) = model.probe(self.trace.as_ref());
                if attention.is_finite() && all_finite(&prediction.probs) {
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

    /// Hold `model` from now on, with the curves it comes with.
    fn replace(
        &mut self,
        model: M,
        origin: ModelOrigin,
        now_ms: f64,
        evaluate: bool,
        history: Curves,
    ) -> Vec<WorkerOutput> {
        let info = ModelInfo {
            settings: model.settings().clone(),
            step: model.step_count(),
            origin,
            parameters: model.parameters(),
            facts: model.facts(),
            curves: (origin == ModelOrigin::Restored).then(|| history.clone()),
        };
        self.history = history;
        // A new model is saved at the next pause (at once: it is paused).
        self.dirty = true;
        self.last_save_ms = now_ms;
        self.vocab_size = model.facts().tgt_vocab.len();
        self.first_loss = None;
        self.blown = None;
        self.model = Some(model);
        self.origin = origin;
        self.running = false;
        self.diverged = false;
        self.pending.clear();
        self.pending_tokens_per_s.clear();
        let mut out = vec![WorkerOutput::Loaded(info), self.snapshot(now_ms, true)];
        if evaluate {
            out.extend(self.evaluate());
        }
        out
    }
}

fn no_model() -> WorkerOutput {
    WorkerOutput::Error(WorkerError::NoModel)
}

/// The model's own numbers (its attention weights) are no longer finite.
fn diverged(step: usize) -> WorkerOutput {
    WorkerOutput::Diverged {
        why: Divergence::Weights { step },
        suggested: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lab_protocol::{
        AttentionKind, AttentionSet, HeadTrace, MaskDemo, ProbePrediction, Settings, SettingsError,
        StepReport, TaskFacts, Translation,
    };
    use lab_tasks::TaskKind;

    /// A stand-in model whose loss falls by 0.1 a step, or turns NaN at `nan_at`.
    struct Fake {
        settings: Settings,
        step: usize,
        nan_at: Option<usize>,
        /// A step is shared with a (pretend) helper.
        sharing: bool,
    }

    impl LabModel for Fake {
        fn build(settings: &Settings) -> Result<Self, SettingsError> {
            Ok(Fake {
                settings: settings.clone(),
                step: 0,
                nan_at: (settings.lr_factor > 5.0).then_some(3),
                sharing: false,
            })
        }
        fn from_bytes(bytes: &[u8]) -> Result<Self, String> {
            match bytes {
                [b'F', step] => Ok(Fake {
                    settings: Settings::toy(TaskKind::Copy),
                    step: *step as usize,
                    nan_at: None,
                    sharing: false,
                }),
                _ => Err("bad magic".into()),
            }
        }
        fn to_bytes(&self) -> Vec<u8> {
            vec![b'F', self.step as u8]
        }
        fn step(&mut self) -> StepReport {
            self.step += 1;
            let loss = if Some(self.step) == self.nan_at {
                f32::NAN
            } else if self.settings.lr_factor == 7.0 && self.step >= 2 {
                50.0
            } else {
                5.0 - 0.1 * self.step as f32
            };
            StepReport {
                step: self.step,
                loss,
                token_accuracy: 0.5,
                learning_rate: 1e-3,
                tokens_per_s: 1000.0,
            }
        }
        fn evaluate(&self, _: usize) -> EvalReport {
            EvalReport {
                step: self.step,
                loss: 1.0,
                ..Default::default()
            }
        }
        fn probe(
            &self,
            trace: Option<&TraceRequest>,
        ) -> (AttentionSet, ProbePrediction, Option<HeadTrace>) {
            let trace = trace.map(|r| HeadTrace {
                request: Some(r.clone()),
                ..Default::default()
            });
            (AttentionSet::default(), ProbePrediction::default(), trace)
        }
        fn translate(&self, text: &str, _: bool) -> Result<Translation, String> {
            Err(format!("unknown word {text:?}"))
        }
        fn trace_head(&self, request: &TraceRequest) -> Result<HeadTrace, String> {
            match &request.sentence {
                Some(text) => Err(format!("unknown word {text:?}")),
                None => Ok(HeadTrace {
                    request: Some(request.clone()),
                    ..Default::default()
                }),
            }
        }
        fn mask_demo(&self, _: usize) -> MaskDemo {
            MaskDemo::default()
        }
        fn settings(&self) -> &Settings {
            &self.settings
        }
        fn facts(&self) -> TaskFacts {
            TaskFacts {
                seed: self.settings.seed,
                ..Default::default()
            }
        }
        fn step_count(&self) -> usize {
            self.step
        }
        fn share_step(&mut self) -> Option<(ShardJob, Vec<f32>)> {
            if self.sharing {
                return None;
            }
            self.sharing = true;
            let job = ShardJob {
                settings: self.settings.clone(),
                step: self.step,
                shard: 1,
                seed: 0,
                pairs: vec![0],
                batch_tokens: 1,
            };
            Some((job, vec![self.step as f32]))
        }
        fn finish_shared_step(
            &mut self,
            _helper: Option<(ShardReport, Vec<f32>)>,
        ) -> Option<StepReport> {
            std::mem::take(&mut self.sharing).then(|| self.step())
        }
    }

    fn helper_answer(step: usize) -> Option<(ShardReport, Vec<f32>)> {
        let report = ShardReport {
            step,
            shard: 1,
            loss: 1.0,
            correct: 0,
            n_tokens: 1,
            present: vec![true],
        };
        Some((report, vec![0.0]))
    }

    #[test]
    fn a_step_shared_with_the_helper_is_reported_like_a_chunks_step() {
        let mut s = new_session(Settings::toy(TaskKind::Copy));
        assert!(s.begin_shared_step().is_none(), "not training");
        s.handle(WorkerInput::Play, 0.0);
        let (ticket, job, weights) = s.begin_shared_step().expect("training");
        assert_eq!((job.step, job.shard, weights), (0, 1, vec![0.0]));
        assert!(s.awaiting_helper());
        assert!(s.begin_shared_step().is_none(), "one step at a time");
        s.compute_own_shard(&mut clock(1.0));
        assert!(
            s.finish_shared_step(ticket + 1, helper_answer(0), 1e3)
                .is_empty(),
            "not its ticket"
        );
        let out = s.finish_shared_step(ticket, helper_answer(0), 1e3);
        let Some(WorkerOutput::Snapshot(snap)) = out.last() else {
            panic!("{out:?}")
        };
        assert_eq!(
            snap.points.iter().map(|p| p.step).collect::<Vec<_>>(),
            vec![1]
        );
        assert_eq!(snap.shared_steps, 1, "the helper shared it");
        assert!(!s.awaiting_helper());
        // The helper is gone: its shard is computed here and the run goes on.
        let (ticket, ..) = s.begin_shared_step().expect("the next step");
        let out = s.finish_shared_step(ticket, None, 2e3);
        let Some(WorkerOutput::Snapshot(snap)) = out.last() else {
            panic!("{out:?}")
        };
        assert_eq!((snap.points.len(), snap.shared_steps), (1, 0));
        assert_eq!(s.model.as_ref().unwrap().step_count(), 2);
    }

    #[test]
    fn a_helper_that_never_answers_is_given_up_after_its_patience() {
        let mut s = new_session(Settings::toy(TaskKind::Copy));
        s.handle(WorkerInput::Play, 0.0);
        let (ticket, ..) = s.begin_shared_step().unwrap();
        // The clock reads 1300 before this worker's shard and 1600 after.
        let deadline = s.compute_own_shard(&mut clock(300.0)).unwrap();
        assert_eq!(deadline, 1600.0 + helper_patience_ms(300.0));
        assert_eq!(helper_patience_ms(300.0), 6_000.0, "20 times its own shard");
        assert_eq!(helper_patience_ms(1.0), HELPER_MIN_PATIENCE_MS);
        // A timer that fires early looks again at the deadline.
        let early = s.helper_watchdog(ticket, deadline - 10.0, deadline - 10.0);
        assert_eq!(early, Watchdog::WaitUntil(deadline));
        let other = s.helper_watchdog(ticket + 1, deadline, deadline);
        assert_eq!(other, Watchdog::Done, "another step's watchdog");
        // A timer that fired 5 s late slept with this worker: patience again.
        let woke = deadline + 5_000.0;
        let again = s.helper_watchdog(ticket, deadline, woke);
        assert_eq!(again, Watchdog::WaitUntil(woke + 6_000.0));
        // On time, past the deadline: given up.
        let due = woke + 6_000.0;
        assert_eq!(s.helper_watchdog(ticket, due, due + 1.0), Watchdog::GiveUp);
        // The step is finished here, and the watchdog has nothing left to do.
        let out = s.finish_shared_step(ticket, None, due);
        let snapshot = matches!(out.last(), Some(WorkerOutput::Snapshot(_)));
        assert!(snapshot, "{out:?}");
        assert_eq!(s.helper_watchdog(ticket, due, due), Watchdog::Done);
        assert_eq!(s.model.as_ref().unwrap().step_count(), 1);
    }

    #[test]
    fn a_late_answer_for_a_replaced_model_is_dropped() {
        let mut s = new_session(Settings::toy(TaskKind::Copy));
        s.handle(WorkerInput::Play, 0.0);
        let (ticket, ..) = s.begin_shared_step().unwrap();
        s.handle(
            WorkerInput::New {
                settings: Settings::toy(TaskKind::Reverse),
            },
            0.0,
        );
        assert!(s
            .finish_shared_step(ticket, helper_answer(0), 1e3)
            .is_empty());
        assert_eq!(s.model.as_ref().unwrap().step_count(), 0);
        assert!(!s.awaiting_helper(), "the next step may start");
    }

    fn new_session(settings: Settings) -> Session<Fake> {
        let mut s = Session::default();
        let out = s.handle(WorkerInput::New { settings }, 0.0);
        assert!(matches!(out[0], WorkerOutput::Loaded(_)), "{out:?}");
        s
    }

    /// A clock that advances `tick` ms per read.
    fn clock(tick: f64) -> impl FnMut() -> f64 {
        let mut t = 1000.0;
        move || {
            t += tick;
            t
        }
    }

    #[test]
    fn with_an_evaluator_training_never_stops_to_evaluate_and_its_reports_are_kept() {
        // Alone, the worker evaluates every EVAL_EVERY steps itself.
        let mut alone = new_session(Settings::toy(TaskKind::Copy));
        alone.running = true;
        alone.train_steps(EVAL_EVERY - 1);
        let out = alone.train_steps(1);
        assert!(
            matches!(&out[..], [WorkerOutput::Eval(r)] if r.step == EVAL_EVERY),
            "{out:?}"
        );

        let mut s = new_session(Settings::toy(TaskKind::Copy));
        s.handle(WorkerInput::EvaluatorPresent { present: true }, 0.0);
        s.running = true;
        let out = s.train_steps(EVAL_EVERY);
        assert!(
            out.is_empty(),
            "no evaluation on the training path: {out:?}"
        );
        // The evaluator gets the run's bytes and answers with an evaluation of them.
        let out = s.handle(
            WorkerInput::Save {
                purpose: SavePurpose::Evaluate,
            },
            0.0,
        );
        let [WorkerOutput::Checkpoint {
            bytes,
            step,
            purpose: SavePurpose::Evaluate,
        }] = &out[..]
        else {
            panic!("{out:?}")
        };
        assert_eq!(*step, EVAL_EVERY);
        let mut evaluator: Session<Fake> = Session::default();
        let out = evaluator.handle(
            WorkerInput::EvaluateCheckpoint {
                bytes: bytes.clone(),
            },
            0.0,
        );
        let [WorkerOutput::Eval(report)] = &out[..] else {
            panic!("{out:?}")
        };
        assert_eq!(report.step, EVAL_EVERY);
        assert!(!evaluator.has_model(), "the evaluator keeps no model");
        // Back in the training worker, the report joins the run's curves.
        let out = s.handle(
            WorkerInput::RecordEval {
                report: report.clone(),
            },
            0.0,
        );
        assert!(
            matches!(&out[..], [WorkerOutput::Eval(r)] if r == report),
            "{out:?}"
        );
        assert_eq!(s.history.eval.len(), 1);
        assert_eq!(s.history.eval[0].step, EVAL_EVERY);
        // A report from a step this run has not reached (a previous run's) is dropped.
        let late = EvalReport {
            step: EVAL_EVERY + 1,
            ..report.clone()
        };
        assert!(s
            .handle(WorkerInput::RecordEval { report: late }, 0.0)
            .is_empty());
        let nan = EvalReport {
            loss: f32::NAN,
            ..report.clone()
        };
        assert!(s
            .handle(WorkerInput::RecordEval { report: nan }, 0.0)
            .is_empty());
        assert_eq!(s.history.eval.len(), 1);
        // Bytes that are not a checkpoint are an error, not a panic.
        let out = evaluator.handle(
            WorkerInput::EvaluateCheckpoint {
                bytes: b"zz".to_vec(),
            },
            0.0,
        );
        assert!(
            matches!(
                &out[..],
                [WorkerOutput::Error(WorkerError::Checkpoint { .. })]
            ),
            "{out:?}"
        );
    }

    #[test]
    fn invalid_settings_are_refused_and_nothing_is_built() {
        let mut s: Session<Fake> = Session::default();
        let out = s.handle(
            WorkerInput::New {
                settings: Settings {
                    n_heads: 3,
                    ..Settings::toy(TaskKind::Copy)
                },
            },
            0.0,
        );
        assert!(matches!(&out[..], [WorkerOutput::Refused(_)]), "{out:?}");
        assert!(!s.has_model());
    }

    #[test]
    fn a_chunk_trains_until_its_budget_and_reports_every_step() {
        let mut s = new_session(Settings::toy(TaskKind::Copy));
        s.handle(WorkerInput::Play, 0.0);
        let out = s.train_chunk(30.0, clock(10.0));
        let Some(WorkerOutput::Snapshot(snap)) = out.last() else {
            panic!("{out:?}")
        };
        assert_eq!(snap.points.len(), 3, "{snap:?}");
        assert_eq!(
            snap.points.iter().map(|p| p.step).collect::<Vec<_>>(),
            vec![1, 2, 3]
        );
        assert!(snap.running);
    }

    #[test]
    fn pause_takes_effect_before_the_next_chunk() {
        let mut s = new_session(Settings::toy(TaskKind::Copy));
        s.handle(WorkerInput::Play, 0.0);
        s.train_chunk(5.0, clock(10.0));
        s.handle(WorkerInput::Pause, 0.0);
        assert!(!s.is_running());
        let out = s.train_chunk(5.0, clock(10.0));
        assert!(
            out.iter()
                .all(|o| !matches!(o, WorkerOutput::Snapshot(snap) if !snap.points.is_empty())),
            "{out:?}"
        );
    }

    #[test]
    fn a_nan_loss_pauses_and_explains_and_never_travels() {
        let mut s = new_session(Settings {
            lr_factor: 8.0,
            ..Settings::toy(TaskKind::Copy)
        });
        s.handle(WorkerInput::Play, 0.0);
        let out = s.train_chunk(1e9, clock(1.0));
        assert!(
            out.iter().any(|o| matches!(o, WorkerOutput::Diverged { why, .. } if why.step() == 3 && why.to_string().contains("Reset"))),
            "{out:?}"
        );
        assert!(!s.is_running());
        for o in &out {
            assert!(
                !o.to_json().contains("null"),
                "non-finite number leaked: {o:?}"
            );
        }
        let again = s.handle(WorkerInput::Play, 0.0);
        assert!(
            matches!(&again[..], [WorkerOutput::Diverged { .. }]),
            "{again:?}"
        );
        let reset = s.handle(
            WorkerInput::New {
                settings: Settings::toy(TaskKind::Copy),
            },
            0.0,
        );
        assert!(matches!(reset[0], WorkerOutput::Loaded(_)));
        assert!(matches!(
            s.handle(WorkerInput::Play, 0.0)[0],
            WorkerOutput::Snapshot(_)
        ));
    }

    #[test]
    fn a_garbage_checkpoint_keeps_the_current_model() {
        let mut s = new_session(Settings::toy(TaskKind::Copy));
        s.handle(WorkerInput::Step, 0.0);
        let out = s.handle(
            WorkerInput::LoadCheckpoint {
                bytes: b"garbage".to_vec(),
                origin: ModelOrigin::Uploaded,
            },
            0.0,
        );
        assert!(
            matches!(
                &out[..],
                [WorkerOutput::Error(WorkerError::Checkpoint {
                    kept: true,
                    ..
                })]
            ),
            "{out:?}"
        );
        let out = s.handle(WorkerInput::Step, 0.0);
        assert!(
            matches!(&out[0], WorkerOutput::Snapshot(snap) if snap.step == 2),
            "{out:?}"
        );
    }

    #[test]
    fn a_checkpoint_round_trips_through_save_and_load() {
        let mut s = new_session(Settings::toy(TaskKind::Copy));
        s.handle(WorkerInput::Step, 0.0);
        s.handle(WorkerInput::Step, 0.0);
        let out = s.handle(
            WorkerInput::Save {
                purpose: lab_protocol::SavePurpose::Download,
            },
            0.0,
        );
        let [WorkerOutput::Checkpoint { bytes, step: 2, .. }] = &out[..] else {
            panic!("{out:?}")
        };
        let mut other: Session<Fake> = Session::default();
        let out = other.load_bytes(bytes, ModelOrigin::Uploaded, 0.0);
        assert!(
            matches!(&out[0], WorkerOutput::Loaded(info) if info.step == 2 && info.origin == ModelOrigin::Uploaded),
            "{out:?}"
        );
    }

    #[test]
    fn translation_errors_come_back_as_values() {
        let mut s = new_session(Settings::toy(TaskKind::Copy));
        let out = s.handle(
            WorkerInput::Translate {
                id: 9,
                text: "zebra".into(),
                cached: true,
            },
            0.0,
        );
        assert!(
            matches!(&out[..], [WorkerOutput::Translated { id: 9, result: Err(m) }] if m.contains("zebra")),
            "{out:?}"
        );
    }

    #[test]
    fn an_opened_probe_head_answers_at_once_and_follows_training() {
        let mut s = new_session(Settings::toy(TaskKind::Copy));
        let request = TraceRequest {
            kind: AttentionKind::Cross,
            layer: 0,
            head: 1,
            sentence: None,
        };
        let out = s.handle(
            WorkerInput::Trace {
                request: Some(request.clone()),
            },
            0.0,
        );
        assert!(
            matches!(&out[..], [WorkerOutput::Trace(Ok(t))] if t.request.as_ref() == Some(&request)),
            "{out:?}"
        );
        let out = s.handle(WorkerInput::Step, 0.0);
        assert!(
            matches!(&out[0], WorkerOutput::Snapshot(snap) if snap.trace.is_some() && snap.prediction.is_some()),
            "{out:?}"
        );
        s.handle(WorkerInput::Trace { request: None }, 0.0);
        let out = s.handle(WorkerInput::Step, 0.0);
        assert!(
            matches!(&out[0], WorkerOutput::Snapshot(snap) if snap.trace.is_none()),
            "{out:?}"
        );
    }

    #[test]
    fn a_typed_sentence_trace_is_answered_once_and_errors_are_values() {
        let mut s = new_session(Settings::toy(TaskKind::Copy));
        let request = TraceRequest {
            kind: AttentionKind::EncoderSelf,
            layer: 0,
            head: 0,
            sentence: Some("zebra".into()),
        };
        let out = s.handle(
            WorkerInput::Trace {
                request: Some(request),
            },
            0.0,
        );
        assert!(
            matches!(&out[..], [WorkerOutput::Trace(Err(m))] if m.contains("zebra")),
            "{out:?}"
        );
        let out = s.handle(WorkerInput::Step, 0.0);
        assert!(
            matches!(&out[0], WorkerOutput::Snapshot(snap) if snap.trace.is_none()),
            "{out:?}"
        );
    }

    #[test]
    fn a_loss_that_explodes_pauses_and_is_explained_with_a_safe_reset() {
        // The fake's loss falls from 4.9; at lr_factor 7 it jumps to 50 at step 2.
        let mut s = new_session(Settings {
            lr_factor: 7.0,
            warmup_steps: 1,
            ..Settings::toy(TaskKind::Copy)
        });
        s.handle(WorkerInput::Play, 0.0);
        let out = s.train_chunk(1e9, clock(1.0));
        let stopped = out.iter().find_map(|o| match o {
            WorkerOutput::Diverged { why, suggested } => {
                Some((why.step(), why.to_string(), suggested.clone()))
            }
            _ => None,
        });
        let (step, message, suggested) = stopped.expect("the blow-up is reported");
        assert_eq!(step, 2);
        assert!(
            message.contains("warm-up too short or factor too high"),
            "{message}"
        );
        let suggested = suggested.expect("a reset is offered");
        assert_eq!((suggested.lr_factor, suggested.warmup_steps), (1.0, 200));
        assert!(!s.is_running());
        let again = s.handle(WorkerInput::Play, 0.0);
        assert!(
            matches!(&again[..], [WorkerOutput::Diverged { why, .. }] if why.to_string() == message),
            "the same explanation again: {again:?}"
        );
    }

    /// A session that keeps the page's run, with a model at step 0.
    fn persisting() -> Session<Fake> {
        let mut s = new_session(Settings::toy(TaskKind::Copy));
        s.handle(WorkerInput::Persist, 0.0);
        s
    }

    #[test]
    fn only_the_pages_own_worker_saves_and_a_new_model_is_saved_at_once() {
        let mut compare = new_session(Settings::toy(TaskKind::Copy));
        assert_eq!(
            compare.autosave_due(0.0, 1.0),
            None,
            "a compare worker never saves"
        );
        let mut s = persisting();
        let record = s
            .autosave_due(0.0, 1.0)
            .expect("a new, paused model is saved");
        assert_eq!(
            (record.key(), record.step, record.bytes.clone()),
            ("autosave".into(), 0, vec![b'F', 0])
        );
        assert_eq!(s.autosave_due(0.0, 1.0), None, "one save at a time");
        let out = s.autosaved(0, Ok(()), 0.0);
        assert_eq!(
            out,
            vec![WorkerOutput::Stored {
                name: None,
                step: 0
            }]
        );
        assert_eq!(s.autosave_due(0.0, 1.0), None, "nothing changed since");
    }

    #[test]
    fn training_saves_every_interval_and_at_the_pause() {
        let mut s = persisting();
        let first = s.autosave_due(0.0, 1.0).expect("the new model");
        s.autosaved(first.step, Ok(()), 0.0);
        s.handle(WorkerInput::Play, 0.0);
        s.train_chunk(5.0, clock(10.0));
        assert_eq!(
            s.autosave_due(AUTOSAVE_MS - 1.0, 1.0),
            None,
            "not yet while training"
        );
        let due = s
            .autosave_due(AUTOSAVE_MS, 1.0)
            .expect("due after the interval");
        assert_eq!(due.step, 1);
        s.autosaved(due.step, Ok(()), AUTOSAVE_MS);
        s.train_chunk(5.0, clock(10.0));
        s.handle(WorkerInput::PageHidden, AUTOSAVE_MS + 1.0);
        let hidden = s
            .autosave_due(AUTOSAVE_MS + 1.0, 1.0)
            .expect("saved when the page is hidden");
        assert_eq!(hidden.step, 2);
        s.autosaved(hidden.step, Ok(()), AUTOSAVE_MS + 1.0);
        s.train_chunk(5.0, clock(10.0));
        s.handle(WorkerInput::Pause, AUTOSAVE_MS + 2.0);
        let paused = s
            .autosave_due(AUTOSAVE_MS + 2.0, 1.0)
            .expect("saved at the pause");
        assert_eq!(paused.step, 3);
        let curves: Curves = serde_json::from_str(&paused.curves_json).expect("the curves");
        assert_eq!(
            curves.train.iter().map(|p| p.step).collect::<Vec<_>>(),
            vec![1, 2, 3]
        );
    }

    #[test]
    fn a_save_that_fails_is_reported_and_the_run_is_saved_again_once_it_changes() {
        let mut s = persisting();
        let record = s.autosave_due(0.0, 1.0).expect("due");
        let full = StorageError::Quota { name: None };
        let out = s.autosaved(record.step, Err(full.clone()), 0.0);
        assert_eq!(out, vec![WorkerOutput::StorageFailed(full)]);
        assert_eq!(
            s.autosave_due(0.0, 1.0),
            None,
            "no retry loop on a full disk"
        );
        s.handle(WorkerInput::Step, 0.0);
        assert_eq!(s.autosave_due(0.0, 1.0).map(|r| r.step), Some(1));
    }

    #[test]
    fn a_restored_run_brings_back_its_curves_and_is_not_saved_again() {
        let mut s = persisting();
        s.handle(WorkerInput::Step, 0.0);
        s.handle(WorkerInput::Evaluate, 0.0);
        let record = s.run_record(Some("baseline".into()), 1.0).expect("a model");
        assert_eq!(record.key(), "named:baseline");
        let summary: RunSummary = serde_json::from_str(&record.summary_json).expect("summary");
        assert_eq!((summary.name.as_str(), summary.step), ("baseline", 1));

        let mut fresh = Session::<Fake>::default();
        fresh.handle(WorkerInput::Persist, 0.0);
        let out = fresh
            .restore(&record.bytes, &record.curves_json, 0.0, true)
            .expect("own record restores");
        let WorkerOutput::Loaded(info) = &out[0] else {
            panic!("{out:?}")
        };
        assert_eq!((info.step, info.origin), (1, ModelOrigin::Restored));
        let curves = info.curves.clone().expect("the saved curves");
        assert_eq!(curves.train.len(), 1);
        assert_eq!(curves.eval.len(), 1);
        assert_eq!(
            fresh.autosave_due(0.0, 1.0),
            None,
            "it is what the autosave holds"
        );
        assert!(fresh.restore(b"garbage", "[]", 0.0, true).is_err());
        assert!(fresh.has_model(), "a bad record keeps the current model");
    }

    #[test]
    fn store_asks_for_a_save_and_download_sends_the_bytes() {
        let mut s = persisting();
        let first = s.autosave_due(0.0, 1.0).expect("the new model");
        s.autosaved(first.step, Ok(()), 0.0);
        let out = s.handle(
            WorkerInput::Save {
                purpose: SavePurpose::Store,
            },
            0.0,
        );
        assert!(out.is_empty(), "the worker writes it itself: {out:?}");
        assert!(s.autosave_due(0.0, 1.0).is_some());
    }
}
