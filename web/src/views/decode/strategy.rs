//! How the step-through chooses each token: greedy, beam search or
//! sampling, with their knobs. The rules and limits are
//! `lab_math::search`'s; the worker checks them again.

use super::data::paper_beam_args;
use crate::context::i18n::use_i18n;
use crate::context::state::{use_lab, Lab};
use crate::workers::link::request_translation;
use lab_math::search::{
    Beam, Sampling, Strategy, StrategyError, MAX_ALPHA, MAX_BEAM_SIZE, MAX_TEMPERATURE, MAX_TOP_K,
    MIN_TEMPERATURE,
};
use leptos::prelude::*;

/// The step of the α and top-p inputs.
const FRACTION_STEP: &str = "0.1";
/// The step of the temperature input.
const TEMPERATURE_STEP: &str = "0.05";

/// A number typed in an input; `NaN` when it is not one, so the check refuses it.
fn typed(ev: &leptos::ev::Event) -> f64 {
    event_target_value(ev).trim().parse().unwrap_or(f64::NAN)
}

/// A count typed in an input; `usize::MAX` when it is not one, so the check refuses it.
fn typed_count(ev: &leptos::ev::Event) -> usize {
    let v = typed(ev);
    if v.is_finite() && v >= 0.0 && v.fract() == 0.0 {
        v as usize
    } else {
        usize::MAX
    }
}

/// One labelled number input.
fn number(
    label: String,
    testid: &'static str,
    (min, max, step): (String, String, &'static str),
    value: impl Fn() -> String + Send + Sync + 'static,
    on_change: impl Fn(leptos::ev::Event) + 'static,
) -> impl IntoView {
    view! {
        <label class="knob">
            {label}" "
            <input
                type="number"
                data-testid=testid
                min=min
                max=max
                step=step
                prop:value=value
                on:change=on_change
            />
        </label>
    }
}

/// A typed value is tried on a copy of the knobs: kept and applied if its
/// strategy checks, else explained, and the kept knobs stay.
fn try_knob<K: Copy + Send + Sync + 'static>(
    knob: RwSignal<K>,
    strategy: fn(K) -> Strategy,
    change: impl FnOnce(&mut K),
    problem: RwSignal<Option<StrategyError>>,
    apply: impl Fn(Strategy),
) {
    let mut tried = knob.get_untracked();
    change(&mut tried);
    match strategy(tried).check() {
        Ok(()) => {
            knob.set(tried);
            apply(strategy(tried));
        }
        Err(e) => problem.set(Some(e)),
    }
}

/// Choose `strategy` for the step-through, and translate the typed text
/// again with it.
fn apply(lab: Lab, problem: RwSignal<Option<StrategyError>>, strategy: Strategy) {
    problem.set(None);
    lab.decode_strategy.set(strategy);
    let text = lab.translate_text.get_untracked();
    if !text.trim().is_empty() {
        request_translation(lab, text);
    }
}

#[component]
pub fn StrategyPicker() -> impl IntoView {
    let lab = use_lab();
    let i18n = use_i18n();
    // Each strategy's knobs, kept while another strategy is chosen: only
    // values the check accepts are kept, so switching back never fails.
    let beam = RwSignal::new(Beam::default());
    let sampling = RwSignal::new(Sampling::default());
    let problem = RwSignal::new(None::<StrategyError>);
    // A link (or another view) may set the strategy: the knobs follow it.
    Effect::new(move |_| match lab.decode_strategy.get() {
        Strategy::Beam(b) => beam.set(b),
        Strategy::Sample(s) => sampling.set(s),
        Strategy::Greedy => {}
    });
    let choose = move |ev: leptos::ev::Event| {
        let strategy = match event_target_value(&ev).as_str() {
            "beam" => Strategy::Beam(beam.get_untracked()),
            "sample" => Strategy::Sample(sampling.get_untracked()),
            _ => Strategy::Greedy,
        };
        apply(lab, problem, strategy);
    };
    let name = move || lab.decode_strategy.get().name();
    view! {
        <div class="decode-strategy">
            <label>
                {i18n.t("translate-strategy")}" "
                <select data-testid="decode-strategy" prop:value=name on:change=choose>
                    <option value="greedy">{i18n.t("translate-strategy-greedy")}</option>
                    <option value="beam">{i18n.t("translate-strategy-beam")}</option>
                    <option value="sample">{i18n.t("translate-strategy-sample")}</option>
                </select>
            </label>
            <BeamKnobs beam problem />
            <SamplingKnobs sampling problem />
            <p class="hint">
                {move || match name() {
                    "beam" => i18n.f("translate-strategy-beam-hint", &paper_beam_args()),
                    "sample" => i18n.s("translate-strategy-sample-hint"),
                    _ => i18n.s("translate-strategy-greedy-hint"),
                }}
            </p>
            {move || {
                problem
                    .get()
                    .map(|e| {
                        view! {
                            <p class="error" data-testid="decode-strategy-error">
                                {crate::i18n::problems::strategy_error(i18n.locale.get(), e)}
                            </p>
                        }
                    })
            }}
        </div>
    }
}

/// Beam search's knobs, the beam's size and the length penalty α, shown
/// while beam search is chosen.
#[component]
fn BeamKnobs(
    /// The knobs, as last accepted.
    beam: RwSignal<Beam>,
    /// Why the last value typed was refused, if it was.
    problem: RwSignal<Option<StrategyError>>,
) -> impl IntoView {
    let lab = use_lab();
    let i18n = use_i18n();
    let set_beam = move |change: fn(&mut Beam, leptos::ev::Event), ev| {
        try_knob(
            beam,
            Strategy::Beam,
            |b| change(b, ev),
            problem,
            |s| apply(lab, problem, s),
        )
    };
    let (alpha_min, alpha_max) = (0.0_f32.to_string(), MAX_ALPHA.to_string());
    view! {
        <Show when=move || {
            lab.decode_strategy.get().name() == "beam"
        }>
            {number(
                i18n.s("translate-beam-size"),
                "beam-size",
                ("1".into(), MAX_BEAM_SIZE.to_string(), "1"),
                move || beam.get().size.to_string(),
                move |ev| set_beam(|b, ev| b.size = typed_count(&ev), ev),
            )}
            {number(
                i18n.s("translate-beam-alpha"),
                "beam-alpha",
                (alpha_min.clone(), alpha_max.clone(), FRACTION_STEP),
                move || beam.get().alpha.to_string(),
                move |ev| set_beam(|b, ev| b.alpha = typed(&ev) as f32, ev),
            )}
        </Show>
    }
}

/// Sampling's knobs, the temperature, top-k, top-p and seed, shown while
/// sampling is chosen.
#[component]
fn SamplingKnobs(
    /// The knobs, as last accepted.
    sampling: RwSignal<Sampling>,
    /// Why the last value typed was refused, if it was.
    problem: RwSignal<Option<StrategyError>>,
) -> impl IntoView {
    let lab = use_lab();
    let i18n = use_i18n();
    let set_sampling = move |change: fn(&mut Sampling, leptos::ev::Event), ev| {
        try_knob(
            sampling,
            Strategy::Sample,
            |s| change(s, ev),
            problem,
            |s| apply(lab, problem, s),
        )
    };
    let (t_min, t_max) = (MIN_TEMPERATURE.to_string(), MAX_TEMPERATURE.to_string());
    view! {
        <Show when=move || {
            lab.decode_strategy.get().name() == "sample"
        }>
            {number(
                i18n.s("translate-sample-temperature"),
                "sample-temperature",
                (t_min.clone(), t_max.clone(), TEMPERATURE_STEP),
                move || sampling.get().temperature.to_string(),
                move |ev| set_sampling(|s, ev| s.temperature = typed(&ev) as f32, ev),
            )}
            {number(
                i18n.s("translate-sample-topk"),
                "sample-topk",
                ("0".into(), MAX_TOP_K.to_string(), "1"),
                move || sampling.get().top_k.to_string(),
                move |ev| set_sampling(|s, ev| s.top_k = typed_count(&ev), ev),
            )}
            {number(
                i18n.s("translate-sample-topp"),
                "sample-topp",
                ("0.05".into(), "1".into(), FRACTION_STEP),
                move || sampling.get().top_p.to_string(),
                move |ev| set_sampling(|s, ev| s.top_p = typed(&ev) as f32, ev),
            )}
            {number(
                i18n.s("translate-sample-seed"),
                "sample-seed",
                ("0".into(), u32::MAX.to_string(), "1"),
                move || sampling.get().seed.to_string(),
                move |ev| set_sampling(
                    |s, ev| {
                        if let Ok(seed) = u32::try_from(typed_count(&ev)) {
                            s.seed = seed;
                        }
                    },
                    ev,
                ),
            )}
        </Show>
    }
}
