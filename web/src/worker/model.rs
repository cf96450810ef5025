//! What the worker needs from a trainable model, as a trait.
//!
//! The real implementation is `lab_train::Trainer` (see [`super::trainer`]);
//! the trait lets the worker's scheduling logic be tested natively with a
//! tiny fake, without compiling burn for the host.

use lab_protocol::{AttentionSet, EvalReport, MaskDemo, Settings, SettingsError, StepReport, Translation};

pub trait LabModel: Sized {
    /// A fresh, untrained model; invalid settings are refused with every problem listed.
    fn build(settings: &Settings) -> Result<Self, SettingsError>;
    /// A model from checkpoint bytes; garbage is a readable error, never a panic.
    fn from_bytes(bytes: &[u8]) -> Result<Self, String>;
    fn to_bytes(&self) -> Vec<u8>;
    /// One optimiser step. The loss may be NaN or infinite if training diverged.
    fn step(&mut self) -> StepReport;
    /// Held-out evaluation on at most `max_sentences` sentences.
    fn evaluate(&self, max_sentences: usize) -> EvalReport;
    /// Teacher-forced attention on the task's probe sentence.
    fn probe_attention(&self) -> AttentionSet;
    fn translate(&self, text: &str) -> Result<Translation, String>;
    fn mask_demo(&self, head: usize) -> MaskDemo;
    fn settings(&self) -> &Settings;
    fn step_count(&self) -> usize;
    /// Trainable parameters, if known.
    fn parameters(&self) -> Option<usize> {
        None
    }
}
