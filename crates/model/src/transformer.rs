//! The whole encoder-decoder Transformer of Figure 1, returning its logits
//! **and every attention map**.
//!
//! Token conventions: the source is `w₁ … wₙ <eos>`; the decoder input is
//! `<bos> y₁ … yₘ` and the decoder is trained to output `y₁ … yₘ <eos>`, so
//! decoder row `t` is the query that predicts target token `t`. PAD is
//! masked out everywhere.

use burn::module::{Initializer, Module};
use burn::nn::{Linear, LinearConfig};
use burn::tensor::{Bool, Device, Int, Tensor, TensorData};

use crate::add_norm::StackStates;
use crate::attention::AttentionOutput;
use crate::config::TransformerConfig;
use crate::decoder::{Decoder, DecoderOutput};
use crate::embedding::InputEmbedding;
use crate::encoder::{Encoder, EncoderOutput};
use crate::keep::Keep;
use crate::masks::{decoder_mask, padding_mask};
use crate::ops::{position_wise, position_wise_transposed};
use crate::positional::sinusoid_tensor;

// The special token ids are written once, in `lab_math::tokens`, where the
// tasks' vocabularies take them from too.
pub use lab_math::tokens::{BOS, EOS, PAD};

#[derive(Module, Debug)]
pub struct Transformer {
    pub src_embed: InputEmbedding,
    pub tgt_embed: InputEmbedding,
    pub encoder: Encoder,
    pub decoder: Decoder,
    /// The final linear layer before the softmax (the paper's "Linear" box);
    /// `None` when it is tied to the target embedding ([`Transformer::generate`]).
    pub generator: Option<Linear>,
    #[module(skip)]
    pub config: TransformerConfig,
}

/// Every attention map of one forward pass, one entry per layer.
///
/// Each tensor is `[batch, n_heads, seq_q, seq_k]`: rows are queries, columns keys.
#[derive(Clone, Debug)]
pub struct AttentionMaps {
    /// Encoder self-attention: `[batch, n_heads, src_len, src_len]` per layer.
    pub encoder_self: Vec<AttentionOutput>,
    /// Masked decoder self-attention: `[batch, n_heads, tgt_len, tgt_len]` per layer.
    pub decoder_self: Vec<AttentionOutput>,
    /// Cross-attention: `[batch, n_heads, tgt_len, src_len]` per layer.
    pub cross: Vec<AttentionOutput>,
}

/// Every layer's feed-forward hidden layer, `max(0, x W₁ + b₁)` (§3.3), from
/// [`Transformer::forward_keeping`] with [`Keep::Inside`]; other passes keep none and both are empty.
///
/// Each tensor is `[batch, seq, d_ff]`, one per layer, first layer first.
#[derive(Clone, Debug)]
pub struct FfnHidden {
    /// `[batch, src_len, d_ff]` per encoder layer.
    pub encoder: Vec<Tensor<3>>,
    /// `[batch, tgt_len, d_ff]` per decoder layer.
    pub decoder: Vec<Tensor<3>>,
}

#[derive(Clone, Debug)]
pub struct TransformerOutput {
    /// `[batch, tgt_len, tgt_vocab_size]`: unnormalised next-token scores.
    pub logits: Tensor<3>,
    pub attention: AttentionMaps,
    pub ffn_hidden: FfnHidden,
    /// Each stack's residual stream, with [`Keep::Inside`] (empty otherwise).
    pub residual: Residual,
}

/// Both stacks' residual streams on one forward pass: what the figure's
/// Add & Norm boxes show.
#[derive(Clone, Debug, Default)]
pub struct Residual {
    /// Over the source tokens.
    pub encoder: StackStates,
    /// Over the decoder's inputs.
    pub decoder: StackStates,
}

impl TransformerConfig {
    /// Builds a freshly initialised model on `device`.
    ///
    /// # Panics
    /// If the configuration is inconsistent (see [`TransformerConfig::check`]).
    pub fn init(&self, device: &Device) -> Transformer {
        self.check();
        Transformer {
            src_embed: self.embedding(self.src_vocab_size).init(device),
            tgt_embed: self.embedding(self.tgt_vocab_size).init(device),
            encoder: self.encoder().init(device),
            decoder: self.decoder().init(device),
            generator: (!self.tie_weights).then(|| {
                LinearConfig::new(self.d_model, self.tgt_vocab_size)
                    .with_initializer(Initializer::XavierUniform { gain: 1.0 })
                    .init(device)
            }),
            config: self.clone(),
        }
    }
}

/// The encoder's side of a forward pass.
#[derive(Clone, Debug)]
pub struct Encoded {
    /// `[batch, src_len, d_model]`: what the decoder's cross-attention reads.
    pub memory: Tensor<3>,
    /// `[batch, 1, src_len]`: `true` at the source's padding.
    pub src_mask: Tensor<3, Bool>,
    /// Each encoder layer's self-attention, first layer first.
    pub self_attn: Vec<AttentionOutput>,
    /// Each encoder layer's feed-forward hidden layer, `[batch, src_len, d_ff]`
    /// (with [`Keep::Inside`]; empty otherwise).
    pub ffn_hidden: Vec<Tensor<3>>,
    /// The encoder's residual stream (with [`Keep::Inside`]; empty otherwise).
    pub residual: StackStates,
}

impl Transformer {
    /// Encodes the source.
    ///
    /// # Shapes
    /// - `src`: `[batch, src_len]` → memory `[batch, src_len, d_model]`, mask `[batch, 1, src_len]`
    pub fn encode(&self, src: Tensor<2, Int>) -> Encoded {
        self.encode_keeping(src, Keep::Nothing)
    }

    /// [`Self::encode`], keeping what `keep` asks for.
    fn encode_keeping(&self, src: Tensor<2, Int>, keep: Keep) -> Encoded {
        let [_, src_len] = src.dims();
        let src_mask = padding_mask(&src, PAD);
        let positions = self.positions(src_len, &src.device());
        let x = self.src_embed.forward(src, &positions); // [batch, src_len, d_model]
        let EncoderOutput {
            memory,
            self_attn,
            ffn_hidden,
            residual,
        } = self.encoder.forward(x, &src_mask, keep);
        Encoded {
            memory,
            src_mask,
            self_attn,
            ffn_hidden,
            residual,
        }
    }

    /// Decodes a (teacher-forced or partial) target prefix against the
    /// memory, up to the decoder stack's output: [`Transformer::generate`]
    /// turns that into logits.
    ///
    /// # Shapes
    /// - `tgt_in`: `[batch, tgt_len]`, `memory`: `[batch, src_len, d_model]` → hidden `[batch, tgt_len, d_model]`
    pub fn decode(
        &self,
        tgt_in: Tensor<2, Int>,
        memory: &Tensor<3>,
        src_mask: &Tensor<3, Bool>,
    ) -> DecoderOutput {
        self.decode_keeping(tgt_in, memory, src_mask, Keep::Nothing)
    }

    /// [`Self::decode`], keeping what `keep` asks for.
    fn decode_keeping(
        &self,
        tgt_in: Tensor<2, Int>,
        memory: &Tensor<3>,
        src_mask: &Tensor<3, Bool>,
        keep: Keep,
    ) -> DecoderOutput {
        let [_, tgt_len] = tgt_in.dims();
        let tgt_mask = decoder_mask(&tgt_in, PAD); // [batch, tgt_len, tgt_len]
        let positions = self.positions(tgt_len, &tgt_in.device());
        let x = self.tgt_embed.forward(tgt_in, &positions); // [batch, tgt_len, d_model]
        self.decoder.forward(x, memory, &tgt_mask, src_mask, keep)
    }

    /// The pre-softmax projection: the generator, or, with tied weights, the
    /// target embedding matrix transposed (§3.4).
    ///
    /// # Shapes
    /// - `h`: `[batch, tgt_len, d_model]` → logits `[batch, tgt_len, tgt_vocab_size]`
    pub fn generate(&self, h: Tensor<3>) -> Tensor<3> {
        match &self.generator {
            Some(generator) => position_wise(generator, h),
            None => position_wise_transposed(self.tgt_embed.tokens.weight.val(), h),
        }
    }

    /// The teacher-forced forward pass used in training.
    ///
    /// # Shapes
    /// - `src`: `[batch, src_len]`, `tgt_in`: `[batch, tgt_len]` → logits `[batch, tgt_len, tgt_vocab_size]`
    pub fn forward(&self, src: Tensor<2, Int>, tgt_in: Tensor<2, Int>) -> TransformerOutput {
        self.forward_keeping(src, tgt_in, Keep::Nothing)
    }

    /// [`Self::forward`], with [`Keep::Inside`] keeping every layer's
    /// feed-forward hidden layer and residual stream
    /// ([`TransformerOutput::ffn_hidden`] and [`TransformerOutput::residual`]):
    /// the probe's pass, which the figure's boxes show.
    ///
    /// # Shapes
    /// As [`Self::forward`].
    pub fn forward_keeping(
        &self,
        src: Tensor<2, Int>,
        tgt_in: Tensor<2, Int>,
        keep: Keep,
    ) -> TransformerOutput {
        let encoded = self.encode_keeping(src, keep);
        let decoded = self.decode_keeping(tgt_in, &encoded.memory, &encoded.src_mask, keep);
        let (decoder_self, cross) = decoded
            .layers
            .into_iter()
            .map(|layer| (layer.self_attn, layer.cross_attn))
            .unzip();
        TransformerOutput {
            logits: self.generate(decoded.hidden),
            attention: AttentionMaps {
                encoder_self: encoded.self_attn,
                decoder_self,
                cross,
            },
            ffn_hidden: FfnHidden {
                encoder: encoded.ffn_hidden,
                decoder: decoded.ffn_hidden,
            },
            residual: Residual {
                encoder: encoded.residual,
                decoder: decoded.residual,
            },
        }
    }

    /// The teacher-forced logits at some decoder positions only: training
    /// asks for the positions that have a target, and so spends no
    /// generator product or softmax on the padding (where the loss is 0).
    /// Row `i` equals row `positions[i]` of [`Transformer::forward`]'s
    /// logits flattened to `[batch · tgt_len, vocab]`.
    ///
    /// # Shapes
    /// - `src`: `[batch, src_len]`, `tgt_in`: `[batch, tgt_len]`, `positions`: flat
    ///   indices `b · tgt_len + t` → `[positions.len(), tgt_vocab_size]`
    ///
    /// # Panics
    /// If `positions` is empty or an index is outside `batch · tgt_len`.
    pub fn logits_at(
        &self,
        src: Tensor<2, Int>,
        tgt_in: Tensor<2, Int>,
        positions: &[usize],
    ) -> Tensor<2> {
        let [batch, tgt_len] = tgt_in.dims();
        assert!(
            !positions.is_empty() && positions.iter().all(|&p| p < batch * tgt_len),
            "positions must be some of the {} decoder positions",
            batch * tgt_len
        );
        let device = src.device();
        let encoded = self.encode(src);
        let h = self
            .decode(tgt_in, &encoded.memory, &encoded.src_mask)
            .hidden;
        let d_model = self.config.d_model;
        let index = Tensor::<1, Int>::from_data(
            TensorData::new(
                positions.iter().map(|&p| p as i64).collect::<Vec<_>>(),
                [positions.len()],
            ),
            &device,
        );
        let rows = h.reshape([batch * tgt_len, d_model]).select(0, index); // [n, d_model]
        let logits = self.generate(rows.unsqueeze::<3>()); // [1, n, vocab]
        logits.squeeze_dim::<2>(0) // [n, vocab]
    }

    /// The positional rows `0..len` as the model adds them: the sinusoids,
    /// or zeros when positional encoding is off.
    ///
    /// # Shapes
    /// - → `[len, d_model]`
    ///
    /// # Panics
    /// If `len` exceeds `max_len`.
    pub fn positions(&self, len: usize, device: &Device) -> Tensor<2> {
        assert!(
            len <= self.config.max_len,
            "sequence of {len} tokens exceeds max_len {}",
            self.config.max_len
        );
        if self.config.positional_encoding {
            sinusoid_tensor(len, self.config.d_model, self.config.pe_base, device)
        } else {
            Tensor::zeros([len, self.config.d_model], device)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Backend;
    use burn::tensor::TensorData;

    fn ids(rows: Vec<Vec<i64>>, device: &Device) -> Tensor<2, Int> {
        let (b, n) = (rows.len(), rows[0].len());
        Tensor::from_data(TensorData::new(rows.concat(), [b, n]), device)
    }

    #[test]
    fn logits_at_some_positions_are_those_rows_of_the_forward_logits() {
        let device = Backend::default().device();
        let model = TransformerConfig::toy(11, 13).init(&device);
        let src = || ids(vec![vec![4, 5, 6, 2], vec![4, 2, 0, 0]], &device);
        let tgt = || ids(vec![vec![1, 7, 8], vec![1, 9, 0]], &device);
        let all = model.forward(src(), tgt()).logits.reshape([6, 13]);
        let positions = [0, 2, 3, 4];
        let some = model.logits_at(src(), tgt(), &positions);
        assert_eq!(some.dims(), [4, 13]);
        let some = some.into_data().try_to_vec::<f32>().unwrap();
        let all = all.into_data().try_to_vec::<f32>().unwrap();
        for (row, &p) in positions.iter().enumerate() {
            for k in 0..13 {
                let (a, b) = (some[row * 13 + k], all[p * 13 + k]);
                assert!(
                    (a - b).abs() < 1e-5,
                    "position {p}, token {k}: {a} against {b}"
                );
            }
        }
    }

    #[test]
    fn forward_returns_logits_and_every_map_with_documented_shapes() {
        let device = Backend::default().device();
        let model = TransformerConfig::toy(11, 13)
            .with_n_encoder_layers(3)
            .init(&device);
        let out = model.forward(
            ids(vec![vec![4, 5, 6, 2], vec![4, 2, 0, 0]], &device),
            ids(vec![vec![1, 7, 8], vec![1, 9, 0]], &device),
        );
        assert_eq!(out.logits.dims(), [2, 3, 13]);
        assert_eq!(out.attention.encoder_self.len(), 3);
        assert_eq!(out.attention.encoder_self[0].weights.dims(), [2, 4, 4, 4]);
        assert_eq!(out.attention.decoder_self[1].weights.dims(), [2, 4, 3, 3]);
        assert_eq!(out.attention.cross[1].weights.dims(), [2, 4, 3, 4]);
        // Sentence 1's source is padded after 2 tokens: no cross-attention reaches the padding.
        let cross = out.attention.cross[0]
            .weights
            .clone()
            .into_data()
            .try_to_vec::<f32>()
            .expect("f32");
        let sentence1 = &cross[4 * 3 * 4..];
        for row in sentence1.chunks(4) {
            assert_eq!((row[2], row[3]), (0.0, 0.0));
            assert!((row.iter().sum::<f32>() - 1.0).abs() < 1e-5);
        }
    }

    /// The encoder's output rows of `src`, one `Vec` per position.
    fn memory_rows(model: &Transformer, src: Vec<i64>, device: &Device) -> Vec<Vec<f32>> {
        let d_model = model.config.d_model;
        let memory = model.encode(ids(vec![src], device)).memory;
        let flat = memory.into_data().try_to_vec::<f32>().expect("f32");
        flat.chunks(d_model).map(<[f32]>::to_vec).collect()
    }

    fn close(a: &[f32], b: &[f32]) -> bool {
        a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-5)
    }

    #[test]
    fn without_positional_encoding_a_reordered_source_gives_the_same_rows_reordered() {
        let device = Backend::default().device();
        let config = TransformerConfig::toy(11, 13).with_dropout(0.0);
        let (src, reversed) = (vec![4, 5, 6, 2], vec![6, 5, 4, 2]);
        let off = config.clone().with_positional_encoding(false).init(&device);
        let (a, b) = (
            memory_rows(&off, src.clone(), &device),
            memory_rows(&off, reversed.clone(), &device),
        );
        // Position i of the reversed source holds the token at 2 − i (the <eos> stays last).
        for (i, j) in [(0, 2), (1, 1), (2, 0), (3, 3)] {
            assert!(
                close(&a[i], &b[j]),
                "token at {i} of the source = token at {j} of its reverse"
            );
        }
        // With the sinusoids, the same token at another position gets another row.
        let on = config.init(&device);
        let (a, b) = (
            memory_rows(&on, src, &device),
            memory_rows(&on, reversed, &device),
        );
        assert!(!close(&a[0], &b[2]), "positions tell the two apart");
    }

    #[test]
    fn tied_weights_project_with_the_target_embedding_and_have_no_generator() {
        let device = Backend::default().device();
        let model = TransformerConfig::toy(11, 13)
            .with_tie_weights(true)
            .init(&device);
        assert!(model.generator.is_none());
        let h = Tensor::<3>::random([2, 3, 64], burn::tensor::Distribution::Default, &device);
        let logits = model
            .generate(h.clone())
            .into_data()
            .try_to_vec::<f32>()
            .expect("f32");
        let e = model
            .tgt_embed
            .tokens
            .weight
            .val()
            .into_data()
            .try_to_vec::<f32>()
            .expect("f32");
        let h = h.into_data().try_to_vec::<f32>().expect("f32");
        // logits[row, v] = h[row] · E[v], for every position of both sentences.
        for row in 0..6 {
            for v in 0..13 {
                let by_hand: f32 = (0..64).map(|c| h[row * 64 + c] * e[v * 64 + c]).sum();
                assert!(
                    (logits[row * 13 + v] - by_hand).abs() < 1e-4,
                    "row {row}, token {v}"
                );
            }
        }
    }

    #[test]
    fn pre_norm_and_post_norm_both_build_and_differ() {
        let device = Backend::default().device();
        let pre = TransformerConfig::toy(9, 9)
            .with_norm(crate::NormPlacement::Pre)
            .init(&device);
        assert!(pre.encoder.final_norm.is_some() && pre.decoder.final_norm.is_some());
        let post = TransformerConfig::toy(9, 9).init(&device);
        assert!(post.encoder.final_norm.is_none());
        assert_eq!(
            (
                post.encoder.layers[0].attn_residual.placement,
                pre.decoder.layers[1].ff_residual.placement
            ),
            (crate::NormPlacement::Post, crate::NormPlacement::Pre)
        );
    }
}
