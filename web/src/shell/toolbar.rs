//! The bar on top, one line: play/pause, step, reset, the step and loss
//! readouts, and the banner that explains anything that went wrong; under
//! the model's figure, the rest ([`Menu`]): task, language, sharing,
//! checkpoints and saved runs.

mod run_bar;

use crate::context::i18n::{use_i18n, Arg};
use crate::context::state::{use_lab, Lab, Source, WorkerState};
use crate::i18n::labels;
use crate::shell::language::LanguagePicker;
use crate::workers::link::{self, reset, send};
use lab_protocol::{SavePurpose, WorkerInput};
use lab_tasks::TaskKind;
use leptos::prelude::*;
use run_bar::RunBar;

/// Play or pause.
pub fn toggle(lab: Lab) {
    if lab.running.get_untracked() {
        // Update the button at once; the worker confirms with its next snapshot.
        lab.running.set(false);
        send(WorkerInput::Pause);
        send(WorkerInput::Save {
            purpose: SavePurpose::Store,
        });
    } else if lab.diverged.get_untracked() {
        lab.show(
            Source::Diverged,
            lab.i18n().s_now("common-diverged-press-reset"),
        );
    } else {
        lab.running.set(true);
        lab.step_began_ms.set(Lab::now_ms());
        send(WorkerInput::Play);
    }
}

/// Whether the worker is ready and holds a model: the run's buttons work.
fn ready(lab: Lab) -> bool {
    lab.worker.get() == WorkerState::Ready && lab.model.with(Option::is_some)
}

/// The bar on top, one line: the title, the run's controls and readouts,
/// the way to the rest of the controls, and what went wrong.
#[component]
pub fn Toolbar() -> impl IntoView {
    let lab = use_lab();
    let i18n = lab.i18n();
    view! {
        <header class="toolbar">
            <h1>{i18n.t("common-title")}</h1>
            <RunControls />
            <TokensPerSecond />
            <StepProgress />
            <CoresReadout />
            <button
                class="to-menu"
                data-testid="menu-toggle"
                title=i18n.t("common-menu-tooltip")
                on:click=move |_| crate::components::scroll::scroll_to(MENU_ID)
            >
                "☰ "
                <span class="to-menu-text">{i18n.t("common-menu")}</span>
            </button>
            <crate::shell::embed::OpenWhole />
            <ErrorBanner />
        </header>
    }
}

/// The `id` of the rest of the toolbar, under the figure.
const MENU_ID: &str = "lab-menu";

/// The rest of the toolbar, under the model's figure: the language, the
/// presentation and sharing buttons, the task, then the run bar (the
/// model, its data, checkpoints, saved runs) and the reader's pairs.
#[component]
pub fn Menu() -> impl IntoView {
    view! {
        <div class="lab-menu" id=MENU_ID>
            <LanguagePicker />
            <crate::shell::present::PresentToggle />
            <crate::shell::share::CopyLink />
            <crate::shell::embed::CopyEmbed />
            <crate::shell::offline::OfflineStatus />
            <TaskPicker />
        </div>
        <RunBar />
        <div class="pairs-bar">
            <crate::shell::pairs::CustomPairs />
        </div>
    }
}

/// The task picker: a built-in task loads its pretrained model; the reader's
/// own pairs open their panel and keep the model until they are applied.
#[component]
fn TaskPicker() -> impl IntoView {
    let lab = use_lab();
    let i18n = lab.i18n();
    let on_task = move |ev: leptos::ev::Event| {
        match TaskKind::parse(&event_target_value(&ev)) {
            // The reader's pairs: the panel opens, and the model stays until they are applied.
            Some(TaskKind::Custom) => lab.custom_open.set(true),
            Some(task) => {
                lab.custom_open.set(false);
                lab.task.set(task);
                lab.running.set(false);
                send(WorkerInput::LoadPretrained { task });
            }
            None => {}
        }
    };
    view! {
        <label class="task">
            {i18n.t("common-task")} " " <select data-testid="task-picker" on:change=on_task>
                {TaskKind::ALL
                    .into_iter()
                    .map(|t| {
                        view! {
                            <option value=t.name() selected=move || lab.task.get() == t>
                                {i18n.t(labels::task(t))}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
        </label>
    }
}

/// The run's controls (train / pause, step, reset) and the step and loss
/// readouts: in the toolbar's row, or a bar at the bottom of a phone's screen.
#[component]
fn RunControls() -> impl IntoView {
    let lab = use_lab();
    let i18n = lab.i18n();
    let loss = move || {
        lab.curves.with(|c| {
            c.last_train()
                .map(|p| format!("{:.3}", p.loss))
                .unwrap_or_else(|| "—".into())
        })
    };
    // The loss as stored (f32 `Debug`): what the deep-link test compares bit for bit.
    let loss_exact = move || {
        lab.curves
            .with(|c| c.last_train().map(|p| format!("{:?}", p.loss)))
            .unwrap_or_default()
    };
    view! {
        <div class="run-controls" data-testid="run-bar">
            <button
                data-testid="train-toggle"
                class="primary"
                data-running=move || lab.running.get().to_string()
                disabled=move || !ready(lab)
                on:click=move |_| toggle(lab)
            >
                {move || {
                    if lab.running.get() { i18n.s("common-pause") } else { i18n.s("common-train") }
                }}
            </button>
            <button
                data-testid="train-step"
                disabled=move || !ready(lab)
                on:click=move |_| {
                    lab.running.set(false);
                    send(WorkerInput::Step)
                }
            >
                {i18n.t("common-step-button")}
            </button>
            <button
                data-testid="train-reset"
                disabled=move || lab.worker.get() != WorkerState::Ready
                on:click=move |_| reset(lab)
                title=i18n.t("common-reset-tooltip")
            >
                <ResetLabel />
            </button>
            <span class="readout-big">
                {i18n.t("common-step")} " " <b data-testid="step-count">{move || lab.step.get()}</b>
            </span>
            <span class="readout-big">
                {i18n.t("common-loss")} " " <b data-testid="loss-value" data-loss=loss_exact>
                    {loss}
                </b>
            </span>
        </div>
    }
}

/// How many tokens a second training goes through, once it has measured it.
#[component]
fn TokensPerSecond() -> impl IntoView {
    let lab = use_lab();
    let i18n = lab.i18n();
    view! {
        <span class="readout-small" data-testid="tokens-per-s">
            {move || {
                let t = lab.tokens_per_s.get();
                if t > 0.0 {
                    i18n.f("common-tokens-per-s", &[("rate", Arg::from(format!("{t:.0}")))])
                } else {
                    String::new()
                }
            }}
        </span>
    }
}

/// How many cores a step uses, shown while training on more than one.
#[component]
fn CoresReadout() -> impl IntoView {
    let lab = use_lab();
    let i18n = lab.i18n();
    view! {
        <span
            class="readout-small"
            data-testid="cores"
            data-cores=move || lab.cores.get()
            title=i18n.t("common-cores-tooltip")
            hidden=move || !(lab.running.get() && lab.cores.get() > 1)
        >
            {move || i18n.f("common-cores", &[("cores", Arg::from(lab.cores.get()))])}
        </span>
    }
}

/// What went wrong, if anything, with the way out it offers (reset, restart
/// the worker) and a button to dismiss it.
#[component]
fn ErrorBanner() -> impl IntoView {
    let lab = use_lab();
    let i18n = lab.i18n();
    view! {
        {move || {
            lab.banner
                .get()
                .map(|b| {
                    view! {
                        <div class="banner" role="alert" data-testid="error-message">
                            <span>{b.message}</span>
                            {b
                                .offer_reset
                                .then(|| {
                                    view! {
                                        <button
                                            data-testid="banner-reset"
                                            on:click=move |_| reset(lab)
                                        >
                                            <ResetLabel />
                                        </button>
                                    }
                                })}
                            {b
                                .offer_restart
                                .then(|| {
                                    view! {
                                        <button on:click=move |_| link::restart(
                                            lab,
                                        )>{i18n.t("common-restart-worker")}</button>
                                    }
                                })}
                            <button
                                class="dismiss"
                                aria-label=i18n.t("common-dismiss")
                                on:click=move |_| lab.banner.set(None)
                            >
                                "✕"
                            </button>
                        </div>
                    }
                })
        }}
    }
}

/// While a step runs long (a big model), how long it has run and about how
/// long it takes, so a slow step is not mistaken for a dead lab.
#[component]
fn StepProgress() -> impl IntoView {
    use crate::estimate::{model_step_seconds, step_progress};
    let lab = use_lab();
    let i18n = lab.i18n();
    // A clock that ticks four times a second while training.
    let clock = RwSignal::new(0.0);
    let tick = move || {
        if lab.running.get_untracked() {
            clock.set(Lab::now_ms());
        }
    };
    let _ = set_interval_with_handle(tick, std::time::Duration::from_millis(PROGRESS_TICK_MS));
    // Computed once per tick, read by the text, the bar and `hidden`.
    let progress = Memo::new(move |_| {
        if !lab.running.get() {
            return None;
        }
        let elapsed_s = (clock.get() - lab.step_began_ms.get()) / 1000.0;
        let measured = lab.multiply_adds_per_s.get();
        let estimate_s = lab
            .model
            .with(|m| model_step_seconds(m.as_ref()?, measured));
        step_progress(i18n.locale.get(), lab.step.get() + 1, elapsed_s, estimate_s)
    });
    view! {
        <span
            class="readout-small step-progress"
            data-testid="step-progress"
            hidden=move || progress.with(Option::is_none)
        >
            {move || progress.get().map(|(text, _)| text)}
            " "
            {move || {
                progress.get().and_then(|(_, f)| f).map(|f| view! { <progress max="1" value=f /> })
            }}
        </span>
    }
}

/// How often the long-step progress is redrawn, in milliseconds.
const PROGRESS_TICK_MS: u64 = 250;

/// "⟲ Reset (from scratch)": the parenthesis is its own element, which a
/// narrow presenter's bar leaves out (style.css) so the step and the loss
/// keep their room.
#[component]
fn ResetLabel() -> impl IntoView {
    let i18n = use_i18n();
    view! {
        {i18n.t("common-reset")}
        <span class="reset-scratch">{i18n.t("common-reset-scratch")}</span>
    }
}
