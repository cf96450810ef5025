//! Predict, then reveal: a question beside a view. The reader types a guess
//! and only then sees the answer, computed from the function the view
//! draws with (`data`), and a sentence on why. Whether each question was
//! answered right is kept in the browser and counted in the guide.

pub mod asked;
pub mod data;

use crate::shell::i18n::{use_i18n, Arg};
use crate::shell::state::{use_lab, Lab};
use data::{is_right, read_record, record, QuestionId, Record};
use leptos::prelude::*;

/// Where the browser keeps the reader's answers.
const STORAGE_KEY: &str = "attention-lab.practice";

fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// The answers kept in this browser (an empty record without storage).
pub fn stored_record() -> Record {
    let text = local_storage().and_then(|s| s.get_item(STORAGE_KEY).ok().flatten());
    read_record(text.as_deref())
}

/// Keeps `record` in the browser; without storage, it lasts as long as the page.
fn store(record: &Record) {
    if let (Some(storage), Ok(text)) = (local_storage(), serde_json::to_string(record)) {
        let _ = storage.set_item(STORAGE_KEY, &text);
    }
}

/// Forgets every answer ("Reset my answers").
pub fn reset(lab: Lab) {
    lab.practice.set(Record::new());
    store(&Record::new());
}

/// What a question asks now: its message arguments (from the live run) and its answer.
#[derive(Clone, Debug, PartialEq)]
pub struct Asked {
    pub args: Vec<(&'static str, String)>,
    pub answer: f64,
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
    let asked = Signal::derive(move || asked::asked(lab, id));
    let i18n = use_i18n();
    let key = id.key();
    let (prompt_id, why_id) = message_ids(id);
    let guess = RwSignal::new(String::new());
    // The guess checked and the answer it was checked against.
    let checked = RwSignal::new(None::<(bool, Asked)>);
    let args = move |a: &Asked, extra: Option<f64>| -> Vec<(&'static str, Arg)> {
        let mut args: Vec<(&'static str, Arg)> = a
            .args
            .iter()
            .map(|(k, v)| (*k, Arg::from(v.clone())))
            .collect();
        if let Some(answer) = extra {
            args.push(("answer", Arg::from(shown(answer))));
        }
        args
    };
    let submit = move || {
        let Some(a) = asked.get_untracked() else {
            return;
        };
        let value: f64 = guess
            .get_untracked()
            .trim()
            .replace(',', ".")
            .parse()
            .unwrap_or(f64::NAN);
        let right = is_right(value, a.answer, id.tolerance());
        lab.practice.update(|r| {
            record(r, id, right);
            store(r);
        });
        checked.set(Some((right, a)));
    };
    let prompt = move || match asked.get() {
        None => i18n.s("practice-waiting"),
        Some(a) => i18n.f(prompt_id, &args(&a, None)),
    };
    // A reset forgets the verdict too.
    Effect::new(move |_| {
        if lab.practice.with(|r| r.is_empty()) {
            checked.set(None);
        }
    });
    let feedback = move || {
        // A verdict on numbers the run no longer has (a new model, other settings) is not shown.
        let now = asked.with(|a| a.as_ref().map(|a| a.answer));
        checked.get().filter(|(_, a)| Some(a.answer) == now).map(|(right, a)| {
            let why = i18n.f(why_id, &args(&a, Some(a.answer)));
            let verdict = if right {
                i18n.s("practice-right")
            } else {
                i18n.f("practice-wrong", &[("answer", Arg::from(shown(a.answer)))])
            };
            view! {
                <p class=if right { "question-feedback right" } else { "question-feedback wrong" }
                    data-testid="question-feedback" data-correct=right.to_string() aria-live="polite">
                    <b>{verdict}</b>" "{why}
                </p>
            }
        })
    };
    view! {
        <div class="question" data-testid="question" data-question=key>
            <p class="question-prompt"><b>{i18n.t("practice-predict")}</b>" "{prompt}</p>
            <form on:submit=move |ev| { ev.prevent_default(); submit() }>
                <input type="text" inputmode="decimal" data-testid="question-answer"
                    aria-label=i18n.t("practice-answer-label")
                    prop:value=move || guess.get()
                    on:input=move |ev| { guess.set(event_target_value(&ev)); checked.set(None) }/>" "
                <button type="submit" data-testid="question-submit"
                    disabled=move || asked.with(Option::is_none)>{i18n.t("practice-check")}</button>
            </form>
            {feedback}
        </div>
    }
}
