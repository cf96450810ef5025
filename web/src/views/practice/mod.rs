//! Predict, then reveal: a question beside a view. The reader types a guess
//! and only then sees the answer, computed from the function the view
//! draws with (`data`), and a sentence on why. Whether each question was
//! answered right is kept in the browser and counted in the guide.

pub mod asked;
pub mod data;

use crate::context::i18n::{use_i18n, Arg};
use crate::context::state::{use_lab, Lab};
use crate::context::storage::{store_answers, Answers};
use data::{is_right, record};
pub use data::{progress, progress_by_panel, QuestionId};
use leptos::prelude::*;

/// Forgets every answer ("Reset my answers").
pub fn reset(lab: Lab) {
    lab.practice.set(Answers::new());
    store_answers(&Answers::new());
}

/// A question's answer: a number to type, or one of a few choices.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    Number(f64),
    /// `lang` is the options' language (source or target tokens), for the page's `lang=`.
    Choice {
        options: Vec<String>,
        right: usize,
        lang: &'static str,
    },
}

impl Answer {
    /// Whether `typed` (a number, or a choice's index) is this answer.
    fn accepts(&self, typed: &str, tolerance: f64) -> bool {
        match self {
            Self::Number(x) => {
                let guess = typed.trim().replace(',', ".").parse().unwrap_or(f64::NAN);
                is_right(guess, *x, tolerance)
            }
            Self::Choice { right, .. } => typed.parse::<usize>().ok() == Some(*right),
        }
    }

    /// The answer as the feedback writes it.
    fn text(&self) -> String {
        match self {
            Self::Number(x) => shown(*x),
            Self::Choice { options, right, .. } => options.get(*right).cloned().unwrap_or_default(),
        }
    }
}

/// What a question asks now: its message arguments (from the live run) and its answer.
#[derive(Clone, Debug, PartialEq)]
pub struct Asked {
    pub args: Vec<(&'static str, String)>,
    pub answer: Answer,
}

/// The message ids of a question's prompt and of its explanation.
fn message_ids(id: QuestionId) -> (&'static str, &'static str) {
    match id {
        QuestionId::PeZero => ("practice-pe-zero", "practice-pe-zero-why"),
        QuestionId::UniformEntropy => ("practice-uniform-entropy", "practice-uniform-entropy-why"),
        QuestionId::HiddenCells => ("practice-hidden-cells", "practice-hidden-cells-why"),
        QuestionId::NoamPeak => ("practice-noam-peak", "practice-noam-peak-why"),
        QuestionId::LossFloor => ("practice-loss-floor", "practice-loss-floor-why"),
        QuestionId::Crossover => ("practice-crossover", "practice-crossover-why"),
        QuestionId::PeFastest => ("practice-pe-fastest", "practice-pe-fastest-why"),
        QuestionId::CrossArgmax => ("practice-cross-argmax", "practice-cross-argmax-why"),
        QuestionId::NextToken => ("practice-next-token", "practice-next-token-why"),
        QuestionId::ScoreArgmax => ("practice-score-argmax", "practice-score-argmax-why"),
        QuestionId::CacheSaving => ("practice-cache-saving", "practice-cache-saving-why"),
        QuestionId::SameVector => ("practice-same-vector", "practice-same-vector-why"),
    }
}

/// A number as the feedback writes it: whole numbers without decimals.
fn shown(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{x:.0}")
    } else {
        format!("{x:.3}")
    }
}

/// The question `id`, asked on the live run.
#[component]
pub fn Question(id: QuestionId) -> impl IntoView {
    let lab = use_lab();
    // Recomputed as the run changes, but only a changed question notifies.
    let asked = Memo::new(move |_| asked::asked(lab, id));
    let i18n = use_i18n();
    let key = id.key();
    let (prompt_id, why_id) = message_ids(id);
    let guess = RwSignal::new(String::new());
    // The guess checked and the answer it was checked against.
    let checked = RwSignal::new(None::<(bool, Asked)>);
    let args = move |a: &Asked, with_answer: bool| -> Vec<(&'static str, Arg)> {
        let mut args: Vec<(&'static str, Arg)> = a
            .args
            .iter()
            .map(|(k, v)| (*k, Arg::from(v.clone())))
            .collect();
        if with_answer {
            args.push(("answer", Arg::from(a.answer.text())));
        }
        args
    };
    // The choices, if any: the input is rebuilt only when they change.
    let options = Memo::new(move |_| {
        asked.with(|a| match a.as_ref().map(|a| &a.answer) {
            Some(Answer::Choice { options, lang, .. }) => Some((options.clone(), *lang)),
            _ => None,
        })
    });
    let submit = move || {
        let Some(a) = asked.get_untracked() else {
            return;
        };
        let tolerance = match a.answer {
            Answer::Number(x) => id.tolerance(x),
            Answer::Choice { .. } => 0.0,
        };
        let right = a.answer.accepts(&guess.get_untracked(), tolerance);
        lab.practice.update(|r| {
            record(r, id, right);
            store_answers(r);
        });
        checked.set(Some((right, a)));
    };
    let prompt = move || match asked.get() {
        None if matches!(id, QuestionId::NextToken | QuestionId::CacheSaving) => {
            i18n.s("practice-next-token-waiting")
        }
        None => i18n.s("practice-waiting"),
        Some(a) => i18n.f(prompt_id, &args(&a, false)),
    };
    // A reset forgets the verdict too.
    Effect::new(move |_| {
        if lab.practice.with(|r| r.is_empty()) {
            checked.set(None);
        }
    });
    let feedback = move || {
        // A verdict on numbers the run no longer has (a new model, other settings) is not shown.
        let now = asked.with(|a| a.as_ref().map(|a| a.answer.clone()));
        checked.get().filter(|(_, a)| Some(&a.answer) == now.as_ref()).map(|(right, a)| {
            let why = i18n.f(why_id, &args(&a, true));
            let verdict = if right {
                i18n.s("practice-right")
            } else {
                i18n.f("practice-wrong", &[("answer", Arg::from(a.answer.text()))])
            };
            view! {
                <p
                    class=if right { "question-feedback right" } else { "question-feedback wrong" }
                    data-testid="question-feedback"
                    data-correct=right.to_string()
                    aria-live="polite"
                >
                    <strong>{verdict}</strong>
                    " "
                    {why}
                </p>
            }
        })
    };
    // In presentation mode the lecturer reveals the answer with →
    // (`views::reveal_steps`), whatever the class guessed.
    let revealed = move || {
        let panel = lab.panel.get();
        lab.present.get()
            && crate::panels::PANELS[panel].id == id.panel()
            && crate::views::answers_revealed(panel, lab.reveal.get())
    };
    let reveal = move || {
        if !revealed() || checked.with(Option::is_some) {
            return None;
        }
        asked.get().map(|a| {
            let why = i18n.f(why_id, &args(&a, true));
            let answer = i18n.f(
                "practice-revealed",
                &[("answer", Arg::from(a.answer.text()))],
            );
            view! {
                <p
                    class="question-feedback revealed"
                    data-testid="question-reveal"
                    aria-live="polite"
                >
                    <strong>{answer}</strong>
                    " "
                    {why}
                </p>
            }
        })
    };
    view! {
        <div class="question" data-testid="question" data-question=key data-panel=id.panel()>
            <p class="question-prompt">
                <strong>{i18n.t("practice-predict")}</strong>
                " "
                {prompt}
            </p>
            <form on:submit=move |ev| {
                ev.prevent_default();
                submit()
            }>
                {move || match options.get() {
                    Some((options, lang)) => {
                        view! {
                            <select
                                data-testid="question-answer"
                                aria-label=i18n.t("practice-answer-label")
                                lang=lang
                                on:change=move |ev| {
                                    guess.set(event_target_value(&ev));
                                    checked.set(None)
                                }
                            >
                                <option value="" selected=move || guess.with(String::is_empty)>
                                    "—"
                                </option>
                                {options
                                    .into_iter()
                                    .enumerate()
                                    .map(|(i, o)| {
                                        view! {
                                            <option
                                                value=i.to_string()
                                                selected=move || guess.get() == i.to_string()
                                            >
                                                {o}
                                            </option>
                                        }
                                    })
                                    .collect_view()}
                            </select>
                        }
                            .into_any()
                    }
                    _ => {
                        view! {
                            <input
                                type="text"
                                inputmode="decimal"
                                data-testid="question-answer"
                                aria-label=i18n.t("practice-answer-label")
                                prop:value=move || guess.get()
                                on:input=move |ev| {
                                    guess.set(event_target_value(&ev));
                                    checked.set(None)
                                }
                            />
                        }
                            .into_any()
                    }
                }}" "
                <button
                    type="submit"
                    data-testid="question-submit"
                    disabled=move || asked.with(Option::is_none)
                >
                    {i18n.t("practice-check")}
                </button>
            </form>
            {feedback}
            {reveal}
        </div>
    }
}
