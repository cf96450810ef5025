//! What the worker needs from a trainable model, as a trait.
//!
//! The real implementation is `lab_train::Trainer` (see `lab_worker::trainer`);
//! the trait lets the worker's scheduling logic be tested natively with a
//! tiny fake, without compiling burn for the host.

use lab_protocol::{
    AttentionSet, Beam, Curves, DecodingComparison, EvalReport, HeadTrace, MaskDemo,
    ProbePrediction, Settings, SettingsError, ShardJob, ShardReport, StepReport, Strategy,
    TaskFacts, TaskShape, TraceRequest, Translation,
};
use lab_protocol::{CheckpointProblem, Unanswered};
use lab_tasks::TaskKind;

pub trait LabModel: Sized {
    /// A fresh, untrained model; invalid settings are refused with every problem listed.
    fn build(settings: &Settings) -> Result<Self, SettingsError>;
    /// The sizes of the task `settings` train on, which a step's cost
    /// depends on: known before anything is built. Refused while a real
    /// task's sentences are not loaded.
    fn task_shape(settings: &Settings) -> Result<TaskShape, SettingsError>;
    /// A model from checkpoint bytes; garbage is a refusal the page can
    /// word, never a panic.
    fn from_bytes(bytes: &[u8]) -> Result<Self, CheckpointProblem>;
    fn to_bytes(&self) -> Vec<u8>;
    /// Checkpoint bytes for a held-out evaluation elsewhere: the weights,
    /// without what only resuming training needs.
    fn to_bytes_for_evaluation(&self) -> Vec<u8> {
        self.to_bytes()
    }
    /// One optimiser step. The loss may be NaN or infinite if training diverged.
    fn step(&mut self) -> StepReport;
    /// Held-out evaluation on at most `max_sentences` sentences.
    fn evaluate(&self, max_sentences: usize) -> EvalReport;
    /// One teacher-forced pass on the task's probe sentence: its attention,
    /// its next-token distributions and, if asked, one head opened up.
    fn probe(
        &self,
        trace: Option<&TraceRequest>,
    ) -> (AttentionSet, ProbePrediction, Option<HeadTrace>);
    /// Decoding by `strategy`, with the KV cache if `cached`.
    fn translate(
        &self,
        text: &str,
        cached: bool,
        strategy: &Strategy,
    ) -> Result<Translation, Unanswered>;
    /// Held-out BLEU of greedy decoding against beam search, on at most `max_sentences`.
    fn compare_decoding(&self, beam: Beam, max_sentences: usize) -> DecodingComparison;
    /// One head opened up, on the probe or on typed text.
    fn trace_head(&self, request: &TraceRequest) -> Result<HeadTrace, Unanswered>;
    fn mask_demo(&self, head: usize) -> MaskDemo;
    fn settings(&self) -> &Settings;
    /// The task's vocabulary, held-out examples and input limit, from this run's dataset.
    fn facts(&self) -> TaskFacts;
    fn step_count(&self) -> usize;
    /// The curves the checkpoint this model was read from carried (its
    /// training from step 0), once. `None`: it carried none.
    fn take_curves(&mut self) -> Option<Curves> {
        None
    }
    /// Trainable parameters, if known.
    fn parameters(&self) -> Option<usize> {
        None
    }
    /// Plans the next step to share with a helper worker
    /// ([`lab_protocol::shard`]): the shard the helper computes and the
    /// weights it needs, as little-endian bytes ([`lab_protocol::shard::f32s_to_bytes`]).
    /// `None`: this model does not share its steps.
    fn share_step(&mut self) -> Option<(ShardJob, Vec<u8>)> {
        None
    }
    /// The sentences a helper needs before its first shard of this model,
    /// once: `(task, corpus file)` for a real task (only the training
    /// worker fetches its file) or the reader's pairs
    /// ([`lab_protocol::WorkerInput::Sentences`]); `None` for a toy, or
    /// once they were handed over.
    fn sentences_for_helper(&mut self) -> Option<(TaskKind, String)> {
        None
    }
    /// Computes this worker's own shard of the shared step, if one is
    /// planned and not computed yet; true if it computed one.
    fn compute_own_shard(&mut self) -> bool {
        false
    }
    /// Finishes the shared step with the helper's shard (`None`: the helper
    /// failed, so its shard is computed here). `None` if no step was shared.
    fn finish_shared_step(
        &mut self,
        _helper: Option<(ShardReport, Vec<f32>)>,
    ) -> Option<StepReport> {
        None
    }
}
