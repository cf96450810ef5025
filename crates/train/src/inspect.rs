//! The model's numbers as plain data for the views and the CLI: attention
//! maps for a probe sentence, greedy translation of typed text, and what the
//! causal mask does to real scores.

use lab_model::{greedy_decode, AttentionMaps, AttentionOutput, Transformer, TransformerOutput};
use lab_protocol::{AttentionSet, DecodeStep, HeadMaps, MaskDemo, Translation};
use lab_tasks::{Pair, UnknownWord, Vocab, BOS};

use crate::batch::{id_tensor, source_ids};
use crate::evaluate::floats;
use crate::trainer::{Trainer, MAX_LEN};

/// How many candidates each decoding step reports.
pub const TOP_K: usize = 5;
/// The longest input, in words (one position is left for `<eos>`).
pub const MAX_INPUT_WORDS: usize = MAX_LEN - 1;

/// Why typed text cannot be translated.
#[derive(Clone, Debug, PartialEq)]
pub enum InputError {
    Empty,
    TooLong { words: usize, max: usize },
    Unknown(Vec<UnknownWord>),
}

impl std::fmt::Display for InputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Empty => write!(f, "type a sentence to translate"),
            Self::TooLong { words, max } => write!(f, "the sentence has {words} words; this model reads at most {max}"),
            Self::Unknown(words) => {
                let list: Vec<String> = words.iter().map(|w| format!("“{}”", w.word)).collect();
                write!(f, "not in the model's vocabulary: {} (it only knows the words of its task)", list.join(", "))
            }
        }
    }
}

impl std::error::Error for InputError {}

/// One layer list of `[1, n_heads, seq_q, seq_k]` maps as [`HeadMaps`].
pub fn head_maps(layers: &[AttentionOutput]) -> HeadMaps {
    let Some(first) = layers.first() else { return HeadMaps::default() };
    let [_, n_heads, seq_q, seq_k] = first.weights.dims();
    let mut weights = Vec::with_capacity(layers.len() * n_heads * seq_q * seq_k);
    for layer in layers {
        // Only the first sentence of the batch: [n_heads, seq_q, seq_k].
        weights.extend(floats(layer.weights.clone().narrow(0, 0, 1)));
    }
    HeadMaps { n_layers: layers.len(), n_heads, seq_q, seq_k, weights }
}

fn tokens(vocab: &Vocab, ids: &[u32]) -> Vec<String> {
    ids.iter().map(|&id| vocab.token(id).to_string()).collect()
}

impl Trainer {
    /// The teacher-forced forward pass on one pair: `(src ids, tgt_in ids, output)`.
    fn teacher_forced(&self, pair: &Pair) -> (Vec<u32>, Vec<u32>, TransformerOutput) {
        let data = self.dataset();
        let device = self.backend().device();
        let src = source_ids(&data.src_vocab, &pair.src);
        let tgt_in: Vec<u32> = std::iter::once(BOS).chain(data.tgt_vocab.encode_words(&pair.tgt).ids).collect();
        let out = self.inference_model().forward(id_tensor(&[src.clone()], &device), id_tensor(&[tgt_in.clone()], &device));
        (src, tgt_in, out)
    }

    /// The maps of one forward pass, labelled with their tokens.
    fn attention_set(&self, src: &[u32], tgt_in: &[u32], maps: &AttentionMaps) -> AttentionSet {
        let data = self.dataset();
        AttentionSet {
            src_tokens: tokens(&data.src_vocab, src),
            tgt_tokens: tokens(&data.tgt_vocab, tgt_in),
            encoder_self: head_maps(&maps.encoder_self),
            decoder_self: head_maps(&maps.decoder_self),
            cross: head_maps(&maps.cross),
        }
    }

    /// Teacher-forced attention maps for one pair (e.g. the probe sentence).
    pub fn probe_attention(&self, pair: &Pair) -> AttentionSet {
        let (src, tgt_in, out) = self.teacher_forced(pair);
        self.attention_set(&src, &tgt_in, &out.attention)
    }

    /// Checks and tokenizes typed source text.
    pub fn read_input(&self, text: &str) -> Result<Vec<String>, InputError> {
        let encoded = self.dataset().src_vocab.encode(text);
        if encoded.words.is_empty() {
            return Err(InputError::Empty);
        }
        if encoded.words.len() > MAX_INPUT_WORDS {
            return Err(InputError::TooLong { words: encoded.words.len(), max: MAX_INPUT_WORDS });
        }
        if !encoded.unknown.is_empty() {
            return Err(InputError::Unknown(encoded.unknown));
        }
        Ok(encoded.words)
    }

    /// Greedy translation of typed text, with each step's top-k and the final pass's attention.
    pub fn translate(&self, text: &str) -> Result<Translation, InputError> {
        let words = self.read_input(text)?;
        let data = self.dataset();
        let model: Transformer = self.inference_model();
        let src = source_ids(&data.src_vocab, &words);
        let decoded = greedy_decode(&model, &src, MAX_LEN - 1, TOP_K);
        let steps: Vec<DecodeStep> = decoded
            .steps
            .iter()
            .map(|s| DecodeStep { token: data.tgt_vocab.token(s.token).to_string(), top_k: s.top_k.iter().map(|&(id, p)| (data.tgt_vocab.token(id).to_string(), p)).collect() })
            .collect();
        let last = decoded.steps.last().expect("greedy decoding makes at least one step");
        let tgt_in: Vec<u32> = std::iter::once(BOS).chain(decoded.tokens.iter().copied()).take(decoded.tokens.len()).collect();
        Ok(Translation { source: words, output: data.tgt_vocab.decode(&decoded.tokens), steps, attention: self.attention_set(&src, &tgt_in, &last.attention) })
    }

    /// Raw scores, masked scores and softmax weights of `head` in the first
    /// decoder self-attention layer, teacher-forced on `pair`.
    pub fn mask_demo(&self, pair: &Pair, head: usize) -> MaskDemo {
        let (_, tgt_in, out) = self.teacher_forced(pair);
        let layer = &out.attention.decoder_self[0];
        let [_, n_heads, seq, _] = layer.weights.dims();
        let head = head.min(n_heads - 1);
        let pick = |t: &lab_model::burn::tensor::Tensor<4>| floats(t.clone().narrow(0, 0, 1).narrow(1, head, 1));
        let raw = pick(&layer.scores);
        // The same mask the model applied: one sentence, no padding, so it is the causal mask.
        let mask = lab_math::combined_mask(&[seq], seq);
        MaskDemo {
            tokens: tokens(&self.dataset().tgt_vocab, &tgt_in),
            seq_q: seq,
            seq_k: seq,
            masked_scores: raw.iter().zip(&mask).map(|(&s, &hidden)| (!hidden).then_some(s)).collect(),
            raw_scores: raw,
            weights: pick(&layer.weights),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lab_protocol::Settings;
    use lab_tasks::TaskKind;

    fn trainer() -> Trainer {
        Trainer::new(&Settings { d_model: 16, n_heads: 2, d_ff: 32, n_layers: 2, ..Settings::toy(TaskKind::EnJa) }).expect("valid")
    }

    #[test]
    fn probe_maps_are_labelled_and_rows_sum_to_one() {
        let t = trainer();
        let set = t.probe_attention(t.dataset().probe());
        assert_eq!(set.src_tokens.last().map(String::as_str), Some("<eos>"));
        assert_eq!(set.tgt_tokens.first().map(String::as_str), Some("<bos>"));
        assert_eq!((set.cross.n_layers, set.cross.n_heads, set.cross.seq_q, set.cross.seq_k), (2, 2, set.tgt_tokens.len(), set.src_tokens.len()));
        for maps in [&set.encoder_self, &set.decoder_self, &set.cross] {
            for row in maps.weights.chunks(maps.seq_k) {
                assert!((row.iter().sum::<f32>() - 1.0).abs() < 1e-5);
            }
        }
    }

    #[test]
    fn bad_input_is_explained_not_decoded() {
        let t = trainer();
        assert_eq!(t.translate("   ").err(), Some(InputError::Empty));
        let long = vec!["dog"; MAX_INPUT_WORDS + 1].join(" ");
        assert!(matches!(t.translate(&long), Err(InputError::TooLong { .. })));
        match t.translate("the dog sees a zebra") {
            Err(InputError::Unknown(words)) => assert_eq!((words[0].position, words[0].word.as_str()), (4, "zebra")),
            other => panic!("expected an unknown-word error, got {other:?}"),
        }
        assert!(t.translate("the dog sees a cat").is_ok());
    }

    #[test]
    fn mask_demo_hides_the_future_with_exact_zeros() {
        let t = trainer();
        let demo = t.mask_demo(t.dataset().probe(), 1);
        for q in 0..demo.seq_q {
            for k in 0..demo.seq_k {
                let i = q * demo.seq_k + k;
                assert_eq!(demo.masked_scores[i].is_none(), k > q);
                if k > q {
                    assert_eq!(demo.weights[i], 0.0);
                } else {
                    assert_eq!(demo.masked_scores[i], Some(demo.raw_scores[i]));
                }
            }
        }
    }
}
