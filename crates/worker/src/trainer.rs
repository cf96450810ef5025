//! The real model behind [`LabModel`]: `lab_train::Trainer`, which owns the
//! burn Transformer, its optimiser and its dataset. This is the only file of
//! the web crate that knows the trainer exists.

use lab_protocol::{
    AttentionSet, Beam, CheckpointProblem, DecodingComparison, EvalReport, HeadTrace, MaskDemo,
    ProbePrediction, Settings, SettingsError, ShardFailure, ShardJob, ShardReport, StepReport,
    Strategy, TaskFacts, TaskShape, TraceRequest, Translation, Unanswered, WorkerOutput,
};
use lab_session::model::LabModel;
use lab_session::replica::{self, HandedSentences};
use lab_tasks::corpus;
use lab_tasks::TaskKind;
use lab_train::inspect::{InputError, TranslateError};
use lab_train::{ShardGradients, StepPlan, Trainer};
use std::cell::RefCell;

/// The worker's model, the step it shares with a helper if one is under
/// way, and whether the helper was handed the run's sentences.
pub struct Model(Trainer, Option<Shared>, bool);

/// A step planned for sharing: its plan and, once computed, this worker's shard.
struct Shared {
    plan: StepPlan,
    own: Option<ShardGradients>,
}

impl Model {
    fn new(trainer: Trainer) -> Model {
        Model(trainer, None, false)
    }

    /// Why a typed sentence cannot be read, as data the page words.
    fn unanswered(&self, e: InputError) -> Unanswered {
        match e {
            InputError::Empty => Unanswered::Empty,
            InputError::TooLong { words, max } => Unanswered::TooLong { words, max },
            InputError::Unknown(unknown) => Unanswered::Unknown {
                words: unknown.into_iter().map(|u| u.word).collect(),
                vocabulary: self.0.dataset().src_vocab.len(),
            },
        }
    }
}

thread_local! {
    /// A helper worker's model: rebuilt when a job of other settings comes.
    static REPLICA: RefCell<Option<Trainer>> = const { RefCell::new(None) };
    /// A helper worker's record of the run's sentences it was handed that
    /// did not read: the shards of their task fail with why.
    static HANDED: RefCell<HandedSentences> = RefCell::new(HandedSentences::default());
}

/// A helper worker's answer to a shard of the training worker's step
/// (`ticket`), on its weights (`bytes`): the shard's report and gradients,
/// or why it could not compute them ([`replica::answer_shard`]).
pub fn answer_shard(ticket: u64, job: &ShardJob, bytes: &[u8]) -> WorkerOutput {
    HANDED.with(|handed| replica::answer_shard(&handed.borrow(), ticket, job, bytes, compute_shard))
}

/// One shard on the helper's replica. The replica has the job's settings
/// (they fix the shapes and the dataset); its own weights are replaced by
/// the ones sent.
fn compute_shard(job: &ShardJob, weights: &[u8]) -> Result<(ShardReport, Vec<f32>), ShardFailure> {
    REPLICA.with(|replica| {
        let mut replica = replica.borrow_mut();
        if replica.as_ref().map(Trainer::settings) != Some(&job.settings) {
            *replica = None;
            *replica = Some(Trainer::new(&job.settings).map_err(ShardFailure::Settings)?);
        }
        let trainer = replica.as_mut().expect("just built");
        trainer.set_weight_bytes(weights)?;
        let shard = trainer.shard_gradients(job);
        Ok((shard.report, shard.values))
    })
}

/// A helper worker handed the run's sentences: its datasets of `task` are
/// built from them from now on, and a model built on other sentences goes.
/// Sentences that do not read are not lost: the shards of `task` fail with
/// why ([`HandedSentences`]) until sentences of `task` read.
pub fn use_sentences(task: TaskKind, text: &str) {
    REPLICA.with(|replica| *replica.borrow_mut() = None);
    if let Some(corpus) = HANDED.with(|handed| handed.borrow_mut().read(task, text)) {
        corpus::provide(corpus);
    }
}

impl LabModel for Model {
    fn build(settings: &Settings) -> Result<Self, SettingsError> {
        Trainer::new(settings).map(Model::new)
    }

    fn task_shape(settings: &Settings) -> Result<TaskShape, SettingsError> {
        lab_train::trainer::dataset_for(settings.task, settings.seed).map(|d| TaskShape::of(&d))
    }

    fn from_bytes(bytes: &[u8]) -> Result<Self, CheckpointProblem> {
        Trainer::from_bytes(bytes)
            .map(Model::new)
            .map_err(|e| e.problem())
    }

    fn to_bytes(&self) -> Vec<u8> {
        self.0.to_bytes()
    }

    fn to_bytes_for_evaluation(&self) -> Vec<u8> {
        self.0.to_bytes_for_evaluation()
    }

    fn step(&mut self) -> StepReport {
        match self.finish_shared_step(None) {
            // A step shared with a helper was under way: this is that step.
            Some(report) => report,
            None => self.0.step(),
        }
    }

    fn share_step(&mut self) -> Option<(ShardJob, Vec<u8>)> {
        if self.1.is_some() {
            return None;
        }
        let plan = self.0.plan_step();
        let job = plan.jobs.get(1)?.clone();
        self.1 = Some(Shared { plan, own: None });
        Some((job, self.0.weight_bytes()))
    }

    fn sentences_for_helper(&mut self) -> Option<(TaskKind, String)> {
        if self.2 {
            return None;
        }
        let sentences = self.0.sentences()?;
        self.2 = true;
        Some((sentences.task, sentences.to_text(&[])))
    }

    fn compute_own_shard(&mut self) -> bool {
        match self.1.as_mut() {
            Some(shared) if shared.own.is_none() => {
                shared.own = Some(self.0.shard_gradients(&shared.plan.jobs[0]));
                true
            }
            _ => false,
        }
    }

    fn finish_shared_step(
        &mut self,
        helper: Option<(ShardReport, Vec<f32>)>,
    ) -> Option<StepReport> {
        self.compute_own_shard();
        let Shared { plan, own } = self.1.take()?;
        let theirs = match helper {
            Some((report, values)) => ShardGradients { report, values },
            None => self.0.shard_gradients(&plan.jobs[1]),
        };
        let shards = vec![own.expect("computed above"), theirs];
        // An answer that does not fit (a bug) skips the batch: the weights
        // stay as they were, and the next step goes on.
        self.0.finish_step(plan, shards).ok()
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

    fn translate(
        &self,
        text: &str,
        cached: bool,
        strategy: &Strategy,
    ) -> Result<Translation, Unanswered> {
        self.0
            .translate_by(text, cached, strategy)
            .map_err(|e| match e {
                TranslateError::Input(e) => self.unanswered(e),
                TranslateError::Strategy(e) => Unanswered::Strategy(e),
            })
    }

    fn compare_decoding(&self, beam: Beam, max_sentences: usize) -> DecodingComparison {
        self.0.compare_decoding(beam, max_sentences)
    }

    fn trace_head(&self, request: &TraceRequest) -> Result<HeadTrace, Unanswered> {
        self.0.trace_head(request).map_err(|e| self.unanswered(e))
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

    fn take_curves(&mut self) -> Option<lab_protocol::Curves> {
        self.0.take_curves()
    }
}
