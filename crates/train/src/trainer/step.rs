//! One optimisation step, alone or cut into shards that a helper worker or
//! thread computes, and the weights that cross to it.

use lab_model::burn::optim::GradientsParams;
use lab_protocol::{ShardFailure, ShardJob, ShardReport, StepReport};
use lab_tasks::Pair;
use web_time::Instant;

use super::{ShardGradients, StepPlan, Trainer};
use crate::batch::Batch;
use crate::loss::{smoothed_cross_entropy_rows, trained_positions};

impl Trainer {
    /// One optimisation step: [`Trainer::plan_step`], every shard's
    /// gradients here, one after the other, then [`Trainer::finish_step`].
    /// A non-finite loss is reported and the update is skipped, so the
    /// weights stay as they were before the divergence.
    pub fn step(&mut self) -> StepReport {
        let plan = self.plan(false);
        let shards = plan
            .jobs
            .iter()
            .map(|job| self.shard_gradients(job))
            .collect();
        self.finish_step(plan, shards)
            .expect("this trainer's own shards fit its model")
    }

    /// The next step, cut into [`lab_protocol::SHARDS`] jobs (the batch's pairs
    /// cut by cost, [`lab_protocol::shard::split_by_cost`]). It takes the batch from the
    /// data stream, so a plan must be finished. A job can be computed here
    /// ([`Trainer::shard_gradients`]) or by another trainer of the same
    /// settings given this one's [`Trainer::weights`]: the result is the same.
    pub fn plan_step(&mut self) -> StepPlan {
        self.plan(true)
    }

    /// [`Trainer::plan_step`]; `keep_position` keeps the data position from
    /// before the step for a checkpoint taken before it finishes (only a
    /// step shared with another worker can be saved half-way).
    fn plan(&mut self, keep_position: bool) -> StepPlan {
        let started = Instant::now();
        self.planned_from = keep_position.then(|| self.data_position());
        let indices = self.next_indices();
        let batch_tokens = (indices.iter())
            .map(|&i| Batch::target_tokens(&self.dataset.train[i]))
            .sum();
        // Step k's dropout masks depend only on (seed, k) and the shard.
        let step_seed = self
            .settings
            .seed
            .wrapping_mul(lab_math::rng::GAMMA)
            .wrapping_add(self.step as u64);
        // Each pair's padded lengths, for a cut that pads little (`split_by_cost`).
        let tokens: Vec<(usize, usize)> = (indices.iter())
            .map(|&i| &self.dataset.train[i])
            .map(|p| (Batch::source_tokens(p), Batch::target_tokens(p)))
            .collect();
        let shape = lab_protocol::TaskShape::of(&self.dataset);
        let (size, bound) = (
            self.settings.model_size(&shape),
            self.settings.workload(&shape),
        );
        let jobs = lab_protocol::shard::split_by_cost(&indices, &tokens, &size, &bound)
            .into_iter()
            .enumerate()
            .map(|(shard, pairs)| ShardJob {
                settings: self.settings.clone(),
                step: self.step,
                shard,
                seed: lab_math::rng::mix(step_seed ^ shard as u64),
                pairs,
                batch_tokens,
            })
            .collect();
        StepPlan { jobs, started }
    }

    /// One shard's forward and backward pass on the current weights. Its
    /// loss is divided by the whole batch's token count, so the shards'
    /// losses and gradients add up to the batch's. Pair indices outside the
    /// dataset are skipped (a job from another run).
    pub fn shard_gradients(&self, job: &ShardJob) -> ShardGradients {
        let device = self.backend.training_device();
        let pairs: Vec<&Pair> = job
            .pairs
            .iter()
            .filter_map(|&i| self.dataset.train.get(i))
            .collect();
        let mut report = ShardReport {
            step: job.step,
            shard: job.shard,
            loss: 0.0,
            correct: 0,
            n_tokens: 0,
            present: Vec::new(),
        };
        // No gradient at all: no pair of this run, or a loss that is not finite.
        let none = |report: ShardReport| ShardGradients {
            report: ShardReport {
                present: vec![false; crate::flat::parameter_count(&self.model)],
                ..report
            },
            values: Vec::new(),
        };
        if pairs.is_empty() {
            return none(report);
        }
        let batch = Batch::new(
            &pairs,
            &self.dataset.src_vocab,
            &self.dataset.tgt_vocab,
            &device,
        );
        // Only the lab's own (per-thread) dropout generator is drawn from in
        // a forward pass, so two shards can run at once on two threads.
        lab_model::dropout::seed(job.seed);
        // Logits only where there is a target: the padding's loss is 0, so
        // its generator product and softmax are skipped.
        let positions = trained_positions(&batch.tgt_out);
        if positions.is_empty() {
            return none(report);
        }
        let targets: Vec<u32> = positions.iter().map(|&i| batch.tgt_out[i]).collect();
        let logits = self.model.logits_at(batch.src, batch.tgt_in, &positions);
        let loss = smoothed_cross_entropy_rows(
            logits,
            &targets,
            self.settings.label_smoothing as f64,
            job.batch_tokens,
        );
        report.loss = loss.loss.clone().into_scalar::<f32>();
        report.correct = loss.correct;
        report.n_tokens = loss.n_tokens;
        if !report.loss.is_finite() {
            return none(report);
        }
        let grads = GradientsParams::from_grads(loss.loss.backward(), &self.model);
        let (values, present) = crate::flat::gradients(&grads, &self.model);
        report.present = present;
        ShardGradients { report, values }
    }

    /// Adds the shards' gradients in shard order and lets Adam take the step,
    /// unless the loss is not finite. Refuses shards that are not this plan's
    /// (another step, a missing or repeated shard, or gradients that do not
    /// fit the model), changing nothing; the plan is then dropped and its
    /// batch skipped.
    pub fn finish_step(
        &mut self,
        plan: StepPlan,
        mut shards: Vec<ShardGradients>,
    ) -> Result<StepReport, String> {
        self.planned_from = None;
        shards.sort_by_key(|s| s.report.shard);
        let theirs: Vec<(usize, usize)> = shards
            .iter()
            .map(|s| (s.report.step, s.report.shard))
            .collect();
        let ours: Vec<(usize, usize)> = plan.jobs.iter().map(|j| (j.step, j.shard)).collect();
        if theirs != ours {
            return Err(format!("shards {theirs:?} for a step of {ours:?}"));
        }
        let loss_value: f32 = shards.iter().map(|s| s.report.loss).sum();
        let correct: usize = shards.iter().map(|s| s.report.correct).sum();
        let n_tokens: usize = shards.iter().map(|s| s.report.n_tokens).sum();
        let learning_rate = self.learning_rate(self.step + 1);
        if loss_value.is_finite() {
            let parts: Vec<(&[f32], &[bool])> = shards
                .iter()
                .map(|s| (s.values.as_slice(), s.report.present.as_slice()))
                .collect();
            let (values, present) = crate::flat::sum_gradients(&self.model, &parts)?;
            self.model =
                (self.optim).step_flat(learning_rate, self.model.clone(), &values, &present);
            self.step += 1;
        }
        let seconds = plan.started.elapsed().as_secs_f64().max(1e-9);
        Ok(StepReport {
            step: self.step,
            loss: loss_value,
            token_accuracy: correct as f32 / n_tokens.max(1) as f32,
            learning_rate,
            tokens_per_s: n_tokens as f64 / seconds,
        })
    }

    /// [`Trainer::step`] with the second shard computed by `helper` (a
    /// trainer of the same settings) on a second thread: natively, the
    /// second core does what a helper worker does in the browser. The
    /// result is bit-identical to [`Trainer::step`].
    #[cfg(not(target_arch = "wasm32"))]
    pub fn step_with_helper(&mut self, helper: &mut Trainer) -> StepReport {
        let plan = self.plan(false);
        helper
            .set_weight_bytes(&self.weight_bytes())
            .expect("a helper of the same settings has the same shapes");
        let main = &*self;
        let (own, theirs) = std::thread::scope(|scope| {
            let theirs = scope.spawn(|| helper.shard_gradients(&plan.jobs[1]));
            let own = main.shard_gradients(&plan.jobs[0]);
            (own, theirs.join().expect("a shard's thread does not panic"))
        });
        self.finish_step(plan, vec![own, theirs])
            .expect("this trainer's own shards fit its model")
    }

    /// The current weights, in module order ([`crate::flat::weights`]).
    pub fn weights(&self) -> Vec<f32> {
        crate::flat::weights(&self.model)
    }

    /// Replaces the weights with `values`, as [`Trainer::weights`] lists
    /// them. The optimizer, step and data stream are untouched.
    pub fn set_weights(&mut self, values: &[f32]) -> Result<(), ShardFailure> {
        self.model = crate::flat::with_weights(self.model.clone(), values)?;
        Ok(())
    }

    /// The current weights as the bytes a helper worker is sent before a
    /// shard ([`crate::flat::weight_bytes`]).
    pub fn weight_bytes(&self) -> Vec<u8> {
        crate::flat::weight_bytes(&self.model)
    }

    /// Replaces the weights with the bytes a helper worker was sent
    /// ([`crate::flat::with_weight_bytes`]); the optimizer, step and data
    /// stream are untouched.
    pub fn set_weight_bytes(&mut self, bytes: &[u8]) -> Result<(), ShardFailure> {
        self.model = crate::flat::with_weight_bytes(self.model.clone(), bytes)?;
        Ok(())
    }
}
