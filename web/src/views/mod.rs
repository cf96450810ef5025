//! One module per view, in page order: [`guide`], [`pe`], [`attention`],
//! [`head`], [`mask`], [`training`], [`noam`], [`smoothing`], [`compare`],
//! [`translate`] (with [`decode`]) and [`complexity`]; [`runs`] lists the
//! saved runs.
//!
//! The rule: a view's Leptos component is `views/NAME.rs`, or
//! `views/NAME/mod.rs` when its plain logic (what it shows, as data, tested
//! natively) is large enough for a file of its own, `views/NAME/data.rs`.

pub mod architecture;
pub mod attention;
pub mod compare;
pub mod complexity;
pub mod decode;
pub mod guide;
pub mod head;
pub mod layer_input;
pub mod mask;
pub mod noam;
pub mod pe;
pub mod practice;
pub mod runs;
pub mod smoothing;
pub mod training;
pub mod translate;

use crate::context::state::Lab;
use crate::panels::{ids, PANELS};
use leptos::prelude::{AnyView, GetUntracked, IntoAny, Set};

/// A view as the page lays it out: its panel (`panels::PANELS`, the one
/// list of the page's order), how it is drawn, and what presentation mode
/// reveals on it one key press at a time.
#[derive(Clone, Copy)]
pub struct PageView {
    /// Its panel's id (`panels::ids`).
    pub id: &'static str,
    /// Its component.
    pub draw: fn() -> AnyView,
    /// The stages of its computation presentation mode reveals one per press
    /// (0: the view shows all at once).
    pub stages: usize,
}

/// Every view, in page order: [`PANELS`]' order, which a test holds.
pub const PAGE: [PageView; PANELS.len()] = [
    PageView {
        id: ids::MODEL,
        draw: || architecture::ModelFigure().into_any(),
        stages: 0,
    },
    PageView {
        id: ids::PE,
        draw: || pe::PeView().into_any(),
        stages: 0,
    },
    PageView {
        id: ids::ATTENTION,
        draw: || attention::AttentionView().into_any(),
        stages: 0,
    },
    PageView {
        id: ids::INSIDE_HEAD,
        draw: || head::HeadView().into_any(),
        stages: head::data::STAGES,
    },
    PageView {
        id: ids::MASKS,
        draw: || mask::MaskView().into_any(),
        stages: 0,
    },
    PageView {
        id: ids::TRAINING,
        draw: || training::TrainingView().into_any(),
        stages: 0,
    },
    PageView {
        id: ids::NOAM,
        draw: || noam::NoamView().into_any(),
        stages: 0,
    },
    PageView {
        id: ids::SMOOTHING,
        draw: || smoothing::SmoothingView().into_any(),
        stages: 0,
    },
    PageView {
        id: ids::COMPARE,
        draw: || compare::CompareView().into_any(),
        stages: 0,
    },
    PageView {
        id: ids::TRANSLATE,
        draw: || translate::TranslateView().into_any(),
        stages: 0,
    },
    PageView {
        id: ids::COMPLEXITY,
        draw: || complexity::ComplexityView().into_any(),
        stages: 0,
    },
];

/// Whether the panel `id` holds practice questions (their answers are the
/// last thing presentation mode reveals on it).
pub fn asks_questions(id: &str) -> bool {
    practice::data::QUESTIONS.iter().any(|q| q.panel() == id)
}

/// The reveal steps of a panel in presentation mode, `(first, last)`: the
/// value of `Lab::reveal` on arriving and after the last press of → on it.
/// The head view shows its computation one stage at a time (1 to
/// `STAGES`), on its first screen; every other panel has one step, so → moves
/// on at once. The answers to a panel's questions are no step of → (they sit
/// below the first screen, where a press that revealed them looked like a
/// press that did nothing): [`answers_step`] shows them.
pub fn reveal_steps(panel: usize) -> (usize, usize) {
    let stages = PAGE[panel].stages;
    (usize::from(stages > 0), stages)
}

/// The value of `Lab::reveal` that shows every stage of `panel` and its
/// questions' answers too (presentation mode's `A` key), if it asks any.
pub fn answers_step(panel: usize) -> Option<usize> {
    asks_questions(PAGE[panel].id).then(|| reveal_steps(panel).1 + 1)
}

/// Whether, in presentation mode, the questions of `panel` show their answers.
pub fn answers_revealed(panel: usize, reveal: usize) -> bool {
    answers_step(panel).is_some_and(|step| reveal >= step)
}

/// Enter or leave presentation mode.
pub fn set_present(lab: Lab, on: bool) {
    lab.present.set(on);
    if on {
        lab.reveal.set(reveal_steps(lab.panel.get_untracked()).0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_lays_the_views_out_in_the_panels_order() {
        let page: Vec<&str> = PAGE.iter().map(|v| v.id).collect();
        let panels: Vec<&str> = PANELS.iter().map(|p| p.id).collect();
        assert_eq!(page, panels);
    }

    #[test]
    fn only_the_head_view_reveals_stages_and_the_questions_sit_on_panels() {
        for view in PAGE {
            let expected = if view.id == ids::INSIDE_HEAD {
                head::data::STAGES
            } else {
                0
            };
            assert_eq!(view.stages, expected, "{}", view.id);
        }
        assert!(asks_questions(ids::INSIDE_HEAD) && asks_questions(ids::PE));
        assert!(!asks_questions("nowhere"));
        for question in practice::data::QUESTIONS {
            assert!(asks_questions(question.panel()), "{question:?}");
            assert!(
                PANELS.iter().any(|p| p.id == question.panel()),
                "{question:?}"
            );
        }
    }
}
