//! Greedy decoding, token by token (§3 and Figure 1, "outputs shifted right").
//!
//! At each step the decoder reads `<bos> y₁ … y_t`, the last row of its
//! output gives a distribution over the next token, and greedy decoding takes
//! the argmax. It stops at `<eos>` or after `max_len` tokens. Without a KV
//! cache every step re-runs the decoder over the whole prefix: O(t²) work
//! that a cache would make O(t).

use burn::tensor::activation::softmax;
use burn::tensor::{Int, Tensor, TensorData};

use crate::transformer::{AttentionMaps, Transformer, BOS, EOS};

/// One generated token.
#[derive(Clone, Debug)]
pub struct DecodeStep {
    pub token: u32,
    /// The `k` most probable next tokens and their probabilities, best first.
    pub top_k: Vec<(u32, f32)>,
    /// The attention of this step's pass; the last query row chose `token`.
    pub attention: AttentionMaps,
}

#[derive(Clone, Debug)]
pub struct Decoded {
    /// Generated ids without `<bos>`; ends with `<eos>` unless `max_len` was reached.
    pub tokens: Vec<u32>,
    pub steps: Vec<DecodeStep>,
}

/// Greedy decoding of one source sentence, keeping every step's top-k and maps.
///
/// # Shapes
/// - `src`: `[src_len]` ids ending with `<eos>`.
pub fn greedy_decode(model: &Transformer, src: &[u32], max_len: usize, k: usize) -> Decoded {
    let device = model.generator.weight.val().device();
    let src = Tensor::<2, Int>::from_data(TensorData::new(src.iter().map(|&t| t as i64).collect(), [1, src.len()]), &device);
    let (memory, src_mask, encoder_self) = model.encode(src);
    let mut prefix = vec![BOS as i64];
    let mut steps = Vec::new();
    while steps.len() < max_len {
        let tgt_in = Tensor::<2, Int>::from_data(TensorData::new(prefix.clone(), [1, prefix.len()]), &device);
        let (logits, decoder_self, cross) = model.decode(tgt_in, &memory, &src_mask);
        let [_, len, vocab] = logits.dims();
        let probs = softmax(logits.narrow(1, len - 1, 1).reshape([vocab]), 0); // [vocab]
        let probs = probs.into_data().try_to_vec::<f32>().expect("probabilities are f32");
        let top_k = top_k(&probs, k.max(1));
        let token = top_k[0].0;
        let attention = AttentionMaps { encoder_self: encoder_self.clone(), decoder_self, cross };
        steps.push(DecodeStep { token, top_k, attention });
        prefix.push(token as i64);
        if token == EOS {
            break;
        }
    }
    Decoded { tokens: steps.iter().map(|s| s.token).collect(), steps }
}

/// Greedy decoding of a batch, for evaluation: only the ids, trimmed at `<eos>`.
///
/// # Shapes
/// - `src`: `[batch, src_len]` (PAD-padded) → `batch` sequences of at most `max_len` ids, without `<eos>`.
pub fn greedy_decode_batch(model: &Transformer, src: Tensor<2, Int>, max_len: usize) -> Vec<Vec<u32>> {
    let [batch, _] = src.dims();
    let device = src.device();
    let (memory, src_mask, _) = model.encode(src);
    let mut prefix: Vec<Vec<i64>> = vec![vec![BOS as i64]; batch];
    let mut done = vec![false; batch];
    for step in 0..max_len {
        let flat: Vec<i64> = prefix.concat();
        let tgt_in = Tensor::<2, Int>::from_data(TensorData::new(flat, [batch, step + 1]), &device);
        let (logits, _, _) = model.decode(tgt_in, &memory, &src_mask);
        let next = logits.narrow(1, step, 1).argmax(2).reshape([batch]); // [batch]
        let next = next.into_data().convert::<i64>().try_to_vec::<i64>().expect("argmax ids are integers");
        for (b, &token) in next.iter().enumerate() {
            // A finished sentence keeps emitting PAD-equivalent EOS; it is trimmed below.
            prefix[b].push(if done[b] { EOS as i64 } else { token });
            done[b] |= token == EOS as i64;
        }
        if done.iter().all(|&d| d) {
            break;
        }
    }
    prefix
        .into_iter()
        .map(|seq| seq[1..].iter().map(|&t| t as u32).take_while(|&t| t != EOS).collect())
        .collect()
}

/// Indices and values of the `k` largest probabilities, best first.
pub fn top_k(probs: &[f32], k: usize) -> Vec<(u32, f32)> {
    let mut order: Vec<usize> = (0..probs.len()).collect();
    order.sort_by(|&a, &b| probs[b].total_cmp(&probs[a]));
    order.into_iter().take(k).map(|i| (i as u32, probs[i])).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Backend, TransformerConfig};

    #[test]
    fn greedy_decoding_stops_at_max_len_and_reports_sorted_top_k() {
        let device = Backend::default().device();
        let model = TransformerConfig::toy(10, 10).init(&device);
        let decoded = greedy_decode(&model, &[4, 5, 6, EOS], 5, 3);
        assert!(!decoded.steps.is_empty() && decoded.steps.len() <= 5);
        for (t, step) in decoded.steps.iter().enumerate() {
            assert_eq!(step.top_k.len(), 3);
            assert_eq!(step.top_k[0].0, step.token, "greedy takes the argmax");
            assert!(step.top_k[0].1 >= step.top_k[1].1 && step.top_k[1].1 >= step.top_k[2].1);
            // Step t's pass has t+1 decoder queries over 4 source keys.
            assert_eq!(step.attention.cross[0].weights.dims(), [1, 4, t + 1, 4]);
        }
        let eos_at = decoded.tokens.iter().position(|&t| t == EOS);
        assert!(eos_at.is_none() || eos_at == Some(decoded.tokens.len() - 1), "nothing after <eos>");
    }

    #[test]
    fn batch_decoding_agrees_with_single_sentence_decoding() {
        let device = Backend::default().device();
        let model = TransformerConfig::toy(10, 10).init(&device);
        let single = greedy_decode(&model, &[4, 5, EOS], 6, 1);
        let single: Vec<u32> = single.tokens.into_iter().take_while(|&t| t != EOS).collect();
        let src = Tensor::<2, Int>::from_data(TensorData::new(vec![4i64, 5, 2, 0, 7, 8, 9, 2], [2, 4]), &device);
        let batch = greedy_decode_batch(&model, src, 6);
        assert_eq!(batch[0], single, "padding must not change the decode");
    }
}
