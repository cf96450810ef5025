use super::*;
use lab_protocol::divergence::check;
use lab_protocol::Settings;
use lab_tasks::TaskKind;

/// Every kind of every problem, from the functions that make them.
fn every_problem() -> (Vec<WorkerError>, Vec<Divergence>, SettingsError) {
    let mut errors = vec![
        WorkerError::Checkpoint {
            problem: CheckpointProblem::NotACheckpoint,
            kept: true,
        },
        WorkerError::Checkpoint {
            problem: CheckpointProblem::NotACheckpoint,
            kept: false,
        },
        WorkerError::Pretrained {
            task: TaskKind::EnJa,
            problem: DownloadProblem::Http { status: 404 },
        },
        WorkerError::NoModel,
        WorkerError::Unreadable { why: "eof".into() },
        WorkerError::Crashed {
            why: "unreachable".into(),
        },
        WorkerError::Checkpoint {
            problem: CheckpointProblem::TooShort { bytes: 23 },
            kept: true,
        },
        WorkerError::Checkpoint {
            problem: CheckpointProblem::UnsupportedVersion {
                found: 9,
                oldest: 1,
                newest: 2,
            },
            kept: true,
        },
        WorkerError::Checkpoint {
            problem: CheckpointProblem::Damaged {
                detail: "checksum mismatch".into(),
            },
            kept: true,
        },
        WorkerError::Checkpoint {
            problem: CheckpointProblem::Inconsistent {
                detail: "a tensor of the wrong shape".into(),
            },
            kept: false,
        },
        WorkerError::Checkpoint {
            problem: CheckpointProblem::TooLarge {
                detail: "too many parameters".into(),
            },
            kept: true,
        },
    ];
    errors.extend(
        every_download_problem()
            .into_iter()
            .map(|problem| WorkerError::Data {
                task: TaskKind::RealEnZh,
                problem,
            }),
    );
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
        SettingProblem::new(SettingsField::NHeads, Rule::AtLeastOne),
        SettingProblem::new(
            SettingsField::DModel,
            Rule::Budget {
                count: Some(70_000_000),
                max: 64_000_000,
            },
        ),
        SettingProblem::new(
            SettingsField::DModel,
            Rule::Budget {
                count: None,
                max: 64_000_000,
            },
        ),
    ]);
    (errors, divergences, problems)
}

/// Every kind of reason a shipped file could not be used.
fn every_download_problem() -> Vec<DownloadProblem> {
    vec![
        DownloadProblem::Unreachable,
        DownloadProblem::Http { status: 503 },
        DownloadProblem::BrokeOff,
        DownloadProblem::CutShort {
            got: 1_000,
            expected: 250_000,
        },
        DownloadProblem::TooLarge { max: 33_554_432 },
        DownloadProblem::PairsMissing {
            stated: 120_000,
            found: 59_998,
        },
        DownloadProblem::NotReadable {
            detail: "real-en-zh.tsv: the first line is not the format line".into(),
        },
    ]
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

/// The numbers in `text`, in order ("4.40", "7", "1.250"), with a
/// sentence's full stop left off.
fn numbers(text: &str) -> Vec<&str> {
    text.split(|c: char| !(c.is_ascii_digit() || c == '.'))
        .map(|n| n.trim_matches('.'))
        .filter(|n| n.contains(|c: char| c.is_ascii_digit()))
        .collect()
}

/// The page's English and the protocol's own (`Display`, what the CLI
/// and the logs print) give the same numbers and the same verdict.
#[test]
fn the_english_says_what_the_protocol_says() {
    let (errors, divergences, _) = every_problem();
    // A size limit: in binary units on the page, in bytes in the logs.
    let size_limit = |e: &&WorkerError| {
        matches!(
            e,
            WorkerError::Data {
                problem: DownloadProblem::TooLarge { .. },
                ..
            }
        )
    };
    let too_large = errors.iter().find(size_limit).expect("a size refusal");
    let (page, log) = (worker_error(Locale::En, too_large), too_large.to_string());
    assert!(page.contains("32 MiB"), "{page}");
    assert!(log.contains("33554432"), "{log}");
    let pairs: Vec<(String, String)> = errors
        .iter()
        .filter(|e| !size_limit(e))
        .map(|e| (worker_error(Locale::En, e), e.to_string()))
        .chain(
            divergences
                .iter()
                .map(|d| (divergence(Locale::En, d), d.to_string())),
        )
        .chain(
            every_unanswered()
                .iter()
                .map(|u| (unanswered(Locale::En, u), u.to_string())),
        )
        .collect();
    for (page, protocol) in &pairs {
        assert_eq!(
            numbers(page),
            numbers(protocol),
            "page: {page}\nprotocol: {protocol}"
        );
        for verdict in ["keeps working", "NaN", "Reset", "paused"] {
            assert_eq!(
                page.contains(verdict),
                protocol.contains(verdict),
                "{verdict:?}\npage: {page}\nprotocol: {protocol}"
            );
        }
    }
}

/// A refused checkpoint or a file that did not come is worded in the
/// page's language through and through: no English clause from the worker
/// inside it.
#[test]
fn a_refused_checkpoint_or_download_says_why_in_the_readers_language() {
    let (errors, _, _) = every_problem();
    let english_words = [
        "the ", " is ", " not ", " file", "bytes", "version", "download",
    ];
    for locale in [Locale::Ja, Locale::ZhHans, Locale::ZhHant] {
        for error in errors.iter().filter(|e| {
            matches!(
                e,
                WorkerError::Checkpoint { .. }
                    | WorkerError::Data { .. }
                    | WorkerError::Pretrained { .. }
            )
        }) {
            let text = worker_error(locale, error);
            for word in english_words {
                assert!(!text.contains(word), "{locale:?}: {word:?} in {text}");
            }
        }
    }
    let too_short = worker_error(Locale::Ja, &errors[6]);
    assert!(too_short.contains("23"), "{too_short}");
    let version = worker_error(Locale::ZhHans, &errors[7]);
    for n in ["9", "1", "2"] {
        assert!(version.contains(n), "{version}");
    }
    let cut_short = worker_error(Locale::ZhHant, &errors[14]);
    assert!(
        cut_short.contains("250000") && cut_short.contains("1000"),
        "{cut_short}"
    );
    let http = worker_error(Locale::Ja, &errors[12]);
    assert!(http.contains("503"), "{http}");
    let missing = worker_error(Locale::ZhHans, &errors[16]);
    assert!(
        missing.contains("120000") && missing.contains("59998"),
        "{missing}"
    );
}

/// A run saved in this browser that could not be read back says why in the
/// page's language too, with the numbers of its checkpoint's problem.
#[test]
fn an_unreadable_saved_run_says_why_in_the_readers_language() {
    let problems = [
        StoredRunProblem::Damaged,
        StoredRunProblem::Checkpoint(CheckpointProblem::UnsupportedVersion {
            found: 9,
            oldest: 1,
            newest: 2,
        }),
    ];
    let english_words = [
        "the ", " is ", " not ", " file", "bytes", "version", "record",
    ];
    for locale in Locale::ALL {
        for problem in &problems {
            for name in [None, Some("warm-up".to_string())] {
                let error = StorageError::Unreadable {
                    name: name.clone(),
                    problem: problem.clone(),
                };
                let text = storage_error(locale, &error, false);
                assert!(!text.contains("runs-"), "{locale:?}: a message id: {text}");
                assert!(!text.contains('{'), "{locale:?}: unfilled: {text}");
                if let Some(name) = &name {
                    assert!(text.contains(name.as_str()), "{locale:?}: {text}");
                }
                if matches!(problem, StoredRunProblem::Checkpoint(_)) {
                    assert!(text.contains('9'), "{locale:?}: {text}");
                }
                if locale != Locale::En {
                    for word in english_words {
                        assert!(!text.contains(word), "{locale:?}: {word:?} in {text}");
                    }
                }
            }
        }
    }
    let damaged = storage_error(
        Locale::En,
        &StorageError::Unreadable {
            name: None,
            problem: StoredRunProblem::Damaged,
        },
        false,
    );
    assert!(damaged.contains("damaged"), "{damaged}");
}
