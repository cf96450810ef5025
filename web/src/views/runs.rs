//! Runs kept in this browser under a name: Save as, and a list to Restore or
//! Delete them. It sits in the run bar.
//!
//! The current run is saved by the worker on its own (the autosave a reload
//! restores); a named run is an extra copy of it: the model, Adam's moments,
//! the step, the data position, the settings and the curves. The worker
//! writes and reads them (`worker::store`); this view only sends requests and
//! shows the list the worker answers with.

use crate::i18n::labels;
use crate::shell::i18n::{Arg, I18n};
use crate::shell::state::{use_lab, WorkerState};
use crate::workers::link::send;
use lab_protocol::messages::MAX_RUN_NAME;
use lab_protocol::{clean_run_name, RunSummary, StorageError, WorkerInput};
use leptos::prelude::*;

thread_local! {
    static RUN_LIST: RwSignal<Vec<RunSummary>> = RwSignal::new(Vec::new());
}

/// The named runs, newest first, as the worker last listed them.
pub fn run_list() -> RwSignal<Vec<RunSummary>> {
    RUN_LIST.with(|l| *l)
}

/// The note after a save: the autosave (`name` = `None`) or a named run.
pub fn stored_note(i18n: I18n, name: Option<String>, step: usize) -> String {
    match name {
        None => i18n.f_now("runs-saved-autosave", &[("step", Arg::from(step))]),
        Some(name) => i18n.f_now(
            "runs-saved-named",
            &[("name", Arg::from(name)), ("step", Arg::from(step))],
        ),
    }
}

/// What went wrong with browser storage, for the banner.
pub fn explain(i18n: I18n, error: &StorageError) -> String {
    match error {
        StorageError::Quota { name: None } => i18n.s_now("runs-error-quota"),
        StorageError::Quota { name: Some(name) } => i18n.f_now(
            "runs-error-quota-named",
            &[("name", Arg::from(name.as_str()))],
        ),
        StorageError::Unavailable { why } => i18n.f_now(
            "runs-error-unavailable",
            &[("why", Arg::from(why.as_str()))],
        ),
        StorageError::NotFound { name } => i18n.f_now(
            "runs-error-not-found",
            &[("name", Arg::from(name.as_str()))],
        ),
        StorageError::Unreadable { name: None, why } => i18n.f_now(
            "runs-error-unreadable-autosave",
            &[("why", Arg::from(why.as_str()))],
        ),
        StorageError::Unreadable {
            name: Some(name),
            why,
        } => i18n.f_now(
            "runs-error-unreadable-named",
            &[
                ("name", Arg::from(name.as_str())),
                ("why", Arg::from(why.as_str())),
            ],
        ),
        StorageError::BadName => {
            i18n.f_now("runs-error-bad-name", &[("max", Arg::from(MAX_RUN_NAME))])
        }
    }
}

/// A checkpoint's size for the list, in megabytes.
fn megabytes(bytes: usize) -> String {
    format!("{:.1}", bytes as f64 / 1e6)
}

/// The name field, Save as, and the list of named runs.
#[component]
pub fn SavedRuns() -> impl IntoView {
    let lab = use_lab();
    let i18n = lab.i18n();
    let name = RwSignal::new(String::new());
    let ready = move || lab.worker.get() == WorkerState::Ready && lab.model.with(Option::is_some);
    let valid = move || name.with(|n| clean_run_name(n).is_some());
    let save_as = move || {
        if let Some(clean) = clean_run_name(&name.get_untracked()) {
            send(WorkerInput::SaveRunAs { name: clean });
        }
    };
    let runs = run_list();
    view! {
        <div class="saved-runs" data-testid="saved-runs">
            <label class="run-name">
                <span>{i18n.t("runs-name-label")}</span> " "
                <input type="text" data-testid="run-name" maxlength=MAX_RUN_NAME
                    placeholder=i18n.t("runs-name-placeholder")
                    prop:value=move || name.get()
                    on:input=move |ev| name.set(event_target_value(&ev))
                    on:keydown=move |ev| if ev.key() == "Enter" && ready() { save_as() }/>
            </label>
            <button data-testid="run-save-as" disabled=move || !ready() || !valid()
                title=i18n.t("runs-save-as-tooltip") on:click=move |_| save_as()>
                {i18n.t("runs-save-as")}
            </button>
            <details class="run-list">
                <summary data-testid="run-list-toggle">
                    {move || i18n.f("runs-list-label", &[("count", Arg::from(runs.with(Vec::len)))])}
                </summary>
                {move || if runs.with(Vec::is_empty) {
                    view! { <p class="note">{i18n.t("runs-none")}</p> }.into_any()
                } else {
                    view! {
                        <ul data-testid="run-list">
                            <For each=move || runs.get() key=|r| (r.name.clone(), r.saved_at.to_bits()) let:run>
                                <RunItem run=run/>
                            </For>
                        </ul>
                    }.into_any()
                }}
            </details>
        </div>
    }
}

/// One saved run: its name, task, step and size, and Restore / Delete.
#[component]
fn RunItem(
    /// The run as the worker listed it.
    run: RunSummary,
) -> impl IntoView {
    let lab = use_lab();
    let i18n = lab.i18n();
    let ready = move || lab.worker.get() == WorkerState::Ready;
    let (restore_name, delete_name) = (run.name.clone(), run.name.clone());
    let label_name = run.name.clone();
    let details = move || {
        i18n.f(
            "runs-item-details",
            &[
                ("task", Arg::from(i18n.s(labels::task(run.task)))),
                ("step", Arg::from(run.step)),
                ("size", Arg::from(megabytes(run.bytes))),
            ],
        )
    };
    let restore_label = {
        let name = label_name.clone();
        move || i18n.f("runs-restore-label", &[("name", Arg::from(name.as_str()))])
    };
    let delete_label = move || {
        i18n.f(
            "runs-delete-label",
            &[("name", Arg::from(label_name.as_str()))],
        )
    };
    view! {
        <li data-testid="run-item" data-name=run.name.clone() data-step=run.step>
            <b class="run-title">{run.name.clone()}</b>
            <span class="run-details">{details}</span>
            <button data-testid="run-restore" disabled=move || !ready() aria-label=restore_label
                on:click=move |_| { lab.running.set(false); send(WorkerInput::RestoreRun { name: restore_name.clone() }) }>
                {i18n.t("runs-restore")}
            </button>
            <button data-testid="run-delete" disabled=move || !ready() aria-label=delete_label
                on:click=move |_| send(WorkerInput::DeleteRun { name: delete_name.clone() })>
                {i18n.t("runs-delete")}
            </button>
        </li>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_shown_in_megabytes() {
        assert_eq!(megabytes(3_060_000), "3.1");
        assert_eq!(megabytes(0), "0.0");
    }
}
