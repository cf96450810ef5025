//! View 9: type a sentence, decode it greedily, and see its attention.

use super::attention_view::AttentionGrid;
use super::link::request_translation;
use super::state::{use_lab, Lab, Source};
use lab_protocol::AttentionKind;
use leptos::prelude::*;

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

/// Check `text` against the task's source vocabulary and longest sentence.
pub fn check_input(vocab: &lab_tasks::Vocab, max_words: usize, text: &str) -> InputCheck {
    let encoded = vocab.encode(text);
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
pub fn longer_than_trained(words: usize, longest: usize) -> Option<String> {
    (words > longest).then(|| format!("This task's sentences have at most {longest} words; the model has never seen a longer one, so expect mistakes."))
}

fn submit(lab: Lab, text: String) {
    lab.translate_text.set(text.clone());
    let Some(facts) = lab.facts_untracked() else {
        return;
    };
    match check_input(&facts.src_vocab(), facts.max_input_words, &text) {
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
                format!(
                    "That sentence has {words} words; this model reads at most {max}. Shorten it."
                ),
            );
        }
        InputCheck::Unknown { unknown, .. } => {
            lab.translation.set(None);
            let list = unknown
                .iter()
                .map(|w| format!("“{w}”"))
                .collect::<Vec<_>>()
                .join(", ");
            lab.show(Source::Translate, format!("Unknown word{}: {list}. The model only knows the {} words of this task's vocabulary; try one of the example sentences.", if unknown.len() > 1 { "s" } else { "" }, facts.src_vocab.len()));
        }
    }
}

#[component]
pub fn TranslateView() -> impl IntoView {
    let lab = use_lab();
    let examples = move || {
        lab.facts()
            .map(|f| {
                f.heldout
                    .iter()
                    .take(4)
                    .map(|p| p.src.join(" "))
                    .collect::<Vec<_>>()
            })
            .unwrap_or_default()
    };
    let vocab = Memo::new(move |_| {
        lab.facts()
            .map(|f| (f.src_vocab(), f.max_input_words, f.longest_task_sentence))
    });
    let check = move || {
        vocab.with(|v| match v {
            Some((v, max, _)) => lab.translate_text.with(|t| check_input(v, *max, t)),
            None => InputCheck::Empty,
        })
    };
    let beyond = move || {
        let longest = vocab.with(|v| v.as_ref().map(|v| v.2))?;
        longer_than_trained(
            lab.translate_text.with(|t| t.split_whitespace().count()),
            longest,
        )
    };
    let output = move || match lab.translation.get() {
        Some(Ok(t)) if check() == InputCheck::Ok => t.output.join(" "),
        _ => String::new(),
    };
    let set = Signal::derive(move || match lab.translation.get() {
        Some(Ok(t)) => Some(t.attention),
        _ => None,
    });
    view! {
        <section id="translate" class="view">
            <h2>"9 · Translate, step by step"</h2>
            <p>"Type a sentence in the task's source language. The model decodes greedily, one token at a time (argmax), until it emits <eos>."</p>
            <div class="controls">
                <input type="text" class="translate-input" data-testid="translate-input" placeholder="e.g. the big dog sees a small cat"
                    prop:value=move || lab.translate_text.get()
                    on:input=move |ev| submit(lab, event_target_value(&ev))/>
                <button on:click=move |_| submit(lab, lab.translate_text.get_untracked())>"Translate"</button>
            </div>
            <p class="examples">"Held-out examples: "
                {move || examples().into_iter().map(|e| { let text = e.clone(); view! { <button class="chip" on:click=move |_| submit(lab, text.clone())>{e}</button> } }).collect_view()}
            </p>
            <div class="translate-check" aria-live="polite">
                {move || match check() {
                    InputCheck::Empty => view! { <p class="hint">"Type a sentence above (it is empty)."</p> }.into_any(),
                    InputCheck::TooLong { words, max } => view! { <p class="problem">{format!("Too long: {words} words, at most {max}.")}</p> }.into_any(),
                    InputCheck::Unknown { words, .. } => view! {
                        <p class="problem">"Unknown words are highlighted: "
                            {words.into_iter().map(|(w, bad)| if bad { view! { <mark class="unknown">{w}</mark>" " }.into_any() } else { view! { <span>{w}" "</span> }.into_any() }).collect_view()}
                        </p>
                    }.into_any(),
                    InputCheck::Ok => match lab.translation.get() {
                        Some(Err(e)) => view! { <p class="problem">{e}</p> }.into_any(),
                        _ => ().into_any(),
                    },
                }}
            </div>
            <p class="hint">{beyond}</p>
            <p class="translate-result">"Output: " <output data-testid="translate-output">{output}</output></p>
            <super::decode_view::DecodeStepper/>
            <h3>"Cross-attention of the whole decode (rows = each step's query, labelled input → chosen token; columns = source keys)"</h3>
            <AttentionGrid set kind=Signal::derive(|| AttentionKind::Cross) average=Signal::derive(|| false) testid="translate-attention"/>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_inputs_longer_than_the_task_get_the_out_of_distribution_note() {
        assert_eq!(longer_than_trained(12, 12), None);
        assert!(longer_than_trained(13, 12).is_some_and(|n| n.contains("at most 12 words")));
    }
}
