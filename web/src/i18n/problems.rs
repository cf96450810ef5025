//! The worker's errors, a run that blew up and refused settings, worded in
//! the reader's language. They cross from the worker as data
//! (`WorkerError`, `Divergence`, `SettingProblem`'s `Rule`), never as text, so
//! the page routes them by kind and words them here (`problems.ftl`).

use super::{labels, text, text_args, Arg, Locale};
use crate::i18n::units::bytes_text;
use lab_math::search::StrategyError;
use lab_protocol::divergence::{BLOW_UP_FACTOR, SAFE_LR_FACTOR, SAFE_WARMUP};
use lab_protocol::messages::MAX_RUN_NAME;
use lab_protocol::{
    CheckpointProblem, Divergence, DownloadProblem, Rule, SettingProblem, SettingsError,
    SettingsField, StorageError, StoredRunProblem, Unanswered, WorkerError,
};
use lab_tasks::corpus::PairsError;

/// What went wrong with browser storage, for the banner (`runs.ftl`);
/// `embedded`: the page is one view in another site's frame. A view embedded in
/// another site's page often has no storage at all (the browser keeps it
/// from frames of other sites): the run trains, and the whole lab can keep it.
pub fn storage_error(locale: Locale, error: &StorageError, embedded: bool) -> String {
    match error {
        StorageError::Unavailable { .. } if embedded => {
            text(locale, "runs-error-unavailable-embedded")
        }
        StorageError::Quota { name: None } => text(locale, "runs-error-quota"),
        StorageError::Quota { name: Some(name) } => text_args(
            locale,
            "runs-error-quota-named",
            &[("name", Arg::from(name.as_str()))],
        ),
        StorageError::Unavailable { why } => text_args(
            locale,
            "runs-error-unavailable",
            &[("why", Arg::from(why.as_str()))],
        ),
        StorageError::NotFound { name: None } => text(locale, "runs-error-not-found-tab"),
        StorageError::NotFound { name: Some(name) } => text_args(
            locale,
            "runs-error-not-found",
            &[("name", Arg::from(name.as_str()))],
        ),
        StorageError::Unreadable {
            name: None,
            problem,
        } => text_args(
            locale,
            "runs-error-unreadable-autosave",
            &[("why", Arg::from(stored_run_problem(locale, problem)))],
        ),
        StorageError::Unreadable {
            name: Some(name),
            problem,
        } => text_args(
            locale,
            "runs-error-unreadable-named",
            &[
                ("name", Arg::from(name.as_str())),
                ("why", Arg::from(stored_run_problem(locale, problem))),
            ],
        ),
        StorageError::BadName => text_args(
            locale,
            "runs-error-bad-name",
            &[("max", Arg::from(MAX_RUN_NAME))],
        ),
    }
}

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

/// Why a run saved in this browser could not be read back, as a clause.
fn stored_run_problem(locale: Locale, problem: &StoredRunProblem) -> String {
    match problem {
        StoredRunProblem::Damaged => text(locale, "runs-problem-damaged"),
        StoredRunProblem::Checkpoint(problem) => checkpoint_problem(locale, problem),
    }
}

/// Why a checkpoint was refused, as a clause (`problems.ftl`): the kind of
/// problem, in every language alike. Which check failed (`detail`, in
/// English) is in the error's `Display`, for logs and tests, not the banner.
pub fn checkpoint_problem(locale: Locale, problem: &CheckpointProblem) -> String {
    match problem {
        CheckpointProblem::TooShort { bytes } => text_args(
            locale,
            "problems-checkpoint-too-short",
            &[("bytes", Arg::from(*bytes))],
        ),
        CheckpointProblem::NotACheckpoint => text(locale, "problems-checkpoint-not-ours"),
        CheckpointProblem::UnsupportedVersion {
            found,
            oldest,
            newest,
        } => text_args(
            locale,
            "problems-checkpoint-version",
            &[
                ("found", Arg::from(*found as usize)),
                ("oldest", Arg::from(*oldest as usize)),
                ("newest", Arg::from(*newest as usize)),
            ],
        ),
        CheckpointProblem::Damaged { .. } => text(locale, "problems-checkpoint-damaged"),
        CheckpointProblem::Inconsistent { .. } => text(locale, "problems-checkpoint-inconsistent"),
        CheckpointProblem::TooLarge { .. } => text(locale, "problems-checkpoint-too-large"),
        CheckpointProblem::Settings(e) => settings_error(locale, e),
    }
}

/// Why a shipped file could not be used, as the clause inside a
/// `problems-data` or `problems-pretrained` sentence.
pub fn download_problem(locale: Locale, problem: &DownloadProblem) -> String {
    match problem {
        DownloadProblem::Unreachable => text(locale, "problems-download-unreachable"),
        DownloadProblem::Http { status } => text_args(
            locale,
            "problems-download-http",
            &[("status", Arg::from(status.to_string()))],
        ),
        DownloadProblem::BrokeOff => text(locale, "problems-download-broke-off"),
        DownloadProblem::CutShort { got, expected } => text_args(
            locale,
            "problems-download-cut-short",
            &[
                ("got", Arg::from(got.to_string())),
                ("expected", Arg::from(expected.to_string())),
            ],
        ),
        DownloadProblem::TooLarge { max } => text_args(
            locale,
            "problems-download-too-large",
            &[("max", Arg::from(bytes_text(*max)))],
        ),
        DownloadProblem::PairsMissing { stated, found } => text_args(
            locale,
            "problems-download-pairs-missing",
            &[
                ("stated", Arg::from(stated.to_string())),
                ("found", Arg::from(found.to_string())),
            ],
        ),
        DownloadProblem::NotReadable { .. } => text(locale, "problems-download-not-readable"),
    }
}

/// A worker error as one sentence (or two) for the banner.
pub fn worker_error(locale: Locale, error: &WorkerError) -> String {
    match error {
        WorkerError::Checkpoint { problem, kept } => {
            let id = if *kept {
                "problems-checkpoint-kept"
            } else {
                "problems-checkpoint"
            };
            let why = checkpoint_problem(locale, problem);
            text_args(locale, id, &[("why", Arg::from(why))])
        }
        WorkerError::Pretrained { task, problem } => text_args(
            locale,
            "problems-pretrained",
            &[
                ("task", Arg::from(text(locale, labels::task(*task)))),
                ("why", Arg::from(download_problem(locale, problem))),
            ],
        ),
        WorkerError::Data { task, problem } => text_args(
            locale,
            "problems-data",
            &[
                ("task", Arg::from(text(locale, labels::task(*task)))),
                ("why", Arg::from(download_problem(locale, problem))),
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
fn field_name(locale: Locale, field: SettingsField) -> String {
    let id = match field {
        SettingsField::NLayers => "problems-field-n-layers",
        SettingsField::BatchSize => "problems-field-batch-size",
        SettingsField::WarmupSteps => "problems-field-warmup-steps",
        SettingsField::LabelSmoothing => "problems-field-label-smoothing",
        SettingsField::Dropout => "problems-field-dropout",
        SettingsField::NHeads => "problems-field-n-heads",
        // d_model, d_ff: the paper's own symbols, the same in every language.
        other => return other.name().to_string(),
    };
    text(locale, id)
}

/// One refused setting, with the reason behind its rule.
pub fn setting_problem(locale: Locale, problem: &SettingProblem) -> String {
    let name = || ("name", Arg::from(field_name(locale, problem.field)));
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
        Rule::AtLeastOne if problem.field == SettingsField::WarmupSteps => {
            text(locale, "problems-rule-warmup")
        }
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
            &[("max", Arg::from(max.to_string()))],
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
mod tests;
