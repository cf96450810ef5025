//! The head view's pickers: attention kind, layer, head, query, and the
//! typed sentence instead of the probe.

use super::{query_labels, with_trace};
use crate::components::controls::{KindPicker, NumberPicker, Toggle};
use crate::context::i18n::I18n;
use crate::context::state::Lab;
use leptos::prelude::*;

/// The pickers, in the page's shared focus (`Lab::focus_*`). `sizes` is the
/// model's `(layers, heads)`, `langs` the trace's `(queries, keys)` languages.
pub(super) fn pickers(
    lab: Lab,
    i18n: I18n,
    sizes: Memo<(usize, usize)>,
    langs: impl Fn() -> (&'static str, &'static str) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    view! {
        <div class="controls">
            <KindPicker label="head-pick-kind" testid="head-kind" kind=lab.focus_kind />
            <NumberPicker
                label="head-pick-layer"
                testid="head-layer"
                count=Signal::derive(move || sizes.get().0)
                pick=lab.focus_layer
            />
            <NumberPicker
                label="head-pick-head"
                testid="head-index"
                count=Signal::derive(move || sizes.get().1)
                pick=lab.focus_head
            />
            <label>
                {i18n.t("head-pick-query")}" "
                <select
                    data-testid="head-query"
                    on:change=move |ev| {
                        lab.focus_query.set(event_target_value(&ev).parse().unwrap_or(0))
                    }
                >
                    {move || query_options(lab, langs().0)}
                </select>
            </label>
            <Toggle label="head-use-typed" on=lab.focus_typed />
        </div>
    }
}

/// The query picker's options: one per query row of the opened head's trace,
/// labelled in the reader's spelling, their language `lang`.
fn query_options(lab: Lab, lang: &'static str) -> impl IntoView {
    let spelling = lab.spelling;
    spelling.with(|s| {
        with_trace(lab, |tr| {
            let last = tr.seq_q.saturating_sub(1);
            let labels = query_labels(tr, s.as_ref());
            (0..tr.seq_q)
                .map(|i| {
                    let label = labels.get(i).cloned().unwrap_or_else(|| format!("#{i}"));
                    view! {
                        <option
                            value=i.to_string()
                            lang=lang
                            prop:selected=move || lab.focus_query.get().min(last) == i
                        >
                            {label}
                        </option>
                    }
                })
                .collect_view()
        })
    })
}
