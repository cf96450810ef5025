//! Data-parallel training steps, as plain data: a batch is cut into
//! [`SHARDS`] shards, each shard's gradients are computed on the same
//! weights, and their sum is the step's gradient. The training worker
//! computes one shard and a helper worker, on the machine's second core, the
//! other; without a helper the training worker computes both, one after the
//! other, and gets the same bits.
//!
//! Weights and gradients are long lists of `f32`; they cross between workers
//! as little-endian bytes beside the JSON ([`f32s_to_bytes`]), never as JSON
//! numbers. A helper that cannot compute its shard says why as data
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
mod tests {
    use super::*;
    use crate::WorkerOutput;
    use lab_tasks::corpus::LineProblem;

    #[test]
    fn floats_round_trip_through_bytes_bit_for_bit() {
        let values = [0.0f32, -0.0, 1.5, f32::MIN_POSITIVE, -3.25e-9, f32::MAX];
        let back = bytes_to_f32s(&f32s_to_bytes(&values)).unwrap();
        assert_eq!(
            back.iter().map(|v| v.to_bits()).collect::<Vec<_>>(),
            values.iter().map(|v| v.to_bits()).collect::<Vec<_>>()
        );
        assert_eq!(bytes_to_f32s(&[1, 2, 3]), None);
        assert_eq!(f32s_to_bytes(&[1.0]), 1.0f32.to_le_bytes());
    }

    #[test]
    fn a_batch_is_cut_into_shards_that_keep_its_order_and_cover_it() {
        assert_eq!(split(&[5, 6, 7, 8, 9]), vec![vec![5, 6, 7], vec![8, 9]]);
        assert_eq!(split(&[4, 1, 2, 3]), vec![vec![4, 1], vec![2, 3]]);
        assert_eq!(split(&[3]), vec![vec![3], vec![]]);
        let joined: Vec<usize> = split(&(0..64).collect::<Vec<_>>()).concat();
        assert_eq!(joined, (0..64).collect::<Vec<_>>());
    }

    /// real-en-ja's toy preset: d_model 64, 4 heads, 2 layers, and its
    /// vocabularies (seed 42: `assets/checkpoints/real-en-ja.ckpt`'s header).
    fn toy_size() -> ModelSize {
        let shape = crate::TaskShape {
            // The real task's vocabulary sizes, copied from its checkpoint
            // header; the tests below depend on their scale, not the digits.
            src_vocab: 1_582,
            tgt_vocab: 1_872,
            longest_source: 12,
            longest_target: 14,
        };
        let settings = Settings::toy(TaskKind::RealEnJa);
        settings.model_size(&shape)
    }

    /// The larger of the shards' multiply-adds, each padded to its longest.
    fn costlier(shards: &[Vec<usize>], tokens: &[(usize, usize)], size: &ModelSize) -> u64 {
        shards
            .iter()
            .map(|shard| {
                let longest = |f: fn(&(usize, usize)) -> usize| {
                    shard.iter().map(|&p| f(&tokens[p])).max().unwrap_or(0)
                };
                let work = Workload {
                    sentences: shard.len(),
                    src_len: longest(|t| t.0),
                    tgt_len: longest(|t| t.1),
                };
                step_cost(size, &work).unwrap().multiply_adds
            })
            .max()
            .unwrap()
    }

    const ROOMY: Workload = Workload {
        sentences: 32,
        src_len: 13,
        tgt_len: 15,
    };

    #[test]
    fn a_cut_by_cost_costs_no_more_than_the_even_cut_and_covers_the_batch() {
        let size = toy_size();
        // Pair p's lengths, from a fixed pseudo-random stream; pairs are their own indices.
        let mut state = 7u64;
        for n in [2usize, 3, 5, 17, 64] {
            let tokens: Vec<(usize, usize)> = (0..n)
                .map(|_| {
                    state = lab_math::rng::mix(state);
                    (2 + (state % 12) as usize, 2 + ((state >> 8) % 14) as usize)
                })
                .collect();
            let pairs: Vec<usize> = (0..n).collect();
            let shards = split_by_cost(&pairs, &tokens, &size, &ROOMY);
            let mut joined = shards.concat();
            joined.sort();
            assert_eq!(joined, pairs, "{n} pairs");
            assert!(
                shards.iter().all(|s| !s.is_empty()),
                "{n} pairs: {shards:?}"
            );
            let even = costlier(&split(&pairs), &tokens, &size);
            assert!(costlier(&shards, &tokens, &size) <= even, "{n} pairs");
        }
    }

    #[test]
    fn a_long_sentence_is_not_padded_onto_the_short_ones() {
        let size = toy_size();
        // Seven short pairs and one long one, the long one first.
        let mut tokens = vec![(3, 3); 8];
        tokens[0] = (13, 15);
        let pairs: Vec<usize> = (10..18).collect();
        let shards = split_by_cost(&pairs, &tokens, &size, &ROOMY);
        // Pair indices here are positions: map them back for the cost.
        let at = |shard: &Vec<usize>| shard.iter().map(|p| p - 10).collect::<Vec<_>>();
        let positions: Vec<Vec<usize>> = shards.iter().map(at).collect();
        assert_eq!(
            shards[1],
            vec![10],
            "the long pair alone in the second shard"
        );
        assert_eq!(
            shards[0],
            (11..18).collect::<Vec<_>>(),
            "the short ones in batch order"
        );
        let even = costlier(&split(&(0..8).collect::<Vec<_>>()), &tokens, &size);
        assert!(costlier(&positions, &tokens, &size) * 2 < even);
    }

    #[test]
    fn the_even_cut_is_kept_where_ordering_by_cost_mixes_long_sources_and_targets() {
        let size = toy_size();
        // Two long sources with short targets, then two short sources with
        // long targets. Ordered by their own cost they interleave (0, 2, 1,
        // 3), so every cut in that order pads both ways; the even cut keeps
        // the two kinds apart.
        let tokens = vec![(12, 2), (13, 3), (2, 7), (2, 9)];
        let pairs = [0, 1, 2, 3];
        let shards = split_by_cost(&pairs, &tokens, &size, &ROOMY);
        assert_eq!(shards, split(&pairs));
        let even = costlier(&shards, &tokens, &size);
        let by_cost = [0, 2, 1, 3];
        for cut in 1..4 {
            let sorted = [by_cost[..cut].to_vec(), by_cost[cut..].to_vec()];
            assert!(costlier(&sorted, &tokens, &size) > even, "cut {cut}");
        }
    }

    #[test]
    fn no_shard_needs_more_memory_than_the_settings_were_checked_for() {
        let size = toy_size();
        let bytes = |work: &Workload| step_cost(&size, work).unwrap().step_bytes;
        let mut state = 11u64;
        for n in [2usize, 9, 64] {
            let tokens: Vec<(usize, usize)> = (0..n)
                .map(|_| {
                    state = lab_math::rng::mix(state);
                    (2 + (state % 12) as usize, 2 + ((state >> 8) % 14) as usize)
                })
                .collect();
            // The settings' workload: half the batch, each as long as the longest.
            let bound = Workload {
                sentences: n.div_ceil(SHARDS),
                src_len: tokens.iter().map(|t| t.0).max().unwrap(),
                tgt_len: tokens.iter().map(|t| t.1).max().unwrap(),
            };
            let pairs: Vec<usize> = (0..n).collect();
            for shard in split_by_cost(&pairs, &tokens, &size, &bound) {
                let work = Workload {
                    sentences: shard.len(),
                    src_len: shard.iter().map(|&p| tokens[p].0).max().unwrap(),
                    tgt_len: shard.iter().map(|&p| tokens[p].1).max().unwrap(),
                };
                assert!(
                    bytes(&work) <= bytes(&bound),
                    "{n} pairs: {work:?} over {bound:?}"
                );
            }
        }
        // A bound no cut fits (smaller than the even cut): the batch is cut
        // evenly in its own order; so is a batch of one pair.
        let tokens = vec![(13, 15), (3, 3), (13, 15), (3, 3)];
        let tight = Workload {
            sentences: 1,
            src_len: 3,
            tgt_len: 3,
        };
        assert_eq!(
            split_by_cost(&[0, 1, 2, 3], &tokens, &size, &tight),
            split(&[0, 1, 2, 3])
        );
        assert_eq!(split_by_cost(&[4], &[(3, 3)], &size, &ROOMY), split(&[4]));
    }

    #[test]
    fn every_shard_failure_crosses_the_message_codec_as_typed_data() {
        let refused = crate::Settings {
            n_heads: 3,
            ..crate::Settings::toy(TaskKind::Copy)
        }
        .validate()
        .expect_err("64 % 3 != 0");
        let failures = [
            ShardFailure::NotWholeFloats { bytes: 10 },
            ShardFailure::Settings(refused),
            ShardFailure::Weights(WrongWeightCount {
                expected: 1234,
                got: 1233,
            }),
            ShardFailure::Sentences {
                task: TaskKind::RealEnZh,
                why: CorpusError::NotACorpus,
            },
            ShardFailure::Sentences {
                task: TaskKind::Custom,
                why: CorpusError::BadLine {
                    line: 4,
                    why: LineProblem::AltMismatch,
                },
            },
            ShardFailure::Sentences {
                task: TaskKind::RealEnJa,
                why: CorpusError::WrongTask {
                    expected: TaskKind::RealEnJa,
                    found: "real-en-zh".into(),
                },
            },
        ];
        for (ticket, why) in (0..).zip(failures) {
            let failed = WorkerOutput::ShardDone {
                ticket,
                result: Err(why.clone()),
                bytes: Vec::new(),
            };
            let (text, beside) = failed.to_parts();
            assert_eq!(beside, Some(&[][..]), "an empty buffer: {text}");
            let back = WorkerOutput::from_parts(&text, beside.map(<[u8]>::to_vec));
            assert_eq!(back, Ok(failed), "{text}");
            assert!(!why.to_string().is_empty());
        }
    }

    #[test]
    fn a_failure_reads_as_its_reason() {
        let sentences = ShardFailure::Sentences {
            task: TaskKind::RealEnZh,
            why: CorpusError::BadLine {
                line: 4,
                why: LineProblem::NoTarget,
            },
        };
        assert_eq!(
            sentences.to_string(),
            "the sentences of real-en-zh did not read: line 4: no TAB and target sentence"
        );
        let weights = ShardFailure::from(WrongWeightCount {
            expected: 10,
            got: 9,
        });
        assert_eq!(
            weights.to_string(),
            "the weights do not fit the model: 9 weights for a model of 10"
        );
    }
}
