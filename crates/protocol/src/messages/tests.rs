use super::*;
use crate::attention::HeadMaps;

#[test]
fn every_input_round_trips_through_its_bytes() {
    let inputs = vec![
        WorkerInput::LoadPretrained {
            task: TaskKind::EnJa,
        },
        WorkerInput::New {
            settings: Settings::toy(TaskKind::Reverse),
        },
        WorkerInput::LoadCheckpoint {
            bytes: vec![0, 1, 254, 255],
            origin: ModelOrigin::Uploaded,
        },
        WorkerInput::Play,
        WorkerInput::Pause,
        WorkerInput::Step,
        WorkerInput::Translate {
            id: 7,
            text: "the dog sees a cat".into(),
            cached: true,
            strategy: Strategy::Beam(lab_math::search::Beam::default()),
        },
        WorkerInput::Trace {
            request: Some(TraceRequest {
                kind: crate::AttentionKind::Cross,
                layer: 1,
                head: 2,
                sentence: None,
            }),
        },
        WorkerInput::Trace { request: None },
        WorkerInput::MaskDemo { head: 1 },
        WorkerInput::CompareDecoding {
            beam: Beam::default(),
        },
        WorkerInput::Evaluate,
        WorkerInput::EvaluateCheckpoint {
            bytes: vec![3, 1, 4],
        },
        WorkerInput::EvaluatorPresent { present: true },
        WorkerInput::Save {
            purpose: SavePurpose::Evaluate,
        },
        WorkerInput::Save {
            purpose: SavePurpose::Download,
        },
        WorkerInput::Persist {
            tab: "3f2a9c0d1e".into(),
        },
        WorkerInput::Restore {
            task: TaskKind::Copy,
            legacy: Some("{}".into()),
            reload: true,
        },
        WorkerInput::PageHidden,
        WorkerInput::Ping { id: 12 },
        WorkerInput::Link { peer: Peer::Helper },
        WorkerInput::Link {
            peer: Peer::Training,
        },
        WorkerInput::SaveRunAs {
            name: "warm-up 400".into(),
        },
        WorkerInput::RestoreRun {
            run: RunKey::Named("warm-up 400".into()),
        },
        WorkerInput::DeleteRun {
            run: RunKey::Tab("3f2a9c0d1e".into()),
        },
        WorkerInput::ListRuns,
        WorkerInput::ForgetAutosave,
        WorkerInput::UsePairs {
            text: "I eat.\t私は食べる。".into(),
            settings: Settings::toy(TaskKind::Custom),
        },
        WorkerInput::Shard {
            ticket: 9,
            job: ShardJob {
                settings: Settings::toy(TaskKind::EnJa),
                step: 12,
                shard: 1,
                seed: u64::MAX,
                pairs: vec![3, 1, 4],
                batch_tokens: 40,
            },
            bytes: crate::shard::f32s_to_bytes(&[0.5, -2.0]),
        },
        WorkerInput::Sentences {
            task: TaskKind::RealEnZh,
            text: "# attention-lab corpus 1\n".into(),
        },
    ];
    for input in inputs {
        let (body, bytes) = input.to_parts();
        let bytes = bytes.map(<[u8]>::to_vec);
        assert_eq!(WorkerInput::from_parts(&body, bytes), Ok(input));
    }
}

#[test]
fn checkpoint_bytes_travel_beside_the_message_never_inside_it() {
    let bytes: Vec<u8> = (0..=255).collect();
    let input = WorkerInput::LoadCheckpoint {
        bytes: bytes.clone(),
        origin: ModelOrigin::Uploaded,
    };
    let (body, beside) = input.to_parts();
    assert_eq!(beside, Some(&bytes[..]));
    assert!(body.len() < 16, "no checkpoint in the message: {body:?}");
    assert!(
        WorkerInput::from_parts(&body, None).is_err(),
        "the bytes are required"
    );
    let play = WorkerInput::Play.encode();
    assert!(WorkerInput::from_parts(&play, Some(bytes.clone())).is_err());
    let output = WorkerOutput::Checkpoint {
        purpose: SavePurpose::Download,
        step: 4,
        bytes: bytes.clone(),
    };
    let (body, beside) = output.to_parts();
    assert!(body.len() < 16, "no checkpoint in the message: {body:?}");
    assert_eq!(
        WorkerOutput::from_parts(&body, beside.map(<[u8]>::to_vec)),
        Ok(output)
    );
}

#[test]
fn a_shards_gradients_travel_beside_its_report() {
    let done = WorkerOutput::ShardDone {
        ticket: 3,
        result: Ok(ShardReport {
            step: 12,
            shard: 1,
            loss: 1.25,
            correct: 7,
            n_tokens: 20,
            present: vec![true, false],
        }),
        bytes: crate::shard::f32s_to_bytes(&[1.0e-7, 3.0]),
    };
    let (body, beside) = done.to_parts();
    let gradients = beside.expect("gradients beside the report");
    assert!(
        !body.windows(gradients.len()).any(|w| w == gradients),
        "no gradients in the message: {body:?}"
    );
    assert_eq!(
        WorkerOutput::from_parts(&body, Some(gradients.to_vec())),
        Ok(done)
    );
    let failed = WorkerOutput::ShardDone {
        ticket: 4,
        result: Err(ShardFailure::NotWholeFloats { bytes: 7 }),
        bytes: Vec::new(),
    };
    let (body, beside) = failed.to_parts();
    assert_eq!(
        WorkerOutput::from_parts(&body, beside.map(<[u8]>::to_vec)),
        Ok(failed)
    );
}

#[test]
fn run_names_are_trimmed_and_bounded() {
    assert_eq!(clean_run_name("  warm-up 400 "), Some("warm-up 400".into()));
    assert_eq!(clean_run_name("学習率 ×2"), Some("学習率 ×2".into()));
    assert_eq!(clean_run_name("   "), None);
    assert_eq!(clean_run_name("a\u{7}b"), None);
    assert!(clean_run_name(&"é".repeat(MAX_RUN_NAME)).is_some());
    assert_eq!(clean_run_name(&"é".repeat(MAX_RUN_NAME + 1)), None);
}

/// Assert that every one of `outputs` comes back equal from its parts.
fn assert_outputs_round_trip(outputs: Vec<WorkerOutput>) {
    for output in outputs {
        let (body, bytes) = output.to_parts();
        let bytes = bytes.map(<[u8]>::to_vec);
        assert_eq!(WorkerOutput::from_parts(&body, bytes), Ok(output));
    }
}

/// A one-layer, one-head attention set over two tokens, the same map thrice.
fn tiny_attention_set() -> AttentionSet {
    let maps = HeadMaps {
        n_layers: 1,
        n_heads: 1,
        seq_q: 2,
        seq_k: 2,
        weights: vec![1.0, 0.0, 0.5, 0.5],
    };
    AttentionSet {
        src_tokens: vec!["a".into(), "<eos>".into()],
        tgt_tokens: vec!["<bos>".into(), "a".into()],
        tgt_outputs: vec!["a".into(), "<eos>".into()],
        encoder_self: maps.clone(),
        decoder_self: maps.clone(),
        cross: maps,
    }
}

#[test]
fn training_and_translation_outputs_round_trip() {
    assert_outputs_round_trip(vec![
        WorkerOutput::Ready,
        WorkerOutput::WantsHelper,
        WorkerOutput::DropsHelper,
        WorkerOutput::Pong { id: 12 },
        WorkerOutput::Snapshot(Snapshot {
            step: 3,
            running: true,
            points: vec![TrainPoint {
                step: 3,
                loss: 2.5,
                token_accuracy: 0.25,
                learning_rate: 1e-4,
            }],
            tokens_per_s: 1234.5,
            attention: Some(tiny_attention_set()),
            prediction: None,
            trace: None,
            shared_steps: 1,
        }),
        WorkerOutput::Trace(Err(Unanswered::Diverged { step: 7 })),
        WorkerOutput::Translated {
            id: 1,
            result: Err(Unanswered::Unknown {
                words: vec!["zebra".into()],
                vocabulary: 79,
            }),
        },
        WorkerOutput::DecodingCompared(Ok(DecodingComparison {
            beam: Beam::default(),
            sentences: 24,
            greedy_bleu: 61.5,
            beam_bleu: 63.0,
            greedy_exact: 0.5,
            beam_exact: 0.5,
        })),
        WorkerOutput::Building(crate::StepEstimate {
            parameters: 44_000_000,
            state_bytes: 528_000_000,
            step_bytes: 2_000_000_000,
            multiply_adds: u64::MAX,
        }),
    ]);
}

#[test]
fn saved_runs_and_how_a_run_started_round_trip() {
    assert_outputs_round_trip(vec![
        WorkerOutput::Checkpoint {
            purpose: SavePurpose::Download,
            step: 9,
            bytes: b"weights".to_vec(),
        },
        WorkerOutput::Stored {
            name: Some("baseline".into()),
            step: 9,
            cost: None,
        },
        WorkerOutput::Stored {
            name: None,
            step: 10,
            cost: Some(SaveCost {
                snapshot_ms: 2.5,
                write_ms: 14.0,
            }),
        },
        WorkerOutput::Runs(vec![
            RunSummary {
                name: "baseline".into(),
                task: TaskKind::EnJa,
                step: 9,
                saved_at: 1.7e12,
                bytes: 3_000_000,
                tab: None,
            },
            RunSummary {
                name: String::new(),
                task: TaskKind::Copy,
                step: 62,
                saved_at: 1.8e12,
                bytes: 3_000_000,
                tab: Some("3f2a9c0d1e".into()),
            },
        ]),
        WorkerOutput::Started(RunStart::ThisTab { step: 57 }),
        WorkerOutput::Started(RunStart::Latest {
            name: None,
            task: TaskKind::Copy,
            step: 62,
        }),
        WorkerOutput::Started(RunStart::Pretrained {
            task: TaskKind::EnJa,
        }),
    ]);
}

#[test]
fn download_and_data_outputs_round_trip() {
    assert_outputs_round_trip(vec![
        WorkerOutput::Downloading {
            task: TaskKind::RealEnJa,
            file: DownloadFile::Sentences,
            loaded: 65_536,
            total: Some(892_722),
        },
        WorkerOutput::Downloaded {
            task: TaskKind::RealEnZh,
            file: DownloadFile::Model,
            bytes: 2_369_264,
        },
        WorkerOutput::PairsRead {
            pairs: 120,
            duplicates: 3,
        },
    ]);
}

#[test]
fn errors_round_trip_as_values() {
    assert_outputs_round_trip(vec![
        WorkerOutput::Error(WorkerError::Pairs(lab_tasks::corpus::PairsError::NoTab {
            line: 4,
        })),
        WorkerOutput::Error(WorkerError::Data {
            task: TaskKind::RealEnZh,
            problem: DownloadProblem::Http { status: 404 },
        }),
        WorkerOutput::Error(WorkerError::Data {
            task: TaskKind::RealEnJa,
            problem: DownloadProblem::CutShort {
                got: 10,
                expected: 20,
            },
        }),
        WorkerOutput::StorageFailed(StorageError::Quota { name: None }),
        WorkerOutput::Refused(
            Settings {
                n_heads: 3,
                ..Settings::toy(TaskKind::Copy)
            }
            .validate()
            .expect_err("64 % 3 != 0"),
        ),
        WorkerOutput::Error(WorkerError::Crashed {
            why: "panicked".into(),
        }),
        WorkerOutput::Error(WorkerError::Checkpoint {
            problem: CheckpointProblem::UnsupportedVersion {
                found: 9,
                oldest: 1,
                newest: 2,
            },
            kept: true,
        }),
        WorkerOutput::Error(WorkerError::Checkpoint {
            problem: CheckpointProblem::Damaged {
                detail: "checksum mismatch".into(),
            },
            kept: false,
        }),
        WorkerOutput::Error(WorkerError::Pretrained {
            task: TaskKind::EnJa,
            problem: DownloadProblem::Unreachable,
        }),
        WorkerOutput::Error(WorkerError::NoModel),
        WorkerOutput::Diverged {
            why: Divergence::Weights { step: 4 },
            suggested: None,
        },
    ]);
}

/// A `None` is written like any value, so the fields after it keep their
/// places (postcard's bytes have no names): a skipped field would shift them.
#[test]
fn a_field_that_is_none_keeps_its_place() {
    assert_outputs_round_trip(vec![
        WorkerOutput::Loaded(ModelInfo {
            settings: Settings::toy(TaskKind::EnJa),
            step: 0,
            origin: ModelOrigin::Scratch,
            parameters: None,
            facts: TaskFacts {
                src_vocab: vec!["<pad>".into(), "dog".into()],
                ..Default::default()
            },
            curves: None,
        }),
        WorkerOutput::Diverged {
            why: Divergence::Loss(crate::divergence::BlowUp {
                step: 3,
                loss: None,
                reference: 4.4,
                peak_rate: 1.25,
                peak_step: 1,
                lr_factor: 10.0,
            }),
            suggested: Some(Settings::toy(TaskKind::EnJa)),
        },
    ]);
}

#[test]
fn masked_scores_travel_as_none() {
    let demo = MaskDemo {
        tokens: vec!["<bos>".into(), "a".into()],
        seq_q: 2,
        seq_k: 2,
        raw_scores: vec![0.1, 0.2, 0.3, 0.4],
        masked_scores: vec![Some(0.1), None, Some(0.3), Some(0.4)],
        weights: vec![1.0, 0.0, 0.47, 0.53],
    };
    let body = WorkerOutput::MaskDemo(demo.clone()).encode();
    assert_eq!(
        WorkerOutput::decode(&body),
        Ok(WorkerOutput::MaskDemo(demo))
    );
}

#[test]
fn non_finite_attention_is_detected() {
    let mut set = AttentionSet::default();
    assert!(set.is_finite());
    set.cross.weights = vec![0.5, f32::NAN];
    assert!(!set.is_finite());
}

#[test]
fn a_probe_prediction_with_any_non_finite_number_is_detected() {
    use crate::{ProbePrediction, StackStream, SublayerStream};
    let stream = |x: f32| StackStream {
        layers: vec![vec![SublayerStream {
            normed: Vec::new(),
            out: vec![0.5, x],
        }]],
        final_norm: vec![1.0],
    };
    let mut p = ProbePrediction {
        probs: vec![0.25, 0.75],
        ..ProbePrediction::default()
    };
    p.residual.encoder = stream(-1.0);
    assert!(p.is_finite());
    let mut broken = [p.clone(), p.clone(), p.clone(), p.clone(), p.clone()];
    broken[0].probs[1] = f32::NAN;
    broken[1].residual.encoder = stream(f32::INFINITY);
    broken[2].residual.decoder.final_norm = vec![f32::NAN];
    broken[3].ffn_hidden.decoder = vec![vec![f32::NEG_INFINITY]];
    broken[4].logits = vec![2.0, f32::NAN];
    for (i, b) in broken.iter().enumerate() {
        assert!(!b.is_finite(), "case {i}");
    }
}
