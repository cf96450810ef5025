//! When the page's run is saved in browser storage, and what is saved: the
//! session decides, the glue writes.

use super::Session;
use crate::model::LabModel;
use crate::run;
use lab_protocol::{
    CheckpointProblem, ModelOrigin, RunKey, RunSummary, SaveCost, StorageError, WorkerOutput,
};

/// While training, the tab's run is saved in browser storage at least this
/// often, so a reload, a crash or a closed tab loses at most this much
/// training plus one save's time (a page that goes away does not wait for
/// a write). The save's cost is in BENCHMARKS.md: its snapshot, the only part
/// on the training thread, takes a few milliseconds of every interval.
pub const AUTOSAVE_MS: f64 = 3_000.0;

/// A run ready to be written to browser storage.
#[derive(Clone, Debug, PartialEq)]
pub struct RunRecord {
    /// Where it is saved: under a name, or as the tab's run a reload restores.
    pub run: RunKey,
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
        run::storage_key(&self.run)
    }

    /// Its name, `None` for a tab's run.
    pub fn name(&self) -> Option<String> {
        match &self.run {
            RunKey::Named(name) => Some(name.clone()),
            RunKey::Tab(_) => None,
        }
    }
}

impl<M: LabModel> Session<M> {
    /// The current run as a record to save, under `name` (`None`: this
    /// tab's run, if this worker keeps one); `saved_at` in milliseconds since 1970.
    pub fn run_record(&self, name: Option<String>, saved_at: f64) -> Option<RunRecord> {
        let model = self.model.as_ref()?;
        let run = match name {
            Some(name) => RunKey::Named(name),
            None => RunKey::Tab(self.tab.clone()?),
        };
        let bytes = model.to_bytes();
        let summary = RunSummary {
            name: match &run {
                RunKey::Named(name) => name.clone(),
                RunKey::Tab(_) => String::new(),
            },
            task: model.settings().task,
            step: model.step_count(),
            saved_at,
            bytes: bytes.len(),
            tab: None,
        };
        Some(RunRecord {
            run,
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
        if self.tab.is_none() || self.saving || !self.dirty || self.model.is_none() {
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

    /// An autosave of `step` has been written (at `cost`), or failed. A
    /// failed save leaves the previous one in storage; the run is tried
    /// again when it changes.
    pub fn autosaved(
        &mut self,
        step: usize,
        result: Result<SaveCost, StorageError>,
        now_ms: f64,
    ) -> Vec<WorkerOutput> {
        self.saving = false;
        self.last_save_ms = now_ms;
        match result {
            Ok(cost) => vec![WorkerOutput::Stored {
                name: None,
                step,
                cost: Some(cost),
            }],
            Err(e) => vec![WorkerOutput::StorageFailed(e)],
        }
    }

    /// The tab's run was deleted: nothing to save until the run changes.
    pub fn forget_autosave(&mut self) {
        self.dirty = false;
    }

    /// Load a run from browser storage: its checkpoint and its curves. An
    /// unreadable run is an error and the current model keeps working.
    /// `from_autosave`: it is what this tab's saved run holds, so nothing
    /// needs saving.
    pub fn restore(
        &mut self,
        bytes: &[u8],
        curves_json: &str,
        now_ms: f64,
        from_autosave: bool,
    ) -> Result<Vec<WorkerOutput>, CheckpointProblem> {
        let model = M::from_bytes(bytes)?;
        // Read as bytes, as a checkpoint's header is: the worker then
        // compiles one JSON reader, not one for text and one for bytes.
        let history = serde_json::from_slice(curves_json.as_bytes()).unwrap_or_default();
        let out = self.replace(model, ModelOrigin::Restored, now_ms, true, history);
        self.dirty = !from_autosave;
        Ok(out)
    }
}
