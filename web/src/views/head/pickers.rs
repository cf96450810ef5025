//! The head view's pickers: attention kind, layer, head, query, and the
//! typed sentence instead of the probe.

use super::{options, query_labels, with_trace};
use crate::context::i18n::I18n;
use crate::context::state::Lab;
use crate::i18n::labels;
use lab_protocol::AttentionKind;
use leptos::prelude::*;

/// The pickers, in the page's shared focus (`Lab::focus_*`). `sizes` is the
/// model's `(layers, heads)`, `focus` the layer and head as this model can
/// show them, `langs` the trace's `(queries, keys)` languages.
pub(super) fn pickers(
    lab: Lab,
    i18n: I18n,
    sizes: Memo<(usize, usize)>,
    focus: (
        impl Fn() -> usize + Copy + Send + Sync + 'static,
        impl Fn() -> usize + Copy + Send + Sync + 'static,
    ),
    langs: impl Fn() -> (&'static str, &'static str) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let (layer, head_index) = focus;
    view! {
        <div class="controls">
            {kind_picker(lab, i18n)}
            <label>
                {i18n.t("head-pick-layer")}" "
                <select
                    data-testid="head-layer"
                    on:change=move |ev| {
                        lab.focus_layer.set(event_target_value(&ev).parse().unwrap_or(0))
                    }
                >
                    {move || options(sizes.get().0, layer)}
                </select>
            </label>
            <label>
                {i18n.t("head-pick-head")}" "
                <select
                    data-testid="head-index"
                    on:change=move |ev| {
                        lab.focus_head.set(event_target_value(&ev).parse().unwrap_or(0))
                    }
                >
                    {move || options(sizes.get().1, head_index)}
                </select>
            </label>
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
            </label> <label>
                <input
                    type="checkbox"
                    prop:checked=move || lab.focus_typed.get()
                    on:change=move |ev| lab.focus_typed.set(event_target_checked(&ev))
                />
                " "
                {i18n.t("head-use-typed")}
            </label>
        </div>
    }
}

/// The attention kind picker (`head-kind`), in the shared focus.
fn kind_picker(lab: Lab, i18n: I18n) -> impl IntoView {
    view! {
        <label>
            {i18n.t("head-pick-kind")}" "
            <select
                data-testid="head-kind"
                on:change=move |ev| {
                    if let Some(k) = AttentionKind::from_name(&event_target_value(&ev)) {
                        lab.focus_kind.set(k)
                    }
                }
            >
                {AttentionKind::ALL
                    .into_iter()
                    .map(|k| {
                        view! {
                            <option value=k.name() prop:selected=move || lab.focus_kind.get() == k>
                                {move || i18n.s(labels::attention_kind(k))}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
        </label>
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
