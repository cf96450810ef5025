//! The "inside one head" walk-through as plain data: for one query, each
//! stage of `softmax(q·Kᵀ / √d_k) · V` as labelled cells, each cell with the
//! formula that produced it, filled with the actual numbers.
//!
//! Every number comes from the worker's [`HeadTrace`] (the model's own
//! tensors). The only arithmetic here is the what-if softmax with inverse
//! temperature β, done by `lab_math::beta`, and the β-weighted sum of the
//! model's `V` rows that follows from it.

use lab_math::beta::{entropy_bits, softmax_beta};
use lab_protocol::HeadTrace;

/// Decimal places of every number in the walk-through.
pub const DIGITS: usize = 2;

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

/// The per-key stages of one query: `q·k`, `÷√d_k`, the mask, the softmax.
#[derive(Clone, Debug, PartialEq)]
pub struct KeyStages {
    pub dots: Vec<Cell>,
    pub scaled: Vec<Cell>,
    pub masked: Vec<Cell>,
    pub weights: Vec<Cell>,
    /// `softmax(β · scores)`: the what-if.
    pub beta_weights: Vec<Cell>,
}

/// The stages of query `i`, with the what-if weights at inverse temperature `beta`.
///
/// # Panics
/// If `i` is not a query of the trace.
pub fn key_stages(tr: &HeadTrace, i: usize, beta: f32) -> KeyStages {
    assert!(i < tr.seq_q, "query {i} outside {} queries", tr.seq_q);
    let q = HeadTrace::row(&tr.q, tr.d_k, i);
    let masked = tr.masked_scores(i);
    // The softmax's denominator as its formula reads, in f64 so large scores do not overflow.
    let visible: f64 = masked.iter().flatten().map(|&s| f64::from(s).exp()).sum();
    let what_if = softmax_beta(&masked, beta);
    let key = |j: usize| {
        tr.key_tokens
            .get(j)
            .cloned()
            .unwrap_or_else(|| format!("#{j}"))
    };
    let mut stages = KeyStages {
        dots: vec![],
        scaled: vec![],
        masked: vec![],
        weights: vec![],
        beta_weights: vec![],
    };
    for j in 0..tr.seq_k {
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
            formula: format!(
                "q·k({}) = {first} + … ({} terms) = {}",
                key(j),
                tr.d_k,
                fmt(dot)
            ),
        });
        let score = tr.scores[i * tr.seq_k + j];
        stages.scaled.push(Cell {
            value: Some(score),
            formula: format!("{} / √{} = {}", fmt(dot), tr.d_k, fmt(score)),
        });
        let hidden = masked[j].is_none();
        stages.masked.push(Cell {
            value: masked[j],
            formula: if hidden {
                format!(
                    "key {} comes after the query: hidden, −∞ (weight exactly 0)",
                    key(j)
                )
            } else {
                format!("visible: {} stays", fmt(score))
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
        stages.beta_weights.push(Cell {
            value: Some(what_if[j]),
            formula: format!(
                "exp(β·{}) / Σ exp(β·s), β = {} → {}",
                fmt(score),
                fmt_beta(beta),
                fmt(what_if[j])
            ),
        });
    }
    stages
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

/// The entropy in bits of query `i`'s row at inverse temperature `beta`.
pub fn row_entropy(tr: &HeadTrace, i: usize, beta: f32) -> f32 {
    entropy_bits(&softmax_beta(&tr.masked_scores(i), beta))
}

/// The label of query row `i`: `input → prediction` for decoder queries.
pub fn query_label(tr: &HeadTrace, i: usize) -> String {
    let input = tr
        .query_tokens
        .get(i)
        .cloned()
        .unwrap_or_else(|| format!("#{i}"));
    match tr.query_predicts.get(i) {
        Some(next) => format!("{input} → {next}"),
        None => input,
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
        let s = key_stages(&trace(), 0, 1.0);
        assert_eq!(s.scaled[0].formula, "1.00 / √2 = 0.71");
        assert_eq!(
            s.dots[2].formula,
            "q·k(z) = 1.00×2.00 + 0.00×0.00 + … (2 terms) = 2.00"
        );
    }

    #[test]
    fn hidden_keys_show_minus_infinity_and_weigh_nothing() {
        let s = key_stages(&trace(), 0, 1.0);
        assert_eq!(s.masked[2].text(), "−∞");
        assert_eq!(s.weights[2].value, Some(0.0));
        assert_eq!(s.beta_weights[2].value, Some(0.0));
    }

    #[test]
    fn beta_one_is_the_models_own_softmax() {
        let tr = trace();
        for i in 0..2 {
            let s = key_stages(&tr, i, 1.0);
            for (a, b) in s.beta_weights.iter().zip(&s.weights) {
                assert!((a.value.expect("weight") - b.value.expect("weight")).abs() < 1e-6);
            }
        }
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
        let hard = key_stages(&trace(), 0, beta_from_slider(BETA_SLIDER_MAX));
        let one_hot: Vec<f32> = hard
            .beta_weights
            .iter()
            .map(|c| c.value.expect("weight"))
            .collect();
        assert_eq!(
            one_hot,
            vec![1.0, 0.0, 0.0],
            "the argmax key takes all the weight"
        );
    }

    #[test]
    fn decoder_queries_are_labelled_by_input_and_prediction() {
        assert_eq!(query_label(&trace(), 0), "<bos> → a");
    }
}
