//! View 5: settings, validated as they are typed, and the live training curves.

mod curves;
pub mod data;
mod form;
mod readouts;

use crate::components::formula::{Equation, FFN};
use crate::context::i18n::use_i18n;
use curves::TrainingCharts;
use form::{SettingsEstimate, SettingsForm, SettingsStatus};
use leptos::prelude::*;
use readouts::{EngineNote, EvalSummary, ModelLine, SmoothingFloor, StepReadouts};

/// The view: the settings form and its verdict, the model's parts, the
/// readouts and the curves.
#[component]
pub fn TrainingView() -> impl IntoView {
    let i18n = use_i18n();
    // Shared by the switch in the readouts and the charts it rescales.
    let log = RwSignal::new(false);
    view! {
        <section id=crate::panels::ids::TRAINING class="view">
            <h2>{i18n.t("training-title")}</h2>
            <p>{i18n.t("training-intro")}</p>
            <SettingsForm />
            <SettingsStatus />
            <SettingsEstimate />
            <details class="model-parts">
                <summary>{i18n.t("training-model-parts")}</summary>
                <Equation formula=FFN />
            </details>
            <ModelLine />
            <StepReadouts log=log />
            <EngineNote />
            <EvalSummary />
            <SmoothingFloor />
            <TrainingCharts log=log />
            <crate::views::guide::TutorialConventions panel=crate::panels::ids::TRAINING />
        </section>
    }
}
