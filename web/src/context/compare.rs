//! The compare view's two runs, A and B, as the page sees them: kept in
//! [`super::state::Lab`] (`compare_runs`), written by the compare workers'
//! link (`workers::compare`) and read by the view.

use lab_protocol::{AttentionSet, Curves, Settings};
use leptos::prelude::*;

/// One of the two runs.
#[derive(Clone, Copy)]
pub struct CompareRun {
    /// What it trains; `None` before it first starts.
    pub settings: RwSignal<Option<Settings>>,
    pub curves: RwSignal<Curves>,
    /// The probe's attention maps of its latest snapshot.
    pub attention: RwSignal<Option<AttentionSet>>,
    pub step: RwSignal<usize>,
    pub tokens_per_s: RwSignal<f64>,
    /// Why it stopped or cannot train, in the page's language.
    pub problem: RwSignal<Option<String>>,
}

impl Default for CompareRun {
    /// A run not started: no settings, no curves.
    fn default() -> Self {
        Self {
            settings: RwSignal::new(None),
            curves: RwSignal::new(Curves::default()),
            attention: RwSignal::new(None),
            step: RwSignal::new(0),
            tokens_per_s: RwSignal::new(0.0),
            problem: RwSignal::new(None),
        }
    }
}

impl CompareRun {
    /// Starts afresh on `settings`.
    pub fn reset(&self, settings: Settings) {
        self.settings.set(Some(settings));
        self.curves.set(Curves::default());
        self.attention.set(None);
        self.step.set(0);
        self.tokens_per_s.set(0.0);
        self.problem.set(None);
    }
}
