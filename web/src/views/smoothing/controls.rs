//! The knobs of the Label smoothing view: ε, the position of the probe
//! sentence the chart shows, and the log scale.

use super::{position_label, EPS_SLIDER};
use crate::context::i18n::use_i18n;
use crate::i18n::script::Spelling;
use lab_protocol::ProbePrediction;
use leptos::prelude::*;

/// The ε slider, with its value beside it.
#[component]
pub(super) fn EpsSlider(
    /// The ε shown: the learner's, else the running model's, else the paper's.
    eps: Memo<f64>,
    /// Written when the learner moves the slider.
    eps_set: RwSignal<Option<f64>>,
) -> impl IntoView {
    let (e_min, e_max, e_step) = EPS_SLIDER;
    view! {
        <label class="knob">
            "ε "
            <input
                type="range"
                data-testid="smoothing-eps"
                min=e_min
                max=e_max
                step=e_step
                prop:value=move || eps.get().to_string()
                on:input=move |ev| {
                    if let Ok(v) = event_target_value(&ev).parse() {
                        eps_set.set(Some(v))
                    }
                }
            /> <output>{move || format!("{:.2}", eps.get())}</output>
        </label>
    }
}

/// Which target token of the probe sentence the chart shows.
#[component]
pub(super) fn PositionSelect(
    /// The probe's inputs and targets.
    probe: Memo<ProbePrediction>,
    /// Written when the learner picks a position.
    position: RwSignal<usize>,
    /// The position shown (the picked one, kept inside the sentence).
    shown: Memo<usize>,
    /// How the page spells the target tokens.
    spelling: Memo<Option<Spelling>>,
) -> impl IntoView {
    let i18n = use_i18n();
    let options = move || {
        let spelling = spelling.get();
        probe.with(|p| {
            (0..p.targets.len())
                .map(|i| {
                    let label = position_label(p, i, spelling.as_ref());
                    let selected = move || shown.get() == i;
                    view! {
                        <option value=i.to_string() selected=selected>
                            {label}
                        </option>
                    }
                })
                .collect_view()
        })
    };
    view! {
        <label>
            {i18n.t("smoothing-position")}" "
            <select
                data-testid="smoothing-position"
                on:change=move |ev| {
                    if let Ok(i) = event_target_value(&ev).parse() {
                        position.set(i)
                    }
                }
            >
                {options}
            </select>
        </label>
    }
}

/// The chart's probability axis: linear or log.
#[component]
pub(super) fn LogToggle(
    /// Whether the axis is log, written when the learner ticks the box.
    log: RwSignal<bool>,
) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <label>
            <input
                type="checkbox"
                data-testid="smoothing-log"
                on:change=move |ev| log.set(event_target_checked(&ev))
            />
            " "
            {i18n.t("smoothing-log")}
        </label>
    }
}
