//! The paper's arrow from the top of the encoder stack into the decoder's
//! cross-attention (§3.2.3: "the queries come from the previous decoder
//! layer, and the memory keys and values come from the output of the
//! encoder"). The boxes are laid out by the browser, so the wire is drawn
//! where they landed: measured after each layout, in the stacks' own
//! coordinates.

use crate::context::state::Lab;
use leptos::prelude::*;

/// Where a wire runs, in CSS px inside the stacks: from the right edge of
/// the encoder's output, along the gap between the stacks, to the left edge
/// of the cross-attention box.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ends {
    /// The encoder's output: its right edge and its middle.
    pub from: (f64, f64),
    /// The middle of the gap between the two stacks.
    pub gap: f64,
    /// The cross-attention box: its left edge and its middle.
    pub to: (f64, f64),
}

/// The arrowhead's length and half-width (CSS px).
const HEAD: (f64, f64) = (6.0, 4.0);

/// The wire as an SVG path: out to the right, down or up the gap between
/// the stacks, then into the box; and its arrowhead, a closed path.
pub fn wire_path(ends: Ends) -> (String, String) {
    let ((x0, y0), (x1, y1)) = (ends.from, ends.to);
    let gap = ends.gap;
    let tip = x1 - 1.0;
    let line = format!("M{x0:.1},{y0:.1} H{gap:.1} V{y1:.1} H{:.1}", tip - HEAD.0);
    let head = format!(
        "M{tip:.1},{y1:.1} L{:.1},{:.1} L{:.1},{:.1} Z",
        tip - HEAD.0,
        y1 - HEAD.1,
        tip - HEAD.0,
        y1 + HEAD.1
    );
    (line, head)
}

/// The wire's ends as the page laid the figure out, if both are drawn.
fn measure() -> Option<Ends> {
    let document = web_sys::window()?.document()?;
    let stacks = document
        .query_selector("[data-testid=model-figure] .fig-stacks")
        .ok()??;
    let from = stacks.query_selector(".fig-memory").ok()??;
    let to = stacks
        .query_selector("[data-box=dec-cross-attention]")
        .ok()??;
    let decoder = stacks.query_selector(".fig-stack.decoder").ok()??;
    let origin = stacks.get_bounding_client_rect();
    let (a, b) = (
        from.get_bounding_client_rect(),
        to.get_bounding_client_rect(),
    );
    let middle = |r: &web_sys::DomRect| r.top() + r.height() / 2.0 - origin.top();
    let right = a.right() - origin.left();
    let gap = (right + decoder.get_bounding_client_rect().left() - origin.left()) / 2.0;
    Some(Ends {
        from: (right, middle(&a)),
        gap,
        to: (b.left() - origin.left(), middle(&b)),
    })
}

/// The wire, drawn over the stacks (`aria-hidden`: the cross-attention
/// box and the encoder's output say in words what it shows). It is
/// measured again when the figure, its layer, the language or the window's
/// width changes, on the frame after the layout.
#[component]
pub fn EncoderWire(
    /// Read for what changes the layout.
    lab: Lab,
    /// Notifies when the figure is drawn anew.
    drawn: Signal<()>,
) -> impl IntoView {
    let ends = RwSignal::new(None::<Ends>);
    Effect::new(move |_| {
        drawn.track();
        lab.focus_layer.track();
        lab.locale.track();
        lab.window_width.track();
        request_animation_frame(move || ends.set(measure()));
    });
    move || {
        ends.get().map(|ends| {
            let (line, head) = wire_path(ends);
            view! {
                <svg class="fig-wire" aria-hidden="true" data-testid="encoder-wire">
                    <path class="fig-wire-line" d=line />
                    <path class="fig-wire-head" d=head />
                </svg>
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wire_leaves_the_encoder_and_ends_at_the_cross_attention_box() {
        let ends = Ends {
            from: (100.0, 40.0),
            gap: 110.0,
            to: (140.0, 220.0),
        };
        let (line, head) = wire_path(ends);
        assert!(line.starts_with("M100.0,40.0 H110.0 V220.0"), "{line}");
        // The arrowhead's tip touches the box; the line stops at its base.
        assert!(head.starts_with("M139.0,220.0 L133.0,216.0"), "{head}");
        assert!(line.ends_with("H133.0"), "{line}");
    }
}
