//! The page: one long scroll of views, all fed by the training worker.
//!
//! - [`state`]: the shared [`state::Lab`] signals (a newtype context);
//! - [`link`]: spawning the worker, sending [`lab_protocol::WorkerInput`] and
//!   applying each [`lab_protocol::WorkerOutput`] to the state;
//! - [`storage`]: the saved run in browser storage, checkpoint download and upload;
//! - [`panic`]: a panic becomes a banner with Reload / Reset buttons, not a dead page;
//! - [`heatmap`]: the heatmap component every view uses (cells on a canvas,
//!   token labels in HTML, hover and click);
//! - one module per view, in page order: [`pe_view`], [`attention_view`],
//!   [`head_view`], [`mask_view`], [`training_view`], [`noam_view`],
//!   [`smoothing_view`], [`compare_view`], [`translate_view`] (with
//!   [`decode_view`]), [`complexity_view`]; [`formula`] renders their MathML,
//!   and the [`toolbar`] sits on top;
//! - [`paint`]: every chart and heatmap is drawn in a task of its own.

pub mod attention_view;
pub mod compare_view;
pub mod complexity_view;
pub mod decode_view;
pub mod evaluator;
pub mod export;
pub mod formula;
pub mod guide_view;
pub mod head_view;
pub mod heatmap;
pub mod i18n;
pub mod link;
pub mod mask_view;
pub mod noam_view;
pub mod paint;
pub mod panels;
pub mod panic;
pub mod pe_view;
pub mod present;
pub mod runs_view;
pub mod share;
pub mod smoothing_view;
pub mod state;
pub mod storage;
pub mod toolbar;
pub mod training_view;
pub mod translate_view;

use leptos::prelude::*;

/// Mount the lab on `<body>` and start the worker.
pub fn start() {
    panic::install();
    leptos::mount::mount_to_body(App);
}

/// The whole page.
#[component]
pub fn App() -> impl IntoView {
    let link = share::link_in_url();
    let lab = state::Lab::with_locale(i18n::initial_locale(link.lang));
    provide_context(lab);
    share::open(lab);
    i18n::follow_locale(lab);
    let i18n = lab.i18n();
    link::spawn(lab);
    view! {
        <toolbar::Toolbar/>
        <present::Presenter/>
        <main>
            <section class="intro">
                <p>{i18n.t("common-intro")}</p>
                <p class="conventions">
                    <b>{i18n.t("common-conventions")}</b> " "
                    {i18n.t("common-conventions-maps")} " "
                    {i18n.t("common-conventions-tokens")} " "
                    {i18n.t("common-conventions-mask")}
                </p>
                <guide_view::GuideView/>
            </section>
            <pe_view::PeView/>
            <attention_view::AttentionView/>
            <head_view::HeadView/>
            <mask_view::MaskView/>
            <training_view::TrainingView/>
            <noam_view::NoamView/>
            <smoothing_view::SmoothingView/>
            <compare_view::CompareView/>
            <translate_view::TranslateView/>
            <complexity_view::ComplexityView/>
        </main>
    }
}
