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

/// The message arguments of a question as asked now, and its answer
/// (`answer`) when `with_answer`.
fn message_args(a: &Asked, with_answer: bool) -> Vec<(&'static str, Arg)> {
    let mut args: Vec<(&'static str, Arg)> = a
        .args
        .iter()
        .map(|(k, v)| (*k, Arg::from(v.clone())))
        .collect();
    if with_answer {
        args.push(("answer", Arg::from(a.answer.text())));
    }
    args
}

/// The question `id`, asked on the live run.
#[component]
pub fn Question(id: QuestionId) -> impl IntoView {
    let lab = use_lab();
    // Recomputed as the run changes, but only a changed question notifies.
    let asked = Memo::new(move |_| asked::asked(lab, id));
    let i18n = use_i18n();
    let key = id.key();
    let (prompt_id, _) = message_ids(id);
    let guess = RwSignal::new(String::new());
    // The guess checked and the answer it was checked against.
    let checked = RwSignal::new(None::<(bool, Asked)>);
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
        Some(a) => i18n.f(prompt_id, &message_args(&a, false)),
    };
    // A reset forgets the verdict too.
    Effect::new(move |_| {
        if lab.practice.with(|r| r.is_empty()) {
            checked.set(None);
        }
    });
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
                <AnswerInput asked guess checked />
                " "
                <button
                    type="submit"
                    data-testid="question-submit"
                    disabled=move || asked.with(Option::is_none)
                >
                    {i18n.t("practice-check")}
                </button>
            </form>
            <Feedback id asked checked />
            <Revealed id asked checked />
        </div>
    }
}

/// Where the reader gives a guess: a list of the choices when the answer is
/// one of a few, else a box to type a number in.
#[component]
fn AnswerInput(
    /// The question as asked now.
    asked: Memo<Option<Asked>>,
    /// The guess, as typed or picked.
    guess: RwSignal<String>,
    /// The verdict, forgotten when the guess changes.
    checked: RwSignal<Option<(bool, Asked)>>,
) -> impl IntoView {
    // The choices, if any: the input is rebuilt only when they change.
    let options = Memo::new(move |_| {
        asked.with(|a| match a.as_ref().map(|a| &a.answer) {
            Some(Answer::Choice { options, lang, .. }) => Some((options.clone(), *lang)),
            _ => None,
        })
    });
    move || match options.get() {
        Some((options, lang)) => view! { <ChoiceSelect options lang guess checked /> }.into_any(),
        _ => view! { <NumberInput guess checked /> }.into_any(),
    }
}

/// A guess picked from a question's choices.
#[component]
fn ChoiceSelect(
    /// The choices, in order; the guess is an index into them.
    options: Vec<String>,
    /// The choices' language (source or target tokens).
    lang: &'static str,
    /// The guess: the picked choice's index, empty before one is picked.
    guess: RwSignal<String>,
    /// The verdict, forgotten when the guess changes.
    checked: RwSignal<Option<(bool, Asked)>>,
) -> impl IntoView {
    let i18n = use_i18n();
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
                        <option value=i.to_string() selected=move || guess.get() == i.to_string()>
                            {o}
                        </option>
                    }
                })
                .collect_view()}
        </select>
    }
}

/// A guess typed as a number.
#[component]
fn NumberInput(
    /// The guess, as typed.
    guess: RwSignal<String>,
    /// The verdict, forgotten when the guess changes.
    checked: RwSignal<Option<(bool, Asked)>>,
) -> impl IntoView {
    let i18n = use_i18n();
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
}

/// The verdict on the checked guess, and why the answer is what it is.
#[component]
fn Feedback(
    /// The question.
    id: QuestionId,
    /// The question as asked now.
    asked: Memo<Option<Asked>>,
    /// The guess checked and the answer it was checked against.
    checked: RwSignal<Option<(bool, Asked)>>,
) -> impl IntoView {
    let i18n = use_i18n();
    let (_, why_id) = message_ids(id);
    move || {
        // A verdict on numbers the run no longer has (a new model, other settings) is not shown.
        let now = asked.with(|a| a.as_ref().map(|a| a.answer.clone()));
        checked.get().filter(|(_, a)| Some(&a.answer) == now.as_ref()).map(|(right, a)| {
            let why = i18n.f(why_id, &message_args(&a, true));
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
    }
}

/// The answer as presentation mode reveals it, unless a guess was checked.
#[component]
fn Revealed(
    /// The question.
    id: QuestionId,
    /// The question as asked now.
    asked: Memo<Option<Asked>>,
    /// The guess checked, if any: its verdict shows instead.
    checked: RwSignal<Option<(bool, Asked)>>,
) -> impl IntoView {
    let lab = use_lab();
    let i18n = use_i18n();
    let (_, why_id) = message_ids(id);
    // In presentation mode the lecturer reveals the answer with →
    // (`views::reveal_steps`), whatever the class guessed.
    let revealed = move || {
        let panel = lab.panel.get();
        lab.present.get()
            && crate::panels::PANELS[panel].id == id.panel()
            && crate::views::answers_revealed(panel, lab.reveal.get())
    };
    move || {
        if !revealed() || checked.with(Option::is_some) {
            return None;
        }
        asked.get().map(|a| {
            let why = i18n.f(why_id, &message_args(&a, true));
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
    }
}
