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
mod tests {
    use super::*;

    /// A 2-query, 3-key, d_k = 2 head with a causal mask on the last key of query 0.
    fn trace() -> HeadTrace {
        let q = vec![1.0, 0.0, 0.5, 0.5];
        let k = vec![1.0, 1.0, 0.0, 2.0, 2.0, 0.0];
        let dots = vec![1.0, 0.0, 2.0, 1.0, 1.0, 1.0];
        let scores: Vec<f32> = dots.iter().map(|d| d / 2f32.sqrt()).collect();
        let mask = vec![false, false, true, false, false, false];
        let weights: Vec<f32> = [0, 1]
            .iter()
            .flat_map(|&i| {
                let row: Vec<Option<f32>> = (0..3)
                    .map(|j| (!mask[i * 3 + j]).then_some(scores[i * 3 + j]))
                    .collect();
                softmax_beta(&row, 1.0)
            })
            .collect();
        HeadTrace {
            query_tokens: vec!["<bos>".into(), "a".into()],
            query_predicts: vec!["a".into(), "<eos>".into()],
            key_tokens: vec!["x".into(), "y".into(), "z".into()],
            seq_q: 2,
            seq_k: 3,
            d_k: 2,
            q,
            k,
            v: vec![1.0, 0.0, 0.0, 1.0, 1.0, 1.0],
            dots,
            scores,
            mask,
            weights,
            ..Default::default()
        }
    }

    #[test]
    fn hovering_a_scaled_score_shows_the_division_with_its_numbers() {
        let s = key_stages(Locale::En, &trace(), 0);
        assert_eq!(s.scaled[0].formula, "1.00 / √2 = 0.71");
        assert_eq!(
            s.dots[2].formula,
            "q · k₂ = 1.00×2.00 + 0.00×0.00 + … (2 terms) = 2.00"
        );
    }

    #[test]
    fn hover_formulas_speak_the_pages_language_and_keep_the_numbers() {
        for locale in Locale::ALL {
            let s = key_stages(locale, &trace(), 0);
            let dot = &s.dots[2].formula;
            assert!(
                dot.starts_with("q · k₂ = 1.00×2.00 + 0.00×0.00 + …") && dot.ends_with("= 2.00"),
                "{locale:?}: {dot}"
            );
            assert!(s.masked[1].formula.contains("0.00"), "{locale:?}");
            assert!(s.masked[2].formula.contains("k₂"), "{locale:?}");
            let q = &query_cells(locale, &trace(), 1)[1].formula;
            assert!(
                q.starts_with("q[1] = ") && q.ends_with("= 0.5000"),
                "{locale:?}: {q}"
            );
        }
        let ja = key_stages(Locale::Ja, &trace(), 0);
        assert_ne!(
            ja.masked[2].formula,
            key_stages(Locale::En, &trace(), 0).masked[2].formula,
            "the words are translated"
        );
    }

    #[test]
    fn hidden_keys_show_minus_infinity_and_weigh_nothing() {
        let s = key_stages(Locale::En, &trace(), 0);
        assert_eq!(s.masked[2].text(), "−∞");
        assert_eq!(s.weights[2].value, Some(0.0));
        assert_eq!(what_if_weights(&trace(), 0, 1.0)[2].value, Some(0.0));
    }

    #[test]
    fn beta_one_is_the_models_own_softmax() {
        let tr = trace();
        for i in 0..2 {
            let s = key_stages(Locale::En, &tr, i);
            for (a, b) in what_if_weights(&tr, i, 1.0).iter().zip(&s.weights) {
                assert!((a.value.expect("weight") - b.value.expect("weight")).abs() < 1e-6);
            }
        }
    }

    #[test]
    fn the_stages_come_in_the_order_the_head_computes_them() {
        assert_eq!(Stage::ORDER.len(), STAGES);
        for (i, stage) in Stage::ORDER.into_iter().enumerate() {
            assert_eq!(stage.index(), i);
            assert!(stage.shown(usize::MAX), "the normal page shows every stage");
            assert!(stage.shown(i + 1) && !stage.shown(i));
        }
        assert_eq!(Stage::Query.index(), 0);
        assert_eq!(Stage::WhatIf.index(), STAGES - 1, "the what-if comes last");
        assert_eq!(Stage::Scale.title(Locale::En), "④ ÷ √d_k (scaling)");
        for locale in Locale::ALL {
            assert!(Stage::Concat.title(locale).starts_with("⑧ "));
        }
    }

    #[test]
    fn keys_are_named_by_their_position_from_zero() {
        assert_eq!(key_name(0), "k₀");
        assert_eq!(subscript(120), "₁₂₀");
        assert_eq!(
            row_cells('v', 2, &[0.5, -1.0])[1].formula,
            "v₂[1] = -1.0000"
        );
        assert_eq!(
            context_cells("head 1", &[0.25])[0].formula,
            "head 1[0] = Σⱼ wⱼ·vⱼ[0] = 0.25"
        );
    }

    #[test]
    fn context_is_the_weighted_sum_of_value_rows() {
        let tr = trace();
        // Weights (0.5, 0, 0.5) over v rows (1,0), (0,1), (1,1).
        assert_eq!(weighted_values(&tr, &[0.5, 0.0, 0.5]), vec![1.0, 0.5]);
    }

    #[test]
    fn uniform_attention_has_the_most_entropy() {
        let tr = trace();
        let e = row_entropies(&tr, 0.0);
        assert!(
            (e[0] - 1.0).abs() < 1e-5,
            "two visible keys: 1 bit, got {}",
            e[0]
        );
        assert!((e[1] - 3f32.log2()).abs() < 1e-5);
        let hard = row_entropies(&tr, f32::INFINITY);
        assert!(
            hard[0].abs() < 1e-6,
            "hard attention on one key: 0 bits, got {}",
            hard[0]
        );
        assert!(
            (hard[1] - 3f32.log2()).abs() < 1e-5,
            "a three-way tie stays split"
        );
    }

    #[test]
    fn the_slider_value_is_beta_and_its_right_end_is_hard_attention() {
        assert_eq!(beta_from_slider(0.0), 0.0);
        assert_eq!(beta_from_slider(1.0), 1.0);
        assert_eq!(beta_from_slider(BETA_SLIDER_MAX), f32::INFINITY);
        assert_eq!(fmt_beta(beta_from_slider(BETA_SLIDER_MAX)), "∞");
        let hard = what_if_weights(&trace(), 0, beta_from_slider(BETA_SLIDER_MAX));
        let one_hot: Vec<f32> = hard.iter().map(|c| c.value.expect("weight")).collect();
        assert_eq!(
            one_hot,
            vec![1.0, 0.0, 0.0],
            "the argmax key takes all the weight"
        );
    }

    #[test]
    fn decoder_queries_are_labelled_by_input_and_prediction() {
        assert_eq!(query_label(&trace(), 0, None), "<bos> → a");
        assert_eq!(query_label(&trace(), 5, None), "#5");
        assert_eq!(key_token(&trace(), 1, None), "y");
        assert_eq!(key_token(&trace(), 3, None), "#3");
    }

    /// `书` (book) respelled `書`, as a 繁體中文 page shows it.
    fn traditional() -> Spelling {
        let facts = lab_protocol::TaskFacts {
            tgt_vocab: vec!["书".into()],
            tgt_alt: vec!["書".into()],
            ..Default::default()
        };
        Spelling::of(Locale::ZhHant, &facts).expect("zh-Hant")
    }

    /// The trace of `kind` on the English `book` and the target `<bos> 书`.
    fn traced(kind: AttentionKind) -> HeadTrace {
        let words = |s: &str| s.split(' ').map(str::to_string).collect::<Vec<_>>();
        let (queries, predicts, keys) = match kind {
            AttentionKind::EncoderSelf => ("book <eos>", "", "book <eos>"),
            AttentionKind::DecoderSelf => ("<bos> 书", "书 <eos>", "<bos> 书"),
            AttentionKind::Cross => ("<bos> 书", "书 <eos>", "book <eos>"),
        };
        HeadTrace {
            request: Some(lab_protocol::TraceRequest {
                kind,
                layer: 0,
                head: 0,
                sentence: None,
            }),
            query_tokens: words(queries),
            query_predicts: if predicts.is_empty() {
                Vec::new()
            } else {
                words(predicts)
            },
            key_tokens: words(keys),
            seq_q: 2,
            seq_k: 2,
            ..Default::default()
        }
    }

    #[test]
    fn a_one_hot_query_is_told_apart_and_the_most_spread_one_is_offered() {
        let mut tr = trace();
        // Query 0 sees keys 0 and 1; make it sure of key 0.
        tr.scores[0] = 40.0;
        assert!(is_one_hot(&tr, 0));
        assert!(!is_one_hot(&tr, 1), "query 1's scores are equal: uniform");
        let (i, bits) = most_spread_query(&tr).expect("query 1 is spread");
        assert_eq!(i, 1);
        assert!((bits - 3f32.log2()).abs() < 1e-5);
        tr.scores[3..6].copy_from_slice(&[0.0, 50.0, 0.0]);
        assert_eq!(most_spread_query(&tr), None, "every query is one-hot");
    }

    #[test]
    fn the_heads_own_scaling_divides_the_variance_by_d_k_and_softens_the_weights() {
        let tr = trace();
        let (unscaled, scaled) = own_scaling(&tr);
        // Visible dots: (1, 0) for query 0 (its third key is hidden), (1, 1, 1) for query 1.
        assert!((unscaled.variance - 0.16).abs() < 1e-6, "{unscaled:?}");
        assert!((unscaled.variance / scaled.variance - tr.d_k as f64).abs() < 1e-5);
        // Query 1 is uniform either way; query 0 is softer once scaled.
        assert!(scaled.entropy_bits > unscaled.entropy_bits);
        assert!(scaled.top_weight < unscaled.top_weight);
    }

    #[test]
    fn cross_attention_keys_and_values_are_named_as_projections_of_the_memory() {
        for locale in Locale::ALL {
            let said = |kind: AttentionKind, id: &str| {
                let source = key_source(&traced(kind));
                text_args(locale, id, &[("source", source.into()), ("d_k", 2.into())])
            };
            for id in [
                "head-keys-values-explain",
                "head-k-caption",
                "head-v-caption",
            ] {
                let cross = said(AttentionKind::Cross, id);
                assert!(
                    cross.contains("m · W^") && !cross.contains("x · W^"),
                    "{locale:?} {id}: {cross}"
                );
                for kind in [AttentionKind::EncoderSelf, AttentionKind::DecoderSelf] {
                    let own = said(kind, id);
                    assert!(
                        own.contains("x · W^") && !own.contains("m · W^"),
                        "{locale:?} {id}: {own}"
                    );
                }
                assert!(cross.contains("+ b^"), "{locale:?} {id}: the bias is shown");
            }
        }
    }

    #[test]
    fn target_tokens_are_respelled_on_the_side_they_sit_and_nowhere_else() {
        let s = traditional();
        let s = Some(&s);
        let masked = traced(AttentionKind::DecoderSelf);
        assert_eq!(query_label(&masked, 1, s), "書 → <eos>");
        assert_eq!(query_label(&masked, 0, s), "<bos> → 書");
        assert_eq!(key_token(&masked, 1, s), "書", "decoder keys are targets");
        let cross = traced(AttentionKind::Cross);
        assert_eq!(query_labels(&cross, s), ["<bos> → 書", "書 → <eos>"]);
        assert_eq!(key_token(&cross, 0, s), "book", "cross keys are the source");
        let encoder = traced(AttentionKind::EncoderSelf);
        assert_eq!(query_labels(&encoder, s), ["book", "<eos>"]);
        assert_eq!(query_label(&masked, 1, None), "书 → <eos>", "no spelling");
        assert_eq!(key_token(&masked, 1, None), "书");
    }

    #[test]
    fn a_trace_without_its_request_respells_only_queries_with_predictions() {
        let s = traditional();
        let mut masked = traced(AttentionKind::DecoderSelf);
        masked.request = None;
        assert_eq!(query_label(&masked, 1, Some(&s)), "書 → <eos>");
        assert_eq!(
            key_token(&masked, 1, Some(&s)),
            "书",
            "its keys' side is unknown"
        );
    }
}
