//! The pretrained checkpoints in `assets/checkpoints/` load, translate, and
//! `inspect --json` prints attention maps whose rows sum to 1.

use lab_model::checkpoint::WeightPrecision;
use lab_protocol::Curves;
use lab_tasks::TaskKind;
use lab_train::Trainer;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn checkpoint(task: TaskKind) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../assets/checkpoints")
        .join(format!("{task}.ckpt"))
}

/// Runs the CLI with `args` and `--checkpoint` the file at `checkpoint`,
/// whether it succeeds or not.
fn run(args: &[&str], checkpoint: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_attention-lab"))
        .args(args)
        .arg("--checkpoint")
        .arg(checkpoint)
        .output()
        .expect("the CLI runs")
}

/// Runs the CLI with `args` and the checkpoint of `task`; its stdout, which
/// must come from a success.
fn cli(task: TaskKind, args: &[&str]) -> String {
    let out = run(args, &checkpoint(task));
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// [`cli`]'s stdout read as JSON.
fn cli_json(task: TaskKind, args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&cli(task, args)).expect("valid JSON")
}

#[test]
fn every_shipped_checkpoint_loads_and_is_trained() {
    for task in TaskKind::BUILT_IN {
        let bytes = std::fs::read(checkpoint(task)).expect("checkpoint is committed");
        // Shipped in half precision: half the download (`cargo xtask pretrain`).
        let stored = lab_model::checkpoint::read(&bytes).expect("shipped checkpoint reads");
        assert_eq!(stored.precision, WeightPrecision::F16, "{task}");
        assert!(stored.optimizer.is_none(), "{task}");
        let mut trainer = Trainer::from_bytes(&bytes).expect("shipped checkpoint loads");
        assert_eq!(trainer.settings().task, task);
        // It carries its own training's curves, from step 0 to its own step.
        let curves = trainer
            .take_curves()
            .expect("a shipped model carries its curves");
        assert_eq!(curves.train.first().map(|p| p.step), Some(1), "{task}");
        assert_eq!(
            curves.train.last().map(|p| p.step),
            Some(trainer.step_count()),
            "{task}"
        );
        assert!(
            curves.train.len() > 100 && curves.train.len() <= Curves::MAX_SHIPPED_TRAIN,
            "{task}: {} points",
            curves.train.len()
        );
        assert_eq!(
            curves.eval.first().map(|p| p.step),
            Some(0),
            "{task}: untrained first"
        );
        assert_eq!(
            curves.eval.last().map(|p| p.step),
            Some(trainer.step_count()),
            "{task}"
        );
        assert!(curves
            .train
            .first()
            .zip(curves.train.last())
            .is_some_and(|(a, b)| b.loss < a.loss));
        let eval = trainer.evaluate(usize::MAX);
        if task.is_real() {
            // Real sentences are not learnt by heart: held-out BLEU (BENCHMARKS.md: 19.1
            // and 6.8; an untrained model scores 0), with a margin below each.
            let floor = if task == TaskKind::RealEnJa {
                18.0
            } else {
                4.0
            };
            assert!(eval.bleu >= floor, "{task}: held-out BLEU {}", eval.bleu);
        } else {
            assert!(
                eval.exact_match >= 0.98,
                "{task}: held-out exact match {}",
                eval.exact_match
            );
        }
    }
}

#[test]
fn inspect_json_prints_attention_rows_that_sum_to_one() {
    let json = cli_json(
        TaskKind::EnJa,
        &[
            "inspect",
            "--json",
            "--input",
            "the big dog sees a small cat",
        ],
    );
    assert_eq!(
        json["output"],
        serde_json::json!(["大きい", "犬", "は", "小さい", "猫", "を", "見る"])
    );
    assert_eq!(
        json["attention"]["src_tokens"].as_array().map(Vec::len),
        Some(8)
    );
    for kind in ["encoder_self", "decoder_self", "cross"] {
        let maps = &json["attention"][kind];
        let seq_k = maps["seq_k"].as_u64().expect("seq_k") as usize;
        let weights: Vec<f64> = serde_json::from_value(maps["weights"].clone()).expect("weights");
        assert!(!weights.is_empty());
        for row in weights.chunks(seq_k) {
            assert!(
                (row.iter().sum::<f64>() - 1.0).abs() < 1e-4,
                "{kind} row sums to {}",
                row.iter().sum::<f64>()
            );
        }
    }
}

#[test]
fn inspect_explains_unknown_words_and_bad_files() {
    let out = run(
        &["inspect", "--input", "the dog sees a zebra"],
        &checkpoint(TaskKind::EnJa),
    );
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("zebra"));
    let garbage = std::env::temp_dir().join("attention-lab-garbage.ckpt");
    std::fs::write(&garbage, b"definitely not a checkpoint").expect("temp file");
    let out = run(&["inspect", "--input", "the cat runs"], &garbage);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("not an Attention Lab checkpoint"));
}

#[test]
fn translate_json_reports_steps_costs_and_the_same_tokens_with_and_without_the_cache() {
    let run = |extra: &[&str]| {
        let mut args = vec![
            "translate",
            "--json",
            "--input",
            "the big dog sees a small cat",
        ];
        args.extend_from_slice(extra);
        cli_json(TaskKind::EnJa, &args)
    };
    let (with, without) = (run(&[]), run(&["--no-cache"]));
    assert_eq!(
        with["tokens"],
        serde_json::json!(["大きい", "犬", "は", "小さい", "猫", "を", "見る"])
    );
    assert_eq!(with["tokens"], without["tokens"]);
    let steps = with["steps"].as_array().expect("steps");
    assert_eq!(steps.len(), 8, "7 words and <eos>");
    assert_eq!(steps[0]["top_k"].as_array().map(Vec::len), Some(5));
    let cost = |v: &serde_json::Value| v["multiply_adds"].as_u64().expect("a count");
    assert!(cost(&with) < cost(&without), "the cache saves work");
    assert_eq!(
        cost(&steps[0]),
        cost(&without["steps"][0]),
        "nothing to reuse at step 1"
    );
}

#[test]
fn inspect_json_opens_every_head() {
    let json = cli_json(
        TaskKind::EnJa,
        &["inspect", "--json", "--input", "the dog sees a cat"],
    );
    let heads = json["heads"].as_array().expect("heads");
    assert_eq!(heads.len(), 3 * 2 * 4, "3 kinds × 2 layers × 4 heads");
    for h in heads {
        let (sq, sk, dk) = (
            h["seq_q"].as_u64().expect("n") as usize,
            h["seq_k"].as_u64().expect("n") as usize,
            h["d_k"].as_u64().expect("n") as usize,
        );
        assert_eq!(h["q"].as_array().map(Vec::len), Some(sq * dk));
        assert_eq!(h["k"].as_array().map(Vec::len), Some(sk * dk));
        assert_eq!(h["scores"].as_array().map(Vec::len), Some(sq * sk));
        assert_eq!(h["head_context"].as_array().map(Vec::len), Some(sq * dk));
    }
}

#[test]
fn beam_of_one_scores_as_greedy_on_held_out_sentences_and_the_cli_decodes_three_ways() {
    let bytes = std::fs::read(checkpoint(TaskKind::RealEnJa)).expect("checkpoint is committed");
    let trainer = Trainer::from_bytes(&bytes).expect("shipped checkpoint loads");
    let one = lab_protocol::Beam {
        size: 1,
        alpha: 0.6,
    };
    let c = trainer.compare_decoding(one, 40);
    assert_eq!(c.sentences, 40);
    assert!(c.greedy_bleu > 0.0, "a trained model scores: {c:?}");
    assert_eq!(c.beam_bleu, c.greedy_bleu, "beam size 1 is greedy: {c:?}");
    assert_eq!(c.beam_exact, c.greedy_exact);

    let input = "i like dogs .";
    let json = |extra: &[&str]| {
        let mut args = vec!["translate", "--json", "--input", input];
        args.extend_from_slice(extra);
        cli_json(TaskKind::RealEnJa, &args)
    };
    let greedy = json(&[]);
    let beam = json(&["--beam", "4", "--alpha", "0.6"]);
    assert_eq!(beam["strategy"]["beam"]["size"], 4);
    let levels = beam["beam"].as_array().expect("beam steps");
    assert!(!levels.is_empty() && greedy["beam"].as_array().is_some_and(Vec::is_empty));
    // The printed tokens are the finished hypothesis with the best score.
    let best = levels
        .iter()
        .flat_map(|l| l["candidates"].as_array().expect("candidates").iter())
        .filter(|c| c["fate"] == "finished")
        .max_by(|a, b| {
            let s = |c: &serde_json::Value| c["score"].as_f64().expect("score");
            s(a).total_cmp(&s(b))
        })
        .expect("a finished hypothesis");
    let words: Vec<&str> = best["tokens"]
        .as_array()
        .expect("tokens")
        .iter()
        .filter_map(|t| t.as_str())
        .filter(|t| *t != "<eos>")
        .collect();
    let printed: Vec<&str> = beam["tokens"]
        .as_array()
        .expect("tokens")
        .iter()
        .filter_map(|t| t.as_str())
        .collect();
    assert_eq!(printed, words, "the best score's words are the translation");
    let sample =
        |seed: &str| json(&["--sample", "--temperature", "1.5", "--seed", seed])["tokens"].clone();
    assert_eq!(
        sample("5"),
        sample("5"),
        "a seed draws the same translation"
    );

    let refused = run(
        &["translate", "--input", input, "--beam", "99"],
        &checkpoint(TaskKind::RealEnJa),
    );
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("beam size"));

    let eval = cli(TaskKind::Reverse, &["eval", "--beam", "4"]);
    assert!(
        eval.contains("greedy BLEU") && eval.contains("beam search, size 4"),
        "{eval}"
    );
}

#[test]
fn every_shipped_models_probe_carries_its_logits_even_at_the_longest_sentences() {
    use lab_math::limits::MAX_LEN;
    use lab_protocol::MAX_LOGIT_FLOATS;
    for task in TaskKind::BUILT_IN {
        let bytes = std::fs::read(checkpoint(task)).expect("checkpoint is committed");
        let trainer = Trainer::from_bytes(&bytes).expect("shipped checkpoint loads");
        let vocab = trainer.dataset().tgt_vocab.len();
        assert!(
            vocab * MAX_LEN <= MAX_LOGIT_FLOATS,
            "{task}: {vocab} tokens"
        );
        let p = trainer.probe(trainer.dataset().probe(), None).prediction;
        assert_eq!(p.logits.len(), p.targets.len() * vocab, "{task}");
    }
}
