//! Inputs the fuzz targets of `fuzz/` found (FUZZING.md, "Findings"), kept
//! as tests so that a fixed bug stays fixed. Each input is also in
//! `fuzz/regressions/<target>/`, which every fuzzing run replays. The
//! messages' inputs are JSON, from before the messages became bytes: the
//! tests below read them with serde_json, and the fuzzer replays them as
//! bytes (which it must refuse without a panic).

use lab_protocol::{RunSummary, WorkerOutput};

/// Finding 2: a message read from JSON and written again did not always
/// read back equal. serde_json's default float parsing is "best effort": it
/// can land one unit in the last place away from the number that was written
/// (here `saved_at`; the same holds for every `f64`, such as a point's
/// learning rate, and for a checkpoint header's `dropout`). The fix is
/// serde_json's `float_roundtrip` feature in the workspace's dependencies.
/// The messages now travel as postcard's bytes, but a run's summary is still
/// kept as JSON with the run (lab-session's `saving.rs`): the finding's
/// summaries must read back equal from their JSON.
#[test]
fn a_run_summary_read_back_from_its_own_json_is_equal() {
    for text in [
        include_str!("../../../fuzz/regressions/messages/f64-round-trip.json"),
        include_str!("../../../fuzz/regressions/messages/f64-round-trip-found.json"),
    ] {
        let Ok(WorkerOutput::Runs(summaries)) = serde_json::from_str(text) else {
            panic!("a list of runs: {text}");
        };
        assert!(!summaries.is_empty());
        for once in summaries {
            let json = serde_json::to_string(&once).expect("plain data");
            let back: RunSummary = serde_json::from_str(&json).expect("reads back");
            assert_eq!(back, once, "{json}");
        }
    }
}

/// The same, for the `f64` a checkpoint header stores a run's dropout as:
/// `0.03_f32 as f64` is written `0.029999999329447746` and read back as
/// `0.029999999329447743`.
#[test]
fn every_f64_reads_back_bit_for_bit() {
    for dropout in [0.03_f32, 0.11, 0.12, 0.23] {
        let x = dropout as f64;
        let json = serde_json::to_string(&x).expect("a finite number");
        let y: f64 = serde_json::from_str(&json).expect("a number");
        assert_eq!(x.to_bits(), y.to_bits(), "{dropout}: {x} → {json} → {y}");
    }
}

/// Finding 4: not a bug of the messages but of the fuzz target's property.
/// `EvaluateCheckpoint` and `Shard` carry bytes beside the message, like
/// `LoadCheckpoint`; the target listed only `LoadCheckpoint`, so an
/// `EvaluateCheckpoint` it generated "failed" by being read correctly: an
/// error without its bytes, the bytes in place with them.
#[test]
fn an_evaluation_request_needs_its_bytes_beside_the_message() {
    use lab_protocol::WorkerInput;
    let text =
        include_str!("../../../fuzz/regressions/messages/evaluate-checkpoint-carries-bytes.json");
    let message: WorkerInput = serde_json::from_str(text).expect("a message");
    let body = message.encode();
    assert!(
        WorkerInput::decode(&body).is_ok(),
        "the body alone is a message"
    );
    assert!(
        WorkerInput::from_parts(&body, None).is_err(),
        "but not without its bytes"
    );
    assert_eq!(
        WorkerInput::from_parts(&body, Some(vec![1, 2, 3])),
        Ok(WorkerInput::EvaluateCheckpoint {
            bytes: vec![1, 2, 3]
        })
    );
}
