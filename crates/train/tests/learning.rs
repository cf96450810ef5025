//! The model really learns: full training runs of the `toy` preset, natively.
//!
//! These are the slowest tests of the workspace (about a minute each in
//! release mode on 2 cores). They stop as soon as the target is reached, so a
//! faster machine finishes sooner; a slower one only takes longer, because the
//! limits are in steps, never in seconds.

use lab_protocol::{EvalReport, Settings};
use lab_tasks::TaskKind;
use lab_train::Trainer;

/// Trains until `done` holds for a held-out evaluation, checking every `every` steps.
fn train_until(
    task: TaskKind,
    max_steps: usize,
    every: usize,
    done: impl Fn(&EvalReport) -> bool,
) -> EvalReport {
    let mut trainer = Trainer::new(&Settings::toy(task)).expect("the toy preset is valid");
    loop {
        for _ in 0..every {
            let report = trainer.step();
            assert!(
                report.loss.is_finite(),
                "{task} diverged at step {}",
                report.step
            );
        }
        let eval = trainer.evaluate(usize::MAX);
        eprintln!(
            "{task} step {}: exact match {:.3}, loss {:.3}",
            eval.step, eval.exact_match, eval.loss
        );
        if done(&eval) || trainer.step_count() >= max_steps {
            return eval;
        }
    }
}

#[test]
fn reverse_reaches_full_exact_match_on_held_out_sentences() {
    let eval = train_until(TaskKind::Reverse, 4000, 250, |e| e.exact_match >= 1.0);
    assert_eq!(
        eval.exact_match, 1.0,
        "held-out exact match after {} steps",
        eval.step
    );
}

#[test]
fn english_to_japanese_generalises_and_a_cross_attention_head_learns_the_alignment() {
    let good = |e: &EvalReport| {
        e.exact_match >= 0.98 && e.best_aligned_head().is_some_and(|(_, _, a)| a >= 0.8)
    };
    let eval = train_until(TaskKind::EnJa, 1500, 100, good);
    assert!(
        eval.exact_match >= 0.98,
        "held-out exact match {} after {} steps",
        eval.exact_match,
        eval.step
    );
    let (layer, head, agreement) = eval.best_aligned_head().expect("there are heads");
    assert!(
        agreement >= 0.8,
        "best cross head L{layer}H{head} agrees on {agreement}"
    );
}
