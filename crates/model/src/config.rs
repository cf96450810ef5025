//! The model's hyper-parameters, named as in Table 3 of the paper.

use burn::config::Config;
use burn::nn::{LayerNorm, LayerNormConfig};
use burn::tensor::Device;

use crate::add_norm::AddNormConfig;
use crate::attention::MultiHeadAttentionConfig;
use crate::decoder::DecoderConfig;
use crate::embedding::InputEmbeddingConfig;
use crate::encoder::EncoderConfig;
use crate::feed_forward::PositionwiseFeedForwardConfig;

// One type for the model, the run's settings and the checkpoints' JSON: it is
// defined (with its serialised names `Post` / `Pre`) in `lab_math::norm`.
pub use lab_math::NormPlacement;

/// Hyper-parameters of the encoder-decoder Transformer.
#[derive(Config, Debug, PartialEq)]
pub struct TransformerConfig {
    pub src_vocab_size: usize,
    pub tgt_vocab_size: usize,
    #[config(default = 512)]
    pub d_model: usize,
    #[config(default = 8)]
    pub n_heads: usize,
    #[config(default = 2048)]
    pub d_ff: usize,
    #[config(default = 6)]
    pub n_encoder_layers: usize,
    #[config(default = 6)]
    pub n_decoder_layers: usize,
    #[config(default = 0.1)]
    pub dropout: f64,
    #[config(default = "NormPlacement::Post")]
    pub norm: NormPlacement,
    /// Longest sequence (in tokens, with BOS/EOS) the positional table covers.
    #[config(default = 64)]
    pub max_len: usize,
    /// The positional-encoding base; the paper uses 10000.
    #[config(default = 10000.0)]
    pub pe_base: f64,
    /// Whether the sinusoids of §3.5 are added to the embeddings (the paper:
    /// yes). Without them attention works on a set: the encoder's output for
    /// a reordered source is the same rows, reordered, so word order is lost.
    #[config(default = true)]
    pub positional_encoding: bool,
    /// Whether the pre-softmax projection is the target embedding matrix,
    /// transposed (§3.4's weight tying; the paper also shares it with the
    /// source embedding, which needs one vocabulary for both languages).
    /// Tied, the output has no bias. The lab's default is untied.
    #[config(default = false)]
    pub tie_weights: bool,
}

impl TransformerConfig {
    /// Small enough to train live in a browser tab (`lab_math::toy`'s sizes).
    pub fn toy(src_vocab_size: usize, tgt_vocab_size: usize) -> Self {
        Self::new(src_vocab_size, tgt_vocab_size)
            .with_d_model(lab_math::toy::D_MODEL)
            .with_n_heads(lab_math::toy::N_HEADS)
            .with_d_ff(lab_math::toy::D_FF)
            .with_n_encoder_layers(lab_math::toy::N_LAYERS)
            .with_n_decoder_layers(lab_math::toy::N_LAYERS)
    }

    /// The paper's base model (Table 3): for shape and positional views only.
    pub fn paper_base(src_vocab_size: usize, tgt_vocab_size: usize) -> Self {
        Self::new(src_vocab_size, tgt_vocab_size)
    }

    /// `d_k = d_v = d_model / n_heads` (§3.2.2).
    pub fn d_k(&self) -> usize {
        self.d_model / self.n_heads
    }

    /// The sizes every layer of both stacks shares.
    pub fn layer(&self) -> LayerConfig {
        LayerConfig::new(self.d_model, self.n_heads, self.d_ff)
            .with_dropout(self.dropout)
            .with_norm(self.norm)
    }

    /// The source or the target embedding, for a vocabulary of `vocab_size` tokens.
    pub fn embedding(&self, vocab_size: usize) -> InputEmbeddingConfig {
        InputEmbeddingConfig::new(vocab_size, self.d_model).with_dropout(self.dropout)
    }

    pub fn encoder(&self) -> EncoderConfig {
        EncoderConfig::new(self.n_encoder_layers, self.layer())
    }

    pub fn decoder(&self) -> DecoderConfig {
        DecoderConfig::new(self.n_decoder_layers, self.layer())
    }

    /// Whether these sizes can make a Transformer: heads that divide
    /// `d_model`, an even `d_model` (sinusoidal positions come in pairs), a
    /// feed-forward layer, two vocabularies, dropout in `[0, 1)` and positive
    /// positions. The first problem found, with its values.
    pub fn validate(&self) -> Result<(), ConfigError> {
        let (d_model, n_heads) = (self.d_model, self.n_heads);
        if d_model == 0 || n_heads == 0 || !d_model.is_multiple_of(n_heads) {
            return Err(ConfigError::HeadsDoNotDivide { d_model, n_heads });
        }
        if !d_model.is_multiple_of(2) {
            return Err(ConfigError::OddDModel { d_model });
        }
        if self.d_ff == 0 {
            return Err(ConfigError::NoFeedForward);
        }
        if self.src_vocab_size == 0 || self.tgt_vocab_size == 0 {
            let (src, tgt) = (self.src_vocab_size, self.tgt_vocab_size);
            return Err(ConfigError::EmptyVocabulary { src, tgt });
        }
        if !(0.0..1.0).contains(&self.dropout) {
            return Err(ConfigError::Dropout { got: self.dropout });
        }
        if self.max_len == 0 || self.pe_base.is_nan() || self.pe_base <= 0.0 {
            let (max_len, pe_base) = (self.max_len, self.pe_base);
            return Err(ConfigError::Positions { max_len, pe_base });
        }
        Ok(())
    }

    /// # Panics
    /// If the sizes cannot make a Transformer ([`TransformerConfig::validate`]);
    /// the message names the values.
    pub fn check(&self) {
        if let Err(problem) = self.validate() {
            panic!("{problem}");
        }
    }
}

/// Why sizes cannot make a Transformer ([`TransformerConfig::validate`]).
#[derive(Clone, Debug, PartialEq)]
pub enum ConfigError {
    HeadsDoNotDivide { d_model: usize, n_heads: usize },
    OddDModel { d_model: usize },
    NoFeedForward,
    EmptyVocabulary { src: usize, tgt: usize },
    Dropout { got: f64 },
    Positions { max_len: usize, pe_base: f64 },
}

impl std::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::HeadsDoNotDivide { d_model, n_heads } => {
                write!(
                    f,
                    "d_model ({d_model}) must be divisible by n_heads ({n_heads})"
                )
            }
            Self::OddDModel { d_model } => {
                write!(
                    f,
                    "d_model ({d_model}) must be even for sinusoidal positions"
                )
            }
            Self::NoFeedForward => write!(f, "d_ff must be at least 1"),
            Self::EmptyVocabulary { src, tgt } => write!(f, "empty vocabulary: {src} / {tgt}"),
            Self::Dropout { got } => write!(f, "dropout must be in [0, 1), got {got}"),
            Self::Positions { max_len, pe_base } => {
                write!(
                    f,
                    "max_len {max_len} and pe_base {pe_base} must be positive"
                )
            }
        }
    }
}

impl std::error::Error for ConfigError {}

/// The sizes of one encoder or decoder layer: Table 3's row without N.
#[derive(Config, Debug, PartialEq)]
pub struct LayerConfig {
    pub d_model: usize,
    pub n_heads: usize,
    pub d_ff: usize,
    /// P_drop, for every dropout inside the layer.
    #[config(default = 0.1)]
    pub dropout: f64,
    #[config(default = "NormPlacement::Post")]
    pub norm: NormPlacement,
}

impl LayerConfig {
    pub fn attention(&self) -> MultiHeadAttentionConfig {
        MultiHeadAttentionConfig::new(self.d_model, self.n_heads).with_dropout(self.dropout)
    }

    pub fn feed_forward(&self) -> PositionwiseFeedForwardConfig {
        PositionwiseFeedForwardConfig::new(self.d_model, self.d_ff).with_dropout(self.dropout)
    }

    /// "Add & Norm" around each of the layer's sub-layers.
    pub fn add_norm(&self) -> AddNormConfig {
        AddNormConfig::new(self.d_model)
            .with_dropout(self.dropout)
            .with_norm(self.norm)
    }

    /// The LayerNorm after a stack's last layer: pre-norm needs it, as its
    /// residual stream is never normalised; the paper's post-norm has none
    /// ([`NormPlacement::has_final_norm`], which the page's diagram reads).
    pub fn final_norm(&self, device: &Device) -> Option<LayerNorm> {
        self.norm
            .has_final_norm()
            .then(|| LayerNormConfig::new(self.d_model).init(device))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paper_base_has_table_3_sizes() {
        let c = TransformerConfig::paper_base(100, 100);
        assert_eq!(
            (c.d_model, c.n_heads, c.d_ff, c.n_encoder_layers, c.d_k()),
            (512, 8, 2048, 6, 64)
        );
        assert_eq!(c.dropout, 0.1);
    }

    #[test]
    fn every_layer_is_configured_with_the_models_sizes() {
        let c = TransformerConfig::toy(10, 12)
            .with_d_ff(96)
            .with_dropout(0.2)
            .with_norm(NormPlacement::Pre);
        let layer = c.layer();
        assert_eq!(
            (
                layer.d_model,
                layer.n_heads,
                layer.d_ff,
                layer.dropout,
                layer.norm
            ),
            (64, 4, 96, 0.2, NormPlacement::Pre)
        );
        let attention = layer.attention();
        assert_eq!(
            (attention.d_model, attention.n_heads, attention.dropout),
            (64, 4, 0.2)
        );
        let ffn = layer.feed_forward();
        assert_eq!((ffn.d_model, ffn.d_ff, ffn.dropout), (64, 96, 0.2));
        let add_norm = layer.add_norm();
        assert_eq!(
            (add_norm.d_model, add_norm.dropout, add_norm.norm),
            (64, 0.2, NormPlacement::Pre)
        );
        let target = c.embedding(c.tgt_vocab_size);
        assert_eq!(
            (target.vocab_size, target.d_model, target.dropout),
            (12, 64, 0.2)
        );
        assert_eq!((c.encoder().n_layers, c.decoder().n_layers), (2, 2));
        assert_eq!(c.with_n_decoder_layers(3).decoder().n_layers, 3);
    }

    /// The dropout modules of a value, by its `Debug` text: burn prints
    /// each as `Dropout {`.
    fn dropout_modules(value: &impl std::fmt::Debug) -> usize {
        format!("{value:?}").matches("Dropout {").count()
    }

    /// The page's diagram of a layer marks the sites `lab_math::origins`
    /// lists (web/src/views/compare/data.rs checks it draws exactly those):
    /// here the model applies dropout at each of them, at P_drop, and
    /// nowhere else, and ends its stacks with a LayerNorm exactly when the
    /// placement says so.
    #[test]
    fn dropout_and_the_final_norm_sit_where_lab_math_origins_says() {
        use lab_math::origins::DropoutSite;
        let device = crate::Backend::default().device();
        for norm in [NormPlacement::Post, NormPlacement::Pre] {
            let model = TransformerConfig::toy(10, 12)
                .with_dropout(0.3)
                .with_norm(norm)
                .init(&device);
            let (enc, dec) = (&model.encoder.layers[0], &model.decoder.layers[0]);
            let mut counted = 0;
            for site in DropoutSite::ALL {
                let probs = match site {
                    DropoutSite::EmbeddingSum => {
                        vec![model.src_embed.dropout.prob, model.tgt_embed.dropout.prob]
                    }
                    DropoutSite::AttentionWeights => vec![
                        enc.self_attn.dropout.prob,
                        dec.self_attn.dropout.prob,
                        dec.cross_attn.dropout.prob,
                    ],
                    DropoutSite::FeedForwardHidden => {
                        vec![enc.feed_forward.dropout.prob, dec.feed_forward.dropout.prob]
                    }
                    DropoutSite::SublayerOutput => vec![
                        enc.attn_residual.dropout.prob,
                        enc.ff_residual.dropout.prob,
                        dec.self_residual.dropout.prob,
                        dec.cross_residual.dropout.prob,
                        dec.ff_residual.dropout.prob,
                    ],
                };
                assert!(probs.iter().all(|&p| p == 0.3), "{site:?}: {probs:?}");
                counted += probs.len();
            }
            // Every dropout module of one layer of each stack and of the
            // embeddings is one of the sites above.
            let modules = dropout_modules(enc)
                + dropout_modules(dec)
                + dropout_modules(&model.src_embed)
                + dropout_modules(&model.tgt_embed);
            assert_eq!(modules, counted, "{norm:?}: a dropout the list lacks");
            assert_eq!(model.encoder.final_norm.is_some(), norm.has_final_norm());
            assert_eq!(model.decoder.final_norm.is_some(), norm.has_final_norm());
        }
    }

    #[test]
    #[should_panic(expected = "divisible")]
    fn heads_that_do_not_divide_d_model_are_refused() {
        TransformerConfig::toy(10, 10).with_n_heads(3).check();
    }

    #[test]
    fn validate_names_the_first_size_that_cannot_make_a_transformer() {
        let toy = || TransformerConfig::toy(10, 12);
        assert_eq!(toy().validate(), Ok(()));
        let cases = [
            (
                toy().with_n_heads(0),
                ConfigError::HeadsDoNotDivide {
                    d_model: lab_math::toy::D_MODEL,
                    n_heads: 0,
                },
            ),
            (
                toy().with_d_model(63).with_n_heads(3),
                ConfigError::OddDModel { d_model: 63 },
            ),
            (toy().with_d_ff(0), ConfigError::NoFeedForward),
            (
                TransformerConfig::toy(0, 12),
                ConfigError::EmptyVocabulary { src: 0, tgt: 12 },
            ),
            (toy().with_dropout(1.0), ConfigError::Dropout { got: 1.0 }),
            (
                toy().with_max_len(0),
                ConfigError::Positions {
                    max_len: 0,
                    pe_base: toy().pe_base,
                },
            ),
            (
                toy().with_pe_base(f64::NAN),
                ConfigError::Positions {
                    max_len: toy().max_len,
                    pe_base: f64::NAN,
                },
            ),
        ];
        for (config, expected) in cases {
            let got = config.validate().expect_err("refused");
            assert_eq!(format!("{got}"), format!("{expected}"));
        }
    }
}
