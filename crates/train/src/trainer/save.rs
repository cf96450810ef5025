//! Saving a run and resuming it exactly: the checkpoint's run metadata
//! (settings, step, data position, the reader's pairs, curves) beside the
//! weights and Adam's moments (`lab_model::checkpoint`).

use lab_model::burn::module::Module;
use lab_model::checkpoint::{self, CheckpointError};
use lab_model::Backend;
use lab_protocol::{Curves, Settings};
use lab_tasks::corpus::Corpus;
use lab_tasks::{Dataset, TaskKind};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

use super::{
    dataset_for, model_config, seeded, DataPosition, Trainer, TrainerError, GRAD_CLIP_NORM,
};
use crate::adam::Adam;

/// What a checkpoint stores besides the weights.
#[derive(Serialize, Deserialize)]
pub(super) struct RunMeta {
    pub(super) settings: Settings,
    pub(super) step: usize,
    /// Where the data stream stands; absent in checkpoints written before
    /// runs could resume exactly (the shipped ones), which reshuffle.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) data: Option<DataPosition>,
    /// The reader's own pairs, as a corpus file ([`Corpus::to_text`]): a
    /// run of them carries its sentences, which nothing else has.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) pairs: Option<String>,
    /// The curves of the training that made these weights, from step 0: a
    /// shipped checkpoint carries them (`attention-lab train --out`), so the
    /// page opens on the model's own history rather than on one point.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) curves: Option<Curves>,
}

/// The task a checkpoint was trained on, from its stored settings, without
/// building anything; `None` for bytes that are not a checkpoint.
pub fn stored_task(bytes: &[u8]) -> Option<TaskKind> {
    let checked = checkpoint::read(bytes).ok()?;
    RunMeta::deserialize(&checked.meta)
        .ok()
        .map(|meta| meta.settings.task)
}

impl Trainer {
    /// The run as checkpoint bytes: settings, step, data position, weights
    /// and Adam's moments, everything [`Trainer::from_bytes`] needs to go on
    /// exactly. (A model too large to keep its moments under the checkpoint
    /// size limit is saved without them; Adam then starts afresh on resume.)
    pub fn to_bytes(&self) -> Vec<u8> {
        self.checkpoint_bytes(true)
    }

    /// The run as checkpoint bytes without Adam's moments: all that an
    /// evaluation of the weights needs, a third of the size, and quicker to
    /// write on the training worker and to read on the evaluator.
    pub fn to_bytes_for_evaluation(&self) -> Vec<u8> {
        self.checkpoint_bytes(false)
    }

    /// The model to ship: the weights in half precision, without Adam's
    /// moments ([`checkpoint::to_half_bytes`]).
    pub fn to_half_bytes(&self) -> Result<Vec<u8>, TrainerError> {
        checkpoint::to_half_bytes(&self.inference_model(), self.run_meta())
            .map_err(TrainerError::Checkpoint)
    }

    fn checkpoint_bytes(&self, with_optimizer: bool) -> Vec<u8> {
        let model = self.inference_model();
        let optimizer = (with_optimizer && checkpoint::fits_with_optimizer(&model.config, 2))
            .then(|| self.optim.state(&model))
            .flatten();
        checkpoint::to_bytes_with_optimizer(&model, self.run_meta(), optimizer.as_ref())
    }

    /// What a checkpoint of this run says about it beside the weights.
    fn run_meta(&self) -> serde_json::Value {
        let meta = RunMeta {
            settings: self.settings.clone(),
            step: self.step,
            data: Some(
                self.planned_from
                    .clone()
                    .unwrap_or_else(|| self.data_position()),
            ),
            pairs: self.pairs.as_ref().map(|pairs| pairs.to_text(&[])),
            curves: self.curves.clone(),
        };
        serde_json::to_value(meta).expect("settings are plain data")
    }

    /// The curves the checkpoint this run came from carried, once: whoever
    /// takes them keeps them from then on, and this run's own checkpoints
    /// carry none (until [`Trainer::set_curves`]).
    pub fn take_curves(&mut self) -> Option<Curves> {
        self.curves.take()
    }

    /// Curves for this run's checkpoints to carry: the history of the
    /// training that made these weights.
    pub fn set_curves(&mut self, curves: Curves) {
        self.curves = Some(curves);
    }

    /// The weights as `.safetensors`, loadable in PyTorch.
    pub fn to_safetensors(&self) -> Vec<u8> {
        lab_model::safetensors::to_safetensors(&self.inference_model())
    }

    /// A run restored from [`Trainer::to_bytes`]. Garbage gives an error, never a panic.
    pub fn from_bytes(bytes: &[u8]) -> Result<Trainer, TrainerError> {
        Self::from_bytes_with_backend(bytes, Backend::default())
    }

    pub fn from_bytes_with_backend(
        bytes: &[u8],
        backend: Backend,
    ) -> Result<Trainer, TrainerError> {
        // The file, its stored settings, their agreement, the data position
        // and the optimizer state are all checked before the model is built,
        // so a refused file never allocates one.
        let mut checked = checkpoint::read(bytes).map_err(TrainerError::Checkpoint)?;
        let meta = RunMeta::deserialize(&checked.meta).map_err(|e| {
            TrainerError::Checkpoint(CheckpointError::Corrupt(format!(
                "unreadable run settings: {e}"
            )))
        })?;
        meta.settings.validate().map_err(TrainerError::Settings)?;
        // A run of the reader's pairs carries them; any other run's data is the lab's.
        let pairs = match (meta.settings.task, &meta.pairs) {
            (TaskKind::Custom, Some(text)) => Some(Arc::new(
                Corpus::parse(TaskKind::Custom, text).map_err(|e| {
                    TrainerError::Checkpoint(CheckpointError::Corrupt(format!(
                        "unreadable sentence pairs: {e}"
                    )))
                })?,
            )),
            _ => None,
        };
        let dataset = match &pairs {
            Some(pairs) => Arc::new(Dataset::from_corpus(pairs, meta.settings.seed)),
            None => dataset_for(meta.settings.task, meta.settings.seed)
                .map_err(TrainerError::Settings)?,
        };
        if model_config(&meta.settings, &dataset) != checked.config {
            let why = "the stored settings do not describe the stored model";
            return Err(TrainerError::Checkpoint(CheckpointError::Mismatch(
                why.into(),
            )));
        }
        let corrupt = |why: String| TrainerError::Checkpoint(CheckpointError::Corrupt(why));
        if let Some(data) = &meta.data {
            check_data_position(data, dataset.train.len()).map_err(corrupt)?;
        }
        let optim = match checked.optimizer.take() {
            None => Adam::new(GRAD_CLIP_NORM),
            Some(state) => {
                let shapes: Vec<Vec<usize>> =
                    lab_model::parameters::parameter_entries(&checked.config)
                        .into_iter()
                        .map(|e| e.shape)
                        .collect();
                Adam::restore(GRAD_CLIP_NORM, state, &shapes).map_err(corrupt)?
            }
        };
        // Loading draws nothing from burn's generator (the stored weights
        // replace the initial ones before they are drawn); it runs under the
        // lock all the same, so that no change there can move the dropout
        // of a run beside this one.
        let device = backend.training_device();
        let model = seeded(&device, meta.settings.seed, || checked.build(&device));
        let mut trainer = Self::assemble(
            meta.settings,
            dataset,
            backend,
            model.train(),
            optim,
            meta.step,
            meta.data,
        );
        trainer.pairs = pairs;
        trainer.curves = meta.curves;
        Ok(trainer)
    }
}

/// A saved data position must be a shuffle of this dataset's training pairs.
fn check_data_position(data: &DataPosition, pairs: usize) -> Result<(), String> {
    let mut seen = vec![false; pairs];
    let permutation = data.order.len() == pairs
        && data
            .order
            .iter()
            .all(|&i| i < pairs && !std::mem::replace(&mut seen[i], true));
    if !permutation || data.cursor > pairs {
        return Err(format!(
            "the saved data order is not a shuffle of the task's {pairs} training pairs"
        ));
    }
    Ok(())
}
