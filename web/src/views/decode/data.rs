//! Decoding, one step at a time, as the step-through shows it.
//!
//! At step t (1-based) the decoder reads `<bos> y₁ … y_{t−1}`, its last
//! position scores every word, and `y_t` is chosen: the argmax (greedy), the
//! best hypothesis's token (beam search, whose steps are grouped by row here)
//! or a draw (sampling). With the KV
//! cache, each layer keeps the keys and values of the t positions it has seen
//! and computes only the newest one. The multiply-adds shown are the ones the
//! model counted while it decoded; beside them, `lab_math::decoding` gives the
//! formula's value for both modes, so the saving can be read off.

use crate::i18n::script::{respell, Spelling};
use crate::i18n::{text_args, Arg, Locale};
use lab_math::decoding::{step_multiply_adds, DecoderShape};
use lab_math::limits::{MAX_LEN, MAX_OUTPUT_TOKENS};
use lab_math::search::{Beam, PAPER_ALPHA, PAPER_BEAM_SIZE, PAPER_EXTRA_OUTPUT_LEN};
use lab_math::tokens::{decoder_input, spelling, BOS};
use lab_protocol::{BeamHyp, Fate, HeadMaps, Settings, Translation};

/// What the step-through shows at one step.
#[derive(Clone, Debug, PartialEq)]
pub struct StepView {
    /// 1-based step number.
    pub t: usize,
    pub total: usize,
    /// The decoder's input so far: `<bos> y₁ … y_{t−1}`.
    pub input: Vec<String>,
    pub chosen: String,
    pub top_k: Vec<(String, f32)>,
    /// Multiply-adds the model counted for this step.
    pub counted: u64,
    /// The formula's value in the mode the model ran.
    pub formula: u64,
    /// The formula's value in the other mode.
    pub other_mode: u64,
    pub cached: bool,
    /// Tokens whose keys and values sit in each layer's cache after this step.
    pub cache: Vec<String>,
    /// The sizes the formulas are evaluated at.
    pub shape: DecoderShape,
}

impl StepView {
    /// The formulas' letters with this step's values, for `translate-formula-legend`.
    pub fn legend_args(&self) -> Vec<(&'static str, Arg)> {
        std::iter::once(("t", self.t))
            .chain(shape_args(self.shape))
            .map(|(name, value)| (name, Arg::from(value)))
            .collect()
    }
}

/// The cost formulas' sizes as message arguments: d (d_model), dff, layers (L),
/// src (S, counting `<eos>`) and vocab (V), for the legend and the practice question.
pub fn shape_args(shape: DecoderShape) -> [(&'static str, usize); 5] {
    [
        ("d", shape.d_model),
        ("dff", shape.d_ff),
        ("layers", shape.n_layers),
        ("src", shape.src_len),
        ("vocab", shape.vocab),
    ]
}

/// The sizes behind the cost formulas of this translation.
pub fn decoder_shape(settings: &Settings, tr: &Translation) -> DecoderShape {
    DecoderShape {
        d_model: settings.d_model,
        d_ff: settings.d_ff,
        n_layers: settings.n_layers,
        src_len: tr.attention.src_tokens.len(),
        vocab: tr.tgt_vocab_size,
    }
}

impl StepView {
    /// The step with its target tokens as the page spells them (Traditional Chinese).
    pub fn respelled(self, spelling: &crate::i18n::script::Spelling) -> StepView {
        StepView {
            input: spelling.words(&self.input),
            chosen: spelling.word(&self.chosen),
            top_k: self
                .top_k
                .into_iter()
                .map(|(token, p)| (spelling.word(&token), p))
                .collect(),
            cache: spelling.words(&self.cache),
            ..self
        }
    }
}

/// Step `index` (0-based) of `tr`, or `None` past the end.
pub fn step_view(settings: &Settings, tr: &Translation, index: usize) -> Option<StepView> {
    let step = tr.steps.get(index)?;
    let t = index + 1;
    let chosen: Vec<String> = tr.steps[..index].iter().map(|s| s.token.clone()).collect();
    let input = decoder_input(&chosen, spelling(BOS).to_string());
    let shape = decoder_shape(settings, tr);
    let cache = if tr.cached {
        input[..step.cached_positions.min(input.len())].to_vec()
    } else {
        Vec::new()
    };
    Some(StepView {
        t,
        total: tr.steps.len(),
        chosen: step.token.clone(),
        top_k: step.top_k.clone(),
        counted: step.multiply_adds,
        formula: step_multiply_adds(shape, t, tr.cached),
        other_mode: step_multiply_adds(shape, t, !tr.cached),
        cached: tr.cached,
        cache,
        input,
        shape,
    })
}

/// One step's attention rows `[n_layers, n_heads, 1, seq_k]` as a matrix with
/// one row per (layer, head): `(values [n_layers·n_heads, seq_k], row labels)`,
/// the labels (`layer 2 · head 1`, counted from 1) in `locale`.
pub fn rows_by_head(locale: Locale, maps: &HeadMaps) -> (Vec<f32>, Vec<String>) {
    let mut labels = Vec::new();
    let mut values = Vec::new();
    for layer in 0..maps.n_layers {
        for head in 0..maps.n_heads {
            labels.push(text_args(
                locale,
                "translate-layer-head",
                &[
                    ("layer", Arg::from(layer + 1)),
                    ("head", Arg::from(head + 1)),
                ],
            ));
            values.extend_from_slice(maps.head(layer, head));
        }
    }
    (values, labels)
}

/// Steps the step-through walks: the decoding's, or beam search's when the
/// search ran longer than its best hypothesis.
pub fn step_count(tr: &Translation) -> usize {
    tr.steps.len().max(tr.beam.len())
}

/// One row of the beam at a step: its prefix, and its extensions best first.
#[derive(Clone, Debug, PartialEq)]
pub struct BeamRow {
    /// The row's index in the step's beam (and in the decoder's batch).
    pub row: usize,
    pub prefix: BeamHyp,
    pub children: Vec<BeamHyp>,
}

/// Step `index` (0-based) of beam search, grouped by the row each candidate
/// extends, with tokens respelled for the page; `None` past the end.
pub fn beam_rows(
    tr: &Translation,
    index: usize,
    spelling: Option<&Spelling>,
) -> Option<Vec<BeamRow>> {
    let level = tr.beam.get(index)?;
    let spell = |h: &BeamHyp| BeamHyp {
        tokens: respell(spelling, &h.tokens),
        ..h.clone()
    };
    Some(
        level
            .beam
            .iter()
            .enumerate()
            .map(|(row, prefix)| BeamRow {
                row,
                prefix: spell(prefix),
                children: level
                    .candidates
                    .iter()
                    .filter(|c| c.parent == row)
                    .map(spell)
                    .collect(),
            })
            .collect(),
    )
}

/// The hypotheses finished by the end of step `index` (0-based), best score first.
pub fn finished_by(tr: &Translation, index: usize, spelling: Option<&Spelling>) -> Vec<BeamHyp> {
    let mut done: Vec<BeamHyp> = tr
        .beam
        .iter()
        .take(index + 1)
        .flat_map(|level| level.candidates.iter())
        .filter(|c| c.fate == Fate::Finished)
        .map(|h| BeamHyp {
            tokens: respell(spelling, &h.tokens),
            ..h.clone()
        })
        .collect();
    done.sort_by(|a, b| b.score.total_cmp(&a.score));
    done
}

/// The numbers the beam's conventions cite (`translate-beam-conventions`),
/// from the constants the search uses: the cap on generated tokens the
/// worker passes to `lab_model::beam_search`, the lab's sequence limit, the
/// paper's "input length + 50" (§6.1), and the beam size tensor2tensor
/// would keep alive.
pub fn beam_convention_args(beam: Beam) -> Vec<(&'static str, Arg)> {
    vec![
        ("max", Arg::from(MAX_OUTPUT_TOKENS)),
        ("limit", Arg::from(MAX_LEN)),
        ("extra", Arg::from(PAPER_EXTRA_OUTPUT_LEN)),
        ("size", Arg::from(beam.size)),
    ]
}

/// How this lab's beam search differs from the paper's code, in words.
pub fn beam_conventions(locale: Locale, beam: Beam) -> String {
    text_args(
        locale,
        "translate-beam-conventions",
        &beam_convention_args(beam),
    )
}

/// The paper's beam (§6.1) as the strategy hint cites it.
pub fn paper_beam_args() -> Vec<(&'static str, Arg)> {
    vec![
        ("size", Arg::from(PAPER_BEAM_SIZE)),
        ("alpha", Arg::from(PAPER_ALPHA.to_string())),
    ]
}

/// A count with thin spaces between thousands: `1 234 567`.
pub fn group(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push('\u{2009}');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use lab_protocol::{AttentionSet, BeamLevel, DecodeStep, HeadMaps};
    use lab_tasks::TaskKind;

    fn translation(cached: bool, counts: &[u64]) -> Translation {
        let step = |token: &str, n: u64, t: usize| DecodeStep {
            token: token.into(),
            top_k: vec![(token.into(), 0.9), ("x".into(), 0.1)],
            kept: None,
            multiply_adds: n,
            cached_positions: if cached { t } else { 0 },
            self_row: HeadMaps::default(),
            cross_row: HeadMaps::default(),
        };
        Translation {
            source: vec!["dog".into()],
            output: vec!["犬".into()],
            steps: vec![step("犬", counts[0], 1), step("<eos>", counts[1], 2)],
            cached,
            strategy: Default::default(),
            beam: vec![],
            tgt_vocab_size: 10,
            attention: AttentionSet {
                src_tokens: vec!["dog".into(), "<eos>".into()],
                ..Default::default()
            },
        }
    }

    #[test]
    fn step_t_reads_bos_and_the_tokens_chosen_before_it() {
        let s = Settings::toy(TaskKind::EnJa);
        let v = step_view(&s, &translation(true, &[1, 2]), 1).expect("step 2");
        assert_eq!((v.t, v.total), (2, 2));
        assert_eq!(v.input, vec!["<bos>", "犬"]);
        assert_eq!(v.chosen, "<eos>");
        assert_eq!(
            v.cache,
            vec!["<bos>", "犬"],
            "two positions cached after step 2"
        );
        assert!(step_view(&s, &translation(true, &[1, 2]), 2).is_none());
    }

    #[test]
    fn the_formula_values_come_from_lab_math_for_both_modes() {
        let s = Settings::toy(TaskKind::EnJa);
        let tr = translation(false, &[1, 2]);
        let v = step_view(&s, &tr, 1).expect("step 2");
        let shape = decoder_shape(&s, &tr);
        assert_eq!(v.formula, step_multiply_adds(shape, 2, false));
        assert_eq!(v.other_mode, step_multiply_adds(shape, 2, true));
        assert!(v.other_mode < v.formula, "the cache would have saved work");
        assert!(v.cache.is_empty(), "no cache without the cache");
    }

    #[test]
    fn step_rows_are_laid_out_one_per_layer_and_head() {
        let maps = HeadMaps {
            n_layers: 2,
            n_heads: 2,
            seq_q: 1,
            seq_k: 2,
            weights: vec![1.0, 0.0, 0.5, 0.5, 0.2, 0.8, 0.0, 1.0],
        };
        let (values, labels) = rows_by_head(Locale::En, &maps);
        assert_eq!(labels[2], "layer 2 · head 1");
        assert_eq!(&values[4..6], &[0.2, 0.8]);
        for locale in Locale::ALL {
            let (_, labels) = rows_by_head(locale, &maps);
            assert_eq!(labels.len(), 4, "one row per layer and head");
            assert!(
                labels[2].contains('2') && labels[2].contains('1'),
                "{locale:?}: {}",
                labels[2]
            );
        }
        assert_ne!(
            rows_by_head(Locale::Ja, &maps).1[2],
            labels[2],
            "the words are translated"
        );
    }

    fn hyp(parent: usize, tokens: &[&str], log_prob: f32, fate: Fate) -> BeamHyp {
        BeamHyp {
            parent,
            tokens: tokens.iter().map(|t| t.to_string()).collect(),
            log_prob,
            score: log_prob / tokens.len() as f32,
            fate,
        }
    }

    #[test]
    fn a_beam_step_is_grouped_by_the_row_each_candidate_extends() {
        let mut tr = translation(true, &[1, 2]);
        tr.beam = vec![
            BeamLevel {
                beam: vec![hyp(0, &[], 0.0, Fate::Kept)],
                candidates: vec![
                    hyp(0, &["a"], -0.1, Fate::Kept),
                    hyp(0, &["b"], -0.5, Fate::Kept),
                    hyp(0, &["c"], -2.0, Fate::Pruned),
                ],
                cache_rows: vec![0, 0],
                multiply_adds: 10,
            },
            BeamLevel {
                beam: vec![
                    hyp(0, &["a"], -0.1, Fate::Kept),
                    hyp(1, &["b"], -0.5, Fate::Kept),
                ],
                candidates: vec![
                    hyp(0, &["a", "<eos>"], -0.2, Fate::Finished),
                    hyp(0, &["a", "x"], -3.0, Fate::Pruned),
                    hyp(1, &["b", "y"], -0.7, Fate::Finished),
                    hyp(1, &["b", "z"], -4.0, Fate::Pruned),
                ],
                cache_rows: vec![],
                multiply_adds: 20,
            },
            BeamLevel {
                beam: vec![],
                candidates: vec![],
                cache_rows: vec![],
                multiply_adds: 0,
            },
        ];
        assert_eq!(
            step_count(&tr),
            3,
            "the search's steps, not the best path's 2"
        );
        let rows = beam_rows(&tr, 1, None).expect("step 2");
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[1].prefix.tokens, ["b"]);
        let children: Vec<&[String]> = rows[1].children.iter().map(|c| &c.tokens[..]).collect();
        assert_eq!(children, [&["b", "y"][..], &["b", "z"][..]]);
        assert!(beam_rows(&tr, 3, None).is_none());
        let done = finished_by(&tr, 1, None);
        assert_eq!(done.len(), 2);
        assert!(done[0].score >= done[1].score);
        assert!(finished_by(&tr, 0, None).is_empty());
    }

    #[test]
    fn the_beam_conventions_cite_the_constants_the_search_uses() {
        // 7 is no one's default and no digit of 31, 32 or 50, so finding it
        // means the beam's own size reached the message.
        let beam = Beam {
            size: 7,
            alpha: 0.6,
        };
        let said = beam_conventions(Locale::En, beam);
        for phrase in [
            "keeps 7 hypotheses alive".to_string(),
            format!("at most {MAX_OUTPUT_TOKENS} generated"),
            format!("the lab's limit of {MAX_LEN})"),
            format!("input length + {PAPER_EXTRA_OUTPUT_LEN} (§6.1)"),
        ] {
            assert!(said.contains(&phrase), "{phrase:?} not in: {said}");
        }
        for locale in Locale::ALL {
            let said = beam_conventions(locale, beam);
            for number in [7, MAX_OUTPUT_TOKENS, MAX_LEN, PAPER_EXTRA_OUTPUT_LEN] {
                assert!(said.contains(&number.to_string()), "{locale:?}: {said}");
            }
            assert!(
                said.contains("§6.1") && said.contains("tensor2tensor"),
                "{said}"
            );
            assert!(said.contains("|Y|") && said.contains("<eos>"), "{said}");
        }
        let hint = text_args(
            Locale::En,
            "translate-strategy-beam-hint",
            &paper_beam_args(),
        );
        assert!(
            hint.contains("beam size 4") && hint.contains("α = 0.6"),
            "{hint}"
        );
    }

    #[test]
    fn counts_are_grouped_by_thousands() {
        assert_eq!(group(1_234_567), "1\u{2009}234\u{2009}567");
        assert_eq!(group(999), "999");
    }
}
