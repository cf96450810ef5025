//! The model's own stages of one query, from `x` to the head's share of the
//! layer's output, each with the formula behind every number.

use super::*;
use crate::i18n::Locale;

/// One query of a trace, as its stages draw it.
#[derive(Clone, Copy)]
struct QueryTrace<'a> {
    i18n: I18n,
    /// The page's language, read once for every stage.
    locale: Locale,
    tr: &'a HeadTrace,
    /// The query's row.
    i: usize,
    /// The `lang` of the trace's `(queries, keys)`.
    langs: (&'static str, &'static str),
    /// How the page spells target tokens.
    spelling: Option<&'a Spelling>,
}

/// The model's own stages of query `i` (all but the what-if), those of the
/// first `reveal` that are shown; target tokens respelled by `spelling`.
pub(super) fn model_stages(
    i18n: I18n,
    tr: &HeadTrace,
    (i, reveal): (usize, usize),
    langs: (&'static str, &'static str),
    spelling: Option<&Spelling>,
) -> impl IntoView {
    let q = QueryTrace {
        i18n,
        locale: i18n.locale.get(),
        tr,
        i,
        langs,
        spelling,
    };
    let shown = |stage: Stage| stage.shown(reveal);
    let query = shown(Stage::Query).then(|| query_stage(q));
    let keys_values = shown(Stage::KeysValues).then(|| keys_values_stage(q));
    let scores = shown(Stage::Dots).then(|| scores_table(q, reveal));
    let output = shown(Stage::Output).then(|| output_stage(q));
    let concat = shown(Stage::Concat).then(|| concat_stage(q));
    let scaling = shown(Stage::Scale).then(|| scaling_view(i18n, tr));
    view! {
        {query}
        {keys_values}
        {scores}
        {scaling}
        {output}
        {concat}
    }
}

/// ① The query: its token, its input `x` and its projection `q = x · W^Q`.
fn query_stage(q: QueryTrace<'_>) -> impl IntoView {
    let QueryTrace { i18n, tr, i, .. } = q;
    let head = RowHead::words("q".to_string());
    view! {
        <div class="head-stage" data-stage=stage_attr(Stage::Query)>
            <h3>{Stage::Query.title(q.locale)}</h3>
            <p>
                <b>{i18n.s("head-query-is")}</b>
                " "
                <span lang=q.langs.0>{query_label(tr, i, q.spelling)}</span>
                " · "
                {i18n
                    .f(
                        "head-query-explain",
                        &[("d_model", Arg::from(tr.d_model)), ("d_k", Arg::from(tr.d_k))],
                    )}
            </p>
            {strip(
                i18n,
                HeadTrace::row(&tr.x_q, tr.d_model, i).to_vec(),
                i18n.s("head-x-name"),
                "head-x",
            )}
            <table class="num-matrix" tabindex="0">
                <tbody>
                    <NumRow head cells=query_cells(q.locale, tr, i) />
                </tbody>
            </table>
        </div>
    }
}

/// ② The keys and values: `K` and `V`, one row per key.
fn keys_values_stage(q: QueryTrace<'_>) -> impl IntoView {
    let QueryTrace { i18n, tr, .. } = q;
    let source = || Arg::from(key_source(tr));
    view! {
        <div class="head-stage" data-stage=stage_attr(Stage::KeysValues)>
            <h3>{Stage::KeysValues.title(q.locale)}</h3>
            <p>
                {i18n
                    .f(
                        "head-keys-values-explain",
                        &[("source", source()), ("d_k", Arg::from(tr.d_k))],
                    )}
            </p>
            {key_matrix(
                i18n.f("head-k-caption", &[("source", source())]),
                ('k', &tr.k),
                tr,
                q.langs.1,
                q.spelling,
            )}
            {key_matrix(
                i18n.f("head-v-caption", &[("source", source())]),
                ('v', &tr.v),
                tr,
                q.langs.1,
                q.spelling,
            )}
        </div>
    }
}

/// ③–⑥ The scores: rows of one table, one key per column, those of the
/// first `reveal` stages shown.
fn scores_table(q: QueryTrace<'_>, reveal: usize) -> impl IntoView {
    let s = key_stages(q.locale, q.tr, q.i);
    let row = |stage: Stage, cells: Vec<Cell>, class: &'static str| {
        stage.shown(reveal).then(|| {
            let head = RowHead::words(stage.title(q.locale));
            view! { <NumRow head cells class stage=stage.index() /> }
        })
    };
    view! {
        <h3>{q.i18n.s("head-scores-heading")}</h3>
        <table class="num-matrix stages" data-testid="head-stages" tabindex="0">
            {key_header(q.tr, q.langs.1, q.spelling)}
            <tbody>
                {row(Stage::Dots, s.dots, "")} {row(Stage::Scale, s.scaled, "")}
                {row(Stage::Mask, s.masked, "")} {row(Stage::Softmax, s.weights, "model-row")}
            </tbody>
        </table>
    }
}

/// ⑦ The head's output for the query: its weights times `V`.
fn output_stage(q: QueryTrace<'_>) -> impl IntoView {
    let QueryTrace { i18n, tr, i, .. } = q;
    let head_n = tr.request.as_ref().map_or(0, |r| r.head) + 1;
    let context = HeadTrace::row(&tr.head_context, tr.d_k, i);
    let name = i18n.f("head-name", &[("head", Arg::from(head_n))]);
    let head = RowHead::words(i18n.f("head-output-row", &[("head", Arg::from(head_n))]));
    view! {
        <div class="head-stage" data-stage=stage_attr(Stage::Output)>
            <h3>{Stage::Output.title(q.locale)}</h3>
            <table class="num-matrix" tabindex="0">
                <tbody>
                    <NumRow head cells=context_cells(&name, context) class="model-row" />
                </tbody>
            </table>
        </div>
    }
}

/// ⑧ Every head's output side by side, and the layer's output `· W^O`.
fn concat_stage(q: QueryTrace<'_>) -> impl IntoView {
    let QueryTrace { i18n, tr, i, .. } = q;
    view! {
        <div class="head-stage" data-stage=stage_attr(Stage::Concat)>
            <h3>{Stage::Concat.title(q.locale)}</h3>
            <Equation formula=MULTI_HEAD />
            <p>
                {i18n
                    .f(
                        "head-concat-explain",
                        &[
                            ("heads", Arg::from(tr.n_heads)),
                            ("d_k", Arg::from(tr.d_k)),
                            ("d_model", Arg::from(tr.d_model)),
                        ],
                    )}
            </p>
            {strip(
                i18n,
                HeadTrace::row(&tr.concat, tr.d_model, i).to_vec(),
                i18n.s("head-concat-name"),
                "head-concat",
            )}
            {strip(
                i18n,
                HeadTrace::row(&tr.output, tr.d_model, i).to_vec(),
                i18n.s("head-output-name"),
                "head-output",
            )}
        </div>
    }
}

/// The trace's state when there is no trace to draw: still waiting for
/// the worker, or the problem it answered with; `None` once it has come.
fn trace_problem(i18n: I18n, lab: Lab) -> Option<AnyView> {
    lab.trace.with(|t| match t {
        None => Some(view! { <p class="placeholder">{i18n.s("head-waiting")}</p> }.into_any()),
        Some(Err(e)) => {
            let e = crate::i18n::problems::unanswered(i18n.locale.get(), e);
            Some(view! { <p class="problem">{e}</p> }.into_any())
        }
        Some(Ok(_)) => None,
    })
}

/// The stages of the focused query, as far as presentation mode has
/// revealed them (all of them on the normal page).
#[component]
pub(super) fn HeadStages(
    /// The `lang` of the trace's `(queries, keys)`.
    langs: Signal<(&'static str, &'static str)>,
) -> impl IntoView {
    let lab = use_lab();
    let i18n = use_i18n();
    // Target tokens in the page's script (Traditional Chinese in 繁體中文).
    let spelling = lab.spelling;
    view! {
        <div class="head-stages" aria-live="polite">
            {move || {
                let reveal = lab.reveal.get();
                let loaded = trace_problem(i18n, lab);
                let langs = langs.get();
                loaded
                    .or_else(|| {
                        spelling
                            .with(|s| with_trace(
                                lab,
                                |tr| {
                                    model_stages(
                                            i18n,
                                            tr,
                                            (query_of(lab, tr), reveal),
                                            langs,
                                            s.as_ref(),
                                        )
                                        .into_any()
                                },
                            ))
                    })
            }}
        </div>
    }
}
