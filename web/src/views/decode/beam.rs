//! Beam search at one step, drawn as a tree: each row of the beam, its best
//! extensions with their summed log-probability and length-normalised
//! score, which survive, and which row's KV cache each survivor copies. The
//! numbers are the worker's search (`lab_model::beam`); the formulas are
//! `lab_math::search`'s.

use super::data::{beam_conventions, beam_rows, finished_by, BeamRow};
use crate::context::i18n::{Arg, I18n};
use crate::context::state::use_lab;
use crate::i18n::script::Spelling;
use crate::workers::link::request_decoding_comparison;
use lab_math::search::{Beam, Fate, BEAM_SCORE, LENGTH_PENALTY};
use lab_math::tokens::{spelling, BOS};
use lab_protocol::{BeamHyp, DecodingComparison, Translation};
use leptos::prelude::*;

/// A hypothesis's tokens as one string, `<bos>` for the empty one.
fn words(h: &BeamHyp) -> String {
    if h.tokens.is_empty() {
        spelling(BOS).to_string()
    } else {
        h.tokens.join(" ")
    }
}

fn fate_label(i18n: I18n, fate: Fate) -> String {
    i18n.s(match fate {
        Fate::Kept => "translate-beam-kept",
        Fate::Finished => "translate-beam-finished",
        Fate::Pruned => "translate-beam-pruned",
    })
}

fn fate_class(fate: Fate) -> &'static str {
    match fate {
        Fate::Kept => "beam-hyp kept",
        Fate::Finished => "beam-hyp finished",
        Fate::Pruned => "beam-hyp pruned",
    }
}

/// One row of the beam and its extensions.
fn row_view(i18n: I18n, row: BeamRow, lang: &'static str) -> impl IntoView {
    let prefix = words(&row.prefix);
    let log_p = row.prefix.log_prob;
    view! {
        <div class="beam-row">
            <p class="beam-prefix">
                <span class="beam-row-name">
                    {i18n.f("translate-beam-row", &[("row", Arg::from(row.row))])}
                </span>
                " "
                <span class="token" lang=lang>
                    {prefix}
                </span>
                " "
                <span class="prob">{format!("log P = {log_p:.3}")}</span>
            </p>
            <ul>
                {row
                    .children
                    .into_iter()
                    .map(|c| {
                        let last = c.tokens.last().cloned().unwrap_or_default();
                        view! {
                            <li
                                class=fate_class(c.fate)
                                data-testid="beam-hyp"
                                data-score=format!("{}", c.score)
                                data-alive=if c.fate.survives() { "true" } else { "false" }
                            >
                                "+ "
                                <b class="token" lang=lang>
                                    {last}
                                </b>
                                " "
                                <span class="prob">{format!("log P = {:.3}", c.log_prob)}</span>
                                " "
                                <span class="prob">
                                    {i18n
                                        .f(
                                            "translate-beam-score",
                                            &[("score", Arg::from(format!("{:.3}", c.score)))],
                                        )}
                                </span>
                                " "
                                <span class="fate">{fate_label(i18n, c.fate)}</span>
                            </li>
                        }
                    })
                    .collect_view()}
            </ul>
        </div>
    }
}

/// Which row each survivor continues: `row 0 ← row 1`.
fn cache_moves(i18n: I18n, cache_rows: &[usize]) -> String {
    if cache_rows.is_empty() {
        return i18n.s("translate-beam-cache-none");
    }
    let moves: Vec<String> = cache_rows
        .iter()
        .enumerate()
        .map(|(to, from)| format!("{to} ← {from}"))
        .collect();
    i18n.f(
        "translate-beam-cache",
        &[("moves", Arg::from(moves.join(", ")))],
    )
}

fn comparison_text(i18n: I18n, c: &DecodingComparison) -> String {
    i18n.f(
        "translate-compare-result",
        &[
            ("sentences", Arg::from(c.sentences)),
            ("greedy", Arg::from(format!("{:.1}", c.greedy_bleu))),
            ("beam", Arg::from(format!("{:.1}", c.beam_bleu))),
            ("size", Arg::from(c.beam.size)),
            ("alpha", Arg::from(c.beam.alpha.to_string())),
            (
                "greedy_exact",
                Arg::from(format!("{:.0}", 100.0 * c.greedy_exact)),
            ),
            (
                "beam_exact",
                Arg::from(format!("{:.0}", 100.0 * c.beam_exact)),
            ),
        ],
    )
}

/// The tree of step `index` (0-based) of `tr`'s beam search.
pub fn beam_tree(
    i18n: I18n,
    tr: &Translation,
    index: usize,
    spelling: Option<&Spelling>,
    lang: &'static str,
) -> impl IntoView {
    let lab = use_lab();
    let Some(rows) = beam_rows(tr, index, spelling) else {
        return view! { <p class="hint">{i18n.s("translate-beam-over")}</p> }.into_any();
    };
    let beam = match tr.strategy {
        lab_math::search::Strategy::Beam(b) => b,
        _ => Beam::default(),
    };
    let level = &tr.beam[index];
    let finished = finished_by(tr, index, spelling);
    let title = i18n.f(
        "translate-beam-title",
        &[
            ("step", Arg::from(index + 1)),
            ("rows", Arg::from(rows.len())),
            ("size", Arg::from(beam.size)),
            ("alpha", Arg::from(beam.alpha.to_string())),
        ],
    );
    let cache = cache_moves(i18n, &level.cache_rows);
    let ops = super::data::group(level.multiply_adds);
    view! {
        <section class="beam" data-testid="beam-section">
            <h4>{title}</h4>
            <p class="formula">
                <code>{LENGTH_PENALTY}</code>
                " · "
                <code>{BEAM_SCORE}</code>
            </p>
            <p class="hint">{i18n.s("translate-beam-how")}</p>
            <p class="hint" data-testid="beam-conventions">
                {beam_conventions(i18n.locale.get(), beam)}
            </p>
            <div class="beam-tree" data-testid="beam-tree">
                {rows.into_iter().map(|row| row_view(i18n, row, lang)).collect_view()}
            </div>
            <p data-testid="beam-cache">
                {cache}" " {i18n.f("translate-beam-ops", &[("ops", Arg::from(ops))])}
            </p>
            <p>
                {i18n.s("translate-beam-finished-so-far")}" "
                {if finished.is_empty() {
                    view! { <span>"—"</span> }.into_any()
                } else {
                    finished
                        .into_iter()
                        .map(|h| {
                            view! {
                                <span class="beam-done">
                                    <span class="token" lang=lang>
                                        {words(&h)}
                                    </span>
                                    {format!(" ({:.3})", h.score)}
                                </span>
                                " "
                            }
                        })
                        .collect_view()
                        .into_any()
                }}
            </p>
            <p>
                <button
                    data-testid="decode-compare"
                    disabled=move || lab.decoding_pending.get()
                    on:click=move |_| request_decoding_comparison(lab, beam)
                >
                    {i18n.t("translate-compare-button")}
                </button>
                " "
                <span data-testid="decode-compare-result">
                    {move || match lab.decoding_comparison.get() {
                        None if lab.decoding_pending.get() => {
                            i18n.s("translate-compare-pending").into_any()
                        }
                        Some(Ok(c)) if c.beam == beam => comparison_text(i18n, &c).into_any(),
                        Some(Err(why)) => {
                            // An answer for another beam (the knobs changed since) is not this one's.
                            view! {
                                {i18n.s("translate-compare-failed")}
                                " "
                                {crate::i18n::problems::unanswered(i18n.locale.get(), &why)}
                            }
                                .into_any()
                        }
                        _ => ().into_any(),
                    }}
                </span>
            </p>
        </section>
    }
    .into_any()
}
