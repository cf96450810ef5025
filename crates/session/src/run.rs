//! A run kept in this browser: how the worker lays it out in IndexedDB, and
//! the run an older version of the page kept in `localStorage`.
//!
//! The worker owns browser storage (the page serialises nothing): database
//! [`DATABASE`] holds two object stores with the same keys. [`SUMMARIES`]
//! maps a key to the run's [`RunSummary`] as JSON text, small, so listing the
//! runs reads no checkpoint. [`CHECKPOINTS`] maps it to a record with the
//! checkpoint bytes (a `Uint8Array`: bytes stay bytes) and the curves (JSON
//! text). A save writes both in one transaction, so a save that fails (a full
//! quota) changes neither and the previous save stays.
//!
//! The run that a reload restores lives under [`AUTOSAVE_KEY`]; runs saved
//! under a name live under [`named_key`].

use base64::Engine;
use lab_protocol::{Curves, Settings};
use serde::{Deserialize, Deserializer};

/// The IndexedDB database of the lab, and its schema version.
pub const DATABASE: &str = "attention-lab";
pub const DATABASE_VERSION: u32 = 1;
/// Object store: key → [`lab_protocol::RunSummary`] as JSON text.
pub const SUMMARIES: &str = "runs";
/// Object store: key → `{ checkpoint: Uint8Array, curves: JSON text }`.
pub const CHECKPOINTS: &str = "checkpoints";
/// The key of the run a reload restores.
pub const AUTOSAVE_KEY: &str = "autosave";
const NAMED_PREFIX: &str = "named:";

/// The key of the run saved as `name`.
pub fn named_key(name: &str) -> String {
    format!("{NAMED_PREFIX}{name}")
}

/// The name of a named run's key; `None` for the autosave.
pub fn name_of_key(key: &str) -> Option<&str> {
    key.strip_prefix(NAMED_PREFIX)
}

/// The `localStorage` key under which older versions of the page kept the
/// run (JSON with the checkpoint in base64). The worker migrates it once.
pub const STORAGE_KEY: &str = "attention-lab/run/v1";

/// The run as an older page stored it: read once, to migrate it.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct LegacyRun {
    pub settings: Settings,
    pub step: usize,
    /// The checkpoint bytes; text was unavoidable in `localStorage`.
    #[serde(deserialize_with = "base64_bytes")]
    pub checkpoint: Vec<u8>,
    pub curves: Curves,
}

fn base64_bytes<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
    let text = String::deserialize(d)?;
    base64::engine::general_purpose::STANDARD
        .decode(text.as_bytes())
        .map_err(serde::de::Error::custom)
}

impl LegacyRun {
    pub fn from_json(text: &str) -> Result<Self, String> {
        serde_json::from_str(text).map_err(|e| format!("the saved run could not be read ({e})"))
    }
}

/// The file name offered when downloading a checkpoint.
pub fn checkpoint_file_name(task: &str, step: usize) -> String {
    format!("attention-lab-{task}-step{step}.ckpt")
}

#[cfg(test)]
mod tests {
    use super::*;
    use lab_protocol::{EvalPoint, TrainPoint};
    use lab_tasks::TaskKind;

    fn curves() -> Curves {
        Curves {
            train: vec![TrainPoint {
                step: 1,
                loss: 3.5,
                token_accuracy: 0.1,
                learning_rate: 2e-4,
            }],
            eval: vec![EvalPoint {
                step: 100,
                loss: 1.5,
                token_accuracy: 0.6,
                exact_match: 0.2,
            }],
        }
    }

    #[test]
    fn an_older_pages_run_is_read_with_its_base64_checkpoint() {
        let json = serde_json::json!({
            "settings": Settings::toy(TaskKind::EnJa),
            "step": 120,
            "checkpoint": "AQID+g==",
            "curves": curves(),
        });
        let run = LegacyRun::from_json(&json.to_string()).expect("readable");
        assert_eq!((run.step, run.checkpoint), (120, vec![1, 2, 3, 250]));
        assert_eq!(run.curves, curves());
        assert!(LegacyRun::from_json("{\"settings\": 1}").is_err());
        assert!(LegacyRun::from_json("").is_err());
    }

    #[test]
    fn named_runs_and_the_autosave_have_distinct_keys() {
        assert_eq!(name_of_key(&named_key("warm-up 400")), Some("warm-up 400"));
        assert_eq!(name_of_key(AUTOSAVE_KEY), None);
        assert_ne!(named_key("autosave"), AUTOSAVE_KEY);
    }

    #[test]
    fn download_names_say_task_and_step() {
        assert_eq!(
            checkpoint_file_name("en-ja", 300),
            "attention-lab-en-ja-step300.ckpt"
        );
    }
}
