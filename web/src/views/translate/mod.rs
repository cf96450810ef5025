//! View 9: type a sentence, decode it greedily, and see its attention.

use crate::context::i18n::{use_i18n, Arg};
use crate::context::state::{use_lab, Lab, Source};
use crate::i18n::script::{respell, target_lang};
use crate::i18n::{text_args, Locale};
use crate::views::attention::AttentionGrid;
use crate::workers::link::request_translation;
use lab_protocol::AttentionKind;
use lab_tasks::TaskKind;
use leptos::prelude::*;

mod vocab;

/// What the page can tell about an input before the model sees it.
#[derive(Clone, Debug, PartialEq)]
pub enum InputCheck {
    Empty,
    TooLong {
        words: usize,
        max: usize,
    },
    Unknown {
        words: Vec<(String, bool)>,
        unknown: Vec<String>,
    },
    Ok,
}

/// Check `text` against the task's source vocabulary and longest sentence,
/// split into words as the task splits typed text ([`TaskKind::encode`]).
pub fn check_input(
    task: TaskKind,
    vocab: &lab_tasks::Vocab,
    max_words: usize,
    text: &str,
) -> InputCheck {
    let encoded = task.encode(vocab, text);
    if encoded.words.is_empty() {
        return InputCheck::Empty;
    }
    if encoded.words.len() > max_words {
        return InputCheck::TooLong {
            words: encoded.words.len(),
            max: max_words,
        };
    }
    if encoded.unknown.is_empty() {
        return InputCheck::Ok;
    }
    let unknown_at: Vec<usize> = encoded.unknown.iter().map(|u| u.position).collect();
    let words = encoded
        .words
        .iter()
        .enumerate()
        .map(|(i, w)| (w.clone(), unknown_at.contains(&i)))
        .collect();
    InputCheck::Unknown {
        words,
        unknown: encoded.unknown.into_iter().map(|u| u.word).collect(),
    }
}

/// A note when the input is longer than any sentence the model was trained on:
/// allowed (up to the model's limit), but out of what it has seen.
pub fn longer_than_trained(locale: Locale, words: usize, longest: usize) -> Option<String> {
    (words > longest).then(|| {
        text_args(
            locale,
            "translate-longer-than-trained",
            &[("longest", Arg::from(longest))],
        )
    })
}

/// True when the model's task reads an unknown word as `<unk>` and
/// translates it (a real task), rather than refusing the sentence.
fn reads_unknown_words(lab: Lab) -> bool {
    lab.model.with_untracked(|m| {
        m.as_ref()
            .is_some_and(|m| m.settings.task.translates_unknown_words())
    })
}

fn submit(lab: Lab, text: String) {
    let i18n = lab.i18n();
    lab.translate_text.set(text.clone());
    let Some(facts) = lab.facts_untracked() else {
        return;
    };
    let task = facts.task.unwrap_or(TaskKind::DEFAULT);
    match check_input(task, &facts.src_vocab(), facts.max_input_words, &text) {
        InputCheck::Ok => {
            lab.clear(Source::Translate);
            request_translation(lab, text);
        }
        InputCheck::Empty => {
            lab.clear(Source::Translate);
            lab.translation.set(None);
        }
        InputCheck::TooLong { words, max } => {
            lab.translation.set(None);
            lab.show(
                Source::Translate,
                i18n.f_now(
                    "translate-too-long-banner",
                    &[("words", Arg::from(words)), ("max", Arg::from(max))],
                ),
            );
        }
        InputCheck::Unknown { .. } if reads_unknown_words(lab) => {
            lab.clear(Source::Translate);
            request_translation(lab, text);
        }
        InputCheck::Unknown { unknown, .. } => {
            lab.translation.set(None);
            let list = crate::i18n::problems::unknown_list(&unknown);
            let args = [
                ("count", Arg::from(unknown.len())),
                ("list", Arg::from(list)),
                ("size", Arg::from(facts.src_vocab.len())),
            ];
            lab.show(
                Source::Translate,
                i18n.f_now("translate-unknown-banner", &args),
            );
        }
    }
}

/// What the page checks typed text against, once the model's facts are
/// known: the task, its source vocabulary, the most words the model takes
/// and the task's longest sentence.
type Limits = Option<(TaskKind, lab_tasks::Vocab, usize, usize)>;

/// The typed text, checked against `limits` (tracked); empty before there
/// is a model.
fn typed_check(lab: Lab, limits: Memo<Limits>) -> InputCheck {
    limits.with(|v| match v {
        Some((task, v, max, _)) => lab.translate_text.with(|t| check_input(*task, v, *max, t)),
        None => InputCheck::Empty,
    })
}

/// [`reads_unknown_words`], tracked: a closure that calls it follows the model.
fn unknown_read(lab: Lab) -> bool {
    lab.model.with(|m| {
        m.as_ref()
            .is_some_and(|m| m.settings.task.translates_unknown_words())
    })
}

/// Up to four of the task's held-out sentences, to try (tracked).
fn examples(lab: Lab) -> Vec<String> {
    lab.facts()
        .map(|f| {
            f.heldout
                .iter()
                .take(4)
                .map(|p| p.src.join(" "))
                .collect::<Vec<_>>()
        })
        .unwrap_or_default()
}

#[component]
pub fn TranslateView() -> impl IntoView {
    let lab = use_lab();
    let i18n = use_i18n();
    let limits = Memo::new(move |_| {
        lab.facts().map(|f| {
            let task = f.task.unwrap_or(TaskKind::DEFAULT);
            (
                task,
                f.src_vocab(),
                f.max_input_words,
                f.longest_task_sentence,
            )
        })
    });
    let beyond = move || {
        let longest = limits.with(|v| v.as_ref().map(|v| v.3))?;
        longer_than_trained(
            i18n.locale.get(),
            lab.translate_text.with(|t| t.split_whitespace().count()),
            longest,
        )
    };
    let known = vocab::use_known(lab);
    let set = Signal::derive(move || match lab.translation.get() {
        Some(Ok(t)) => Some(t.attention),
        _ => None,
    });
    view! {
        <section id=crate::panels::ids::TRANSLATE class="view">
            <h2>{i18n.t("translate-title")}</h2>
            <crate::views::architecture::MiniMap panel=crate::panels::ids::TRANSLATE />
            <p>{i18n.t("translate-intro")}</p>
            <TranslateInput />
            <InputNote limits known />
            <p class="hint">{beyond}</p>
            <TranslateOutput limits />
            <vocab::VocabList known />
            <crate::views::decode::DecodeStepper />
            <h3>{i18n.t("translate-whole-attention")}</h3>
            <AttentionGrid
                set
                kind=Signal::derive(|| AttentionKind::Cross)
                average=Signal::derive(|| false)
                testid="translate-attention"
                waiting="translate-attention-waiting"
            />
            <crate::views::practice::Question id=crate::views::practice::QuestionId::NextToken />
            <crate::views::practice::Question id=crate::views::practice::QuestionId::CacheSaving />
        </section>
    }
}

/// The text box and its button, and example sentences to try with a click.
#[component]
fn TranslateInput() -> impl IntoView {
    let lab = use_lab();
    let i18n = use_i18n();
    view! {
        <div class="controls">
            // The typed text is the source language's; the example in the
            // placeholder is one of the task's own held-out sentences.
            <label>
                <span class="visually-hidden">{i18n.t("translate-input-label")}</span>
                <input
                    type="text"
                    class="translate-input"
                    data-testid="translate-input"
                    lang="en"
                    placeholder=move || examples(lab).into_iter().next().unwrap_or_default()
                    prop:value=move || lab.translate_text.get()
                    on:input=move |ev| submit(lab, event_target_value(&ev))
                />
            </label>
            <button on:click=move |_| submit(
                lab,
                lab.translate_text.get_untracked(),
            )>{i18n.t("translate-button")}</button>
        </div>
        <p class="examples">
            {i18n.t("translate-examples")}" "
            {move || {
                examples(lab)
                    .into_iter()
                    .map(|e| {
                        let text = e.clone();
                        view! {
                            <button
                                class="chip"
                                lang="en"
                                on:click=move |_| submit(lab, text.clone())
                            >
                                {e}
                            </button>
                        }
                    })
                    .collect_view()
            }}
        </p>
    }
}

/// What the check found in the typed text: nothing yet, too many words,
/// unknown words, or the model's refusal.
#[component]
fn InputNote(
    /// What the typed text is checked against.
    limits: Memo<Limits>,
    /// The model's source vocabulary, for the nearest known words.
    known: Memo<Option<vocab::Known>>,
) -> impl IntoView {
    let lab = use_lab();
    let i18n = use_i18n();
    view! {
        <div class="translate-check" aria-live="polite">
            {move || match typed_check(lab, limits) {
                InputCheck::Empty if lab.translation.with(Option::is_none) => ().into_any(),
                InputCheck::Empty => {
                    // Before anything is typed, the placeholder and the examples say enough.
                    view! { <p class="hint">{i18n.s("translate-empty")}</p> }
                        .into_any()
                }
                InputCheck::TooLong { words, max } => {
                    view! {
                        <p class="problem">
                            {i18n
                                .f(
                                    "translate-too-long",
                                    &[("words", Arg::from(words)), ("max", Arg::from(max))],
                                )}
                        </p>
                    }
                        .into_any()
                }
                InputCheck::Unknown { words, unknown } => {
                    view! { <UnknownWords words unknown known /> }.into_any()
                }
                InputCheck::Ok => {
                    match lab.translation.get() {
                        Some(Err(e)) => {
                            let e = crate::i18n::problems::unanswered(i18n.locale.get(), &e);
                            view! { <p class="problem">{e}</p> }.into_any()
                        }
                        _ => ().into_any(),
                    }
                }
            }}
        </div>
    }
}

/// The typed words with the unknown ones marked, what the model does with
/// them, and the nearest words it knows.
#[component]
fn UnknownWords(
    /// The typed words, each with `true` when the model does not know it.
    words: Vec<(String, bool)>,
    /// The words the model does not know.
    unknown: Vec<String>,
    /// The model's source vocabulary, for the nearest known words.
    known: Memo<Option<vocab::Known>>,
) -> impl IntoView {
    let lab = use_lab();
    let i18n = use_i18n();
    view! {
        <p
            class=move || if unknown_read(lab) { "hint" } else { "problem" }
            data-testid="translate-unknown"
        >
            {move || {
                i18n.s(
                    if unknown_read(lab) {
                        "translate-unknown-as-unk"
                    } else {
                        "translate-unknown-highlighted"
                    },
                )
            }}
            " "
            <span lang="en">
                {words
                    .into_iter()
                    .map(|(w, bad)| {
                        if bad {
                            view! {
                                <mark class="unknown">{w}</mark>
                                " "
                            }
                                .into_any()
                        } else {
                            view! { <span>{w}" "</span> }.into_any()
                        }
                    })
                    .collect_view()}
            </span>
        </p>
        <vocab::Nearest unknown known />
    }
}

/// The translation, in the target's script, once the typed text is one the
/// model translates.
#[component]
fn TranslateOutput(
    /// What the typed text is checked against.
    limits: Memo<Limits>,
) -> impl IntoView {
    let lab = use_lab();
    let i18n = use_i18n();
    // Target tokens in the page's script (Traditional Chinese in 繁體中文).
    let spelling = lab.spelling;
    let tgt_lang = Memo::new(move |_| {
        let task = lab.model.with(|m| m.as_ref().map(|m| m.settings.task));
        spelling.with(|s| target_lang(task, s.as_ref()))
    });
    let translatable = move || match typed_check(lab, limits) {
        InputCheck::Ok => true,
        InputCheck::Unknown { .. } => unknown_read(lab),
        _ => false,
    };
    let output = move || match lab.translation.get() {
        Some(Ok(t)) if translatable() => respell(spelling.get().as_ref(), &t.output).join(" "),
        _ => String::new(),
    };
    view! {
        <p class="translate-result" hidden=move || output().is_empty()>
            {i18n.t("translate-output")}
            " "
            <output data-testid="translate-output" lang=move || tgt_lang.get()>
                {output}
            </output>
        </p>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_inputs_longer_than_the_task_get_the_out_of_distribution_note() {
        for locale in Locale::ALL {
            assert_eq!(longer_than_trained(locale, 12, 12), None);
            assert!(longer_than_trained(locale, 13, 12).is_some_and(|n| n.contains("12")));
        }
        assert!(
            longer_than_trained(Locale::En, 13, 12).is_some_and(|n| n.contains("at most 12 words"))
        );
    }
}
