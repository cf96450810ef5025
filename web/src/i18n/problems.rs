//! The worker's errors, a run that blew up and refused settings, worded in
//! the reader's language. They cross from the worker as data
//! (`WorkerError`, `Divergence`, `SettingProblem`'s `Rule`), never as text, so
//! the page routes them by kind and words them here (`problems.ftl`).

use super::{labels, text, text_args, Arg, Locale};
use crate::i18n::units::bytes_text;
use lab_math::search::StrategyError;
use lab_protocol::divergence::{BLOW_UP_FACTOR, SAFE_LR_FACTOR, SAFE_WARMUP};
use lab_protocol::{Divergence, Rule, SettingProblem, SettingsError, Unanswered, WorkerError};
use lab_tasks::corpus::PairsError;

/// Why the reader's sentence pairs were refused, the problem in a sentence
/// (`pairs.ftl`): the page says it before sending them, the worker after.
pub fn pairs_error(locale: Locale, problem: &PairsError) -> String {
    let count = |n: usize| Arg::from(n);
    let problem = match problem {
        PairsError::Empty => text(locale, "pairs-empty"),
        PairsError::TooLarge { bytes, max } => text_args(
            locale,
            "pairs-too-large",
            &[
                ("size", Arg::from(bytes_text(*bytes as u64))),
                ("max", Arg::from(bytes_text(*max as u64))),
            ],
        ),
        PairsError::NotText => text(locale, "pairs-not-text"),
        PairsError::TooManyLines { lines, max } => text_args(
            locale,
            "pairs-too-many-lines",
            &[("lines", count(*lines)), ("max", count(*max))],
        ),
        PairsError::NoTab { line } => text_args(locale, "pairs-no-tab", &[("line", count(*line))]),
        PairsError::TooManyColumns { line } => {
            text_args(locale, "pairs-too-many-columns", &[("line", count(*line))])
        }
        PairsError::EmptySide { line } => {
            text_args(locale, "pairs-empty-side", &[("line", count(*line))])
        }
        PairsError::TooLong { line, words, max } => text_args(
            locale,
            "pairs-too-long",
            &[
                ("line", count(*line)),
                ("words", count(*words)),
                ("max", count(*max)),
            ],
        ),
        PairsError::TooFew { pairs, min } => text_args(
            locale,
            "pairs-too-few",
            &[("pairs", count(*pairs)), ("min", count(*min))],
        ),
    };
    text_args(locale, "pairs-problem", &[("problem", Arg::from(problem))])
}

/// A worker error as one sentence (or two) for the banner.
pub fn worker_error(locale: Locale, error: &WorkerError) -> String {
    match error {
        WorkerError::Checkpoint { why, kept } => {
            let id = if *kept {
                "problems-checkpoint-kept"
            } else {
                "problems-checkpoint"
            };
            text_args(locale, id, &[("why", Arg::from(why.as_str()))])
        }
        WorkerError::Pretrained { task, why } => text_args(
            locale,
            "problems-pretrained",
            &[
                ("task", Arg::from(text(locale, labels::task(*task)))),
                ("why", Arg::from(why.as_str())),
            ],
        ),
        WorkerError::Data { task, why } => text_args(
            locale,
            "problems-data",
            &[
                ("task", Arg::from(text(locale, labels::task(*task)))),
                ("why", Arg::from(why.as_str())),
            ],
        ),
        WorkerError::Pairs(problem) => pairs_error(locale, problem),
        WorkerError::NoModel => text(locale, "problems-no-model"),
        WorkerError::Unreadable { why } => text_args(
            locale,
            "problems-unreadable",
            &[("why", Arg::from(why.as_str()))],
        ),
        WorkerError::Crashed { why } => text_args(
            locale,
            "problems-crashed",
            &[("why", Arg::from(why.as_str()))],
        ),
    }
}

/// What probably happened to a run that blew up, and the way out.
pub fn divergence(locale: Locale, why: &Divergence) -> String {
    let b = match why {
        Divergence::Weights { step } => {
            return text_args(
                locale,
                "problems-diverged-weights",
                &[("step", Arg::from(*step))],
            )
        }
        Divergence::Loss(b) => b,
    };
    let what = match b.loss {
        Some(loss) => text_args(
            locale,
            "problems-diverged-loss",
            &[
                ("step", Arg::from(b.step)),
                ("loss", Arg::from(format!("{loss:.1}"))),
                ("factor", Arg::from(BLOW_UP_FACTOR.to_string())),
                ("reference", Arg::from(format!("{:.2}", b.reference))),
            ],
        ),
        None => text_args(
            locale,
            "problems-diverged-nan",
            &[("step", Arg::from(b.step))],
        ),
    };
    let cause = text_args(
        locale,
        "problems-diverged-cause",
        &[
            ("peak_step", Arg::from(b.peak_step)),
            ("rate", Arg::from(format!("{:.3}", b.peak_rate))),
            ("lr_factor", Arg::from(b.lr_factor.to_string())),
            ("safe_factor", Arg::from(SAFE_LR_FACTOR.to_string())),
            ("safe_warmup", Arg::from(SAFE_WARMUP)),
        ],
    );
    format!("{what} {cause}")
}

/// The name of a settings field in prose.
fn field_name(locale: Locale, field: &str) -> String {
    let id = match field {
        "n_layers" => "problems-field-n-layers",
        "batch_size" => "problems-field-batch-size",
        "warmup_steps" => "problems-field-warmup-steps",
        "label_smoothing" => "problems-field-label-smoothing",
        "dropout" => "problems-field-dropout",
        "n_heads" => "problems-field-n-heads",
        // d_model, d_ff: the paper's own symbols, the same in every language.
        other => return other.to_string(),
    };
    text(locale, id)
}

/// One refused setting, with the reason behind its rule.
pub fn setting_problem(locale: Locale, problem: &SettingProblem) -> String {
    let name = || ("name", Arg::from(field_name(locale, &problem.field)));
    match &problem.rule {
        Rule::Between { min, max, got } => text_args(
            locale,
            "problems-rule-between",
            &[
                name(),
                ("min", Arg::from(*min)),
                ("max", Arg::from(*max)),
                ("got", Arg::from(*got)),
            ],
        ),
        Rule::Even { got } => text_args(locale, "problems-rule-even", &[("got", Arg::from(*got))]),
        Rule::Divisible { d_model, n_heads } => text_args(
            locale,
            "problems-rule-divisible",
            &[
                ("d_model", Arg::from(*d_model)),
                ("n_heads", Arg::from(*n_heads)),
            ],
        ),
        Rule::AtLeastOne if problem.field == "warmup_steps" => text(locale, "problems-rule-warmup"),
        Rule::AtLeastOne => text_args(locale, "problems-rule-at-least-one", &[name()]),
        Rule::Fraction { got } => text_args(
            locale,
            "problems-rule-fraction",
            &[name(), ("got", Arg::from(got.as_str()))],
        ),
        Rule::Factor { max, got } => text_args(
            locale,
            "problems-rule-factor",
            &[
                ("max", Arg::from(max.to_string())),
                ("got", Arg::from(got.as_str())),
            ],
        ),
        Rule::Budget {
            count: Some(count),
            max,
        } => text_args(
            locale,
            "problems-rule-budget",
            &[
                ("count", Arg::from(count.to_string())),
                ("max", Arg::from(max.to_string())),
            ],
        ),
        Rule::Budget { count: None, max } => text_args(
            locale,
            "problems-rule-budget-huge",
            &[("max", Arg::from(max.to_string()))],
        ),
        Rule::Memory {
            needed: Some(needed),
            max,
        } => text_args(
            locale,
            "problems-rule-memory",
            &[
                ("needed", Arg::from(bytes_text(*needed))),
                ("max", Arg::from(bytes_text(*max))),
            ],
        ),
        Rule::Memory { needed: None, max } => text_args(
            locale,
            "problems-rule-memory-huge",
            &[("max", Arg::from(bytes_text(*max)))],
        ),
        Rule::NotLoaded => text(locale, "problems-rule-not-loaded"),
    }
}

/// Every problem of refused settings, in one line.
pub fn settings_error(locale: Locale, error: &SettingsError) -> String {
    let parts: Vec<String> = error
        .problems
        .iter()
        .map(|p| setting_problem(locale, p))
        .collect();
    parts.join(" ")
}

/// A decoding strategy's refusal.
pub fn strategy_error(locale: Locale, error: StrategyError) -> String {
    match error {
        StrategyError::BeamSize { max } => text_args(
            locale,
            "translate-error-beam-size",
            &[("max", Arg::from(max))],
        ),
        StrategyError::Alpha { max } => text_args(
            locale,
            "translate-error-alpha",
            &[("max", Arg::from(max.to_string()))],
        ),
        StrategyError::Temperature { min, max } => text_args(
            locale,
            "translate-error-temperature",
            &[
                ("min", Arg::from(min.to_string())),
                ("max", Arg::from(max.to_string())),
            ],
        ),
        StrategyError::TopK { max } => {
            text_args(locale, "translate-error-top-k", &[("max", Arg::from(max))])
        }
        StrategyError::TopP => text(locale, "translate-error-top-p"),
    }
}

/// Unknown words as the banner lists them: each quoted, as typed.
pub fn unknown_list(words: &[String]) -> String {
    words
        .iter()
        .map(|w| format!("“{w}”"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Why the model could not answer a view's question.
pub fn unanswered(locale: Locale, why: &Unanswered) -> String {
    match why {
        Unanswered::NoModel => worker_error(locale, &WorkerError::NoModel),
        Unanswered::Diverged { step } => divergence(locale, &Divergence::Weights { step: *step }),
        Unanswered::Empty => text(locale, "translate-empty"),
        Unanswered::TooLong { words, max } => text_args(
            locale,
            "translate-too-long",
            &[("words", Arg::from(*words)), ("max", Arg::from(*max))],
        ),
        Unanswered::Unknown { words, vocabulary } => text_args(
            locale,
            "translate-unknown-banner",
            &[
                ("count", Arg::from(words.len())),
                ("list", Arg::from(unknown_list(words))),
                ("size", Arg::from(*vocabulary)),
            ],
        ),
        Unanswered::Strategy(e) => strategy_error(locale, *e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lab_protocol::divergence::check;
    use lab_protocol::Settings;
    use lab_tasks::TaskKind;

    /// Every kind of every problem, from the functions that make them.
    fn every_problem() -> (Vec<WorkerError>, Vec<Divergence>, SettingsError) {
        let errors = vec![
            WorkerError::Checkpoint {
                why: "bad magic".into(),
                kept: true,
            },
            WorkerError::Checkpoint {
                why: "bad magic".into(),
                kept: false,
            },
            WorkerError::Pretrained {
                task: TaskKind::EnJa,
                why: "HTTP 404".into(),
            },
            WorkerError::NoModel,
            WorkerError::Unreadable { why: "eof".into() },
            WorkerError::Crashed {
                why: "unreachable".into(),
            },
        ];
        let hot = Settings {
            lr_factor: 10.0,
            warmup_steps: 1,
            ..Settings::toy(TaskKind::EnJa)
        };
        let divergences = vec![
            Divergence::Loss(check(&hot, 78, 4.4, 2, 85.0).expect("blown")),
            Divergence::Loss(check(&hot, 78, 4.4, 2, f32::NAN).expect("NaN")),
            Divergence::Weights { step: 7 },
        ];
        let mut problems = Settings {
            d_model: 63,
            n_heads: 4,
            n_layers: 9,
            dropout: 1.5,
            warmup_steps: 0,
            lr_factor: 0.0,
            batch_size: 0,
            ..Settings::toy(TaskKind::Copy)
        }
        .validate()
        .expect_err("many problems");
        problems.problems.extend([
            SettingProblem::new("n_heads", Rule::AtLeastOne),
            SettingProblem::new(
                "d_model",
                Rule::Budget {
                    count: Some(70_000_000),
                    max: 64_000_000,
                },
            ),
            SettingProblem::new(
                "d_model",
                Rule::Budget {
                    count: None,
                    max: 64_000_000,
                },
            ),
        ]);
        (errors, divergences, problems)
    }

    /// Every kind of question the model could not answer.
    fn every_unanswered() -> Vec<Unanswered> {
        vec![
            Unanswered::NoModel,
            Unanswered::Diverged { step: 7 },
            Unanswered::Empty,
            Unanswered::TooLong { words: 40, max: 32 },
            Unanswered::Unknown {
                words: vec!["zebra".into(), "qux".into()],
                vocabulary: 79,
            },
            Unanswered::Strategy(StrategyError::BeamSize { max: 8 }),
            Unanswered::Strategy(StrategyError::TopP),
        ]
    }

    fn every_text(locale: Locale) -> Vec<String> {
        let (errors, divergences, settings) = every_problem();
        let mut texts: Vec<String> = errors.iter().map(|e| worker_error(locale, e)).collect();
        texts.extend(divergences.iter().map(|d| divergence(locale, d)));
        texts.extend(settings.problems.iter().map(|p| setting_problem(locale, p)));
        texts.extend(every_unanswered().iter().map(|u| unanswered(locale, u)));
        texts
    }

    #[test]
    fn a_question_the_model_could_not_answer_is_worded_with_its_words_and_numbers() {
        for locale in Locale::ALL {
            let texts: Vec<String> = every_unanswered()
                .iter()
                .map(|u| unanswered(locale, u))
                .collect();
            for text in &texts {
                assert!(
                    !text.contains("translate-"),
                    "{locale:?}: a message id: {text}"
                );
            }
            assert!(texts[1].contains('7'), "{locale:?}: {}", texts[1]);
            assert!(
                texts[3].contains("40") && texts[3].contains("32"),
                "{locale:?}: {}",
                texts[3]
            );
            assert!(
                texts[4].contains("“zebra”, “qux”") && texts[4].contains("79"),
                "{locale:?}: {}",
                texts[4]
            );
            assert!(texts[5].contains('8'), "{locale:?}: {}", texts[5]);
        }
    }

    #[test]
    fn every_problem_is_worded_in_every_locale_with_its_numbers() {
        for locale in Locale::ALL {
            for text in every_text(locale) {
                assert!(
                    !text.contains("problems-"),
                    "{locale:?}: a message id: {text}"
                );
                assert!(
                    !text.contains('{'),
                    "{locale:?}: an unfilled variable: {text}"
                );
            }
            let (_, divergences, settings) = every_problem();
            let blown = divergence(locale, &divergences[0]);
            for number in ["85.0", "4.40", "1.250", "200"] {
                assert!(
                    blown.contains(number),
                    "{locale:?}: {number} missing: {blown}"
                );
            }
            let all = settings_error(locale, &settings);
            for number in ["63", "9", "1.5", "70000000", "64000000"] {
                assert!(all.contains(number), "{locale:?}: {number} missing: {all}");
            }
        }
    }

    #[test]
    fn the_translations_are_not_the_english() {
        let english = every_text(Locale::En);
        for locale in [Locale::Ja, Locale::ZhHans, Locale::ZhHant] {
            for (theirs, ours) in every_text(locale).iter().zip(&english) {
                assert_ne!(theirs, ours, "{locale:?} is English");
            }
        }
    }

    #[test]
    fn the_english_says_what_the_protocol_says() {
        let (errors, divergences, _) = every_problem();
        assert!(worker_error(Locale::En, &errors[0]).contains("keeps working"));
        assert!(!worker_error(Locale::En, &errors[1]).contains("keeps working"));
        let blown = divergence(Locale::En, &divergences[0]);
        assert!(
            blown.contains("warm-up is too short or the factor too high"),
            "{blown}"
        );
        assert!(divergence(Locale::En, &divergences[1]).contains("NaN"));
    }
}
