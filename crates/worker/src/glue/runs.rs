//! The tab's run and the saved runs in browser storage: saving while
//! training, Save as, the list, restoring and deleting, and which run a
//! tab starts from.

use super::{after_work, fetch, now, post, post_all, SESSION};
use crate::store;
use lab_protocol::{
    clean_run_name, RunKey, RunStart, SaveCost, StorageError, StoredRunProblem, WorkerError,
    WorkerInput, WorkerOutput,
};
use lab_session::run::{self, LegacyRun};
use lab_tasks::TaskKind;

/// The messages about the tab's run and the saved runs, each answered in a
/// task of its own (storage is asynchronous). Other messages are given back.
pub(super) fn handle_storage(input: WorkerInput) -> Option<WorkerInput> {
    match input {
        WorkerInput::LoadPretrained { task } => {
            wasm_bindgen_futures::spawn_local(fetch::load_pretrained(task));
        }
        WorkerInput::Restore {
            task,
            legacy,
            reload,
        } => wasm_bindgen_futures::spawn_local(restore(task, legacy, reload)),
        WorkerInput::SaveRunAs { name } => wasm_bindgen_futures::spawn_local(save_as(name)),
        WorkerInput::RestoreRun { run } => wasm_bindgen_futures::spawn_local(restore_saved(run)),
        WorkerInput::DeleteRun { run } => wasm_bindgen_futures::spawn_local(async move {
            match store::delete(&run).await {
                Ok(()) => send_list().await,
                Err(e) => post(&WorkerOutput::StorageFailed(e)),
            }
        }),
        WorkerInput::ListRuns => wasm_bindgen_futures::spawn_local(send_list()),
        WorkerInput::ForgetAutosave => forget_autosave(),
        other => return Some(other),
    }
    None
}

/// "Forget saved run": this tab's run only; its next reload starts from
/// the pretrained model.
fn forget_autosave() {
    let tab = SESSION.with(|s| {
        let mut s = s.borrow_mut();
        s.forget_autosave();
        s.tab().map(str::to_string)
    });
    if let Some(tab) = tab {
        wasm_bindgen_futures::spawn_local(async move {
            if let Err(e) = store::delete(&RunKey::Tab(tab)).await {
                post(&WorkerOutput::StorageFailed(e));
            }
        });
    }
}

/// Write the tab's run if a save is due (one at a time). Only the
/// snapshot (the checkpoint's bytes) runs on this thread; training goes
/// on while IndexedDB writes it.
pub(super) fn autosave() {
    let started = now();
    let due = SESSION.with(|s| s.borrow_mut().autosave_due(now(), js_sys::Date::now()));
    let Some(record) = due else { return };
    let snapshot_ms = now() - started;
    wasm_bindgen_futures::spawn_local(async move {
        let step = record.step;
        let writing = now();
        let result = store::put(record).await.map(|()| SaveCost {
            snapshot_ms,
            write_ms: now() - writing,
        });
        let outs = SESSION.with(|s| s.borrow_mut().autosaved(step, result, now()));
        post_all(outs);
        autosave();
    });
}

/// The tabs open now in this browser, by the Web Locks they hold
/// (none known without Web Locks: every other tab counts as closed).
async fn open_tabs() -> Vec<String> {
    let held = lab_session::locks::held().await.unwrap_or_default();
    held.iter()
        .filter_map(|name| run::tab_of_lock(name))
        .map(str::to_string)
        .collect()
}

fn this_tab() -> String {
    SESSION.with(|s| s.borrow().tab().unwrap_or_default().to_string())
}

/// Sends the saved runs to list: the named ones and closed tabs'.
async fn send_list() {
    let open = open_tabs().await;
    post(&match store::saved().await {
        Ok(saved) => WorkerOutput::Runs(run::listed(&saved, &open, &this_tab())),
        Err(e) => WorkerOutput::StorageFailed(e),
    });
}

async fn save_as(name: String) {
    let Some(name) = clean_run_name(&name) else {
        post(&WorkerOutput::StorageFailed(StorageError::BadName));
        return;
    };
    let record = SESSION.with(|s| s.borrow().run_record(Some(name), js_sys::Date::now()));
    // The page offers "Save as" only once a model is loaded.
    let Some(record) = record else { return };
    let (name, step) = (record.name(), record.step);
    match store::put(record).await {
        Ok(()) => {
            post(&WorkerOutput::Stored {
                name,
                step,
                cost: None,
            });
            send_list().await;
        }
        Err(e) => post(&WorkerOutput::StorageFailed(e)),
    }
}

/// Loads a saved run (named, or a closed tab's) into this tab.
async fn restore_saved(run: RunKey) {
    let name = match &run {
        RunKey::Named(name) => Some(name.clone()),
        RunKey::Tab(_) => None,
    };
    let failed = match store::get(&run).await {
        Ok(Some(stored)) => match restore_stored(&stored, false).await {
            Ok(outs) => {
                post_all(outs);
                after_work();
                return;
            }
            Err(problem) => StorageError::Unreadable { name, problem },
        },
        Ok(None) => StorageError::NotFound { name },
        Err(e) => e,
    };
    post(&WorkerOutput::StorageFailed(failed));
}

/// A stored run into the session, its task's sentences fetched first
/// (a failed fetch is reported, and the restore then says why it failed).
/// `own`: the tab's own run, which goes on saving under its key.
async fn restore_stored(
    stored: &store::StoredRun,
    own: bool,
) -> Result<Vec<WorkerOutput>, StoredRunProblem> {
    if let Err((task, problem)) = fetch::load_corpus_of(&stored.bytes).await {
        post(&WorkerOutput::Error(WorkerError::Data { task, problem }));
    }
    SESSION.with(|s| {
        s.borrow_mut()
            .restore(&stored.bytes, &stored.curves_json, now(), own)
            .map_err(StoredRunProblem::Checkpoint)
    })
}

/// On start: the run this tab starts from ([`run::start_from`]: its
/// own on a reload, the latest saved in a new tab), else an older
/// page's run (a new tab only), else the pretrained model; the page is
/// told which ([`WorkerOutput::Started`]). Closed tabs' runs beyond the
/// newest few are deleted first ([`run::to_prune`]).
async fn restore(task: TaskKind, legacy: Option<String>, reload: bool) {
    let tab = this_tab();
    let open = open_tabs().await;
    let mut saved = match store::saved().await {
        Ok(saved) => saved,
        Err(e) => {
            post(&WorkerOutput::StorageFailed(e));
            Vec::new()
        }
    };
    let prune = run::to_prune(&saved, &open, &tab);
    for old in &prune {
        // A run that cannot be deleted now is tried again at the next start.
        let _ = store::delete(old).await;
    }
    saved.retain(|summary| !prune.contains(&summary.key()));
    if let Some(summary) = run::start_from(&tab, reload, &saved) {
        let start = run::run_start(&tab, summary);
        let own = matches!(start, RunStart::ThisTab { .. });
        let name = (!summary.name.is_empty()).then(|| summary.name.clone());
        let failed = match store::get(&summary.key()).await {
            Ok(Some(stored)) => match restore_stored(&stored, own).await {
                Ok(outs) => {
                    post(&WorkerOutput::Started(start));
                    post_all(outs);
                    after_work();
                    return;
                }
                Err(problem) => Some(StorageError::Unreadable { name, problem }),
            },
            Ok(None) => None,
            Err(e) => Some(e),
        };
        if let Some(e) = failed {
            post(&WorkerOutput::StorageFailed(e));
        }
    }
    if let Some(text) = legacy.filter(|_| !reload) {
        let migrated = LegacyRun::from_json(&text).and_then(|old| {
            let start = RunStart::Latest {
                name: None,
                task: old.settings.task,
                step: old.step,
            };
            let curves = serde_json::to_string(&old.curves).expect("plain data");
            SESSION
                .with(|s| {
                    s.borrow_mut()
                        .restore(&old.checkpoint, &curves, now(), false)
                        .map_err(StoredRunProblem::Checkpoint)
                })
                .map(|outs| (start, outs))
        });
        match migrated {
            Ok((start, outs)) => {
                post(&WorkerOutput::Started(start));
                post_all(outs);
                after_work();
                return;
            }
            Err(problem) => post(&WorkerOutput::StorageFailed(StorageError::Unreadable {
                name: None,
                problem,
            })),
        }
    }
    post(&WorkerOutput::Started(RunStart::Pretrained { task }));
    fetch::load_pretrained(task).await;
}
