//! What each question asks on the live run: its numbers read off the run's
//! settings and the sentence the views show, and its answer from `data`.

use super::data::{
    argmax, cache_saving, crossover, hidden_cells, loss_floor, noam_peak, pe_at_zero,
    pe_dims_offered, pe_fastest, same_vector, score_argmax, uniform_entropy, QuestionId,
};
use super::{Answer, Asked};
use crate::i18n::script::{respell, target_lang};
use crate::shell::state::Lab;
use lab_math::positional::PAPER_BASE;
use leptos::prelude::*;

/// The position the "same vector" question moves a word to.
const SAME_VECTOR_POSITION: usize = 3;

/// The odd (cosine) dimension the PE question asks about.
const PE_DIM: usize = 5;

/// The question `id` on the run `lab` holds now; `None` until it has a model
/// (and, for some, the model's first numbers).
pub fn asked(lab: Lab, id: QuestionId) -> Option<Asked> {
    let settings = lab.model.with(|m| m.as_ref().map(|m| m.settings.clone()))?;
    let d = settings.d_model;
    let n = |x: usize| x.to_string();
    Some(match id {
        QuestionId::PeZero => {
            let dim = PE_DIM.min(d - 1) | 1;
            Asked {
                args: vec![("dim", n(dim))],
                answer: Answer::Number(pe_at_zero(dim, d, PAPER_BASE)),
            }
        }
        QuestionId::UniformEntropy => {
            let keys = lab
                .attention
                .with(|a| a.as_ref().map(|a| a.src_tokens.len()))?;
            Asked {
                args: vec![("keys", n(keys))],
                answer: Answer::Number(uniform_entropy(keys)),
            }
        }
        QuestionId::HiddenCells => {
            let len = lab
                .prediction
                .with(|p| p.as_ref().map(|p| p.inputs.len()))?;
            Asked {
                args: vec![("len", n(len))],
                answer: Answer::Number(hidden_cells(len) as f64),
            }
        }
        QuestionId::NoamPeak => Asked {
            args: vec![("warmup", n(settings.warmup_steps)), ("d", n(d))],
            answer: Answer::Number(noam_peak(
                d,
                settings.warmup_steps,
                f64::from(settings.lr_factor),
            ) as f64),
        },
        QuestionId::LossFloor => {
            let vocab = lab.prediction.with(|p| p.as_ref().map(|p| p.vocab.len()))?;
            let eps = f64::from(settings.label_smoothing);
            (vocab >= 3 && (0.0..1.0).contains(&eps)).then_some(())?;
            Asked {
                // As the settings show it (0.1, not the f64 of an f32).
                args: vec![
                    ("vocab", n(vocab)),
                    ("eps", settings.label_smoothing.to_string()),
                ],
                answer: Answer::Number(loss_floor(vocab, eps)),
            }
        }
        QuestionId::Crossover => Asked {
            args: vec![("d", n(d))],
            answer: Answer::Number(crossover(d)),
        },
        QuestionId::PeFastest => {
            let dims = pe_dims_offered(d);
            Asked {
                args: vec![],
                answer: Answer::Choice {
                    options: dims.iter().map(|&k| n(k)).collect(),
                    right: pe_fastest(&dims, d, PAPER_BASE),
                    lang: "zxx",
                },
            }
        }
        QuestionId::CrossArgmax => {
            // Layer 1, head 1, the query that predicts the second target word
            // (the first, when the target has one word).
            let set = lab.attention.get()?;
            let maps = &set.cross;
            (maps.n_layers > 0 && maps.n_heads > 0 && maps.seq_q > 0).then_some(())?;
            let row = 1.min(maps.seq_q - 1);
            let weights = &maps.head(0, 0)[row * maps.seq_k..][..maps.seq_k];
            let target = set.tgt_outputs.get(row)?.clone();
            // As the page spells the target (Traditional characters in 繁體中文).
            let target = lab
                .spelling
                .with(|s| respell(s.as_ref(), &[target]).remove(0));
            Asked {
                args: vec![("target", target)],
                answer: Answer::Choice {
                    options: set.src_tokens.clone(),
                    right: argmax(weights),
                    lang: "en",
                },
            }
        }
        QuestionId::SameVector => {
            // The first word of the probe sentence, read at position 0 and, moved, at position 3.
            let same = same_vector(0, SAME_VECTOR_POSITION, d, settings.positional_encoding);
            Asked {
                args: vec![
                    ("pos", n(SAME_VECTOR_POSITION)),
                    (
                        "pe",
                        if settings.positional_encoding {
                            "1"
                        } else {
                            "0"
                        }
                        .into(),
                    ),
                ],
                answer: Answer::Choice {
                    options: vec![
                        lab.i18n().s("practice-same-vector-same"),
                        lab.i18n().s("practice-same-vector-different"),
                    ],
                    right: if same { 0 } else { 1 },
                    lang: lab.locale.get().code(),
                },
            }
        }
        QuestionId::ScoreArgmax => {
            let trace = lab.trace.get()?.ok()?;
            (trace.seq_q > 0).then_some(())?;
            let query = lab.focus_query.get().min(trace.seq_q - 1);
            let right = score_argmax(&trace.masked_scores(query))?;
            let spell = |tokens: &[String]| lab.spelling.with(|sp| respell(sp.as_ref(), tokens));
            Asked {
                args: vec![
                    ("query", n(query)),
                    ("token", spell(&trace.query_tokens).get(query)?.clone()),
                ],
                answer: Answer::Choice {
                    options: spell(&trace.key_tokens),
                    right,
                    // Keys are source words for encoder self- and cross-attention.
                    lang: match trace.request.as_ref().map(|r| r.kind) {
                        Some(lab_protocol::AttentionKind::DecoderSelf) => lab
                            .spelling
                            .with(|sp| target_lang(Some(settings.task), sp.as_ref())),
                        _ => "en",
                    },
                },
            }
        }
        QuestionId::CacheSaving => {
            let tr = lab.translation.get()?.ok()?;
            let t = (lab.decode_step.get() + 1).clamp(2, tr.steps.len().max(2));
            let shape = crate::views::decode::data::decoder_shape(&settings, &tr);
            Asked {
                args: vec![("step", n(t))],
                answer: Answer::Number(cache_saving(shape, t) as f64),
            }
        }
        QuestionId::NextToken => {
            let tr = lab.translation.get()?.ok()?;
            let step = lab.decode_step.get().min(tr.steps.len().checked_sub(1)?);
            let s = &tr.steps[step];
            let best = s.top_k.first()?.0.clone();
            // The candidates in alphabetical order, so the answer is not always the first.
            let spell = |tokens: Vec<String>| lab.spelling.with(|sp| respell(sp.as_ref(), &tokens));
            let best = spell(vec![best]).remove(0);
            let mut options: Vec<String> = spell(s.top_k.iter().map(|(t, _)| t.clone()).collect());
            options.sort();
            options.dedup();
            let right = options.iter().position(|t| *t == best)?;
            let input: Vec<String> =
                std::iter::once(lab_math::tokens::spelling(lab_math::BOS).to_string())
                    .chain(tr.steps[..step].iter().map(|s| s.token.clone()))
                    .collect();
            Asked {
                args: vec![("step", n(step + 1)), ("input", input.join(" "))],
                answer: Answer::Choice {
                    options,
                    right,
                    lang: lab
                        .spelling
                        .with(|sp| target_lang(Some(settings.task), sp.as_ref())),
                },
            }
        }
    })
}
