//! Runs kept in this browser: which run this tab started from, Save as, and
//! a list of the named runs and closed tabs' runs to Restore or Delete. It
//! sits in the run bar.
//!
//! Each tab's run is saved by the worker on its own (the run a reload of
//! that tab restores, `lab_session::run`); a named run is an extra copy of
//! it: the model, Adam's moments, the step, the data position, the settings
//! and the curves. The worker writes and reads them (`lab_worker::store`);
//! this view only sends requests and shows what the worker answers.

use crate::context::i18n::{Arg, I18n};
use crate::context::state::{use_lab, WorkerState};
use crate::i18n::labels;
use crate::workers::link::send;
use lab_protocol::messages::MAX_RUN_NAME;
use lab_protocol::{clean_run_name, RunStart, RunSummary, WorkerInput};
use lab_session::run::MAX_CLOSED_TAB_RUNS;
use leptos::prelude::*;

/// What the page says about the run this tab started from, and the value
/// of its `data-start` (for tests): `this-tab`, `latest` or `pretrained`.
pub fn start_note(i18n: I18n, start: &RunStart) -> (String, &'static str) {
    let task = |task| Arg::from(i18n.s_now(labels::task(task)));
    match start {
        RunStart::ThisTab { step } => (
            i18n.f_now("runs-start-this-tab", &[("step", Arg::from(*step))]),
            "this-tab",
        ),
        RunStart::Latest {
            name: None,
            task: t,
            step,
        } => (
            i18n.f_now(
                "runs-start-latest-tab",
                &[("task", task(*t)), ("step", Arg::from(*step))],
            ),
            "latest",
        ),
        RunStart::Latest {
            name: Some(name),
            task: t,
            step,
        } => (
            i18n.f_now(
                "runs-start-latest-named",
                &[
                    ("name", Arg::from(name.as_str())),
                    ("task", task(*t)),
                    ("step", Arg::from(*step)),
                ],
            ),
            "latest",
        ),
        RunStart::Pretrained { task: t } => (
            i18n.f_now("runs-start-pretrained", &[("task", task(*t))]),
            "pretrained",
        ),
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
    let runs = lab.runs;
    view! {
        <div class="saved-runs" data-testid="saved-runs">
            <label class="run-name">
                <span>{i18n.t("runs-name-label")}</span>
                " "
                <input
                    type="text"
                    data-testid="run-name"
                    maxlength=MAX_RUN_NAME
                    placeholder=i18n.t("runs-name-placeholder")
                    prop:value=move || name.get()
                    on:input=move |ev| name.set(event_target_value(&ev))
                    on:keydown=move |ev| {
                        if ev.key() == "Enter" && ready() {
                            save_as()
                        }
                    }
                />
            </label>
            <button
                data-testid="run-save-as"
                disabled=move || !ready() || !valid()
                title=i18n.t("runs-save-as-tooltip")
                on:click=move |_| save_as()
            >
                {i18n.t("runs-save-as")}
            </button>
            <details class="run-list" on:toggle=move |_| send(WorkerInput::ListRuns)>
                <summary data-testid="run-list-toggle">
                    {move || {
                        i18n.f("runs-list-label", &[("count", Arg::from(runs.with(Vec::len)))])
                    }}
                </summary>
                <div class="run-list-box">
                    <p class="run-list-note">
                        {i18n.f("runs-tabs-note", &[("count", Arg::from(MAX_CLOSED_TAB_RUNS))])}
                    </p>
                    {move || {
                        if runs.with(Vec::is_empty) {
                            view! { <p class="run-list-note">{i18n.t("runs-none")}</p> }.into_any()
                        } else {
                            view! {
                                <ul data-testid="run-list">
                                    <For
                                        each=move || runs.get()
                                        key=|r| (r.key(), r.saved_at.to_bits())
                                        let:run
                                    >
                                        <RunItem run=run />
                                    </For>
                                </ul>
                            }
                                .into_any()
                        }
                    }}
                </div>
            </details>
        </div>
    }
}

/// Which run this tab started from, as the worker said.
#[component]
pub fn RunStartNote() -> impl IntoView {
    let lab = use_lab();
    let i18n = lab.i18n();
    let note = move || {
        lab.run_start
            .with(|s| s.as_ref().map(|s| start_note(i18n, s)))
    };
    view! {
        <span
            class="note run-start"
            data-testid="run-start"
            data-start=move || note().map(|(_, kind)| kind)
        >
            {move || note().map(|(text, _)| text)}
        </span>
    }
}

/// One saved run: its name (or that it was a closed tab's), task, step and
/// size, and Restore / Delete.
#[component]
fn RunItem(
    /// The run as the worker listed it.
    run: RunSummary,
) -> impl IntoView {
    let lab = use_lab();
    let i18n = lab.i18n();
    let ready = move || lab.worker.get() == WorkerState::Ready;
    let key = run.key();
    let title = if run.tab.is_some() {
        i18n.s_now("runs-tab-title")
    } else {
        run.name.clone()
    };
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
        let title = title.clone();
        move || i18n.f("runs-restore-label", &[("name", Arg::from(title.as_str()))])
    };
    let delete_label = {
        let title = title.clone();
        move || i18n.f("runs-delete-label", &[("name", Arg::from(title.as_str()))])
    };
    let restore = {
        let key = key.clone();
        move |_| {
            lab.running.set(false);
            send(WorkerInput::RestoreRun { run: key.clone() })
        }
    };
    let delete = move |_| send(WorkerInput::DeleteRun { run: key.clone() });
    view! {
        <li
            data-testid="run-item"
            data-name=run.name.clone()
            data-tab=run.tab.clone()
            data-step=run.step
            data-task=run.task.name()
        >
            <b class="run-title">{title}</b>
            <span class="run-details">{details}</span>
            <button
                data-testid="run-restore"
                disabled=move || !ready()
                aria-label=restore_label
                on:click=restore
            >
                {i18n.t("runs-restore")}
            </button>
            <button
                data-testid="run-delete"
                disabled=move || !ready()
                aria-label=delete_label
                on:click=delete
            >
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
