//! The heatmap's token labels: HTML spans along the top (the columns) and
//! the left (the rows) of the cells, so they stay readable, selectable, and
//! visible to screen readers and tests.

use crate::components::heat_data::{token_lang, HeatData};
use leptos::prelude::*;

/// Which side of the cells a strip of labels runs along.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Side {
    /// Above the cells: one label per column (the keys).
    Top,
    /// Left of the cells: one label per row (the queries).
    Left,
}

impl Side {
    /// The class of the strip and the class of each of its labels.
    fn classes(self) -> (&'static str, &'static str) {
        match self {
            Side::Top => ("hm-cols", "hm-col"),
            Side::Left => ("hm-rows", "hm-row"),
        }
    }

    /// `d`'s labels along this side.
    fn tokens(self, d: &HeatData) -> &[String] {
        match self {
            Side::Top => &d.col_labels,
            Side::Left => &d.row_labels,
        }
    }

    /// How many cells `d` has along this side.
    fn count(self, d: &HeatData) -> usize {
        match self {
            Side::Top => d.cols,
            Side::Left => d.rows,
        }
    }
}

/// The style of a strip of `n` labels along `side` of cells of `(w, h)`
/// pixels: as long as the cells, one grid track per cell.
fn strip_style(side: Side, (w, h): (u32, u32), n: usize, label_px: u32) -> String {
    match side {
        Side::Top => {
            format!("width:{w}px; grid-template-columns: repeat({n}, 1fr); font-size:{label_px}px")
        }
        Side::Left => {
            format!("height:{h}px; grid-template-rows: repeat({n}, 1fr); font-size:{label_px}px")
        }
    }
}

/// The `lang` of one label: none when the view gave one for all (it sits on
/// the labels' container), else the label's own when clear ([`token_lang`]).
fn label_lang(given: Option<&'static str>, label: &str) -> Option<&'static str> {
    match given {
        Some(_) => None,
        None => token_lang(label),
    }
}

/// Token labels as spans; the title shows a label cut short by the layout.
fn labels(tokens: &[String], class: &'static str, lang: Option<&'static str>) -> impl IntoView {
    let span = move |t: &String| {
        let lang = label_lang(lang, t);
        view! {
            <span class=class title=t.clone() lang=lang>
                {t.clone()}
            </span>
        }
    };
    tokens.iter().map(span).collect_view()
}

/// The token labels along one side of the cells, one per row or column.
#[component]
pub(super) fn AxisLabels(
    /// The side: [`Side::Top`] for the columns, [`Side::Left`] for the rows.
    side: Side,
    /// The map whose labels these are.
    data: Signal<HeatData>,
    /// The size of the cell area in pixels, `(width, height)`.
    size: Signal<(u32, u32)>,
    /// Font size of the labels.
    label_px: u32,
    /// The labels' language, when the view knows it (`"en"`, `"ja"`).
    lang: Option<&'static str>,
) -> impl IntoView {
    let (strip_class, label_class) = side.classes();
    let style = move || {
        let size = size.get();
        let n = data.with(|d| side.count(d).max(1));
        strip_style(side, size, n, label_px)
    };
    view! {
        <div class=strip_class style=style lang=lang>
            {move || data.with(|d| labels(side.tokens(d), label_class, lang))}
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_strip_is_as_long_as_the_cells_with_one_track_per_cell() {
        assert_eq!(
            strip_style(Side::Top, (300, 200), 6, 14),
            "width:300px; grid-template-columns: repeat(6, 1fr); font-size:14px"
        );
        assert_eq!(
            strip_style(Side::Left, (300, 200), 4, 12),
            "height:200px; grid-template-rows: repeat(4, 1fr); font-size:12px"
        );
    }

    #[test]
    fn a_label_names_its_language_only_when_the_view_did_not() {
        assert_eq!(label_lang(Some("en"), "大きい"), None);
        assert_eq!(label_lang(None, "大きい"), token_lang("大きい"));
    }
}
