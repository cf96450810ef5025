//! The helper worker's side of a shared step ([`lab_protocol::shard`]): it
//! keeps a replica of the training worker's model, built from each job's
//! settings and from the run's sentences it was handed
//! ([`WorkerInput::Sentences`](lab_protocol::WorkerInput::Sentences)), and
//! answers each shard with its gradients or with why it could not
//! ([`ShardFailure`]). The burn part (the replica itself) is the worker's
//! `trainer.rs`; what to answer is decided here, where it is tested natively.

use lab_protocol::shard::{f32s_to_bytes, whole_floats};
use lab_protocol::{ShardFailure, ShardJob, ShardReport, WorkerOutput};
use lab_tasks::corpus::{Corpus, CorpusError};
use lab_tasks::TaskKind;

/// The run's sentences a helper was handed that did not read, by task.
///
/// A helper fetches nothing: the sentences it is handed are the only ones
/// it may train a shard of their task on. When they do not read, it keeps
/// why, and every shard of that task fails with that reason until sentences
/// of that task read, rather than train on sentences it had before (an
/// earlier model's) or fail for a reason that hides this one.
#[derive(Debug, Default)]
pub struct HandedSentences {
    unreadable: Vec<(TaskKind, CorpusError)>,
}

impl HandedSentences {
    /// Reads the sentences of `task` the helper was handed: the corpus to
    /// build that task's datasets from, or `None` when they did not read
    /// (and why is kept for the shards that need them).
    pub fn read(&mut self, task: TaskKind, text: &str) -> Option<Corpus> {
        self.unreadable.retain(|(t, _)| *t != task);
        match Corpus::parse(task, text) {
            Ok(corpus) => Some(corpus),
            Err(why) => {
                self.unreadable.push((task, why));
                None
            }
        }
    }

    /// Whether a shard of `job` may be computed: not while the sentences of
    /// its task that the helper was handed did not read.
    pub fn check(&self, job: &ShardJob) -> Result<(), ShardFailure> {
        let task = job.settings.task;
        match self.unreadable.iter().find(|(t, _)| *t == task) {
            Some((_, why)) => Err(ShardFailure::Sentences {
                task,
                why: why.clone(),
            }),
            None => Ok(()),
        }
    }
}

/// The helper's answer to [`WorkerInput::Shard`](lab_protocol::WorkerInput::Shard)
/// `ticket`: `compute` (the replica's forward and backward pass) on the
/// weights sent as `bytes` (little-endian `f32`s, handed on as they came:
/// the replica reads each tensor straight from them), unless the sentences
/// the job needs did not read or the bytes are not whole `f32`s.
pub fn answer_shard(
    handed: &HandedSentences,
    ticket: u64,
    job: &ShardJob,
    bytes: &[u8],
    compute: impl FnOnce(&ShardJob, &[u8]) -> Result<(ShardReport, Vec<f32>), ShardFailure>,
) -> WorkerOutput {
    let whole = handed.check(job).and_then(|()| whole_floats(bytes.len()));
    match whole.and_then(|_| compute(job, bytes)) {
        Ok((report, values)) => WorkerOutput::ShardDone {
            ticket,
            result: Ok(report),
            bytes: f32s_to_bytes(&values),
        },
        Err(why) => WorkerOutput::ShardDone {
            ticket,
            result: Err(why),
            bytes: Vec::new(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lab_protocol::shard::bytes_to_f32s;
    use lab_protocol::Settings;
    use lab_tasks::corpus::{LineProblem, FORMAT_LINE};

    fn job(task: TaskKind) -> ShardJob {
        ShardJob {
            settings: Settings::toy(task),
            step: 3,
            shard: 1,
            seed: 7,
            pairs: vec![0, 1],
            batch_tokens: 10,
        }
    }

    fn report() -> ShardReport {
        ShardReport {
            step: 3,
            shard: 1,
            loss: 0.5,
            correct: 1,
            n_tokens: 4,
            present: vec![true],
        }
    }

    /// A replica that computes any shard: its gradients are the weights, doubled.
    fn computed(_: &ShardJob, weights: &[u8]) -> Result<(ShardReport, Vec<f32>), ShardFailure> {
        let weights = bytes_to_f32s(weights).expect("checked whole");
        Ok((report(), weights.iter().map(|w| 2.0 * w).collect()))
    }

    fn never(_: &ShardJob, _: &[u8]) -> Result<(ShardReport, Vec<f32>), ShardFailure> {
        panic!("no shard is computed on sentences that did not read")
    }

    fn failure(answer: WorkerOutput) -> Option<ShardFailure> {
        match answer {
            WorkerOutput::ShardDone {
                result: Err(why),
                bytes,
                ..
            } => {
                assert!(bytes.is_empty(), "a failure carries no gradients");
                Some(why)
            }
            _ => None,
        }
    }

    #[test]
    fn sentences_that_do_not_read_fail_the_next_shard_of_their_task_with_why() {
        let mut handed = HandedSentences::default();
        let weights = f32s_to_bytes(&[0.5, -1.0]);
        assert_eq!(handed.read(TaskKind::RealEnZh, "not a corpus"), None);
        let answer = answer_shard(&handed, 9, &job(TaskKind::RealEnZh), &weights, never);
        let unread = ShardFailure::Sentences {
            task: TaskKind::RealEnZh,
            why: CorpusError::NotACorpus,
        };
        assert_eq!(failure(answer), Some(unread.clone()));
        // And every shard of that task after it, not just the first.
        let again = answer_shard(&handed, 10, &job(TaskKind::RealEnZh), &weights, never);
        assert_eq!(failure(again), Some(unread));
        // A shard of another task needs none of them.
        let toy = answer_shard(&handed, 11, &job(TaskKind::Copy), &weights, computed);
        let expected = WorkerOutput::ShardDone {
            ticket: 11,
            result: Ok(report()),
            bytes: f32s_to_bytes(&[1.0, -2.0]),
        };
        assert_eq!(toy, expected);
    }

    #[test]
    fn sentences_that_read_lift_the_failure_of_their_task_only() {
        let mut handed = HandedSentences::default();
        let header = format!("{FORMAT_LINE}\n# task: custom\n\n");
        let bad = format!("{header}i eat\tI\teat it\n");
        assert_eq!(handed.read(TaskKind::Custom, &bad), None);
        assert_eq!(handed.read(TaskKind::RealEnJa, ""), None);
        let bad_line = ShardFailure::Sentences {
            task: TaskKind::Custom,
            why: CorpusError::BadLine {
                line: 4,
                why: LineProblem::AltMismatch,
            },
        };
        assert_eq!(handed.check(&job(TaskKind::Custom)), Err(bad_line));
        let good = format!("{header}i eat\t私 は 食べる\n");
        let corpus = handed.read(TaskKind::Custom, &good).expect("it reads");
        assert_eq!(corpus.pairs.len(), 1);
        assert_eq!(handed.check(&job(TaskKind::Custom)), Ok(()));
        let still = handed.check(&job(TaskKind::RealEnJa));
        assert!(
            matches!(
                still,
                Err(ShardFailure::Sentences {
                    task: TaskKind::RealEnJa,
                    ..
                })
            ),
            "{still:?}"
        );
    }

    #[test]
    fn weights_that_are_not_whole_floats_are_refused_before_the_replica_is_touched() {
        let handed = HandedSentences::default();
        let answer = answer_shard(&handed, 1, &job(TaskKind::Copy), &[1, 2, 3, 4, 5], never);
        assert_eq!(
            failure(answer),
            Some(ShardFailure::NotWholeFloats { bytes: 5 })
        );
        // The replica's own failure is passed on as it is.
        let wrong = lab_protocol::WrongWeightCount {
            expected: 3,
            got: 2,
        };
        let answer = answer_shard(
            &handed,
            2,
            &job(TaskKind::Copy),
            &f32s_to_bytes(&[1.0, 2.0]),
            |_, _| Err(wrong.into()),
        );
        assert_eq!(failure(answer), Some(ShardFailure::Weights(wrong)));
    }
}
