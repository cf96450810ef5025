//! The fake model the state machine is tested against.

use super::*;

/// A stand-in model whose loss falls by 0.1 a step, or turns NaN at `nan_at`.
pub(super) struct Fake {
    settings: Settings,
    step: usize,
    nan_at: Option<usize>,
    /// A step is shared with a (pretend) helper.
    sharing: bool,
    /// A real task's model hands its sentences to the helper once.
    sentences_sent: bool,
    /// Read from bytes that carry curves (`F`, step, `C`): its steps 1..=step.
    carried: bool,
}

impl LabModel for Fake {
    fn build(settings: &Settings) -> Result<Self, SettingsError> {
        Ok(Fake {
            settings: settings.clone(),
            step: 0,
            nan_at: (settings.lr_factor > 5.0).then_some(3),
            sharing: false,
            sentences_sent: false,
            carried: false,
        })
    }
    fn task_shape(_: &Settings) -> Result<TaskShape, SettingsError> {
        Ok(TaskShape {
            src_vocab: 40,
            tgt_vocab: 50,
            longest_source: 10,
            longest_target: 12,
        })
    }
    fn from_bytes(bytes: &[u8]) -> Result<Self, CheckpointProblem> {
        match bytes {
            [b'F', step, rest @ ..] if rest.is_empty() || rest == b"C" => Ok(Fake {
                settings: Settings::toy(TaskKind::Copy),
                step: *step as usize,
                nan_at: None,
                sharing: false,
                sentences_sent: false,
                carried: rest == b"C",
            }),
            _ => Err(CheckpointProblem::NotACheckpoint),
        }
    }
    fn to_bytes(&self) -> Vec<u8> {
        vec![b'F', self.step as u8]
    }
    fn take_curves(&mut self) -> Option<Curves> {
        let carried = std::mem::replace(&mut self.carried, false);
        carried.then(|| {
            let mut curves = Curves::default();
            for step in 1..=self.step {
                curves.push_train(&[TrainPoint {
                    step,
                    loss: 5.0 - 0.1 * step as f32,
                    token_accuracy: 0.5,
                    learning_rate: 1e-3,
                }]);
            }
            curves
        })
    }
    fn step(&mut self) -> StepReport {
        self.step += 1;
        let loss = if Some(self.step) == self.nan_at {
            f32::NAN
        } else if self.settings.lr_factor == 7.0 && self.step >= 2 {
            50.0
        } else {
            5.0 - 0.1 * self.step as f32
        };
        StepReport {
            step: self.step,
            loss,
            token_accuracy: 0.5,
            learning_rate: 1e-3,
            tokens_per_s: 1000.0,
        }
    }
    fn evaluate(&self, _: usize) -> EvalReport {
        EvalReport {
            step: self.step,
            loss: 1.0,
            ..Default::default()
        }
    }
    fn probe(
        &self,
        trace: Option<&TraceRequest>,
    ) -> (AttentionSet, ProbePrediction, Option<HeadTrace>) {
        let trace = trace.map(|r| HeadTrace {
            request: Some(r.clone()),
            ..Default::default()
        });
        (AttentionSet::default(), ProbePrediction::default(), trace)
    }
    fn translate(&self, text: &str, _: bool, _: &Strategy) -> Result<Translation, Unanswered> {
        Err(unknown(text))
    }
    fn compare_decoding(&self, beam: Beam, max_sentences: usize) -> DecodingComparison {
        DecodingComparison {
            beam,
            sentences: max_sentences,
            greedy_bleu: 0.0,
            beam_bleu: 0.0,
            greedy_exact: 0.0,
            beam_exact: 0.0,
        }
    }
    fn trace_head(&self, request: &TraceRequest) -> Result<HeadTrace, Unanswered> {
        match &request.sentence {
            Some(text) => Err(unknown(text)),
            None => Ok(HeadTrace {
                request: Some(request.clone()),
                ..Default::default()
            }),
        }
    }
    fn mask_demo(&self, _: usize) -> MaskDemo {
        MaskDemo::default()
    }
    fn settings(&self) -> &Settings {
        &self.settings
    }
    fn facts(&self) -> TaskFacts {
        TaskFacts {
            seed: self.settings.seed,
            ..Default::default()
        }
    }
    fn step_count(&self) -> usize {
        self.step
    }
    fn share_step(&mut self) -> Option<(ShardJob, Vec<u8>)> {
        if self.sharing {
            return None;
        }
        self.sharing = true;
        let job = ShardJob {
            settings: self.settings.clone(),
            step: self.step,
            shard: 1,
            seed: 0,
            pairs: vec![0],
            batch_tokens: 1,
        };
        Some((job, f32s_to_bytes(&[self.step as f32])))
    }
    fn compute_own_shard(&mut self) -> bool {
        self.sharing
    }
    fn finish_shared_step(
        &mut self,
        _helper: Option<(ShardReport, Vec<f32>)>,
    ) -> Option<StepReport> {
        std::mem::take(&mut self.sharing).then(|| self.step())
    }
    fn sentences_for_helper(&mut self) -> Option<(TaskKind, String)> {
        let task = self.settings.task;
        (task.is_real() && !std::mem::replace(&mut self.sentences_sent, true))
            .then(|| (task, format!("the sentences of {}", task.name())))
    }
}

/// Every typed word is unknown to the fake model.
fn unknown(text: &str) -> Unanswered {
    Unanswered::Unknown {
        words: text.split_whitespace().map(String::from).collect(),
        vocabulary: 40,
    }
}
