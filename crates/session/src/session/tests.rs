//! The state machine against a fake model: every message, the helper, saving and restoring.

use super::*;
use lab_protocol::{
    AttentionKind, AttentionSet, Beam, Curves, DecodingComparison, HeadTrace, MaskDemo,
    ProbePrediction, RunSummary, SaveCost, Settings, SettingsError, ShardJob, ShardReport,
    StepReport, StorageError, TaskFacts, TaskShape, Translation,
};
use lab_tasks::TaskKind;

/// A stand-in model whose loss falls by 0.1 a step, or turns NaN at `nan_at`.
struct Fake {
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
    fn from_bytes(bytes: &[u8]) -> Result<Self, String> {
        match bytes {
            [b'F', step, rest @ ..] if rest.is_empty() || rest == b"C" => Ok(Fake {
                settings: Settings::toy(TaskKind::Copy),
                step: *step as usize,
                nan_at: None,
                sharing: false,
                sentences_sent: false,
                carried: rest == b"C",
            }),
            _ => Err("bad magic".into()),
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
    fn translate(&self, text: &str, _: bool, _: &Strategy) -> Result<Translation, String> {
        Err(format!("unknown word {text:?}"))
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
    fn trace_head(&self, request: &TraceRequest) -> Result<HeadTrace, String> {
        match &request.sentence {
            Some(text) => Err(format!("unknown word {text:?}")),
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
    fn share_step(&mut self) -> Option<(ShardJob, Vec<f32>)> {
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
        Some((job, vec![self.step as f32]))
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

fn helper_answer(step: usize) -> Option<(ShardReport, Vec<f32>)> {
    let report = ShardReport {
        step,
        shard: 1,
        loss: 1.0,
        correct: 0,
        n_tokens: 1,
        present: vec![true],
    };
    Some((report, vec![0.0]))
}

#[test]
fn a_step_shared_with_the_helper_is_reported_like_a_chunks_step() {
    let mut s = new_session(Settings::toy(TaskKind::Copy));
    assert!(s.begin_shared_step().is_none(), "not training");
    s.handle(WorkerInput::Play, 0.0);
    let shared = s.begin_shared_step().expect("training");
    let ticket = shared.ticket;
    assert_eq!(
        (shared.job.step, shared.job.shard, shared.weights),
        (0, 1, vec![0.0])
    );
    assert_eq!(shared.sentences, None, "a toy's data is generated in code");
    assert!(s.awaiting_helper());
    assert!(s.begin_shared_step().is_none(), "one step at a time");
    s.compute_own_shard(&mut clock(1.0));
    assert!(
        s.finish_shared_step(ticket + 1, helper_answer(0), 1e3)
            .is_empty(),
        "not its ticket"
    );
    let out = s.finish_shared_step(ticket, helper_answer(0), 1e3);
    let Some(WorkerOutput::Snapshot(snap)) = out.last() else {
        panic!("{out:?}")
    };
    assert_eq!(
        snap.points.iter().map(|p| p.step).collect::<Vec<_>>(),
        vec![1]
    );
    assert_eq!(snap.shared_steps, 1, "the helper shared it");
    assert!(!s.awaiting_helper());
    // The helper is gone: its shard is computed here and the run goes on.
    let ticket = s.begin_shared_step().expect("the next step").ticket;
    let out = s.finish_shared_step(ticket, None, 2e3);
    let Some(WorkerOutput::Snapshot(snap)) = out.last() else {
        panic!("{out:?}")
    };
    assert_eq!((snap.points.len(), snap.shared_steps), (1, 0));
    assert_eq!(s.model.as_ref().unwrap().step_count(), 2);
}

#[test]
fn the_helper_is_handed_a_real_runs_sentences_once_per_model() {
    let mut s = new_session(Settings::toy(TaskKind::RealEnZh));
    s.handle(WorkerInput::Play, 0.0);
    let sent = |s: &mut Session<Fake>| {
        let shared = s.begin_shared_step().expect("training");
        s.finish_shared_step(shared.ticket, helper_answer(0), 1e3);
        shared.sentences.map(|(task, _)| task)
    };
    assert_eq!(
        sent(&mut s),
        Some(TaskKind::RealEnZh),
        "before the first shard"
    );
    assert_eq!(sent(&mut s), None, "once");
    // A new model (here, the reader's pairs) hands over its own.
    let custom = Settings::toy(TaskKind::Custom);
    s.handle(WorkerInput::New { settings: custom }, 0.0);
    s.handle(WorkerInput::Play, 0.0);
    assert_eq!(sent(&mut s), Some(TaskKind::Custom));
    assert_eq!(sent(&mut s), None);
}

#[test]
fn a_helper_that_never_answers_is_given_up_after_its_patience() {
    let mut s = new_session(Settings::toy(TaskKind::Copy));
    s.handle(WorkerInput::Play, 0.0);
    let ticket = s.begin_shared_step().unwrap().ticket;
    // The clock reads 1300 before this worker's shard and 1600 after.
    let deadline = s.compute_own_shard(&mut clock(300.0)).unwrap();
    assert_eq!(deadline, 1600.0 + helper_patience_ms(300.0));
    assert_eq!(helper_patience_ms(300.0), 6_000.0, "20 times its own shard");
    assert_eq!(helper_patience_ms(1.0), HELPER_MIN_PATIENCE_MS);
    // A timer that fires early looks again at the deadline.
    let early = s.helper_watchdog(ticket, deadline - 10.0, deadline - 10.0);
    assert_eq!(early, Watchdog::WaitUntil(deadline));
    let other = s.helper_watchdog(ticket + 1, deadline, deadline);
    assert_eq!(other, Watchdog::Done, "another step's watchdog");
    // A timer that fired 5 s late slept with this worker: patience again.
    let woke = deadline + 5_000.0;
    let again = s.helper_watchdog(ticket, deadline, woke);
    assert_eq!(again, Watchdog::WaitUntil(woke + 6_000.0));
    // On time, past the deadline: given up.
    let due = woke + 6_000.0;
    assert_eq!(s.helper_watchdog(ticket, due, due + 1.0), Watchdog::GiveUp);
    // The step is finished here, and the watchdog has nothing left to do.
    let out = s.finish_shared_step(ticket, None, due);
    let snapshot = matches!(out.last(), Some(WorkerOutput::Snapshot(_)));
    assert!(snapshot, "{out:?}");
    assert_eq!(s.helper_watchdog(ticket, due, due), Watchdog::Done);
    assert_eq!(s.model.as_ref().unwrap().step_count(), 1);
}

#[test]
fn a_late_answer_for_a_replaced_model_is_dropped() {
    let mut s = new_session(Settings::toy(TaskKind::Copy));
    s.handle(WorkerInput::Play, 0.0);
    let ticket = s.begin_shared_step().unwrap().ticket;
    s.handle(
        WorkerInput::New {
            settings: Settings::toy(TaskKind::Reverse),
        },
        0.0,
    );
    assert!(s
        .finish_shared_step(ticket, helper_answer(0), 1e3)
        .is_empty());
    assert_eq!(s.model.as_ref().unwrap().step_count(), 0);
    assert!(!s.awaiting_helper(), "the next step may start");
}

fn new_session(settings: Settings) -> Session<Fake> {
    let mut s = Session::default();
    let out = s.handle(WorkerInput::New { settings }, 0.0);
    assert!(matches!(out[0], WorkerOutput::Loaded(_)), "{out:?}");
    s
}

/// A clock that advances `tick` ms per read.
fn clock(tick: f64) -> impl FnMut() -> f64 {
    let mut t = 1000.0;
    move || {
        t += tick;
        t
    }
}

#[test]
fn with_an_evaluator_training_never_stops_to_evaluate_and_its_reports_are_kept() {
    // Alone, the worker evaluates every EVAL_EVERY steps itself.
    let mut alone = new_session(Settings::toy(TaskKind::Copy));
    alone.running = true;
    alone.train_steps(EVAL_EVERY - 1);
    let out = alone.train_steps(1);
    assert!(
        matches!(&out[..], [WorkerOutput::Eval(r)] if r.step == EVAL_EVERY),
        "{out:?}"
    );

    let mut s = new_session(Settings::toy(TaskKind::Copy));
    s.handle(WorkerInput::EvaluatorPresent { present: true }, 0.0);
    s.running = true;
    let out = s.train_steps(EVAL_EVERY);
    assert!(
        out.is_empty(),
        "no evaluation on the training path: {out:?}"
    );
    // The evaluator gets the run's bytes and answers with an evaluation of them.
    let out = s.handle(
        WorkerInput::Save {
            purpose: SavePurpose::Evaluate,
        },
        0.0,
    );
    let [WorkerOutput::Checkpoint {
        bytes,
        step,
        purpose: SavePurpose::Evaluate,
    }] = &out[..]
    else {
        panic!("{out:?}")
    };
    assert_eq!(*step, EVAL_EVERY);
    let mut evaluator: Session<Fake> = Session::default();
    let out = evaluator.handle(
        WorkerInput::EvaluateCheckpoint {
            bytes: bytes.clone(),
        },
        0.0,
    );
    let [WorkerOutput::Eval(report)] = &out[..] else {
        panic!("{out:?}")
    };
    assert_eq!(report.step, EVAL_EVERY);
    assert!(!evaluator.has_model(), "the evaluator keeps no model");
    // Back in the training worker, the report joins the run's curves.
    let out = s.handle(
        WorkerInput::RecordEval {
            report: report.clone(),
        },
        0.0,
    );
    assert!(
        matches!(&out[..], [WorkerOutput::Eval(r)] if r == report),
        "{out:?}"
    );
    assert_eq!(s.history.eval.len(), 1);
    assert_eq!(s.history.eval[0].step, EVAL_EVERY);
    // A report from a step this run has not reached (a previous run's) is dropped.
    let late = EvalReport {
        step: EVAL_EVERY + 1,
        ..report.clone()
    };
    assert!(s
        .handle(WorkerInput::RecordEval { report: late }, 0.0)
        .is_empty());
    let nan = EvalReport {
        loss: f32::NAN,
        ..report.clone()
    };
    assert!(s
        .handle(WorkerInput::RecordEval { report: nan }, 0.0)
        .is_empty());
    assert_eq!(s.history.eval.len(), 1);
    // Bytes that are not a checkpoint are an error, not a panic.
    let out = evaluator.handle(
        WorkerInput::EvaluateCheckpoint {
            bytes: b"zz".to_vec(),
        },
        0.0,
    );
    assert!(
        matches!(
            &out[..],
            [WorkerOutput::Error(WorkerError::Checkpoint { .. })]
        ),
        "{out:?}"
    );
}

#[test]
fn invalid_settings_are_refused_and_nothing_is_built() {
    let mut s: Session<Fake> = Session::default();
    let out = s.handle(
        WorkerInput::New {
            settings: Settings {
                n_heads: 3,
                ..Settings::toy(TaskKind::Copy)
            },
        },
        0.0,
    );
    assert!(matches!(&out[..], [WorkerOutput::Refused(_)]), "{out:?}");
    assert!(!s.has_model());
}

#[test]
fn a_chunk_trains_until_its_budget_and_reports_every_step() {
    let mut s = new_session(Settings::toy(TaskKind::Copy));
    s.handle(WorkerInput::Play, 0.0);
    let out = s.train_chunk(30.0, clock(10.0));
    let Some(WorkerOutput::Snapshot(snap)) = out.last() else {
        panic!("{out:?}")
    };
    assert_eq!(snap.points.len(), 3, "{snap:?}");
    assert_eq!(
        snap.points.iter().map(|p| p.step).collect::<Vec<_>>(),
        vec![1, 2, 3]
    );
    assert!(snap.running);
}

#[test]
fn pause_takes_effect_before_the_next_chunk() {
    let mut s = new_session(Settings::toy(TaskKind::Copy));
    s.handle(WorkerInput::Play, 0.0);
    s.train_chunk(5.0, clock(10.0));
    s.handle(WorkerInput::Pause, 0.0);
    assert!(!s.is_running());
    let out = s.train_chunk(5.0, clock(10.0));
    assert!(
        out.iter()
            .all(|o| !matches!(o, WorkerOutput::Snapshot(snap) if !snap.points.is_empty())),
        "{out:?}"
    );
}

#[test]
fn a_nan_loss_pauses_and_explains_and_never_travels() {
    let mut s = new_session(Settings {
        lr_factor: 8.0,
        ..Settings::toy(TaskKind::Copy)
    });
    s.handle(WorkerInput::Play, 0.0);
    let out = s.train_chunk(1e9, clock(1.0));
    assert!(
        out.iter().any(|o| matches!(o, WorkerOutput::Diverged { why, .. } if why.step() == 3 && why.to_string().contains("Reset"))),
        "{out:?}"
    );
    assert!(!s.is_running());
    for o in &out {
        assert!(
            !o.to_json().contains("null"),
            "non-finite number leaked: {o:?}"
        );
    }
    let again = s.handle(WorkerInput::Play, 0.0);
    assert!(
        matches!(&again[..], [WorkerOutput::Diverged { .. }]),
        "{again:?}"
    );
    let reset = s.handle(
        WorkerInput::New {
            settings: Settings::toy(TaskKind::Copy),
        },
        0.0,
    );
    assert!(matches!(reset[0], WorkerOutput::Loaded(_)));
    assert!(matches!(
        s.handle(WorkerInput::Play, 0.0)[0],
        WorkerOutput::Snapshot(_)
    ));
}

#[test]
fn a_garbage_checkpoint_keeps_the_current_model() {
    let mut s = new_session(Settings::toy(TaskKind::Copy));
    s.handle(WorkerInput::Step, 0.0);
    let out = s.handle(
        WorkerInput::LoadCheckpoint {
            bytes: b"garbage".to_vec(),
            origin: ModelOrigin::Uploaded,
        },
        0.0,
    );
    assert!(
        matches!(
            &out[..],
            [WorkerOutput::Error(WorkerError::Checkpoint {
                kept: true,
                ..
            })]
        ),
        "{out:?}"
    );
    let out = s.handle(WorkerInput::Step, 0.0);
    assert!(
        matches!(&out[0], WorkerOutput::Snapshot(snap) if snap.step == 2),
        "{out:?}"
    );
}

#[test]
fn a_checkpoint_round_trips_through_save_and_load() {
    let mut s = new_session(Settings::toy(TaskKind::Copy));
    s.handle(WorkerInput::Step, 0.0);
    s.handle(WorkerInput::Step, 0.0);
    let out = s.handle(
        WorkerInput::Save {
            purpose: lab_protocol::SavePurpose::Download,
        },
        0.0,
    );
    let [WorkerOutput::Checkpoint { bytes, step: 2, .. }] = &out[..] else {
        panic!("{out:?}")
    };
    let mut other: Session<Fake> = Session::default();
    let out = other.load_bytes(bytes, ModelOrigin::Uploaded, 0.0);
    assert!(
        matches!(&out[0], WorkerOutput::Loaded(info) if info.step == 2 && info.origin == ModelOrigin::Uploaded),
        "{out:?}"
    );
}

#[test]
fn a_checkpoint_that_carries_its_training_curves_opens_on_them() {
    let mut s: Session<Fake> = Session::default();
    let out = s.load_bytes(&[b'F', 6, b'C'], ModelOrigin::Pretrained, 0.0);
    let Some(WorkerOutput::Loaded(info)) = out.first() else {
        panic!("{out:?}")
    };
    let curves = info
        .curves
        .as_ref()
        .expect("the carried curves go to the page");
    let steps: Vec<usize> = curves.train.iter().map(|p| p.step).collect();
    assert_eq!(steps, (1..=6).collect::<Vec<_>>());
    // Training goes on from them, and a saved run keeps them.
    s.handle(WorkerInput::Step, 0.0);
    assert_eq!(s.history.train.len(), 7);
    assert_eq!(s.history.last_train().map(|p| p.step), Some(7));
    // A checkpoint without curves opens on none, as before.
    let out = s.load_bytes(&[b'F', 6], ModelOrigin::Pretrained, 0.0);
    assert!(
        matches!(out.first(), Some(WorkerOutput::Loaded(info)) if info.curves.is_none()),
        "{out:?}"
    );
    // Only its own evaluation on load: no training history.
    assert!(s.history.train.is_empty());
}

#[test]
fn a_decoding_comparison_is_refused_without_a_model_or_with_a_beam_out_of_range() {
    let mut empty: Session<Fake> = Session::default();
    let out = empty.handle(
        WorkerInput::CompareDecoding {
            beam: Beam::default(),
        },
        0.0,
    );
    assert!(
        matches!(&out[..], [WorkerOutput::DecodingCompared(Err(_))]),
        "{out:?}"
    );
    let mut s = new_session(Settings::toy(TaskKind::Copy));
    let wide = Beam {
        size: lab_math::search::MAX_BEAM_SIZE + 1,
        alpha: 0.6,
    };
    let out = s.handle(WorkerInput::CompareDecoding { beam: wide }, 0.0);
    assert!(
        matches!(&out[..], [WorkerOutput::DecodingCompared(Err(m))] if m.contains("beam size")),
        "{out:?}"
    );
    let out = s.handle(
        WorkerInput::CompareDecoding {
            beam: Beam::default(),
        },
        0.0,
    );
    assert!(
        matches!(&out[..], [WorkerOutput::DecodingCompared(Ok(c))] if c.sentences == DECODING_COMPARISON_SENTENCES),
        "{out:?}"
    );
}

#[test]
fn translation_errors_come_back_as_values() {
    let mut s = new_session(Settings::toy(TaskKind::Copy));
    let out = s.handle(
        WorkerInput::Translate {
            id: 9,
            text: "zebra".into(),
            cached: true,
            strategy: Strategy::Greedy,
        },
        0.0,
    );
    assert!(
        matches!(&out[..], [WorkerOutput::Translated { id: 9, result: Err(m) }] if m.contains("zebra")),
        "{out:?}"
    );
}

#[test]
fn an_opened_probe_head_answers_at_once_and_follows_training() {
    let mut s = new_session(Settings::toy(TaskKind::Copy));
    let request = TraceRequest {
        kind: AttentionKind::Cross,
        layer: 0,
        head: 1,
        sentence: None,
    };
    let out = s.handle(
        WorkerInput::Trace {
            request: Some(request.clone()),
        },
        0.0,
    );
    assert!(
        matches!(&out[..], [WorkerOutput::Trace(Ok(t))] if t.request.as_ref() == Some(&request)),
        "{out:?}"
    );
    let out = s.handle(WorkerInput::Step, 0.0);
    assert!(
        matches!(&out[0], WorkerOutput::Snapshot(snap) if snap.trace.is_some() && snap.prediction.is_some()),
        "{out:?}"
    );
    s.handle(WorkerInput::Trace { request: None }, 0.0);
    let out = s.handle(WorkerInput::Step, 0.0);
    assert!(
        matches!(&out[0], WorkerOutput::Snapshot(snap) if snap.trace.is_none()),
        "{out:?}"
    );
}

#[test]
fn a_typed_sentence_trace_is_answered_once_and_errors_are_values() {
    let mut s = new_session(Settings::toy(TaskKind::Copy));
    let request = TraceRequest {
        kind: AttentionKind::EncoderSelf,
        layer: 0,
        head: 0,
        sentence: Some("zebra".into()),
    };
    let out = s.handle(
        WorkerInput::Trace {
            request: Some(request),
        },
        0.0,
    );
    assert!(
        matches!(&out[..], [WorkerOutput::Trace(Err(m))] if m.contains("zebra")),
        "{out:?}"
    );
    let out = s.handle(WorkerInput::Step, 0.0);
    assert!(
        matches!(&out[0], WorkerOutput::Snapshot(snap) if snap.trace.is_none()),
        "{out:?}"
    );
}

#[test]
fn a_loss_that_explodes_pauses_and_is_explained_with_a_safe_reset() {
    // The fake's loss falls from 4.9; at lr_factor 7 it jumps to 50 at step 2.
    let mut s = new_session(Settings {
        lr_factor: 7.0,
        warmup_steps: 1,
        ..Settings::toy(TaskKind::Copy)
    });
    s.handle(WorkerInput::Play, 0.0);
    let out = s.train_chunk(1e9, clock(1.0));
    let stopped = out.iter().find_map(|o| match o {
        WorkerOutput::Diverged { why, suggested } => {
            Some((why.step(), why.to_string(), suggested.clone()))
        }
        _ => None,
    });
    let (step, message, suggested) = stopped.expect("the blow-up is reported");
    assert_eq!(step, 2);
    assert!(
        message.contains("warm-up too short or factor too high"),
        "{message}"
    );
    let suggested = suggested.expect("a reset is offered");
    assert_eq!((suggested.lr_factor, suggested.warmup_steps), (1.0, 200));
    assert!(!s.is_running());
    let again = s.handle(WorkerInput::Play, 0.0);
    assert!(
        matches!(&again[..], [WorkerOutput::Diverged { why, .. }] if why.to_string() == message),
        "the same explanation again: {again:?}"
    );
}

/// The identity of the tab the sessions below keep the run of.
const TAB: &str = "00c0ffee00c0ffee";

/// A save's cost as the glue measures it.
const COST: SaveCost = SaveCost {
    snapshot_ms: 1.0,
    write_ms: 2.0,
};

/// A session that keeps a tab's run, with a model at step 0.
fn persisting() -> Session<Fake> {
    let mut s = new_session(Settings::toy(TaskKind::Copy));
    s.handle(WorkerInput::Persist { tab: TAB.into() }, 0.0);
    s
}

#[test]
fn only_the_pages_own_worker_saves_and_a_new_model_is_saved_at_once() {
    let mut compare = new_session(Settings::toy(TaskKind::Copy));
    assert_eq!(
        compare.autosave_due(0.0, 1.0),
        None,
        "a compare worker never saves"
    );
    let mut s = persisting();
    let record = s
        .autosave_due(0.0, 1.0)
        .expect("a new, paused model is saved");
    assert_eq!(
        (record.key(), record.step, record.bytes.clone()),
        (format!("tab:{TAB}"), 0, vec![b'F', 0])
    );
    assert_eq!(s.autosave_due(0.0, 1.0), None, "one save at a time");
    let out = s.autosaved(0, Ok(COST), 0.0);
    assert_eq!(
        out,
        vec![WorkerOutput::Stored {
            name: None,
            step: 0,
            cost: Some(COST),
        }]
    );
    assert_eq!(s.autosave_due(0.0, 1.0), None, "nothing changed since");
}

#[test]
fn training_saves_every_interval_and_at_the_pause() {
    let mut s = persisting();
    let first = s.autosave_due(0.0, 1.0).expect("the new model");
    s.autosaved(first.step, Ok(COST), 0.0);
    s.handle(WorkerInput::Play, 0.0);
    s.train_chunk(5.0, clock(10.0));
    assert_eq!(
        s.autosave_due(AUTOSAVE_MS - 1.0, 1.0),
        None,
        "not yet while training"
    );
    let due = s
        .autosave_due(AUTOSAVE_MS, 1.0)
        .expect("due after the interval");
    assert_eq!(due.step, 1);
    s.autosaved(due.step, Ok(COST), AUTOSAVE_MS);
    s.train_chunk(5.0, clock(10.0));
    s.handle(WorkerInput::PageHidden, AUTOSAVE_MS + 1.0);
    let hidden = s
        .autosave_due(AUTOSAVE_MS + 1.0, 1.0)
        .expect("saved when the page is hidden");
    assert_eq!(hidden.step, 2);
    s.autosaved(hidden.step, Ok(COST), AUTOSAVE_MS + 1.0);
    s.train_chunk(5.0, clock(10.0));
    s.handle(WorkerInput::Pause, AUTOSAVE_MS + 2.0);
    let paused = s
        .autosave_due(AUTOSAVE_MS + 2.0, 1.0)
        .expect("saved at the pause");
    assert_eq!(paused.step, 3);
    let curves: Curves = serde_json::from_str(&paused.curves_json).expect("the curves");
    assert_eq!(
        curves.train.iter().map(|p| p.step).collect::<Vec<_>>(),
        vec![1, 2, 3]
    );
}

#[test]
fn a_save_that_fails_is_reported_and_the_run_is_saved_again_once_it_changes() {
    let mut s = persisting();
    let record = s.autosave_due(0.0, 1.0).expect("due");
    let full = StorageError::Quota { name: None };
    let out = s.autosaved(record.step, Err(full.clone()), 0.0);
    assert_eq!(out, vec![WorkerOutput::StorageFailed(full)]);
    assert_eq!(
        s.autosave_due(0.0, 1.0),
        None,
        "no retry loop on a full disk"
    );
    s.handle(WorkerInput::Step, 0.0);
    assert_eq!(s.autosave_due(0.0, 1.0).map(|r| r.step), Some(1));
}

#[test]
fn a_restored_run_brings_back_its_curves_and_is_not_saved_again() {
    let mut s = persisting();
    s.handle(WorkerInput::Step, 0.0);
    s.handle(WorkerInput::Evaluate, 0.0);
    let record = s.run_record(Some("baseline".into()), 1.0).expect("a model");
    assert_eq!(record.key(), "named:baseline");
    let summary: RunSummary = serde_json::from_str(&record.summary_json).expect("summary");
    assert_eq!((summary.name.as_str(), summary.step), ("baseline", 1));

    let mut fresh = Session::<Fake>::default();
    fresh.handle(WorkerInput::Persist { tab: TAB.into() }, 0.0);
    let out = fresh
        .restore(&record.bytes, &record.curves_json, 0.0, true)
        .expect("own record restores");
    let WorkerOutput::Loaded(info) = &out[0] else {
        panic!("{out:?}")
    };
    assert_eq!((info.step, info.origin), (1, ModelOrigin::Restored));
    let curves = info.curves.clone().expect("the saved curves");
    assert_eq!(curves.train.len(), 1);
    assert_eq!(curves.eval.len(), 1);
    assert_eq!(
        fresh.autosave_due(0.0, 1.0),
        None,
        "it is what the autosave holds"
    );
    assert!(fresh.restore(b"garbage", "[]", 0.0, true).is_err());
    assert!(fresh.has_model(), "a bad record keeps the current model");
}

#[test]
fn store_asks_for_a_save_and_download_sends_the_bytes() {
    let mut s = persisting();
    let first = s.autosave_due(0.0, 1.0).expect("the new model");
    s.autosaved(first.step, Ok(COST), 0.0);
    let out = s.handle(
        WorkerInput::Save {
            purpose: SavePurpose::Store,
        },
        0.0,
    );
    assert!(out.is_empty(), "the worker writes it itself: {out:?}");
    assert!(s.autosave_due(0.0, 1.0).is_some());
}

#[test]
fn settings_too_big_for_a_worker_are_refused_before_anything_is_built() {
    let mut s = new_session(Settings::toy(TaskKind::Copy));
    let heaviest = Settings {
        d_model: 512,
        n_heads: 8,
        n_layers: 6,
        d_ff: 2048,
        batch_size: 512,
        ..Settings::toy(TaskKind::Copy)
    };
    assert_eq!(
        heaviest.validate(),
        Ok(()),
        "the form's own rules accept it"
    );
    assert_eq!(
        Session::<Fake>::estimate(&heaviest),
        None,
        "no estimate to announce"
    );
    let out = s.handle(WorkerInput::New { settings: heaviest }, 0.0);
    let [WorkerOutput::Refused(refused)] = &out[..] else {
        panic!("{out:?}")
    };
    assert!(
        matches!(refused.problems[0].rule, lab_protocol::Rule::Memory { .. }),
        "{refused:?}"
    );
    assert_eq!(
        s.model.as_ref().map(|m| m.settings().d_model),
        Some(64),
        "the current model keeps working"
    );
    let fits = Session::<Fake>::estimate(&Settings::toy(TaskKind::Copy)).expect("the toy fits");
    assert!(fits.fits() && fits.parameters > 0);
}
