//! What training, evaluation and decoding report back, as plain numbers.

use crate::attention::{AttentionSet, HeadMaps};
use lab_math::search::{Beam, Fate, Strategy};
use serde::{Deserialize, Serialize};

/// One optimisation step.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct StepReport {
    /// Steps taken so far, counting this one.
    pub step: usize,
    /// Label-smoothed cross-entropy per target token (PAD excluded).
    pub loss: f32,
    /// Fraction of non-PAD target tokens whose argmax is right.
    pub token_accuracy: f32,
    /// The Noam rate used for this step.
    pub learning_rate: f64,
    /// Target tokens per second of wall-clock time for this step.
    pub tokens_per_s: f64,
}

/// Held-out evaluation.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct EvalReport {
    pub step: usize,
    /// Cross-entropy per target token without smoothing, teacher-forced.
    pub loss: f32,
    pub token_accuracy: f32,
    /// Fraction of held-out sentences that greedy decoding gets exactly right.
    pub exact_match: f32,
    /// Corpus BLEU-4 of the greedy decodes, 0–100.
    pub bleu: f32,
    pub sentences: usize,
    /// For each cross-attention head, `[n_layers, n_heads]` flattened: how often
    /// its argmax over source words agrees with the gold alignment. Empty on
    /// a real task, whose pairs have no gold alignment.
    pub head_alignment: Vec<f32>,
    pub n_layers: usize,
    pub n_heads: usize,
}

impl EvalReport {
    /// The best-aligned cross-attention head as `(layer, head, agreement)`.
    pub fn best_aligned_head(&self) -> Option<(usize, usize, f32)> {
        let (i, a) = self
            .head_alignment
            .iter()
            .enumerate()
            .max_by(|a, b| a.1.total_cmp(b.1))?;
        Some((i / self.n_heads.max(1), i % self.n_heads.max(1), *a))
    }
}

/// One token of a decode: step `t` reads `<bos> y₁ … y_{t−1}` and chooses `y_t`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DecodeStep {
    /// The chosen token: the argmax (greedy), the best hypothesis's (beam) or the drawn one.
    pub token: String,
    /// The `k` most probable next tokens with their probabilities, best first
    /// (when sampling: of the sampling distribution).
    pub top_k: Vec<(String, f32)>,
    /// When sampling: how many tokens the temperature, top-k and top-p left to draw from.
    #[serde(default)]
    pub kept: Option<usize>,
    /// Multiply-adds of this step's matrix products, counted by the model as it ran them.
    pub multiply_adds: u64,
    /// Positions held in each decoder layer's KV cache after this step (0 without a cache).
    pub cached_positions: usize,
    /// `[n_layers, n_heads, 1, t]`: the masked self-attention row of the query that chose `token`.
    pub self_row: HeadMaps,
    /// `[n_layers, n_heads, 1, src_len]`: its cross-attention row.
    pub cross_row: HeadMaps,
}

/// A greedy translation and the attention that produced it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Translation {
    pub source: Vec<String>,
    /// Decoded words, without `<bos>` and `<eos>`.
    pub output: Vec<String>,
    pub steps: Vec<DecodeStep>,
    /// Whether the decoder kept a KV cache.
    pub cached: bool,
    /// How each token was chosen. For beam search, `steps` follow the best hypothesis.
    #[serde(default)]
    pub strategy: Strategy,
    /// Beam search's steps, one per decoding step (empty for greedy and sampling).
    #[serde(default)]
    pub beam: Vec<BeamLevel>,
    /// Target vocabulary size: the width of the final Linear, for the cost formulas.
    pub tgt_vocab_size: usize,
    /// Every step's rows stacked: decoder rows are the inputs `<bos> y1 … yn`,
    /// so row t is the query that chose token t+1 (`tgt_outputs[t]`).
    pub attention: AttentionSet,
}

/// Held-out BLEU of greedy decoding and of beam search, on the same model and sentences.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DecodingComparison {
    pub beam: Beam,
    /// Held-out sentences decoded both ways.
    pub sentences: usize,
    /// Corpus BLEU, 0–100.
    pub greedy_bleu: f32,
    pub beam_bleu: f32,
    /// Share of sentences decoded exactly, 0–1.
    pub greedy_exact: f32,
    pub beam_exact: f32,
}

/// A hypothesis of beam search, as the page draws it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BeamHyp {
    /// The row of the step's beam it extends (its own row, for a row of the beam).
    pub parent: usize,
    /// Its tokens so far, without `<bos>`.
    pub tokens: Vec<String>,
    /// `log P(Y)`: the sum of its tokens' log-probabilities.
    pub log_prob: f32,
    /// `log P(Y) / lp(Y)`, the length-normalised score.
    pub score: f32,
    pub fate: Fate,
}

/// One step of beam search.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BeamLevel {
    /// The beam the step extended, row by row (`fate` is `Kept`).
    pub beam: Vec<BeamHyp>,
    /// Each row's best extensions, the survivors marked.
    pub candidates: Vec<BeamHyp>,
    /// The next step's rows: row `i` continues row `cache_rows[i]`, and its KV cache is a copy of that row's.
    pub cache_rows: Vec<usize>,
    /// Multiply-adds of the step's matrix products, for the whole beam.
    pub multiply_adds: u64,
}

/// What a mask does to real scores, for one head of the first decoder layer.
///
/// # Shapes
/// Every matrix is `[seq_q, seq_k]`, flattened row-major.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct MaskDemo {
    pub tokens: Vec<String>,
    pub seq_q: usize,
    pub seq_k: usize,
    /// `QKᵀ / √d_k` before masking.
    pub raw_scores: Vec<f32>,
    /// After masking: `None` is a hidden entry, whose score is −∞.
    pub masked_scores: Vec<Option<f32>>,
    /// `softmax(masked_scores)`: hidden entries are exactly 0.
    pub weights: Vec<f32>,
}

/// The model's next-token distributions on the probe sentence, teacher-forced:
/// what label smoothing compares its targets with.
///
/// # Shapes
/// - `probs`: `[positions, vocab.len()]`, flattened row-major; each row sums to 1.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ProbePrediction {
    /// Decoder inputs `<bos> y₁ … y_m`: position t's query reads `inputs[t]`.
    pub inputs: Vec<String>,
    /// What each position must predict: `y₁ … y_m <eos>`.
    pub targets: Vec<String>,
    /// The ids of `targets`, columns of `probs`.
    pub target_ids: Vec<u32>,
    /// The target vocabulary in id order: the labels of the columns of `probs`.
    pub vocab: Vec<String>,
    /// `softmax(logits)` of every position.
    pub probs: Vec<f32>,
    /// The linear layer's output, `[positions, vocab.len()]` like `probs`;
    /// empty when it would hold more than [`MAX_LOGIT_FLOATS`] numbers.
    #[serde(default)]
    pub logits: Vec<f32>,
    /// The ε the training loss uses.
    pub label_smoothing: f32,
    /// How the probe's source enters the encoder (§3.4, §3.5).
    #[serde(default)]
    pub source_input: LayerInput,
    /// How the decoder inputs (`inputs`) enter the decoder, the same way.
    #[serde(default)]
    pub target_input: LayerInput,
    /// Each layer's feed-forward hidden layer on the probe (§3.3).
    #[serde(default)]
    pub ffn_hidden: FfnActivations,
    /// Each stack's residual stream on the probe (§3.1, §5.4).
    #[serde(default)]
    pub residual: ResidualStream,
}

/// The residual stream of both stacks on the probe sentence, read off the
/// model's own forward pass: what each sub-layer's Add & Norm put on it,
/// and each stack's final LayerNorm. A probe that would carry more than
/// [`MAX_RESIDUAL_FLOATS`] numbers carries none (`encoder` and `decoder`
/// empty): the figure then shows no glimpse in its norm boxes.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ResidualStream {
    pub d_model: usize,
    /// Over the `source_input` tokens: self-attention, feed-forward.
    pub encoder: StackStream,
    /// Over the decoder's `inputs`: masked self-attention, cross-attention,
    /// feed-forward.
    pub decoder: StackStream,
}

impl ResidualStream {
    /// The residual stream of `stack`.
    pub fn of(&self, stack: Stack) -> &StackStream {
        match stack {
            Stack::Encoder => &self.encoder,
            Stack::Decoder => &self.decoder,
        }
    }
}

/// A sub-layer of an encoder or a decoder layer (§3.1), each wrapped in
/// its own Add & Norm.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sublayer {
    /// Multi-head self-attention (masked in the decoder).
    SelfAttention,
    /// The decoder's attention over the encoder's output.
    CrossAttention,
    /// The position-wise feed-forward network.
    FeedForward,
}

impl Sublayer {
    /// An encoder layer's sub-layers in the order they run (§3.1): the
    /// order of [`StackStream::layers`]' inner lists. lab-train's
    /// `each_layers_hidden_layer_and_residual_stream_are_the_models_own`
    /// walks the model in this order and finds its numbers.
    pub const ENCODER: [Sublayer; 2] = [Self::SelfAttention, Self::FeedForward];
    /// A decoder layer's sub-layers in the order they run (§3.1).
    pub const DECODER: [Sublayer; 3] =
        [Self::SelfAttention, Self::CrossAttention, Self::FeedForward];

    /// Where `self` runs in a layer of `stack`; `None` for cross-attention
    /// in the encoder, which has none.
    pub fn index(self, stack: Stack) -> Option<usize> {
        let order: &[Sublayer] = match stack {
            Stack::Encoder => &Self::ENCODER,
            Stack::Decoder => &Self::DECODER,
        };
        order.iter().position(|&s| s == self)
    }
}

/// One stack's residual stream.
///
/// # Shapes
/// Every vector is `[tokens, d_model]`, flattened row-major.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct StackStream {
    /// `layers[l][s]`: around sub-layer `s` of layer `l`, first layer first,
    /// in the order of [`Sublayer::ENCODER`] or [`Sublayer::DECODER`].
    pub layers: Vec<Vec<SublayerStream>>,
    /// The stack's output after its final LayerNorm (pre-norm); empty
    /// without one.
    #[serde(default)]
    pub final_norm: Vec<f32>,
}

/// What one Add & Norm put on the residual stream.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SublayerStream {
    /// Pre-norm: `LayerNorm(x)`, what the sub-layer read. Empty after the
    /// paper's placement, where the sub-layer reads `x` itself.
    #[serde(default)]
    pub normed: Vec<f32>,
    /// The stream after the sub-layer: `LayerNorm(x + Sublayer(x))`
    /// (post-norm) or `x + Sublayer(LayerNorm(x))` (pre-norm).
    pub out: Vec<f32>,
}

/// The most logits a probe carries (256 KiB of `f32`): every shipped task's
/// vocabulary at the longest sentences fits (lab-cli's
/// `every_shipped_models_probe_carries_its_logits_even_at_the_longest_sentences`).
pub const MAX_LOGIT_FLOATS: usize = 1 << 16;

/// The most residual-stream numbers a probe carries, both stacks together
/// (256 KiB of `f32`). The toy preset stays within it at the longest
/// sentences with either norm placement (lab-train's
/// `a_model_too_wide_for_the_probe_sends_no_residual_stream_and_the_toy_never_is`).
pub const MAX_RESIDUAL_FLOATS: usize = 1 << 16;

impl ResidualStream {
    /// True when every number is finite.
    pub fn is_finite(&self) -> bool {
        [&self.encoder, &self.decoder].iter().all(|stack| {
            let sublayers = stack.layers.iter().flatten();
            sublayers
                .flat_map(|s| [&s.normed, &s.out])
                .chain([&stack.final_norm])
                .all(|v| v.iter().all(|x| x.is_finite()))
        })
    }
}

/// The feed-forward hidden layer `max(0, x W₁ + b₁)` (§3.3) of every layer
/// on the probe sentence, read off the model's own forward pass. A model
/// whose hidden layers hold more than [`MAX_FFN_FLOATS`] numbers on the
/// probe sends none (`encoder` and `decoder` empty): the figure then shows
/// no glimpse in its feed-forward boxes.
///
/// # Shapes
/// `encoder[l]` is `[source_input.tokens.len(), d_ff]` and `decoder[l]`
/// `[target_input.tokens.len(), d_ff]` (the decoder's `inputs`), flattened
/// row-major, first layer first.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct FfnActivations {
    pub d_ff: usize,
    pub encoder: Vec<Vec<f32>>,
    pub decoder: Vec<Vec<f32>>,
}

impl FfnActivations {
    /// The hidden layers of `stack`, one per layer.
    pub fn of(&self, stack: Stack) -> &[Vec<f32>] {
        match stack {
            Stack::Encoder => &self.encoder,
            Stack::Decoder => &self.decoder,
        }
    }
}

/// The most hidden-layer numbers a probe carries, both stacks and every
/// layer together (256 KiB of `f32`). The toy preset stays within it at the
/// longest sentences (lab-train's
/// `a_model_too_wide_for_the_probe_sends_no_hidden_layers_and_the_toy_never_is`).
pub const MAX_FFN_FLOATS: usize = 1 << 16;

impl FfnActivations {
    /// True when every number is finite.
    pub fn is_finite(&self) -> bool {
        self.encoder
            .iter()
            .chain(&self.decoder)
            .all(|layer| layer.iter().all(|x| x.is_finite()))
    }
}

/// One of the model's two stacks (§3.1, Figure 1's left and right).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stack {
    Encoder,
    Decoder,
}

impl Stack {
    /// Its name in the page (`data-stack`, test ids).
    pub fn name(self) -> &'static str {
        match self {
            Self::Encoder => "encoder",
            Self::Decoder => "decoder",
        }
    }
}

/// How a sentence enters a stack's first layer: each token's embedding row, times
/// √d_model, plus its position's encoding (§3.4, §3.5), read off the model.
///
/// # Shapes
/// `embedding`, `scaled`, `positions` and `sum` are `[tokens.len(), d_model]`, flattened row-major.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct LayerInput {
    pub tokens: Vec<String>,
    pub d_model: usize,
    /// The rows of the embedding matrix.
    pub embedding: Vec<f32>,
    /// `embedding · √d_model`.
    pub scaled: Vec<f32>,
    /// The positional encoding the model adds (zeros when it is turned off).
    pub positions: Vec<f32>,
    /// What the first layer reads: the model's own embedding layer's output.
    pub sum: Vec<f32>,
}

impl LayerInput {
    /// True when every number is finite.
    pub fn is_finite(&self) -> bool {
        [&self.embedding, &self.scaled, &self.positions, &self.sum]
            .iter()
            .all(|v| v.iter().all(|x| x.is_finite()))
    }
}

impl ProbePrediction {
    /// How the probe enters `stack`'s first layer: its source, or its
    /// decoder inputs.
    pub fn input(&self, stack: Stack) -> &LayerInput {
        match stack {
            Stack::Encoder => &self.source_input,
            Stack::Decoder => &self.target_input,
        }
    }

    /// True when every number is finite.
    pub fn is_finite(&self) -> bool {
        self.probs.iter().chain(&self.logits).all(|p| p.is_finite())
            && self.source_input.is_finite()
            && self.target_input.is_finite()
            && self.ffn_hidden.is_finite()
            && self.residual.is_finite()
    }

    /// The predicted distribution of one position.
    ///
    /// # Panics
    /// If `position` is out of range.
    pub fn row(&self, position: usize) -> &[f32] {
        let v = self.vocab.len();
        &self.probs[position * v..(position + 1) * v]
    }

    /// The token id the model puts the most probability on at `position`
    /// (the first on a tie; a number that is not finite never wins), or
    /// `None` past the last position.
    pub fn most_likely(&self, position: usize) -> Option<usize> {
        let v = self.vocab.len();
        let row = self.probs.get(position * v..(position + 1) * v)?;
        row.iter()
            .enumerate()
            .filter(|(_, p)| p.is_finite())
            .fold(None, |best: Option<(usize, f32)>, (i, &p)| match best {
                Some((_, b)) if b >= p => best,
                _ => Some((i, p)),
            })
            .map(|(i, _)| i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_stack_reads_its_own_input_and_residual_stream() {
        let input = |token: &str| LayerInput {
            tokens: vec![token.to_string()],
            d_model: 1,
            ..LayerInput::default()
        };
        let stream = |x: f32| StackStream {
            final_norm: vec![x],
            ..StackStream::default()
        };
        let p = ProbePrediction {
            source_input: input("the"),
            target_input: input("<bos>"),
            residual: ResidualStream {
                d_model: 1,
                encoder: stream(1.0),
                decoder: stream(2.0),
            },
            ..ProbePrediction::default()
        };
        assert_eq!(p.input(Stack::Encoder), &input("the"));
        assert_eq!(p.input(Stack::Decoder), &input("<bos>"));
        assert_eq!(p.residual.of(Stack::Encoder), &stream(1.0));
        assert_eq!(p.residual.of(Stack::Decoder), &stream(2.0));
        let ffn = FfnActivations {
            d_ff: 1,
            encoder: vec![vec![1.0]],
            decoder: vec![vec![2.0]],
        };
        assert_eq!(ffn.of(Stack::Encoder), [vec![1.0]]);
        assert_eq!(ffn.of(Stack::Decoder), [vec![2.0]]);
        assert_eq!(
            [Stack::Encoder, Stack::Decoder].map(Stack::name),
            ["encoder", "decoder"]
        );
    }

    #[test]
    fn each_stack_places_its_own_sub_layers() {
        let at = |stack| Sublayer::DECODER.map(|s| s.index(stack));
        assert_eq!(at(Stack::Encoder), [Some(0), None, Some(1)]);
        assert_eq!(at(Stack::Decoder), [Some(0), Some(1), Some(2)]);
    }
}
