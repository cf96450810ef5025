//! The model's numbers as plain data for the views and the CLI: attention
//! maps for a probe sentence, greedy translation of typed text, and what the
//! causal mask does to real scores.

use lab_math::search::{Fate, Strategy, StrategyError};
use lab_math::tokens::{encoder_input, spelling};
use lab_model::burn::tensor::activation::softmax;
use lab_model::burn::tensor::Tensor;
use lab_model::{
    beam_search, forced_decode, greedy_decode_with, sample_decode, AttentionOutput, BeamSearch,
    DecodeMode, Hypothesis, Transformer, TransformerOutput,
};
use lab_protocol::{
    AttentionSet, BeamHyp, BeamLevel, DecodeStep, HeadMaps, HeadTrace, LayerInput, MaskDemo,
    ProbePrediction, TaskFacts, TraceRequest, Translation,
};
use lab_tasks::{Encoded, Pair, UnknownWord, Vocab, BOS, EOS};

use crate::batch::id_tensor;
use crate::evaluate::floats;
use crate::trainer::{Trainer, MAX_LEN};

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
    ) -> Forced {
        let data = self.dataset();
        let device = self.backend().device();
        let (src, src_tokens) = source_side(src);
        let tgt = data.tgt_vocab.encode_words(tgt).ids;
        let tgt_in: Vec<u32> = std::iter::once(BOS).chain(tgt.iter().copied()).collect();
        let tgt_out: Vec<u32> = tgt.into_iter().chain(std::iter::once(EOS)).collect();
        let out = model.forward(
            id_tensor(std::slice::from_ref(&src), &device),
            id_tensor(std::slice::from_ref(&tgt_in), &device),
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
        let forced =
            self.teacher_forced(&model, &data.src_vocab.encode_words(&pair.src), &pair.tgt);
        let [_, len, vocab] = forced.out.logits.dims();
        let probs = floats(softmax(forced.out.logits.clone().reshape([len, vocab]), 1)); // [tgt_len, vocab]
        let prediction = ProbePrediction {
            inputs: tokens(&data.tgt_vocab, &forced.tgt_in),
            targets: tokens(&data.tgt_vocab, &forced.tgt_out),
            target_ids: forced.tgt_out.clone(),
            vocab: data.tgt_vocab.tokens().to_vec(),
            probs,
            label_smoothing: self.settings().label_smoothing,
            source_input: self.source_input(&model, &forced),
        };
        let trace = trace.map(|request| self.head_trace(&model, &forced, request));
        Probe {
            attention: self.attention_set(&forced),
            prediction,
            trace,
        }
    }

    /// How the source of `forced` enters the encoder: embedding rows,
    /// × √d_model, + PE, and the model's own embedding layer's output.
    fn source_input(&self, model: &Transformer, forced: &Forced) -> LayerInput {
        let device = self.backend().device();
        let ids = id_tensor(std::slice::from_ref(&forced.src), &device); // [1, n]
        let n = forced.src.len();
        let d_model = model.config.d_model;
        let positions = model.positions(n, &device); // [n, d_model]
        LayerInput {
            tokens: forced.src_tokens.clone(),
            d_model,
            embedding: floats(model.src_embed.tokens.forward(ids.clone())),
            scaled: floats(model.src_embed.scaled(ids.clone())),
            sum: floats(model.src_embed.forward(ids, &positions)),
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
        let max_len = MAX_LEN - 1;
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
        let forced = self.teacher_forced(&self.inference_model(), &src, &pair.tgt);
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

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use lab_protocol::Settings;
    use lab_tasks::TaskKind;

    fn trainer() -> Trainer {
        Trainer::new(&Settings {
            d_model: 16,
            n_heads: 2,
            d_ff: 32,
            n_layers: 2,
            ..Settings::toy(TaskKind::EnJa)
        })
        .expect("valid")
    }

    #[test]
    fn probe_maps_are_labelled_and_rows_sum_to_one() {
        let t = trainer();
        let set = t.probe_attention(t.dataset().probe());
        assert_eq!(set.src_tokens.last().map(String::as_str), Some("<eos>"));
        assert_eq!(set.tgt_tokens.first().map(String::as_str), Some("<bos>"));
        assert_eq!(
            (
                set.cross.n_layers,
                set.cross.n_heads,
                set.cross.seq_q,
                set.cross.seq_k
            ),
            (2, 2, set.tgt_tokens.len(), set.src_tokens.len())
        );
        for maps in [&set.encoder_self, &set.decoder_self, &set.cross] {
            for row in maps.weights.chunks(maps.seq_k) {
                assert!((row.iter().sum::<f32>() - 1.0).abs() < 1e-5);
            }
        }
    }

    #[test]
    fn bad_input_is_explained_not_decoded() {
        let t = trainer();
        assert_eq!(t.translate("   ", true).err(), Some(InputError::Empty));
        let long = vec!["dog"; MAX_INPUT_WORDS + 1].join(" ");
        assert!(matches!(
            t.translate(&long, false),
            Err(InputError::TooLong { .. })
        ));
        match t.translate("the dog sees a zebra", true) {
            Err(InputError::Unknown(words)) => {
                assert_eq!((words[0].position, words[0].word.as_str()), (4, "zebra"))
            }
            other => panic!("expected an unknown-word error, got {other:?}"),
        }
        assert!(t.translate("the dog sees a cat", true).is_ok());
    }

    #[test]
    fn the_first_layer_reads_the_embedding_times_sqrt_d_model_plus_pe() {
        let t = trainer();
        let probe = t.probe(t.dataset().probe(), None);
        let input = &probe.prediction.source_input;
        let d = input.d_model;
        assert_eq!(d, 16);
        assert_eq!(input.tokens, probe.attention.src_tokens);
        assert_eq!(input.sum.len(), input.tokens.len() * d);
        let sqrt_d = (d as f32).sqrt();
        for (i, &e) in input.embedding.iter().enumerate() {
            assert!(
                (input.scaled[i] - e * sqrt_d).abs() < 1e-5,
                "× √d_model at {i}"
            );
            assert!((input.sum[i] - (input.scaled[i] + input.positions[i])).abs() < 1e-5);
        }
        // The positions are the paper's sinusoids: PE(pos, 2i) = sin(pos / 10000^(2i/d)).
        let table = lab_math::sinusoid_table(input.tokens.len(), d, 10_000.0);
        for (a, b) in input.positions.iter().zip(&table) {
            assert!((a - b).abs() < 1e-5);
        }
        // A token's row is the embedding matrix's row for its id.
        let id = t
            .dataset()
            .src_vocab
            .encode_words(&t.dataset().probe().src)
            .ids[0];
        let weights = floats(t.inference_model().src_embed.tokens.weight.val());
        assert_eq!(&input.embedding[..d], &weights[id as usize * d..][..d]);
    }

    #[test]
    fn beam_search_and_sampling_come_back_with_their_working() {
        use lab_math::search::{Beam, Sampling};
        let t = trainer();
        let text = "the dog sees a cat";
        let beam = Strategy::Beam(Beam::default());
        let tr = t.translate_by(text, true, &beam).expect("beam search");
        assert_eq!(tr.strategy, beam);
        assert!(!tr.beam.is_empty() && tr.is_finite());
        // The output is the finished hypothesis with the best score, and the path follows it.
        let best = tr
            .beam
            .iter()
            .flat_map(|l| &l.candidates)
            .filter(|c| c.fate == Fate::Finished)
            .max_by(|a, b| a.score.total_cmp(&b.score))
            .expect("a finished hypothesis");
        let path: Vec<&str> = tr.steps.iter().map(|s| s.token.as_str()).collect();
        assert_eq!(
            path,
            best.tokens.iter().map(String::as_str).collect::<Vec<_>>()
        );
        // Step 1 extends <bos> alone; later steps say which rows' caches were copied.
        assert_eq!(tr.beam[0].beam.len(), 1);
        assert!(tr.beam[0].beam[0].tokens.is_empty());
        let sampled = Strategy::Sample(Sampling::default());
        let tr = t.translate_by(text, false, &sampled).expect("sampling");
        assert!(tr.beam.is_empty() && tr.steps.iter().all(|s| s.kept.is_some()));
        let refused = t.translate_by(
            text,
            true,
            &Strategy::Beam(Beam {
                size: 0,
                alpha: 0.6,
            }),
        );
        assert!(matches!(refused, Err(TranslateError::Strategy(_))));
        let empty = t.translate_by(" ", true, &Strategy::Greedy);
        assert_eq!(empty.err(), Some(TranslateError::Input(InputError::Empty)));
    }

    /// A small untrained model of a real task, which reads an unknown word as `<unk>`.
    pub(crate) fn real_en_ja() -> Trainer {
        Trainer::new(&Settings {
            d_model: 16,
            n_heads: 2,
            d_ff: 32,
            n_layers: 1,
            ..Settings::toy(TaskKind::RealEnJa)
        })
        .expect("the corpus is built into native programs")
    }

    #[test]
    fn an_unknown_word_is_shown_as_typed_but_read_as_unk() {
        let t = real_en_ja();
        let vocab = &t.dataset().src_vocab;
        for word in ["the", "is", "big", "."] {
            assert!(vocab.id(word).is_some(), "{word} is a known word");
        }
        let a = t
            .translate("the zyzzyva is big .", true)
            .expect("a real task translates unknown words");
        assert_eq!(
            a.attention.src_tokens,
            ["the", "<unk>:zyzzyva", "is", "big", ".", "<eos>"]
        );
        assert_eq!(a.source, ["the", "zyzzyva", "is", "big", "."]);
        // Another invented word in the same place: the model reads the same
        // ids, so everything but the label is the same.
        let b = t
            .translate("the quuxlet is big .", true)
            .expect("a real task translates unknown words");
        assert_eq!(b.attention.src_tokens[1], "<unk>:quuxlet");
        assert_eq!(a.output, b.output);
        assert_eq!(a.attention.tgt_tokens, b.attention.tgt_tokens);
        assert_eq!(a.attention.tgt_outputs, b.attention.tgt_outputs);
        assert_eq!(a.attention.cross, b.attention.cross);
        assert_eq!(a.attention.encoder_self, b.attention.encoder_self);
        let picks = |tr: &Translation| -> Vec<String> {
            tr.steps.iter().map(|s| s.token.clone()).collect()
        };
        assert_eq!(picks(&a), picks(&b));
        // Teacher-forced on the typed words, the labels are the same as decoding's.
        let forced = t.teacher_forced(
            &t.inference_model(),
            &vocab.encode_words(&a.source),
            &a.output,
        );
        assert_eq!(t.attention_set(&forced).src_tokens, a.attention.src_tokens);
        let read = t.read_input("the zyzzyva is big .").expect("read");
        assert_eq!(read.ids[1], lab_tasks::UNK, "the model reads <unk>");
        assert_eq!(read.labels()[1], "<unk>:zyzzyva");
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

    #[test]
    fn decoding_with_and_without_the_cache_agrees_and_costs_what_the_formulas_say() {
        let t = trainer();
        let with = t
            .translate("the big dog sees a small cat", true)
            .expect("known words");
        let without = t
            .translate("the big dog sees a small cat", false)
            .expect("known words");
        assert_eq!(with.output, without.output);
        let s = t.settings();
        for (i, (a, b)) in with.steps.iter().zip(&without.steps).enumerate() {
            assert_eq!(a.token, b.token);
            for ((_, pa), (_, pb)) in a.top_k.iter().zip(&b.top_k) {
                assert!((pa - pb).abs() < 1e-5, "step {i}: {pa} vs {pb}");
            }
            let shape = lab_math::decoding::DecoderShape {
                d_model: s.d_model,
                d_ff: s.d_ff,
                n_layers: s.n_layers,
                src_len: with.attention.src_tokens.len(),
                vocab: with.tgt_vocab_size,
            };
            assert_eq!(
                a.multiply_adds,
                lab_math::decoding::step_multiply_adds(shape, i + 1, true)
            );
            assert_eq!(
                b.multiply_adds,
                lab_math::decoding::step_multiply_adds(shape, i + 1, false)
            );
            assert_eq!((a.cached_positions, b.cached_positions), (i + 1, 0));
            assert_eq!(
                a.self_row.seq_k,
                i + 1,
                "step t's query sees t decoder keys"
            );
        }
    }

    #[test]
    fn stacked_decoding_rows_equal_a_teacher_forced_pass_on_the_output() {
        let t = trainer();
        let tr = t
            .translate("the dog sees a cat", true)
            .expect("known words");
        let words: Vec<String> = tr.output.clone();
        let src = t.dataset().src_vocab.encode_words(&tr.source);
        let forced = t.teacher_forced(&t.inference_model(), &src, &words);
        let set = t.attention_set(&forced);
        // The decode may stop at max_len without <eos>; compare the rows it made.
        let n = tr.attention.tgt_tokens.len();
        assert_eq!(&set.tgt_tokens[..n], &tr.attention.tgt_tokens[..]);
        for (a, b) in [
            (&tr.attention.cross, &set.cross),
            (&tr.attention.decoder_self, &set.decoder_self),
        ] {
            for l in 0..a.n_layers {
                for h in 0..a.n_heads {
                    let (x, y) = (a.head(l, h), b.head(l, h));
                    for q in 0..n {
                        for k in 0..a.seq_k {
                            assert!(
                                (x[q * a.seq_k + k] - y[q * b.seq_k + k]).abs() < 1e-5,
                                "layer {l} head {h} row {q} key {k}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn decoder_rows_are_labelled_by_what_they_predict_as_the_alignment_metric_scores_them() {
        let t = trainer();
        let probe = t.dataset().probe().clone();
        let set = t.probe_attention(&probe);
        let labels = set.query_labels(lab_protocol::AttentionKind::Cross);
        // Row j reads tgt_in[j] and is scored (evaluate::alignment_hits) against target word j.
        for (j, word) in probe.tgt.iter().enumerate() {
            assert_eq!(labels[j], format!("{} → {}", set.tgt_tokens[j], word));
        }
        assert_eq!(
            labels.last().map(String::as_str),
            Some(format!("{} → <eos>", probe.tgt.last().expect("non-empty")).as_str())
        );
    }

    #[test]
    fn the_worker_tells_the_held_out_sentences_of_its_own_seed() {
        for seed in [42, 7] {
            let t = Trainer::new(&Settings {
                seed,
                d_model: 16,
                n_heads: 2,
                d_ff: 32,
                n_layers: 1,
                ..Settings::toy(TaskKind::EnJa)
            })
            .expect("valid");
            let facts = t.task_facts();
            assert_eq!(facts.probe(), Some(t.dataset().probe()));
            for pair in &facts.heldout {
                assert!(
                    !t.dataset().train.iter().any(|p| p.src == pair.src),
                    "seed {seed}: {:?} is a training sentence",
                    pair.src
                );
            }
            assert_eq!(facts.max_input_words, MAX_INPUT_WORDS);
        }
    }
}
