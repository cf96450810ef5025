//! The readouts of view 5: the model being trained, the step and speed, the
//! last evaluation, the loss floor that label smoothing sets, and why a
//! browser other than Chromium trains more slowly.

use crate::components::controls::Toggle;
use crate::context::i18n::{use_i18n, Arg};
use crate::context::state::use_lab;
use crate::i18n::{labels, text, text_args};
use leptos::prelude::*;

use super::data::{eval_text, floor_line, norm_parts};

/// The model being trained: its task, where it came from and its sizes.
#[component]
pub fn ModelLine() -> impl IntoView {
    let lab = use_lab();
    let i18n = use_i18n();
    let model_line = move || {
        let locale = i18n.locale.get();
        lab.model.with(|m| {
            m.as_ref().map(|m| {
                let s = &m.settings;
                let (norm, _) = norm_parts(locale, s.norm);
                text_args(
                    locale,
                    "training-model",
                    &[
                        ("task", text(locale, labels::task(s.task)).into()),
                        ("origin", text(locale, labels::origin(m.origin)).into()),
                        ("d_model", s.d_model.into()),
                        ("heads", s.n_heads.into()),
                        ("layers", s.n_layers.into()),
                        ("norm", norm.into()),
                    ],
                )
            })
        })
    };
    view! { <p class="model-line">{model_line}</p> }
}

/// The steps taken, the tokens per second, and the log-scale switch of the charts.
#[component]
pub fn StepReadouts(
    /// Plot the loss and the learning rate on a log scale.
    log: RwSignal<bool>,
) -> impl IntoView {
    let lab = use_lab();
    let i18n = use_i18n();
    view! {
        <p class="readouts">
            {i18n.t("training-steps")}" " <b>{move || lab.step.get()}</b> "   "
            {i18n.t("training-tokens-per-s")}" "
            <b>{move || format!("{:.0}", lab.tokens_per_s.get())}</b> "   "
            <Toggle label="training-log-scale" testid="log-scale" on=log />
        </p>
    }
}

/// Why training goes more slowly here, in a browser whose engine trains
/// the model more slowly than Chromium's (nothing in Chromium).
#[component]
pub fn EngineNote() -> impl IntoView {
    let i18n = use_i18n();
    let slower = crate::engine::current().and_then(|e| Some((e, e.measured_speed()?)));
    slower.map(|(engine, speed)| {
        let times = format!("{speed:.1}");
        view! {
            <p class="hint" data-testid="engine-note" data-engine=engine.name()>
                {move || {
                    i18n.f(
                        "training-engine-slower",
                        &[("engine", Arg::from(engine.name())), ("times", Arg::from(times.clone()))],
                    )
                }}
            </p>
        }
    })
}

/// The last evaluation, in words and as data (tests and `cargo xtask measure`
/// read the data, whatever the language): the step, the exact match in
/// percent and BLEU.
#[component]
pub fn EvalSummary() -> impl IntoView {
    let lab = use_lab();
    let i18n = use_i18n();
    let eval_line = move || lab.eval.with(|e| eval_text(i18n.locale.get(), e.as_ref()));
    view! {
        <p
            class="readouts"
            data-testid="eval-summary"
            data-step=move || lab.eval.with(|e| e.as_ref().map(|e| e.step.to_string()))
            data-exact-match=move || {
                lab.eval.with(|e| e.as_ref().map(|e| (100.0 * e.exact_match).to_string()))
            }
            data-bleu=move || lab.eval.with(|e| e.as_ref().map(|e| e.bleu.to_string()))
        >
            {eval_line}
        </p>
    }
}

/// Why the train loss stops short of 0: the floor that label smoothing sets
/// over the target vocabulary (nothing without smoothing).
#[component]
pub fn SmoothingFloor() -> impl IntoView {
    let lab = use_lab();
    let i18n = use_i18n();
    view! {
        <p class="hint" data-testid="smoothing-floor">
            {move || {
                let smoothing = lab
                    .model
                    .with(|m| m.as_ref().map_or(0.0, |m| m.settings.label_smoothing));
                let vocab = lab.prediction.with(|p| p.as_ref().map_or(0, |p| p.vocab.len()));
                floor_line(i18n.locale.get(), smoothing, vocab)
            }}
        </p>
    }
}
