//! The β what-if: one query's weights and head output at another inverse
//! temperature, beside the model's, and every query's entropy at that β.

use super::data::{
    self, context_cells, fmt_beta, key_stages, query_labels, weighted_values, what_if_weights,
};
use super::{key_header, query_of, stage_attr, with_trace, NumRow, RowHead};
use crate::components::formula::{Equation, SOFTMAX_BETA};
use crate::context::i18n::{Arg, I18n};
use crate::context::state::Lab;
use crate::i18n::script::Spelling;
use data::Stage;
use lab_protocol::HeadTrace;
use leptos::prelude::*;

/// The what-if of query `i` at inverse temperature `beta`, beside the model:
/// its weights over the keys and the head output they would give.
pub(super) fn what_if_tables(
    i18n: I18n,
    tr: &HeadTrace,
    (i, beta): (usize, f32),
    key_lang: &'static str,
    spelling: Option<&Spelling>,
) -> impl IntoView {
    let locale = i18n.locale.get();
    let beta_text = Arg::from(fmt_beta(beta));
    let what_if = what_if_weights(tr, i, beta);
    let values: Vec<f32> = what_if.iter().map(|c| c.value.unwrap_or(0.0)).collect();
    let head_n = tr.request.as_ref().map_or(0, |r| r.head) + 1;
    let model_name = i18n.f("head-name", &[("head", Arg::from(head_n))]);
    let what_if_name = i18n.s("head-what-if-name");
    let rows = |id: &'static str| RowHead::words(i18n.f(id, &[("beta", beta_text.clone())]));
    view! {
        <table class="num-matrix what-if" tabindex="0">
            {key_header(tr, key_lang, spelling)}
            <tbody>
                <NumRow
                    head=RowHead::words(i18n.s("head-model-weights"))
                    cells=key_stages(locale, tr, i).weights
                    class="model-row"
                />
                <NumRow head=rows("head-what-if-weights") cells=what_if class="what-if-row" />
            </tbody>
        </table>
        <table class="num-matrix" tabindex="0">
            <tbody>
                <NumRow
                    head=RowHead::words(i18n.f("head-output-row", &[("head", Arg::from(head_n))]))
                    cells=context_cells(&model_name, HeadTrace::row(&tr.head_context, tr.d_k, i))
                    class="model-row"
                />
                <NumRow
                    head=rows("head-what-if-output")
                    cells=context_cells(&what_if_name, &weighted_values(tr, &values))
                    class="what-if-row"
                />
            </tbody>
        </table>
    }
}

/// One row per query: its label (respelled by `spelling`) and the entropy of
/// its row at `beta`, in bits.
pub(super) fn entropy_rows(
    i18n: I18n,
    tr: &HeadTrace,
    beta: f32,
    query_lang: &'static str,
    spelling: Option<&Spelling>,
) -> impl IntoView {
    let bits = |h: f32| {
        i18n.f(
            "head-entropy-bits",
            &[("value", Arg::from(format!("{h:.3}")))],
        )
    };
    data::row_entropies(tr, beta)
        .into_iter()
        .zip(query_labels(tr, spelling))
        .map(|(h, label)| {
            view! {
                <tr>
                    <th scope="row">
                        <span lang=query_lang>{label}</span>
                    </th>
                    <td>{bits(h)}</td>
                </tr>
            }
        })
        .collect_view()
}

/// The what-if stage: β's slider, the query's entropy at β, the tables
/// beside the model's, and every query's entropy; shown once revealed.
pub(super) fn what_if_stage(
    lab: Lab,
    i18n: I18n,
    langs: impl Fn() -> (&'static str, &'static str) + Copy + Send + Sync + 'static,
) -> impl Fn() -> Option<AnyView> + Send + Sync + 'static {
    let slider = RwSignal::new(1.0f32);
    let spelling = lab.spelling;
    let beta = move || data::beta_from_slider(slider.get());
    let entropy = move || with_trace(lab, |tr| data::row_entropy(tr, query_of(lab, tr), beta()));
    // Without a trace (none yet, or a sentence the model cannot read) there
    // is no head to ask "what if" of. A memo: a new trace of the same head
    // does not rebuild the stage (nor its slider, mid-drag).
    let traced = Memo::new(move |_| with_trace(lab, |_| ()).is_some());
    move || {
        (traced.get() && Stage::WhatIf.shown(lab.reveal.get())).then(|| {
            view! {
                <div class="beta-box head-stage" data-stage=stage_attr(Stage::WhatIf)>
                    <h3>{move || Stage::WhatIf.title(i18n.locale.get())}</h3>
                    <Equation formula=SOFTMAX_BETA />
                    <label>
                        {i18n.t("head-beta")}" "
                        <input
                            type="range"
                            data-testid="head-beta"
                            min="0"
                            max=data::BETA_SLIDER_MAX.to_string()
                            step=data::BETA_SLIDER_STEP.to_string()
                            prop:value=move || slider.get().to_string()
                            on:input=move |ev| {
                                slider.set(event_target_value(&ev).parse().unwrap_or(1.0))
                            }
                        />
                    </label>
                    <span class="beta-value">{move || format!("β = {}", fmt_beta(beta()))}</span>
                    <span>
                        " · "{i18n.t("head-entropy")}" "
                        <b data-testid="head-entropy">
                            {move || entropy().map(|h| format!("{h:.3}")).unwrap_or_default()}
                        </b>" "{i18n.t("head-bits")}
                    </span>
                    <p class="hint">
                        {move || {
                            let d_k = with_trace(lab, |tr| tr.d_k).unwrap_or(0);
                            let sqrt_dk = format!("{:.2}", (d_k as f64).sqrt());
                            i18n.f(
                                "head-beta-hint",
                                &[("d_k", Arg::from(d_k)), ("sqrt_dk", Arg::from(sqrt_dk))],
                            )
                        }}
                    </p>
                    <div class="what-if-tables">
                        {move || {
                            let key_lang = langs().1;
                            spelling
                                .with(|s| with_trace(
                                    lab,
                                    |tr| {
                                        what_if_tables(
                                            i18n,
                                            tr,
                                            (query_of(lab, tr), beta()),
                                            key_lang,
                                            s.as_ref(),
                                        )
                                    },
                                ))
                        }}
                    </div>
                    <details class="entropies">
                        <summary>{i18n.t("head-entropies")}</summary>
                        <table class="num-matrix" tabindex="0">
                            <tbody>
                                {move || {
                                    let lang = langs().0;
                                    spelling
                                        .with(|s| with_trace(
                                            lab,
                                            |tr| entropy_rows(i18n, tr, beta(), lang, s.as_ref()),
                                        ))
                                }}
                            </tbody>
                        </table>
                    </details>
                </div>
            }
            .into_any()
        })
    }
}
