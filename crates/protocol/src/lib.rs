//! The messages between the page and the training worker, and the plain data
//! they carry. Nothing here knows about burn: the page depends on this crate
//! alone, never on tensors.

pub mod attention;
pub mod curves;
pub mod divergence;
pub mod facts;
pub mod inside;
pub mod messages;
pub mod reports;
pub mod settings;
pub mod shard;

pub use attention::{AttentionKind, AttentionSet, HeadMaps};
pub use curves::{Curves, EvalPoint};
pub use divergence::{BlowUp, Divergence};
pub use facts::TaskFacts;
pub use inside::{HeadTrace, TraceRequest};
pub use lab_math::search::{Beam, Fate, Sampling, Strategy};
pub use messages::{
    all_finite, clean_run_name, CheckpointProblem, DownloadFile, DownloadProblem, MessageError,
    ModelInfo, ModelOrigin, Peer, RunKey, RunStart, RunSummary, SaveCost, SavePurpose, Snapshot,
    StorageError, StoredRunProblem, TrainPoint, Unanswered, WorkerError, WorkerInput, WorkerOutput,
    DECODING_COMPARISON_SENTENCES, EVAL_SENTENCES,
};
pub use reports::{
    BeamHyp, BeamLevel, DecodeStep, DecodingComparison, EvalReport, FfnActivations, LayerInput,
    MaskDemo, ProbePrediction, ResidualStream, Stack, StackStream, StepReport, Sublayer,
    SublayerStream, Translation, MAX_FFN_FLOATS, MAX_LOGIT_FLOATS, MAX_RESIDUAL_FLOATS,
};
pub use settings::{
    NormPlacement, Rule, SettingProblem, Settings, SettingsError, SettingsField, StepEstimate,
    TaskShape,
};
pub use shard::{ShardFailure, ShardJob, ShardReport, WrongWeightCount, SHARDS};
