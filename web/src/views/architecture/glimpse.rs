//! A box's live glimpse: what it computes for the probe sentence, small,
//! from the run's latest snapshot, so that the figure changes while the
//! model trains. An attention box shows the average of its layer's heads,
//! of its own kind (the map its click opens); an embedding, the probe's
//! rows × √d_model; a positional encoding, the rows the model adds; a
//! feed-forward network, its hidden layer after the ReLU; a norm or
//! residual box, the stream it hands on (or, before a pre-norm sub-layer,
//! the LayerNorm that sub-layer reads); the linear layer, its logits; the softmax,
//! the token it ranks first at each of the first positions, and whether
//! that is the target.

use super::data::{sublayer_index, FigureBox, Opens, Part, Stack};
use crate::components::paint;
use crate::context::i18n::Arg;
use crate::context::state::use_lab;
use crate::i18n::script::respell;
use lab_plot::colormap::{heatmap_rgba, ColorMap};
use lab_protocol::{AttentionKind, AttentionSet, LayerInput, ProbePrediction};
use leptos::prelude::*;

/// How many positions the softmax's glimpse names.
pub const PICKED_POSITIONS: usize = 3;

/// The most columns a wide map is drawn with: one per CSS pixel of a
/// glimpse at its widest (`.fig-glimpse`'s `max-width`, 5rem).
const MAX_COLUMNS: usize = 80;

/// What a box's glimpse shows.
#[derive(Clone, Debug, PartialEq)]
pub enum Glimpse {
    /// A small heatmap, `values` being `[rows, cols]` row-major, coloured
    /// over `range` with `map`.
    Map {
        about: About,
        rows: usize,
        cols: usize,
        values: Vec<f32>,
        range: (f32, f32),
        map: ColorMap,
    },
    /// The token ranked first at each of the first positions.
    Picks(Vec<Pick>),
}

/// What a map glimpse shows, for the words beside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum About {
    /// Attention weights averaged over this many heads.
    Attention { heads: usize },
    /// A stack's token embeddings × √d_model.
    Embedding(Stack),
    /// The positional encoding a stack adds.
    Positions(Stack),
    /// A feed-forward network's hidden layer of `d_ff` units, of which
    /// `zero_percent` are zero (the ReLU cut them off).
    FeedForward { d_ff: usize, zero_percent: usize },
    /// The residual stream at a norm or residual box (`part`), `d_model`
    /// numbers per token.
    Stream { part: Part, d_model: usize },
    /// The linear layer's logits over a vocabulary of `vocab` tokens.
    Logits { vocab: usize },
}

impl About {
    /// Its words: a message id and its arguments.
    fn words(self) -> (&'static str, Vec<(&'static str, Arg)>) {
        match self {
            Self::Attention { heads } => {
                ("arch-glimpse-attention", vec![("heads", Arg::from(heads))])
            }
            Self::Embedding(side) => (
                "arch-glimpse-embedding",
                vec![("stack", Arg::from(side.name()))],
            ),
            Self::Positions(side) => ("arch-glimpse-pe", vec![("stack", Arg::from(side.name()))]),
            Self::FeedForward { d_ff, zero_percent } => (
                "arch-glimpse-ffn",
                vec![("d_ff", Arg::from(d_ff)), ("zero", Arg::from(zero_percent))],
            ),
            Self::Logits { vocab } => ("arch-glimpse-logits", vec![("vocab", Arg::from(vocab))]),
            Self::Stream { part, d_model } => {
                let stack = part.side().map_or("", Stack::name);
                let args = vec![("d_model", Arg::from(d_model)), ("stack", Arg::from(stack))];
                (stream_message(part), args)
            }
        }
    }

    /// Whether a map too wide to draw column by column is drawn with the
    /// largest of each run of columns ([`widest_of_runs`]): where the
    /// largest is what stands out (an active hidden unit, the top logit).
    fn keeps_the_largest(self) -> bool {
        matches!(self, Self::FeedForward { .. } | Self::Logits { .. })
    }
}

/// `values` (`[rows, cols]` row-major) with each run of `run` neighbouring
/// columns replaced by its largest value, `run` the fewest that leave at
/// most [`MAX_COLUMNS`] columns (the last run may be shorter), so that
/// drawing a wide map small loses no peak; `(values, cols, run)`.
fn widest_of_runs(values: &[f32], rows: usize, cols: usize) -> (Vec<f32>, usize, usize) {
    let run = cols.div_ceil(MAX_COLUMNS).max(1);
    if run == 1 || values.len() != rows * cols {
        return (values.to_vec(), cols, 1);
    }
    let pooled: Vec<f32> = values
        .chunks(cols)
        .flat_map(|row| {
            row.chunks(run)
                .map(|r| r.iter().copied().fold(f32::NEG_INFINITY, f32::max))
        })
        .collect();
    (pooled, cols.div_ceil(run), run)
}

/// The softmax's first choice at one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pick {
    /// The token, as the vocabulary spells it.
    pub token: String,
    /// It is the position's target.
    pub right: bool,
}

/// What a box's glimpse is drawn from: the one rule of which boxes have one.
#[derive(Clone, Copy)]
enum Source {
    /// The attention maps of this kind and layer.
    Attention {
        kind: AttentionKind,
        layer: usize,
    },
    /// How the probe enters this stack.
    Embedding(Stack),
    Positions(Stack),
    /// The hidden layer of this stack's feed-forward network in this layer.
    FeedForward {
        side: Stack,
        layer: usize,
    },
    /// The residual stream around sub-layer `sublayer` of `layer`: what
    /// its LayerNorm gave the sub-layer (`normed`, pre-norm), or the
    /// stream after it.
    Stream {
        side: Stack,
        layer: usize,
        sublayer: usize,
        normed: bool,
    },
    /// The stack's output after its final LayerNorm.
    FinalNorm(Stack),
    /// The linear layer's output.
    Linear,
    /// The probe prediction.
    Softmax,
}

fn source(b: &FigureBox) -> Option<Source> {
    match (b.part, b.opens) {
        (_, Opens::Attention { kind, layer }) => Some(Source::Attention { kind, layer }),
        (Part::Embedding(side), _) => Some(Source::Embedding(side)),
        (Part::Positions(side), _) => Some(Source::Positions(side)),
        (Part::FeedForward(side), _) => Some(Source::FeedForward {
            side,
            layer: b.layer?,
        }),
        (Part::AddNorm(side) | Part::Add(side) | Part::Norm(side), _) => Some(Source::Stream {
            side,
            layer: b.layer?,
            sublayer: sublayer_index(b.around?)?,
            normed: matches!(b.part, Part::Norm(_)),
        }),
        (Part::FinalNorm(side), _) => Some(Source::FinalNorm(side)),
        (Part::Linear, _) => Some(Source::Linear),
        (Part::Softmax, _) => Some(Source::Softmax),
        _ => None,
    }
}

/// The glimpse of box `b`, from the latest attention maps and probe
/// prediction; `None` for a box with none, or before a snapshot has them.
pub fn glimpse(
    b: &FigureBox,
    attention: Option<&AttentionSet>,
    prediction: Option<&ProbePrediction>,
) -> Option<Glimpse> {
    match source(b)? {
        Source::Attention { kind, layer } => {
            let maps = attention?.maps(kind);
            let whole = maps.n_layers * maps.n_heads * maps.seq_q * maps.seq_k;
            (layer < maps.n_layers && maps.n_heads > 0 && maps.weights.len() == whole).then(|| {
                Glimpse::Map {
                    about: About::Attention {
                        heads: maps.n_heads,
                    },
                    rows: maps.seq_q,
                    cols: maps.seq_k,
                    values: maps.head_average(layer),
                    range: (0.0, 1.0),
                    map: ColorMap::Viridis,
                }
            })
        }
        Source::Embedding(side) => {
            let input = prediction?.input(side);
            let range = signed_range(&input.scaled);
            input_map(input, &input.scaled, About::Embedding(side), range)
        }
        Source::Positions(side) => {
            let input = prediction?.input(side);
            input_map(input, &input.positions, About::Positions(side), (-1.0, 1.0))
        }
        Source::Stream {
            side,
            layer,
            sublayer,
            normed,
        } => {
            let p = prediction?;
            let around = p.residual.of(side).layers.get(layer)?.get(sublayer)?;
            let values = if normed { &around.normed } else { &around.out };
            stream_map(p, side, values, b.part)
        }
        Source::FinalNorm(side) => {
            let p = prediction?;
            stream_map(p, side, &p.residual.of(side).final_norm, b.part)
        }
        Source::FeedForward { side, layer } => ffn_map(prediction?, side, layer),
        Source::Linear => logits_map(prediction?),
        Source::Softmax => {
            let p = prediction?;
            let picks: Vec<Pick> = (0..p.targets.len().min(PICKED_POSITIONS))
                .map_while(|t| {
                    let best = p.most_likely(t)?;
                    Some(Pick {
                        token: p.vocab.get(best)?.clone(),
                        right: p.target_ids.get(t) == Some(&(best as u32)),
                    })
                })
                .collect();
            (!picks.is_empty()).then_some(Glimpse::Picks(picks))
        }
    }
}

/// `-m … m`, `m` the largest magnitude in `values`, so that zero is the
/// middle colour (`(-1, 1)` for none).
fn signed_range(values: &[f32]) -> (f32, f32) {
    let m = values.iter().fold(0.0f32, |m, x| m.max(x.abs()));
    if m > 0.0 {
        (-m, m)
    } else {
        (-1.0, 1.0)
    }
}

/// A map of `values`, one of `input`'s `[tokens, d_model]` matrices.
fn input_map(
    input: &LayerInput,
    values: &[f32],
    about: About,
    range: (f32, f32),
) -> Option<Glimpse> {
    let rows = input.tokens.len();
    let cols = input.d_model;
    (rows > 0 && cols > 0 && values.len() == rows * cols).then(|| Glimpse::Map {
        about,
        rows,
        cols,
        values: values.to_vec(),
        range,
        map: ColorMap::Cividis,
    })
}

/// The residual stream `values` of the stack `side` at the box `part`, a
/// row per token, zero the middle colour.
fn stream_map(p: &ProbePrediction, side: Stack, values: &[f32], part: Part) -> Option<Glimpse> {
    let (rows, cols) = (p.input(side).tokens.len(), p.residual.d_model);
    (rows > 0 && cols > 0 && values.len() == rows * cols).then(|| Glimpse::Map {
        about: About::Stream {
            part,
            d_model: cols,
        },
        rows,
        cols,
        values: values.to_vec(),
        range: signed_range(values),
        map: ColorMap::Cividis,
    })
}

/// The linear layer's logits, a row per position, from the lowest (the
/// darkest colour) to the highest.
fn logits_map(p: &ProbePrediction) -> Option<Glimpse> {
    let (rows, cols) = (p.targets.len(), p.vocab.len());
    if rows == 0 || cols == 0 || p.logits.len() != rows * cols {
        return None;
    }
    let (low, high) = p
        .logits
        .iter()
        .fold((f32::INFINITY, f32::NEG_INFINITY), |(l, h), &z| {
            (l.min(z), h.max(z))
        });
    if !(low.is_finite() && high.is_finite()) {
        return None;
    }
    Some(Glimpse::Map {
        about: About::Logits { vocab: cols },
        rows,
        cols,
        values: p.logits.clone(),
        range: if high > low {
            (low, high)
        } else {
            (low - 1.0, low + 1.0)
        },
        map: ColorMap::Viridis,
    })
}

/// The hidden layer of `side`'s feed-forward network in `layer`, a row per
/// token, from 0 (the darkest colour) to its largest value.
fn ffn_map(p: &ProbePrediction, side: Stack, layer: usize) -> Option<Glimpse> {
    let ffn = &p.ffn_hidden;
    let values = ffn.of(side).get(layer)?;
    let (rows, cols) = (p.input(side).tokens.len(), ffn.d_ff);
    if rows == 0 || cols == 0 || values.len() != rows * cols {
        return None;
    }
    let zeros = values.iter().filter(|&&h| h == 0.0).count();
    let largest = values.iter().fold(0.0f32, |m, &h| m.max(h));
    Some(Glimpse::Map {
        about: About::FeedForward {
            d_ff: cols,
            zero_percent: (100.0 * zeros as f64 / values.len() as f64).round() as usize,
        },
        rows,
        cols,
        values: values.clone(),
        range: (0.0, if largest > 0.0 { largest } else { 1.0 }),
        map: ColorMap::Viridis,
    })
}

/// The words of a residual-stream glimpse at the box `part`.
fn stream_message(part: Part) -> &'static str {
    match part {
        Part::Norm(_) => "arch-glimpse-norm",
        Part::Add(_) => "arch-glimpse-add",
        Part::FinalNorm(_) => "arch-glimpse-final-norm",
        _ => "arch-glimpse-add-norm",
    }
}

/// Whether box `b` has a glimpse once a snapshot comes.
pub fn has_glimpse(b: &FigureBox) -> bool {
    source(b).is_some()
}

/// A box's glimpse, redrawn with each snapshot (`data-testid="glimpse"`).
#[component]
pub fn BoxGlimpse(
    /// The box.
    b: FigureBox,
    /// The target language's tag, for the softmax's tokens.
    lang: &'static str,
) -> impl IntoView {
    let lab = use_lab();
    let shown = Memo::new(move |_| {
        lab.attention
            .with(|a| lab.prediction.with(|p| glimpse(&b, a.as_ref(), p.as_ref())))
    });
    let i18n = lab.i18n();
    move || match shown.get()? {
        Glimpse::Map {
            about,
            rows,
            cols,
            values,
            range,
            map,
        } => {
            let (id, args) = about.words();
            let title = i18n.f(id, &args);
            let (values, cols, run) = if about.keeps_the_largest() {
                widest_of_runs(&values, rows, cols)
            } else {
                (values, cols, 1)
            };
            let title = if run > 1 {
                let args = [
                    ("words", Arg::from(title.as_str())),
                    ("run", Arg::from(run)),
                ];
                i18n.f("arch-glimpse-runs", &args)
            } else {
                title
            };
            let canvas = NodeRef::<leptos::html::Canvas>::new();
            canvas.on_load(move |canvas| {
                let drawn = canvas.clone();
                paint::later(&canvas, move || {
                    let rgba = heatmap_rgba(&values, None, range, map);
                    lab_plot::canvas::draw_heatmap(&drawn, rows, cols, &rgba);
                });
            });
            Some(
                view! {
                    <canvas
                        class="fig-glimpse"
                        data-testid="glimpse"
                        width=cols
                        height=rows
                        style=format!("aspect-ratio: {cols} / {rows}")
                        title=title
                        node_ref=canvas
                    ></canvas>
                }
                .into_any(),
            )
        }
        Glimpse::Picks(picks) => {
            let tokens: Vec<String> = picks.iter().map(|p| p.token.clone()).collect();
            let shown = lab.spelling.with(|s| respell(s.as_ref(), &tokens));
            let chips = picks
                .into_iter()
                .zip(shown)
                .map(|(pick, token)| {
                    let mark = if pick.right { " ✓" } else { "" };
                    view! {
                        <span class="chip" data-right=pick.right.to_string()>
                            {token}
                            {mark}
                        </span>
                    }
                })
                .collect_view();
            Some(
                view! {
                    <span
                        class="fig-glimpse fig-picks"
                        data-testid="glimpse"
                        lang=lang
                        title=i18n.f("arch-glimpse-picks", &[])
                    >
                        {chips}
                    </span>
                }
                .into_any(),
            )
        }
    }
}

#[cfg(test)]
mod tests;
