//! The real model behind [`LabModel`]: `lab_train::Trainer`, which owns the
//! burn Transformer, its optimiser and its dataset. This is the only file of
//! the web crate that knows the trainer exists.

use super::model::LabModel;
use lab_protocol::{
    AttentionSet, EvalReport, HeadTrace, MaskDemo, ProbePrediction, Settings, SettingsError,
    StepReport, TaskFacts, TraceRequest, Translation,
};
use lab_train::Trainer;

/// The worker's model.
pub struct Model(Trainer);

/// Start a message with a capital letter, as a sentence on screen.
fn sentence(text: String) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => text,
    }
}

impl LabModel for Model {
    fn build(settings: &Settings) -> Result<Self, SettingsError> {
        Trainer::new(settings).map(Model)
    }

    fn from_bytes(bytes: &[u8]) -> Result<Self, String> {
        Trainer::from_bytes(bytes)
            .map(Model)
            .map_err(|e| e.to_string())
    }

    fn to_bytes(&self) -> Vec<u8> {
        self.0.to_bytes()
    }

    fn step(&mut self) -> StepReport {
        self.0.step()
    }

    fn evaluate(&self, max_sentences: usize) -> EvalReport {
        self.0.evaluate(max_sentences)
    }

    fn probe(
        &self,
        trace: Option<&TraceRequest>,
    ) -> (AttentionSet, ProbePrediction, Option<HeadTrace>) {
        let probe = self.0.dataset().probe().clone();
        let p = self.0.probe(&probe, trace);
        (p.attention, p.prediction, p.trace)
    }

    fn translate(&self, text: &str, cached: bool) -> Result<Translation, String> {
        self.0
            .translate(text, cached)
            .map_err(|e| sentence(e.to_string()))
    }

    fn trace_head(&self, request: &TraceRequest) -> Result<HeadTrace, String> {
        self.0
            .trace_head(request)
            .map_err(|e| sentence(e.to_string()))
    }

    fn mask_demo(&self, head: usize) -> MaskDemo {
        let probe = self.0.dataset().probe().clone();
        self.0.mask_demo(&probe, head)
    }

    fn settings(&self) -> &Settings {
        self.0.settings()
    }

    fn facts(&self) -> TaskFacts {
        self.0.task_facts()
    }

    fn step_count(&self) -> usize {
        self.0.step_count()
    }
}
