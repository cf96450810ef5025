//! Sequence-level scores: corpus BLEU-4 (Papineni et al. 2002) and exact match.
//!
//! BLEU = BP · exp( Σₙ ¼ · log pₙ ),  n = 1..4, where
//! pₙ = Σ clipped n-gram matches / Σ hypothesis n-grams over the whole corpus
//! (each hypothesis n-gram counts at most as often as it occurs in its reference),
//! and BP = 1 if c > r, else exp(1 − r/c), with c, r the total hypothesis and
//! reference lengths.
//!
//! Smoothing choice: none, except for short corpora. If some order n has
//! hypothesis n-grams but zero matches, BLEU is 0 (as in the paper). If *no*
//! hypothesis has n words, order n is left out and the geometric mean is taken
//! over the orders that exist, so a perfect corpus of 3-word sentences scores
//! 100 rather than 0. Scores are on a 0..=100 scale.

use std::collections::HashMap;

/// The highest n-gram order, BLEU-4.
pub const BLEU_MAX_ORDER: usize = 4;

/// Counts of the n-grams of `words`.
fn ngram_counts(words: &[String], n: usize) -> HashMap<&[String], usize> {
    let mut counts = HashMap::new();
    for gram in words.windows(n) {
        *counts.entry(gram).or_insert(0) += 1;
    }
    counts
}

/// Corpus BLEU-4 in `[0, 100]`, one reference per hypothesis.
///
/// # Panics
/// If the two slices have different lengths.
pub fn corpus_bleu(hypotheses: &[Vec<String>], references: &[Vec<String>]) -> f64 {
    assert_eq!(
        hypotheses.len(),
        references.len(),
        "BLEU needs one reference per hypothesis: {} hypotheses, {} references",
        hypotheses.len(),
        references.len()
    );
    let mut matches = [0usize; BLEU_MAX_ORDER];
    let mut totals = [0usize; BLEU_MAX_ORDER];
    let (mut hyp_len, mut ref_len) = (0usize, 0usize);
    for (hyp, reference) in hypotheses.iter().zip(references) {
        hyp_len += hyp.len();
        ref_len += reference.len();
        for n in 1..=BLEU_MAX_ORDER {
            let reference_counts = ngram_counts(reference, n);
            for (gram, count) in ngram_counts(hyp, n) {
                // Clipping: "the the the" earns at most as many "the" as the reference has.
                matches[n - 1] += count.min(reference_counts.get(gram).copied().unwrap_or(0));
                totals[n - 1] += count;
            }
        }
    }
    if hyp_len == 0 {
        return 0.0;
    }

    let mut log_sum = 0.0;
    let mut orders = 0;
    for (&matched, &total) in matches.iter().zip(&totals) {
        if total == 0 {
            continue; // No hypothesis is this long: leave the order out.
        }
        if matched == 0 {
            return 0.0;
        }
        log_sum += (matched as f64 / total as f64).ln();
        orders += 1;
    }
    let brevity_penalty = if hyp_len > ref_len {
        1.0
    } else {
        (1.0 - ref_len as f64 / hyp_len as f64).exp()
    };
    100.0 * brevity_penalty * (log_sum / orders as f64).exp()
}

/// Fraction of hypotheses equal to their reference word for word, in `[0, 1]`.
/// An empty corpus scores 0.
///
/// # Panics
/// If the two slices have different lengths.
pub fn exact_match(hypotheses: &[Vec<String>], references: &[Vec<String>]) -> f64 {
    assert_eq!(
        hypotheses.len(),
        references.len(),
        "exact match needs one reference per hypothesis: {} hypotheses, {} references",
        hypotheses.len(),
        references.len()
    );
    if hypotheses.is_empty() {
        return 0.0;
    }
    let hits = hypotheses
        .iter()
        .zip(references)
        .filter(|(h, r)| h == r)
        .count();
    hits as f64 / hypotheses.len() as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    fn corpus(sentences: &[&str]) -> Vec<Vec<String>> {
        sentences
            .iter()
            .map(|s| s.split_whitespace().map(str::to_string).collect())
            .collect()
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    #[test]
    fn identical_corpora_score_100_even_when_sentences_are_short() {
        let c = corpus(&["the cat sat on the mat", "a b", "大きい 犬 は 走る"]);
        assert!(close(corpus_bleu(&c, &c), 100.0));
        let short = corpus(&["a b", "c d"]);
        assert!(close(corpus_bleu(&short, &short), 100.0));
    }

    #[test]
    fn bleu_matches_a_hand_computation() {
        // p1 = 5/6 (the second "the" is clipped), p2 = 3/5, p3 = 2/4, p4 = 1/3,
        // equal lengths so BP = 1: BLEU = 100 · (1/12)^(1/4) ≈ 53.728.
        let hyp = corpus(&["the cat sat on the mat"]);
        let reference = corpus(&["the cat sat on a mat"]);
        let expected = 100.0 * (1.0f64 / 12.0).powf(0.25);
        assert!(
            close(corpus_bleu(&hyp, &reference), expected),
            "{}",
            corpus_bleu(&hyp, &reference)
        );
        assert!((expected - 53.728).abs() < 1e-3);
    }

    #[test]
    fn short_hypotheses_pay_the_brevity_penalty() {
        // All precisions are 1, c = 4, r = 6: BLEU = 100 · exp(1 − 6/4) ≈ 60.65.
        let b = corpus_bleu(
            &corpus(&["the cat sat on"]),
            &corpus(&["the cat sat on the mat"]),
        );
        assert!(close(b, 100.0 * (-0.5f64).exp()), "{b}");
    }

    #[test]
    fn counts_are_pooled_over_the_corpus_before_dividing() {
        // Sentence 1 matches fully (p1..p4 = 4/4, 3/3, 2/2, 1/1); sentence 2 matches
        // only its first 2 words of 4 (p1 = 2/4, p2 = 1/3, p3 = 0/2, p4 = 0/1).
        // Pooled: 6/8, 4/6, 2/4, 1/2 → (3/4 · 2/3 · 1/2 · 1/2)^(1/4) = (1/8)^(1/4).
        let hyp = corpus(&["a b c d", "e f x y"]);
        let reference = corpus(&["a b c d", "e f g h"]);
        let expected = 100.0 * 0.125f64.powf(0.25);
        assert!(close(corpus_bleu(&hyp, &reference), expected));
    }

    #[test]
    fn an_order_with_no_matches_gives_zero() {
        // No 4-gram of the hypothesis is in the reference.
        assert_eq!(
            corpus_bleu(
                &corpus(&["the cat sat on the mat"]),
                &corpus(&["the cat is on the mat"])
            ),
            0.0
        );
        assert_eq!(corpus_bleu(&corpus(&["a b"]), &corpus(&["a c"])), 0.0);
        assert_eq!(corpus_bleu(&corpus(&[""]), &corpus(&["a"])), 0.0);
    }

    #[test]
    fn exact_match_is_the_fraction_of_identical_sentences() {
        let hyp = corpus(&["a b", "c d", "e", "f g"]);
        let reference = corpus(&["a b", "c x", "e", "f"]);
        assert!(close(exact_match(&hyp, &reference), 0.5));
        assert_eq!(exact_match(&[], &[]), 0.0);
    }
}
