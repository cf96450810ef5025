//! What the figure's boxes show inside, read off the probe's forward
//! pass: each feed-forward network's hidden layer and each stack's
//! residual stream, each sent only while it fits its budget.

use lab_model::burn::tensor::Tensor;
use lab_model::{AddNormStates, FfnHidden, Residual, StackStates, Transformer};
use lab_protocol::{
    FfnActivations, ResidualStream, StackStream, SublayerStream, MAX_FFN_FLOATS,
    MAX_RESIDUAL_FLOATS,
};

use crate::evaluate::floats;

/// Every layer's feed-forward hidden layer on the probe, unless there are
/// more than [`MAX_FFN_FLOATS`] of them (counted before any is copied).
pub(super) fn ffn_activations(model: &Transformer, hidden: &FfnHidden) -> FfnActivations {
    let d_ff = model.config.d_ff;
    let stacks = [&hidden.encoder, &hidden.decoder];
    let count: usize = stacks
        .iter()
        .flat_map(|layers| layers.iter())
        .map(|t| t.shape().num_elements())
        .sum();
    if count > MAX_FFN_FLOATS {
        return FfnActivations {
            d_ff,
            ..FfnActivations::default()
        };
    }
    let [encoder, decoder] = stacks.map(|layers| layers.iter().cloned().map(floats).collect());
    FfnActivations {
        d_ff,
        encoder,
        decoder,
    }
}

/// Both stacks' residual streams on the probe, unless there are more than
/// [`MAX_RESIDUAL_FLOATS`] of them (counted before any is copied).
pub(super) fn residual_stream(model: &Transformer, residual: &Residual) -> ResidualStream {
    let d_model = model.config.d_model;
    let stacks = [&residual.encoder, &residual.decoder];
    if stacks.iter().map(|s| floats_in(s)).sum::<usize>() > MAX_RESIDUAL_FLOATS {
        return ResidualStream {
            d_model,
            ..ResidualStream::default()
        };
    }
    let [encoder, decoder] = stacks.map(stack_stream);
    ResidualStream {
        d_model,
        encoder,
        decoder,
    }
}

/// How many numbers a stack's residual stream holds.
fn floats_in(stack: &StackStates) -> usize {
    let sublayers = stack.layers.iter().flatten();
    let tensors = sublayers.flat_map(|s| s.normed.iter().chain([&s.out]));
    let tensors = tensors.chain(&stack.final_norm);
    tensors.map(|t| t.shape().num_elements()).sum()
}

/// A stack's residual stream as plain numbers.
fn stack_stream(stack: &StackStates) -> StackStream {
    let floats_of = |t: &Option<Tensor<3>>| t.clone().map(floats).unwrap_or_default();
    let sublayer = |s: &AddNormStates| SublayerStream {
        normed: floats_of(&s.normed),
        out: floats(s.out.clone()),
    };
    StackStream {
        layers: (stack.layers.iter())
            .map(|layer| layer.iter().map(sublayer).collect())
            .collect(),
        final_norm: floats_of(&stack.final_norm),
    }
}

#[cfg(test)]
mod tests;
