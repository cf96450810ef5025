//! The helper worker's shard of a step: shared, handed the sentences, given up, or late.

use super::*;

#[test]
fn a_step_shared_with_the_helper_is_reported_like_a_chunks_step() {
    let mut s = new_session(Settings::toy(TaskKind::Copy));
    assert!(s.begin_shared_step(0.0).is_none(), "not training");
    s.handle(WorkerInput::Play, 0.0);
    let shared = s.begin_shared_step(0.0).expect("training");
    let ticket = shared.ticket;
    assert_eq!(
        (shared.job.step, shared.job.shard, shared.weights),
        (0, 1, f32s_to_bytes(&[0.0]))
    );
    assert_eq!(shared.sentences, None, "a toy's data is generated in code");
    assert!(s.awaiting_helper());
    assert!(s.begin_shared_step(0.0).is_none(), "one step at a time");
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
    let ticket = s.begin_shared_step(0.0).expect("the next step").ticket;
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
        let shared = s.begin_shared_step(0.0).expect("training");
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
    let ticket = s.begin_shared_step(0.0).unwrap().ticket;
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
    let ticket = s.begin_shared_step(0.0).expect("training").ticket;
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
    assert!(s.begin_shared_step(0.0).is_none(), "paused: no next step");
    // With no step under way, a pause is answered at once.
    let out = s.handle(WorkerInput::Pause, 2e3);
    assert!(matches!(out.last(), Some(WorkerOutput::Snapshot(s)) if !s.running));
}

#[test]
fn a_late_answer_for_a_replaced_model_is_dropped() {
    let mut s = new_session(Settings::toy(TaskKind::Copy));
    s.handle(WorkerInput::Play, 0.0);
    let ticket = s.begin_shared_step(0.0).unwrap().ticket;
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
    let ticket = s.begin_shared_step(0.0).expect("training").ticket;
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
    let ticket = s.begin_shared_step(0.0).expect("the next step").ticket;
    s.finish_shared_step(ticket, helper_answer(1), 2e3);
    assert_eq!(s.helper_failure(), None);
    assert_eq!(s.model.as_ref().unwrap().step_count(), 2);
}

/// Finishes the shared step `ticket` as the glue does when the helper
/// answers: the next step, if any, is passed on (and returned).
fn finish_and_pass_on(
    s: &mut Session<Fake>,
    ticket: u64,
    now: f64,
) -> (Vec<WorkerOutput>, Option<SharedStep>) {
    let mut passed = None;
    let out = s.finish_shared_step_and_pass_on(
        ticket,
        helper_answer(0),
        now,
        Some(|next| passed = Some(next)),
    );
    (out, passed)
}

#[test]
fn the_next_step_is_passed_on_as_the_last_one_finishes_and_its_own_shard_comes_after() {
    let mut s = new_session(Settings::toy(TaskKind::Copy));
    s.handle(WorkerInput::Play, 0.0);
    let first = s.begin_shared_step(0.0).expect("training");
    assert!(s.own_shard_due());
    assert!(s.compute_own_shard(&mut clock(1.0)).is_some());
    assert!(!s.own_shard_due(), "computed once");
    assert_eq!(s.compute_own_shard(&mut clock(1.0)), None, "not twice");

    let (out, passed) = finish_and_pass_on(&mut s, first.ticket, 1e3);
    let next = passed.expect("the run goes on: the next step is passed on");
    assert_eq!((next.ticket, next.job.step), (first.ticket + 1, 1));
    assert_eq!(
        next.weights,
        f32s_to_bytes(&[1.0]),
        "the weights after the first update"
    );
    // The finished step is still reported, with its snapshot.
    let Some(WorkerOutput::Snapshot(snap)) = out.last() else {
        panic!("{out:?}")
    };
    assert_eq!(
        snap.points.iter().map(|p| p.step).collect::<Vec<_>>(),
        vec![1]
    );
    // The step passed on is under way; this worker's shard of it is due.
    assert!(s.awaiting_helper() && s.own_shard_due());
    assert!(s.begin_shared_step(0.0).is_none(), "one step at a time");
    let deadline = s.compute_own_shard(&mut clock(1.0));
    assert!(
        deadline.is_some_and(f64::is_finite),
        "the watchdog's deadline"
    );
    let (_, passed) = finish_and_pass_on(&mut s, next.ticket, 2e3);
    assert_eq!(passed.map(|p| p.ticket), Some(next.ticket + 1));
    assert_eq!(s.model.as_ref().unwrap().step_count(), 2);
}

#[test]
fn nothing_is_passed_on_when_the_run_stops_blows_up_or_the_answer_is_dropped() {
    // Paused while the step was under way.
    let mut s = new_session(Settings::toy(TaskKind::Copy));
    s.handle(WorkerInput::Play, 0.0);
    let ticket = s.begin_shared_step(0.0).unwrap().ticket;
    s.handle(WorkerInput::Pause, 5.0);
    let (out, passed) = finish_and_pass_on(&mut s, ticket, 1e3);
    assert!(passed.is_none(), "paused");
    assert!(matches!(out.last(), Some(WorkerOutput::Snapshot(s)) if !s.running));
    assert!(!s.awaiting_helper());

    // An answer for another step changes nothing and passes nothing on.
    s.handle(WorkerInput::Play, 0.0);
    let ticket = s.begin_shared_step(0.0).unwrap().ticket;
    let (out, passed) = finish_and_pass_on(&mut s, ticket + 1, 1e3);
    assert!(out.is_empty() && passed.is_none());
    assert!(s.awaiting_helper(), "the step under way still waits");

    // The fake's loss turns NaN at step 3 with this rate: the run stops.
    let blowing = Settings {
        lr_factor: 6.0,
        ..Settings::toy(TaskKind::Copy)
    };
    let mut s = new_session(blowing);
    s.handle(WorkerInput::Play, 0.0);
    let mut ticket = s.begin_shared_step(0.0).unwrap().ticket;
    for step in 1..=3 {
        let (out, passed) = finish_and_pass_on(&mut s, ticket, 1e3 * step as f64);
        match passed {
            Some(next) => ticket = next.ticket,
            None => {
                assert_eq!(step, 3, "passed on until the loss blows up");
                assert!(
                    out.iter()
                        .any(|o| matches!(o, WorkerOutput::Diverged { .. })),
                    "{out:?}"
                );
            }
        }
    }
    assert!(!s.awaiting_helper() && !s.is_running());
}

#[test]
fn a_model_replaced_before_its_own_shard_keeps_the_helpers_patience() {
    let mut s = new_session(Settings::toy(TaskKind::Copy));
    s.handle(WorkerInput::Play, 0.0);
    let first = s.begin_shared_step(0.0).unwrap();
    // This worker's shard took 300 ms: the helper may take 20 times as long.
    s.compute_own_shard(&mut clock(300.0));
    let (_, passed) = finish_and_pass_on(&mut s, first.ticket, 1e3);
    let next = passed.expect("passed on");
    // A new model comes before the tick: it has no shard of that step to
    // compute, and the helper, still on the old one, keeps its patience
    // rather than the minimum that a shard of no time would give it.
    s.handle(
        WorkerInput::New {
            settings: Settings::toy(TaskKind::Reverse),
        },
        0.0,
    );
    assert!(s.own_shard_due());
    let deadline = s.compute_own_shard(&mut clock(0.0)).unwrap();
    assert_eq!(deadline, 1000.0 + helper_patience_ms(300.0));
    assert!(helper_patience_ms(300.0) > HELPER_MIN_PATIENCE_MS);
    assert!(s
        .finish_shared_step(next.ticket, helper_answer(1), 2e3)
        .is_empty());
}

#[test]
fn while_the_reader_uses_the_page_steps_are_not_shared_then_they_are_again() {
    let mut s = new_session(Settings::toy(TaskKind::Copy));
    s.handle(WorkerInput::Play, 0.0);
    assert!(
        s.handle(WorkerInput::Interacting, 100.0).is_empty(),
        "nothing to answer"
    );
    assert!(
        s.begin_shared_step(100.0).is_none(),
        "the reader just clicked"
    );
    let just_before = 100.0 + INTERACTION_SOLO_MS - 1.0;
    assert!(s.begin_shared_step(just_before).is_none(), "still solo");
    // Training goes on alone meanwhile.
    s.train_steps(1);
    assert_eq!(s.model.as_ref().unwrap().step_count(), 1);
    // A step passed on as a shared one finishes is not shared either.
    let ticket = s
        .begin_shared_step(100.0 + INTERACTION_SOLO_MS)
        .expect("the moment is over")
        .ticket;
    s.handle(WorkerInput::Interacting, 2_000.0);
    let mut passed_on = None;
    s.finish_shared_step_and_pass_on(
        ticket,
        helper_answer(0),
        2_001.0,
        Some(|next: SharedStep| passed_on = Some(next.ticket)),
    );
    assert_eq!(passed_on, None, "the reader clicked again");
    assert!(s.begin_shared_step(2_000.0 + INTERACTION_SOLO_MS).is_some());
}
