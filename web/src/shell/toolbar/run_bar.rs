//! The run bar under the toolbar: which model is loaded, the task's data,
//! the checkpoint buttons, the saved runs and the note on the last save.

use super::ready;
use crate::context::i18n::Arg;
use crate::context::state::{use_lab, WorkerState};
use crate::i18n::labels;
use crate::workers::link::send;
use crate::workers::storage;
use lab_protocol::{SavePurpose, WorkerInput};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// The run bar: the model, its data, checkpoints, saved runs and the save note.
#[component]
pub fn RunBar() -> impl IntoView {
    view! {
        <div class="run-bar">
            <ModelOrigin />
            <crate::shell::data::TaskSource />
            <Checkpoints />
            <crate::views::runs::SavedRuns />
            <crate::views::runs::RunStartNote />
            <crate::shell::data::AboutData />
            <SaveNote />
        </div>
    }
}

/// Which task the loaded model is for and where it came from, or that none is loaded.
#[component]
fn ModelOrigin() -> impl IntoView {
    let lab = use_lab();
    let i18n = lab.i18n();
    view! {
        <span class="model-origin" data-testid="model-origin">
            {move || {
                lab.model
                    .with(|m| {
                        m.as_ref()
                            .map(|m| {
                                i18n.f(
                                    "common-model-origin",
                                    &[
                                        ("task", Arg::from(i18n.s(labels::task(m.settings.task)))),
                                        ("origin", Arg::from(i18n.s(labels::origin(m.origin)))),
                                    ],
                                )
                            })
                            .unwrap_or_else(|| i18n.s("common-no-model"))
                    })
            }}
        </span>
    }
}

/// Download the run as a checkpoint, upload one, or forget the stored run.
#[component]
fn Checkpoints() -> impl IntoView {
    let lab = use_lab();
    let i18n = lab.i18n();
    let on_upload = move |ev: leptos::ev::Event| {
        let input = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok());
        if let Some(input) = input {
            if let Some(file) = input.files().and_then(|f| f.get(0)) {
                storage::upload(lab, file);
            }
            input.set_value("");
        }
    };
    view! {
        <button
            on:click=move |_| send(WorkerInput::Save {
                purpose: SavePurpose::Download,
            })
            disabled=move || !ready(lab)
        >
            {i18n.t("common-download")}
        </button>
        <label class="upload">
            {i18n.t("common-upload")} " "
            <input
                type="file"
                accept=".ckpt,application/octet-stream"
                data-testid="checkpoint-upload"
                on:change=on_upload
            />
        </label>
        <button on:click=move |_| {
            storage::clear_run();
            lab.note.set(i18n.s_now("common-forgotten"))
        }>{i18n.t("common-forget")}</button>
    }
}

/// The latest note (a save, a forgotten run, the worker starting), read out
/// politely, with what the last save cost as data.
#[component]
fn SaveNote() -> impl IntoView {
    let lab = use_lab();
    let i18n = lab.i18n();
    view! {
        <span
            class="note"
            aria-live="polite"
            data-testid="save-note"
            data-snapshot-ms=move || {
                lab.save_cost.get().map(|c| format!("{:.2}", c.snapshot_ms))
            }
            data-write-ms=move || lab.save_cost.get().map(|c| format!("{:.2}", c.write_ms))
        >
            {move || {
                if lab.worker.get() == WorkerState::Starting {
                    i18n.s("common-starting")
                } else {
                    lab.note.get()
                }
            }}
        </span>
    }
}
