//! Sentence pairs to padded id tensors, padded per batch.
//!
//! Token convention (the same everywhere in the lab, `lab_math::tokens`):
//!
//! ```text
//! src     = w₁ … wₙ <eos>            (encoder input)
//! tgt_in  = <bos> y₁ … yₘ            (decoder input, "shifted right")
//! tgt_out = y₁ … yₘ <eos>            (what each decoder position must predict)
//! ```
//!
//! Each batch is padded with PAD (id 0) only to its own longest sentence.

use lab_math::tokens::{decoder_input, decoder_target, encoder_input};
use lab_model::burn::tensor::{Device, Int, Tensor, TensorData};
use lab_tasks::{Pair, Vocab, BOS, EOS, PAD};

/// One padded batch.
#[derive(Clone, Debug)]
pub struct Batch {
    /// `[batch, src_len]`
    pub src: Tensor<2, Int>,
    /// `[batch, tgt_len]`
    pub tgt_in: Tensor<2, Int>,
    /// `[batch, tgt_len]`, flattened row-major, PAD where there is nothing to predict.
    pub tgt_out: Vec<u32>,
    pub batch_size: usize,
    pub tgt_len: usize,
    /// Non-PAD target tokens.
    pub n_tokens: usize,
}

/// Source ids with `<eos>`, from words (unknown words become `<unk>`).
pub fn source_ids(vocab: &Vocab, words: &[String]) -> Vec<u32> {
    encoder_input(&vocab.encode_words(words).ids, EOS)
}

/// Pads `rows` with PAD to the longest row: `([batch, len] flattened, len)`.
pub fn pad_rows(rows: &[Vec<u32>]) -> (Vec<i64>, usize) {
    let len = rows.iter().map(Vec::len).max().unwrap_or(0);
    let flat = rows
        .iter()
        .flat_map(|r| {
            r.iter()
                .map(|&t| t as i64)
                .chain(std::iter::repeat_n(PAD as i64, len - r.len()))
        })
        .collect();
    (flat, len)
}

/// `[batch, len]` Int tensor from padded rows.
pub fn id_tensor(rows: &[Vec<u32>], device: &Device) -> Tensor<2, Int> {
    let (flat, len) = pad_rows(rows);
    Tensor::from_data(TensorData::new(flat, [rows.len(), len]), device)
}

impl Batch {
    /// The targets `pair` gives a batch, its share of [`Batch::n_tokens`]:
    /// one id per word (`Vocab::encode_words`, an unknown word is UNK) and EOS.
    pub fn target_tokens(pair: &Pair) -> usize {
        pair.tgt.len() + 1
    }

    /// The source tokens `pair` gives a batch: one id per word and EOS
    /// ([`source_ids`]).
    pub fn source_tokens(pair: &Pair) -> usize {
        pair.src.len() + 1
    }

    pub fn new(pairs: &[&Pair], src_vocab: &Vocab, tgt_vocab: &Vocab, device: &Device) -> Batch {
        let src: Vec<Vec<u32>> = pairs
            .iter()
            .map(|p| source_ids(src_vocab, &p.src))
            .collect();
        let tgt: Vec<Vec<u32>> = pairs
            .iter()
            .map(|p| tgt_vocab.encode_words(&p.tgt).ids)
            .collect();
        let tgt_in: Vec<Vec<u32>> = tgt.iter().map(|t| decoder_input(t, BOS)).collect();
        let tgt_out: Vec<Vec<u32>> = tgt.iter().map(|t| decoder_target(t, EOS)).collect();
        let (out_flat, tgt_len) = pad_rows(&tgt_out);
        Batch {
            src: id_tensor(&src, device),
            tgt_in: id_tensor(&tgt_in, device),
            tgt_out: out_flat.into_iter().map(|t| t as u32).collect(),
            batch_size: pairs.len(),
            tgt_len,
            n_tokens: tgt_out.iter().map(Vec::len).sum(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn batches_are_padded_to_their_own_longest_sentence() {
        let src = Vocab::new(["a", "b", "c"]);
        let pairs = [
            Pair::from_text("a b", "a b", vec![Some(0), Some(1)]),
            Pair::from_text("c", "c", vec![Some(0)]),
        ];
        let refs: Vec<&Pair> = pairs.iter().collect();
        let b = Batch::new(&refs, &src, &src, &crate::device());
        assert_eq!(b.src.dims(), [2, 3]); // "a b <eos>" is the longest
        assert_eq!(
            b.tgt_in
                .clone()
                .into_data()
                .try_into_vec_as::<i64>()
                .expect("ids"),
            vec![1, 4, 5, 1, 6, 0]
        );
        assert_eq!(b.tgt_out, vec![4, 5, 2, 6, 2, 0]);
        assert_eq!(b.n_tokens, 5);
        let tokens = |p: &Pair| (Batch::source_tokens(p), Batch::target_tokens(p));
        assert_eq!(tokens(&pairs[0]), (3, 3));
        assert_eq!(tokens(&pairs[1]), (2, 2));
    }
}
