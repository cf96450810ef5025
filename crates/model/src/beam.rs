//! Beam search (§6.1: beam size 4, length penalty α = 0.6), one source
//! sentence, with or without the KV cache. The rule is
//! `lab_math::search`'s; this runs it on the decoder.
//!
//! The beam is a batch: row `i` of the decoder's batch is hypothesis `i`.
//! At step `t` every row gives a distribution over the next token, each row's
//! `size` best extensions become candidates, and the candidates with the
//! largest summed log-probability fill the free slots. The survivors' rows
//! are gathered from their parents' ([`DecoderState::reorder`]): each keeps
//! its parent's prefix and its parent's KV cache, and the step's one new key
//! and value are added on top.

use burn::tensor::activation::log_softmax;
use lab_math::search::{beam_score, Beam, Fate};

use crate::decode::{can_emit, single_source, DecodeMode, DecoderState};
use crate::transformer::{Transformer, EOS};

/// A hypothesis: the tokens generated so far and their summed log-probability.
#[derive(Clone, Debug, PartialEq)]
pub struct Hypothesis {
    /// Generated ids, without `<bos>`; a finished one ends with `<eos>`
    /// unless it reached the length limit.
    pub tokens: Vec<u32>,
    /// `log P(Y) = Σ log p(y_t | y_<t, x)`.
    pub log_prob: f32,
    /// `log P(Y) / lp(Y)`: the length-normalised score finished hypotheses are ranked by.
    pub score: f32,
}

/// One extension considered at a step.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    /// The row of the beam it extends (the hypothesis before this step).
    pub parent: usize,
    /// The hypothesis with this step's token appended.
    pub hypothesis: Hypothesis,
    pub fate: Fate,
}

/// One step of the search.
#[derive(Clone, Debug, PartialEq)]
pub struct BeamStep {
    /// The beam this step extended, row by row.
    pub beam: Vec<Hypothesis>,
    /// Each row's best extensions, best first within a row.
    pub candidates: Vec<Candidate>,
    /// The next step's rows: row `i` continues row `cache_rows[i]` of this
    /// step's beam, and its KV cache is a copy of that row's.
    pub cache_rows: Vec<usize>,
    /// Multiply-adds of this step's matrix products (the whole beam).
    pub multiply_adds: u64,
}

/// A finished search.
#[derive(Clone, Debug, PartialEq)]
pub struct BeamSearch {
    /// The finished hypothesis with the best score.
    pub best: Hypothesis,
    /// Every finished hypothesis, best score first.
    pub finished: Vec<Hypothesis>,
    pub steps: Vec<BeamStep>,
}

/// Beam search over one source sentence, for at most `max_len` tokens.
///
/// With `beam.size == 1` it is greedy decoding: the one survivor of every
/// step is the argmax.
///
/// # Shapes
/// - `src`: `[src_len]` ids ending with `<eos>`.
pub fn beam_search(
    model: &Transformer,
    src: &[u32],
    beam: Beam,
    max_len: usize,
    mode: DecodeMode,
) -> BeamSearch {
    let size = beam.size.max(1);
    let score = |log_prob: f32, len: usize| beam_score(log_prob, len, beam.alpha);
    let mut state = DecoderState::new(model, single_source(model, src), mode);
    let mut alive = vec![Hypothesis {
        tokens: Vec::new(),
        log_prob: 0.0,
        score: 0.0,
    }];
    let mut finished: Vec<Hypothesis> = Vec::new();
    let mut steps = Vec::new();
    for t in 1..=max_len {
        let out = state.step();
        let [rows, vocab] = out.logits.dims();
        let log_probs = log_softmax(out.logits, 1)
            .into_data()
            .try_to_vec::<f32>()
            .expect("log-probabilities are f32"); // [rows · vocab]
        let mut candidates: Vec<Candidate> = Vec::new();
        for (parent, hyp) in alive.iter().enumerate() {
            let row = &log_probs[parent * vocab..][..vocab];
            // The row's `size` best tokens, best first (ties by id: one order for every run).
            let better = |a: &usize, b: &usize| row[*b].total_cmp(&row[*a]).then(a.cmp(b));
            let mut order: Vec<usize> = (0..vocab).filter(|&i| can_emit(i as u32)).collect();
            if order.len() > size {
                order.select_nth_unstable_by(size - 1, better);
                order.truncate(size);
            }
            order.sort_by(better);
            candidates.extend(order.into_iter().map(|token| {
                let log_prob = hyp.log_prob + row[token];
                let mut tokens = hyp.tokens.clone();
                tokens.push(token as u32);
                Candidate {
                    parent,
                    hypothesis: Hypothesis {
                        tokens,
                        log_prob,
                        score: score(log_prob, t),
                    },
                    fate: Fate::Pruned,
                }
            }));
        }
        debug_assert_eq!(rows, alive.len());
        // All candidates have t tokens, so the summed log-probability ranks them as the score would.
        let mut ranking: Vec<usize> = (0..candidates.len()).collect();
        ranking.sort_by(|&a, &b| {
            let (a, b) = (&candidates[a].hypothesis, &candidates[b].hypothesis);
            b.log_prob.total_cmp(&a.log_prob)
        });
        let slots = size - finished.len();
        let mut next = Vec::new();
        for &i in ranking.iter().take(slots) {
            let c = &mut candidates[i];
            let ended = c.hypothesis.tokens.last() == Some(&EOS) || t == max_len;
            c.fate = if ended { Fate::Finished } else { Fate::Kept };
            if ended {
                finished.push(c.hypothesis.clone());
            } else {
                next.push(i);
            }
        }
        let cache_rows: Vec<usize> = next.iter().map(|&i| candidates[i].parent).collect();
        let tokens: Vec<u32> = next
            .iter()
            .filter_map(|&i| candidates[i].hypothesis.tokens.last().copied())
            .collect();
        steps.push(BeamStep {
            beam: std::mem::take(&mut alive),
            candidates: candidates.clone(),
            cache_rows: cache_rows.clone(),
            multiply_adds: out.multiply_adds,
        });
        if next.is_empty() {
            break;
        }
        alive = next
            .iter()
            .map(|&i| candidates[i].hypothesis.clone())
            .collect();
        state.reorder(&cache_rows);
        state.push(&tokens);
    }
    finished.sort_by(|a, b| b.score.total_cmp(&a.score));
    // Only a search of no steps (`max_len == 0`) finishes nothing: the empty translation.
    let best = finished.first().cloned().unwrap_or(Hypothesis {
        tokens: Vec::new(),
        log_prob: 0.0,
        score: 0.0,
    });
    BeamSearch {
        best,
        finished,
        steps,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{greedy_decode, Backend, TransformerConfig};
    use burn::tensor::{Int, Tensor, TensorData};
    use lab_math::search::length_penalty;

    fn model() -> Transformer {
        TransformerConfig::toy(12, 12).init(&Backend::default().device())
    }

    const SRC: [u32; 5] = [4, 9, 6, 7, EOS];

    #[test]
    fn a_beam_of_one_is_greedy_decoding() {
        let model = model();
        for src in [&SRC[..], &[5, 5, EOS], &[11, EOS]] {
            let greedy = greedy_decode(&model, src, 10, 1);
            let beam = beam_search(
                &model,
                src,
                Beam {
                    size: 1,
                    alpha: 0.6,
                },
                10,
                DecodeMode::Cached,
            );
            assert_eq!(beam.best.tokens, greedy.tokens, "source {src:?}");
            assert_eq!(beam.finished.len(), 1);
        }
    }

    /// Σ log p(y_t | y_<t, x) of `tokens`, read off one teacher-forced pass.
    fn forced_log_prob(model: &Transformer, src: &[u32], tokens: &[u32]) -> f32 {
        let device = Backend::default().device();
        let ids = |v: Vec<i64>| {
            let n = v.len();
            Tensor::<2, Int>::from_data(TensorData::new(v, [1, n]), &device)
        };
        let tgt_in: Vec<i64> = std::iter::once(crate::transformer::BOS as i64)
            .chain(tokens[..tokens.len() - 1].iter().map(|&t| t as i64))
            .collect();
        let out = model.forward(ids(src.iter().map(|&t| t as i64).collect()), ids(tgt_in));
        let [_, len, vocab] = out.logits.dims();
        let lp = log_softmax(out.logits, 2)
            .into_data()
            .try_to_vec::<f32>()
            .expect("f32"); // [1 · len · vocab]
        (0..len).map(|t| lp[t * vocab + tokens[t] as usize]).sum()
    }

    #[test]
    fn a_score_is_the_sum_of_its_tokens_log_probabilities_over_the_length_penalty() {
        let model = model();
        let beam = Beam {
            size: 3,
            alpha: 0.6,
        };
        let search = beam_search(&model, &SRC, beam, 8, DecodeMode::Cached);
        assert_eq!(search.finished.len(), 3, "every slot ends finished");
        for hyp in &search.finished {
            let expected = forced_log_prob(&model, &SRC, &hyp.tokens);
            assert!(
                (hyp.log_prob - expected).abs() < 1e-4,
                "{:?}: {} against {expected}",
                hyp.tokens,
                hyp.log_prob
            );
            let lp = ((5.0 + hyp.tokens.len() as f32) / 6.0).powf(0.6);
            assert_eq!(length_penalty(hyp.tokens.len(), 0.6), lp);
            assert!((hyp.score - hyp.log_prob / lp).abs() < 1e-6);
        }
        assert!(search.finished.windows(2).all(|w| w[0].score >= w[1].score));
        assert_eq!(search.best, search.finished[0]);
    }

    #[test]
    fn the_beam_with_the_kv_cache_equals_the_beam_without_it() {
        let model = model();
        let beam = Beam {
            size: 4,
            alpha: 0.6,
        };
        let cached = beam_search(&model, &SRC, beam, 8, DecodeMode::Cached);
        let full = beam_search(&model, &SRC, beam, 8, DecodeMode::Recompute);
        assert_eq!(cached.steps.len(), full.steps.len());
        for (t, (a, b)) in cached.steps.iter().zip(&full.steps).enumerate() {
            assert_eq!(a.cache_rows, b.cache_rows, "step {t}");
            assert_eq!(a.candidates.len(), b.candidates.len(), "step {t}");
            for (x, y) in a.candidates.iter().zip(&b.candidates) {
                assert_eq!(x.hypothesis.tokens, y.hypothesis.tokens, "step {t}");
                assert_eq!(x.fate, y.fate, "step {t}");
                assert!((x.hypothesis.log_prob - y.hypothesis.log_prob).abs() < 1e-4);
            }
        }
        assert_eq!(cached.best.tokens, full.best.tokens);
        // The search is not degenerate: it reorders rows at some step.
        assert!(cached
            .steps
            .iter()
            .any(|s| s.cache_rows.iter().enumerate().any(|(i, &r)| i != r)));
    }

    #[test]
    fn a_search_of_no_steps_is_the_empty_translation() {
        let search = beam_search(&model(), &SRC, Beam::default(), 0, DecodeMode::Cached);
        assert!(search.best.tokens.is_empty() && search.steps.is_empty());
    }

    #[test]
    fn each_step_keeps_the_best_candidates_and_the_slots_add_up() {
        let model = model();
        let beam = Beam {
            size: 4,
            alpha: 0.0,
        };
        let search = beam_search(&model, &SRC, beam, 6, DecodeMode::Cached);
        let mut finished = 0;
        for step in &search.steps {
            let survivors: Vec<&Candidate> = step
                .candidates
                .iter()
                .filter(|c| c.fate.survives())
                .collect();
            assert_eq!(survivors.len(), 4 - finished, "free slots are filled");
            let worst_kept = survivors
                .iter()
                .map(|c| c.hypothesis.log_prob)
                .fold(f32::INFINITY, f32::min);
            assert!(step
                .candidates
                .iter()
                .filter(|c| !c.fate.survives())
                .all(|c| c.hypothesis.log_prob <= worst_kept));
            finished += survivors
                .iter()
                .filter(|c| c.fate == Fate::Finished)
                .count();
        }
        assert_eq!(finished, 4);
    }
}
