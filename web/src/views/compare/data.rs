//! Two runs side by side that differ in exactly one setting.
//!
//! Both runs take the page's current settings and seed, so their data order,
//! initial weights (where the shapes agree) and dropout masks follow the same
//! seed; only the compared setting changes. Norm placement is the default
//! comparison: post-norm is the paper's (§3.1), pre-norm the Annotated
//! Transformer's.

use crate::components::formula::{
    Formula, MULTI_HEAD, NOAM, POSITIONAL, POST_NORM, PRE_NORM, SMOOTHED_TARGET,
};
use crate::i18n::{text, text_args, Arg, Locale};
use lab_math::origins::{DropoutSite, Origin, FINAL_NORM_ORIGIN};
use lab_protocol::{NormPlacement, Settings, SettingsField};

/// The setting a comparison varies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompareAxis {
    Norm,
    LabelSmoothing,
    Heads,
    Warmup,
    PositionalEncoding,
    TiedWeights,
}

/// Label smoothing's two runs: the paper's ε (§5.4) against none.
pub const SMOOTHING_COMPARED: (f32, f32) = (0.1, 0.0);

/// The warm-up axis's run B warms up this many times faster than the setting.
pub const WARMUP_DIVISOR: usize = 4;

impl CompareAxis {
    pub const ALL: [CompareAxis; 6] = [
        Self::Norm,
        Self::LabelSmoothing,
        Self::Heads,
        Self::Warmup,
        Self::PositionalEncoding,
        Self::TiedWeights,
    ];

    /// The setting the axis varies.
    pub fn field(self) -> SettingsField {
        match self {
            Self::Norm => SettingsField::Norm,
            Self::LabelSmoothing => SettingsField::LabelSmoothing,
            Self::Heads => SettingsField::NHeads,
            Self::Warmup => SettingsField::WarmupSteps,
            Self::PositionalEncoding => SettingsField::PositionalEncoding,
            Self::TiedWeights => SettingsField::TieWeights,
        }
    }

    /// The value of the axis's `<option>`: the setting's name.
    pub fn value(self) -> &'static str {
        self.field().name()
    }

    pub fn parse(value: &str) -> CompareAxis {
        Self::ALL
            .into_iter()
            .find(|a| a.value() == value)
            .unwrap_or(Self::Norm)
    }

    /// The axis that varies `field` (`Lab::compare_axis`), the norm placement
    /// for a setting no axis varies.
    pub fn of(field: SettingsField) -> CompareAxis {
        Self::ALL
            .into_iter()
            .find(|a| a.field() == field)
            .unwrap_or(Self::Norm)
    }

    /// The message id of the axis's name in the picker.
    pub fn label(self) -> &'static str {
        match self {
            Self::Norm => "compare-axis-norm",
            Self::LabelSmoothing => "compare-axis-smoothing",
            Self::Heads => "compare-axis-heads",
            Self::Warmup => "compare-axis-warmup",
            Self::PositionalEncoding => "compare-axis-pe",
            Self::TiedWeights => "compare-axis-tie",
        }
    }

    /// The formulas of the compared setting, shown above the runs.
    pub fn formulas(self) -> &'static [Formula] {
        match self {
            Self::Norm => &[POST_NORM, PRE_NORM],
            Self::LabelSmoothing => &[SMOOTHED_TARGET],
            Self::Heads => &[MULTI_HEAD],
            Self::Warmup => &[NOAM],
            Self::PositionalEncoding => &[POSITIONAL],
            Self::TiedWeights => &[],
        }
    }

    /// The arguments of [`CompareAxis::label`]: the values the axis compares.
    pub fn label_args(self) -> Vec<(&'static str, Arg)> {
        let (a, b) = SMOOTHING_COMPARED;
        match self {
            Self::LabelSmoothing => vec![
                ("a", Arg::from(a.to_string())),
                ("b", Arg::from(b.to_string())),
            ],
            Self::Warmup => vec![("divisor", Arg::from(WARMUP_DIVISOR))],
            _ => vec![],
        }
    }

    /// Runs A and B: `base` with the compared setting at its two values.
    pub fn runs(self, base: &Settings) -> (Settings, Settings) {
        let (mut a, mut b) = (base.clone(), base.clone());
        match self {
            Self::Norm => {
                a.norm = NormPlacement::Post;
                b.norm = NormPlacement::Pre;
            }
            Self::LabelSmoothing => {
                (a.label_smoothing, b.label_smoothing) = SMOOTHING_COMPARED;
            }
            // One head, or two if the base already has one (d_model is always even).
            Self::Heads => b.n_heads = if base.n_heads == 1 { 2 } else { 1 },
            Self::Warmup => b.warmup_steps = (base.warmup_steps / WARMUP_DIVISOR).max(1),
            Self::PositionalEncoding => {
                a.positional_encoding = true;
                b.positional_encoding = false;
            }
            Self::TiedWeights => {
                a.tie_weights = false;
                b.tie_weights = true;
            }
        }
        (a, b)
    }

    /// How run A and run B differ, in words for the legend.
    pub fn describe(self, locale: Locale, run: &Settings) -> String {
        match self {
            Self::Norm => match run.norm {
                NormPlacement::Post => text(locale, "compare-run-post"),
                NormPlacement::Pre => text(locale, "compare-run-pre"),
            },
            Self::LabelSmoothing => text_args(
                locale,
                "compare-run-smoothing",
                &[("eps", run.label_smoothing.to_string().into())],
            ),
            Self::Heads => text_args(
                locale,
                "compare-run-heads",
                &[("heads", run.n_heads.into()), ("d_k", run.d_k().into())],
            ),
            Self::Warmup => text_args(
                locale,
                "compare-run-warmup",
                &[("steps", run.warmup_steps.into())],
            ),
            Self::PositionalEncoding => text(
                locale,
                if run.positional_encoding {
                    "compare-run-pe-on"
                } else {
                    "compare-run-pe-off"
                },
            ),
            Self::TiedWeights => text(
                locale,
                if run.tie_weights {
                    "compare-run-tied"
                } else {
                    "compare-run-untied"
                },
            ),
        }
    }
}

/// One step of an encoder layer as the model computes it, for the diagram
/// beside the norm formulas (`lab_model::add_norm`'s `AddNorm`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LayerStep {
    /// The layer's input; for layer 1, the embeddings × √d_model + PE, after dropout.
    Input,
    /// Multi-head self-attention, with dropout on its attention weights.
    Attention,
    /// The feed-forward network, with dropout after its ReLU.
    FeedForward,
    /// Dropout on a sub-layer's output, before the residual sum.
    Dropout,
    /// The residual sum with the sub-layer's input.
    Add,
    LayerNorm,
    /// Pre-norm's LayerNorm after the last layer of the stack.
    FinalNorm,
}

impl LayerStep {
    /// The message id of the step's box.
    pub fn message(self) -> &'static str {
        match self {
            Self::Input => "layer-input",
            Self::Attention => "layer-attention",
            Self::FeedForward => "layer-ffn",
            Self::Dropout => "layer-dropout",
            Self::Add => "layer-add",
            Self::LayerNorm => "layer-step-norm",
            Self::FinalNorm => "layer-final-norm",
        }
    }

    /// The dropout this step applies (in training only), if any.
    pub fn dropout_site(self) -> Option<DropoutSite> {
        match self {
            Self::Input => Some(DropoutSite::EmbeddingSum),
            Self::Attention => Some(DropoutSite::AttentionWeights),
            Self::FeedForward => Some(DropoutSite::FeedForwardHidden),
            Self::Dropout => Some(DropoutSite::SublayerOutput),
            Self::Add | Self::LayerNorm | Self::FinalNorm => None,
        }
    }

    /// Whether dropout acts in this step (in training only).
    pub fn drops(self) -> bool {
        self.dropout_site().is_some()
    }

    /// Whose choice the step's marked part is: its dropout's, or the final
    /// LayerNorm's; `None` for a step the diagram does not mark.
    pub fn origin(self) -> Option<Origin> {
        match self {
            Self::FinalNorm => Some(FINAL_NORM_ORIGIN),
            _ => self.dropout_site().map(DropoutSite::origin),
        }
    }
}

/// The mark the diagram puts on a part of `origin`, and the message that
/// explains the mark in the legend.
pub fn origin_mark(origin: Origin) -> (&'static str, &'static str) {
    match origin {
        Origin::Paper => ("*", "layer-origin-paper"),
        Origin::AnnotatedTransformer => ("†", "layer-origin-annotated"),
    }
}

/// The origins marked in the diagram of `norm`, each once, in the order the
/// steps first show them: the lines of its legend.
pub fn legend_origins(norm: NormPlacement) -> Vec<Origin> {
    let mut origins = Vec::new();
    for origin in layer_steps(norm).into_iter().filter_map(LayerStep::origin) {
        if !origins.contains(&origin) {
            origins.push(origin);
        }
    }
    origins
}

/// The steps of one encoder layer with `norm`'s placement, in order:
/// post-norm normalises each residual sum, pre-norm each sub-layer's input
/// and, once, the stack's output.
pub fn layer_steps(norm: NormPlacement) -> Vec<LayerStep> {
    use LayerStep::*;
    let sublayer = |inner: LayerStep| match norm {
        NormPlacement::Post => vec![inner, Dropout, Add, LayerNorm],
        NormPlacement::Pre => vec![LayerNorm, inner, Dropout, Add],
    };
    let mut steps = vec![Input];
    steps.extend(sublayer(Attention));
    steps.extend(sublayer(FeedForward));
    if norm.has_final_norm() {
        steps.push(FinalNorm);
    }
    steps
}

#[cfg(test)]
mod tests {
    use super::*;
    use lab_tasks::TaskKind;

    /// Every field but the compared one, as JSON, so a new field is covered too.
    fn without(s: &Settings, field: &str) -> serde_json::Value {
        let mut v = serde_json::to_value(s).expect("plain data");
        v.as_object_mut().expect("an object").remove(field);
        v
    }

    #[test]
    fn the_two_runs_differ_in_exactly_the_compared_setting() {
        let base = Settings::toy(TaskKind::EnJa);
        for axis in CompareAxis::ALL {
            let (a, b) = axis.runs(&base);
            assert_ne!(a, b, "{axis:?} changes something");
            assert_eq!(
                without(&a, axis.value()),
                without(&b, axis.value()),
                "{axis:?} changes only {}",
                axis.value()
            );
            assert!(a.validate().is_ok() && b.validate().is_ok(), "{axis:?}");
            assert_eq!(a.seed, base.seed, "same seed, same data order");
        }
    }

    #[test]
    fn each_axis_is_found_by_the_setting_it_varies() {
        for axis in CompareAxis::ALL {
            assert_eq!(CompareAxis::of(axis.field()), axis);
        }
        assert_eq!(CompareAxis::of(SettingsField::DModel), CompareAxis::Norm);
    }

    #[test]
    fn the_layer_diagram_follows_each_norm_formula() {
        use LayerStep::*;
        let post = layer_steps(NormPlacement::Post);
        // x ← LayerNorm(x + Sublayer(x)), for attention and then the FFN.
        assert_eq!(
            post,
            [
                Input,
                Attention,
                Dropout,
                Add,
                LayerNorm,
                FeedForward,
                Dropout,
                Add,
                LayerNorm
            ]
        );
        // x ← x + Sublayer(LayerNorm(x)), then one LayerNorm after the stack.
        let pre = layer_steps(NormPlacement::Pre);
        assert_eq!(
            pre,
            [
                Input,
                LayerNorm,
                Attention,
                Dropout,
                Add,
                LayerNorm,
                FeedForward,
                Dropout,
                Add,
                FinalNorm
            ]
        );
        // Dropout acts in the same four kinds of place in both.
        for steps in [&post, &pre] {
            let drops: Vec<_> = steps.iter().filter(|s| s.drops()).collect();
            assert_eq!(
                drops,
                [&Input, &Attention, &Dropout, &FeedForward, &Dropout]
            );
        }
    }

    #[test]
    fn each_dropout_and_the_final_norm_carry_their_origin() {
        use LayerStep::*;
        use Origin::*;
        let marked = |norm| {
            layer_steps(norm)
                .into_iter()
                .filter_map(|s| s.origin().map(|o| (s, o)))
                .collect::<Vec<_>>()
        };
        // §5.4 names the sums of embeddings and PE, and each sub-layer's
        // output; the attention weights, the FFN's hidden layer and pre-norm's
        // last LayerNorm are the Annotated Transformer's.
        let post = [
            (Input, Paper),
            (Attention, AnnotatedTransformer),
            (Dropout, Paper),
            (FeedForward, AnnotatedTransformer),
            (Dropout, Paper),
        ];
        assert_eq!(marked(NormPlacement::Post), post);
        let mut pre = post.to_vec();
        pre.push((FinalNorm, AnnotatedTransformer));
        assert_eq!(marked(NormPlacement::Pre), pre);
        for norm in [NormPlacement::Post, NormPlacement::Pre] {
            assert_eq!(legend_origins(norm), [Paper, AnnotatedTransformer]);
        }
        let (paper, annotated) = (origin_mark(Paper), origin_mark(AnnotatedTransformer));
        assert_ne!(paper.0, annotated.0, "two marks that differ");
    }

    /// The model applies dropout at exactly `DropoutSite::ALL`, and a final
    /// LayerNorm exactly when `has_final_norm` says so: lab-model's
    /// `dropout_and_the_final_norm_sit_where_lab_math_origins_says` checks
    /// its modules against the same list. The diagram draws that list.
    #[test]
    fn the_diagram_draws_the_sites_the_model_applies() {
        for norm in [NormPlacement::Post, NormPlacement::Pre] {
            let steps = layer_steps(norm);
            for site in DropoutSite::ALL {
                assert!(
                    steps.iter().any(|s| s.dropout_site() == Some(site)),
                    "{norm:?} lacks {site:?}"
                );
            }
            assert_eq!(
                steps.contains(&LayerStep::FinalNorm),
                norm.has_final_norm(),
                "{norm:?}"
            );
        }
    }

    #[test]
    fn the_legend_cites_the_paper_section_and_the_annotated_transformer() {
        for locale in Locale::ALL {
            let paper = text(locale, origin_mark(Origin::Paper).1);
            assert!(paper.contains("§5.4"), "{locale:?}: {paper}");
            let annotated = text(locale, origin_mark(Origin::AnnotatedTransformer).1);
            assert!(
                annotated.contains("Annotated Transformer") && !annotated.contains("§5.4"),
                "{locale:?}: {annotated}"
            );
        }
        let title = text(Locale::En, "layer-title-post");
        assert!(!title.contains("(the paper)"), "{title}");
    }

    #[test]
    fn each_setting_shows_its_own_formulas() {
        let ids = |axis: CompareAxis| axis.formulas().iter().map(|f| f.id).collect::<Vec<_>>();
        assert_eq!(ids(CompareAxis::Norm), ["post-norm", "pre-norm"]);
        assert_eq!(ids(CompareAxis::LabelSmoothing), ["smoothed-target"]);
        assert_eq!(ids(CompareAxis::Heads), ["multi-head"]);
        assert_eq!(ids(CompareAxis::Warmup), ["noam"]);
        assert_eq!(ids(CompareAxis::PositionalEncoding), ["positional"]);
        assert!(
            ids(CompareAxis::TiedWeights).is_empty(),
            "no formula of its own"
        );
    }

    #[test]
    fn norm_placement_names_the_paper_and_the_annotated_transformer() {
        let (a, b) = CompareAxis::Norm.runs(&Settings::toy(TaskKind::EnJa));
        assert!(CompareAxis::Norm.describe(Locale::En, &a).contains("paper"));
        assert!(CompareAxis::Norm
            .describe(Locale::En, &b)
            .contains("Annotated Transformer"));
        for locale in Locale::ALL {
            assert_ne!(
                CompareAxis::Norm.describe(locale, &a),
                CompareAxis::Norm.describe(locale, &b)
            );
        }
    }

    #[test]
    fn the_described_numbers_are_the_runs_own() {
        let base = Settings::toy(TaskKind::EnJa);
        let (_, b) = CompareAxis::Heads.runs(&base);
        for locale in Locale::ALL {
            let said = CompareAxis::Heads.describe(locale, &b);
            assert!(said.contains(&b.d_k().to_string()), "{said}");
            let said = CompareAxis::Warmup.describe(locale, &b);
            assert!(said.contains(&b.warmup_steps.to_string()), "{said}");
        }
    }

    #[test]
    fn axis_values_round_trip() {
        for a in CompareAxis::ALL {
            assert_eq!(CompareAxis::parse(a.value()), a);
        }
    }
}
