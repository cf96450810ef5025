//! How `translate` and `eval` choose tokens: greedy by default, `--beam N
//! [--alpha A]` for beam search, `--sample [--temperature T] [--top-k K]
//! [--top-p P] [--seed S]` for sampling. The rules and limits are
//! `lab_math::search`'s.

use lab_protocol::{Beam, BeamLevel, Fate, Sampling, Strategy};

/// The decoding flags.
#[derive(clap::Args, Debug, Default, Clone)]
pub struct DecodeArgs {
    /// Beam search with this many hypotheses (the paper decodes with 4).
    #[arg(long, conflicts_with = "sample")]
    pub beam: Option<usize>,
    /// Beam search's length penalty α (the paper's 0.6 if left out).
    #[arg(long, requires = "beam")]
    pub alpha: Option<f32>,
    /// Draw each token from the model's distribution instead of taking the best.
    #[arg(long)]
    pub sample: bool,
    /// Sampling temperature T in softmax(z / T) (1 if left out).
    #[arg(long, requires = "sample")]
    pub temperature: Option<f32>,
    /// Sample from the K most probable tokens only (all if left out).
    #[arg(long, requires = "sample")]
    pub top_k: Option<usize>,
    /// Then from the fewest tokens whose probabilities reach P (1 if left out).
    #[arg(long, requires = "sample")]
    pub top_p: Option<f32>,
    /// The seed of the sample's draws.
    #[arg(long, requires = "sample")]
    pub seed: Option<u32>,
}

impl DecodeArgs {
    /// The strategy the flags ask for, checked against the lab's limits.
    pub fn strategy(&self) -> Result<Strategy, String> {
        let strategy = if let Some(size) = self.beam {
            Strategy::Beam(Beam {
                size,
                alpha: self.alpha.unwrap_or(Beam::default().alpha),
            })
        } else if self.sample {
            let d = Sampling::default();
            Strategy::Sample(Sampling {
                temperature: self.temperature.unwrap_or(d.temperature),
                top_k: self.top_k.unwrap_or(d.top_k),
                top_p: self.top_p.unwrap_or(d.top_p),
                seed: self.seed.unwrap_or(d.seed),
            })
        } else {
            Strategy::Greedy
        };
        strategy.check().map_err(|e| e.to_string())?;
        Ok(strategy)
    }
}

/// One line per strategy, for the table's heading.
pub fn describe(strategy: &Strategy) -> String {
    match strategy {
        Strategy::Greedy => "greedy".into(),
        Strategy::Beam(b) => format!("beam search, size {}, α = {}", b.size, b.alpha),
        Strategy::Sample(s) => format!(
            "sampling, T = {}, top-k {}, top-p {}, seed {}",
            s.temperature,
            if s.top_k == 0 {
                "off".to_string()
            } else {
                s.top_k.to_string()
            },
            s.top_p,
            s.seed
        ),
    }
}

/// Beam search's steps as text: each row's extensions with log P, score and fate.
pub fn beam_table(levels: &[BeamLevel]) -> String {
    let mut out = String::new();
    for (t, level) in levels.iter().enumerate() {
        out += &format!("  beam step {}:\n", t + 1);
        for c in &level.candidates {
            let fate = match c.fate {
                Fate::Kept => "kept",
                Fate::Finished => "finished",
                Fate::Pruned => "pruned",
            };
            out += &format!(
                "    row {}  {:<40} log P {:>8.3}  score {:>8.3}  {fate}\n",
                c.parent,
                c.tokens.join(" "),
                c.log_prob,
                c.score
            );
        }
        if !level.cache_rows.is_empty() {
            out += &format!(
                "    next rows copy the caches of rows {:?}\n",
                level.cache_rows
            );
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_become_a_checked_strategy() {
        assert_eq!(DecodeArgs::default().strategy(), Ok(Strategy::Greedy));
        let beam = DecodeArgs {
            beam: Some(4),
            ..DecodeArgs::default()
        };
        assert_eq!(beam.strategy(), Ok(Strategy::Beam(Beam::default())));
        let sample = DecodeArgs {
            sample: true,
            temperature: Some(0.7),
            top_k: Some(10),
            seed: Some(3),
            ..DecodeArgs::default()
        };
        assert_eq!(
            sample.strategy(),
            Ok(Strategy::Sample(Sampling {
                temperature: 0.7,
                top_k: 10,
                top_p: 1.0,
                seed: 3
            }))
        );
        let wide = DecodeArgs {
            beam: Some(99),
            ..DecodeArgs::default()
        };
        assert!(wide.strategy().is_err_and(|e| e.contains("beam size")));
    }
}
