//! Label-smoothed cross-entropy, §5.4 of the paper.
//!
//! ```text
//! loss = − Σ_k q(k) · log p(k)   averaged over non-PAD target tokens
//! ```
//!
//! where `q` is [`lab_math::smoothed_targets`] (the same function the view
//! plots) and `p = softmax(logits)`. With `ε = 0` this is the ordinary
//! cross-entropy. The paper notes that smoothing "hurts perplexity, as the
//! model learns to be more unsure, but improves accuracy and BLEU".
//!
//! The loss and its gradient with respect to the logits are computed
//! together, row by row, in plain loops ([`rows_loss_and_gradient`]): for
//! `p = softmax(z)` the gradient of `− Σ_k q(k) log p(k)` is the classic
//! `p − q` (q sums to 1). Autodiff then only carries that gradient back from
//! the logits: the loss tensor is `Σ z · g` with `g` a constant, whose
//! gradient is `g`, shifted to the loss's value. Recorded op by op instead
//! (`log_softmax`, a gather, sums), the softmax over real-en-ja's target
//! vocabulary and its backward took about a dozen passes over
//! `[tokens, vocabulary]` (BENCHMARKS.md).
//!
//! A test holds value and gradient to the dense definition.

use crate::rows;
use lab_math::TargetWeights;
use lab_model::burn::tensor::{Int, Tensor, TensorData};
use lab_tasks::PAD;

/// The loss tensor (for `backward`) and how many targets the argmax got right.
pub struct LossOutput {
    /// `[1]`: mean smoothed cross-entropy per non-PAD token.
    pub loss: Tensor<1>,
    pub correct: usize,
    pub n_tokens: usize,
}

/// The positions of `targets` that are trained: every one but PAD.
pub fn trained_positions(targets: &[u32]) -> Vec<usize> {
    (0..targets.len()).filter(|&i| targets[i] != PAD).collect()
}

/// # Shapes
/// - `logits`: `[batch, tgt_len, vocab]`, `targets`: `batch · tgt_len` ids (PAD = ignored)
pub fn smoothed_cross_entropy(logits: Tensor<3>, targets: &[u32], smoothing: f64) -> LossOutput {
    let n_tokens = targets.iter().filter(|&&t| t != PAD).count();
    smoothed_cross_entropy_over(logits, targets, smoothing, n_tokens)
}

/// [`smoothed_cross_entropy`] summed over these targets and divided by
/// `denominator` rather than by their own count: a shard of a batch divides
/// by the whole batch's token count, so that the shards' losses (and
/// gradients) add up to the batch's mean ([`lab_protocol::shard`]).
pub fn smoothed_cross_entropy_over(
    logits: Tensor<3>,
    targets: &[u32],
    smoothing: f64,
    denominator: usize,
) -> LossOutput {
    let [batch, tgt_len, vocab] = logits.dims();
    assert_eq!(
        targets.len(),
        batch * tgt_len,
        "one target per decoder position"
    );
    let positions = trained_positions(targets);
    let logits = logits.reshape([batch * tgt_len, vocab]); // [batch·tgt_len, vocab]
    if positions.is_empty() {
        // Nothing to learn: a zero that is still part of the graph.
        return LossOutput {
            loss: logits.sum().mul_scalar(0.0),
            correct: 0,
            n_tokens: 0,
        };
    }
    let index = ids(&positions, &logits.device());
    let rows = logits.select(0, index); // [n, vocab]
    let trained: Vec<u32> = positions.iter().map(|&i| targets[i]).collect();
    smoothed_cross_entropy_rows(rows, &trained, smoothing, denominator)
}

/// The loss over rows that all have a (non-PAD) target, as
/// [`Transformer::logits_at`](lab_model::Transformer::logits_at) returns them.
///
/// # Shapes
/// - `logits`: `[n, vocab]`, `targets`: `n` ids, none of them PAD
pub fn smoothed_cross_entropy_rows(
    logits: Tensor<2>,
    targets: &[u32],
    smoothing: f64,
    denominator: usize,
) -> LossOutput {
    let [n, vocab] = logits.dims();
    assert_eq!(targets.len(), n, "one target per row");
    assert!(
        targets.iter().all(|&t| t != PAD && (t as usize) < vocab),
        "every row has a target in the vocabulary, and none is PAD"
    );
    let device = logits.device();
    let q = TargetWeights::new(vocab, smoothing);
    let z = logits
        .clone()
        .inner()
        .into_data()
        .try_into_vec::<f32>()
        .expect("f32 logits");
    let rows = rows_loss_and_gradient(&z, targets, q, denominator.max(1));
    let value = rows.loss as f32;
    let loss = if logits.is_autodiff() {
        let g = Tensor::<2>::from_data(TensorData::new(rows.gradient, [n, vocab]), &device);
        // Σ z·g has the gradient g; less itself (a constant) plus the value,
        // it is the loss in value too.
        let carrier = (logits * g).sum(); // [1]
        (carrier.clone() - carrier.detach()).add_scalar(value)
    } else {
        Tensor::from_data(TensorData::new(vec![value], [1]), &device)
    };
    LossOutput {
        loss,
        correct: rows.correct,
        n_tokens: n,
    }
}

/// What [`rows_loss_and_gradient`] returns.
pub struct RowsLoss {
    /// `Σ_rows − Σ_k q(k) log p(k)`, divided by the denominator.
    pub loss: f64,
    /// `[n, vocab]`: the loss's gradient with respect to the logits,
    /// `(p − q) / denominator`.
    pub gradient: Vec<f32>,
    /// How many rows' argmax is their target.
    pub correct: usize,
}

/// The smoothed cross-entropy of `n` rows of logits `z` (`[n, vocab]`, row
/// after row) against their targets (none PAD), divided by `denominator`,
/// with its gradient with respect to `z`. Each row is read for its maximum
/// (a softmax that cannot overflow, and the argmax), its exponentials and
/// their sum, its own sum (only with smoothing) and the gradient.
pub fn rows_loss_and_gradient(
    z: &[f32],
    targets: &[u32],
    q: TargetWeights,
    denominator: usize,
) -> RowsLoss {
    let n = targets.len();
    assert!(
        n > 0 && z.len().is_multiple_of(n),
        "one row of logits per target"
    );
    let vocab = z.len() / n;
    let scale = 1.0 / denominator as f32;
    let mut gradient = vec![0.0f32; z.len()];
    let mut loss = 0.0f64;
    let mut correct = 0;
    for ((row, grad), &target) in z
        .chunks_exact(vocab)
        .zip(gradient.chunks_exact_mut(vocab))
        .zip(targets)
    {
        let target = target as usize;
        let max = rows::max(row);
        // The first largest logit is the prediction, as `argmax` picks it.
        correct += usize::from(row.iter().position(|&v| v == max) == Some(target));
        let sum = rows::exp_shifted(row, max, grad);
        let lse = max as f64 + (sum as f64).ln();
        // − Σ_k q(k) log p(k) = Σ_k q(k) (LSE − z_k), PAD's q being 0: the
        // target's share, and the others' from the row's sum less two.
        let (z_t, z_pad) = (row[target] as f64, row[PAD as usize] as f64);
        let mut row_loss = q.correct as f64 * (lse - z_t);
        if q.other != 0.0 {
            let others = (vocab - 2) as f64 * lse - (rows::sum(row) as f64 - z_t - z_pad);
            row_loss += q.other as f64 * others;
        }
        loss += row_loss;
        // (p − q) / denominator: q is `other` but at the target and PAD.
        let inv = 1.0 / sum;
        for g in grad.iter_mut() {
            *g = (*g * inv - q.other) * scale;
        }
        grad[target] -= (q.correct - q.other) * scale;
        grad[PAD as usize] += q.other * scale;
    }
    RowsLoss {
        loss: loss / denominator as f64,
        gradient,
        correct,
    }
}

fn ids(values: &[usize], device: &lab_model::burn::tensor::Device) -> Tensor<1, Int> {
    let values: Vec<i64> = values.iter().map(|&v| v as i64).collect();
    let len = values.len();
    Tensor::from_data(TensorData::new(values, [len]), device)
}

#[cfg(test)]
mod tests {
    use super::*;
    use lab_model::burn::tensor::activation::log_softmax;

    #[test]
    fn without_smoothing_it_is_the_negative_log_likelihood_ignoring_pad() {
        let device = crate::device();
        // Two positions over a vocabulary of 4; the second is PAD and must not count.
        let logits = Tensor::<3>::from_data(
            TensorData::new(vec![0.0f32, 0.0, 2.0, 0.0, 9.0, 9.0, 9.0, 9.0], [1, 2, 4]),
            &device,
        );
        let out = smoothed_cross_entropy(logits, &[2, PAD], 0.0);
        let expected = -(2f32.exp() / (3.0 + 2f32.exp())).ln();
        assert!((out.loss.into_scalar::<f32>() - expected).abs() < 1e-5);
        assert_eq!((out.correct, out.n_tokens), (1, 1));
    }

    #[test]
    fn smoothing_raises_the_loss_of_a_confident_correct_prediction() {
        let device = crate::device();
        let logits = || {
            Tensor::<3>::from_data(
                TensorData::new(vec![0.0f32, 0.0, 8.0, 0.0, 0.0], [1, 1, 5]),
                &device,
            )
        };
        let sharp = smoothed_cross_entropy(logits(), &[2], 0.0)
            .loss
            .into_scalar::<f32>();
        let smooth = smoothed_cross_entropy(logits(), &[2], 0.1)
            .loss
            .into_scalar::<f32>();
        assert!(smooth > sharp + 0.1, "sharp {sharp} smooth {smooth}");
    }

    /// The dense definition: `q` built row by row by the function the view
    /// plots, multiplied into `log p` and summed.
    fn dense_loss(
        logits: Tensor<2>,
        targets: &[u32],
        smoothing: f64,
        denominator: usize,
    ) -> Tensor<1> {
        let [n, vocab] = logits.dims();
        let q: Vec<f32> = targets
            .iter()
            .flat_map(|&t| lab_math::smoothed_targets(t as usize, vocab, smoothing, PAD as usize))
            .collect();
        let q = Tensor::<2>::from_data(TensorData::new(q, [n, vocab]), &logits.device());
        (log_softmax(logits, 1) * q)
            .sum()
            .neg()
            .div_scalar(denominator as f32)
    }

    #[test]
    fn the_closed_form_equals_the_dense_definition_in_value_and_gradient() {
        let device = crate::Backend::default().training_device();
        let (batch, tgt_len, vocab) = (3, 5, 23);
        // Deterministic, uneven logits; targets with PAD (0) in several places.
        let values: Vec<f32> = (0..batch * tgt_len * vocab)
            .map(|i| ((i * 37 % 101) as f32 / 101.0 - 0.5) * 6.0)
            .collect();
        let targets: Vec<u32> = vec![4, 7, 2, 0, 0, 9, 22, 3, 5, 2, 1, 0, 0, 0, 0];
        for smoothing in [0.0, 0.1, 0.4] {
            let logits = || {
                Tensor::<3>::from_data(
                    TensorData::new(values.clone(), [batch, tgt_len, vocab]),
                    &device,
                )
                .require_grad()
            };
            let ours_in = logits();
            let ours = smoothed_cross_entropy_over(ours_in.clone(), &targets, smoothing, 11);
            let dense_in = logits();
            let dense = dense_loss(
                dense_in.clone().reshape([batch * tgt_len, vocab]),
                &targets,
                smoothing,
                11,
            );
            let (a, b) = (
                ours.loss.clone().into_scalar::<f32>(),
                dense.clone().into_scalar::<f32>(),
            );
            assert!(
                (a - b).abs() < 1e-5 * b.abs().max(1.0),
                "ε {smoothing}: {a} against {b}"
            );
            assert_eq!(ours.n_tokens, 9);
            let grad = |loss: Tensor<1>, input: &Tensor<3>| {
                let grads = loss.backward();
                input
                    .grad(&grads)
                    .expect("the logits have a gradient")
                    .into_data()
                    .try_to_vec::<f32>()
                    .expect("f32 gradient")
            };
            let (ga, gb) = (grad(ours.loss, &ours_in), grad(dense, &dense_in));
            let worst = ga
                .iter()
                .zip(&gb)
                .map(|(x, y)| (x - y).abs())
                .fold(0.0f32, f32::max);
            assert!(worst < 1e-6, "ε {smoothing}: gradients differ by {worst}");
            // A PAD position gets no gradient at all.
            assert!(ga[3 * vocab..5 * vocab].iter().all(|&g| g == 0.0));
        }
    }

    #[test]
    fn a_non_finite_logit_gives_a_non_finite_loss_for_the_guard_to_see() {
        let device = crate::Backend::default().training_device();
        for bad in [f32::NAN, f32::INFINITY] {
            let logits = Tensor::<2>::from_data(
                TensorData::new(vec![0.5f32, bad, -1.0, 2.0, 0.0, 1.0], [2, 3]),
                &device,
            )
            .require_grad();
            let out = smoothed_cross_entropy_rows(logits, &[2, 1], 0.1, 2);
            assert!(!out.loss.into_scalar::<f32>().is_finite(), "{bad}");
        }
    }

    #[test]
    fn only_pad_targets_give_a_zero_loss_and_no_tokens() {
        let device = crate::device();
        let logits = Tensor::<3>::from_data(TensorData::new(vec![1.0f32; 8], [1, 2, 4]), &device);
        let out = smoothed_cross_entropy(logits, &[PAD, PAD], 0.1);
        assert_eq!(out.loss.into_scalar::<f32>(), 0.0);
        assert_eq!((out.correct, out.n_tokens), (0, 0));
    }
}
