//! Every learned tensor a [`TransformerConfig`] implies, by name and shape,
//! worked out from the numbers alone: nothing is allocated.
//!
//! A checkpoint is checked against this list, and its size against
//! [`MAX_PARAMETERS`], before any model is built, so a hostile header that
//! describes a huge model is refused instead of exhausting the browser's memory.
//! A test holds the list to the names and shapes of a really built model.

use crate::checkpoint::TensorEntry;
use crate::config::{NormPlacement, TransformerConfig};

pub use lab_math::limits::MAX_PARAMETERS;

fn entry(name: String, shape: &[usize]) -> TensorEntry {
    TensorEntry {
        name,
        shape: shape.to_vec(),
    }
}

/// A Linear `d_in → d_out` as burn stores it: `weight [d_in, d_out]`, `bias [d_out]`.
fn linear(out: &mut Vec<TensorEntry>, path: &str, d_in: usize, d_out: usize) {
    out.push(entry(format!("{path}.weight"), &[d_in, d_out]));
    out.push(entry(format!("{path}.bias"), &[d_out]));
}

fn layer_norm(out: &mut Vec<TensorEntry>, path: &str, d: usize) {
    out.push(entry(format!("{path}.gamma"), &[d]));
    out.push(entry(format!("{path}.beta"), &[d]));
}

fn attention(out: &mut Vec<TensorEntry>, path: &str, d: usize) {
    for part in ["query", "key", "value", "output"] {
        linear(out, &format!("{path}.{part}"), d, d);
    }
}

fn feed_forward(out: &mut Vec<TensorEntry>, path: &str, d: usize, d_ff: usize) {
    linear(out, &format!("{path}.w1"), d, d_ff);
    linear(out, &format!("{path}.w2"), d_ff, d);
}

/// Draws every parameter of `model` now. burn initialises parameters lazily,
/// on their first use; a trainer calls this under its seeded generator, so a
/// run's initial weights depend on its seed alone, not on what touches the
/// model first (a probe, a save, or the first step's forward pass).
pub fn materialize(model: &crate::Transformer) {
    struct Touch;
    impl burn::module::ModuleVisitor for Touch {
        fn visit_float<const D: usize>(
            &mut self,
            param: &burn::module::Param<burn::tensor::Tensor<D>>,
        ) {
            let _ = param.val();
        }
    }
    burn::module::Module::visit(model, &mut Touch);
}

/// The learned tensors of `config`, in the order the module tree visits them
/// (the order of a checkpoint's payload).
pub fn parameter_entries(c: &TransformerConfig) -> Vec<TensorEntry> {
    let (d, pre) = (c.d_model, c.norm == NormPlacement::Pre);
    let mut out = Vec::new();
    out.push(entry(
        "src_embed.tokens.weight".into(),
        &[c.src_vocab_size, d],
    ));
    out.push(entry(
        "tgt_embed.tokens.weight".into(),
        &[c.tgt_vocab_size, d],
    ));
    for l in 0..c.n_encoder_layers {
        let path = format!("encoder.layers.{l}");
        attention(&mut out, &format!("{path}.self_attn"), d);
        feed_forward(&mut out, &format!("{path}.feed_forward"), d, c.d_ff);
        for residual in ["attn_residual", "ff_residual"] {
            layer_norm(&mut out, &format!("{path}.{residual}.norm"), d);
        }
    }
    if pre {
        layer_norm(&mut out, "encoder.final_norm", d);
    }
    for l in 0..c.n_decoder_layers {
        let path = format!("decoder.layers.{l}");
        attention(&mut out, &format!("{path}.self_attn"), d);
        attention(&mut out, &format!("{path}.cross_attn"), d);
        feed_forward(&mut out, &format!("{path}.feed_forward"), d, c.d_ff);
        for residual in ["self_residual", "cross_residual", "ff_residual"] {
            layer_norm(&mut out, &format!("{path}.{residual}.norm"), d);
        }
    }
    if pre {
        layer_norm(&mut out, "decoder.final_norm", d);
    }
    if !c.tie_weights {
        linear(&mut out, "generator", d, c.tgt_vocab_size);
    }
    out
}

/// How many floats `config` implies, or `None` if counting overflows.
/// Computed from the sizes alone, so it is safe on any header (the one
/// definition is `lab_math::cost::parameter_count`, which the page's
/// estimate uses too).
pub fn parameter_count(c: &TransformerConfig) -> Option<u64> {
    lab_math::cost::parameter_count(&model_size(c))
}

/// The sizes of `c` that its cost depends on.
pub fn model_size(c: &TransformerConfig) -> lab_math::cost::ModelSize {
    lab_math::cost::ModelSize {
        d_model: c.d_model,
        n_heads: c.n_heads,
        d_ff: c.d_ff,
        n_encoder_layers: c.n_encoder_layers,
        n_decoder_layers: c.n_decoder_layers,
        src_vocab: c.src_vocab_size,
        tgt_vocab: c.tgt_vocab_size,
        norm: c.norm,
        tied_output: c.tie_weights,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checkpoint::named_tensors;
    use crate::Backend;

    #[test]
    fn the_derived_list_is_exactly_what_a_built_model_has() {
        let device = Backend::default().device();
        for norm in [NormPlacement::Post, NormPlacement::Pre] {
            for (layers, d, heads, tie) in [(1, 16, 2, false), (2, 64, 4, true), (3, 32, 8, false)]
            {
                let c = TransformerConfig::toy(11, 13)
                    .with_d_model(d)
                    .with_n_heads(heads)
                    .with_d_ff(3 * d)
                    .with_n_encoder_layers(layers)
                    .with_n_decoder_layers(layers + 1)
                    .with_norm(norm)
                    .with_tie_weights(tie);
                let built: Vec<TensorEntry> = named_tensors(&c.init(&device))
                    .into_iter()
                    .map(|(name, shape, _)| TensorEntry { name, shape })
                    .collect();
                assert_eq!(
                    parameter_entries(&c),
                    built,
                    "{norm:?} {layers} layers d {d} tied {tie}"
                );
                let total: usize = built
                    .iter()
                    .map(|e| e.shape.iter().product::<usize>())
                    .sum();
                assert_eq!(parameter_count(&c), Some(total as u64));
            }
        }
    }

    #[test]
    fn counting_a_hostile_size_does_not_overflow() {
        let c = TransformerConfig::toy(usize::MAX, 3).with_d_model(usize::MAX);
        assert_eq!(parameter_count(&c), None);
    }
}
