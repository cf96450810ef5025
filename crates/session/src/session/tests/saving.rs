//! Keeping a tab's run: when it is saved, a failed save, restoring, storing and downloading.

use super::*;

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
