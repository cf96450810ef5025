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

mod helper;
mod inspect;
mod saving;
#[cfg(test)]
mod tests;
mod training;

pub use helper::{
    helper_patience_ms, HelperAnswer, SharedStep, Watchdog, HELPER_MIN_PATIENCE_MS,
    HELPER_PATIENCE_FACTOR, HELPER_TIMER_SLACK_MS, INTERACTION_RESEND_MS, INTERACTION_SOLO_MS,
};
pub use saving::{RunRecord, AUTOSAVE_MS};

use crate::model::LabModel;
use lab_protocol::divergence::{self, Divergence};
use lab_protocol::{
    all_finite, Curves, EvalPoint, EvalReport, ModelInfo, ModelOrigin, SavePurpose, Settings,
    ShardFailure, Snapshot, StepReport, TraceRequest, TrainPoint, WorkerError, WorkerInput,
    WorkerOutput, DECODING_COMPARISON_SENTENCES,
};

/// At most one snapshot per this many milliseconds (four a second). Each
/// one is a frame of the page (the step, the loss, the curve), and on two
/// cores that frame's work is taken from the two workers that train: ten
/// a second cost about 4% of the steps (BENCHMARKS.md, "Four snapshots a
/// second").
pub const SNAPSHOT_MS: f64 = 250.0;
/// The probe sentence's attention is recomputed at most this often (with
/// every other snapshot): a snapshot with it is about 110 KB of message
/// bytes for the default task (BENCHMARKS.md, "Messages as bytes").
pub const ATTENTION_MS: f64 = 500.0;
/// Held-out evaluation runs every this many steps while training.
pub const EVAL_EVERY: usize = 100;
pub use lab_protocol::EVAL_SENTENCES;
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
    /// This worker keeps the run of this tab in browser storage.
    tab: Option<String>,
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
    /// Why the helper could not compute the last shard it answered (`None`
    /// once it computes one again): its shard was computed here instead.
    helper_failure: Option<ShardFailure>,
    /// No step is shared with the helper before this time (ms on the glue's
    /// clock): the reader is using the page ([`WorkerInput::Interacting`]).
    solo_until_ms: f64,
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
            tab: None,
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
            helper_failure: None,
            solo_until_ms: f64::NEG_INFINITY,
        }
    }
}

impl<M: LabModel> Session<M> {
    /// True while the worker should keep scheduling training chunks.
    pub fn is_running(&self) -> bool {
        self.running && self.model.is_some()
    }

    /// What a step of `settings` will cost, if they are valid and fit: the
    /// glue says it before building ([`WorkerOutput::Building`]).
    pub fn estimate(settings: &lab_protocol::Settings) -> Option<lab_protocol::StepEstimate> {
        let estimate = settings.estimate(&M::task_shape(settings).ok()?)?;
        (settings.validate().is_ok() && estimate.fits()).then_some(estimate)
    }

    /// The tab whose run this worker keeps, once the page said ([`WorkerInput::Persist`]).
    pub fn tab(&self) -> Option<&str> {
        self.tab.as_deref()
    }

    pub fn has_model(&self) -> bool {
        self.model.is_some()
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
            | WorkerInput::ForgetAutosave
            | WorkerInput::UsePairs { .. } => Vec::new(),
            WorkerInput::Persist { tab } => {
                self.tab = Some(tab);
                Vec::new()
            }
            WorkerInput::PageHidden => {
                self.urgent = true;
                Vec::new()
            }
            WorkerInput::Interacting => {
                self.solo_until_ms = now_ms + INTERACTION_SOLO_MS;
                Vec::new()
            }
            WorkerInput::Ping { id } => vec![WorkerOutput::Pong { id }],
            WorkerInput::New { settings } => self.new_run(settings, now_ms),
            WorkerInput::LoadCheckpoint { bytes, origin } => {
                self.load_bytes(&bytes, origin, now_ms)
            }
            // The evaluator keeps no model: it builds one, evaluates, drops it.
            WorkerInput::EvaluateCheckpoint { bytes } => match M::from_bytes(&bytes) {
                Ok(model) => vec![WorkerOutput::Eval(model.evaluate(EVAL_SENTENCES))],
                Err(problem) => vec![WorkerOutput::Error(WorkerError::Checkpoint {
                    problem,
                    kept: self.model.is_some(),
                })],
            },
            WorkerInput::RecordEval { report } => self.record_eval(report),
            WorkerInput::EvaluatorPresent { present } => {
                self.evaluator = present;
                Vec::new()
            }
            // A helper's jobs, and a link to a peer (its port comes beside
            // the message): the glue does them without the session.
            WorkerInput::Shard { .. }
            | WorkerInput::Sentences { .. }
            | WorkerInput::Link { .. } => Vec::new(),
            WorkerInput::Play => self.play(now_ms),
            WorkerInput::Pause => self.pause(now_ms),
            WorkerInput::Step => {
                self.running = false;
                let mut out = self.train_steps(1);
                if self.model.is_some() && !self.diverged {
                    out.push(self.snapshot(now_ms, true));
                }
                out
            }
            WorkerInput::Translate {
                id,
                text,
                cached,
                strategy,
            } => self.translate(id, &text, cached, &strategy),
            WorkerInput::Trace { request } => self.trace(request),
            WorkerInput::MaskDemo { head } => self.mask_demo(head),
            WorkerInput::CompareDecoding { beam } => self.compare_decoding(beam),
            WorkerInput::Evaluate => self.evaluate(),
            WorkerInput::Save { purpose } => self.save(purpose),
        }
    }

    /// A new run of `settings`, validated before anything is allocated: the
    /// form's rules, then the memory a step needs.
    fn new_run(&mut self, settings: Settings, now_ms: f64) -> Vec<WorkerOutput> {
        let checked = settings
            .validate()
            .and_then(|()| M::task_shape(&settings))
            .and_then(|shape| settings.check_memory(&shape));
        match checked.and_then(|()| M::build(&settings)) {
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

    /// Train on (a run that blew up says so again instead).
    fn play(&mut self, now_ms: f64) -> Vec<WorkerOutput> {
        match (&self.model, self.diverged) {
            (None, _) => vec![no_model()],
            (Some(m), true) => vec![self
                .blown
                .clone()
                .unwrap_or_else(|| diverged(m.step_count()))],
            (Some(_), false) => {
                self.running = true;
                vec![self.snapshot(now_ms, false)]
            }
        }
    }

    /// Stop training. A step shared with the helper ends first: its answer
    /// reports it with the pause (`finish_shared_step`), so that no step is
    /// reported after the page was told training stopped.
    fn pause(&mut self, now_ms: f64) -> Vec<WorkerOutput> {
        self.running = false;
        if self.model.is_some() && self.shared.is_none() {
            vec![self.snapshot(now_ms, true)]
        } else {
            Vec::new()
        }
    }

    /// The run's bytes for `purpose`: kept by the glue in browser storage
    /// (marked dirty, saved soon), or sent to the page.
    fn save(&mut self, purpose: SavePurpose) -> Vec<WorkerOutput> {
        match (&self.model, purpose) {
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
            Ok(mut model) => {
                // A shipped checkpoint carries its training's curves from step 0.
                let step = model.step_count();
                let history = model.take_curves().unwrap_or_default().checked(step);
                self.replace(model, origin, now_ms, true, history)
            }
            Err(problem) => {
                vec![WorkerOutput::Error(WorkerError::Checkpoint {
                    problem,
                    kept: self.model.is_some(),
                })]
            }
        }
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
            // A restored run's curves, or those its checkpoint carried.
            curves: (origin == ModelOrigin::Restored || !history.is_empty())
                .then(|| history.clone()),
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
