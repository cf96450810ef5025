//! JSON text → the page ↔ worker messages, the run settings and run names.
//!
//! Every input is read as each of: a `WorkerInput` (what the worker reads
//! from the page), a `WorkerOutput` (what the page reads from the worker),
//! `Settings` (also stored in the browser and in deep links), and a typed
//! run name. Properties:
//! - reading garbage is an error value, never a panic (`from_json`,
//!   `from_parts`, `validate`, the errors' `Display`);
//! - checkpoint bytes travel beside the text: `from_parts` wants them with
//!   exactly the messages that carry them (`LoadCheckpoint`,
//!   `EvaluateCheckpoint`, `Shard`; `Checkpoint`, `ShardDone`) and puts them
//!   in place;
//! - the cost estimate and the memory check answer any settings;
//! - settings that pass `validate` round-trip through JSON exactly, and so
//!   does every message whose numbers are all finite, through `to_parts` and
//!   `from_parts` (JSON has no ∞, which an out-of-range `f32` such as `1e39`
//!   becomes);
//! - `clean_run_name` returns a trimmed, non-empty name of at most 40
//!   characters without control characters, and is idempotent.

#![no_main]

use lab_protocol::messages::MAX_RUN_NAME;
use lab_protocol::{clean_run_name, Settings, TaskShape, WorkerInput, WorkerOutput};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let beside = data.to_vec();

    let input = WorkerInput::from_json(text);
    // The messages whose bytes travel beside the text (`parts_codec!`).
    let carries = matches!(
        input,
        Ok(WorkerInput::LoadCheckpoint { .. }
            | WorkerInput::EvaluateCheckpoint { .. }
            | WorkerInput::Shard { .. })
    );
    let alone = WorkerInput::from_parts(text, None);
    let with = WorkerInput::from_parts(text, Some(beside.clone()));
    assert_eq!(alone.is_ok(), input.is_ok() && !carries);
    assert_eq!(with.is_ok(), carries);
    if let Ok(
        WorkerInput::LoadCheckpoint { bytes, .. }
        | WorkerInput::EvaluateCheckpoint { bytes }
        | WorkerInput::Shard { bytes, .. },
    ) = &with
    {
        assert_eq!(bytes, &beside, "the bytes beside the text are put in place");
    }
    match with.or(alone) {
        Ok(input) => {
            if let WorkerInput::New { settings } = &input {
                settings_hold(settings);
            }
            let finite = match &input {
                WorkerInput::New { settings } => finite_settings(settings),
                _ => true,
            };
            let (json, bytes) = input.to_parts();
            assert_eq!(bytes.is_some(), carries);
            if finite {
                let back = WorkerInput::from_parts(&json, bytes.map(<[u8]>::to_vec));
                assert_eq!(back.as_ref(), Ok(&input), "{json}");
            }
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }

    let output = WorkerOutput::from_json(text);
    let carries = matches!(
        output,
        Ok(WorkerOutput::Checkpoint { .. } | WorkerOutput::ShardDone { .. })
    );
    let alone = WorkerOutput::from_parts(text, None);
    let with = WorkerOutput::from_parts(text, Some(beside.clone()));
    assert_eq!(alone.is_ok(), output.is_ok() && !carries);
    assert_eq!(with.is_ok(), carries);
    match with.or(alone) {
        Ok(output) => {
            if let WorkerOutput::Refused(err) = &output {
                let _ = err.to_string();
            }
            if let WorkerOutput::Loaded(info) = &output {
                settings_hold(&info.settings);
                // The page rebuilds the tokenizer from the token lists.
                let vocab = info.facts.src_vocab();
                assert!(vocab.len() >= lab_tasks::SPECIALS.len());
                let _ = info.facts.tgt_vocab();
            }
            let (json, bytes) = output.to_parts();
            // A non-finite number is written as `null`, which reads back as an
            // error (or as `None`): only all-finite messages must round-trip.
            // Without a `null` in the text, every number was finite.
            if !json.contains("null") {
                let back = WorkerOutput::from_parts(&json, bytes.map(<[u8]>::to_vec));
                assert_eq!(back.as_ref(), Ok(&output), "{json}");
            }
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }

    if let Ok(settings) = serde_json::from_str::<Settings>(text) {
        settings_hold(&settings);
    }

    match clean_run_name(text) {
        Some(name) => {
            assert_eq!(name, text.trim());
            assert!(!name.is_empty() && name.chars().count() <= MAX_RUN_NAME);
            assert!(!name.chars().any(char::is_control));
            assert_eq!(clean_run_name(&name).as_ref(), Some(&name));
        }
        None => {
            let t = text.trim();
            assert!(
                t.is_empty() || t.chars().count() > MAX_RUN_NAME || t.chars().any(char::is_control)
            );
        }
    }
});

/// `validate` explains or accepts; accepted settings round-trip exactly.
/// The cost estimate and the memory check answer any settings, never panic.
fn settings_hold(settings: &Settings) {
    let shape = TaskShape {
        src_vocab: 40,
        tgt_vocab: 50,
        longest_source: 12,
        longest_target: 14,
    };
    if let Some(estimate) = settings.estimate(&shape) {
        assert_eq!(estimate.fits(), settings.check_memory(&shape).is_ok());
        let _ = estimate.step_seconds(6e9);
    } else {
        assert!(
            settings.check_memory(&shape).is_err(),
            "an uncountable step never fits"
        );
    }
    match settings.validate() {
        Ok(()) => {
            assert!(finite_settings(settings), "valid settings are finite");
            let _ = settings.d_k();
            let json = serde_json::to_string(settings).expect("settings serialize");
            let back: Settings = serde_json::from_str(&json).expect("valid settings read back");
            assert_eq!(&back, settings, "{json}");
        }
        Err(err) => {
            assert!(!err.problems.is_empty(), "an error names a problem");
            assert!(!err.to_string().is_empty());
        }
    }
}

fn finite_settings(s: &Settings) -> bool {
    s.dropout.is_finite() && s.lr_factor.is_finite() && s.label_smoothing.is_finite()
}
