//! Small form controls several views share: the pickers of the page's
//! attention focus, which kind of attention ([`KindPicker`]) and a layer or
//! a head by its number ([`NumberPicker`]), and a labelled checkbox
//! ([`Toggle`]).
//!
//! An option says whether it is the chosen one with `prop:selected`, the
//! option's live property: the `selected` attribute only sets the default,
//! which the browser stops following once the reader has picked, so a
//! select set from elsewhere (a deep link, another view) would show a stale
//! choice.

use crate::context::i18n::use_i18n;
use crate::i18n::labels;
use lab_protocol::AttentionKind;
use leptos::prelude::*;

/// A labelled `<select>` of the three kinds of attention.
#[component]
pub fn KindPicker(
    /// The message id of the label before the select.
    label: &'static str,
    /// The `data-testid` of the select.
    testid: &'static str,
    /// The kind shown, written when the reader picks another.
    kind: RwSignal<AttentionKind>,
) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <label>
            {i18n.t(label)}" "
            <select
                data-testid=testid
                on:change=move |ev| {
                    if let Some(k) = AttentionKind::from_name(&event_target_value(&ev)) {
                        kind.set(k)
                    }
                }
            >
                {AttentionKind::ALL
                    .into_iter()
                    .map(|k| {
                        view! {
                            <option value=k.name() prop:selected=move || kind.get() == k>
                                {move || i18n.s(labels::attention_kind(k))}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
        </label>
    }
}

/// A labelled `<select>` of a layer or a head: `0..count`, shown counted from 1.
#[component]
pub fn NumberPicker(
    /// The message id of the label before the select.
    label: &'static str,
    /// The `data-testid` of the select.
    testid: &'static str,
    /// How many there are to pick from.
    #[prop(into)]
    count: Signal<usize>,
    /// The one picked, written when the reader picks another. It is shown
    /// clamped to `count` (a link may name a layer this model lacks).
    pick: RwSignal<usize>,
) -> impl IntoView {
    let i18n = use_i18n();
    let chosen = move || pick.get().min(count.get().saturating_sub(1));
    let options = move || {
        (0..count.get())
            .map(|i| {
                view! {
                    <option value=i.to_string() prop:selected=move || chosen() == i>
                        {(i + 1).to_string()}
                    </option>
                }
            })
            .collect_view()
    };
    view! {
        <label>
            {i18n.t(label)}" "
            <select
                data-testid=testid
                on:change=move |ev| pick.set(event_target_value(&ev).parse().unwrap_or(0))
            >
                {options}
            </select>
        </label>
    }
}

/// A labelled checkbox of a yes-or-no setting.
#[component]
pub fn Toggle(
    /// The message id of the label after the box.
    label: &'static str,
    /// The `data-testid` of the checkbox, if it has one.
    #[prop(optional)]
    testid: Option<&'static str>,
    /// Whether the box is ticked, written when the reader ticks or clears it.
    on: RwSignal<bool>,
) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <label>
            <input
                type="checkbox"
                data-testid=testid
                prop:checked=move || on.get()
                on:change=move |ev| on.set(event_target_checked(&ev))
            />
            " "
            {i18n.t(label)}
        </label>
    }
}

/// A range slider with its value beside it, after what it sets (the
/// children: a message, or a symbol such as ε).
#[component]
pub fn Slider(
    /// The `data-testid` of the `<input type=range>`.
    testid: &'static str,
    /// `(min, max, step)` of the slider.
    range: (f64, f64, f64),
    /// The value shown.
    #[prop(into)]
    value: Signal<f64>,
    /// How the value is written beside the slider.
    show: fn(f64) -> String,
    /// Called with the slider's new value.
    #[prop(into)]
    set: Callback<f64>,
    children: Children,
) -> impl IntoView {
    let (min, max, step) = range;
    view! {
        <label class="knob">
            <span>{children()}</span>
            <input
                type="range"
                data-testid=testid
                min=min
                max=max
                step=step
                prop:value=move || value.get().to_string()
                on:input=move |ev| {
                    if let Ok(v) = event_target_value(&ev).parse() {
                        set.run(v)
                    }
                }
            />
            <output>{move || show(value.get())}</output>
        </label>
    }
}
