//! What each question asks on the live run: its numbers read off the run's
//! settings and the sentence the views show, and its answer from `data`.
//!
//! [`ask`] is plain Rust over a [`Run`], so every question is asked and
//! rendered natively in all four languages (`tests`); [`asked`] only reads
//! the [`Run`] a question needs off the page's signals.

use super::data::{
    argmax, cache_saving, crossover, distinct_options, hidden_cells, loss_floor, noam_peak,
    pe_at_zero, pe_dims_offered, pe_fastest, same_vector, score_argmax, uniform_entropy,
    QuestionId,
};
use super::{Answer, Asked};
use crate::context::state::Lab;
use crate::i18n::script::{respell, target_lang, Spelling};
use crate::i18n::{text, text_args, Locale};
use crate::views::decode::shape_args;
use lab_math::decoding::{source_projection, WITH_CACHE_FIRST_STEP};
use lab_math::positional::PAPER_BASE;
use lab_math::search::Strategy;
use lab_protocol::{AttentionKind, AttentionSet, HeadTrace, Settings, Translation};
use leptos::prelude::*;

/// The position the "same vector" question moves a word to.
const SAME_VECTOR_POSITION: usize = 3;

/// The odd (cosine) dimension the PE question asks about.
const PE_DIM: usize = 5;

/// What the questions read off the live run. A question whose part is
/// missing (no model yet, no translation) is not asked.
#[derive(Clone, Debug)]
pub struct Run {
    pub settings: Settings,
    /// The sentence of the maps, teacher-forced.
    pub attention: Option<AttentionSet>,
    /// The probe's decoder positions and the target vocabulary's size.
    pub probe: Option<Probe>,
    /// The head opened in "Inside one head".
    pub trace: Option<HeadTrace>,
    /// The sentence translated in Translate.
    pub translation: Option<Translation>,
    /// The decoding step shown (0-based).
    pub decode_step: usize,
    /// The query opened in "Inside one head" (0-based).
    pub focus_query: usize,
    /// The targets' spelling on this page (Traditional characters in 繁體中文).
    pub spelling: Option<Spelling>,
}

/// The sizes of the probe's teacher-forced prediction.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Probe {
    /// Decoder positions (`<bos> y₁ …`).
    pub len: usize,
    /// Target vocabulary size, PAD and the other specials included.
    pub vocab: usize,
}

/// The question `id` on the run `lab` holds now; `None` until it has a model
/// (and, for some, the model's first numbers). Reads only the signals the
/// question needs, so a question is asked again only when its numbers change.
pub fn asked(lab: Lab, id: QuestionId) -> Option<Asked> {
    use QuestionId::*;
    let settings = lab.model.with(|m| m.as_ref().map(|m| m.settings.clone()))?;
    let needs = |ids: &[QuestionId]| ids.contains(&id);
    let decoding = needs(&[NextToken, CacheSaving]);
    let run = Run {
        settings,
        attention: needs(&[UniformEntropy, CrossArgmax])
            .then(|| lab.attention.get())
            .flatten(),
        probe: needs(&[HiddenCells, LossFloor])
            .then(|| {
                lab.prediction.with(|p| {
                    p.as_ref().map(|p| Probe {
                        len: p.inputs.len(),
                        vocab: p.vocab.len(),
                    })
                })
            })
            .flatten(),
        trace: needs(&[ScoreArgmax])
            .then(|| lab.trace.get().and_then(Result::ok))
            .flatten(),
        translation: decoding
            .then(|| lab.translation.get().and_then(Result::ok))
            .flatten(),
        decode_step: if decoding { lab.decode_step.get() } else { 0 },
        focus_query: if id == ScoreArgmax {
            lab.focus_query.get()
        } else {
            0
        },
        spelling: needs(&[CrossArgmax, ScoreArgmax, NextToken])
            .then(|| lab.spelling.get())
            .flatten(),
    };
    // The choices that are words of the page: the same-vector question's, and
    // a repeated token's position.
    let locale = if needs(&[SameVector, CrossArgmax, ScoreArgmax]) {
        lab.locale.get()
    } else {
        lab.locale.get_untracked()
    };
    ask(id, &run, locale)
}

/// The question `id` asked on `run`, its choices in `locale`'s words.
pub fn ask(id: QuestionId, run: &Run, locale: Locale) -> Option<Asked> {
    match id {
        QuestionId::PeZero | QuestionId::PeFastest | QuestionId::SameVector => {
            ask_positional(id, &run.settings, locale)
        }
        QuestionId::CrossArgmax | QuestionId::ScoreArgmax => ask_token(id, run, locale),
        QuestionId::NextToken | QuestionId::CacheSaving => ask_decoding(id, run),
        _ => ask_number(id, run),
    }
}

fn n(x: usize) -> String {
    x.to_string()
}

/// The questions of the PE view, from the settings alone.
fn ask_positional(id: QuestionId, settings: &Settings, locale: Locale) -> Option<Asked> {
    let d = settings.d_model;
    Some(match id {
        QuestionId::PeZero => {
            (d >= 2).then_some(())?;
            let dim = PE_DIM.min(d - 1) | 1;
            Asked {
                args: vec![("dim", n(dim))],
                answer: Answer::Number(pe_at_zero(dim, d, PAPER_BASE)),
            }
        }
        QuestionId::PeFastest => {
            // Three distinct dimensions: the first, the middle and the last.
            (d >= 4).then_some(())?;
            let dims = pe_dims_offered(d);
            Asked {
                args: vec![("base", PAPER_BASE.to_string())],
                answer: Answer::Choice {
                    options: dims.iter().map(|&k| n(k)).collect(),
                    right: pe_fastest(&dims, d, PAPER_BASE),
                    lang: "zxx",
                },
            }
        }
        _ => {
            // The first word of the probe sentence, read at position 0 and, moved, at position 3.
            let same = same_vector(0, SAME_VECTOR_POSITION, d, settings.positional_encoding);
            Asked {
                args: vec![
                    ("pos", n(SAME_VECTOR_POSITION)),
                    ("pe", on_off(settings.positional_encoding).into()),
                ],
                answer: Answer::Choice {
                    options: vec![
                        text(locale, "practice-same-vector-same"),
                        text(locale, "practice-same-vector-different"),
                    ],
                    right: if same { 0 } else { 1 },
                    lang: locale.code(),
                },
            }
        }
    })
}

/// The questions answered with a number read off the settings or the probe.
fn ask_number(id: QuestionId, run: &Run) -> Option<Asked> {
    let settings = &run.settings;
    let d = settings.d_model;
    Some(match id {
        QuestionId::UniformEntropy => {
            let keys = run.attention.as_ref()?.src_tokens.len();
            Asked {
                args: vec![("keys", n(keys))],
                answer: Answer::Number(uniform_entropy(keys)),
            }
        }
        QuestionId::HiddenCells => {
            let len = run.probe?.len;
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
            let vocab = run.probe?.vocab;
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
        _ => return None,
    })
}

/// Which token a query weighs most: in cross-attention's maps (layer 1, head
/// 1), or in the head opened in "Inside one head", read off its scores.
fn ask_token(id: QuestionId, run: &Run, locale: Locale) -> Option<Asked> {
    let spell = |tokens: &[String]| respell(run.spelling.as_ref(), tokens);
    // A word that stands twice is offered with its position.
    let options = |tokens: &[String]| {
        distinct_options(tokens, |token, position| option_at(locale, token, position))
    };
    if id == QuestionId::CrossArgmax {
        // Layer 1, head 1, the query that predicts the second target word
        // (the first, when the target has one word).
        let set = run.attention.as_ref()?;
        let maps = &set.cross;
        (maps.n_layers > 0 && maps.n_heads > 0 && maps.seq_q > 0).then_some(())?;
        let row = 1.min(maps.seq_q - 1);
        let weights = maps.head(0, 0).get(row * maps.seq_k..)?.get(..maps.seq_k)?;
        // As the page spells the target (Traditional characters in 繁體中文).
        let target = spell(&[set.tgt_outputs.get(row)?.clone()]).remove(0);
        return Some(Asked {
            args: vec![("target", target)],
            answer: Answer::Choice {
                options: options(&set.src_tokens),
                right: argmax(weights),
                lang: "en",
            },
        });
    }
    let trace = run.trace.as_ref()?;
    (trace.seq_q > 0 && trace.seq_k > 0).then_some(())?;
    let query = run.focus_query.min(trace.seq_q - 1);
    let right = score_argmax(&trace.masked_scores(query))?;
    let kind = trace.request.as_ref().map(|r| r.kind);
    // Decoder self-attention reads target words; the others' keys are source words.
    let decoder = kind == Some(AttentionKind::DecoderSelf);
    let keys = if decoder {
        spell(&trace.key_tokens)
    } else {
        trace.key_tokens.clone()
    };
    let queries = if kind == Some(AttentionKind::EncoderSelf) {
        trace.query_tokens.clone()
    } else {
        spell(&trace.query_tokens)
    };
    Some(Asked {
        args: vec![("query", n(query)), ("token", queries.get(query)?.clone())],
        answer: Answer::Choice {
            options: options(&keys),
            right,
            lang: if decoder {
                target_lang(Some(run.settings.task), run.spelling.as_ref())
            } else {
                "en"
            },
        },
    })
}

/// The questions of the decoding step-through, on the sentence translated.
fn ask_decoding(id: QuestionId, run: &Run) -> Option<Asked> {
    let tr = run.translation.as_ref()?;
    if id == QuestionId::CacheSaving {
        let t = (run.decode_step + 1).clamp(2, tr.steps.len().max(2));
        let shape = crate::views::decode::decoder_shape(&run.settings, tr);
        let sizes = shape_args(shape).map(|(name, value)| (name, n(value)));
        return Some(Asked {
            args: std::iter::once(("step", n(t)))
                .chain(sizes)
                .chain([
                    ("reprojected", source_projection(shape).to_string()),
                    ("formula", WITH_CACHE_FIRST_STEP.to_string()),
                ])
                .collect(),
            answer: Answer::Number(cache_saving(shape, t) as f64),
        });
    }
    let spell = |tokens: &[String]| respell(run.spelling.as_ref(), tokens);
    let step = run.decode_step.min(tr.steps.len().checked_sub(1)?);
    let s = &tr.steps[step];
    let best = spell(&[s.top_k.first()?.0.clone()]).remove(0);
    // The candidates in alphabetical order, so the answer is not always the first.
    let mut options = spell(&s.top_k.iter().map(|(t, _)| t.clone()).collect::<Vec<_>>());
    options.sort();
    options.dedup();
    let right = options.iter().position(|t| *t == best)?;
    let read: Vec<String> = tr.steps[..step].iter().map(|s| s.token.clone()).collect();
    let input: Vec<String> = std::iter::once(lab_math::tokens::spelling(lab_math::BOS).to_string())
        .chain(spell(&read))
        .collect();
    Some(Asked {
        args: vec![
            ("step", n(step + 1)),
            ("input", input.join(" ")),
            ("strategy", strategy_key(&tr.strategy).into()),
        ],
        answer: Answer::Choice {
            options,
            right,
            lang: target_lang(Some(run.settings.task), run.spelling.as_ref()),
        },
    })
}

/// A setting that is on or off, as the messages select on it (`[on]` / `*[off]`).
pub fn on_off(on: bool) -> &'static str {
    if on {
        "on"
    } else {
        "off"
    }
}

/// The decoding strategy as the messages select on it.
pub fn strategy_key(strategy: &Strategy) -> &'static str {
    match strategy {
        Strategy::Greedy => "greedy",
        Strategy::Beam(_) => "beam",
        Strategy::Sample(_) => "sample",
    }
}

/// A token that stands more than once among the choices, with its position.
fn option_at(locale: Locale, token: &str, position: usize) -> String {
    text_args(
        locale,
        "practice-option-at",
        &[("token", token.into()), ("position", position.into())],
    )
}

#[cfg(test)]
mod tests;
