//! The paper's Figure 1, drawn from the run's own model: the encoder and
//! the decoder side by side, each box with the shape of the tensor it hands
//! on for the probe sentence, and each box a button that opens the view
//! that shows it. The page's first screen and its map.
//!
//! What the figure holds is plain data, [`data::figure`], tested natively.

pub mod data;
mod glimpse;
mod minimap;
mod picture;
mod wire;

use crate::components::controls::NumberPicker;
use crate::components::export::ExportBar;
use crate::components::scroll::{scroll_and_hold_at, HOLD_OPENED_VIEW_MS};
use crate::context::i18n::{use_i18n, Arg, I18n};
use crate::context::state::{use_lab, Lab};
use crate::i18n::script::{respell, target_lang};
use crate::panels::{self, PANELS};
use data::{figure, shape_named, shape_text, FigureBox, Opens, Part, Sentence, Stack};
use lab_protocol::{ModelInfo, SettingsField};
use leptos::prelude::*;
pub use minimap::{MiniMap, ViewsMap};
use picture::{layout, Picture, Shape, Stacks, Words};

/// The figure's boxes for the loaded model and its probe sentence, with the
/// probe's tokens (source; decoder inputs, respelled), or `None` before a model.
#[derive(Clone, Debug, PartialEq)]
struct Drawn {
    boxes: Vec<FigureBox>,
    n_layers: usize,
    src: Vec<String>,
    tgt: Vec<String>,
    tgt_lang: &'static str,
}

fn drawn(lab: Lab) -> Option<Drawn> {
    let spelling = lab.spelling.get();
    let (src, tgt) = lab.attention.with(|a| {
        a.as_ref()
            .map(|a| (a.src_tokens.clone(), a.tgt_tokens.clone()))
            .unwrap_or_default()
    });
    lab.model.with(|m| {
        let m = m.as_ref()?;
        Some(Drawn {
            boxes: boxes_of(m, src.len(), tgt.len()),
            n_layers: m.settings.n_layers,
            tgt: respell(spelling.as_ref(), &tgt),
            tgt_lang: target_lang(Some(m.settings.task), spelling.as_ref()),
            src,
        })
    })
}

/// The figure's boxes for the loaded model, without the probe's lengths
/// (its shapes then read 0): what the small maps draw, which change only
/// with the model, not with each snapshot.
fn model_boxes(lab: Lab) -> Option<Vec<FigureBox>> {
    lab.model.with(|m| m.as_ref().map(|m| boxes_of(m, 0, 0)))
}

/// The boxes of model `m` for a probe of these lengths.
fn boxes_of(m: &ModelInfo, src_len: usize, tgt_len: usize) -> Vec<FigureBox> {
    let sentence = Sentence {
        src_len,
        tgt_len,
        src_vocab: m.facts.src_vocab.len(),
        tgt_vocab: m.facts.tgt_vocab.len(),
    };
    figure(&m.settings, sentence)
}

/// The arguments of box `b`'s label message (`FigureBox::label`).
fn label_args(b: &FigureBox) -> Vec<(&'static str, Arg)> {
    b.args.iter().map(|&(k, v)| (k, Arg::from(v))).collect()
}

/// Open the view a box leads to, set to show it.
fn open(lab: Lab, opens: Opens) {
    let at = match opens {
        Opens::Attention { kind, layer } => {
            lab.focus_kind.set(kind);
            lab.focus_layer.set(layer);
            Some(format!(
                "[data-testid=attention-grid] .attn-layer[data-layer=\"{layer}\"]"
            ))
        }
        Opens::NormComparison(norm) => {
            lab.compare_axis.set(SettingsField::Norm);
            Some(data::layer_diagram(norm).to_string())
        }
        Opens::View { at, .. } => at.map(str::to_string),
    };
    // A `<details>` led to opens (the FFN's formula under the settings).
    if let Some(element) = at.as_deref().and_then(|at| {
        let document = web_sys::window()?.document()?;
        let section = document.get_element_by_id(opens.panel())?;
        section.query_selector(at).ok().flatten()
    }) {
        if element.tag_name().eq_ignore_ascii_case("details") {
            let _ = element.set_attribute("open", "");
        }
    }
    scroll_and_hold_at(opens.panel(), at, HOLD_OPENED_VIEW_MS);
}

/// The CSS class of a box: its kind of part, for its colour.
fn class_of(part: Part) -> &'static str {
    match part {
        Part::Tokens(_) => "fig-box tokens",
        Part::Embedding(_) | Part::Positions(_) => "fig-box embed",
        Part::SelfAttention(_) | Part::CrossAttention => "fig-box attend",
        Part::FeedForward(_) => "fig-box ffn",
        Part::AddNorm(_) | Part::Norm(_) | Part::Add(_) | Part::FinalNorm(_) => "fig-box norm",
        Part::Linear | Part::Softmax => "fig-box out",
    }
}

/// The title of the view a box opens, without its number.
fn view_title(i18n: I18n, opens: Opens) -> String {
    panels::index_of(opens.panel())
        .map(|i| i18n.s(PANELS[i].title))
        .unwrap_or_default()
}

/// One box: a button with its label, its shape, its live glimpse and, for
/// the tokens, the probe's words (`tgt_lang`: the target's language).
fn figure_box(
    lab: Lab,
    b: FigureBox,
    tokens: Option<(Vec<String>, &'static str)>,
    tgt_lang: &'static str,
) -> AnyView {
    let i18n = lab.i18n();
    let label = i18n.f(b.label, &label_args(&b));
    let known = b.shape.iter().all(|d| d.size > 0);
    let shape = known.then(|| shape_text(&b.shape));
    let named = if known {
        shape_named(&b.shape)
    } else {
        String::new()
    };
    let inner = b
        .inner
        .as_ref()
        .filter(|_| known)
        .map(|inner| i18n.f("arch-inside", &[("shape", Arg::from(shape_named(inner)))]));
    // Read after the box's own words: the box's name is what it shows.
    let opens_text = i18n.f(
        "arch-open",
        &[("view", Arg::from(view_title(i18n, b.opens)))],
    );
    let title = [Some(named), inner]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join("; ");
    let opens = b.opens;
    let glimpse = glimpse::has_glimpse(&b).then(|| {
        view! { <glimpse::BoxGlimpse b=b.clone() lang=tgt_lang /> }
    });
    let words = tokens.map(|(words, lang)| {
        view! {
            <span class="fig-tokens" lang=lang>
                {words.into_iter().map(|w| view! { <span class="chip">{w}</span> }).collect_view()}
            </span>
        }
    });
    view! {
        <button
            class=class_of(b.part)
            data-testid="model-box"
            data-box=b.part.name()
            data-stack=b.part.side().map(Stack::name)
            data-layer=b.layer.map(|l| l.to_string())
            data-around=b.around.map(Part::name)
            title=title
            on:click=move |_| open(lab, opens)
        >
            <span class="fig-label">{label}</span>
            {words}
            {glimpse}
            {shape.map(|s| view! { <span class="fig-shape">{s}</span> })}
            <span class="visually-hidden">{opens_text}</span>
        </button>
    }
    .into_any()
}

/// The probe's tokens a box shows, with their language: the source's, and
/// the decoder's inputs (respelled).
fn tokens_of(d: &Drawn, part: Part) -> Option<(Vec<String>, &'static str)> {
    match part {
        Part::Tokens(Stack::Encoder) => Some((d.src.clone(), "en")),
        Part::Tokens(Stack::Decoder) => Some((d.tgt.clone(), d.tgt_lang)),
        _ => None,
    }
}

/// The last box of the encoder stack: its output, which every
/// cross-attention reads.
fn encoder_top(d: &Drawn) -> Option<&FigureBox> {
    d.boxes
        .iter()
        .rfind(|b| b.part.side() == Some(Stack::Encoder))
}

/// One stack's column: its foot, then the layer shown (`data-layer`),
/// framed with "N×", then what follows the layers.
fn stack(lab: Lab, d: &Drawn, side: Stack, layer: usize) -> AnyView {
    let i18n = lab.i18n();
    let draw = |b: &&FigureBox| figure_box(lab, (*b).clone(), tokens_of(d, b.part), d.tgt_lang);
    let [top, layer_boxes, foot] = picture::split(&d.boxes, side, layer);
    let (top, layer_boxes, foot): (Vec<AnyView>, Vec<AnyView>, Vec<AnyView>) = (
        top.iter().map(draw).collect(),
        layer_boxes.iter().map(draw).collect(),
        foot.iter().map(draw).collect(),
    );
    let (class, title) = match side {
        Stack::Encoder => ("fig-stack encoder", "arch-encoder"),
        Stack::Decoder => ("fig-stack decoder", "arch-decoder"),
    };
    // The top of the encoder stack: what every cross-attention reads.
    let memory = (side == Stack::Encoder)
        .then(|| encoder_top(d))
        .flatten()
        .map(|last| {
            let known = last.shape.iter().all(|d| d.size > 0);
            view! {
                <div
                    class="fig-memory"
                    data-testid="encoder-output"
                    title=i18n.t("arch-memory-title")
                >
                    <span class="fig-label">{i18n.t("arch-memory")}</span>
                    {known
                        .then(|| {
                            view! { <span class="fig-shape">{shape_text(&last.shape)}</span> }
                        })}
                    <span class="visually-hidden">{i18n.t("arch-memory-title")}</span>
                </div>
            }
        });
    let times = i18n.f("arch-times", &[("n", Arg::from(d.n_layers))]);
    view! {
        <div class=class data-stack=side.name()>
            <h3>{i18n.t(title)}</h3>
            <div class="fig-flow">
                {foot} <div class="fig-layer" data-layer=layer.to_string()>
                    <span class="fig-times">{times}</span>
                    {layer_boxes}
                </div> {top} {memory}
            </div>
        </div>
    }
    .into_any()
}

/// The words of the boxes one stack shows, as the picture draws them.
fn words_of(lab: Lab, d: &Drawn, boxes: &[&FigureBox]) -> Vec<Words> {
    let i18n = lab.i18n();
    boxes
        .iter()
        .map(|b| {
            let args = label_args(b);
            let known = b.shape.iter().all(|d| d.size > 0);
            Words {
                name: Some(b.part.name()),
                part: Some(b.part),
                label: i18n.f_now(b.label, &args),
                shape: if known {
                    shape_text(&b.shape)
                } else {
                    String::new()
                },
                tokens: tokens_of(d, b.part).map(|t| t.0).unwrap_or_default(),
            }
        })
        .collect()
}

/// The figure as it is shown (the layer in focus) laid out as a picture,
/// in the page's language.
fn picture_of(lab: Lab, d: &Drawn, layer: usize) -> Picture {
    let i18n = lab.i18n();
    let [et, el, ef] =
        picture::split(&d.boxes, Stack::Encoder, layer).map(|b| words_of(lab, d, &b));
    let [dt, dl, df] =
        picture::split(&d.boxes, Stack::Decoder, layer).map(|b| words_of(lab, d, &b));
    let mut et = et;
    if let Some(top) = encoder_top(d) {
        et.push(Words {
            name: None,
            part: None,
            label: i18n.s_now("arch-memory"),
            shape: shape_text(&top.shape),
            tokens: Vec::new(),
        });
    }
    layout(&Stacks {
        title: i18n.s_now("arch-title"),
        names: [i18n.s_now("arch-encoder"), i18n.s_now("arch-decoder")],
        times: i18n.f_now("arch-times", &[("n", Arg::from(d.n_layers))]),
        parts: [[&et, &el, &ef], [&dt, &dl, &df]],
    })
}

/// The picture painted on a new canvas, at twice its size for sharp print.
fn paint(p: &Picture) -> Option<web_sys::HtmlCanvasElement> {
    use wasm_bindgen::JsCast;
    const SCALE: f64 = 2.0;
    let document = web_sys::window()?.document()?;
    let canvas: web_sys::HtmlCanvasElement =
        document.create_element("canvas").ok()?.dyn_into().ok()?;
    canvas.set_width((p.width * SCALE) as u32);
    canvas.set_height((p.height * SCALE) as u32);
    let ctx: web_sys::CanvasRenderingContext2d = canvas.get_context("2d").ok()??.dyn_into().ok()?;
    let _ = ctx.scale(SCALE, SCALE);
    ctx.set_fill_style_str("#ffffff");
    ctx.fill_rect(0.0, 0.0, p.width, p.height);
    for shape in &p.shapes {
        match shape {
            Shape::Rect {
                x,
                y,
                w,
                h,
                fill,
                stroke,
                dashed,
                ..
            } => {
                let dash = js_sys::Array::new();
                if *dashed {
                    dash.push(&5.0.into());
                    dash.push(&3.0.into());
                }
                let _ = ctx.set_line_dash(&dash);
                ctx.set_line_width(1.5);
                if *fill != "none" {
                    ctx.set_fill_style_str(fill);
                    ctx.fill_rect(*x, *y, *w, *h);
                }
                ctx.set_stroke_style_str(stroke);
                ctx.stroke_rect(*x, *y, *w, *h);
            }
            Shape::Text {
                x,
                y,
                size,
                bold,
                end,
                text,
            } => {
                ctx.set_font(&format!(
                    "{}{size}px sans-serif",
                    if *bold { "bold " } else { "" }
                ));
                ctx.set_text_align(if *end { "end" } else { "start" });
                ctx.set_fill_style_str("#111111");
                let _ = ctx.fill_text(text, *x, *y);
            }
            Shape::Wire { points } => {
                let _ = ctx.set_line_dash(&js_sys::Array::new());
                ctx.set_stroke_style_str("#7a5a00");
                ctx.set_fill_style_str("#7a5a00");
                ctx.set_line_width(2.5);
                ctx.begin_path();
                for (i, &(x, y)) in points.iter().enumerate() {
                    if i == 0 {
                        ctx.move_to(x, y)
                    } else {
                        ctx.line_to(x, y)
                    }
                }
                ctx.stroke();
                if let Some(&(x, y)) = points.last() {
                    ctx.begin_path();
                    ctx.move_to(x, y);
                    ctx.line_to(x - 8.0, y - 5.0);
                    ctx.line_to(x - 8.0, y + 5.0);
                    ctx.close_path();
                    ctx.fill();
                }
            }
        }
    }
    Some(canvas)
}

/// The figure: its caption, the layer it shows, and the two stacks.
#[component]
pub fn ModelFigure() -> impl IntoView {
    let lab = use_lab();
    let i18n = use_i18n();
    let d = Memo::new(move |_| drawn(lab));
    let d_memo = d;
    let n_layers = Signal::derive(move || d.with(|d| d.as_ref().map_or(1, |d| d.n_layers)));
    let layer = move || lab.focus_layer.get().min(n_layers.get().saturating_sub(1));
    let layer_now = move || {
        lab.focus_layer
            .get_untracked()
            .min(n_layers.get_untracked().saturating_sub(1))
    };
    view! {
        <section
            id=panels::ids::MODEL
            class="view model-figure"
            data-testid="model-figure"
            aria-labelledby="model-figure-title"
        >
            <div class="fig-head">
                <h2 id="model-figure-title">{i18n.t("arch-title")}</h2>
                <NumberPicker
                    label="arch-layer"
                    testid="figure-layer"
                    count=n_layers
                    pick=lab.focus_layer
                />
                <span class="hint">{i18n.t("arch-hint")}</span>
                <ExportBar
                    name="model-figure"
                    svg=move || {
                        d.with_untracked(|d| {
                                d.as_ref().map(|d| picture_of(lab, d, layer_now()).svg())
                            })
                            .unwrap_or_default()
                    }
                    png=move || {
                        d.with_untracked(|d| d.as_ref().map(|d| picture_of(lab, d, layer_now())))
                            .and_then(|p| paint(&p))
                    }
                />
            </div>
            {move || match d.get() {
                None => view! { <p class="placeholder">{i18n.t("arch-waiting")}</p> }.into_any(),
                Some(d) => {
                    let layer = layer();
                    view! {
                        <div class="fig-stacks">
                            {stack(lab, &d, Stack::Encoder, layer)}
                            {stack(lab, &d, Stack::Decoder, layer)}
                            <wire::EncoderWire lab drawn=Signal::derive(move || d_memo.track()) />
                        </div>
                    }
                        .into_any()
                }
            }}
            {move || d.get().map(|d| boxes_table(lab, &d.boxes))}
        </section>
    }
}

/// Every box of every layer as a table: its stack, layer, name, the shape
/// it hands on and what it computes inside. Folded under the figure.
fn boxes_table(lab: Lab, boxes: &[FigureBox]) -> impl IntoView {
    let i18n = lab.i18n();
    let rows = boxes
        .iter()
        .map(|b| {
            let args = label_args(b);
            let stack = match b.part.side() {
                Some(Stack::Encoder) => i18n.s("arch-encoder"),
                Some(Stack::Decoder) => i18n.s("arch-decoder"),
                None => String::new(),
            };
            view! {
                <tr data-box=b.part.name()>
                    <td>{stack}</td>
                    <td>{b.layer.map(|l| (l + 1).to_string())}</td>
                    <td>{i18n.f(b.label, &args)}</td>
                    <td>{shape_named(&b.shape)}</td>
                    <td>{b.inner.as_ref().map(|inner| shape_named(inner))}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <details class="fig-table" data-testid="figure-table">
            <summary>{i18n.t("arch-table")}</summary>
            <div class="fig-table-wrap">
                <table>
                    <thead>
                        <tr>
                            <th>{i18n.t("arch-table-stack")}</th>
                            <th>{i18n.t("arch-table-layer")}</th>
                            <th>{i18n.t("arch-table-box")}</th>
                            <th>{i18n.t("arch-table-shape")}</th>
                            <th>{i18n.t("arch-table-inside")}</th>
                        </tr>
                    </thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
        </details>
    }
}
