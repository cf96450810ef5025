//! The "inside one head" walk-through as plain data: for one query, each
//! stage of `softmax(q·Kᵀ / √d_k) · V` as labelled cells, each cell with the
//! formula that produced it, filled with the actual numbers.
//!
//! Every number comes from the worker's [`HeadTrace`] (the model's own
//! tensors). The only arithmetic here is the what-if softmax with inverse
//! temperature β, done by `lab_math::beta`, and the β-weighted sum of the
//! model's `V` rows that follows from it.
//!
//! The walk-through has [`STAGES`] stages, in the order the head computes
//! them ([`Stage::ORDER`]); presentation mode reveals them one at a time.
//! In the hover formulas, `k₃` is the key at position 3 (positions count
//! from 0, as the table's columns, the mask view, the PE view and tutorial
//! `003` do) and `[c]` is dimension `c` of a vector (also from 0).

use crate::i18n::script::{respell, Spelling};
use crate::i18n::{text, text_args, Arg, Locale};
use lab_math::beta::{entropy_bits, softmax_beta};
use lab_math::scaling::{softness, Softness};
use lab_protocol::attention::decoder_row_labels;
use lab_protocol::{AttentionKind, HeadTrace};

/// Decimal places of every number in the walk-through.
pub const DIGITS: usize = 2;

/// The number of stages of the walk-through.
pub const STAGES: usize = 9;

/// One stage of the walk-through.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// The query's input `x` and its projection `q = x · W^Q + b^Q`.
    Query,
    /// `K = x · W^K + b^K` and `V = x · W^V + b^V` for every key position;
    /// in cross-attention, `m` (the encoder's output) in place of `x`
    /// ([`key_source`]).
    KeysValues,
    /// `q · kⱼ` for every key.
    Dots,
    /// `÷ √d_k`.
    Scale,
    /// Hidden keys become −∞.
    Mask,
    /// `softmax`: the model's attention weights.
    Softmax,
    /// `weights · V`: this head's output.
    Output,
    /// `Concat(head₁ … headₕ) · W^O + b^O`: the multi-head output.
    Concat,
    /// `softmax(β · s)`: hard and soft attention, a what-if.
    WhatIf,
}

impl Stage {
    /// The stages in the order the head computes them.
    pub const ORDER: [Stage; STAGES] = [
        Stage::Query,
        Stage::KeysValues,
        Stage::Dots,
        Stage::Scale,
        Stage::Mask,
        Stage::Softmax,
        Stage::Output,
        Stage::Concat,
        Stage::WhatIf,
    ];

    /// The stage's place in [`Stage::ORDER`], from 0 (its `data-stage`).
    pub fn index(self) -> usize {
        Stage::ORDER
            .iter()
            .position(|&s| s == self)
            .expect("every stage is in Stage::ORDER")
    }

    /// Whether the stage is shown when the first `reveal` stages are
    /// (`usize::MAX`: all of them, the normal page).
    pub fn shown(self, reveal: usize) -> bool {
        self.index() < reveal
    }

    /// The stage's numbered name, e.g. `④ ÷ √d_k (scaling)`.
    pub fn title(self, locale: Locale) -> String {
        const NUMBERS: [&str; STAGES] = ["①", "②", "③", "④", "⑤", "⑥", "⑦", "⑧", "⑨"];
        let name = match self {
            Stage::Query => text(locale, "head-stage-query"),
            Stage::KeysValues => text(locale, "head-stage-keys-values"),
            Stage::Dots => text(locale, "head-stage-dots"),
            Stage::Scale => text(locale, "head-stage-scale"),
            Stage::Mask => text(locale, "head-stage-mask"),
            Stage::Softmax => text(locale, "head-stage-softmax"),
            Stage::Output => text(locale, "head-stage-output"),
            Stage::Concat => text(locale, "head-stage-concat"),
            Stage::WhatIf => text(locale, "head-stage-what-if"),
        };
        format!("{} {name}", NUMBERS[self.index()])
    }
}

/// One number of a stage, and how it was computed.
#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    /// `None` for a hidden (−∞) score.
    pub value: Option<f32>,
    /// The formula with the actual values, shown on hover.
    pub formula: String,
}

impl Cell {
    /// The cell as printed: the number, or −∞.
    pub fn text(&self) -> String {
        self.value.map_or_else(|| "−∞".to_string(), fmt)
    }
}

/// A number as the walk-through prints it.
pub fn fmt(v: f32) -> String {
    format!("{v:.DIGITS$}")
}

/// `n` in subscript digits: `subscript(12) == "₁₂"`.
pub fn subscript(n: usize) -> String {
    const DIGITS: [char; 10] = ['₀', '₁', '₂', '₃', '₄', '₅', '₆', '₇', '₈', '₉'];
    n.to_string()
        .chars()
        .map(|c| DIGITS[c.to_digit(10).expect("a decimal digit") as usize])
        .collect()
}

/// The name of key `j` (0-based) in the formulas: `k₀` for the first key.
pub fn key_name(j: usize) -> String {
    format!("k{}", subscript(j))
}

/// The model's per-key stages of one query: `q·k`, `÷√d_k`, the mask, the softmax.
#[derive(Clone, Debug, PartialEq)]
pub struct KeyStages {
    pub dots: Vec<Cell>,
    pub scaled: Vec<Cell>,
    pub masked: Vec<Cell>,
    pub weights: Vec<Cell>,
}

/// The stages of query `i`, their hover formulas in `locale`.
///
/// # Panics
/// If `i` is not a query of the trace.
pub fn key_stages(locale: Locale, tr: &HeadTrace, i: usize) -> KeyStages {
    assert!(i < tr.seq_q, "query {i} outside {} queries", tr.seq_q);
    let q = HeadTrace::row(&tr.q, tr.d_k, i);
    let masked = tr.masked_scores(i);
    // The softmax's denominator as its formula reads, in f64 so large scores do not overflow.
    let visible: f64 = masked.iter().flatten().map(|&s| f64::from(s).exp()).sum();
    let mut stages = KeyStages {
        dots: vec![],
        scaled: vec![],
        masked: vec![],
        weights: vec![],
    };
    for (j, &visible_score) in masked.iter().enumerate() {
        let k = HeadTrace::row(&tr.k, tr.d_k, j);
        let dot = tr.dots[i * tr.seq_k + j];
        let first = q
            .iter()
            .zip(k)
            .take(2)
            .map(|(a, b)| format!("{}×{}", fmt(*a), fmt(*b)))
            .collect::<Vec<_>>()
            .join(" + ");
        stages.dots.push(Cell {
            value: Some(dot),
            formula: text_args(
                locale,
                "head-cell-dot",
                &[
                    ("key", Arg::from(key_name(j))),
                    ("first", Arg::from(first)),
                    ("terms", Arg::from(tr.d_k)),
                    ("value", Arg::from(fmt(dot))),
                ],
            ),
        });
        let score = tr.scores[i * tr.seq_k + j];
        stages.scaled.push(Cell {
            value: Some(score),
            formula: format!("{} / √{} = {}", fmt(dot), tr.d_k, fmt(score)),
        });
        let hidden = visible_score.is_none();
        let key = Arg::from(key_name(j));
        stages.masked.push(Cell {
            value: visible_score,
            formula: if hidden {
                text_args(locale, "head-cell-hidden", &[("key", key)])
            } else {
                text_args(
                    locale,
                    "head-cell-visible",
                    &[("key", key), ("score", Arg::from(fmt(score)))],
                )
            },
        });
        let w = tr.weights[i * tr.seq_k + j];
        stages.weights.push(Cell {
            value: Some(w),
            formula: if hidden {
                "exp(−∞) / Σ = 0".to_string()
            } else {
                format!("exp({}) / {visible:.2} = {}", fmt(score), fmt(w))
            },
        });
    }
    stages
}

/// `softmax(β · s)` over query `i`'s scores: the what-if weights at inverse
/// temperature `beta`, each with its formula.
///
/// # Panics
/// If `i` is not a query of the trace.
pub fn what_if_weights(tr: &HeadTrace, i: usize, beta: f32) -> Vec<Cell> {
    assert!(i < tr.seq_q, "query {i} outside {} queries", tr.seq_q);
    let masked = tr.masked_scores(i);
    softmax_beta(&masked, beta)
        .into_iter()
        .zip(&masked)
        .map(|(w, s)| Cell {
            value: Some(w),
            formula: match s {
                Some(s) => format!(
                    "exp(β·{}) / Σ exp(β·s), β = {} → {}",
                    fmt(*s),
                    fmt_beta(beta),
                    fmt(w)
                ),
                None => "exp(β·(−∞)) / Σ = 0".to_string(),
            },
        })
        .collect()
}

/// Query `i`'s projection `q = x · W^Q` (this head's columns), one cell per
/// dimension, the formula in `locale`.
pub fn query_cells(locale: Locale, tr: &HeadTrace, i: usize) -> Vec<Cell> {
    HeadTrace::row(&tr.q, tr.d_k, i)
        .iter()
        .enumerate()
        .map(|(c, &x)| Cell {
            value: Some(x),
            formula: text_args(
                locale,
                "head-cell-q",
                &[
                    ("dim", Arg::from(c)),
                    ("value", Arg::from(format!("{x:.4}"))),
                ],
            ),
        })
        .collect()
}

/// Row `j` (0-based) of `K` or `V`, named `name` (`k` or `v`): `k₃[c] = …`.
pub fn row_cells(name: char, j: usize, row: &[f32]) -> Vec<Cell> {
    row.iter()
        .enumerate()
        .map(|(c, &x)| Cell {
            value: Some(x),
            formula: format!("{name}{}[{c}] = {x:.4}", subscript(j)),
        })
        .collect()
}

/// A head's output `Σⱼ wⱼ · vⱼ`, named `name` in the formulas.
pub fn context_cells(name: &str, values: &[f32]) -> Vec<Cell> {
    values
        .iter()
        .enumerate()
        .map(|(c, &x)| Cell {
            value: Some(x),
            formula: format!("{name}[{c}] = Σⱼ wⱼ·vⱼ[{c}] = {}", fmt(x)),
        })
        .collect()
}

/// The β slider's right end. The slider's value is β itself, except that
/// this end means β = ∞ (hard attention).
pub const BETA_SLIDER_MAX: f32 = 10.0;
/// The slider's step.
pub const BETA_SLIDER_STEP: f32 = 0.1;

/// β for a slider value: the value itself, or ∞ at the right end.
pub fn beta_from_slider(value: f32) -> f32 {
    if value >= BETA_SLIDER_MAX {
        f32::INFINITY
    } else {
        value.max(0.0)
    }
}

/// β as printed: ∞ at the hard end.
pub fn fmt_beta(beta: f32) -> String {
    if beta.is_infinite() {
        "∞".to_string()
    } else {
        format!("{beta:.2}")
    }
}

/// `Σ_j w_j · v_j`: a context vector from weights over the model's `V` rows.
pub fn weighted_values(tr: &HeadTrace, weights: &[f32]) -> Vec<f32> {
    (0..tr.d_k)
        .map(|c| {
            weights
                .iter()
                .enumerate()
                .map(|(j, w)| w * tr.v[j * tr.d_k + c])
                .sum()
        })
        .collect()
}

/// The entropy in bits of every query's row at inverse temperature `beta`.
pub fn row_entropies(tr: &HeadTrace, beta: f32) -> Vec<f32> {
    (0..tr.seq_q).map(|i| row_entropy(tr, i, beta)).collect()
}

/// Below this entropy, in bits, a query's weights count as one-hot: the
/// softmax and β show no visible change on it.
pub const ONE_HOT_BITS: f32 = 0.05;

/// Whether query `i` puts (nearly) all its weight on one key.
pub fn is_one_hot(tr: &HeadTrace, i: usize) -> bool {
    row_entropy(tr, i, 1.0) < ONE_HOT_BITS
}

/// The query of this head whose weights are most spread (the highest
/// entropy), with that entropy, unless every query is one-hot.
pub fn most_spread_query(tr: &HeadTrace) -> Option<(usize, f32)> {
    row_entropies(tr, 1.0)
        .into_iter()
        .enumerate()
        .filter(|&(_, h)| h >= ONE_HOT_BITS)
        .max_by(|a, b| a.1.total_cmp(&b.1))
}

/// The entropy in bits of query `i`'s row at inverse temperature `beta`.
pub fn row_entropy(tr: &HeadTrace, i: usize, beta: f32) -> f32 {
    entropy_bits(&softmax_beta(&tr.masked_scores(i), beta))
}

/// Whether the trace's keys are target tokens: only in the decoder's
/// self-attention (cross-attention reads the source, as the encoder does).
fn keys_are_targets(tr: &HeadTrace) -> bool {
    tr.request
        .as_ref()
        .is_some_and(|r| r.kind == AttentionKind::DecoderSelf)
}

/// Whether the trace's queries are target tokens: in every kind but the
/// encoder's self-attention. A trace that does not say is read by its
/// predictions, which only decoder queries have.
fn queries_are_targets(tr: &HeadTrace) -> bool {
    match &tr.request {
        Some(r) => r.kind != AttentionKind::EncoderSelf,
        None => !tr.query_predicts.is_empty(),
    }
}

/// The token of key `j` (0-based), or its number when the trace has none;
/// a target token respelled by `spelling` (Traditional Chinese).
pub fn key_token(tr: &HeadTrace, j: usize, spelling: Option<&Spelling>) -> String {
    match (tr.key_tokens.get(j), spelling) {
        (Some(token), Some(s)) if keys_are_targets(tr) => s.word(token),
        (Some(token), _) => token.clone(),
        (None, _) => format!("#{j}"),
    }
}

/// The labels of every query row: `input → prediction` for decoder
/// queries, as the attention maps write them (`decoder_row_labels`), each
/// target token respelled by `spelling` before they are joined.
pub fn query_labels(tr: &HeadTrace, spelling: Option<&Spelling>) -> Vec<String> {
    let spelling = spelling.filter(|_| queries_are_targets(tr));
    decoder_row_labels(
        &respell(spelling, &tr.query_tokens),
        &respell(spelling, &tr.query_predicts),
    )
}

/// The label of query row `i` ([`query_labels`]), or its number when the
/// trace has none.
pub fn query_label(tr: &HeadTrace, i: usize, spelling: Option<&Spelling>) -> String {
    query_labels(tr, spelling)
        .into_iter()
        .nth(i)
        .unwrap_or_else(|| format!("#{i}"))
}

/// The ÷√d_k experiment on this head's own numbers: every visible
/// (query, key) pair's raw dot product `q · k` against its scaled score
/// `q · k / √d_k`, by the same statistics as the sampled experiment
/// (`lab_math::scaling`). Hidden keys are left out; a query with no visible
/// key adds nothing.
pub fn own_scaling(tr: &HeadTrace) -> (Softness, Softness) {
    let visible = |values: &[f32]| -> Vec<Vec<f64>> {
        (0..tr.seq_q)
            .map(|i| {
                (0..tr.seq_k)
                    .filter(|&j| !tr.mask[i * tr.seq_k + j])
                    .map(|j| f64::from(values[i * tr.seq_k + j]))
                    .collect::<Vec<_>>()
            })
            .filter(|row| !row.is_empty())
            .collect()
    };
    (softness(&visible(&tr.dots)), softness(&visible(&tr.scores)))
}

/// What the keys and values are projected from, as the `$source` of the
/// keys-and-values messages: `"memory"` (the encoder's output, `m`) for
/// cross-attention, whose keys are the source tokens, and `"input"` (the
/// sub-layer's own input, `x`) for self-attention.
pub fn key_source(tr: &HeadTrace) -> &'static str {
    match tr.request.as_ref().map(|r| r.kind) {
        Some(AttentionKind::Cross) => "memory",
        _ => "input",
    }
}

#[cfg(test)]
mod tests;
