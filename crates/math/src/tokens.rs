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
        }
    }
}
