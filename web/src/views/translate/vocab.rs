//! The words a model reads (issue 45): beside Translate, the source
//! vocabulary of the run, searchable, each word with its count in the
//! training pairs; and, under a typed word it does not read, the known
//! words nearest in spelling. The worker counts (`TaskFacts::src_counts`);
//! listing, searching and the suggestions follow `lab_tasks::known`.

use crate::context::i18n::{use_i18n, Arg};
use crate::context::state::Lab;
use lab_tasks::known::{known_words, nearest_known};
use lab_tasks::vocab::SPECIALS;
use leptos::prelude::*;

/// The most words listed at once: the search narrows the rest.
pub const LISTED: usize = 200;
/// The most known words suggested for a typed unknown word.
pub const SUGGESTED: usize = 3;

/// The run's source tokens (id order, specials first) and their counts.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Known {
    pub tokens: Vec<String>,
    pub counts: Vec<u32>,
}

/// The current model's source vocabulary and counts, changed only when the
/// model's task or run changes: at a training update the new facts are
/// compared with the kept ones in place, and nothing is copied.
pub fn use_known(lab: Lab) -> Memo<Option<Known>> {
    Memo::new_owning(move |kept: Option<Option<Known>>| {
        lab.model.with(|m| {
            let facts = m.as_ref().map(|m| &m.facts);
            let same = match (&kept, facts) {
                (Some(Some(k)), Some(f)) => k.tokens == f.src_vocab && k.counts == f.src_counts,
                (Some(None), None) => true,
                _ => false,
            };
            if same {
                return (kept.flatten(), false);
            }
            let known = facts.map(|f| Known {
                tokens: f.src_vocab.clone(),
                counts: f.src_counts.clone(),
            });
            (known, true)
        })
    })
}

/// The searchable list of the words the model reads.
#[component]
pub fn VocabList(known: Memo<Option<Known>>) -> impl IntoView {
    let i18n = use_i18n();
    let query = RwSignal::new(String::new());
    // (the words shown, with counts; how many match; how many there are)
    let found = move || {
        known.with(|k| {
            let Some(k) = k else {
                return (Vec::new(), 0, 0);
            };
            let all = k.tokens.len().saturating_sub(SPECIALS.len());
            let matches = query.with(|q| known_words(&k.tokens, &k.counts, q));
            let listed = matches
                .iter()
                .take(LISTED)
                .map(|w| (w.word.to_string(), w.count))
                .collect::<Vec<_>>();
            (listed, matches.len(), all)
        })
    };
    let found = Memo::new(move |_| found());
    let summary = move || {
        let total = found.with(|f| f.2);
        i18n.f("vocab-title", &[("count", Arg::from(total))])
    };
    let shown = move || {
        found.with(|(listed, matches, _)| {
            if *matches == 0 {
                return i18n.f("vocab-none", &[("query", Arg::from(query.get()))]);
            }
            i18n.f(
                "vocab-shown",
                &[
                    ("shown", Arg::from(listed.len())),
                    ("total", Arg::from(*matches)),
                ],
            )
        })
    };
    view! {
        <details class="vocab" open=true>
            <summary id="vocab-summary">{summary}</summary>
            <p class="hint">{i18n.t("vocab-intro")}</p>
            <label>
                <span class="visually-hidden">{i18n.t("vocab-search")}</span>
                <input
                    type="search"
                    data-testid="vocab-search"
                    placeholder=i18n.t("vocab-search")
                    prop:value=move || query.get()
                    on:input=move |ev| query.set(event_target_value(&ev))
                />
            </label>
            <p class="hint" aria-live="polite">
                {shown}
            </p>
            // Focusable, so the keyboard can scroll it (axe: scrollable-region-focusable).
            <ol
                class="vocab-list"
                data-testid="vocab-list"
                lang="en"
                tabindex="0"
                aria-labelledby="vocab-summary"
            >
                <For
                    each=move || found.with(|f| f.0.clone())
                    key=|(word, count)| (word.clone(), *count)
                    children=|(word, count)| {
                        view! {
                            <li data-testid="vocab-word">
                                <span class="vocab-word">{word}</span>
                                " "
                                <span class="vocab-count">{count}</span>
                            </li>
                        }
                    }
                />
            </ol>
        </details>
    }
}

/// Under the typed sentence: for each word the model does not read, the
/// known words nearest in spelling, or that none is near.
#[component]
pub fn Nearest(unknown: Vec<String>, known: Memo<Option<Known>>) -> impl IntoView {
    let i18n = use_i18n();
    let rows = move || {
        known.with(|k| {
            let k = k.as_ref()?;
            Some(
                unknown
                    .iter()
                    .map(|word| {
                        let near = nearest_known(word, &k.tokens, &k.counts, SUGGESTED);
                        let args = [
                            ("word", Arg::from(word.clone())),
                            ("list", Arg::from(near.join(", "))),
                        ];
                        let id = if near.is_empty() {
                            "translate-nearest-none"
                        } else {
                            "translate-nearest"
                        };
                        view! { <li data-testid="translate-nearest">{i18n.f(id, &args)}</li> }
                    })
                    .collect_view(),
            )
        })
    };
    view! { <ul class="nearest">{rows}</ul> }
}
