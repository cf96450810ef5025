//! What each question asks on the live run: its numbers read off the run's
//! settings and the sentence the views show, and its answer from `data`.

use super::data::{
    crossover, hidden_cells, loss_floor, noam_peak, pe_at_zero, uniform_entropy, QuestionId,
};
use super::Asked;
use crate::shell::state::Lab;
use lab_math::positional::PAPER_BASE;
use leptos::prelude::*;

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
                answer: pe_at_zero(dim, d, PAPER_BASE),
            }
        }
        QuestionId::UniformEntropy => {
            let keys = lab
                .attention
                .with(|a| a.as_ref().map(|a| a.src_tokens.len()))?;
            Asked {
                args: vec![("keys", n(keys))],
                answer: uniform_entropy(keys),
            }
        }
        QuestionId::HiddenCells => {
            let len = lab
                .prediction
                .with(|p| p.as_ref().map(|p| p.inputs.len()))?;
            Asked {
                args: vec![("len", n(len))],
                answer: hidden_cells(len) as f64,
            }
        }
        QuestionId::NoamPeak => Asked {
            args: vec![("warmup", n(settings.warmup_steps)), ("d", n(d))],
            answer: noam_peak(d, settings.warmup_steps, f64::from(settings.lr_factor)) as f64,
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
                answer: loss_floor(vocab, eps),
            }
        }
        QuestionId::Crossover => Asked {
            args: vec![("d", n(d))],
            answer: crossover(d),
        },
    })
}
