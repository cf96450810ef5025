//! The model's numbers as plain data for the views and the CLI: attention
//! maps for a probe sentence, greedy translation of typed text, and what the
//! causal mask does to real scores.

use lab_math::search::{Fate, Strategy, StrategyError};
use lab_math::tokens::{encoder_input, spelling};
use lab_model::burn::tensor::activation::softmax;
use lab_model::burn::tensor::Tensor;
use lab_model::{
    beam_search, forced_decode, greedy_decode_with, sample_decode, AttentionOutput, BeamSearch,
    DecodeMode, Hypothesis, InputEmbedding, Keep, Transformer, TransformerOutput,
};
use lab_protocol::{
    AttentionSet, BeamHyp, BeamLevel, DecodeStep, HeadMaps, HeadTrace, LayerInput, MaskDemo,
    ProbePrediction, TaskFacts, TraceRequest, Translation, MAX_LOGIT_FLOATS,
};
use lab_tasks::{Encoded, Pair, UnknownWord, Vocab, BOS, EOS};

use crate::batch::id_tensor;
use crate::evaluate::floats;
use crate::trainer::Trainer;

/// How many candidates each decoding step reports.
pub const TOP_K: usize = 5;
/// Held-out pairs the page is told about: examples to click, and sentences of
/// different lengths for the padding mask.
pub const HELDOUT_SHOWN: usize = 24;
/// The longest input, in words (one position is left for `<eos>`).
pub use lab_math::limits::MAX_INPUT_WORDS;

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
            Self::TooLong { words, max } => write!(
                f,
                "the sentence has {words} words; this model reads at most {max}"
            ),
            Self::Unknown(words) => {
                let list: Vec<String> = words.iter().map(|w| format!("“{}”", w.word)).collect();
                write!(
                    f,
                    "not in the model's vocabulary: {} (it only knows the words of its task)",
                    list.join(", ")
                )
            }
        }
    }
}

impl std::error::Error for InputError {}

/// Why a translation was refused: the typed text, or the decoding settings.
#[derive(Clone, Debug, PartialEq)]
pub enum TranslateError {
    Input(InputError),
    Strategy(StrategyError),
}

impl std::fmt::Display for TranslateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Input(e) => e.fmt(f),
            Self::Strategy(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for TranslateError {}

/// One layer list of `[1, n_heads, seq_q, seq_k]` maps as [`HeadMaps`].
pub fn head_maps(layers: &[AttentionOutput]) -> HeadMaps {
    let weights: Vec<Tensor<4>> = layers.iter().map(|l| l.weights.clone()).collect();
    head_maps_of(&weights)
}

/// Per-layer `[batch, n_heads, seq_q, seq_k]` weights as [`HeadMaps`], first sentence only.
pub fn head_maps_of(layers: &[Tensor<4>]) -> HeadMaps {
    let Some(first) = layers.first() else {
        return HeadMaps::default();
    };
    let [_, n_heads, seq_q, seq_k] = first.dims();
    let mut weights = Vec::with_capacity(layers.len() * n_heads * seq_q * seq_k);
    for layer in layers {
        weights.extend(floats(layer.clone().narrow(0, 0, 1))); // [n_heads, seq_q, seq_k]
    }
    HeadMaps {
        n_layers: layers.len(),
        n_heads,
        seq_q,
        seq_k,
        weights,
    }
}

/// Stacks one-query rows `[n_layers, n_heads, 1, t]` (t = 1, 2, …) into full
/// `[n_layers, n_heads, T, seq_k]` maps; keys a row never saw (the future,
/// under the causal mask) get weight 0, exactly as masking gives.
pub fn stack_rows(rows: &[HeadMaps], seq_k: usize) -> HeadMaps {
    let Some(first) = rows.first() else {
        return HeadMaps::default();
    };
    let (n_layers, n_heads, seq_q) = (first.n_layers, first.n_heads, rows.len());
    let mut weights = vec![0.0; n_layers * n_heads * seq_q * seq_k];
    for (t, row) in rows.iter().enumerate() {
        for layer in 0..n_layers {
            for head in 0..n_heads {
                let start = ((layer * n_heads + head) * seq_q + t) * seq_k;
                let values = row.head(layer, head);
                weights[start..start + values.len()].copy_from_slice(values);
            }
        }
    }
    HeadMaps {
        n_layers,
        n_heads,
        seq_q,
        seq_k,
        weights,
    }
}

pub(crate) fn tokens(vocab: &Vocab, ids: &[u32]) -> Vec<String> {
    ids.iter().map(|&id| vocab.token(id).to_string()).collect()
}

/// The encoder's side of one encoded sentence, `w… <eos>`, twice: the ids
/// the model reads, and the labels the views show ([`Encoded::labels`]: a
/// word read as `<unk>` as typed, `<unk>:word`). Both come from the one
/// lookup that made `encoded`; the labels are display only.
pub(crate) fn source_side(encoded: &Encoded) -> (Vec<u32>, Vec<String>) {
    (
        encoder_input(&encoded.ids, EOS),
        encoder_input(&encoded.labels(), spelling(EOS).to_string()),
    )
}

/// One teacher-forced pass and the ids it read and predicts.
pub(crate) struct Forced {
    /// The source ids the model read, `<eos>` last.
    pub src: Vec<u32>,
    /// `w… <eos>` as the views label it ([`source_side`]); the ids went into `out`.
    pub src_tokens: Vec<String>,
    /// `<bos> y…`
    pub tgt_in: Vec<u32>,
    /// `y… <eos>`
    pub tgt_out: Vec<u32>,
    pub out: TransformerOutput,
}

/// What the views read off one teacher-forced pass on the probe sentence.
pub struct Probe {
    pub attention: AttentionSet,
    pub prediction: ProbePrediction,
    pub trace: Option<HeadTrace>,
}

impl Trainer {
    /// The teacher-forced forward pass of `model` on an encoded source
    /// sentence and the target's words.
    pub(crate) fn teacher_forced(
        &self,
        model: &Transformer,
        src: &Encoded,
        tgt: &[String],
        keep: Keep,
    ) -> Forced {
        let data = self.dataset();
        let device = self.backend().device();
        let (src, src_tokens) = source_side(src);
        let tgt = data.tgt_vocab.encode_words(tgt).ids;
        let tgt_in: Vec<u32> = std::iter::once(BOS).chain(tgt.iter().copied()).collect();
        let tgt_out: Vec<u32> = tgt.into_iter().chain(std::iter::once(EOS)).collect();
        let out = model.forward_keeping(
            id_tensor(std::slice::from_ref(&src), &device),
            id_tensor(std::slice::from_ref(&tgt_in), &device),
            keep,
        );
        Forced {
            src,
            src_tokens,
            tgt_in,
            tgt_out,
            out,
        }
    }

    /// The maps of one forward pass, labelled with their tokens.
    fn attention_set(&self, forced: &Forced) -> AttentionSet {
        let data = self.dataset();
        let maps = &forced.out.attention;
        AttentionSet {
            src_tokens: forced.src_tokens.clone(),
            tgt_tokens: tokens(&data.tgt_vocab, &forced.tgt_in),
            tgt_outputs: tokens(&data.tgt_vocab, &forced.tgt_out),
            encoder_self: head_maps(&maps.encoder_self),
            decoder_self: head_maps(&maps.decoder_self),
            cross: head_maps(&maps.cross),
        }
    }

    /// Every view's numbers from one teacher-forced pass on `pair`: the
    /// attention maps, the next-token distributions and, if asked, one head opened up.
    pub fn probe(&self, pair: &Pair, trace: Option<&TraceRequest>) -> Probe {
        let model = self.inference_model();
        let data = self.dataset();
        let forced = self.teacher_forced(
            &model,
            &data.src_vocab.encode_words(&pair.src),
            &pair.tgt,
            Keep::Inside,
        );
        let [_, len, vocab] = forced.out.logits.dims();
        let logits = forced.out.logits.clone().reshape([len, vocab]); // [tgt_len, vocab]
        let probs = floats(softmax(logits.clone(), 1));
        let logits = if len * vocab <= MAX_LOGIT_FLOATS {
            floats(logits)
        } else {
            Vec::new()
        };
        let inputs = tokens(&data.tgt_vocab, &forced.tgt_in);
        let [source_input, target_input] = self.stack_inputs(&model, &forced, inputs.clone());
        let prediction = ProbePrediction {
            inputs,
            targets: tokens(&data.tgt_vocab, &forced.tgt_out),
            target_ids: forced.tgt_out.clone(),
            vocab: data.tgt_vocab.tokens().to_vec(),
            probs,
            logits,
            label_smoothing: self.settings().label_smoothing,
            source_input,
            target_input,
            ffn_hidden: inside::ffn_activations(&model, &forced.out.ffn_hidden),
            residual: inside::residual_stream(&model, &forced.out.residual),
        };
        let trace = trace.map(|request| self.head_trace(&model, &forced, request));
        Probe {
            attention: self.attention_set(&forced),
            prediction,
            trace,
        }
    }

    /// How the source of `forced` enters the encoder, and its decoder
    /// inputs (`tgt_tokens`) the decoder: embedding rows, × √d_model, + PE,
    /// and the model's own embedding layer's output.
    fn stack_inputs(
        &self,
        model: &Transformer,
        forced: &Forced,
        tgt_tokens: Vec<String>,
    ) -> [LayerInput; 2] {
        [
            (&model.src_embed, &forced.src, forced.src_tokens.clone()),
            (&model.tgt_embed, &forced.tgt_in, tgt_tokens),
        ]
        .map(|(embed, ids, tokens)| self.layer_input(model, embed, ids, tokens))
    }

    fn layer_input(
        &self,
        model: &Transformer,
        embed: &InputEmbedding,
        ids: &[u32],
        tokens: Vec<String>,
    ) -> LayerInput {
        let device = self.backend().device();
        let ids = id_tensor(std::slice::from_ref(&ids.to_vec()), &device); // [1, n]
        let positions = model.positions(tokens.len(), &device); // [n, d_model]
        LayerInput {
            tokens,
            d_model: model.config.d_model,
            embedding: floats(embed.tokens.forward(ids.clone())),
            scaled: floats(embed.scaled(ids.clone())),
            sum: floats(embed.forward(ids, &positions)),
            positions: floats(positions),
        }
    }

    /// Teacher-forced attention maps for one pair (e.g. the probe sentence).
    pub fn probe_attention(&self, pair: &Pair) -> AttentionSet {
        self.probe(pair, None).attention
    }

    /// What the page may show about this run's task: its vocabularies, a few
    /// held-out pairs of this seed (the probe first) and the input limit.
    pub fn task_facts(&self) -> TaskFacts {
        let data = self.dataset();
        TaskFacts {
            task: Some(self.settings().task),
            seed: self.settings().seed,
            src_vocab: data.src_vocab.tokens().to_vec(),
            src_counts: lab_tasks::known::source_counts(data),
            tgt_vocab: data.tgt_vocab.tokens().to_vec(),
            max_input_words: MAX_INPUT_WORDS,
            longest_task_sentence: data.max_src_len,
            longest_task_target: data.max_tgt_len,
            heldout: data.heldout.iter().take(HELDOUT_SHOWN).cloned().collect(),
            tgt_alt: data.tgt_alt.clone(),
        }
    }

    /// Checks and tokenizes typed source text, by the task's rule
    /// ([`TaskKind::encode`](lab_tasks::TaskKind::encode)): the ids the model
    /// reads and the labels the views show, from one lookup.
    pub fn read_input(&self, text: &str) -> Result<Encoded, InputError> {
        let encoded = self.settings().task.encode(&self.dataset().src_vocab, text);
        if encoded.words.is_empty() {
            return Err(InputError::Empty);
        }
        if encoded.words.len() > MAX_INPUT_WORDS {
            return Err(InputError::TooLong {
                words: encoded.words.len(),
                max: MAX_INPUT_WORDS,
            });
        }
        if !encoded.unknown.is_empty() && !self.dataset().kind.translates_unknown_words() {
            return Err(InputError::Unknown(encoded.unknown));
        }
        Ok(encoded)
    }

    /// Greedy translation of typed text, with or without the KV cache.
    pub fn translate(&self, text: &str, cached: bool) -> Result<Translation, InputError> {
        let encoded = self.read_input(text)?;
        Ok(self.decode_text(encoded, cached, &Strategy::Greedy))
    }

    /// Translation of typed text by `strategy` (checked first), with or
    /// without the KV cache.
    pub fn translate_by(
        &self,
        text: &str,
        cached: bool,
        strategy: &Strategy,
    ) -> Result<Translation, TranslateError> {
        strategy.check().map_err(TranslateError::Strategy)?;
        let encoded = self.read_input(text).map_err(TranslateError::Input)?;
        Ok(self.decode_text(encoded, cached, strategy))
    }

    /// Decodes checked input by `strategy`: each step's top-k, attention rows
    /// and multiply-adds, and all rows stacked. For beam search the steps
    /// follow the best hypothesis, and `beam` holds every step of the search.
    fn decode_text(&self, encoded: Encoded, cached: bool, strategy: &Strategy) -> Translation {
        let data = self.dataset();
        let model: Transformer = self.inference_model();
        // The model reads <unk>; the axes show the word as typed.
        let (src, src_tokens) = source_side(&encoded);
        let mode = if cached {
            DecodeMode::Cached
        } else {
            DecodeMode::Recompute
        };
        let max_len = lab_math::limits::MAX_OUTPUT_TOKENS;
        let (decoded, beam) = match strategy {
            Strategy::Greedy => (
                greedy_decode_with(&model, &src, max_len, TOP_K, mode),
                vec![],
            ),
            Strategy::Sample(s) => (sample_decode(&model, &src, max_len, TOP_K, s, mode), vec![]),
            Strategy::Beam(b) => {
                let search = beam_search(&model, &src, *b, max_len, mode);
                let path = forced_decode(&model, &src, &search.best.tokens, TOP_K, mode);
                (path, self.beam_levels(&search))
            }
        };
        let name = |id: u32| data.tgt_vocab.token(id).to_string();
        let steps: Vec<DecodeStep> = decoded
            .steps
            .iter()
            .map(|s| DecodeStep {
                token: name(s.token),
                top_k: s.top_k.iter().map(|&(id, p)| (name(id), p)).collect(),
                kept: s.kept,
                multiply_adds: s.multiply_adds,
                cached_positions: s.cached_positions,
                self_row: head_maps_of(&s.self_rows),
                cross_row: head_maps_of(&s.cross_rows),
            })
            .collect();
        let n = steps.len();
        let tgt_in: Vec<u32> = std::iter::once(BOS)
            .chain(decoded.tokens.iter().copied())
            .take(n)
            .collect();
        let self_rows: Vec<HeadMaps> = steps.iter().map(|s| s.self_row.clone()).collect();
        let cross_rows: Vec<HeadMaps> = steps.iter().map(|s| s.cross_row.clone()).collect();
        let attention = AttentionSet {
            src_tokens,
            tgt_tokens: tokens(&data.tgt_vocab, &tgt_in),
            tgt_outputs: tokens(&data.tgt_vocab, &decoded.tokens),
            encoder_self: head_maps(&decoded.encoder_self),
            decoder_self: stack_rows(&self_rows, n),
            cross: stack_rows(&cross_rows, src.len()),
        };
        Translation {
            source: encoded.words,
            output: data.tgt_vocab.decode(&decoded.tokens),
            steps,
            cached,
            strategy: *strategy,
            beam,
            tgt_vocab_size: data.tgt_vocab.len(),
            attention,
        }
    }

    /// A beam search's steps in the target's words.
    fn beam_levels(&self, search: &BeamSearch) -> Vec<BeamLevel> {
        let vocab = &self.dataset().tgt_vocab;
        let hyp = |parent: usize, h: &Hypothesis, fate: Fate| BeamHyp {
            parent,
            tokens: tokens(vocab, &h.tokens),
            log_prob: h.log_prob,
            score: h.score,
            fate,
        };
        search
            .steps
            .iter()
            .map(|step| BeamLevel {
                beam: step
                    .beam
                    .iter()
                    .enumerate()
                    .map(|(row, h)| hyp(row, h, Fate::Kept))
                    .collect(),
                candidates: step
                    .candidates
                    .iter()
                    .map(|c| hyp(c.parent, &c.hypothesis, c.fate))
                    .collect(),
                cache_rows: step.cache_rows.clone(),
                multiply_adds: step.multiply_adds,
            })
            .collect()
    }

    /// Raw scores, masked scores and softmax weights of `head` in the first
    /// decoder self-attention layer, teacher-forced on `pair`.
    pub fn mask_demo(&self, pair: &Pair, head: usize) -> MaskDemo {
        let src = self.dataset().src_vocab.encode_words(&pair.src);
        let forced = self.teacher_forced(&self.inference_model(), &src, &pair.tgt, Keep::Nothing);
        let layer = &forced.out.attention.decoder_self[0];
        let [_, n_heads, seq, _] = layer.weights.dims();
        let head = head.min(n_heads - 1);
        let pick = |t: &Tensor<4>| floats(t.clone().narrow(0, 0, 1).narrow(1, head, 1));
        let raw = pick(&layer.scores);
        // The same mask the model applied: one sentence, no padding, so it is the causal mask.
        let mask = lab_math::combined_mask(&[seq], seq);
        MaskDemo {
            tokens: tokens(&self.dataset().tgt_vocab, &forced.tgt_in),
            seq_q: seq,
            seq_k: seq,
            masked_scores: raw
                .iter()
                .zip(&mask)
                .map(|(&s, &hidden)| (!hidden).then_some(s))
                .collect(),
            raw_scores: raw,
            weights: pick(&layer.weights),
        }
    }
}

mod inside;

#[cfg(test)]
pub(crate) mod tests;
