//! Export of the weights as `.safetensors`, so a learner can load them in
//! PyTorch (`safetensors.torch.load_file`) and poke at them.
//!
//! The file is the standard format: an 8-byte little-endian header length, a
//! JSON header `{name: {dtype: "F32", shape, data_offsets}}`, then the raw
//! little-endian data. Names are the module paths of [`named_tensors`], with
//! two changes so they read like PyTorch:
//!
//! | ours | exported | shape |
//! |---|---|---|
//! | `…query.weight` (any Linear) | same name | `[d_out, d_in]`: transposed from burn's `[d_in, d_out]` to `nn.Linear`'s layout |
//! | `…norm.gamma`, `…norm.beta` | `…norm.weight`, `…norm.bias` | `[d_model]` |
//! | `src_embed.tokens.weight` | same name | `[src_vocab_size, d_model]` |
//!
//! The model configuration travels in `__metadata__["config"]` as JSON.

use crate::checkpoint::named_tensors;
use crate::transformer::Transformer;

/// The Linear layers of the model, by field name.
const LINEARS: [&str; 7] = ["query", "key", "value", "output", "w1", "w2", "generator"];

/// PyTorch's name for one of our tensors, and whether its matrix is transposed.
pub fn export_name(name: &str) -> (String, bool) {
    let mut parts: Vec<&str> = name.split('.').collect();
    let last = parts.pop().unwrap_or_default();
    let parent = parts.last().copied().unwrap_or_default();
    let renamed = match last {
        "gamma" => "weight",
        "beta" => "bias",
        other => other,
    };
    parts.push(renamed);
    (
        parts.join("."),
        last == "weight" && LINEARS.contains(&parent),
    )
}

/// The whole model as `.safetensors` bytes.
pub fn to_safetensors(model: &Transformer) -> Vec<u8> {
    let mut header = serde_json::Map::new();
    let mut data: Vec<u8> = Vec::new();
    for (name, shape, values) in named_tensors(model) {
        let (export, transpose) = export_name(&name);
        let (shape, values) = if transpose && shape.len() == 2 {
            let (rows, cols) = (shape[0], shape[1]);
            let t: Vec<f32> = (0..cols)
                .flat_map(|c| (0..rows).map(move |r| (r, c)))
                .map(|(r, c)| values[r * cols + c])
                .collect();
            (vec![cols, rows], t)
        } else {
            (shape, values)
        };
        let begin = data.len();
        data.extend(values.iter().flat_map(|v| v.to_le_bytes()));
        header.insert(export, serde_json::json!({ "dtype": "F32", "shape": shape, "data_offsets": [begin, data.len()] }));
    }
    let config = serde_json::to_string(&model.config).expect("config is plain data");
    header.insert(
        "__metadata__".into(),
        serde_json::json!({ "format": "pt", "config": config }),
    );
    let mut json = serde_json::to_vec(&header).expect("header is plain data");
    // The data section should start 8-byte aligned; pad the header with spaces.
    while !(8 + json.len()).is_multiple_of(8) {
        json.push(b' ');
    }
    let mut out = Vec::with_capacity(8 + json.len() + data.len());
    out.extend_from_slice(&(json.len() as u64).to_le_bytes());
    out.extend_from_slice(&json);
    out.extend_from_slice(&data);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Backend, TransformerConfig};

    #[test]
    fn linear_weights_are_renamed_and_transposed_for_pytorch() {
        assert_eq!(
            export_name("encoder.layers.0.self_attn.query.weight"),
            ("encoder.layers.0.self_attn.query.weight".into(), true)
        );
        assert_eq!(
            export_name("encoder.layers.0.attn_residual.norm.gamma"),
            ("encoder.layers.0.attn_residual.norm.weight".into(), false)
        );
        assert_eq!(
            export_name("src_embed.tokens.weight"),
            ("src_embed.tokens.weight".into(), false)
        );
    }

    #[test]
    fn header_offsets_cover_the_data_exactly() {
        let model = TransformerConfig::toy(7, 9)
            .with_d_model(8)
            .with_n_heads(2)
            .with_d_ff(16)
            .init(&Backend::default().device());
        let bytes = to_safetensors(&model);
        let n = u64::from_le_bytes(bytes[..8].try_into().expect("8 bytes")) as usize;
        let header: serde_json::Value =
            serde_json::from_slice(&bytes[8..8 + n]).expect("JSON header");
        let data_len = bytes.len() - 8 - n;
        let mut covered = 0;
        for (name, entry) in header.as_object().expect("object") {
            if name == "__metadata__" {
                continue;
            }
            let shape: Vec<usize> = serde_json::from_value(entry["shape"].clone()).expect("shape");
            let [b, e]: [usize; 2] =
                serde_json::from_value(entry["data_offsets"].clone()).expect("offsets");
            assert_eq!(e - b, shape.iter().product::<usize>() * 4, "{name}");
            covered += e - b;
        }
        assert_eq!(covered, data_len);
        assert_eq!(
            header["generator.weight"]["shape"],
            serde_json::json!([9, 8]),
            "nn.Linear(8, 9).weight is [9, 8]"
        );
    }
}
