//! The settings of a run, checked before anything is built.
//!
//! The page validates them as the user types, and the worker validates them
//! again before it builds a model, so an invalid combination is explained and
//! never run.

use lab_tasks::TaskKind;
use serde::{Deserialize, Serialize};

// The model's own type, defined once in `lab_math::norm`: the settings name the
// placement the model is built with, and its JSON names (`Post` / `Pre`) are the
// ones saved runs already hold.
pub use lab_math::NormPlacement;

/// Everything that defines a training run. The same seed gives the same run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    pub task: TaskKind,
    pub seed: u64,
    pub d_model: usize,
    pub n_heads: usize,
    /// Encoder layers = decoder layers.
    pub n_layers: usize,
    pub d_ff: usize,
    pub dropout: f32,
    pub warmup_steps: usize,
    /// The Noam schedule's scale factor.
    pub lr_factor: f32,
    pub label_smoothing: f32,
    pub norm: NormPlacement,
    /// Sentences per batch.
    pub batch_size: usize,
}

/// Hard limits that keep a run trainable in a browser tab: the limits of the
/// settings form.
///
/// They are not the lab's memory ceiling; that is one number,
/// [`lab_math::limits::MAX_PARAMETERS`], which the trainer and the checkpoint
/// reader enforce. The largest model these limits allow (d_model 512, d_ff 2048,
/// 6 + 6 layers: about 44 M parameters with the largest task vocabulary) fits
/// under it, so every run the form accepts can be saved and loaded again;
/// `lab_train`'s test `the_largest_settings_the_form_allows_fit_the_one_parameter_budget`
/// holds the two together.
pub const MAX_D_MODEL: usize = 512;
pub const MAX_LAYERS: usize = 6;
pub const MAX_D_FF: usize = 2048;
pub const MAX_BATCH: usize = 512;

impl Settings {
    /// The `toy` preset: small enough to train live in a browser.
    pub fn toy(task: TaskKind) -> Self {
        Self {
            task,
            seed: 42,
            d_model: 64,
            n_heads: 4,
            n_layers: 2,
            d_ff: 256,
            dropout: 0.1,
            warmup_steps: 200,
            lr_factor: 1.0,
            label_smoothing: 0.1,
            norm: NormPlacement::Post,
            batch_size: 64,
        }
    }

    /// `d_k = d_v = d_model / n_heads`.
    pub fn d_k(&self) -> usize {
        self.d_model / self.n_heads.max(1)
    }

    /// Every problem with these settings, each in words a learner can act on.
    pub fn validate(&self) -> Result<(), SettingsError> {
        let mut problems = Vec::new();
        let mut bad = |field: &'static str, message: String| {
            problems.push(SettingProblem {
                field: field.to_string(),
                message,
            })
        };
        if self.d_model == 0 || self.d_model > MAX_D_MODEL {
            bad(
                "d_model",
                format!(
                    "d_model must be between 1 and {MAX_D_MODEL}, got {}",
                    self.d_model
                ),
            );
        }
        if !self.d_model.is_multiple_of(2) {
            bad(
                "d_model",
                format!(
                    "d_model must be even: positional encoding pairs a sine with a cosine, got {}",
                    self.d_model
                ),
            );
        }
        if self.n_heads == 0 {
            bad("n_heads", "n_heads must be at least 1".into());
        } else if !self.d_model.is_multiple_of(self.n_heads) {
            bad("n_heads", format!("d_model ({}) must be divisible by n_heads ({}): each head gets d_k = d_model / n_heads dimensions", self.d_model, self.n_heads));
        }
        if self.n_layers == 0 || self.n_layers > MAX_LAYERS {
            bad(
                "n_layers",
                format!(
                    "layers must be between 1 and {MAX_LAYERS}, got {}",
                    self.n_layers
                ),
            );
        }
        if self.d_ff == 0 || self.d_ff > MAX_D_FF {
            bad(
                "d_ff",
                format!("d_ff must be between 1 and {MAX_D_FF}, got {}", self.d_ff),
            );
        }
        if !(0.0..1.0).contains(&self.dropout) {
            bad(
                "dropout",
                format!("dropout must be in [0, 1), got {}", self.dropout),
            );
        }
        if self.warmup_steps == 0 {
            bad(
                "warmup_steps",
                "warm-up must be at least 1 step (the Noam schedule divides by it)".into(),
            );
        }
        if !(self.lr_factor.is_finite() && self.lr_factor > 0.0 && self.lr_factor <= 10.0) {
            bad(
                "lr_factor",
                format!(
                    "the learning-rate factor must be in (0, 10], got {}",
                    self.lr_factor
                ),
            );
        }
        if !(0.0..1.0).contains(&self.label_smoothing) {
            bad(
                "label_smoothing",
                format!(
                    "label smoothing must be in [0, 1), got {}",
                    self.label_smoothing
                ),
            );
        }
        if self.batch_size == 0 || self.batch_size > MAX_BATCH {
            bad(
                "batch_size",
                format!(
                    "batch size must be between 1 and {MAX_BATCH}, got {}",
                    self.batch_size
                ),
            );
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(SettingsError { problems })
        }
    }
}

/// One thing wrong with the settings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SettingProblem {
    /// The settings field at fault, as named in [`Settings`] (e.g. `"n_heads"`).
    pub field: String,
    pub message: String,
}

/// Why settings were refused.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SettingsError {
    pub problems: Vec<SettingProblem>,
}

impl std::fmt::Display for SettingsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let messages: Vec<&str> = self.problems.iter().map(|p| p.message.as_str()).collect();
        write!(f, "{}", messages.join("; "))
    }
}

impl std::error::Error for SettingsError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn toy_preset_is_valid() {
        for task in TaskKind::ALL {
            assert_eq!(Settings::toy(task).validate(), Ok(()));
        }
    }

    #[test]
    fn d_model_not_divisible_by_heads_is_explained() {
        let s = Settings {
            n_heads: 3,
            ..Settings::toy(TaskKind::Copy)
        };
        let err = s.validate().expect_err("64 is not divisible by 3");
        assert_eq!(err.problems[0].field, "n_heads");
        assert!(err.to_string().contains("divisible"), "{err}");
    }

    #[test]
    fn every_bad_field_is_reported_at_once() {
        let s = Settings {
            d_model: 0,
            dropout: 1.5,
            batch_size: 0,
            ..Settings::toy(TaskKind::Copy)
        };
        let fields: Vec<String> = s
            .validate()
            .expect_err("three problems")
            .problems
            .into_iter()
            .map(|p| p.field)
            .collect();
        assert!(
            ["d_model", "dropout", "batch_size"]
                .iter()
                .all(|f| fields.iter().any(|g| g == f)),
            "{fields:?}"
        );
    }
}
