//! Bytes → the page ↔ worker messages; UTF-8 text → the run settings and
//! run names.
//!
//! Every input, behind this build's `FINGERPRINT` (which a message of
//! another build fails at once), is read as a `WorkerInput` (what the worker
//! reads from the page) and a `WorkerOutput` (what the page reads from the
//! worker), both postcard's bytes; and, when it is UTF-8, as `Settings`
//! (JSON, as stored in the browser and in checkpoints) and a typed run name.
//! Properties:
//! - reading garbage is an error value, never a panic (`decode`,
//!   `from_parts`, `validate`, the errors' `Display`);
//! - checkpoint bytes travel beside the message: `from_parts` wants them with
//!   exactly the messages that carry them (`LoadCheckpoint`,
//!   `EvaluateCheckpoint`, `Shard`; `Checkpoint`, `ShardDone`) and puts them
//!   in place;
//! - the cost estimate and the memory check answer any settings;
//! - settings that pass `validate` round-trip through JSON exactly; every
//!   message read is written again as bytes that read back (`to_parts`,
//!   `from_parts`) to the same message and the same bytes, NaN and ∞
//!   included;
//! - `clean_run_name` returns a trimmed, non-empty name of at most 40
//!   characters without control characters, and is idempotent.

#![no_main]

use lab_protocol::messages::{FINGERPRINT, MAX_RUN_NAME};
use lab_protocol::{clean_run_name, Settings, TaskShape, WorkerInput, WorkerOutput};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|raw: &[u8]| {
    let data = &[&FINGERPRINT.to_le_bytes()[..], raw].concat()[..];
    let beside = raw.to_vec();

    let input = WorkerInput::decode(data);
    // The messages whose bytes travel beside their own (`parts_codec!`).
    let carries = matches!(
        input,
        Ok(WorkerInput::LoadCheckpoint { .. }
            | WorkerInput::EvaluateCheckpoint { .. }
            | WorkerInput::Shard { .. })
    );
    let alone = WorkerInput::from_parts(data, None);
    let with = WorkerInput::from_parts(data, Some(beside.clone()));
    assert_eq!(alone.is_ok(), input.is_ok() && !carries);
    assert_eq!(with.is_ok(), carries);
    if let Ok(
        WorkerInput::LoadCheckpoint { bytes, .. }
        | WorkerInput::EvaluateCheckpoint { bytes }
        | WorkerInput::Shard { bytes, .. },
    ) = &with
    {
        assert_eq!(
            bytes, &beside,
            "the bytes beside the message are put in place"
        );
    }
    match with.or(alone) {
        Ok(input) => {
            if let WorkerInput::New { settings } = &input {
                settings_hold(settings);
            }
            let (body, bytes) = input.to_parts();
            assert_eq!(bytes.is_some(), carries);
            let back = WorkerInput::from_parts(&body, bytes.map(<[u8]>::to_vec))
                .expect("a message written reads back");
            assert_eq!(back.to_parts().0, body, "{input:?}");
            assert_eq!(format!("{back:?}"), format!("{input:?}"));
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }

    let output = WorkerOutput::decode(data);
    let carries = matches!(
        output,
        Ok(WorkerOutput::Checkpoint { .. } | WorkerOutput::ShardDone { .. })
    );
    let alone = WorkerOutput::from_parts(data, None);
    let with = WorkerOutput::from_parts(data, Some(beside.clone()));
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
            let (body, bytes) = output.to_parts();
            let back = WorkerOutput::from_parts(&body, bytes.map(<[u8]>::to_vec))
                .expect("a message written reads back");
            assert_eq!(back.to_parts().0, body, "{output:?}");
            assert_eq!(format!("{back:?}"), format!("{output:?}"));
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }

    let Ok(text) = std::str::from_utf8(raw) else {
        return;
    };
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
