//! Attention maps as plain numbers, ready to draw.
//!
//! Convention for every map: **rows are queries, columns are keys**. A row is
//! one query's softmax distribution over the keys, so it sums to 1.

use serde::{Deserialize, Serialize};

/// The three places attention happens in the encoder-decoder Transformer.
///
/// Serialised (between the page and its workers, in saved runs) under the
/// same one name as [`AttentionKind::name`]; the Rust variant names, which
/// serde wrote before, are still read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AttentionKind {
    /// Encoder self-attention: source queries over source keys.
    #[serde(rename = "encoder", alias = "EncoderSelf")]
    EncoderSelf,
    /// Masked decoder self-attention: target queries over earlier target keys.
    #[serde(rename = "decoder", alias = "DecoderSelf")]
    DecoderSelf,
    /// Encoder-decoder (cross) attention: target queries over source keys.
    #[serde(rename = "cross", alias = "Cross")]
    Cross,
}

impl AttentionKind {
    pub const ALL: [AttentionKind; 3] = [Self::EncoderSelf, Self::DecoderSelf, Self::Cross];

    /// The kind's one short name: its value in a deep link (`kind=`), in the
    /// page's kind pickers and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Self::EncoderSelf => "encoder",
            Self::DecoderSelf => "decoder",
            Self::Cross => "cross",
        }
    }

    /// The kind whose [`AttentionKind::name`] is `name`.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.name() == name)
    }

    /// A short label for buttons and headings.
    pub fn label(self) -> &'static str {
        match self {
            Self::EncoderSelf => "Encoder self-attention",
            Self::DecoderSelf => "Masked decoder self-attention",
            Self::Cross => "Cross-attention (decoder → encoder)",
        }
    }
}

/// Per-layer, per-head weights of one attention kind for one sentence.
///
/// # Shapes
/// - `weights`: `[n_layers, n_heads, seq_q, seq_k]`, flattened row-major.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct HeadMaps {
    pub n_layers: usize,
    pub n_heads: usize,
    pub seq_q: usize,
    pub seq_k: usize,
    pub weights: Vec<f32>,
}

impl HeadMaps {
    /// The `[seq_q, seq_k]` map of one head, flattened row-major.
    ///
    /// # Panics
    /// If `layer` or `head` is out of range.
    pub fn head(&self, layer: usize, head: usize) -> &[f32] {
        assert!(
            layer < self.n_layers && head < self.n_heads,
            "head ({layer}, {head}) outside {}x{}",
            self.n_layers,
            self.n_heads
        );
        let size = self.seq_q * self.seq_k;
        let start = (layer * self.n_heads + head) * size;
        &self.weights[start..start + size]
    }

    /// The average over heads of one layer: what a single-head view would blur together.
    pub fn head_average(&self, layer: usize) -> Vec<f32> {
        let size = self.seq_q * self.seq_k;
        let mut avg = vec![0.0; size];
        for head in 0..self.n_heads {
            for (a, w) in avg.iter_mut().zip(self.head(layer, head)) {
                *a += w / self.n_heads as f32;
            }
        }
        avg
    }
}

/// Every attention map of one forward pass, with the tokens that label the axes.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct AttentionSet {
    /// Source tokens (keys of encoder self- and cross-attention), including
    /// `<eos>`. A word the model read as `<unk>` is labelled as typed,
    /// `<unk>:word` (`lab_math::tokens::unknown_as_typed`): display only, the
    /// model's input there is `<unk>`, so never look a label up again.
    pub src_tokens: Vec<String>,
    /// Decoder input tokens (queries of decoder self- and cross-attention), starting with `<bos>`.
    pub tgt_tokens: Vec<String>,
    /// What each decoder row predicts, `y1 … yn <eos>` (teacher-forced: the
    /// target; decoding: the chosen token). Row t reads `tgt_tokens[t]` and
    /// predicts `tgt_outputs[t]`; the alignment metric scores the same pairing.
    #[serde(default)]
    pub tgt_outputs: Vec<String>,
    pub encoder_self: HeadMaps,
    pub decoder_self: HeadMaps,
    pub cross: HeadMaps,
}

impl AttentionSet {
    pub fn maps(&self, kind: AttentionKind) -> &HeadMaps {
        match kind {
            AttentionKind::EncoderSelf => &self.encoder_self,
            AttentionKind::DecoderSelf => &self.decoder_self,
            AttentionKind::Cross => &self.cross,
        }
    }

    /// The labels of the query rows of a map of this kind. Decoder rows read
    /// one token and predict the next, so they are labelled `<bos> → 大きい`.
    pub fn query_labels(&self, kind: AttentionKind) -> Vec<String> {
        match kind {
            AttentionKind::EncoderSelf => self.src_tokens.clone(),
            AttentionKind::DecoderSelf | AttentionKind::Cross => {
                decoder_row_labels(&self.tgt_tokens, &self.tgt_outputs)
            }
        }
    }

    /// The tokens on the (rows, columns) of a map of this kind.
    pub fn axes(&self, kind: AttentionKind) -> (&[String], &[String]) {
        match kind {
            AttentionKind::EncoderSelf => (&self.src_tokens, &self.src_tokens),
            AttentionKind::DecoderSelf => (&self.tgt_tokens, &self.tgt_tokens),
            AttentionKind::Cross => (&self.tgt_tokens, &self.src_tokens),
        }
    }
}

/// `input → prediction` for each decoder position; just the input where the
/// prediction is unknown.
pub fn decoder_row_labels(inputs: &[String], predicts: &[String]) -> Vec<String> {
    inputs
        .iter()
        .enumerate()
        .map(|(t, input)| match predicts.get(t) {
            Some(next) => format!("{input} → {next}"),
            None => input.clone(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decoder_rows_are_labelled_input_then_prediction() {
        let set = AttentionSet {
            src_tokens: vec!["dog".into(), "<eos>".into()],
            tgt_tokens: vec!["<bos>".into(), "犬".into()],
            tgt_outputs: vec!["犬".into(), "<eos>".into()],
            ..Default::default()
        };
        assert_eq!(
            set.query_labels(AttentionKind::Cross),
            vec!["<bos> → 犬", "犬 → <eos>"]
        );
        assert_eq!(
            set.query_labels(AttentionKind::DecoderSelf),
            set.query_labels(AttentionKind::Cross)
        );
        assert_eq!(
            set.query_labels(AttentionKind::EncoderSelf),
            vec!["dog", "<eos>"]
        );
    }

    #[test]
    fn each_kind_has_one_name_and_is_found_by_it() {
        let names: Vec<&str> = AttentionKind::ALL.iter().map(|k| k.name()).collect();
        // The deep links already published spell them so.
        assert_eq!(names, ["encoder", "decoder", "cross"]);
        for kind in AttentionKind::ALL {
            assert_eq!(AttentionKind::from_name(kind.name()), Some(kind));
        }
        assert_eq!(AttentionKind::from_name("self"), None);
        assert_eq!(AttentionKind::from_name("Cross"), None);
    }

    #[test]
    fn serde_writes_the_one_name_and_still_reads_the_old_spelling() {
        for (kind, old) in
            AttentionKind::ALL
                .into_iter()
                .zip(["EncoderSelf", "DecoderSelf", "Cross"])
        {
            let written = serde_json::to_string(&kind).unwrap();
            assert_eq!(written, format!("\"{}\"", kind.name()));
            let read: AttentionKind = serde_json::from_str(&written).unwrap();
            assert_eq!(read, kind);
            let read_old: AttentionKind = serde_json::from_str(&format!("\"{old}\"")).unwrap();
            assert_eq!(read_old, kind);
        }
        assert!(serde_json::from_str::<AttentionKind>("\"self\"").is_err());
    }
}
