//! The training worker's burn-free core, and what the page and the workers
//! share to talk to each other. Tested natively with a fake model.
//!
//! - [`model`]: the [`model::LabModel`] trait the worker trains (the real one
//!   is `lab_worker::trainer`, with burn);
//! - [`session`]: the worker's state machine: messages in, messages out;
//! - [`replica`]: the helper worker's side of a shared step: the sentences
//!   it was handed, and its answer to a shard (or why there is none);
//! - [`run`]: a saved run's layout in IndexedDB, and which run a tab starts from;
//! - [`locks`]: Web Locks, which tell open tabs from closed ones;
//! - [`wire`]: one poster and reader of messages, for the page and the workers;
//! - [`spawn`]: starting a worker of the lab's bundle, and the workers' names;
//! - [`watchdog`]: when the page takes the training worker for stopped, and
//!   how often it replaces it.

pub mod locks;
pub mod model;
pub mod replica;
pub mod run;
pub mod session;
pub mod spawn;
pub mod watchdog;
pub mod wire;
