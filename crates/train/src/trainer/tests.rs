use super::save::RunMeta;
use super::*;
use crate::testing::small;
use lab_model::checkpoint;
use lab_protocol::{CheckpointProblem, StepReport};
use lab_tasks::TaskKind;

/// [`small`] with batches of 8 sentences.
fn tiny(task: TaskKind) -> Settings {
    Settings {
        batch_size: 8,
        ..small(task)
    }
}

#[test]
fn a_dataset_shared_with_the_last_one_built_is_the_one_its_task_and_seed_build() {
    let text = |d: &Dataset| serde_json::to_string(d).expect("plain data");
    for (task, seed) in [
        (TaskKind::EnJa, 1),
        (TaskKind::EnJa, 1),
        (TaskKind::Reverse, 1),
        (TaskKind::EnJa, 2),
        (TaskKind::EnJa, 1),
    ] {
        let copied = dataset_for(task, seed).expect("a toy task");
        assert_eq!(
            text(&copied),
            text(&Dataset::build(task, seed)),
            "{task:?} {seed}"
        );
    }
    assert_ne!(
        text(&dataset_for(TaskKind::EnJa, 1).expect("a toy task")),
        text(&dataset_for(TaskKind::EnJa, 2).expect("a toy task")),
        "another seed, another shuffle"
    );
}

#[test]
fn evaluation_bytes_leave_out_adams_moments_and_evaluate_the_same() {
    let mut trainer = Trainer::new(&tiny(TaskKind::Reverse)).expect("valid settings");
    for _ in 0..3 {
        trainer.step();
    }
    let full = trainer.to_bytes();
    let weights = trainer.to_bytes_for_evaluation();
    // Adam's two moments: two f32 per parameter.
    let moments = 2 * 4 * trainer.weights().len();
    assert!(
        weights.len() + moments <= full.len(),
        "{} bytes against {}",
        weights.len(),
        full.len()
    );
    let direct = trainer.evaluate(16);
    let from_full = Trainer::from_bytes(&full)
        .expect("a checkpoint")
        .evaluate(16);
    let from_weights = Trainer::from_bytes(&weights)
        .expect("a checkpoint")
        .evaluate(16);
    assert_eq!(from_weights, direct);
    assert_eq!(from_full, direct);
    assert_eq!(direct.step, 3);
}

#[test]
fn the_same_seed_gives_the_same_run() {
    let losses = |seed| {
        let mut t = Trainer::new(&Settings {
            seed,
            ..tiny(TaskKind::Reverse)
        })
        .expect("valid settings");
        (0..3).map(|_| t.step().loss).collect::<Vec<f32>>()
    };
    assert_eq!(losses(7), losses(7));
    assert_ne!(losses(7), losses(8));
}

/// A step whose second shard another trainer computes, as a helper worker does.
fn step_with_helper(main: &mut Trainer, helper: &mut Trainer) -> StepReport {
    let plan = main.plan_step();
    helper
        .set_weight_bytes(&main.weight_bytes())
        .expect("same settings, same shapes");
    let shards = vec![
        helper.shard_gradients(&plan.jobs[1]),
        main.shard_gradients(&plan.jobs[0]),
    ];
    main.finish_step(plan, shards)
        .expect("the plan's own shards")
}

#[test]
fn a_step_shared_with_a_helper_is_bit_identical_to_one_taken_alone() {
    let settings = tiny(TaskKind::Reverse);
    let mut alone = Trainer::new(&settings).unwrap();
    let mut main = Trainer::new(&settings).unwrap();
    // The helper has the run's settings (they fix its dataset), but its
    // own weights and data position do not matter: it takes the weights
    // and the pairs it is sent.
    let mut helper = Trainer::new(&settings).unwrap();
    helper.step();
    for _ in 0..3 {
        let (a, b) = (alone.step(), step_with_helper(&mut main, &mut helper));
        assert_eq!(a.loss.to_bits(), b.loss.to_bits());
    }
    assert!(
        alone.to_bytes() == main.to_bytes(),
        "the same weights, moments and data position"
    );
}

#[test]
fn a_helper_handed_the_runs_sentences_computes_the_same_shard() {
    // A toy's data is generated in code: nothing to hand over.
    assert!(Trainer::new(&tiny(TaskKind::Reverse))
        .unwrap()
        .sentences()
        .is_none());
    for task in [TaskKind::RealEnZh, TaskKind::RealEnJa] {
        let settings = Settings {
            batch_size: 4,
            ..tiny(task)
        };
        let mut main = Trainer::new(&settings).unwrap();
        let sentences = main.sentences().expect("a real task's sentences");
        // What the helper is sent, read as the helper reads it.
        let received = Corpus::parse(task, &sentences.to_text(&[])).expect("a corpus file");
        assert!(received == *sentences, "{task:?}: the same pairs, in order");
        let dataset = Arc::new(Dataset::from_corpus(&received, settings.seed));
        let mut helper = Trainer::with_dataset(&settings, dataset, Backend::default()).unwrap();
        let mut alone = Trainer::new(&settings).unwrap();
        let (a, b) = (alone.step(), step_with_helper(&mut main, &mut helper));
        assert_eq!(a.loss.to_bits(), b.loss.to_bits(), "{task:?}");
    }
}

#[test]
fn a_run_saved_while_a_step_is_planned_resumes_before_that_step() {
    let settings = tiny(TaskKind::Reverse);
    let mut uninterrupted = Trainer::new(&settings).unwrap();
    let mut planning = Trainer::new(&settings).unwrap();
    planning.step();
    uninterrupted.step();
    let _in_flight = planning.plan_step();
    let mut resumed = Trainer::from_bytes(&planning.to_bytes()).unwrap();
    assert_eq!(resumed.step_count(), 1);
    for _ in 0..2 {
        assert_eq!(
            resumed.step().loss.to_bits(),
            uninterrupted.step().loss.to_bits()
        );
    }
}

// A second thread is native only: the browser's second core is a second worker.
#[cfg(not(target_arch = "wasm32"))]
#[test]
fn a_step_shared_with_a_second_thread_is_bit_identical_to_one_taken_alone() {
    let settings = tiny(TaskKind::Reverse);
    let mut alone = Trainer::new(&settings).unwrap();
    let mut main = Trainer::new(&settings).unwrap();
    let mut helper = Trainer::new(&settings).unwrap();
    for _ in 0..3 {
        let (a, b) = (alone.step(), main.step_with_helper(&mut helper));
        assert_eq!(a.loss.to_bits(), b.loss.to_bits());
    }
    assert!(alone.to_bytes() == main.to_bytes());
}

#[test]
fn the_shards_add_up_to_the_whole_batchs_loss_and_gradients() {
    // No dropout, so the whole batch and its shards see the same network.
    let settings = Settings {
        dropout: 0.0,
        ..tiny(TaskKind::Reverse)
    };
    let mut trainer = Trainer::new(&settings).unwrap();
    let plan = trainer.plan_step();
    let shards: Vec<ShardGradients> = plan
        .jobs
        .iter()
        .map(|j| trainer.shard_gradients(j))
        .collect();
    assert!(
        shards.iter().all(|s| s.report.n_tokens > 0),
        "both shards have pairs"
    );
    let whole = ShardJob {
        shard: 0,
        pairs: plan.jobs.iter().flat_map(|j| j.pairs.clone()).collect(),
        ..plan.jobs[0].clone()
    };
    let whole = trainer.shard_gradients(&whole);
    let summed: f32 = shards.iter().map(|s| s.report.loss).sum();
    assert!(
        (summed - whole.report.loss).abs() < 1e-5,
        "{summed} against {}",
        whole.report.loss
    );
    let parts: Vec<(&[f32], &[bool])> = shards
        .iter()
        .map(|s| (s.values.as_slice(), s.report.present.as_slice()))
        .collect();
    let (grads, present) = crate::flat::sum_gradients(&trainer.model, &parts).unwrap();
    assert_eq!(present, whole.report.present);
    let worst = grads
        .iter()
        .zip(&whole.values)
        .map(|(a, b)| (a - b).abs())
        .fold(0.0f32, f32::max);
    assert!(worst < 1e-5, "largest difference {worst}");
}

#[test]
fn shards_of_another_step_are_refused_and_change_nothing() {
    let settings = tiny(TaskKind::Copy);
    let mut trainer = Trainer::new(&settings).unwrap();
    let before = trainer.weights();
    let stale = trainer.plan_step();
    let stale: Vec<ShardGradients> = stale
        .jobs
        .iter()
        .map(|j| trainer.shard_gradients(j))
        .collect();
    let plan = trainer.plan_step();
    let mut wrong = stale.clone();
    for s in &mut wrong {
        s.report.step = 5;
    }
    assert!(trainer.finish_step(plan, wrong).is_err());
    let plan = trainer.plan_step();
    assert!(
        trainer.finish_step(plan, stale[..1].to_vec()).is_err(),
        "a shard is missing"
    );
    assert_eq!(trainer.weights(), before);
    assert_eq!(trainer.step_count(), 0);
}

#[test]
fn weights_round_trip_and_a_list_of_the_wrong_length_is_refused() {
    let mut trainer = Trainer::new(&tiny(TaskKind::Copy)).unwrap();
    let weights = trainer.weights();
    let doubled: Vec<f32> = weights.iter().map(|w| w * 2.0).collect();
    trainer.set_weights(&doubled).unwrap();
    assert_eq!(trainer.weights(), doubled);
    let short = lab_protocol::WrongWeightCount {
        expected: weights.len(),
        got: weights.len() - 1,
    };
    assert_eq!(trainer.set_weights(&weights[1..]), Err(short.into()));
    assert_eq!(trainer.weights(), doubled);
}

#[test]
fn invalid_settings_are_refused_before_anything_is_built() {
    let err = Trainer::new(&Settings {
        n_heads: 5,
        ..tiny(TaskKind::Copy)
    })
    .err()
    .expect("16 is not divisible by 5");
    assert!(err.to_string().contains("divisible"), "{err}");
}

#[test]
fn a_restored_run_has_the_same_weights_settings_and_step() {
    let mut t = Trainer::new(&tiny(TaskKind::Copy)).expect("valid settings");
    t.step();
    t.step();
    let bytes = t.to_bytes();
    let restored = Trainer::from_bytes(&bytes).expect("own checkpoint loads");
    assert_eq!(restored.step_count(), 2);
    assert_eq!(restored.settings(), t.settings());
    assert_eq!(restored.to_bytes(), bytes, "weights round-trip bit-exactly");
    // A refused file, as the data the page words (`TrainerError::problem`).
    let problem = |bytes: &[u8]| Trainer::from_bytes(bytes).err().expect("refused").problem();
    let truncated = problem(&bytes[..bytes.len() - 10]);
    assert!(matches!(truncated, CheckpointProblem::Damaged { .. }));
    let (mut future, newest) = (bytes.clone(), checkpoint::FORMAT_VERSION);
    future[8..12].copy_from_slice(&(newest + 1).to_le_bytes());
    let oldest = checkpoint::OLDEST_VERSION;
    let unsupported = CheckpointProblem::UnsupportedVersion {
        found: newest + 1,
        oldest,
        newest,
    };
    for (file, expected) in [
        (&b"just some text"[..], CheckpointProblem::NotACheckpoint),
        (&bytes[..6], CheckpointProblem::TooShort { bytes: 6 }),
        (&future[..], unsupported),
    ] {
        assert_eq!(problem(file), expected);
    }
}

#[test]
fn a_run_of_the_readers_pairs_carries_them_in_its_checkpoint() {
    let pairs = |word: &str| {
        let text: String = (0..8).map(|i| format!("{word}{i} x\ty{i} z\n")).collect();
        lab_tasks::corpus::parse_pairs(&text).expect("pairs").corpus
    };
    corpus::provide(pairs("cat"));
    let settings = Settings {
        batch_size: 4,
        ..Settings::toy(TaskKind::Custom)
    };
    let mut trainer = Trainer::new(&settings).expect("the pairs are provided");
    trainer.step();
    let bytes = trainer.to_bytes();
    // Other pairs come: the saved run keeps its own.
    corpus::provide(pairs("dog"));
    let restored = Trainer::from_bytes(&bytes).expect("the run carries its pairs");
    assert_eq!(restored.dataset().probe().src, vec!["cat0", "x"]);
    assert_eq!(restored.dataset().train, trainer.dataset().train);
    assert_eq!(restored.to_bytes(), bytes);
    let fresh = Trainer::new(&settings).expect("the new pairs");
    assert_eq!(fresh.dataset().probe().src, vec!["dog0", "x"]);
}

#[test]
fn the_largest_settings_the_form_allows_fit_the_one_parameter_budget() {
    use lab_protocol::settings::{MAX_BATCH, MAX_D_FF, MAX_D_MODEL, MAX_LAYERS};
    for task in TaskKind::BUILT_IN {
        let s = Settings {
            d_model: MAX_D_MODEL,
            n_heads: 8,
            d_ff: MAX_D_FF,
            n_layers: MAX_LAYERS,
            batch_size: MAX_BATCH,
            ..Settings::toy(task)
        };
        assert_eq!(s.validate(), Ok(()));
        let n = lab_model::parameters::parameter_count(&model_config(&s, &Dataset::build(task, 1)))
            .expect("fits in u64");
        assert!(n <= MAX_PARAMETERS, "{task:?}: {n} > {MAX_PARAMETERS}");
    }
}

#[test]
fn the_initial_weights_depend_on_the_seed_alone_not_on_what_runs_between() {
    let settings = tiny(TaskKind::Copy);
    let a = Trainer::new(&settings).expect("valid");
    let b = Trainer::new(&settings).expect("valid");
    // Another run draws from the backend's generator in between; burn's
    // lazily initialised parameters would be drawn only now, when saved.
    let mut other = Trainer::new(&Settings {
        seed: 7,
        ..settings.clone()
    })
    .expect("valid");
    other.step();
    assert!(
        a.to_bytes() == b.to_bytes(),
        "same seed, same initial weights"
    );
}

#[test]
fn the_shuffling_generator_can_be_fast_forwarded() {
    let mut drawn = Rng::new(42);
    let mut order: Vec<usize> = (0..37).collect();
    for _ in 0..5 {
        drawn.shuffle(&mut order);
    }
    let mut jumped = generator_after(42, 5 * 36);
    assert_eq!(
        (0..4).map(|_| drawn.next_u64()).collect::<Vec<_>>(),
        (0..4).map(|_| jumped.next_u64()).collect::<Vec<_>>()
    );
}

/// `n` losses, as bits, of `trainer`'s next steps.
fn next_losses(trainer: &mut Trainer, n: usize) -> Vec<u32> {
    (0..n).map(|_| trainer.step().loss.to_bits()).collect()
}

#[test]
fn a_resumed_run_continues_bit_identically_across_an_epoch() {
    // With dropout on, and past the end of an epoch after the restore, so
    // the weights, Adam's moments, the Noam step, the dropout masks and
    // the data order must all come back exactly.
    let settings = Settings {
        dropout: 0.1,
        ..tiny(TaskKind::Copy)
    };
    let mut uninterrupted = Trainer::new(&settings).expect("valid settings");
    let epoch = uninterrupted.order.len() / settings.batch_size;
    let k = epoch - 2;
    let mut first = Trainer::new(&settings).expect("valid settings");
    assert_eq!(
        next_losses(&mut first, k),
        next_losses(&mut uninterrupted, k)
    );
    let bytes = first.to_bytes();
    drop(first);
    let mut resumed = Trainer::from_bytes(&bytes).expect("own checkpoint loads");
    assert_eq!(resumed.step_count(), k);
    assert_eq!(
        next_losses(&mut resumed, 6),
        next_losses(&mut uninterrupted, 6),
        "the losses after the restore are the uninterrupted run's, bit for bit"
    );
    assert_eq!(resumed.to_bytes(), uninterrupted.to_bytes());
}

#[test]
fn a_checkpoint_without_moments_resumes_with_a_fresh_optimizer() {
    let mut t = Trainer::new(&tiny(TaskKind::Reverse)).expect("valid settings");
    t.step();
    let mut checked = checkpoint::read(&t.to_bytes()).expect("own bytes");
    assert!(checked.optimizer.is_some(), "Adam's moments are saved");
    checked.optimizer = None;
    let meta = checked.meta.clone();
    let device = crate::device();
    let model = seeded(&device, 0, || checked.build(&device));
    let weights_only = checkpoint::to_bytes(&model, meta);
    let mut resumed = Trainer::from_bytes(&weights_only).expect("loads");
    assert!(resumed.step().loss.is_finite());
}

#[test]
fn a_checkpoint_carries_the_curves_it_was_given_once() {
    let mut t = Trainer::new(&tiny(TaskKind::Copy)).expect("valid settings");
    let report = t.step();
    assert!(Trainer::from_bytes(&t.to_bytes())
        .expect("own bytes")
        .take_curves()
        .is_none());
    let mut curves = Curves::default();
    curves.push_train(&[lab_protocol::TrainPoint::from(&report)]);
    curves.push_eval(lab_protocol::EvalPoint::from(&t.evaluate(4)));
    t.set_curves(curves.clone());
    for bytes in [t.to_bytes(), t.to_bytes_for_evaluation()] {
        let mut loaded = Trainer::from_bytes(&bytes).expect("own bytes");
        assert_eq!(loaded.take_curves(), Some(curves.clone()));
        // Taken once: the loaded run's own checkpoints carry none.
        assert_eq!(loaded.take_curves(), None);
        let again = Trainer::from_bytes(&loaded.to_bytes()).expect("own bytes");
        assert!(again.curves.is_none());
    }
}

#[test]
fn the_shipped_version_1_checkpoints_load_and_train() {
    for (task, bytes) in [
        (
            TaskKind::Copy,
            &include_bytes!("../../../../tests/fixtures/version-1/copy.ckpt")[..],
        ),
        (
            TaskKind::EnJa,
            &include_bytes!("../../../../tests/fixtures/version-1/en-ja.ckpt")[..],
        ),
    ] {
        assert_eq!(bytes[8], 1, "the assets are version 1");
        let mut t = Trainer::from_bytes(bytes).expect("a version-1 checkpoint loads");
        assert_eq!(t.settings().task, task);
        let step = t.step_count();
        assert!(t.step().loss.is_finite());
        assert_eq!(t.step_count(), step + 1);
        let again = Trainer::from_bytes(&t.to_bytes()).expect("saved as version 2");
        assert_eq!(again.step_count(), step + 1);
    }
}

#[test]
fn a_forged_data_order_is_refused_before_the_model_is_built() {
    let mut t = Trainer::new(&tiny(TaskKind::Copy)).expect("valid settings");
    t.step();
    let checked = checkpoint::read(&t.to_bytes()).expect("own bytes");
    let mut meta: RunMeta = RunMeta::deserialize(&checked.meta).expect("own meta");
    let data = meta.data.as_mut().expect("the data position is saved");
    data.order[1] = data.order[0];
    let optimizer = checked.optimizer.clone();
    let device = crate::device();
    let model = seeded(&device, 0, || checked.build(&device));
    let forged = checkpoint::to_bytes_with_optimizer(
        &model,
        serde_json::to_value(&meta).expect("plain data"),
        optimizer.as_ref(),
    );
    let err = Trainer::from_bytes(&forged).err().expect("refused");
    assert!(err.to_string().contains("shuffle"), "{err}");
}
