//! The paper's Figure 1 as data: every box of the encoder-decoder, in the
//! order a sentence flows through it, drawn from the run's own settings.
//!
//! The order of each layer is the lab's model's (`crates/model`): with the
//! paper's post-norm (§3.1) a sub-layer is followed by "Add & Norm",
//! `x = LayerNorm(x + Sublayer(x))`; with the Annotated Transformer's
//! pre-norm a LayerNorm comes before it and the residual sum after it,
//! `x = x + Sublayer(LayerNorm(x))`, and each stack ends with one more
//! LayerNorm ([`NormPlacement::has_final_norm`]). With tied weights the
//! linear layer is the target embedding's matrix, transposed (§3.4); with
//! positional encoding off the model adds zeros for the positions.
//!
//! Each box states the shape of the tensor it hands on, for the probe
//! sentence (one sentence: no batch axis), and the view that shows it.

use crate::panels::ids;
use lab_protocol::{AttentionKind, NormPlacement, Settings, Sublayer};

/// Which stack a box belongs to: the protocol's, whose probe the glimpses read.
pub use lab_protocol::Stack;

/// A box of the figure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// The tokens a stack reads: the source; the target shifted right.
    Tokens(Stack),
    /// The token embedding × √d_model.
    Embedding(Stack),
    /// The positional encoding added to it (⊕).
    Positions(Stack),
    /// Multi-head self-attention (masked in the decoder).
    SelfAttention(Stack),
    /// The decoder's attention over the encoder's output.
    CrossAttention,
    /// The position-wise feed-forward network.
    FeedForward(Stack),
    /// Post-norm: the residual sum, then LayerNorm.
    AddNorm(Stack),
    /// Pre-norm: the LayerNorm before a sub-layer.
    Norm(Stack),
    /// Pre-norm: the residual sum after a sub-layer.
    Add(Stack),
    /// Pre-norm: the LayerNorm after the stack's last layer.
    FinalNorm(Stack),
    /// The pre-softmax linear layer.
    Linear,
    /// The softmax: the output probabilities.
    Softmax,
}

impl Part {
    /// The box's name in the page (`data-box`), the one the tests click.
    pub fn name(self) -> &'static str {
        use Stack::{Decoder as D, Encoder as E};
        match self {
            Self::Tokens(E) => "inputs",
            Self::Tokens(D) => "outputs",
            Self::Embedding(E) => "input-embedding",
            Self::Embedding(D) => "output-embedding",
            Self::Positions(_) => "pe",
            Self::SelfAttention(E) => "enc-self-attention",
            Self::SelfAttention(D) => "dec-self-attention",
            Self::CrossAttention => "dec-cross-attention",
            Self::FeedForward(E) => "enc-feed-forward",
            Self::FeedForward(D) => "dec-feed-forward",
            Self::AddNorm(E) => "enc-add-norm",
            Self::AddNorm(D) => "dec-add-norm",
            Self::Norm(E) => "enc-norm",
            Self::Norm(D) => "dec-norm",
            Self::Add(E) => "enc-add",
            Self::Add(D) => "dec-add",
            Self::FinalNorm(E) => "enc-final-norm",
            Self::FinalNorm(D) => "dec-final-norm",
            Self::Linear => "linear",
            Self::Softmax => "softmax",
        }
    }

    /// The stack it belongs to (`None`: the output layers on top).
    pub fn side(self) -> Option<Stack> {
        match self {
            Self::Tokens(s)
            | Self::Embedding(s)
            | Self::Positions(s)
            | Self::SelfAttention(s)
            | Self::FeedForward(s)
            | Self::AddNorm(s)
            | Self::Norm(s)
            | Self::Add(s)
            | Self::FinalNorm(s) => Some(s),
            Self::CrossAttention => Some(Stack::Decoder),
            Self::Linear | Self::Softmax => None,
        }
    }
}

/// A named axis of a tensor and its length for the probe sentence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dim {
    /// The paper's name of the axis (`src_len`, `d_model`, `h`).
    pub name: &'static str,
    pub size: usize,
}

const fn dim(name: &'static str, size: usize) -> Dim {
    Dim { name, size }
}

/// Where a box leads: the view that shows it, and what that view is set to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opens {
    /// The attention view on this kind, with the layer in focus.
    Attention { kind: AttentionKind, layer: usize },
    /// The compare view on the norm placement (`Lab::compare_axis`), at its
    /// diagram of one layer with this placement.
    NormComparison(NormPlacement),
    /// A view, scrolled to the element `at` inside it (a CSS selector; a
    /// `<details>` there is opened).
    View {
        panel: &'static str,
        at: Option<&'static str>,
    },
}

impl Opens {
    /// The panel it scrolls to (`panels::ids`).
    pub fn panel(self) -> &'static str {
        match self {
            Self::Attention { .. } => ids::ATTENTION,
            Self::NormComparison(_) => ids::COMPARE,
            Self::View { panel, .. } => panel,
        }
    }
}

/// The compare view's diagram of one layer with this norm placement (a CSS
/// selector inside the view).
pub fn layer_diagram(norm: NormPlacement) -> &'static str {
    match norm {
        NormPlacement::Post => "[data-testid=layer-diagram-post]",
        NormPlacement::Pre => "[data-testid=layer-diagram-pre]",
    }
}

/// One box of the figure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FigureBox {
    pub part: Part,
    /// The layer (0-based) of a box inside the N× layers.
    pub layer: Option<usize>,
    /// For a norm or residual box: the sub-layer it wraps.
    pub around: Option<Part>,
    /// Its label's message id, and the message's arguments.
    pub label: &'static str,
    pub args: Vec<(&'static str, usize)>,
    /// The shape of the tensor it hands on.
    pub shape: Vec<Dim>,
    /// The shape of what it computes inside: the attention weights of every
    /// head, the FFN's hidden layer.
    pub inner: Option<Vec<Dim>>,
    pub opens: Opens,
}

/// The sizes of the probe sentence and the vocabularies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sentence {
    /// Source tokens, `<eos>` included.
    pub src_len: usize,
    /// Decoder input tokens, `<bos>` included.
    pub tgt_len: usize,
    pub src_vocab: usize,
    pub tgt_vocab: usize,
}

/// Where the norm boxes lead: the norm comparison, at the diagram of one
/// layer with this placement.
fn norm_view(norm: NormPlacement) -> Opens {
    Opens::NormComparison(norm)
}

/// The attention kind a box's maps are, if it is an attention box.
pub fn attention_kind(part: Part) -> Option<AttentionKind> {
    match part {
        Part::SelfAttention(Stack::Encoder) => Some(AttentionKind::EncoderSelf),
        Part::SelfAttention(Stack::Decoder) => Some(AttentionKind::DecoderSelf),
        Part::CrossAttention => Some(AttentionKind::Cross),
        _ => None,
    }
}

/// Where a sub-layer runs in its layer, in the order the residual stream
/// is sent ([`Sublayer::ENCODER`], [`Sublayer::DECODER`]). `None` for a
/// box that is not a sub-layer.
pub fn sublayer_index(part: Part) -> Option<usize> {
    let (sublayer, side) = match part {
        Part::SelfAttention(side) => (Sublayer::SelfAttention, side),
        Part::CrossAttention => (Sublayer::CrossAttention, Stack::Decoder),
        Part::FeedForward(side) => (Sublayer::FeedForward, side),
        _ => return None,
    };
    sublayer.index(side)
}

/// Builds the boxes of one figure.
struct Builder<'a> {
    settings: &'a Settings,
    boxes: Vec<FigureBox>,
}

impl Builder<'_> {
    fn push(&mut self, part: Part, label: &'static str, shape: Vec<Dim>, opens: Opens) {
        self.boxes.push(FigureBox {
            part,
            layer: None,
            around: None,
            label,
            args: Vec::new(),
            shape,
            inner: None,
            opens,
        });
    }

    fn last(&mut self) -> &mut FigureBox {
        self.boxes.last_mut().expect("a box was just pushed")
    }

    /// Tokens, embedding × √d_model and positions: the foot of a stack.
    fn foot(&mut self, side: Stack, len: Dim) {
        let d_model = self.settings.d_model;
        let (tokens, embedding, tokens_view) = match side {
            Stack::Encoder => ("arch-inputs", "arch-input-embedding", ids::TRANSLATE),
            Stack::Decoder => ("arch-outputs", "arch-output-embedding", ids::MASKS),
        };
        // The PE view's table of how this stack's tokens enter its layer 1.
        let embed_view = Opens::View {
            panel: ids::PE,
            at: Some(crate::views::layer_input::selector(side)),
        };
        self.push(
            Part::Tokens(side),
            tokens,
            vec![len],
            Opens::View {
                panel: tokens_view,
                at: None,
            },
        );
        self.push(
            Part::Embedding(side),
            embedding,
            vec![len, dim("d_model", d_model)],
            embed_view,
        );
        self.last().args.push(("d_model", d_model));
        let pe = if self.settings.positional_encoding {
            "arch-pe"
        } else {
            "arch-pe-off"
        };
        self.push(
            Part::Positions(side),
            pe,
            vec![len, dim("d_model", d_model)],
            Opens::View {
                panel: ids::PE,
                at: None,
            },
        );
    }

    /// One sub-layer with its residual connection and LayerNorm, in the
    /// placement's order.
    fn sublayer(&mut self, side: Stack, layer: usize, sub: FigureBox) {
        let norm = self.settings.norm;
        let (shape, around) = (sub.shape.clone(), sub.part);
        let wrap = |part: Part, label: &'static str| FigureBox {
            part,
            layer: Some(layer),
            around: Some(around),
            label,
            args: Vec::new(),
            shape: shape.clone(),
            inner: None,
            opens: norm_view(norm),
        };
        match norm {
            NormPlacement::Post => {
                let add_norm = wrap(Part::AddNorm(side), "arch-add-norm");
                self.boxes.push(sub);
                self.boxes.push(add_norm);
            }
            NormPlacement::Pre => {
                let before = wrap(Part::Norm(side), "arch-norm");
                let after = wrap(Part::Add(side), "arch-add");
                self.boxes.extend([before, sub, after]);
            }
        }
    }

    /// A multi-head attention box of `layer`: its output, and every head's weights.
    fn attention(&mut self, part: Part, layer: usize, (q, k): (Dim, Dim)) -> FigureBox {
        let s = self.settings;
        let label = match part {
            Part::SelfAttention(Stack::Encoder) => "arch-enc-self-attention",
            Part::SelfAttention(Stack::Decoder) => "arch-dec-self-attention",
            _ => "arch-cross-attention",
        };
        let kind = attention_kind(part).unwrap_or(AttentionKind::Cross);
        FigureBox {
            part,
            layer: Some(layer),
            around: None,
            label,
            args: vec![("heads", s.n_heads), ("d_k", s.d_model / s.n_heads.max(1))],
            shape: vec![q, dim("d_model", s.d_model)],
            inner: Some(vec![dim("h", s.n_heads), q, k]),
            opens: Opens::Attention { kind, layer },
        }
    }

    /// The position-wise feed-forward network of `layer`.
    fn feed_forward(&mut self, side: Stack, layer: usize, len: Dim) -> FigureBox {
        let s = self.settings;
        FigureBox {
            part: Part::FeedForward(side),
            layer: Some(layer),
            around: None,
            label: "arch-feed-forward",
            args: vec![("d_ff", s.d_ff)],
            shape: vec![len, dim("d_model", s.d_model)],
            inner: Some(vec![len, dim("d_ff", s.d_ff)]),
            opens: Opens::View {
                panel: ids::TRAINING,
                at: Some("details.model-parts"),
            },
        }
    }

    /// The LayerNorm that ends a pre-norm stack.
    fn final_norm(&mut self, side: Stack, len: Dim) {
        if self.settings.norm.has_final_norm() {
            let shape = vec![len, dim("d_model", self.settings.d_model)];
            self.push(
                Part::FinalNorm(side),
                "arch-final-norm",
                shape,
                norm_view(self.settings.norm),
            );
        }
    }
}

/// Every box of Figure 1 for a model of `settings` reading `sentence`, in
/// the order the sentence flows: the encoder from its inputs up, then the
/// decoder from its outputs (shifted right) up, then the linear layer and
/// the softmax.
pub fn figure(settings: &Settings, sentence: Sentence) -> Vec<FigureBox> {
    let mut b = Builder {
        settings,
        boxes: Vec::new(),
    };
    let src = dim("src_len", sentence.src_len);
    let tgt = dim("tgt_len", sentence.tgt_len);
    b.foot(Stack::Encoder, src);
    for layer in 0..settings.n_layers {
        let attention = b.attention(Part::SelfAttention(Stack::Encoder), layer, (src, src));
        b.sublayer(Stack::Encoder, layer, attention);
        let ffn = b.feed_forward(Stack::Encoder, layer, src);
        b.sublayer(Stack::Encoder, layer, ffn);
    }
    b.final_norm(Stack::Encoder, src);
    b.foot(Stack::Decoder, tgt);
    for layer in 0..settings.n_layers {
        let masked = b.attention(Part::SelfAttention(Stack::Decoder), layer, (tgt, tgt));
        b.sublayer(Stack::Decoder, layer, masked);
        let cross = b.attention(Part::CrossAttention, layer, (tgt, src));
        b.sublayer(Stack::Decoder, layer, cross);
        let ffn = b.feed_forward(Stack::Decoder, layer, tgt);
        b.sublayer(Stack::Decoder, layer, ffn);
    }
    b.final_norm(Stack::Decoder, tgt);
    let logits = vec![tgt, dim("tgt_vocab", sentence.tgt_vocab)];
    let decoding = Opens::View {
        panel: ids::TRANSLATE,
        at: Some("[data-testid=decode-stepper]"),
    };
    let linear = if settings.tie_weights {
        "arch-linear-tied"
    } else {
        "arch-linear"
    };
    b.push(Part::Linear, linear, logits.clone(), decoding);
    b.last().args.push(("tgt_vocab", sentence.tgt_vocab));
    b.push(Part::Softmax, "arch-softmax", logits, decoding);
    b.boxes
}

/// A shape as the figure writes it: `[7 × 32]`.
pub fn shape_text(shape: &[Dim]) -> String {
    let sizes: Vec<String> = shape.iter().map(|d| d.size.to_string()).collect();
    format!("[{}]", sizes.join(" × "))
}

/// The same with the axes' names: `[src_len × d_model] = [7 × 32]`.
pub fn shape_named(shape: &[Dim]) -> String {
    let names: Vec<&str> = shape.iter().map(|d| d.name).collect();
    format!("[{}] = {}", names.join(" × "), shape_text(shape))
}

#[cfg(test)]
mod tests;
