use super::*;

/// A watch on a worker that said Ready at 0 ms.
fn listening() -> WorkerWatch {
    let mut watch = WorkerWatch::default();
    watch.ready(0.0);
    watch
}

/// Looks every [`LOOK_EVERY_MS`] from `from` to `to` (both included) while
/// the run trains, answering every ping at once when `answer`; the first
/// look that finds the worker silent, if any, with its time.
fn look_until(
    watch: &mut WorkerWatch,
    from: f64,
    to: f64,
    step_ms: f64,
    answer: bool,
) -> Option<(f64, Look)> {
    let mut now = from;
    while now <= to {
        match watch.look(now, true, step_ms) {
            Look::Ping(id) if answer => watch.heard(now + 5.0, Some(id)),
            silent @ Look::Silent { .. } => return Some((now, silent)),
            _ => {}
        }
        now += LOOK_EVERY_MS;
    }
    None
}

#[test]
fn a_training_worker_that_stops_answering_is_noticed_after_its_patience() {
    let mut watch = listening();
    let found = look_until(&mut watch, 1_000.0, 60_000.0, 50.0, false);
    assert_eq!(
        found,
        Some((
            1_000.0 + WORKER_PATIENCE_MS,
            Look::Silent {
                for_ms: WORKER_PATIENCE_MS
            }
        ))
    );
}

#[test]
fn a_worker_that_answers_its_pings_is_never_taken_for_stopped() {
    let mut watch = listening();
    assert_eq!(look_until(&mut watch, 1_000.0, 600_000.0, 50.0, true), None);
}

#[test]
fn an_answer_that_comes_late_but_within_the_patience_is_in_time() {
    let mut watch = listening();
    assert_eq!(watch.look(1_000.0, true, 50.0), Look::Ping(1));
    // A model is built for 8 s: no answer, and no second ping meanwhile.
    for now in [2_000.0, 5_000.0, 9_000.0] {
        assert_eq!(watch.look(now, true, 50.0), Look::Fine);
    }
    watch.heard(9_500.0, Some(1));
    assert_eq!(watch.look(10_000.0, true, 50.0), Look::Ping(2));
    assert_eq!(
        look_until(&mut watch, 11_000.0, 30_000.0, 50.0, false),
        Some((
            9_500.0 + WORKER_PATIENCE_MS + 500.0,
            Look::Silent {
                for_ms: WORKER_PATIENCE_MS + 500.0
            }
        ))
    );
}

#[test]
fn an_idle_worker_is_left_alone_however_long_it_is_silent() {
    let mut watch = listening();
    for k in 1..1_000 {
        assert_eq!(
            watch.look(f64::from(k) * LOOK_EVERY_MS, false, 50.0),
            Look::Fine
        );
    }
}

#[test]
fn a_request_is_watched_until_a_ping_sent_after_it_is_answered() {
    let mut watch = listening();
    watch.look(1_000.0, true, 50.0);
    // A ping on its way when the request (a translation) is sent...
    watch.sent(1_200.0);
    watch.heard(1_300.0, Some(1));
    // ... does not tell that the request was taken up: the next one does.
    assert_eq!(watch.look(2_000.0, false, 50.0), Look::Ping(2));
    watch.heard(2_100.0, Some(2));
    assert_eq!(watch.look(3_000.0, false, 50.0), Look::Fine);
    for k in 4..100 {
        assert_eq!(
            watch.look(f64::from(k) * LOOK_EVERY_MS, false, 50.0),
            Look::Fine
        );
    }
    // A request nothing answers is noticed: silence counts from the request.
    watch.sent(100_000.0);
    let mut now = 100_000.0;
    let silent = loop {
        now += LOOK_EVERY_MS;
        if let Look::Silent { for_ms } = watch.look(now, false, 50.0) {
            break for_ms;
        }
        assert!(now < 200_000.0, "never noticed");
    };
    assert_eq!(
        (now, silent),
        (100_000.0 + WORKER_PATIENCE_MS, WORKER_PATIENCE_MS)
    );
}

#[test]
fn a_model_whose_steps_are_long_gets_patience_for_them() {
    assert_eq!(worker_patience_ms(50.0), WORKER_PATIENCE_MS);
    assert_eq!(worker_patience_ms(-1.0), WORKER_PATIENCE_MS);
    assert_eq!(
        worker_patience_ms(4_000.0),
        4_000.0 * WORKER_PATIENCE_FACTOR
    );
    let mut watch = listening();
    // Steps of 4 s: silent for 30 s is not overdue, 40 s is.
    let found = look_until(&mut watch, 1_000.0, 100_000.0, 4_000.0, false);
    assert_eq!(found.map(|(at, _)| at), Some(1_000.0 + 40_000.0));
}

#[test]
fn a_page_that_slept_gives_the_worker_its_patience_again() {
    let mut watch = listening();
    watch.look(1_000.0, true, 50.0);
    // The laptop's lid was closed for a minute: the next look is late.
    let woke = 61_000.0;
    assert_eq!(watch.look(woke, true, 50.0), Look::Fine);
    let found = look_until(&mut watch, woke + 1_000.0, woke + 60_000.0, 50.0, false);
    assert_eq!(found.map(|(at, _)| at), Some(woke + WORKER_PATIENCE_MS));
}

#[test]
fn nothing_is_asked_of_a_worker_before_it_says_ready() {
    let mut watch = WorkerWatch::default();
    watch.sent(0.0);
    for k in 1..100 {
        assert_eq!(
            watch.look(f64::from(k) * LOOK_EVERY_MS, true, 50.0),
            Look::Fine
        );
    }
    assert_eq!(
        watch.replace(100_000.0, Cause::Silent { for_ms: 1.0 }),
        Replace::Again
    );
    // Replaced: the old worker's silence is not held against the new one.
    assert_eq!(watch.look(101_000.0, true, 50.0), Look::Fine);
    watch.ready(102_000.0);
    assert_eq!(watch.look(103_000.0, true, 50.0), Look::Ping(1));
}

#[test]
fn a_worker_is_replaced_three_times_in_five_minutes_and_not_a_fourth() {
    let mut watch = listening();
    let silent = || Cause::Silent { for_ms: 12_000.0 };
    for k in 0..MAX_RESTARTS {
        let at = 20_000.0 * (k as f64 + 1.0);
        assert_eq!(watch.replace(at, silent()), Replace::Again, "restart {k}");
        watch.ready(at + 1_000.0);
    }
    assert_eq!(watch.replace(80_000.0, silent()), Replace::GiveUp);
    assert_eq!(
        watch.restored(),
        None,
        "nothing to say: it was not replaced"
    );
    // Once the first restart is five minutes old, a place is free again.
    assert_eq!(
        watch.replace(20_000.0 + RESTART_WINDOW_MS, silent()),
        Replace::Again
    );
    assert_eq!(
        watch.replace(20_001.0 + RESTART_WINDOW_MS, silent()),
        Replace::GiveUp
    );
    // The reader's button starts the count again.
    watch.retry();
    assert_eq!(
        watch.replace(20_002.0 + RESTART_WINDOW_MS, silent()),
        Replace::Again
    );
}

#[test]
fn a_crash_and_a_silence_count_alike() {
    let mut watch = listening();
    let crash = || Cause::Crashed("RuntimeError: unreachable".into());
    assert_eq!(watch.replace(1_000.0, crash()), Replace::Again);
    assert_eq!(
        watch.replace(2_000.0, Cause::Silent { for_ms: 1.0 }),
        Replace::Again
    );
    assert_eq!(watch.replace(3_000.0, crash()), Replace::Again);
    assert_eq!(watch.replace(4_000.0, crash()), Replace::GiveUp);
}

#[test]
fn the_new_worker_says_once_why_it_was_started_and_whether_the_run_trained() {
    let mut watch = listening();
    assert_eq!(watch.restored(), None);
    watch.trains(true);
    watch.replace(15_000.0, Cause::Silent { for_ms: 10_500.0 });
    watch.ready(16_000.0);
    assert_eq!(
        watch.restored(),
        Some(Recovery {
            cause: Cause::Silent { for_ms: 10_500.0 },
            training: true
        })
    );
    assert_eq!(watch.restored(), None, "said once");
}

#[test]
fn a_run_that_was_paused_stays_paused_in_the_new_worker() {
    let mut watch = listening();
    watch.trains(true);
    watch.trains(false);
    watch.replace(15_000.0, Cause::Crashed("unreachable".into()));
    watch.ready(16_000.0);
    assert_eq!(watch.restored().map(|r| r.training), Some(false));
    // Asked to train, then replaced again: the next one trains.
    watch.trains(true);
    watch.replace(30_000.0, Cause::Silent { for_ms: 10_000.0 });
    assert_eq!(watch.restored().map(|r| r.training), Some(true));
}

#[test]
fn what_the_page_sends_and_hears_says_whether_it_waits() {
    use lab_protocol::{Snapshot, WorkerInput, WorkerOutput};
    let mut watch = WorkerWatch::default();
    watch.on_heard(&WorkerOutput::Ready, 0.0);
    // Train: the page waits for the worker, and pings it.
    watch.on_sent(&WorkerInput::Play, 10.0);
    assert!(watch.is_training());
    let ping = match watch.look(LOOK_EVERY_MS, watch.is_training(), 50.0) {
        Look::Ping(id) => id,
        other => panic!("no ping: {other:?}"),
    };
    // A ping sent is no request, and its answer is heard.
    watch.on_sent(&WorkerInput::Ping { id: ping }, LOOK_EVERY_MS);
    watch.on_heard(&WorkerOutput::Pong { id: ping }, LOOK_EVERY_MS + 5.0);
    // A snapshot of a paused run: nothing to wait for.
    let paused = Snapshot {
        running: false,
        ..Snapshot::default()
    };
    watch.on_heard(&WorkerOutput::Snapshot(paused), 300.0);
    assert!(!watch.is_training());
    assert_eq!(watch.look(100_000.0, watch.is_training(), 50.0), Look::Fine);
    // Train again, then Pause.
    watch.on_sent(&WorkerInput::Play, 100_010.0);
    assert!(watch.is_training());
    watch.on_sent(&WorkerInput::Pause, 100_030.0);
    assert!(!watch.is_training());
}
