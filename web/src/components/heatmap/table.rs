//! The heatmap's numbers as an HTML table, for screen readers and for
//! reading exact values, and the button that shows or hides it.

use super::MapTerms;
use crate::components::heat_data::{format_value, token_lang, HeatData, Measure};
use crate::context::i18n::use_i18n;
use leptos::prelude::*;

/// The button that shows the map as a table, or hides the table.
#[component]
pub(super) fn TableToggle(
    /// Whether the table is shown.
    open: RwSignal<bool>,
    /// The table's `id`, the button's `aria-controls`.
    table_id: String,
) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <button
            type="button"
            class="hm-table-toggle"
            data-testid="heatmap-table-toggle"
            aria-expanded=move || open.get().to_string()
            aria-controls=table_id
            on:click=move |_| open.update(|open| *open = !*open)
        >
            {move || match open.get() {
                true => i18n.s("figure-table-hide"),
                false => i18n.s("figure-table-show"),
            }}
        </button>
    }
}

/// The map's numbers as an HTML table, for screen readers and for reading exact values.
#[component]
pub(super) fn HeatTable(
    /// The map to lay out.
    data: Signal<HeatData>,
    /// The map's name, the table's caption.
    label: Signal<String>,
    /// What the rows, columns and numbers are.
    terms: MapTerms,
    /// The language of the row labels, when the view knows it.
    row_lang: Option<&'static str>,
    /// The language of the column labels, when the view knows it.
    col_lang: Option<&'static str>,
) -> impl IntoView {
    let i18n = use_i18n();
    let body = move || {
        let locale = i18n.locale.get();
        let d = data.get();
        let measure = terms.measure(&d);
        let names = terms.names(locale, &d);
        let (hidden_word, visible_word) = (
            i18n.s("figure-table-hidden"),
            i18n.s("figure-table-visible"),
        );
        let head = (0..d.cols)
            .map(|c| {
                let lang = d.col_labels.get(c).and_then(|t| col_lang.or(token_lang(t)));
                view! {
                    <th scope="col" lang=lang>
                        {d.col_name(c)}
                    </th>
                }
            })
            .collect_view();
        let rows = (0..d.rows)
            .map(|r| {
                let lang = d.row_labels.get(r).and_then(|t| row_lang.or(token_lang(t)));
                let cells = (0..d.cols)
                    .map(|c| {
                        let (class, shown) = if d.is_hidden(r, c) {
                            ("hm-hidden", hidden_word.clone())
                        } else if measure == Measure::Mask {
                            ("", visible_word.clone())
                        } else {
                            (
                                "",
                                d.at(r, c).map(|v| format_value(v, 3)).unwrap_or_default(),
                            )
                        };
                        view! { <td class=class>{shown}</td> }
                    })
                    .collect_view();
                view! {
                    <tr>
                        <th scope="row" lang=lang>
                            {d.row_name(r)}
                        </th>
                        {cells}
                    </tr>
                }
            })
            .collect_view();
        view! {
            <thead>
                <tr>
                    <th scope="col">{HeatData::corner(locale, &names)}</th>
                    {head}
                </tr>
            </thead>
            <tbody>{rows}</tbody>
        }
    };
    view! {
        <table class="hm-table" data-testid="heatmap-table">
            <caption>{move || label.get()}</caption>
            {body}
        </table>
    }
}
