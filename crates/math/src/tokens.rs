//! The special tokens, written once: their ids and their spellings.
//!
//! Every vocabulary of every task starts with the same four tokens, so the
//! model can mask padding out of attention (§3.2.3) and start decoding with
//! `<bos>` without knowing which task it runs. The tasks crate builds its
//! vocabularies from [`SPECIALS`]; the model crate masks [`PAD`] and decodes
//! from [`BOS`] to [`EOS`]. Both re-export these constants, so the two can
//! never disagree about which id means what.

/// Padding: fills short sentences in a batch; masked out of attention and loss.
pub const PAD: u32 = 0;
/// Beginning of sentence: the decoder's first input.
pub const BOS: u32 = 1;
/// End of sentence: the decoder emits it to stop.
pub const EOS: u32 = 2;
/// Unknown word: stands in for any word not in the vocabulary.
pub const UNK: u32 = 3;
/// The spellings of the special tokens, indexed by their ids.
pub const SPECIALS: [&str; 4] = ["<pad>", "<bos>", "<eos>", "<unk>"];

/// The spelling of special token `id` (`<pad>`, `<bos>`, `<eos>`, `<unk>`).
///
/// # Panics
/// If `id` is not a special token's id.
pub fn spelling(id: u32) -> &'static str {
    SPECIALS[id as usize]
}

/// How a word read as [`UNK`] is labelled where the reader sees it: the
/// spelling of `<unk>`, a colon, then the word as typed, e.g.
/// `<unk>:zyzzyva`.
///
/// This is display only: the model still reads [`UNK`] at that position.
/// The label names both what the model saw and what the reader typed, so an
/// attention axis, a head trace or a translation's source tokens never show
/// a bare `<unk>` whose word is lost. There is no space in it, so a line of
/// labels joined by spaces, or a CSV cell, still holds it as one token.
/// (The word never holds whitespace: typed text is split on it.)
pub fn unknown_as_typed(word: &str) -> String {
    format!("{}:{word}", spelling(UNK))
}

// The token convention, written once for ids and spellings alike; the
// trainer's batches, the mask view, the smoothing view and the decode
// step-through all build their sequences with these:
//
//   src     = w₁ … wₙ <eos>     (encoder input)
//   tgt_in  = <bos> y₁ … yₘ     (decoder input, "shifted right")
//   tgt_out = y₁ … yₘ <eos>     (what each decoder position must predict)

/// The encoder's input: the source words, then `eos`.
pub fn encoder_input<T: Clone>(words: &[T], eos: T) -> Vec<T> {
    words.iter().cloned().chain([eos]).collect()
}

/// The decoder's input, the target "shifted right": `bos`, then the target words.
pub fn decoder_input<T: Clone>(words: &[T], bos: T) -> Vec<T> {
    [bos].into_iter().chain(words.iter().cloned()).collect()
}

/// What each decoder position must predict: the target words, then `eos`.
pub fn decoder_target<T: Clone>(words: &[T], eos: T) -> Vec<T> {
    encoder_input(words, eos)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_special_spelling_sits_at_its_own_id() {
        for (id, spelling) in [
            (PAD, "<pad>"),
            (BOS, "<bos>"),
            (EOS, "<eos>"),
            (UNK, "<unk>"),
        ] {
            assert_eq!(SPECIALS[id as usize], spelling);
            assert_eq!(super::spelling(id), spelling);
        }
    }

    #[test]
    fn an_unknown_word_is_labelled_as_unk_and_as_typed_in_one_token() {
        let label = unknown_as_typed("zyzzyva");
        assert_eq!(label, "<unk>:zyzzyva");
        assert!(label.starts_with(spelling(UNK)));
        assert_eq!(label.split_whitespace().count(), 1);
    }

    #[test]
    fn the_decoder_reads_its_target_shifted_right() {
        let y = [7u32, 8, 9];
        assert_eq!(encoder_input(&y, EOS), vec![7, 8, 9, EOS]);
        assert_eq!(decoder_input(&y, BOS), vec![BOS, 7, 8, 9]);
        assert_eq!(decoder_target(&y, EOS), vec![7, 8, 9, EOS]);
        // Position t reads tgt_in[t] and predicts tgt_out[t] = tgt_in[t + 1].
        let (input, target) = (decoder_input(&y, BOS), decoder_target(&y, EOS));
        assert_eq!(input[1..], target[..y.len()]);
        let words = ["犬".to_string()];
        assert_eq!(
            decoder_input(&words, spelling(BOS).to_string()),
            vec!["<bos>", "犬"]
        );
    }
}
