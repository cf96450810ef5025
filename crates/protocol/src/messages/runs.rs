//! Saved runs: their names, keys and summaries, where a tab starts from, and
//! what browser storage cost or refused.

use super::errors::CheckpointProblem;
use lab_tasks::TaskKind;
use serde::{Deserialize, Serialize};

/// The longest name of a saved run, in characters.
pub const MAX_RUN_NAME: usize = 40;

/// A run name as typed, trimmed: `None` if it is empty, longer than
/// [`MAX_RUN_NAME`] characters, or holds control characters.
pub fn clean_run_name(name: &str) -> Option<String> {
    let name = name.trim();
    let ok = !name.is_empty()
        && name.chars().count() <= MAX_RUN_NAME
        && !name.chars().any(char::is_control);
    ok.then(|| name.to_string())
}

/// A run kept in this browser: saved under a name, or a tab's own run
/// (each tab keeps one; see `lab_session::run` for where).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RunKey {
    /// Saved with Save as, under this name.
    Named(String),
    /// The run of the tab with this identity (kept in the tab's `sessionStorage`).
    Tab(String),
}

/// A saved run, as the list of runs shows it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunSummary {
    /// Its name; empty for a tab's run.
    pub name: String,
    pub task: TaskKind,
    pub step: usize,
    /// When it was saved, in milliseconds since 1970 (JavaScript's `Date.now()`).
    pub saved_at: f64,
    /// The checkpoint's size.
    pub bytes: usize,
    /// For a tab's run, the tab's identity (set when listed, from where it is kept).
    // Every field is written, as the messages' bytes need (a summary is also
    // kept as JSON, where runs saved before `tab` existed read as `None`).
    #[serde(default)]
    pub tab: Option<String>,
}

impl RunSummary {
    /// Where it is kept.
    pub fn key(&self) -> RunKey {
        match &self.tab {
            Some(tab) => RunKey::Tab(tab.clone()),
            None => RunKey::Named(self.name.clone()),
        }
    }
}

/// Which run a tab started from, said on screen ([`WorkerOutput::Started`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum RunStart {
    /// A reload (or a restarted worker): this tab's own run.
    ThisTab { step: usize },
    /// A new tab: the run saved most recently in this browser, another
    /// tab's (`name` = `None`) or a named one.
    Latest {
        name: Option<String>,
        task: TaskKind,
        step: usize,
    },
    /// Nothing saved to start from, or this tab's run was forgotten: the
    /// task's pretrained model.
    Pretrained { task: TaskKind },
}

/// What one save cost the worker, in milliseconds: taking the snapshot
/// (the checkpoint's bytes, on the training thread) and writing it (IndexedDB,
/// off the thread while training goes on).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SaveCost {
    pub snapshot_ms: f64,
    pub write_ms: f64,
}

/// Why browser storage did not do what was asked. Nothing is lost by any of
/// them: a save that fails leaves the previous save as it was.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum StorageError {
    /// The browser's storage quota is used up (`QuotaExceededError`).
    /// `name` is the named run being saved, `None` for the autosave.
    Quota { name: Option<String> },
    /// Browser storage is missing or refused (a private window, a setting).
    Unavailable { why: String },
    /// No run of this name (`None`: that tab's run) is saved.
    NotFound { name: Option<String> },
    /// A saved run could not be read back (damaged, or from another version).
    Unreadable {
        name: Option<String>,
        problem: StoredRunProblem,
    },
    /// A run name must be 1 to [`MAX_RUN_NAME`] characters, without control characters.
    BadName,
}

/// Why a run saved in browser storage could not be read back, as data: the
/// page words it in the reader's language.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum StoredRunProblem {
    /// The stored record is damaged: its checkpoint or its curves are
    /// missing, or it does not parse.
    Damaged,
    /// Its checkpoint was refused.
    Checkpoint(CheckpointProblem),
}
