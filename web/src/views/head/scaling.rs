//! Why ÷√d_k: the sampled experiment of `lab_math::scaling` beside this
//! head's own dot products.

use super::data::own_scaling;
use crate::context::i18n::{Arg, I18n};
use lab_math::scaling::{sampled_table, ScalingRow, Softness, SAMPLE_KEYS, SAMPLE_QUERIES};
use lab_protocol::HeadTrace;
use leptos::prelude::*;

/// The sampled ÷√d_k experiment, computed once: its numbers never change.
fn sampled_rows() -> &'static [ScalingRow] {
    static TABLE: std::sync::OnceLock<Vec<ScalingRow>> = std::sync::OnceLock::new();
    TABLE.get_or_init(sampled_table)
}

/// Why ÷√d_k: the variance of q · k and the softmax's saturation, on random
/// vectors of several widths and on this head's own dot products.
pub(super) fn scaling_view(i18n: I18n, tr: &HeadTrace) -> impl IntoView {
    let cells = |row: (Softness, Softness)| {
        let (raw, scaled) = row;
        [
            format!("{:.2}", raw.variance),
            format!("{:.2}", scaled.variance),
            format!("{:.2}", raw.entropy_bits),
            format!("{:.2}", scaled.entropy_bits),
            format!("{:.2}", raw.top_weight),
            format!("{:.2}", scaled.top_weight),
        ]
        .into_iter()
        .map(|v| view! { <td>{v}</td> })
        .collect_view()
    };
    let sampled = sampled_rows()
        .iter()
        .map(|r| {
            let label = i18n.f("head-scaling-sampled", &[("d_k", Arg::from(r.d_k))]);
            view! {
                <tr>
                    <th scope="row">{label}</th>
                    {cells((r.unscaled, r.scaled))}
                </tr>
            }
        })
        .collect_view();
    let own_label = i18n.f("head-scaling-own", &[("d_k", Arg::from(tr.d_k))]);
    let intro_args = [
        ("queries", Arg::from(SAMPLE_QUERIES)),
        ("keys", Arg::from(SAMPLE_KEYS)),
    ];
    view! {
        <div class="head-stage scaling" data-testid="scaling-view">
            <h3>{i18n.s("head-scaling-title")}</h3>
            <p>{i18n.f("head-scaling-intro", &intro_args)}</p>
            <table class="num-matrix scaling-table" tabindex="0">
                <thead>
                    <tr>
                        <th></th>
                        <th scope="col">"Var(q · k)"</th>
                        <th scope="col">"Var(q · k / √d_k)"</th>
                        <th scope="col">{i18n.s("head-scaling-col-entropy")}</th>
                        <th scope="col">{i18n.s("head-scaling-col-entropy-scaled")}</th>
                        <th scope="col">{i18n.s("head-scaling-col-top")}</th>
                        <th scope="col">{i18n.s("head-scaling-col-top-scaled")}</th>
                    </tr>
                </thead>
                <tbody>
                    {sampled} <tr class="model-row" data-testid="scaling-own">
                        <th scope="row">{own_label}</th>
                        {cells(own_scaling(tr))}
                    </tr>
                </tbody>
            </table>
            <p class="hint">{i18n.s("head-scaling-own-note")}</p>
        </div>
    }
}
