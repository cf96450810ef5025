//! The model's own stages of one query, from `x` to the head's share of the
//! layer's output, each with the formula behind every number.

use super::*;

/// The model's own stages of query `i` (all but the what-if), those of the
/// first `reveal` that are shown; target tokens respelled by `spelling`.
pub(super) fn model_stages(
    i18n: I18n,
    tr: &HeadTrace,
    (i, reveal): (usize, usize),
    langs: (&'static str, &'static str),
    spelling: Option<&Spelling>,
) -> impl IntoView {
    let locale = i18n.locale.get();
    let (query_lang, key_lang) = langs;
    let shown = |stage: Stage| stage.shown(reveal);
    let s = key_stages(locale, tr, i);
    let query = shown(Stage::Query).then(|| {
        let q = RowHead::words("q".to_string());
        view! {
            <div class="head-stage" data-stage=stage_attr(Stage::Query)>
                <h3>{Stage::Query.title(locale)}</h3>
                <p>
                    <b>{i18n.s("head-query-is")}</b>
                    " "
                    <span lang=query_lang>{query_label(tr, i, spelling)}</span>
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
                        <NumRow head=q cells=query_cells(locale, tr, i) />
                    </tbody>
                </table>
            </div>
        }
    });
    let keys_values = shown(Stage::KeysValues).then(|| {
        let source = || Arg::from(key_source(tr));
        view! {
            <div class="head-stage" data-stage=stage_attr(Stage::KeysValues)>
                <h3>{Stage::KeysValues.title(locale)}</h3>
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
                    key_lang,
                    spelling,
                )}
                {key_matrix(
                    i18n.f("head-v-caption", &[("source", source())]),
                    ('v', &tr.v),
                    tr,
                    key_lang,
                    spelling,
                )}
            </div>
        }
    });
    // ③–⑥ are rows of one table, one key per column, revealed row by row.
    let row = |stage: Stage, cells: Vec<Cell>, class: &'static str| {
        shown(stage).then(|| {
            let head = RowHead::words(stage.title(locale));
            view! { <NumRow head cells class stage=stage.index() /> }
        })
    };
    let scores = shown(Stage::Dots).then(|| {
        view! {
            <h3>{i18n.s("head-scores-heading")}</h3>
            <table class="num-matrix stages" data-testid="head-stages" tabindex="0">
                {key_header(tr, key_lang, spelling)}
                <tbody>
                    {row(Stage::Dots, s.dots, "")} {row(Stage::Scale, s.scaled, "")}
                    {row(Stage::Mask, s.masked, "")} {row(Stage::Softmax, s.weights, "model-row")}
                </tbody>
            </table>
        }
    });
    let head_n = tr.request.as_ref().map_or(0, |r| r.head) + 1;
    let output = shown(Stage::Output).then(|| {
        let context = HeadTrace::row(&tr.head_context, tr.d_k, i);
        let name = i18n.f("head-name", &[("head", Arg::from(head_n))]);
        let head = RowHead::words(i18n.f("head-output-row", &[("head", Arg::from(head_n))]));
        view! {
            <div class="head-stage" data-stage=stage_attr(Stage::Output)>
                <h3>{Stage::Output.title(locale)}</h3>
                <table class="num-matrix" tabindex="0">
                    <tbody>
                        <NumRow head cells=context_cells(&name, context) class="model-row" />
                    </tbody>
                </table>
            </div>
        }
    });
    let concat = shown(Stage::Concat).then(|| {
        view! {
            <div class="head-stage" data-stage=stage_attr(Stage::Concat)>
                <h3>{Stage::Concat.title(locale)}</h3>
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
    });
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
