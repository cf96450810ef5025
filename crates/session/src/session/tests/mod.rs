//! The state machine against a fake model: every message, the helper, saving and restoring.

use super::*;
use lab_math::search::StrategyError;
use lab_protocol::shard::f32s_to_bytes;
use lab_protocol::{
    AttentionKind, AttentionSet, Beam, CheckpointProblem, Curves, DecodingComparison, HeadTrace,
    MaskDemo, ProbePrediction, RunSummary, SaveCost, Settings, SettingsError, ShardJob,
    ShardReport, StepReport, StorageError, Strategy, TaskFacts, TaskShape, Translation, Unanswered,
};
use lab_tasks::TaskKind;

mod fake;
mod helper;
mod saving;

use fake::Fake;

fn helper_answer(step: usize) -> HelperAnswer {
    let report = ShardReport {
        step,
        shard: 1,
        loss: 1.0,
        correct: 0,
        n_tokens: 1,
        present: vec![true],
    };
    HelperAnswer::Shard(report, vec![0.0])
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
        // A float prints as `NaN`, `inf` or `-inf` only when it is not finite.
        let printed = format!("{o:?}");
        let mut words = printed.split(|c: char| !(c.is_alphanumeric() || c == '_'));
        assert!(
            !words.any(|w| w == "NaN" || w == "inf"),
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
        matches!(
            &out[..],
            [WorkerOutput::DecodingCompared(Err(Unanswered::NoModel))]
        ),
        "{out:?}"
    );
    let mut s = new_session(Settings::toy(TaskKind::Copy));
    let wide = Beam {
        size: lab_math::search::MAX_BEAM_SIZE + 1,
        alpha: 0.6,
    };
    let out = s.handle(WorkerInput::CompareDecoding { beam: wide }, 0.0);
    assert!(
        matches!(
            &out[..],
            [WorkerOutput::DecodingCompared(Err(Unanswered::Strategy(
                StrategyError::BeamSize { .. }
            )))]
        ),
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
        matches!(
            &out[..],
            [WorkerOutput::Translated { id: 9, result: Err(Unanswered::Unknown { words, .. }) }]
                if words == &["zebra"]
        ),
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
        matches!(
            &out[..],
            [WorkerOutput::Trace(Err(Unanswered::Unknown { words, .. }))] if words == &["zebra"]
        ),
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
