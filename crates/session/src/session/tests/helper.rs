//! The helper worker's shard of a step: shared, handed the sentences, given up, or late.

use super::*;

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
    let out = s.finish_shared_step(ticket, HelperAnswer::Gone, 2e3);
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
    let out = s.finish_shared_step(ticket, HelperAnswer::Gone, due);
    let snapshot = matches!(out.last(), Some(WorkerOutput::Snapshot(_)));
    assert!(snapshot, "{out:?}");
    assert_eq!(s.helper_watchdog(ticket, due, due), Watchdog::Done);
    assert_eq!(s.model.as_ref().unwrap().step_count(), 1);
}

#[test]
fn a_pause_during_a_shared_step_is_answered_when_the_step_ends() {
    let mut s = new_session(Settings::toy(TaskKind::Copy));
    s.handle(WorkerInput::Play, 0.0);
    let ticket = s.begin_shared_step().expect("training").ticket;
    s.compute_own_shard(&mut clock(1.0));
    assert!(
        s.handle(WorkerInput::Pause, 5.0).is_empty(),
        "no word of the pause while the step under way has not ended"
    );
    assert!(!s.is_running());
    let out = s.finish_shared_step(ticket, helper_answer(0), 1e3);
    let Some(WorkerOutput::Snapshot(snap)) = out.last() else {
        panic!("{out:?}")
    };
    assert!(!snap.running, "the step's report says training stopped");
    assert_eq!(
        snap.points.iter().map(|p| p.step).collect::<Vec<_>>(),
        vec![1]
    );
    assert!(s.begin_shared_step().is_none(), "paused: no next step");
    // With no step under way, a pause is answered at once.
    let out = s.handle(WorkerInput::Pause, 2e3);
    assert!(matches!(out.last(), Some(WorkerOutput::Snapshot(s)) if !s.running));
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

#[test]
fn a_shard_the_helper_could_not_compute_is_computed_here_and_why_is_kept() {
    let mut s = new_session(Settings::toy(TaskKind::RealEnZh));
    s.handle(WorkerInput::Play, 0.0);
    let ticket = s.begin_shared_step().expect("training").ticket;
    let unread = ShardFailure::Sentences {
        task: TaskKind::RealEnZh,
        why: lab_tasks::corpus::CorpusError::Empty,
    };
    let failed = HelperAnswer::Failed(unread.clone());
    let out = s.finish_shared_step(ticket, failed, 1e3);
    let Some(WorkerOutput::Snapshot(snap)) = out.last() else {
        panic!("{out:?}")
    };
    assert_eq!((snap.points.len(), snap.shared_steps), (1, 0), "done here");
    assert_eq!(s.model.as_ref().unwrap().step_count(), 1);
    assert_eq!(s.helper_failure(), Some(&unread));
    assert!(!s.awaiting_helper(), "the helper stays, for the next step");
    // A shard it computes again clears the reason.
    let ticket = s.begin_shared_step().expect("the next step").ticket;
    s.finish_shared_step(ticket, helper_answer(1), 2e3);
    assert_eq!(s.helper_failure(), None);
    assert_eq!(s.model.as_ref().unwrap().step_count(), 2);
}
