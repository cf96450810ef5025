//! Writes the generated seed inputs of the fuzz targets into `fuzz/seeds/`
//! ([`write_all`], run by `examples/seeds.rs`):
//!
//! ```text
//! cargo run --release --manifest-path fuzz/Cargo.toml --features model --example seeds
//! ```
//!
//! Seeds are small on purpose (libFuzzer mutates them thousands of times a
//! second): a complete checkpoint of a tiny model (post- and pre-norm), the
//! header of the shipped en-ja checkpoint without its weights, the bytes of
//! each message variant, the JSON of a run's settings, and typed sentences for each task's vocabulary.

use std::fs;
use std::path::{Path, PathBuf};

use lab_math::search::Beam;
use lab_model::checkpoint::{named_tensors, to_bytes, to_bytes_with_optimizer, OptimizerState};
use lab_model::{Backend, NormPlacement, TransformerConfig};
use lab_protocol::{
    AttentionKind, AttentionSet, CheckpointProblem, Curves, Divergence, EvalPoint, EvalReport,
    HeadMaps, MaskDemo, ModelInfo, ModelOrigin, RunSummary, SavePurpose, Settings, ShardFailure,
    ShardReport, Snapshot, StorageError, StoredRunProblem, Strategy, TaskFacts, TraceRequest,
    TrainPoint, Unanswered, WorkerError, WorkerInput, WorkerOutput,
};
use lab_tasks::corpus::CorpusError;
use lab_tasks::{Pair, TaskKind, Vocab};

/// Writes every seed: checkpoints, messages and typed sentences.
pub fn write_all() {
    let fuzz = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let seeds = fuzz.join("seeds");
    checkpoints(
        &seeds.join("checkpoint"),
        &fuzz.join("../assets/checkpoints"),
    );
    messages(&seeds.join("messages"));
    tokenizer(&seeds.join("tokenizer"));
}

fn write(dir: &Path, name: &str, bytes: &[u8]) {
    fs::create_dir_all(dir).expect("seed folder");
    fs::write(dir.join(name), bytes).expect("seed written");
    println!("{:>7} bytes  {}", bytes.len(), dir.join(name).display());
}

fn checkpoints(dir: &Path, shipped: &Path) {
    let device = Backend::default().device();
    for (name, norm) in [
        ("tiny-post.ckpt", NormPlacement::Post),
        ("tiny-pre.ckpt", NormPlacement::Pre),
    ] {
        let config = TransformerConfig::new(6, 5)
            .with_d_model(2)
            .with_n_heads(1)
            .with_d_ff(2)
            .with_n_encoder_layers(1)
            .with_n_decoder_layers(1)
            .with_max_len(4)
            .with_norm(norm);
        let meta = serde_json::json!({ "step": 3 });
        let model = config.init(&device);
        write(dir, name, &to_bytes(&model, meta.clone()));
        if norm == NormPlacement::Post {
            // Format version 2: Adam's two moments after the weights.
            let moments = |scale: f32| {
                named_tensors(&model)
                    .into_iter()
                    .map(|(_, _, v)| v.iter().map(|x| x * scale).collect())
                    .collect()
            };
            let adam = OptimizerState {
                meta: serde_json::json!({ "step": 3 }),
                slots: vec!["moment_1".into(), "moment_2".into()],
                values: vec![moments(0.1), moments(0.01)],
            };
            write(
                dir,
                "tiny-adam.ckpt",
                &to_bytes_with_optimizer(&model, meta, Some(&adam)),
            );
        }
    }
    // The shipped header (config, run settings, tensor list) without the
    // weights and checksum: the fuzzer forges the checksum itself.
    let bytes = fs::read(shipped.join("en-ja.ckpt")).expect("assets/checkpoints/en-ja.ckpt");
    let header_len = u32::from_le_bytes(bytes[12..16].try_into().expect("4 bytes")) as usize;
    write(dir, "en-ja-header.ckpt", &bytes[..16 + header_len]);
}

fn messages(dir: &Path) {
    let settings = Settings::toy(TaskKind::EnJa);
    write(
        dir,
        "settings.json",
        serde_json::to_string_pretty(&settings)
            .expect("plain data")
            .as_bytes(),
    );
    let inputs = inputs(&settings);
    for (i, input) in inputs.iter().enumerate() {
        write(
            dir,
            &format!("input-{i}.bin"),
            without_fingerprint(&input.encode()),
        );
    }

    let outputs = [answers(&settings), refusals_and_saves(&settings)].concat();
    for (i, output) in outputs.iter().enumerate() {
        write(
            dir,
            &format!("output-{i}.bin"),
            without_fingerprint(&output.encode()),
        );
    }
    write(dir, "run-name.txt", "  warm-up 400 学習率 ".as_bytes());
}

/// A message's bytes after `FINGERPRINT`, which the fuzz target puts before
/// every input: a seed then stays a message when the sources change.
fn without_fingerprint(body: &[u8]) -> &[u8] {
    &body[4..]
}

/// One of each kind of page message, with plausible values.
fn inputs(settings: &Settings) -> Vec<WorkerInput> {
    vec![
        WorkerInput::LoadPretrained {
            task: TaskKind::Reverse,
        },
        WorkerInput::New {
            settings: settings.clone(),
        },
        WorkerInput::LoadCheckpoint {
            bytes: b"ATTNLAB\0\x01\0\0\0".to_vec(),
            origin: ModelOrigin::Uploaded,
        },
        WorkerInput::Play,
        WorkerInput::Ping { id: 3 },
        WorkerInput::Step,
        WorkerInput::Translate {
            id: 7,
            text: "the big dog sees a small cat".into(),
            cached: true,
            strategy: Strategy::Beam(Beam::default()),
        },
        WorkerInput::Trace {
            request: Some(TraceRequest {
                kind: AttentionKind::Cross,
                layer: 1,
                head: 2,
                sentence: Some("a cat runs".into()),
            }),
        },
        WorkerInput::MaskDemo { head: 1 },
        WorkerInput::Save {
            purpose: SavePurpose::Download,
        },
        WorkerInput::Restore {
            task: TaskKind::EnJa,
            legacy: Some("{\"settings\":{}}".into()),
            reload: true,
        },
        WorkerInput::SaveRunAs {
            name: "warm-up 400".into(),
        },
        WorkerInput::ListRuns,
    ]
}

/// The worker's answers about a model: loaded, training, evaluated, translated.
fn answers(settings: &Settings) -> Vec<WorkerOutput> {
    let maps = HeadMaps {
        n_layers: 1,
        n_heads: 1,
        seq_q: 2,
        seq_k: 2,
        weights: vec![1.0, 0.0, 0.25, 0.75],
    };
    let vocab = Vocab::new(["a", "b"]);
    vec![
        WorkerOutput::Ready,
        WorkerOutput::Pong { id: 3 },
        WorkerOutput::Loaded(ModelInfo {
            settings: settings.clone(),
            step: 12,
            origin: ModelOrigin::Restored,
            parameters: Some(1234),
            facts: TaskFacts {
                task: Some(TaskKind::Copy),
                seed: 42,
                src_vocab: vocab.tokens().to_vec(),
                src_counts: (0..vocab.len() as u32).collect(),
                tgt_vocab: vocab.tokens().to_vec(),
                max_input_words: 63,
                longest_task_sentence: 10,
                longest_task_target: 12,
                tgt_alt: Vec::new(),
                heldout: vec![Pair::from_text("a b", "a b", vec![Some(0), Some(1)])],
            },
            curves: Some(Curves {
                train: vec![TrainPoint {
                    step: 1,
                    loss: 3.5,
                    token_accuracy: 0.1,
                    learning_rate: 2e-5,
                }],
                eval: vec![EvalPoint {
                    step: 1,
                    loss: 3.25,
                    token_accuracy: 0.125,
                    exact_match: 0.0,
                }],
            }),
        }),
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
            attention: Some(AttentionSet {
                src_tokens: vec!["a".into(), "<eos>".into()],
                tgt_tokens: vec!["<bos>".into(), "a".into()],
                tgt_outputs: vec!["a".into(), "<eos>".into()],
                encoder_self: maps.clone(),
                decoder_self: maps.clone(),
                cross: maps,
            }),
            prediction: None,
            trace: None,
            shared_steps: 1,
        }),
        WorkerOutput::Eval(EvalReport {
            step: 5,
            loss: 1.5,
            token_accuracy: 0.5,
            exact_match: 0.25,
            bleu: 30.0,
            sentences: 100,
            head_alignment: vec![0.5, 0.75],
            n_layers: 1,
            n_heads: 2,
        }),
        WorkerOutput::MaskDemo(MaskDemo {
            tokens: vec!["<bos>".into(), "a".into()],
            seq_q: 2,
            seq_k: 2,
            raw_scores: vec![0.1, 0.2, 0.3, 0.4],
            masked_scores: vec![Some(0.1), None, Some(0.3), Some(0.4)],
            weights: vec![1.0, 0.0, 0.47, 0.53],
        }),
        WorkerOutput::Translated {
            id: 1,
            result: Err(Unanswered::Unknown {
                words: vec!["zebra".into()],
                vocabulary: 79,
            }),
        },
        WorkerOutput::Checkpoint {
            purpose: SavePurpose::Store,
            step: 9,
            bytes: b"weights".to_vec(),
        },
    ]
}

/// The worker's refusals, errors and saves.
fn refusals_and_saves(settings: &Settings) -> Vec<WorkerOutput> {
    vec![
        WorkerOutput::Refused(
            Settings {
                n_heads: 3,
                dropout: 1.5,
                ..settings.clone()
            }
            .validate()
            .expect_err("two problems"),
        ),
        WorkerOutput::Error(WorkerError::Crashed {
            why: "panicked".into(),
        }),
        WorkerOutput::Error(WorkerError::Checkpoint {
            problem: CheckpointProblem::Damaged {
                detail: "checksum mismatch".into(),
            },
            kept: true,
        }),
        WorkerOutput::Diverged {
            why: Divergence::Weights { step: 4 },
            suggested: None,
        },
        WorkerOutput::Stored {
            name: Some("baseline".into()),
            step: 9,
            cost: None,
        },
        WorkerOutput::Runs(vec![RunSummary {
            name: "baseline".into(),
            task: TaskKind::EnJa,
            step: 9,
            saved_at: 1.7e12,
            bytes: 3_000_000,
            tab: None,
        }]),
        WorkerOutput::ShardDone {
            ticket: 3,
            result: Ok(ShardReport {
                step: 3,
                shard: 1,
                loss: 0.5,
                correct: 2,
                n_tokens: 4,
                present: vec![true, false],
            }),
            bytes: lab_protocol::shard::f32s_to_bytes(&[0.25, -0.5]),
        },
        WorkerOutput::ShardDone {
            ticket: 4,
            result: Err(ShardFailure::Sentences {
                task: TaskKind::RealEnZh,
                why: CorpusError::NotACorpus,
            }),
            bytes: Vec::new(),
        },
        WorkerOutput::StorageFailed(StorageError::Unreadable {
            name: None,
            problem: StoredRunProblem::Checkpoint(CheckpointProblem::NotACheckpoint),
        }),
    ]
}

fn tokenizer(dir: &Path) {
    // The first byte picks the vocabulary: 0 copy, 1 reverse, 2 en-ja, 3 the first line.
    let seeds: [(&str, u8, &str); 5] = [
        ("copy", 0, "p l a n e t s"),
        ("reverse", 1, "a b c  z t\tq"),
        ("en-ja", 2, "The big dog sees a small cat."),
        (
            "en-ja-unknown",
            2,
            "the zebra gives a book to the teacher ?! 。",
        ),
        (
            "custom",
            3,
            "Tokyo tokyo . ? 。 <eos>\nTOKYO tokyo?. Tokyo。 <eos>",
        ),
    ];
    for (name, pick, text) in seeds {
        let mut bytes = vec![pick];
        bytes.extend_from_slice(text.as_bytes());
        write(dir, &format!("{name}.txt"), &bytes);
    }
}
