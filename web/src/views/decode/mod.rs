//! Decoding step by step, inside the Translate view: what the decoder reads
//! at step t, its five best next tokens, the chosen one, that step's
//! attention rows, and the KV cache with the multiply-adds it saves. Tokens
//! are chosen greedily, by beam search (drawn as a tree at each step) or by
//! sampling (`strategy`).

pub mod beam;
pub mod data;
pub mod strategy;

pub use data::{decoder_shape, shape_args};

use crate::components::heatmap::{Axis, HeatData, Heatmap, Legend, Measure};
use crate::context::i18n::{use_i18n, Arg, I18n};
use crate::context::state::{use_lab, Lab};
use crate::i18n::script::target_lang;
use crate::workers::link::request_translation;
use data::{group, rows_by_head, step_count, step_view, StepView};
use lab_math::decoding::{WITHOUT_CACHE, WITH_CACHE, WITH_CACHE_FIRST_STEP};
use lab_math::search::Strategy;
use lab_plot::colormap::ColorMap;
use lab_protocol::{HeadMaps, Translation};
use leptos::prelude::*;

/// Pixels per cell of a step's attention rows.
const ROW_CELL_PX: u32 = 26;

/// One step's rows, one per (layer, head), with the keys (in `key_lang`) on top.
fn row_map(
    i18n: I18n,
    maps: HeadMaps,
    keys: Vec<String>,
    key_lang: &'static str,
    testid: &'static str,
    what: String,
) -> impl IntoView {
    let locale = i18n.locale.get();
    let (values, row_labels) = rows_by_head(locale, &maps);
    let (rows, cols) = (row_labels.len(), maps.seq_k);
    let col_labels: Vec<String> = (0..cols)
        .map(|i| keys.get(i).cloned().unwrap_or_else(|| format!("#{i}")))
        .collect();
    let data = HeatData {
        rows,
        cols,
        values,
        row_labels,
        col_labels,
        ..HeatData::default()
    };
    let size = ((cols as u32) * ROW_CELL_PX, (rows as u32) * ROW_CELL_PX);
    let label = data.describe(&what);
    view! {
        <figure>
            <figcaption>{what}</figcaption>
            <Heatmap
                data=Signal::derive(move || data.clone())
                size
                testid
                label
                rows_are=Axis::Head
                cols_are=Axis::Key
                measure=Measure::Weight
                row_lang=locale.code()
                col_lang=key_lang
            />
        </figure>
    }
}

/// Tokens of the decoder's side, each in a span of `class`, marked with their language.
fn tokens(list: &[String], class: &'static str, lang: &'static str) -> impl IntoView {
    list.iter()
        .map(|t| {
            view! {
                <span class=class lang=lang>
                    {t.clone()}
                </span>
            }
        })
        .collect_view()
}

/// The heading of a step's top-`k` list, and the verb for its choice.
fn choice_words(i18n: I18n, strategy: Strategy, kept: Option<usize>, k: usize) -> (String, String) {
    let k = ("k", Arg::from(k));
    match strategy {
        Strategy::Greedy => (i18n.f("translate-top-k", &[k]), i18n.s("translate-chooses")),
        Strategy::Beam(_) => (
            i18n.f("translate-top-k-beam", &[k]),
            i18n.s("translate-chooses-beam"),
        ),
        Strategy::Sample(s) => (
            i18n.f(
                "translate-top-k-sampled",
                &[
                    ("temperature", Arg::from(s.temperature.to_string())),
                    ("kept", Arg::from(kept.unwrap_or(0))),
                    k,
                ],
            ),
            i18n.s("translate-chooses-sampled"),
        ),
    }
}

/// One step of the decoding path (for beam search, of the best hypothesis).
struct PathStep {
    view: StepView,
    self_row: HeadMaps,
    cross_row: HeadMaps,
    source: Vec<String>,
    tgt_lang: &'static str,
    strategy: Strategy,
    kept: Option<usize>,
}

/// One step of the path: what the decoder reads and chooses, its top-`k`,
/// the KV cache and the step's attention rows.
fn step_panel(i18n: I18n, step: PathStep) -> impl IntoView {
    let PathStep {
        view: mut v,
        self_row,
        cross_row,
        source,
        tgt_lang,
        strategy,
        kept,
    } = step;
    let (top_heading, chooses) = choice_words(i18n, strategy, kept, v.top_k.len());
    let top_k = std::mem::take(&mut v.top_k);
    let step = [("step", Arg::from(v.t))];
    let cross_what = i18n.f("translate-cross-row", &step);
    let self_what = i18n.f("translate-self-row", &step);
    let input = v.input.clone();
    view! {
        <p class="decode-input">
            {i18n.s("translate-decoder-input")}" " {tokens(&v.input, "token", tgt_lang)} " "
            {chooses}" " <b class="token chosen" lang=tgt_lang>
                {v.chosen.clone()}
            </b>
        </p>
        <div class="two-col">
            <TopK heading=top_heading top_k tgt_lang />
            <KvCache step=v tgt_lang />
        </div>
        <div class="two-col">
            {row_map(i18n, cross_row, source, "en", "decode-cross-row", cross_what)}
            {row_map(i18n, self_row, input, tgt_lang, "decode-self-row", self_what)}
        </div>
        <Legend map=ColorMap::Viridis range=(0.0, 1.0) what=i18n.s("translate-weight") />
    }
}

/// A step's `k` most likely next tokens, each with a bar as long as its
/// probability next to the best one's.
#[component]
fn TopK(
    /// The list's heading, which says how the strategy chooses from it.
    heading: String,
    /// The tokens and their probabilities, most likely first.
    top_k: Vec<(String, f32)>,
    /// The language of the target tokens.
    tgt_lang: &'static str,
) -> impl IntoView {
    let best = top_k
        .first()
        .map(|(_, p)| *p)
        .unwrap_or(1.0)
        .max(f32::EPSILON);
    view! {
        <div>
            <h4>{heading}</h4>
            <ol class="topk" data-testid="decode-topk">
                {top_k
                    .iter()
                    .map(|(token, p)| {
                        view! {
                            <li>
                                <span class="token" lang=tgt_lang>
                                    {token.clone()}
                                </span>
                                <span
                                    class="bar"
                                    style=format!("width:{:.0}%", 100.0 * p / best)
                                ></span>
                                <span class="prob">{format!("{p:.3}")}</span>
                            </li>
                        }
                    })
                    .collect_view()}
            </ol>
        </div>
    }
}

/// A step's KV cache: the tokens it keeps, the multiply-adds the step
/// counted, and the formulas that predict them, with and without a cache.
#[component]
fn KvCache(
    /// The step.
    step: StepView,
    /// The language of the target tokens.
    tgt_lang: &'static str,
) -> impl IntoView {
    let i18n = use_i18n();
    let check = [
        ("formula", Arg::from(group(step.formula))),
        ("other", Arg::from(group(step.other_mode))),
    ];
    let (ops, ops_check) = if step.cached {
        (
            i18n.s("translate-ops-cached"),
            i18n.f("translate-ops-check-cached", &check),
        )
    } else {
        (
            i18n.s("translate-ops-recompute"),
            i18n.f("translate-ops-check-recompute", &check),
        )
    };
    view! {
        <div class="kv-cache">
            <h4>{i18n.s("translate-kv-cache")}</h4>
            {if step.cached {
                view! {
                    <p>
                        {i18n.f("translate-cache-kept", &[("count", Arg::from(step.cache.len()))])}
                        " " {tokens(&step.cache, "token cached", tgt_lang)} " "
                        {i18n.s("translate-cache-note")}
                    </p>
                }
                    .into_any()
            } else {
                view! { <p>{i18n.s("translate-no-cache")}</p> }.into_any()
            }}
            <p>{ops}" " <b data-testid="decode-ops">{step.counted.to_string()}</b>" "{ops_check}</p>
            <p class="formula">
                {i18n.s("translate-formula-without")}" "<code>{WITHOUT_CACHE}</code><br />
                {i18n.s("translate-formula-with")}" "<code>{WITH_CACHE}</code>" "
                {i18n
                    .f(
                        "translate-formula-first-step",
                        &[("extra", Arg::from(WITH_CACHE_FIRST_STEP))],
                    )}
            </p>
            <p class="hint">{i18n.f("translate-formula-legend", &step.legend_args())}</p>
        </div>
    }
}

/// The finished translation, if there is one (tracked).
fn translation(lab: Lab) -> Option<Translation> {
    lab.translation.get().and_then(Result::ok)
}

/// How many steps the search took (tracked).
fn total(lab: Lab) -> usize {
    translation(lab).map_or(0, |t| step_count(&t))
}

/// The step shown, 0-based: within the search's steps (tracked).
fn shown(lab: Lab) -> usize {
    lab.decode_step.get().min(total(lab).saturating_sub(1))
}

/// The step shown, on the path the search chose (tracked).
fn current(lab: Lab) -> Option<PathStep> {
    let (tr, settings) = (translation(lab)?, lab.model.get()?.settings);
    // Beam search may go on after its best hypothesis has finished: the
    // path then stays at its last step.
    let i = shown(lab).min(tr.steps.len().saturating_sub(1));
    let mut v = step_view(&settings, &tr, i)?;
    let spelling = lab.spelling.get();
    if let Some(spelling) = &spelling {
        v = v.respelled(spelling);
    }
    let step = &tr.steps[i];
    Some(PathStep {
        view: v,
        self_row: step.self_row.clone(),
        cross_row: step.cross_row.clone(),
        source: tr.attention.src_tokens.clone(),
        tgt_lang: target_lang(Some(settings.task), spelling.as_ref()),
        strategy: tr.strategy,
        kept: step.kept,
    })
}

#[component]
pub fn DecodeStepper() -> impl IntoView {
    let lab = use_lab();
    let i18n = use_i18n();
    view! {
        <div
            class="decode-stepper"
            data-testid="decode-stepper"
            data-pending=move || (lab.translate_id.get() != lab.translated_id.get()).to_string()
        >
            <h3>{i18n.t("translate-decode-title")}</h3>
            <strategy::StrategyPicker />
            <StepControls />
            <BeamTree />
            {move || match current(lab) {
                None => {
                    view! { <p class="placeholder">{i18n.s("translate-decode-waiting")}</p> }
                        .into_any()
                }
                Some(step) => step_panel(i18n, step).into_any(),
            }}
        </div>
    }
}

/// The buttons that step back and forth, the step counter, and the switch
/// that keeps the KV cache.
#[component]
fn StepControls() -> impl IntoView {
    let lab = use_lab();
    let i18n = use_i18n();
    let toggle = move |ev: leptos::ev::Event| {
        lab.decode_cached.set(event_target_checked(&ev));
        let text = lab.translate_text.get_untracked();
        if !text.trim().is_empty() {
            request_translation(lab, text);
        }
    };
    let counter = move || match total(lab) {
        0 => "0 / 0".to_string(),
        n => format!("{} / {n}", shown(lab) + 1),
    };
    view! {
        <div class="controls">
            <button
                data-testid="decode-prev"
                disabled=move || { lab.decode_step.get() == 0 }
                on:click=move |_| lab.decode_step.update(|s| *s = s.saturating_sub(1))
            >
                {i18n.t("translate-previous")}
            </button>
            <span data-testid="decode-step" class="readout-big">
                {counter}
            </span>
            <button
                data-testid="decode-next"
                disabled=move || { lab.decode_step.get() + 1 >= total(lab) }
                on:click=move |_| lab.decode_step.update(|s| *s += 1)
            >
                {i18n.t("translate-next")}
            </button>
            <label>
                <input
                    type="checkbox"
                    data-testid="decode-cache"
                    prop:checked=move || lab.decode_cached.get()
                    on:change=toggle
                />
                " "
                {i18n.t("translate-keep-cache")}
            </label>
        </div>
    }
}

/// Beam search's hypotheses at the step shown, as a tree, and a note once
/// the step is past the end of the best one; nothing for other strategies.
#[component]
fn BeamTree() -> impl IntoView {
    let lab = use_lab();
    let i18n = use_i18n();
    move || {
        let tr = translation(lab)?;
        if tr.beam.is_empty() {
            return None;
        }
        let i = shown(lab);
        let spelling = lab.spelling.get();
        let lang = target_lang(lab.model.get().map(|m| m.settings.task), spelling.as_ref());
        let past_best = (i >= tr.steps.len()).then(|| {
            i18n.f(
                "translate-beam-best-done",
                &[("step", Arg::from(tr.steps.len()))],
            )
        });
        Some(view! {
            {past_best
                .map(|note| {
                    view! {
                        <p class="hint" data-testid="beam-best-done">
                            {note}
                        </p>
                    }
                })}
            {beam::beam_tree(i18n, &tr, i, spelling.as_ref(), lang)}
        })
    }
}
