//! The menu's line on offline use: whether the lab opens with no network
//! after this visit, and with which tasks, or that this page is that copy
//! now. The facts are the service worker's answer (`workers::offline`),
//! summed up by [`crate::offline::summary`]; the tasks' names are the task
//! picker's.

use crate::context::i18n::I18n;
use crate::context::state::use_lab;
use crate::i18n::labels;
use crate::offline::{summary, Summary};
use lab_tasks::TaskKind;
use leptos::prelude::*;

/// "Available offline: the lab · English → Japanese", or why not.
#[component]
pub fn OfflineStatus() -> impl IntoView {
    let lab = use_lab();
    let i18n = lab.i18n();
    let summary = Memo::new(move |_| lab.offline.with(summary));
    let state = move || match summary.get() {
        Summary::Refused => "refused",
        Summary::NotYet => "not-yet",
        Summary::Available(_) => "available",
        Summary::UsingKeptCopy(_) => "offline",
    };
    view! {
        <span
            class="readout-small offline-status"
            data-testid="offline-status"
            data-state=state
            role="status"
            title=i18n.t("common-offline-tooltip")
        >
            {move || match summary.get() {
                Summary::Refused => i18n.s("common-offline-refused").into_any(),
                Summary::NotYet => i18n.s("common-offline-not-yet").into_any(),
                Summary::Available(tasks) => {
                    with_tasks(i18n, "common-offline-available", tasks).into_any()
                }
                Summary::UsingKeptCopy(tasks) => {
                    with_tasks(i18n, "common-offline-using-copy", tasks).into_any()
                }
            }}
        </span>
    }
}

/// The message `id`, then each task's name (`data-task` is its link name).
fn with_tasks(i18n: I18n, id: &'static str, tasks: Vec<TaskKind>) -> impl IntoView {
    view! {
        {i18n.s(id)}
        {tasks
            .into_iter()
            .map(|task| {
                view! {
                    " · "
                    <span class="offline-task" data-task=task.name()>
                        {i18n.s(labels::task(task))}
                    </span>
                }
            })
            .collect_view()}
    }
}
