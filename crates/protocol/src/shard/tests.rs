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

/// real-en-ja's toy preset (the sizes of `lab_math::toy`) and its
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

/// `n` pairs' padded lengths from a fixed pseudo-random stream.
fn random_lengths(n: usize, state: &mut u64) -> Vec<(usize, usize)> {
    (0..n)
        .map(|_| {
            *state = lab_math::rng::mix(*state);
            (
                2 + (*state % 12) as usize,
                2 + ((*state >> 8) % 14) as usize,
            )
        })
        .collect()
}

/// The cheapest of all ways to put `n` pairs in two non-empty shards,
/// by trying every one.
fn cheapest_of_all(tokens: &[(usize, usize)], size: &ModelSize) -> u64 {
    let n = tokens.len();
    (1..(1u32 << n) - 1)
        .map(|mask| {
            let (a, b): (Vec<usize>, Vec<usize>) = (0..n).partition(|&p| mask & (1 << p) != 0);
            costlier(&[a, b], tokens, size)
        })
        .min()
        .unwrap()
}

#[test]
fn a_cut_by_cost_covers_the_batch_and_is_the_best_cut_in_cost_order_or_the_even_one() {
    let size = toy_size();
    let mut state = 7u64;
    for n in [2usize, 3, 5, 17, 64] {
        // Pairs are their own indices, so `tokens[p]` is pair p's.
        let tokens = random_lengths(n, &mut state);
        let pairs: Vec<usize> = (0..n).collect();
        let shards = split_by_cost(&pairs, &tokens, &size, &ROOMY);
        let mut joined = shards.concat();
        joined.sort();
        assert_eq!(joined, pairs, "{n} pairs");
        assert!(
            shards.iter().all(|s| !s.is_empty()),
            "{n} pairs: {shards:?}"
        );
        // Every cut of the pairs ordered by their own cost, and the even
        // cut, priced by padding each shard afresh (not by running maxima).
        let mut order = pairs.clone();
        order.sort_by_key(|&p| costlier(&[vec![p]], &tokens, &size));
        let best = (1..n)
            .map(|c| costlier(&[order[..c].to_vec(), order[c..].to_vec()], &tokens, &size))
            .chain([costlier(&split(&pairs), &tokens, &size)])
            .min()
            .unwrap();
        assert_eq!(costlier(&shards, &tokens, &size), best, "{n} pairs");
    }
}

#[test]
fn where_longer_sources_come_with_longer_targets_the_cut_is_the_best_of_all() {
    // Then the shard without the longest pair is best made of the
    // shortest ones, so some cut of the cost order is optimal: the cut
    // found must cost what trying all 2^n − 2 ways costs.
    let size = toy_size();
    let mut state = 11u64;
    for n in [2usize, 4, 7, 10] {
        let mut sources: Vec<usize> = random_lengths(n, &mut state).iter().map(|t| t.0).collect();
        let mut targets: Vec<usize> = random_lengths(n, &mut state).iter().map(|t| t.1).collect();
        sources.sort();
        targets.sort();
        // Paired in the same order, then dealt out of order.
        let mut tokens: Vec<(usize, usize)> = sources.into_iter().zip(targets).collect();
        tokens.rotate_left(n / 2);
        tokens.swap(0, n - 1);
        let pairs: Vec<usize> = (0..n).collect();
        let shards = split_by_cost(&pairs, &tokens, &size, &ROOMY);
        assert_eq!(
            costlier(&shards, &tokens, &size),
            cheapest_of_all(&tokens, &size),
            "{n} pairs: {tokens:?} cut as {shards:?}"
        );
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
        let (body, beside) = failed.to_parts();
        assert_eq!(beside, Some(&[][..]), "an empty buffer: {failed:?}");
        let back = WorkerOutput::from_parts(&body, beside.map(<[u8]>::to_vec));
        assert_eq!(back, Ok(failed), "{body:?}");
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
