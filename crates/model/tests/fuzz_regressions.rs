//! Inputs the fuzz targets of `fuzz/` found (FUZZING.md, "Findings"), kept
//! as tests so that a fixed bug stays fixed. Each input is also in
//! `fuzz/regressions/<target>/`, which every fuzzing run replays.

use lab_math::tokens::{EOS, SPECIALS, UNK};
use lab_model::checkpoint::{read, to_bytes};
use lab_model::{greedy_decode, Backend, TransformerConfig};

/// A valid checkpoint of a model whose target vocabulary is `<pad>` and
/// `<bos>` only: 6 source tokens, 2 target tokens, d_model 2, 1 + 1 layers.
const TGT_VOCAB_2: &[u8] =
    include_bytes!("../../../fuzz/regressions/checkpoint/greedy-decode-tgt-vocab-2.ckpt");

/// Finding 1: `read` accepted `tgt_vocab_size` 2, and greedy decoding then
/// panicked in `greedy_decode_with` (decode.rs: `top_k[0]` of an empty list),
/// because `<pad>` and `<bos>` can never be emitted. Fixed in `read`: every
/// vocabulary holds at least the special tokens. The same model with a
/// vocabulary of exactly the specials reads and decodes.
#[test]
fn a_vocabulary_without_eos_is_refused_when_read() {
    let err = read(TGT_VOCAB_2)
        .err()
        .expect("a 2-token target vocabulary is refused");
    assert!(
        err.to_string().contains("impossible model description"),
        "{err}"
    );
}

#[test]
fn a_checkpoint_with_only_the_special_tokens_reads_and_decodes() {
    let config = TransformerConfig::toy(SPECIALS.len(), SPECIALS.len())
        .with_d_model(2)
        .with_n_heads(1)
        .with_d_ff(2)
        .with_n_encoder_layers(1)
        .with_n_decoder_layers(1);
    let device = Backend::default().device();
    let bytes = to_bytes(&config.init(&device), serde_json::Value::Null);
    let model = read(&bytes)
        .expect("the specials are a vocabulary")
        .build(&device);
    let decoded = greedy_decode(&model, &[UNK, EOS], 2, 2);
    assert!(!decoded.tokens.is_empty() && decoded.tokens.len() <= 2);
}
