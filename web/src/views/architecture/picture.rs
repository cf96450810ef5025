//! The figure as a picture to download: the boxes the page draws (its foot,
//! the layer shown with "N×", its top), laid out as in the paper, encoder
//! left and decoder right, both read bottom-up, with the wire from the
//! encoder's output into the cross-attention. One layout, [`layout`], as
//! plain shapes: [`Picture::svg`] writes them as an SVG document, and the
//! page paints the same shapes on a canvas for the PNG.

use super::data::{FigureBox, Part, Stack};

/// The picture's width and a stack's width (px).
const WIDTH: f64 = 960.0;
const COLUMN: f64 = 420.0;
/// The encoder's left edge, and the decoder's.
const LEFT: [f64; 2] = [24.0, WIDTH - 24.0 - COLUMN];
/// A line of text, the space around a box's text, between boxes, and a
/// layer frame's padding (the side where "N×" stands, and the rest).
const LINE: f64 = 17.0;
const PAD: f64 = 6.0;
const GAP: f64 = 6.0;
const FRAME: (f64, f64) = (40.0, 8.0);
/// The font size of a box's text.
pub const FONT_PX: f64 = 13.0;

/// A box's words, as the page shows them in its language.
#[derive(Clone, Debug, PartialEq)]
pub struct Words {
    /// The box's name (`Part::name`), or `None` for the encoder's output.
    pub name: Option<&'static str>,
    pub part: Option<Part>,
    pub label: String,
    /// Its shape, `[8 × 64]`.
    pub shape: String,
    /// The probe's tokens, for the two token boxes.
    pub tokens: Vec<String>,
}

/// What the picture is made of.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    /// A box: its name (`data-box`), place, fill and stroke, dashed or not.
    Rect {
        name: Option<&'static str>,
        x: f64,
        y: f64,
        w: f64,
        h: f64,
        fill: &'static str,
        stroke: &'static str,
        dashed: bool,
    },
    /// Text from its baseline's left end (`end`: its right end).
    Text {
        x: f64,
        y: f64,
        size: f64,
        bold: bool,
        end: bool,
        text: String,
    },
    /// A polyline, and whether it ends in an arrowhead.
    Wire { points: Vec<(f64, f64)> },
}

/// The laid-out figure.
#[derive(Clone, Debug, PartialEq)]
pub struct Picture {
    pub width: f64,
    pub height: f64,
    pub title: String,
    pub shapes: Vec<Shape>,
}

/// A box's fill, as on the page (`style.css`, `.fig-box.*`).
fn fill(part: Option<Part>) -> &'static str {
    match part {
        None => "#fff8e0",
        Some(Part::Tokens(_)) => "#ffffff",
        Some(Part::Embedding(_) | Part::Positions(_)) => "#fbe3d6",
        Some(Part::SelfAttention(_) | Part::CrossAttention) => "#fde9b8",
        Some(Part::FeedForward(_)) => "#cfe8f6",
        Some(Part::Linear | Part::Softmax) => "#dcd3ef",
        Some(_) => "#eef4c8",
    }
}

/// How wide `text` is drawn at `size` px, about: CJK characters are square,
/// the rest a little over half as wide.
fn text_width(text: &str, size: f64) -> f64 {
    text.chars()
        .map(|c| if (c as u32) >= 0x2E80 { 1.0 } else { 0.58 })
        .sum::<f64>()
        * size
}

/// `text` cut into lines of at most `width` px, at spaces where it has
/// them (between any two characters in CJK text).
pub fn wrap(text: &str, width: f64, size: f64) -> Vec<String> {
    let mut lines = vec![String::new()];
    for word in text.split_inclusive(' ') {
        let pieces: Vec<String> = if text_width(word, size) > width {
            word.chars().map(String::from).collect()
        } else {
            vec![word.to_string()]
        };
        for piece in pieces {
            let line = lines.last_mut().expect("one line at least");
            if !line.is_empty() && text_width(&format!("{line}{piece}"), size) > width {
                lines.push(piece.trim_start().to_string());
            } else {
                line.push_str(&piece);
            }
        }
    }
    lines.iter().map(|l| l.trim_end().to_string()).collect()
}

/// One column, laid out top-down from `top`: its boxes' shapes, and where
/// the box named `find` ended up (its left edge and middle).
struct Column {
    x: f64,
    y: f64,
    shapes: Vec<Shape>,
}

impl Column {
    fn item(&mut self, w: &Words, x: f64, width: f64) -> (f64, f64) {
        let text_w = width - 2.0 * PAD - text_width(&w.shape, FONT_PX) - PAD;
        let mut lines = wrap(&w.label, text_w, FONT_PX);
        if !w.tokens.is_empty() {
            lines.extend(wrap(&w.tokens.join("  "), width - 2.0 * PAD, FONT_PX));
        }
        let h = lines.len() as f64 * LINE + PAD;
        self.shapes.push(Shape::Rect {
            name: w.name,
            x,
            y: self.y,
            w: width,
            h,
            fill: fill(w.part),
            stroke: if w.part.is_none() {
                "#7a5a00"
            } else {
                "#222222"
            },
            dashed: matches!(w.part, Some(Part::Tokens(_))),
        });
        for (i, line) in lines.into_iter().enumerate() {
            self.shapes.push(Shape::Text {
                x: x + PAD,
                y: self.y + (i as f64 + 1.0) * LINE - 2.0,
                size: FONT_PX,
                bold: w.part.is_none(),
                end: false,
                text: line,
            });
        }
        self.shapes.push(Shape::Text {
            x: x + width - PAD,
            y: self.y + LINE - 2.0,
            size: FONT_PX - 1.0,
            bold: false,
            end: true,
            text: w.shape.clone(),
        });
        let middle = (x, self.y + h / 2.0);
        self.y += h + GAP;
        middle
    }
}

/// The picture of one stack's boxes (`top`, the layer, the `foot`, each
/// bottom-up as the sentence flows) and the picture's own words.
pub struct Stacks<'a> {
    pub title: String,
    pub names: [String; 2],
    pub times: String,
    /// Per stack: what follows the layers, the layer's boxes, the foot.
    pub parts: [[&'a [Words]; 3]; 2],
}

/// Lay the figure out: both stacks bottom-aligned under their names, and
/// the wire from the encoder's output (the last of the encoder's top) to
/// the cross-attention box.
pub fn layout(stacks: &Stacks) -> Picture {
    let header = 2.0 * LINE + 2.0 * PAD;
    let mut columns: Vec<Column> = Vec::new();
    let mut ends = [None, None];
    for (side, [top, layer, foot]) in stacks.parts.iter().enumerate() {
        let mut c = Column {
            x: LEFT[side],
            y: 0.0,
            shapes: Vec::new(),
        };
        for w in top.iter().rev() {
            let at = c.item(w, c.x, COLUMN);
            if w.name.is_none() {
                ends[0] = Some((at.0 + COLUMN, at.1));
            }
        }
        let frame_top = c.y;
        c.y += FRAME.1;
        // "N×" stands outside the layer's boxes, as in the paper: on the
        // encoder's left and on the decoder's right.
        let decoder = side == 1;
        let inner_x = if decoder {
            c.x + FRAME.1
        } else {
            c.x + FRAME.0
        };
        for w in layer.iter().rev() {
            let inner = (inner_x, COLUMN - FRAME.0 - FRAME.1);
            let at = c.item(w, inner.0, inner.1);
            if w.part == Some(Part::CrossAttention) {
                ends[1] = Some(at);
            }
        }
        let frame_h = c.y - frame_top + FRAME.1 - GAP;
        c.shapes.push(Shape::Rect {
            name: None,
            x: c.x,
            y: frame_top,
            w: COLUMN,
            h: frame_h,
            fill: "none",
            stroke: "#8a8a8a",
            dashed: false,
        });
        c.shapes.push(Shape::Text {
            x: if decoder {
                c.x + COLUMN - 6.0
            } else {
                c.x + 6.0
            },
            y: frame_top + frame_h / 2.0 + 5.0,
            size: FONT_PX + 2.0,
            bold: true,
            end: decoder,
            text: stacks.times.clone(),
        });
        c.y = frame_top + frame_h + GAP;
        for w in foot.iter().rev() {
            c.item(w, c.x, COLUMN);
        }
        columns.push(c);
    }
    let tallest = columns.iter().map(|c| c.y).fold(0.0, f64::max);
    let mut shapes = vec![Shape::Text {
        x: LEFT[0],
        y: LINE + PAD,
        size: FONT_PX + 4.0,
        bold: true,
        end: false,
        text: stacks.title.clone(),
    }];
    let mut shift = [0.0; 2];
    for (side, c) in columns.into_iter().enumerate() {
        // Bottom-aligned: the inputs and the outputs on one line, as in the paper.
        let dy = header + tallest - c.y;
        shift[side] = dy;
        shapes.push(Shape::Text {
            x: c.x + COLUMN / 2.0 - text_width(&stacks.names[side], FONT_PX + 1.0) / 2.0,
            y: dy - PAD,
            size: FONT_PX + 1.0,
            bold: true,
            end: false,
            text: stacks.names[side].clone(),
        });
        shapes.extend(c.shapes.into_iter().map(|s| moved(s, dy)));
    }
    if let [Some(from), Some(to)] = ends {
        let gap = (LEFT[0] + COLUMN + LEFT[1]) / 2.0;
        let (y0, y1) = (from.1 + shift[0], to.1 + shift[1]);
        shapes.push(Shape::Wire {
            points: vec![(from.0, y0), (gap, y0), (gap, y1), (to.0, y1)],
        });
    }
    Picture {
        width: WIDTH,
        height: header + tallest + PAD,
        title: stacks.title.clone(),
        shapes,
    }
}

fn moved(mut shape: Shape, dy: f64) -> Shape {
    match &mut shape {
        Shape::Rect { y, .. } | Shape::Text { y, .. } => *y += dy,
        Shape::Wire { points } => points.iter_mut().for_each(|p| p.1 += dy),
    }
    shape
}

/// Text for SVG: `&`, `<`, `>` and `"` escaped.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

impl Picture {
    /// The picture as a standalone SVG document; each box is a `<g
    /// data-box="NAME">` holding its rectangle and its text.
    pub fn svg(&self) -> String {
        let mut out = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h:.0}\" viewBox=\"0 0 {w} {h:.0}\" font-family=\"sans-serif\">\n<title>{t}</title>\n<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n",
            w = self.width,
            h = self.height,
            t = escape(&self.title)
        );
        let mut open = false;
        for shape in &self.shapes {
            match shape {
                Shape::Rect {
                    name,
                    x,
                    y,
                    w,
                    h,
                    fill,
                    stroke,
                    dashed,
                } => {
                    if open {
                        out.push_str("</g>\n");
                    }
                    open = name.is_some();
                    if let Some(name) = name {
                        out.push_str(&format!("<g data-box=\"{name}\">"));
                    }
                    let dash = if *dashed {
                        " stroke-dasharray=\"5 3\""
                    } else {
                        ""
                    };
                    out.push_str(&format!(
                        "<rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"{w:.1}\" height=\"{h:.1}\" rx=\"5\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"1.5\"{dash}/>"
                    ));
                }
                Shape::Text {
                    x,
                    y,
                    size,
                    bold,
                    end,
                    text,
                } => {
                    let weight = if *bold { " font-weight=\"bold\"" } else { "" };
                    let anchor = if *end { " text-anchor=\"end\"" } else { "" };
                    out.push_str(&format!(
                        "<text x=\"{x:.1}\" y=\"{y:.1}\" font-size=\"{size}\"{weight}{anchor}>{}</text>",
                        escape(text)
                    ));
                }
                Shape::Wire { points } => {
                    if open {
                        out.push_str("</g>\n");
                        open = false;
                    }
                    let d: Vec<String> = points
                        .iter()
                        .map(|(x, y)| format!("{x:.1},{y:.1}"))
                        .collect();
                    let &(tx, ty) = points.last().expect("a wire has ends");
                    out.push_str(&format!(
                        "<polyline points=\"{}\" fill=\"none\" stroke=\"#7a5a00\" stroke-width=\"2.5\"/>\n<path d=\"M{tx:.1},{ty:.1} l-8,-5 v10 z\" fill=\"#7a5a00\"/>",
                        d.join(" ")
                    ));
                }
            }
        }
        if open {
            out.push_str("</g>\n");
        }
        out.push_str("</svg>\n");
        out
    }
}

/// Which of a stack's boxes the picture draws: what follows the layers, the
/// layer `layer`'s boxes, and the foot (each in the sentence's order).
pub fn split(boxes: &[FigureBox], side: Stack, layer: usize) -> [Vec<&FigureBox>; 3] {
    let of_side = |b: &&FigureBox| {
        b.part.side() == Some(side) || (side == Stack::Decoder && b.part.side().is_none())
    };
    let foot = boxes
        .iter()
        .filter(of_side)
        .take_while(|b| b.layer.is_none())
        .collect();
    let layer_boxes = boxes
        .iter()
        .filter(of_side)
        .filter(|b| b.layer == Some(layer))
        .collect();
    let top = boxes
        .iter()
        .filter(of_side)
        .skip_while(|b| b.layer.is_none())
        .filter(|b| b.layer.is_none())
        .collect();
    [top, layer_boxes, foot]
}

#[cfg(test)]
mod tests;
