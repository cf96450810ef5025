//! Data-parallel training steps, as plain data: a batch is cut into
//! [`SHARDS`] shards, each shard's gradients are computed on the same
//! weights, and their sum is the step's gradient. The training worker
//! computes one shard and a helper worker, on the machine's second core, the
//! other; without a helper the training worker computes both, one after the
//! other, and gets the same bits.
//!
//! Weights and gradients are long lists of `f32`; they cross between workers
//! as little-endian bytes beside the message ([`f32s_to_bytes`]), never
//! inside it. A helper that cannot compute its shard says why as data
//! ([`ShardFailure`]), and the training worker computes that shard itself.

use crate::{Settings, SettingsError};
use lab_math::cost::{step_cost, ModelSize, Workload};
use lab_tasks::corpus::CorpusError;
use lab_tasks::TaskKind;
use serde::{Deserialize, Serialize};

/// How many shards a batch is cut into: one per core of the machines the lab
/// is built for (two), so each worker takes one.
pub const SHARDS: usize = 2;

/// One shard of one training step: everything a worker with the same
/// settings needs to compute its gradients, except the weights (which travel
/// as bytes beside it).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShardJob {
    /// The run's settings: they fix the model's shapes and the dataset.
    pub settings: Settings,
    /// The step this shard belongs to (0-based: the number of updates before it).
    pub step: usize,
    /// Which shard, `0..SHARDS`.
    pub shard: usize,
    /// The seed of this shard's dropout masks.
    pub seed: u64,
    /// The training pairs of this shard, as indices into the dataset's train split.
    pub pairs: Vec<usize>,
    /// Non-PAD target tokens in the whole batch: each shard's loss is its
    /// sum divided by this, so the shards' losses and gradients add up to
    /// the batch's mean.
    pub batch_tokens: usize,
}

/// What a shard's forward and backward pass found; its gradients (in module
/// order, only the parameters that have one) travel as bytes beside it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShardReport {
    pub step: usize,
    pub shard: usize,
    /// This shard's part of the batch's loss (its sum over the batch's token count).
    pub loss: f32,
    /// Targets of this shard the argmax got right, and its non-PAD targets.
    pub correct: usize,
    pub n_tokens: usize,
    /// For each float parameter in module order, whether it has a gradient.
    pub present: Vec<bool>,
}

/// Why a helper worker could not compute its shard
/// ([`crate::WorkerOutput::ShardDone`]). The training worker then computes
/// that shard itself, so the step is the same; the reason is for logs and
/// tests. `Display` is the English wording.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ShardFailure {
    /// `bytes` bytes came beside the message, which is not a whole number
    /// of `f32`s (a bug of the sender).
    NotWholeFloats { bytes: usize },
    /// The job's settings build no model (as `Trainer::new` refuses them).
    Settings(SettingsError),
    /// The weights sent do not fit the model the job's settings build.
    Weights(WrongWeightCount),
    /// The run's sentences of `task` the helper was handed did not read: it
    /// computes no shard of `task` until sentences of `task` do, rather than
    /// train on other sentences (an earlier model's) or fail for a reason
    /// that hides this one.
    Sentences { task: TaskKind, why: CorpusError },
}

/// A flat list of weights whose length is not the model's: `got` values for
/// a model of `expected`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WrongWeightCount {
    pub expected: usize,
    pub got: usize,
}

impl std::fmt::Display for WrongWeightCount {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} weights for a model of {}", self.got, self.expected)
    }
}

impl std::fmt::Display for ShardFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::NotWholeFloats { bytes } => {
                write!(f, "{bytes} bytes are not a whole number of f32s")
            }
            Self::Settings(e) => write!(f, "the job's settings build no model: {e}"),
            Self::Weights(e) => write!(f, "the weights do not fit the model: {e}"),
            Self::Sentences { task, why } => {
                write!(f, "the sentences of {task} did not read: {why}")
            }
        }
    }
}

impl From<WrongWeightCount> for ShardFailure {
    fn from(e: WrongWeightCount) -> Self {
        Self::Weights(e)
    }
}

// The bytes are the floats' memory, cast (a copy, not a loop over values):
// little-endian on every target the lab runs on (wasm32, x86-64, aarch64).
#[cfg(target_endian = "big")]
compile_error!("weights cross between workers as little-endian bytes");

/// Bytes per `f32` on the wire.
pub const FLOAT_BYTES: usize = std::mem::size_of::<f32>();

/// `values` as little-endian bytes.
pub fn f32s_to_bytes(values: &[f32]) -> Vec<u8> {
    bytemuck::cast_slice::<f32, u8>(values).to_vec()
}

/// How many `f32`s a message's `bytes` bytes hold, or why they are not whole
/// floats.
pub fn whole_floats(bytes: usize) -> Result<usize, ShardFailure> {
    match bytes.is_multiple_of(FLOAT_BYTES) {
        true => Ok(bytes / FLOAT_BYTES),
        false => Err(ShardFailure::NotWholeFloats { bytes }),
    }
}

/// Little-endian bytes as `f32`s; `None` if they are not [`whole_floats`].
pub fn bytes_to_f32s(bytes: &[u8]) -> Option<Vec<f32>> {
    whole_floats(bytes.len()).ok()?;
    Some(bytemuck::pod_collect_to_vec::<u8, f32>(bytes))
}

/// The training pairs of each shard: `pairs` cut into [`SHARDS`] runs of
/// nearly equal length, the first ones longer by one where it does not
/// divide. A shard may be empty (a batch of one pair).
pub fn split(pairs: &[usize]) -> Vec<Vec<usize>> {
    let base = pairs.len() / SHARDS;
    let extra = pairs.len() % SHARDS;
    let mut rest = pairs;
    (0..SHARDS)
        .map(|s| {
            let (head, tail) = rest.split_at(base + usize::from(s < extra));
            rest = tail;
            head.to_vec()
        })
        .collect()
}

/// The training pairs of each shard, cut so that the costlier shard costs
/// little: each shard is padded to its own longest sentences,
/// so a batch cut in batch order pads every short sentence in a shard that
/// holds a long one.
///
/// The pairs are ordered by their own cost (shortest first; ties keep the
/// batch's order), then cut where the larger of the two shards' multiply-adds
/// ([`step_cost`] of a shard padded to its longest) is smallest. A cut is
/// taken only if neither shard needs more memory than `bound` (the settings'
/// [`crate::Settings::workload`], which the settings were checked against),
/// and only if it costs less than the even cut in batch order, [`split`],
/// which always fits (ordering pairs by one number can put long sources
/// beside long targets). With fewer pairs than shards, or sizes whose count
/// overflows, it is [`split`].
///
/// - `tokens[i]`: the padded lengths of pair `pairs[i]`, source with
///   `<eos>` and target with `<eos>`, as a [`Workload`] counts them.
///
/// # Panics
/// If `tokens` and `pairs` differ in length.
pub fn split_by_cost(
    pairs: &[usize],
    tokens: &[(usize, usize)],
    size: &ModelSize,
    bound: &Workload,
) -> Vec<Vec<usize>> {
    assert_eq!(pairs.len(), tokens.len(), "one length per pair");
    const _: () = assert!(SHARDS == 2, "the cost cut is written for two shards");
    let n = pairs.len();
    let cost = |sentences: usize, (src_len, tgt_len): (usize, usize)| {
        step_cost(
            size,
            &Workload {
                sentences,
                src_len,
                tgt_len,
            },
        )
    };
    let Some(limit) = step_cost(size, bound).map(|c| c.step_bytes) else {
        return split(pairs);
    };
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&i| cost(1, tokens[i]).map_or(u64::MAX, |c| c.multiply_adds));
    // The longest source and target among the first `c` and the last `n − c`.
    let longest = |a: (usize, usize), &i: &usize| (a.0.max(tokens[i].0), a.1.max(tokens[i].1));
    let running = |positions: &mut dyn Iterator<Item = &usize>| -> Vec<(usize, usize)> {
        positions
            .scan((0, 0), |a, i| {
                *a = longest(*a, i);
                Some(*a)
            })
            .collect()
    };
    let front = running(&mut order.iter());
    let mut back = running(&mut order.iter().rev());
    back.reverse();
    let best = (1..n)
        .filter_map(|c| {
            let (first, second) = (cost(c, front[c - 1])?, cost(n - c, back[c])?);
            let fits = first.step_bytes <= limit && second.step_bytes <= limit;
            fits.then_some((first.multiply_adds.max(second.multiply_adds), c))
        })
        .min();
    // The even cut in batch order competes too: one number per pair can
    // order long sources among long targets, and the even cut always fits.
    let positions: Vec<usize> = (0..n).collect();
    let even = split(&positions).iter().try_fold(0, |costlier, shard| {
        let longest = shard.iter().fold((0, 0), longest);
        Some(cost(shard.len(), longest)?.multiply_adds.max(costlier))
    });
    match (best, even) {
        (Some((cheapest, cut)), Some(even)) if cheapest < even => {
            let ordered: Vec<usize> = order.iter().map(|&i| pairs[i]).collect();
            vec![ordered[..cut].to_vec(), ordered[cut..].to_vec()]
        }
        _ => split(pairs),
    }
}

#[cfg(test)]
mod tests;
