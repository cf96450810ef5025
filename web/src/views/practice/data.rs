//! Predict, then reveal: the questions beside the views, and the functions
//! that compute their answers. Every answer comes from the function the view
//! draws with (`lab_math`), on the live run's settings and sentence, so a
//! question stays true while the model trains and on every task.

use lab_math::beta::{entropy_bits, softmax_beta};
use lab_math::complexity::attention_rnn_crossover;
use lab_math::cross_entropy::smoothing_floor;
use lab_math::decoding::{step_multiply_adds, DecoderShape};
use lab_math::positional::PAPER_BASE;
use lab_math::{noam_rate, pe_value, sinusoid_table, subsequent_mask, PAD};

/// The questions, in page order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum QuestionId {
    /// PE view: PE(0) in an odd (cosine) dimension.
    PeZero,
    /// Inside one head: the entropy at β = 0 over the visible keys.
    UniformEntropy,
    /// Masks: how many cells the causal mask hides.
    HiddenCells,
    /// Noam: the step at which the rate peaks.
    NoamPeak,
    /// Label smoothing: the lowest loss a perfect model can reach.
    LossFloor,
    /// Complexity: the length at which self-attention costs what a recurrent layer does.
    Crossover,
    /// PE view: which dimension changes fastest with position.
    PeFastest,
    /// Attention maps: which source word a cross-attention query weighs most.
    CrossArgmax,
    /// Translate: which token the model ranks first at a decoding step.
    NextToken,
    /// Inside one head: which key gets the largest weight, read off the scores before the softmax.
    ScoreArgmax,
    /// Translate: the multiply-adds the KV cache saves at a step.
    CacheSaving,
    /// PE view: whether a word at two positions enters layer 1 as the same vector (it does without PE).
    SameVector,
}

pub const QUESTIONS: [QuestionId; 12] = [
    QuestionId::PeZero,
    QuestionId::PeFastest,
    QuestionId::SameVector,
    QuestionId::CrossArgmax,
    QuestionId::ScoreArgmax,
    QuestionId::UniformEntropy,
    QuestionId::HiddenCells,
    QuestionId::NoamPeak,
    QuestionId::LossFloor,
    QuestionId::NextToken,
    QuestionId::CacheSaving,
    QuestionId::Crossover,
];

impl QuestionId {
    /// The id in `data-question`, in the browser's record and in message ids.
    pub fn key(self) -> &'static str {
        match self {
            Self::PeZero => "pe-zero",
            Self::UniformEntropy => "uniform-entropy",
            Self::HiddenCells => "hidden-cells",
            Self::NoamPeak => "noam-peak",
            Self::LossFloor => "loss-floor",
            Self::Crossover => "crossover",
            Self::PeFastest => "pe-fastest",
            Self::CrossArgmax => "cross-argmax",
            Self::NextToken => "next-token",
            Self::ScoreArgmax => "score-argmax",
            Self::CacheSaving => "cache-saving",
            Self::SameVector => "same-vector",
        }
    }

    /// The panel (`crate::panels::ids`) the question is asked beside.
    pub fn panel(self) -> &'static str {
        use crate::panels::ids;
        match self {
            Self::PeZero | Self::PeFastest | Self::SameVector => ids::PE,
            Self::CrossArgmax => ids::ATTENTION,
            Self::UniformEntropy | Self::ScoreArgmax => ids::INSIDE_HEAD,
            Self::HiddenCells => ids::MASKS,
            Self::NoamPeak => ids::NOAM,
            Self::LossFloor => ids::SMOOTHING,
            Self::NextToken | Self::CacheSaving => ids::TRANSLATE,
            Self::Crossover => ids::COMPLEXITY,
        }
    }

    /// How far a typed answer may be from `answer`, the true one, and still count.
    pub fn tolerance(self, answer: f64) -> f64 {
        match self {
            // A count in the hundreds of thousands, estimated from the formulas: within 1%.
            Self::CacheSaving => 0.01 * answer.abs(),
            // Read off a chart or worked out by hand: two decimals.
            Self::UniformEntropy | Self::LossFloor => 0.01,
            Self::PeZero => 1e-3,
            // Whole numbers, and the index of a choice.
            Self::HiddenCells
            | Self::NoamPeak
            | Self::Crossover
            | Self::PeFastest
            | Self::CrossArgmax
            | Self::ScoreArgmax
            | Self::SameVector
            | Self::NextToken => 0.0,
        }
    }
}

/// PE(0, dim) for an odd dimension: cos(0 / base^(…)) = 1, whatever the dimension.
pub fn pe_at_zero(dim: usize, d_model: usize, base: f64) -> f64 {
    f64::from(pe_value(0, dim | 1, d_model, base))
}

/// The entropy in bits of softmax at β = 0 over `keys` visible keys.
pub fn uniform_entropy(keys: usize) -> f64 {
    f64::from(entropy_bits(&softmax_beta(&vec![Some(0.0); keys], 0.0)))
}

/// Cells the causal mask hides in a decoder of `len` positions.
pub fn hidden_cells(len: usize) -> usize {
    subsequent_mask(len)
        .into_iter()
        .filter(|&hidden| hidden)
        .count()
}

/// The step at which the Noam rate is highest. The schedule rises, then
/// falls, so its peak is the step whose rate beats both neighbours; the
/// branches can only meet at the warm-up step, so that step and its
/// neighbours are compared by the rate itself (the tests compare this with a
/// search over every step). A constant number of rates: a link may ask for
/// any warm-up.
pub fn noam_peak(d_model: usize, warmup: usize, factor: f64) -> usize {
    let rate = |s: usize| noam_rate(s, d_model, warmup, factor);
    let w = warmup.max(1);
    [w.saturating_sub(1).max(1), w, w + 1]
        .into_iter()
        .fold(w, |best, s| if rate(s) > rate(best) { s } else { best })
}

/// The label-smoothed loss of a perfect model: `H(q)` in nats per token.
pub fn loss_floor(vocab: usize, smoothing: f64) -> f64 {
    smoothing_floor(vocab, smoothing, PAD as usize)
}

/// The sentence length at which self-attention and a recurrent layer cost the same.
pub fn crossover(d_model: usize) -> f64 {
    attention_rnn_crossover(d_model as u64) as f64
}

/// The dimensions the "fastest" question offers: the first, the middle and the last.
pub fn pe_dims_offered(d_model: usize) -> [usize; 3] {
    [0, d_model / 2, d_model - 1]
}

/// Of `dims`, the index of the one whose PE changes most from position 0 to 1.
pub fn pe_fastest(dims: &[usize], d_model: usize, base: f64) -> usize {
    let change =
        |dim: usize| (pe_value(1, dim, d_model, base) - pe_value(0, dim, d_model, base)).abs();
    argmax(&dims.iter().map(|&d| change(d)).collect::<Vec<_>>())
}

/// Tokens as choices that can be told apart: a token that stands more than
/// once is written with its position (counted from 0, as the maps' axes
/// count), by `at(token, position)`; the others as they are.
pub fn distinct_options(tokens: &[String], at: impl Fn(&str, usize) -> String) -> Vec<String> {
    let repeated = |token: &String| tokens.iter().filter(|t| *t == token).count() > 1;
    tokens
        .iter()
        .enumerate()
        .map(|(i, token)| {
            if repeated(token) {
                at(token, i)
            } else {
                token.clone()
            }
        })
        .collect()
}

/// The index of the largest value (the first on a tie; 0 for an empty list).
pub fn argmax(values: &[f32]) -> usize {
    values
        .iter()
        .enumerate()
        .fold(0, |best, (i, &v)| if v > values[best] { i } else { best })
}

/// The key with the highest score among the visible ones (`None` = hidden):
/// the softmax keeps the order, so it is also the key with the largest weight.
pub fn score_argmax(scores: &[Option<f32>]) -> Option<usize> {
    scores
        .iter()
        .enumerate()
        .filter_map(|(i, s)| s.map(|s| (i, s)))
        .fold(None, |best: Option<(usize, f32)>, (i, s)| match best {
            Some((_, b)) if b >= s => best,
            _ => Some((i, s)),
        })
        .map(|(i, _)| i)
}

/// Whether a word enters layer 1 as the same vector at positions `a` and
/// `b`: its embedding × √d_model is the same, so only the positional
/// encodings can differ, and without PE they are both zero.
pub fn same_vector(a: usize, b: usize, d_model: usize, with_pe: bool) -> bool {
    !with_pe
        || sinusoid_table(a.max(b) + 1, d_model, PAPER_BASE)
            .chunks(d_model)
            .nth(a)
            .zip(
                sinusoid_table(a.max(b) + 1, d_model, PAPER_BASE)
                    .chunks(d_model)
                    .nth(b),
            )
            .is_some_and(|(x, y)| x == y)
}

/// The multiply-adds the KV cache saves at decoding step `t` (1-based):
/// the step without the cache less the step with it (`lab_math::decoding`).
pub fn cache_saving(shape: DecoderShape, t: usize) -> i64 {
    step_multiply_adds(shape, t, false) as i64 - step_multiply_adds(shape, t, true) as i64
}

/// Whether `guess` is `answer` within `tolerance`.
pub fn is_right(guess: f64, answer: f64, tolerance: f64) -> bool {
    guess.is_finite() && (guess - answer).abs() <= tolerance + 1e-9
}

/// The reader's answers (kept by the context).
pub use crate::context::storage::Answers;

/// `right / asked` over [`QUESTIONS`]: questions answered right at least once.
pub fn progress(record: &Answers) -> (usize, usize) {
    let right = QUESTIONS
        .iter()
        .filter(|q| record.get(q.key()).copied() == Some(true))
        .count();
    (right, QUESTIONS.len())
}

/// `(panel, right, asked)` for each view that asks questions, in page order
/// (`panel` indexes `panels::PANELS`): the progress of each section.
pub fn progress_by_panel(record: &Answers) -> Vec<(usize, usize, usize)> {
    crate::panels::PANELS
        .iter()
        .enumerate()
        .filter_map(|(panel, p)| {
            let asked: Vec<QuestionId> = QUESTIONS
                .iter()
                .copied()
                .filter(|q| q.panel() == p.id)
                .collect();
            let right = asked
                .iter()
                .filter(|q| record.get(q.key()).copied() == Some(true))
                .count();
            (!asked.is_empty()).then_some((panel, right, asked.len()))
        })
        .collect()
}

/// Records an answer: a question once answered right stays right.
pub fn record(record: &mut Answers, id: QuestionId, right: bool) {
    let entry = record.entry(id.key().to_string()).or_insert(false);
    *entry |= right;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_sections_progress_counts_its_own_questions() {
        let mut answers = Answers::new();
        let sections = progress_by_panel(&answers);
        let asked: usize = sections.iter().map(|&(_, _, asked)| asked).sum();
        assert_eq!(asked, QUESTIONS.len(), "every question in one section");
        assert!(sections.windows(2).all(|w| w[0].0 < w[1].0), "page order");
        record(&mut answers, QuestionId::HiddenCells, true);
        record(&mut answers, QuestionId::PeZero, false);
        let masks = crate::panels::index_of(crate::panels::ids::MASKS);
        for (panel, right, _) in progress_by_panel(&answers) {
            assert_eq!(right, usize::from(Some(panel) == masks), "panel {panel}");
        }
    }

    #[test]
    fn every_answer_is_its_definition() {
        // cos(0) = 1 in every odd dimension, at either base.
        for dim in [1, 7, 63] {
            assert_eq!(pe_at_zero(dim, 64, 10_000.0), 1.0);
            assert_eq!(pe_at_zero(dim, 64, 100.0), 1.0);
        }
        // Uniform weights over k keys carry log2 k bits.
        for k in [1, 2, 7, 16] {
            assert!(
                (uniform_entropy(k) - (k as f64).log2()).abs() < 1e-5,
                "{k} keys"
            );
        }
        // The strict upper triangle: n(n − 1) / 2 cells.
        for n in [1, 2, 6, 32] {
            assert_eq!(hidden_cells(n), n * (n - 1) / 2);
        }
        // The two branches of the schedule meet at the warm-up step: a search over every step agrees.
        for warmup in [1, 2, 50, 400, 4000] {
            let rate = |s: usize| noam_rate(s, 512, warmup, 1.0);
            let searched = (1..=4 * warmup).fold(1, |b, s| if rate(s) > rate(b) { s } else { b });
            assert_eq!(noam_peak(512, warmup, 1.0), searched, "warm-up {warmup}");
            assert_eq!(searched, warmup);
        }
        // H(q) with 1 − ε on the target and ε/(V − 2) on each of V − 2 others.
        let (v, eps) = (40usize, 0.1f64);
        let by_hand = -(1.0 - eps) * (1.0 - eps).ln() - eps * (eps / (v - 2) as f64).ln();
        assert!((loss_floor(v, eps) - by_hand).abs() < 1e-6);
        assert_eq!(
            loss_floor(v, 0.0),
            0.0,
            "no smoothing: a perfect model reaches 0"
        );
        // n²·d = n·d² at n = d.
        assert_eq!(crossover(64), 64.0);
    }

    #[test]
    fn the_fastest_dimension_is_the_one_whose_pe_moves_most_and_argmax_takes_the_first() {
        // Dimension 0 is sin(pos): it moves by sin 1 ≈ 0.84 from position 0 to 1;
        // the last dimension's wavelength is about 2π · 10000.
        let dims = pe_dims_offered(64);
        assert_eq!(dims, [0, 32, 63]);
        assert_eq!(pe_fastest(&dims, 64, 10_000.0), 0);
        assert_eq!(
            pe_fastest(&[63, 32, 0], 64, 10_000.0),
            2,
            "the index of dimension 0"
        );
        assert_eq!(argmax(&[0.1, 0.7, 0.7, 0.2]), 1);
        assert_eq!(argmax(&[]), 0);
    }

    #[test]
    fn the_highest_visible_score_is_the_largest_weight_and_the_cache_saves_the_difference() {
        let scores = [Some(0.5), None, Some(2.0), Some(-1.0)];
        let best = score_argmax(&scores).expect("a visible key");
        assert_eq!(best, 2);
        let weights = softmax_beta(&scores, 1.0);
        assert_eq!(argmax(&weights), best, "the softmax keeps the order");
        assert_eq!(score_argmax(&[None, None]), None);
        let shape = DecoderShape {
            d_model: 64,
            d_ff: 256,
            n_layers: 2,
            src_len: 8,
            vocab: 80,
        };
        // At t = 2, per layer (lab_math::decoding's table, d = 64, f = 256, S = 8):
        // self  (4·2·d² + 2·4·d) − (4·d² + 2·2·d)                 = 33,280 − 16,640 = 16,640
        // cross (2·2·d² + 2·S·d² + 2·2·S·d) − (2·d² + 2·S·d)       = 83,968 −  9,216 = 74,752
        // FFN   2·2·d·f − 2·d·f                                     = 65,536 − 32,768 = 32,768
        // 124,160 per layer, two layers; the final Linear costs the same both ways.
        assert_eq!(cache_saving(shape, 2), 248_320);
        assert_eq!(cache_saving(shape, 1), 0, "step 1 has nothing to reuse");
        assert!(
            cache_saving(shape, 8) > cache_saving(shape, 2),
            "the saving grows with t"
        );
    }

    #[test]
    fn a_token_that_stands_twice_is_offered_with_its_position() {
        let tokens: Vec<String> = ["the", "book", "is", "on", "the", "table"]
            .map(String::from)
            .to_vec();
        let options = distinct_options(&tokens, |t, i| format!("{t}@{i}"));
        assert_eq!(options, ["the@0", "book", "is", "on", "the@4", "table"]);
    }

    #[test]
    fn a_word_is_the_same_vector_at_two_positions_only_without_pe() {
        assert!(
            same_vector(0, 3, 64, false),
            "no PE: the position adds nothing"
        );
        assert!(!same_vector(0, 3, 64, true), "PE(0) and PE(3) differ");
        assert!(same_vector(2, 2, 64, true), "one position is one vector");
    }

    #[test]
    fn answers_are_checked_within_their_tolerance() {
        assert!(is_right(3.0, 3.0, 0.0));
        assert!(!is_right(4.0, 3.0, 0.0));
        assert!(is_right(2.81, 2.807, 0.01));
        assert!(!is_right(f64::NAN, 1.0, 0.01));
        for q in QUESTIONS {
            assert!(q.tolerance(1.0) >= 0.0, "{q:?}");
        }
        assert_eq!(
            QuestionId::CacheSaving.tolerance(200_000.0),
            2_000.0,
            "1% of a large count"
        );
    }

    #[test]
    fn progress_counts_questions_answered_right_at_least_once() {
        let mut r = Answers::new();
        assert_eq!(progress(&r), (0, QUESTIONS.len()));
        record(&mut r, QuestionId::NoamPeak, false);
        assert_eq!(progress(&r).0, 0);
        record(&mut r, QuestionId::NoamPeak, true);
        record(&mut r, QuestionId::NoamPeak, false);
        assert_eq!(progress(&r).0, 1, "a right answer stays");
        // Keys are unique.
        let keys: std::collections::BTreeSet<_> = QUESTIONS.iter().map(|q| q.key()).collect();
        assert_eq!(keys.len(), QUESTIONS.len());
    }
}
