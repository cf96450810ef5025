//! The heatmap every view uses: cells on a `<canvas>`, token labels in HTML
//! around it (readable, selectable, and visible to screen readers and tests),
//! and the cell under the pointer reported to the view.
//!
//! Rows are queries (labels on the left), columns are keys (labels on top).
//!
//! Every map is also usable without a mouse or without sight: it takes the
//! keyboard focus, the arrow keys (Home, End, Page Up, Page Down, Ctrl+Home,
//! Ctrl+End) move a visible cell cursor, a polite live region reads the cell
//! out ("query 大きい, key big, weight 0.83 (row 2, column 1)"), and "show as table"
//! (`data-testid="heatmap-table-toggle"`) lays the same numbers out as an HTML
//! table. Every map has PNG, SVG and CSV downloads ([`crate::components::export`]).
//!
//! ```ignore
//! <Heatmap data size testid="pe-heatmap" label
//!     rows_are=Axis::Position cols_are=Axis::Dimension measure=Measure::Value/>
//! <Heatmap data size testid="attention-map" label row_lang="ja" col_lang="en"/>
//! ```

use crate::components::export::ExportBar;
pub use crate::components::heat_data::{format_value, token_lang, Axis, HeatData, Measure, Names};
pub use crate::components::legend::Legend;
use crate::context::i18n::{use_i18n, Arg};
use crate::i18n::{text_args, Locale};
use canvas::HeatCanvas;
use cursor::{CellReadout, CursorFrame};
use lab_plot::canvas::heat_figure_canvas;
use lab_plot::heat_figure::heat_figure_svg;
use labels::{AxisLabels, Side};
use leptos::prelude::*;
use std::sync::atomic::{AtomicUsize, Ordering};
use table::{HeatTable, TableToggle};

mod canvas;
mod cursor;
mod labels;
mod table;

/// One piece of the keyboard hint: words, or a key to show as `<kbd>`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HintPiece {
    Text(String),
    Key(&'static str),
}

/// The keys the hint names, in the order of its arguments.
const HINT_KEYS: [(&str, &str); 7] = [
    ("arrows", "← ↑ → ↓"),
    ("home", "Home"),
    ("end", "End"),
    ("first", "Ctrl+Home"),
    ("last", "Ctrl+End"),
    ("page_up", "Page Up"),
    ("page_down", "Page Down"),
];

/// The keyboard hint of a heatmap in `locale`, split so each key name can be
/// marked up as a key: the message is formatted with a marker in place of
/// each key, and cut at the markers.
pub fn key_hint(locale: Locale) -> Vec<HintPiece> {
    const OPEN: char = '\u{e000}';
    const CLOSE: char = '\u{e001}';
    let mut args: Vec<(&str, Arg)> = HINT_KEYS
        .iter()
        .enumerate()
        .map(|(i, (name, _))| (*name, Arg::from(format!("{OPEN}{i}{CLOSE}"))))
        .collect();
    args.push(("rows", Arg::from(lab_plot::grid::Move::PAGE_ROWS)));
    let hint = text_args(locale, "figure-heatmap-keys", &args);
    let mut pieces = vec![];
    for (i, part) in hint.split(OPEN).enumerate() {
        let (key, words) = match part.split_once(CLOSE) {
            Some((k, rest)) if i > 0 => (k.parse::<usize>().ok(), rest),
            _ => (None, part),
        };
        if let Some(&(_, shown)) = key.and_then(|k| HINT_KEYS.get(k)) {
            pieces.push(HintPiece::Key(shown));
        }
        if !words.is_empty() {
            pieces.push(HintPiece::Text(words.to_string()));
        }
    }
    pieces
}

/// A fresh id for `aria-describedby` and `aria-controls`.
fn next_id(what: &str) -> String {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    format!("hm-{what}-{}", NEXT.fetch_add(1, Ordering::Relaxed))
}

/// What a map's rows, columns and numbers are, as the view gave them: the
/// words of the read-out, the table and the downloads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct MapTerms {
    rows_are: Axis,
    cols_are: Axis,
    /// What the numbers are; `None` when the view left it to a guess.
    measure: Option<Measure>,
}

impl MapTerms {
    /// What `d`'s numbers are: the view's word, else a guess ([`HeatData::guess_measure`]).
    fn measure(self, d: &HeatData) -> Measure {
        self.measure.unwrap_or_else(|| d.guess_measure())
    }

    /// The names of `d`'s rows, columns and numbers in `locale`.
    fn names(self, locale: Locale, d: &HeatData) -> Names {
        Names::new(locale, self.rows_are, self.cols_are, self.measure(d))
    }
}

/// Tell the view (its `on_hover`, if it gave one) which cell the cursor is on.
fn report(on_hover: Option<Callback<Option<(usize, usize)>>>, cell: Option<(usize, usize)>) {
    if let Some(cb) = on_hover {
        cb.run(cell);
    }
}

/// A heatmap of fixed pixel size with optional token labels, a keyboard
/// cursor, a table view and downloads.
#[component]
pub fn Heatmap(
    /// What to draw.
    #[prop(into)]
    data: Signal<HeatData>,
    /// The size of the cell area in pixels, `(width, height)`.
    #[prop(into)]
    size: Signal<(u32, u32)>,
    /// The `data-testid` of the canvas (and the name of its downloads).
    testid: &'static str,
    /// A text alternative for the canvas (the map's name, e.g. from [`HeatData::describe`]).
    #[prop(into)]
    label: Signal<String>,
    /// Called with the cell under the pointer or the keyboard cursor, or `None` when it leaves.
    #[prop(optional)]
    on_hover: Option<Callback<Option<(usize, usize)>>>,
    /// Called when the map is clicked, or Enter or Space is pressed on it.
    #[prop(optional)]
    on_click: Option<Callback<()>>,
    /// Font size of the token labels.
    #[prop(default = 14)]
    label_px: u32,
    /// What the rows are.
    #[prop(default = Axis::Query)]
    rows_are: Axis,
    /// What the columns are.
    #[prop(default = Axis::Key)]
    cols_are: Axis,
    /// What the numbers are; by default a guess ([`HeatData::guess_measure`]).
    #[prop(optional)]
    measure: Option<Measure>,
    /// The language of the row labels, when the view knows it (`"en"`, `"ja"`).
    #[prop(optional)]
    row_lang: Option<&'static str>,
    /// The language of the column labels, when the view knows it.
    #[prop(optional)]
    col_lang: Option<&'static str>,
    /// The file name of the downloads, without extension (default: `testid`).
    #[prop(optional, into)]
    export_name: Option<Signal<String>>,
) -> impl IntoView {
    // On a narrow screen (a phone) the cells shrink to the window's width.
    let wanted = size;
    let window_width = use_context::<crate::context::state::Lab>().map(|lab| lab.window_width);
    let size = Signal::derive(move || match window_width {
        Some(w) => {
            super::heat_data::fit_width(wanted.get(), super::heat_data::room_for_cells(w.get()))
        }
        None => wanted.get(),
    });
    // The outlined cell (pointer or keyboard), and the one the keyboard chose.
    let active = RwSignal::new(None::<(usize, usize)>);
    let spoken = RwSignal::new(None::<(usize, usize)>);
    let table_open = RwSignal::new(false);
    let (hint_id, table_id) = (next_id("keys"), next_id("table"));
    let terms = MapTerms {
        rows_are,
        cols_are,
        measure,
    };
    let name = export_name.unwrap_or_else(|| Signal::derive(move || testid.to_string()));
    view! {
        <div class="heatmap-figure">
            <CursorFrame data label hint_id=hint_id.clone() active spoken on_hover on_click>
                <div class="hm-corner"></div>
                <AxisLabels side=Side::Top data size label_px lang=col_lang />
                <AxisLabels side=Side::Left data size label_px lang=row_lang />
                <HeatCanvas data size testid label active on_hover on_click />
            </CursorFrame>
            <KeyHint id=hint_id />
            <CellReadout data spoken terms />
            <div class="hm-tools">
                <TableToggle open=table_open table_id=table_id.clone() />
                <HeatExports name data size label label_px terms />
            </div>
            <div class="hm-table-wrap" id=table_id tabindex="0" hidden=move || !table_open.get()>
                {move || {
                    table_open
                        .get()
                        .then(|| view! { <HeatTable data label terms row_lang col_lang /> })
                }}
            </div>
        </div>
    }
}

/// The keyboard hint, out of sight but read by screen readers (the map's
/// `aria-describedby`), each key name marked up as a `<kbd>`.
#[component]
fn KeyHint(
    /// The hint's `id`, which the map gives as its description.
    id: String,
) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <p class="visually-hidden" id=id>
            {move || {
                key_hint(i18n.locale.get())
                    .into_iter()
                    .map(|piece| match piece {
                        HintPiece::Text(words) => words.into_any(),
                        HintPiece::Key(key) => view! { <kbd>{key}</kbd> }.into_any(),
                    })
                    .collect_view()
            }}
        </p>
    }
}

/// PNG, SVG and CSV downloads of the map, drawn as a figure with its title
/// and labels ([`HeatData::figure`]), and its numbers ([`HeatData::csv`]).
#[component]
fn HeatExports(
    /// The file name of the downloads, without extension.
    name: Signal<String>,
    /// What to draw.
    data: Signal<HeatData>,
    /// The size of the cell area in pixels, `(width, height)`.
    size: Signal<(u32, u32)>,
    /// The figure's title.
    label: Signal<String>,
    /// Font size of the token labels.
    label_px: u32,
    /// What the rows, columns and numbers are.
    terms: MapTerms,
) -> impl IntoView {
    let i18n = use_i18n();
    let png = move || {
        let locale = i18n.locale.get_untracked();
        let title = label.get_untracked();
        data.with_untracked(|d| {
            heat_figure_canvas(&d.figure(
                &title,
                &terms.names(locale, d),
                size.get_untracked(),
                label_px,
            ))
        })
    };
    let svg = move || {
        let locale = i18n.locale.get_untracked();
        let title = label.get_untracked();
        data.with_untracked(|d| {
            heat_figure_svg(&d.figure(
                &title,
                &terms.names(locale, d),
                size.get_untracked(),
                label_px,
            ))
        })
    };
    let csv = move || {
        let locale = i18n.locale.get_untracked();
        data.with_untracked(|d| {
            d.csv(
                &HeatData::corner(locale, &terms.names(locale, d)),
                terms.measure(d),
            )
        })
    };
    view! { <ExportBar name png svg csv /> }
}

#[cfg(test)]
mod tests;
