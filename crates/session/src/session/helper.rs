//! The helper worker's half of each step, and the watchdog that gives up a
//! helper that stopped answering.

use super::Session;
use crate::model::LabModel;
use lab_protocol::{ShardFailure, ShardJob, ShardReport, WorkerOutput};
use lab_tasks::TaskKind;

/// The helper may take this long over its shard, at least (milliseconds)...
pub const HELPER_MIN_PATIENCE_MS: f64 = 2_000.0;
/// ... or this many times as long as this worker took over its own shard.
pub const HELPER_PATIENCE_FACTOR: f64 = 20.0;

/// A watchdog timer that fires this much later than it was set for (ms)
/// slept with the worker (see [`Session::helper_watchdog`]).
pub const HELPER_TIMER_SLACK_MS: f64 = 1_000.0;

/// After the reader clicks, presses a key or scrolls
/// ([`lab_protocol::WorkerInput::Interacting`]), steps are not shared for
/// this long (ms): the page then has a core of a two-core machine for its
/// answer and the frames after it, and the next click of a reader who goes
/// on. The page sends the message at most every [`INTERACTION_RESEND_MS`],
/// so an interaction that lasts keeps the core; a second after the reader
/// stops, training is back on both.
pub const INTERACTION_SOLO_MS: f64 = 1_000.0;

/// The page tells the worker of an interaction at most this often (ms).
pub const INTERACTION_RESEND_MS: f64 = 250.0;

// More often than a moment lasts, or a reader who keeps clicking would hand
// the core back between two clicks.
const _: () = assert!(INTERACTION_RESEND_MS < INTERACTION_SOLO_MS);

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

/// A step shared with the helper: what the glue sends it.
#[derive(Debug)]
pub struct SharedStep {
    /// The helper's answer carries it back ([`lab_protocol::WorkerOutput::ShardDone`]).
    pub ticket: u64,
    /// The helper's shard.
    pub job: ShardJob,
    /// The weights to compute it on, as little-endian bytes
    /// ([`lab_protocol::shard::f32s_to_bytes`]), as they are sent.
    pub weights: Vec<u8>,
    /// The run's sentences, sent first ([`lab_protocol::WorkerInput::Sentences`]):
    /// with the first shard of a model that trains on a corpus, else `None`.
    pub sentences: Option<(TaskKind, String)>,
}

/// The helper's answer to a shared step, as the glue hands it to
/// [`Session::finish_shared_step_and_pass_on`] (or, when the helper is
/// given up, to [`Session::finish_shared_step`]).
#[derive(Debug, PartialEq)]
pub enum HelperAnswer {
    /// Its shard's report and gradients.
    Shard(ShardReport, Vec<f32>),
    /// It could not compute its shard, and said why
    /// ([`lab_protocol::WorkerOutput::ShardDone`]); it stays, for the next step.
    Failed(ShardFailure),
    /// It crashed, stopped answering, or could not be sent the step.
    Gone,
}

/// How long the helper may take over a shard when this worker took
/// `own_ms` over the other: shards are equal halves, so a helper this late
/// is not slow but gone.
pub fn helper_patience_ms(own_ms: f64) -> f64 {
    (HELPER_PATIENCE_FACTOR * own_ms.max(0.0)).max(HELPER_MIN_PATIENCE_MS)
}

impl<M: LabModel> Session<M> {
    /// While the run trains, no shared step is under way and the reader is
    /// not using the page (see [`INTERACTION_SOLO_MS`]) at `now`: plans the next
    /// step to share with the helper worker ([`lab_protocol::shard`]). The
    /// glue sends the [`SharedStep`], calls [`Session::compute_own_shard`],
    /// and hands the answer to [`Session::finish_shared_step_and_pass_on`],
    /// which begins the step after it the same way.
    pub fn begin_shared_step(&mut self, now: f64) -> Option<SharedStep> {
        if !self.is_running() || self.diverged || self.shared.is_some() || now < self.solo_until_ms
        {
            return None;
        }
        let model = self.model.as_mut()?;
        let (job, weights) = model.share_step()?;
        let sentences = model.sentences_for_helper();
        self.tickets += 1;
        self.shared = Some(self.tickets);
        self.helper_deadline_ms = f64::INFINITY;
        Some(SharedStep {
            ticket: self.tickets,
            job,
            weights,
            sentences,
        })
    }

    /// This worker's own shard of the step under way, timed on `now`, if it
    /// is due. Returns when the helper's answer becomes overdue
    /// ([`helper_patience_ms`] after this shard), for the glue's watchdog.
    /// A model with no shard to compute (one that replaced the model of the
    /// step under way, or a step already finished here) leaves the patience
    /// that the last shard set: the helper may still be computing its own.
    pub fn compute_own_shard(&mut self, now: &mut impl FnMut() -> f64) -> Option<f64> {
        if !self.own_shard_due() {
            return None;
        }
        let model = self.model.as_mut()?;
        let started = now();
        let computed = model.compute_own_shard();
        let finished = now();
        if computed {
            self.helper_patience_ms = helper_patience_ms(finished - started);
        }
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

    /// True while this worker's own shard of the shared step under way is
    /// still to be computed: the helper's deadline, infinite until then, is
    /// set after it ([`Session::compute_own_shard`]).
    pub fn own_shard_due(&self) -> bool {
        self.shared.is_some() && self.helper_deadline_ms == f64::INFINITY
    }

    /// True while a shared step waits for the helper's answer.
    pub fn awaiting_helper(&self) -> bool {
        self.shared.is_some()
    }

    /// The ticket of the shared step under way, if any.
    pub fn shared_ticket(&self) -> Option<u64> {
        self.shared
    }

    /// Why the helper could not compute the last shard it answered, if it
    /// could not (its shard was then computed here).
    pub fn helper_failure(&self) -> Option<&ShardFailure> {
        self.helper_failure.as_ref()
    }

    /// The helper's answer for `ticket`: its shard, or else (it failed or is
    /// gone) that shard is computed here. The step is finished and reported
    /// as a chunk reports its steps. An answer for no step under way, or for
    /// a model since replaced, is dropped.
    pub fn finish_shared_step(
        &mut self,
        ticket: u64,
        answer: HelperAnswer,
        now: f64,
    ) -> Vec<WorkerOutput> {
        self.finish_shared_step_and_pass_on(ticket, answer, now, None::<fn(SharedStep)>)
    }

    /// [`Session::finish_shared_step`], handing the next step to the helper
    /// (through `pass_on`) before the snapshot: once the weights are updated
    /// and the run goes on, the next step is planned
    /// ([`Session::begin_shared_step`]) and given to `pass_on`, and only then
    /// is the snapshot taken (its probe is a forward pass). The helper so
    /// computes its shard while this worker reports; this worker's own shard
    /// is then due ([`Session::own_shard_due`]). Nothing is passed on when
    /// the step was dropped, or the run stopped or blew up.
    pub fn finish_shared_step_and_pass_on(
        &mut self,
        ticket: u64,
        answer: HelperAnswer,
        now: f64,
        pass_on: Option<impl FnOnce(SharedStep)>,
    ) -> Vec<WorkerOutput> {
        if self.shared != Some(ticket) {
            return Vec::new();
        }
        self.shared = None;
        let helper = match answer {
            HelperAnswer::Shard(report, values) => {
                self.helper_failure = None;
                Some((report, values))
            }
            HelperAnswer::Failed(why) => {
                self.helper_failure = Some(why);
                None
            }
            HelperAnswer::Gone => None,
        };
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
        if let Some(pass_on) = pass_on {
            if let Some(next) = self.begin_shared_step(now) {
                pass_on(next);
            }
        }
        out.extend(self.snapshot_if_due(now));
        out
    }
}
