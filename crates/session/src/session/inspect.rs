//! The model's numbers the views ask for: a translation, one head's trace,
//! the mask demo and the decoding comparison. None of them changes the model,
//! and none lets a non-finite number out.

use super::*;
use lab_protocol::{Beam, Strategy, Unanswered};

impl<M: LabModel> Session<M> {
    /// Translates `text` with `strategy`, or says why not.
    pub(super) fn translate(
        &self,
        id: u64,
        text: &str,
        cached: bool,
        strategy: &Strategy,
    ) -> Vec<WorkerOutput> {
        let result = match &self.model {
            None => Err(Unanswered::NoModel),
            Some(m) => m
                .translate(text, cached, strategy)
                .and_then(|t| finite_or_diverged(m, t, |t| t.is_finite())),
        };
        vec![WorkerOutput::Translated { id, result }]
    }

    /// One head opened up. Only the probe's trace follows training; a typed
    /// sentence is traced once.
    pub(super) fn trace(&mut self, request: Option<TraceRequest>) -> Vec<WorkerOutput> {
        self.trace = request.clone().filter(|r| r.sentence.is_none());
        let Some(request) = request else {
            return Vec::new();
        };
        let result = match &self.model {
            None => Err(Unanswered::NoModel),
            Some(m) => m
                .trace_head(&request)
                .and_then(|t| finite_or_diverged(m, t, |t| t.is_finite())),
        };
        vec![WorkerOutput::Trace(result)]
    }

    /// The mask demo of `head` (clamped to the model's heads).
    pub(super) fn mask_demo(&self, head: usize) -> Vec<WorkerOutput> {
        let Some(m) = &self.model else {
            return vec![no_model()];
        };
        let head = head.min(m.settings().n_heads.saturating_sub(1));
        let demo = m.mask_demo(head);
        let finite = all_finite(&demo.raw_scores)
            && all_finite(&demo.weights)
            && demo.masked_scores.iter().flatten().all(|v| v.is_finite());
        if finite {
            vec![WorkerOutput::MaskDemo(demo)]
        } else {
            vec![diverged(m.step_count())]
        }
    }

    /// Held-out BLEU of greedy decoding against a beam of `beam`.
    pub(super) fn compare_decoding(&self, beam: Beam) -> Vec<WorkerOutput> {
        let result = match &self.model {
            None => Err(Unanswered::NoModel),
            Some(m) if self.diverged => Err(Unanswered::Diverged {
                step: m.step_count(),
            }),
            Some(m) => Strategy::Beam(beam)
                .check()
                .map(|()| m.compare_decoding(beam, DECODING_COMPARISON_SENTENCES))
                .map_err(Unanswered::Strategy),
        };
        vec![WorkerOutput::DecodingCompared(result)]
    }
}

/// `value`, or why not when it holds a non-finite number: the model's own
/// numbers blew up.
fn finite_or_diverged<M: LabModel, T>(
    m: &M,
    value: T,
    is_finite: impl Fn(&T) -> bool,
) -> Result<T, Unanswered> {
    if is_finite(&value) {
        Ok(value)
    } else {
        Err(Unanswered::Diverged {
            step: m.step_count(),
        })
    }
}
