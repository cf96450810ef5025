//! The run saved in browser storage: settings, weights and curves, so a reload
//! picks up where the learner left off.
//!
//! Stored as JSON text under [`STORAGE_KEY`]; the checkpoint bytes inside are
//! base64. Reading a stored run never panics: anything unreadable (an older
//! format, a truncated write) is an error and the page falls back to the
//! pretrained model.

use crate::plot::curves::Curves;
use lab_protocol::Settings;
use serde::{Deserialize, Serialize};

/// The browser-storage key of the saved run.
pub const STORAGE_KEY: &str = "attention-lab/run/v1";

/// Everything needed to restore a run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedRun {
    pub settings: Settings,
    pub step: usize,
    /// The trainer's checkpoint bytes (`Trainer::to_bytes`).
    #[serde(with = "lab_protocol::b64::serde_bytes")]
    pub checkpoint: Vec<u8>,
    pub curves: Curves,
}

impl SavedRun {
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a saved run is plain data and always serializes")
    }

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
    use crate::plot::curves::EvalPoint;
    use lab_protocol::TrainPoint;
    use lab_tasks::TaskKind;

    #[test]
    fn a_saved_run_round_trips() {
        let run = SavedRun {
            settings: Settings::toy(TaskKind::EnJa),
            step: 120,
            checkpoint: vec![1, 2, 3, 250],
            curves: Curves {
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
            },
        };
        assert_eq!(SavedRun::from_json(&run.to_json()), Ok(run));
    }

    #[test]
    fn a_corrupt_saved_run_is_an_error() {
        assert!(SavedRun::from_json("{\"settings\": 1}").is_err());
        assert!(SavedRun::from_json("").is_err());
    }

    #[test]
    fn download_names_say_task_and_step() {
        assert_eq!(
            checkpoint_file_name("en-ja", 300),
            "attention-lab-en-ja-step300.ckpt"
        );
    }
}
