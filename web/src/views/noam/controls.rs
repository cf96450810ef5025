//! The what-if sliders of the Noam view: d_model, warm-up and factor, and
//! the button back to the running model's schedule.

use super::{NoamKnobs, D_MODEL_SLIDER, FACTOR_SLIDER, WARMUP_SLIDER};
use crate::components::controls::Slider;
use crate::context::i18n::use_i18n;
use leptos::prelude::*;

/// A `usize` slider's `(min, max, step)` as the `f64`s a [`Slider`] takes.
fn usize_range((a, b, s): (usize, usize, usize)) -> (f64, f64, f64) {
    (a as f64, b as f64, s as f64)
}

/// The three what-if sliders and the way back to the running model.
#[component]
pub(super) fn WhatIfControls(
    /// The schedule drawn: the learner's knobs, else the running model's.
    what_if: Memo<NoamKnobs>,
    /// The learner's knobs, `None` while the view follows the running model.
    overridden: RwSignal<Option<NoamKnobs>>,
) -> impl IntoView {
    let i18n = use_i18n();
    let change = move |f: fn(&mut NoamKnobs, f64)| {
        Callback::new(move |v: f64| {
            let mut k = what_if.get_untracked();
            f(&mut k, v);
            overridden.set(Some(k));
        })
    };
    view! {
        <div class="controls">
            <Slider
                testid="noam-dmodel"
                range=usize_range(D_MODEL_SLIDER)
                value=Signal::derive(move || what_if.get().d_model as f64)
                show=|v| format!("{v:.0}")
                set=change(|k, v| k.d_model = v as usize)
            >
                {i18n.t("noam-knob-d-model")}
            </Slider>
            <Slider
                testid="noam-warmup"
                range=usize_range(WARMUP_SLIDER)
                value=Signal::derive(move || what_if.get().warmup as f64)
                show=|v| format!("{v:.0}")
                set=change(|k, v| k.warmup = v as usize)
            >
                {i18n.t("noam-knob-warmup")}
            </Slider>
            <Slider
                testid="noam-factor"
                range=FACTOR_SLIDER
                value=Signal::derive(move || what_if.get().factor)
                show=|v| format!("{v:.2}")
                set=change(|k, v| k.factor = v)
            >
                {i18n.t("noam-knob-factor")}
            </Slider>
            <button
                data-testid="noam-reset"
                disabled=move || overridden.get().is_none()
                on:click=move |_| overridden.set(None)
            >
                {i18n.t("noam-back")}
            </button>
        </div>
    }
}
