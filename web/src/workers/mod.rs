//! The page's side of the workers: one place that starts them, talks to them
//! and restarts them.
//!
//! - [`link`]: the training worker: spawning it, sending
//!   [`lab_protocol::WorkerInput`] and applying each [`lab_protocol::WorkerOutput`]
//!   to the state;
//! - [`evaluator`]: the evaluator worker that scores held-out sentences beside training;
//! - [`storage`]: the run an older page kept, checkpoint download and upload;
//! - [`compare`]: the compare view's two workers;
//! - [`tab`]: this tab's identity, which decides whose run it keeps;
//! - [`offline`]: the service worker that keeps the lab for offline use.
//!
//! Every worker is started by `lab_session::spawn::new_worker`, through
//! [`link::spawn_worker`].

pub mod compare;
pub mod evaluator;
pub mod link;
pub mod offline;
pub mod storage;
pub mod tab;
