//! The knobs of the Label smoothing view: ε and the position of the probe
//! sentence the chart shows (the log scale is a [`Toggle`](crate::components::controls::Toggle)).

use super::{position_label, EPS_SLIDER};
use crate::components::controls::Slider;
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
    view! {
        <Slider
            testid="smoothing-eps"
            range=EPS_SLIDER
            value=eps
            show=|e| format!("{e:.2}")
            set=move |e| eps_set.set(Some(e))
        >
            "ε "
        </Slider>
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
