//! When the page's run is saved in browser storage, and what is saved: the
//! session decides, the glue writes.

use super::Session;
use crate::model::LabModel;
use crate::run;
use lab_protocol::{ModelOrigin, RunSummary, StorageError, WorkerOutput};

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

impl<M: LabModel> Session<M> {
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
}
