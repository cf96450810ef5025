//! Choosing the next token three ways: greedy (the argmax), beam search with
//! the paper's length penalty, and sampling with a temperature, top-k and
//! top-p. The model crate runs the decoder; these are the rules it applies to
//! the decoder's numbers, written once for the model, the CLI and the page.
//!
//! **Beam search** (§6.1: "beam search with a beam size of 4 and length
//! penalty α = 0.6", citing Wu et al. 2016, GNMT, §7). At every step each
//! hypothesis in the beam is extended by its best next tokens; the
//! extensions with the largest summed log-probability fill the free slots
//! (`size` less the finished ones). One that ends with `<eos>` leaves the
//! beam as a finished translation, and the beam goes on with the rest, until
//! every slot holds a finished one. The finished
//! hypotheses have different lengths, and a longer one has summed more
//! negative log-probabilities, so they are ranked by GNMT's length-normalised
//! score:
//!
//! ```text
//! lp(Y) = ((5 + |Y|) / 6)^α        score(Y) = log P(Y) / lp(Y)
//! ```
//!
//! where `|Y|` counts the generated tokens, `<eos>` included. α = 0 ranks by
//! `log P(Y)` alone; a larger α favours longer translations.
//!
//! **Sampling** draws the next token from the model's distribution, made
//! sharper or flatter by a temperature `T` (`softmax(z / T)`), cut to the `k`
//! most probable tokens (top-k, Fan et al. 2018) and then to the fewest whose
//! probabilities add up to `p` (top-p, Holtzman et al. 2020), renormalised
//! after each cut. As `T → 0` the draw becomes the argmax: greedy.

use serde::{Deserialize, Serialize};

/// The paper's beam size (§6.1).
pub const PAPER_BEAM_SIZE: usize = 4;
/// The paper's length penalty α (§6.1).
pub const PAPER_ALPHA: f32 = 0.6;
/// The paper's longest output (§6.1): "the input length + 50" tokens. The
/// lab's cap is `limits::MAX_OUTPUT_TOKENS` instead.
pub const PAPER_EXTRA_OUTPUT_LEN: usize = 50;
/// The widest beam the lab searches: every hypothesis is drawn at every step.
pub const MAX_BEAM_SIZE: usize = 8;
/// The largest length penalty α the lab accepts.
pub const MAX_ALPHA: f32 = 2.0;
/// The lowest temperature the settings accept. Lower is greedy in all but name.
pub const MIN_TEMPERATURE: f32 = 0.05;
/// The highest temperature the settings accept.
pub const MAX_TEMPERATURE: f32 = 5.0;
/// Sampling's default temperature: the model's own distribution.
pub const DEFAULT_TEMPERATURE: f32 = 1.0;
/// The largest top-k the settings accept (0 keeps every token).
pub const MAX_TOP_K: usize = 1000;
/// The default seed of a sample.
pub const DEFAULT_SEED: u32 = 1;

/// The length penalty, as the page writes it.
pub const LENGTH_PENALTY: &str = "lp(Y) = ((5 + |Y|) / 6)^α";
/// The length-normalised score, as the page writes it.
pub const BEAM_SCORE: &str = "score(Y) = log P(Y) / lp(Y)";
/// The sampling distribution, as the page writes it.
pub const SAMPLING: &str = "p_T(w) = softmax(z / T)_w";

/// GNMT's length penalty `((5 + len) / 6)^α` for a hypothesis of `len` generated tokens.
pub fn length_penalty(len: usize, alpha: f32) -> f32 {
    ((5.0 + len as f32) / 6.0).powf(alpha)
}

/// A hypothesis's length-normalised score: `log P(Y) / lp(Y)`.
pub fn beam_score(log_prob: f32, len: usize, alpha: f32) -> f32 {
    log_prob / length_penalty(len, alpha)
}

/// Beam search's two knobs.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Beam {
    /// Hypotheses kept at every step.
    pub size: usize,
    /// The length penalty's exponent α.
    pub alpha: f32,
}

impl Default for Beam {
    fn default() -> Self {
        Self {
            size: PAPER_BEAM_SIZE,
            alpha: PAPER_ALPHA,
        }
    }
}

/// Sampling's knobs.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Sampling {
    /// `T` in `softmax(z / T)`: below 1 sharper, above 1 flatter.
    pub temperature: f32,
    /// Keep only the `top_k` most probable tokens; 0 keeps them all.
    pub top_k: usize,
    /// Then keep the fewest tokens whose probabilities reach `top_p`; 1 keeps them all.
    pub top_p: f32,
    /// The draws of a sample are fixed by its seed.
    pub seed: u32,
}

impl Default for Sampling {
    fn default() -> Self {
        Self {
            temperature: DEFAULT_TEMPERATURE,
            top_k: 0,
            top_p: 1.0,
            seed: DEFAULT_SEED,
        }
    }
}

/// How the decoder's next token is chosen.
///
/// Externally tagged (`"greedy"`, `{"beam":{"size":4,"alpha":0.6}}`): the
/// messages between page and worker are postcard's bytes, which cannot read
/// an enum tagged inside its fields.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Strategy {
    /// The most probable token, every step.
    #[default]
    Greedy,
    Beam(Beam),
    Sample(Sampling),
}

/// Why a strategy's settings cannot be used.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum StrategyError {
    BeamSize { max: usize },
    Alpha { max: f32 },
    Temperature { min: f32, max: f32 },
    TopK { max: usize },
    TopP,
}

impl std::fmt::Display for StrategyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::BeamSize { max } => write!(f, "the beam size must be 1 to {max}"),
            Self::Alpha { max } => write!(f, "the length penalty α must be 0 to {max}"),
            Self::Temperature { min, max } => {
                write!(f, "the temperature must be {min} to {max}")
            }
            Self::TopK { max } => write!(f, "top-k must be 0 (all) to {max}"),
            Self::TopP => write!(f, "top-p must be above 0 and at most 1"),
        }
    }
}

impl std::error::Error for StrategyError {}

impl Strategy {
    /// Checks the knobs against the lab's limits (NaN fails every range).
    pub fn check(&self) -> Result<(), StrategyError> {
        match *self {
            Self::Greedy => Ok(()),
            Self::Beam(Beam { size, alpha }) => {
                if !(1..=MAX_BEAM_SIZE).contains(&size) {
                    Err(StrategyError::BeamSize { max: MAX_BEAM_SIZE })
                } else if !(0.0..=MAX_ALPHA).contains(&alpha) {
                    Err(StrategyError::Alpha { max: MAX_ALPHA })
                } else {
                    Ok(())
                }
            }
            Self::Sample(s) => {
                if !(MIN_TEMPERATURE..=MAX_TEMPERATURE).contains(&s.temperature) {
                    Err(StrategyError::Temperature {
                        min: MIN_TEMPERATURE,
                        max: MAX_TEMPERATURE,
                    })
                } else if s.top_k > MAX_TOP_K {
                    Err(StrategyError::TopK { max: MAX_TOP_K })
                } else if !(s.top_p > 0.0 && s.top_p <= 1.0) {
                    Err(StrategyError::TopP)
                } else {
                    Ok(())
                }
            }
        }
    }

    /// The name a link and the page's picker use: `greedy`, `beam` or `sample`.
    pub fn name(&self) -> &'static str {
        match self {
            Self::Greedy => "greedy",
            Self::Beam(_) => "beam",
            Self::Sample(_) => "sample",
        }
    }
}

/// What became of a candidate at one step of beam search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Fate {
    /// Among the best: it stays in the beam for the next step.
    Kept,
    /// Among the best and ends with `<eos>` (or reached the length limit): a finished translation.
    Finished,
    /// Not among the best: dropped.
    Pruned,
}

impl Fate {
    /// Whether the candidate survived the step, in the beam or as a finished translation.
    pub fn survives(self) -> bool {
        self != Self::Pruned
    }
}

/// The sampling distribution over the allowed tokens of one step: the
/// tokens kept by top-k and then top-p, with their renormalised
/// probabilities, most probable first. Never empty while a token is allowed.
///
/// `logits` are the decoder's raw scores `z`; `allowed(i)` says whether
/// token `i` may be emitted at all.
pub fn sampling_distribution(
    logits: &[f32],
    allowed: impl Fn(usize) -> bool,
    s: &Sampling,
) -> Vec<(usize, f32)> {
    let tokens: Vec<usize> = (0..logits.len()).filter(|&i| allowed(i)).collect();
    let t = f64::from(s.temperature.max(f32::MIN_POSITIVE));
    let top = tokens
        .iter()
        .map(|&i| f64::from(logits[i]))
        .fold(f64::NEG_INFINITY, f64::max);
    // softmax(z / T), shifted by the largest score so no exponential overflows.
    let mut dist: Vec<(usize, f64)> = tokens
        .iter()
        .map(|&i| (i, ((f64::from(logits[i]) - top) / t).exp()))
        .collect();
    dist.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    if s.top_k > 0 {
        dist.truncate(s.top_k);
    }
    normalise(&mut dist);
    if s.top_p < 1.0 {
        let mut mass = 0.0;
        let keep = dist
            .iter()
            .position(|&(_, p)| {
                mass += p;
                mass >= f64::from(s.top_p)
            })
            .map_or(dist.len(), |i| i + 1);
        dist.truncate(keep);
        normalise(&mut dist);
    }
    dist.into_iter().map(|(i, p)| (i, p as f32)).collect()
}

fn normalise(dist: &mut [(usize, f64)]) {
    let total: f64 = dist.iter().map(|&(_, p)| p).sum();
    if total > 0.0 {
        dist.iter_mut().for_each(|(_, p)| *p /= total);
    }
}

/// The token a uniform draw `u ∈ [0, 1)` picks from `dist`: the first whose
/// cumulative probability exceeds `u` (the last one if rounding leaves a gap).
///
/// # Panics
/// If `dist` is empty.
pub fn draw(dist: &[(usize, f32)], u: f64) -> usize {
    let mut mass = 0.0;
    for &(token, p) in dist {
        mass += f64::from(p);
        if u < mass {
            return token;
        }
    }
    dist.last().expect("a distribution to draw from").0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_length_penalty_is_gnmts_formula() {
        // ((5 + 1) / 6)^α = 1 for one token, whatever α.
        assert_eq!(length_penalty(1, 0.6), 1.0);
        assert!((length_penalty(7, 0.6) - 2f32.powf(0.6)).abs() < 1e-6);
        assert_eq!(length_penalty(30, 0.0), 1.0, "α = 0: no normalisation");
        // A longer hypothesis with the same log-probability scores better when α > 0.
        assert!(beam_score(-3.0, 10, 0.6) > beam_score(-3.0, 4, 0.6));
        assert_eq!(beam_score(-3.0, 10, 0.0), -3.0);
    }

    #[test]
    fn sampling_at_temperature_one_is_the_softmax_and_sums_to_one() {
        let z = [1.0f32, 2.0, 3.0, 0.5];
        let dist = sampling_distribution(&z, |_| true, &Sampling::default());
        let total: f32 = z.iter().map(|x| x.exp()).sum();
        assert_eq!(dist.iter().map(|d| d.0).collect::<Vec<_>>(), [2, 1, 0, 3]);
        for &(i, p) in &dist {
            assert!((p - z[i].exp() / total).abs() < 1e-6, "token {i}: {p}");
        }
    }

    #[test]
    fn temperature_sharpens_top_k_and_top_p_cut_and_renormalise() {
        let z = [1.0f32, 2.0, 3.0, 0.5];
        let cold = Sampling {
            temperature: 0.1,
            ..Sampling::default()
        };
        let dist = sampling_distribution(&z, |_| true, &cold);
        assert!(
            dist[0].1 > 0.99,
            "T = 0.1 puts nearly all mass on the argmax"
        );
        let top2 = Sampling {
            top_k: 2,
            ..Sampling::default()
        };
        let dist = sampling_distribution(&z, |_| true, &top2);
        let (a, b) = (3f32.exp(), 2f32.exp());
        assert_eq!(dist.len(), 2);
        assert!((dist[0].1 - a / (a + b)).abs() < 1e-6);
        // Probabilities ≈ 0.61, 0.22, 0.08, 0.05 (T = 1): p = 0.7 keeps two tokens, p = 0.5 one.
        let nucleus = |top_p| {
            let s = Sampling {
                top_p,
                ..Sampling::default()
            };
            sampling_distribution(&z, |_| true, &s).len()
        };
        assert_eq!((nucleus(0.7), nucleus(0.5), nucleus(1.0)), (2, 1, 4));
        // Forbidden tokens never appear.
        let dist = sampling_distribution(&z, |i| i != 2, &Sampling::default());
        assert!(dist.iter().all(|d| d.0 != 2) && dist[0].0 == 1);
    }

    #[test]
    fn a_draw_walks_the_cumulative_distribution() {
        let dist = [(7, 0.5f32), (3, 0.3), (9, 0.2)];
        assert_eq!(draw(&dist, 0.0), 7);
        assert_eq!(draw(&dist, 0.49), 7);
        assert_eq!(draw(&dist, 0.5), 3);
        assert_eq!(draw(&dist, 0.85), 9);
        assert_eq!(draw(&dist, 0.999_999_9), 9);
    }

    #[test]
    fn strategies_outside_the_limits_are_refused() {
        assert!(Strategy::Beam(Beam::default()).check().is_ok());
        assert!(Strategy::Sample(Sampling::default()).check().is_ok());
        let beam = |size, alpha| Strategy::Beam(Beam { size, alpha }).check();
        assert!(beam(0, 0.6).is_err() && beam(MAX_BEAM_SIZE + 1, 0.6).is_err());
        assert!(beam(2, f32::NAN).is_err() && beam(2, -0.1).is_err());
        let sample = |temperature, top_k, top_p| {
            Strategy::Sample(Sampling {
                temperature,
                top_k,
                top_p,
                seed: 0,
            })
            .check()
        };
        assert!(sample(0.0, 0, 1.0).is_err() && sample(f32::NAN, 0, 1.0).is_err());
        assert!(sample(1.0, MAX_TOP_K + 1, 1.0).is_err());
        assert!(sample(1.0, 0, 0.0).is_err() && sample(1.0, 0, 1.5).is_err());
        assert!(sample(0.7, 10, 0.9).is_ok());
    }

    #[test]
    fn a_strategy_is_written_by_its_name() {
        let s = Strategy::Beam(Beam::default());
        let json = serde_json::to_string(&s).expect("serialises");
        assert_eq!(json, r#"{"beam":{"size":4,"alpha":0.6}}"#);
        assert_eq!(serde_json::from_str::<Strategy>(&json).ok(), Some(s));
        assert_eq!(
            serde_json::to_string(&Strategy::Greedy).ok().as_deref(),
            Some(r#""greedy""#)
        );
    }
}
