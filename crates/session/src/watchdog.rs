//! The page's watchdog on its workers (the training worker, and the compare
//! workers, which are stopped rather than replaced): a worker that stops
//! answering (a browser that never returns from a call, an endless loop) is
//! noticed, replaced by a new one that restores the last save, and replaced
//! only so often.
//!
//! A worker is one thread: while it computes a step, builds a model or
//! reads a checkpoint it cannot answer anything, and a worker that hangs
//! looks the same from outside. So the page asks, while it waits for the
//! worker (a run trains, or a request has not been taken up yet): every
//! [`LOOK_EVERY_MS`] it sends a [`lab_protocol::WorkerInput::Ping`], which
//! the worker answers as soon as its event loop is free. A worker from
//! which nothing at all has come for [`worker_patience_ms`] is taken for
//! stopped. Plain logic on a clock passed in (milliseconds); the page's
//! `workers/link/watch.rs` pings, terminates and restarts.

use lab_protocol::{WorkerInput, WorkerOutput};

/// The training worker may stay silent this long while the page waits for
/// it (ms). The longest the worker is busy without a break, measured in
/// headless Chromium on the 2-core development machine with a ping every
/// 50 ms (`tests/worker_silence.mjs`, BENCHMARKS.md), was 0.28 s: training
/// a toy model of d_model 256 and 4 layers; the default task, a real task's
/// model fetched, read and built and trained, and a translation all stayed
/// under 0.25 s. Firefox and Safari's engine train about 1.7 times slower
/// (BENCHMARKS.md, "Three engines in CI"; 1.6 and 2.4 times in issue 48's
/// reading), and a classroom laptop may be slower again: 10 s leaves a wide
/// margin, and still notices a hang within a few seconds of a lecturer's
/// patience. A bigger model's step gets more ([`WORKER_PATIENCE_FACTOR`]).
pub const WORKER_PATIENCE_MS: f64 = 10_000.0;

/// ... or this many times as long as the page expects one step of the model
/// to take (the estimate the toolbar shows, `StepEstimate::step_seconds`):
/// a settings form may ask for steps of many seconds, and a step is never
/// interrupted to answer.
pub const WORKER_PATIENCE_FACTOR: f64 = 10.0;

/// How often the page looks at the worker and pings it (ms).
pub const LOOK_EVERY_MS: f64 = 1_000.0;

/// A look this much later than due (ms) means the page itself was asleep
/// (a hidden tab's throttled timers, a suspended laptop): the worker, asleep
/// with it, gets its patience again from then.
pub const LOOK_SLACK_MS: f64 = 1_000.0;

/// A worker that crashes or stops answering is replaced by itself at most
/// this many times within [`RESTART_WINDOW_MS`]; after that the page says
/// so and offers a button, so a worker that fails at once cannot restart
/// forever.
pub const MAX_RESTARTS: usize = 3;

/// See [`MAX_RESTARTS`] (ms): five minutes.
pub const RESTART_WINDOW_MS: f64 = 5.0 * 60_000.0;

/// How long the training worker may be silent while the page expects one
/// step to take `step_ms`.
pub fn worker_patience_ms(step_ms: f64) -> f64 {
    (WORKER_PATIENCE_FACTOR * step_ms.max(0.0)).max(WORKER_PATIENCE_MS)
}

/// What the page does after a look at the worker.
#[derive(Debug, PartialEq)]
pub enum Look {
    /// Nothing: the page waits for nothing, or a ping is on its way.
    Fine,
    /// Send [`lab_protocol::WorkerInput::Ping`] with this id.
    Ping(u64),
    /// Nothing has come for `for_ms`, past the patience: replace the worker.
    Silent { for_ms: f64 },
}

/// Whether a worker that failed is replaced by itself.
#[derive(Debug, PartialEq)]
pub enum Replace {
    /// Start a new one; it restores the last save.
    Again,
    /// It failed [`MAX_RESTARTS`] times within [`RESTART_WINDOW_MS`]
    /// before this: stop, and let the reader ask.
    GiveUp,
}

/// Why a worker was replaced.
#[derive(Clone, Debug, PartialEq)]
pub enum Cause {
    /// An uncaught error (a wasm trap, a panic), as the browser said it.
    Crashed(String),
    /// Nothing came from it for this long (ms).
    Silent { for_ms: f64 },
}

/// A replacement under way: said to the reader once the new worker has
/// restored the run, which then trains on if it trained before.
#[derive(Clone, Debug, PartialEq)]
pub struct Recovery {
    pub cause: Cause,
    /// The run was training when its worker failed.
    pub training: bool,
}

/// The watchdog's state: one per worker the page watches (the training
/// worker, and each compare worker).
#[derive(Debug, Default)]
pub struct WorkerWatch {
    /// The worker said Ready and has not been replaced since: before that
    /// it cannot take a message, and nothing is asked of it.
    listening: bool,
    /// When the page began to wait, while it waits.
    waiting_since: Option<f64>,
    last_heard_ms: f64,
    /// The last request is taken up once the ping of this id, sent after
    /// it, is answered (messages arrive in order).
    request_taken_by: Option<u64>,
    pings: u64,
    /// The ping on its way, if any.
    ping_out: Option<u64>,
    last_look_ms: Option<f64>,
    /// When the worker was replaced by itself, within the window.
    restarts: Vec<f64>,
    recovery: Option<Recovery>,
    /// The run trains, or the reader asked it to: a worker that stops
    /// answering right after Train is pressed has never said it trains.
    training: bool,
}

impl WorkerWatch {
    /// The worker said Ready at `now`: it listens.
    pub fn ready(&mut self, now: f64) {
        self.listening = true;
        self.last_heard_ms = now;
        self.waiting_since = None;
        self.request_taken_by = None;
        self.ping_out = None;
        self.last_look_ms = None;
    }

    /// The page sent the worker a request (anything but a ping) at `now`:
    /// it waits until the worker has taken it up.
    pub fn sent(&mut self, now: f64) {
        if !self.listening {
            return;
        }
        self.request_taken_by = Some(self.pings + 1);
        self.waiting_since.get_or_insert(now);
    }

    /// The run trains (or was asked to), or stopped: what the page last
    /// asked for (Train, Pause) or heard (a snapshot, a new model).
    pub fn trains(&mut self, training: bool) {
        self.training = training;
    }

    /// Whether the run trains, as the page last asked or heard
    /// ([`Self::trains`]): for a worker whose page keeps no other record of it.
    pub fn is_training(&self) -> bool {
        self.training
    }

    /// A message came from the worker at `now`; `pong` is a ping's id.
    pub fn heard(&mut self, now: f64, pong: Option<u64>) {
        self.last_heard_ms = now;
        let Some(id) = pong else { return };
        if self.ping_out == Some(id) {
            self.ping_out = None;
        }
        if self.request_taken_by.is_some_and(|r| id >= r) {
            self.request_taken_by = None;
        }
    }

    /// The page sends the worker `input` at `now`: Train and Pause say
    /// whether the run trains, and the page waits until a request (anything
    /// but a ping) is taken up. The one rule for every worker the page watches.
    pub fn on_sent(&mut self, input: &WorkerInput, now: f64) {
        match input {
            WorkerInput::Ping { .. } => return,
            WorkerInput::Play => self.trains(true),
            WorkerInput::Pause => self.trains(false),
            _ => {}
        }
        self.sent(now);
    }

    /// The worker said `out` at `now`: it listens (Ready), a ping is
    /// answered (Pong), a snapshot says whether the run trains, and a new
    /// or diverged model stops it (the page says Train again if it wants).
    pub fn on_heard(&mut self, out: &WorkerOutput, now: f64) {
        if let WorkerOutput::Ready = out {
            self.ready(now);
        }
        let pong = match out {
            WorkerOutput::Pong { id } => Some(*id),
            _ => None,
        };
        self.heard(now, pong);
        match out {
            WorkerOutput::Snapshot(snap) => self.trains(snap.running),
            WorkerOutput::Loaded(_) | WorkerOutput::Diverged { .. } => self.trains(false),
            _ => {}
        }
    }

    /// A look at `now`: is the page waiting (`running`: the run trains), and
    /// has the worker been silent for longer than its patience, for a step
    /// expected to take `step_ms`?
    pub fn look(&mut self, now: f64, running: bool, step_ms: f64) -> Look {
        if !self.listening {
            return Look::Fine;
        }
        let late = self
            .last_look_ms
            .is_some_and(|then| now - then > LOOK_EVERY_MS + LOOK_SLACK_MS);
        self.last_look_ms = Some(now);
        if late {
            self.last_heard_ms = now;
        }
        if !running && self.request_taken_by.is_none() {
            self.waiting_since = None;
            return Look::Fine;
        }
        let since = self
            .last_heard_ms
            .max(*self.waiting_since.get_or_insert(now));
        let silent = now - since;
        if silent >= worker_patience_ms(step_ms) {
            return Look::Silent { for_ms: silent };
        }
        if self.ping_out.is_some() {
            return Look::Fine;
        }
        self.pings += 1;
        self.ping_out = Some(self.pings);
        Look::Ping(self.pings)
    }

    /// The worker failed at `now` (`cause`): replace it, unless it was
    /// replaced [`MAX_RESTARTS`] times already within [`RESTART_WINDOW_MS`].
    /// The new worker's run trains on if this one's trained ([`Self::trains`]).
    pub fn replace(&mut self, now: f64, cause: Cause) -> Replace {
        self.listening = false;
        self.restarts.retain(|&at| now - at < RESTART_WINDOW_MS);
        if self.restarts.len() >= MAX_RESTARTS {
            self.recovery = None;
            return Replace::GiveUp;
        }
        self.restarts.push(now);
        self.recovery = Some(Recovery {
            cause,
            training: self.training,
        });
        self.training = false;
        Replace::Again
    }

    /// The reader asked for a new worker: the count starts again.
    pub fn retry(&mut self) {
        self.listening = false;
        self.restarts.clear();
        self.recovery = None;
    }

    /// The new worker loaded a model: the replacement under way, if any,
    /// to be said to the reader (once).
    pub fn restored(&mut self) -> Option<Recovery> {
        self.recovery.take()
    }
}

#[cfg(test)]
mod tests;
