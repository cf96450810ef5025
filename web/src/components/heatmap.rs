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
use crate::components::paint;
use crate::context::i18n::{use_i18n, Arg};
use crate::i18n::{text_args, Locale};
use lab_plot::canvas::heat_figure_canvas;
use lab_plot::canvas::{draw_heatmap, hatch_hidden, outline_cell};
use lab_plot::colormap::heatmap_rgba;
use lab_plot::grid::{css_to_canvas, Grid, Move};
use lab_plot::heat_figure::heat_figure_svg;
use leptos::html::Canvas;
use leptos::prelude::*;
use std::sync::atomic::{AtomicUsize, Ordering};
use web_sys::{KeyboardEvent, MouseEvent};

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
    let i18n = use_i18n();
    // On a narrow screen (a phone) the cells shrink to the window's width.
    let wanted = size;
    let window_width = use_context::<crate::context::state::Lab>().map(|lab| lab.window_width);
    let size = Signal::derive(move || match window_width {
        Some(w) => {
            super::heat_data::fit_width(wanted.get(), super::heat_data::room_for_cells(w.get()))
        }
        None => wanted.get(),
    });
    let canvas = NodeRef::<Canvas>::new();
    // The outlined cell (pointer or keyboard), and the one the keyboard chose.
    let active = RwSignal::new(None::<(usize, usize)>);
    let spoken = RwSignal::new(None::<(usize, usize)>);
    let table_open = RwSignal::new(false);
    let (hint_id, table_id) = (next_id("keys"), next_id("table"));
    let measure_of = move |d: &HeatData| measure.unwrap_or_else(|| d.guess_measure());
    let names =
        move |locale: Locale, d: &HeatData| Names::new(locale, rows_are, cols_are, measure_of(d));
    Effect::new(move |_| {
        let d = data.get();
        let (w, h) = size.get();
        let cell = active.get();
        let Some(c) = canvas.get() else { return };
        // The canvas's box and its labels take the new size in this task
        // (their styles are reactive), so a resized map with pixels on it is
        // drawn now: queued, its old pixels would show stretched to the new
        // box meanwhile. A map born empty (0 × 0, before the model's first
        // maps) has nothing to stretch, and waits its turn like the others.
        let resized = c.width() != w || c.height() != h;
        let has_pixels = c.width() > 0 && c.height() > 0;
        let target = c.clone();
        let draw = move || {
            if resized {
                c.set_width(w);
                c.set_height(h);
            }
            let rgba = heatmap_rgba(&d.values, d.hidden.as_deref(), d.range, d.map);
            draw_heatmap(&c, d.rows, d.cols, &rgba);
            if let Some(hidden) = &d.hidden {
                hatch_hidden(&c, d.rows, d.cols, hidden);
            }
            if let Some((r, col)) = cell.filter(|&(r, col)| r < d.rows && col < d.cols) {
                outline_cell(&c, d.rows, d.cols, r, col);
            }
        };
        if resized && has_pixels {
            paint::now(&target, draw);
        } else {
            paint::later(&target, draw);
        }
    });
    let report = move |cell: Option<(usize, usize)>| {
        if let Some(cb) = on_hover {
            cb.run(cell);
        }
    };
    let cell_at = move |ev: &MouseEvent| -> Option<(usize, usize)> {
        let c = canvas.get_untracked()?;
        let rect = c.get_bounding_client_rect();
        let (x, y) = css_to_canvas(
            ev.offset_x() as f64,
            ev.offset_y() as f64,
            rect.width(),
            rect.height(),
            c.width() as f64,
            c.height() as f64,
        );
        let d = data.get_untracked();
        Grid::new(d.rows, d.cols, c.width() as f64, c.height() as f64).cell_at(x, y)
    };
    let on_move = move |ev: MouseEvent| {
        let cell = cell_at(&ev);
        if cell != active.get_untracked() {
            active.set(cell);
            report(cell);
        }
    };
    // A finger has no hover: a tap reads the cell it lands on, as pointing
    // does, and only a tap on the cell already read does what a click does.
    let tap_reads = StoredValue::new(false);
    let on_press = move |ev: web_sys::PointerEvent| {
        let touch = ev.pointer_type() == "touch";
        let cell = cell_at(&ev);
        tap_reads.set_value(touch && cell != active.get_untracked());
        if touch && cell != active.get_untracked() {
            active.set(cell);
            report(cell);
        }
    };
    let on_leave = move |_: MouseEvent| {
        active.set(None);
        report(None);
    };
    let on_key = move |ev: KeyboardEvent| {
        let key = ev.key();
        let handled = if key == "Enter" || key == " " {
            on_click.inspect(|cb| cb.run(())).is_some()
        } else if key == "Escape" {
            let had = active.get_untracked().is_some();
            active.set(None);
            spoken.set(None);
            report(None);
            had
        } else if let Some(m) = Move::of_key(&key, ev.ctrl_key() || ev.meta_key()) {
            let (rows, cols) = data.with_untracked(|d| (d.rows, d.cols));
            let next = m.apply(active.get_untracked(), rows, cols);
            if next != active.get_untracked() {
                active.set(next);
                report(next);
            }
            spoken.set(next);
            true
        } else {
            false
        };
        if handled {
            // The page's own shortcuts (presentation mode) leave these keys alone.
            ev.prevent_default();
            ev.stop_propagation();
        }
    };
    let on_blur = move |_| {
        if spoken.get_untracked().is_some() {
            spoken.set(None);
            active.set(None);
            report(None);
        }
    };
    let readout = move || {
        let (r, c) = spoken.get()?;
        let locale = i18n.locale.get();
        data.with(|d| {
            (r < d.rows && c < d.cols)
                .then(|| d.cell_text(locale, &names(locale, d), measure_of(d), r, c))
        })
    };
    let col_style = move || {
        let (w, _) = size.get();
        let n = data.with(|d| d.cols.max(1));
        format!("width:{w}px; grid-template-columns: repeat({n}, 1fr); font-size:{label_px}px")
    };
    let row_style = move || {
        let (_, h) = size.get();
        let n = data.with(|d| d.rows.max(1));
        format!("height:{h}px; grid-template-rows: repeat({n}, 1fr); font-size:{label_px}px")
    };
    let name = export_name.unwrap_or_else(|| Signal::derive(move || testid.to_string()));
    let png = move || {
        let locale = i18n.locale.get_untracked();
        let title = label.get_untracked();
        data.with_untracked(|d| {
            heat_figure_canvas(&d.figure(&title, &names(locale, d), size.get_untracked(), label_px))
        })
    };
    let svg = move || {
        let locale = i18n.locale.get_untracked();
        let title = label.get_untracked();
        data.with_untracked(|d| {
            heat_figure_svg(&d.figure(&title, &names(locale, d), size.get_untracked(), label_px))
        })
    };
    let csv = move || {
        let locale = i18n.locale.get_untracked();
        data.with_untracked(|d| d.csv(&HeatData::corner(locale, &names(locale, d)), measure_of(d)))
    };
    view! {
        <div class="heatmap-figure">
            <div
                class="heatmap"
                tabindex="0"
                role="application"
                aria-label=move || label.get()
                aria-describedby=hint_id.clone()
                on:keydown=on_key
                on:blur=on_blur
            >
                <div class="hm-corner"></div>
                <div class="hm-cols" style=col_style lang=col_lang>
                    {move || data.with(|d| labels(&d.col_labels, "hm-col", col_lang))}
                </div>
                <div class="hm-rows" style=row_style lang=row_lang>
                    {move || data.with(|d| labels(&d.row_labels, "hm-row", row_lang))}
                </div>
                <canvas
                    node_ref=canvas
                    data-testid=testid
                    role="img"
                    aria-label=move || label.get()
                    class:clickable=on_click.is_some()
                    style=move || {
                        let (w, h) = size.get();
                        format!("width:{w}px;height:{h}px")
                    }
                    // Born at its size: the first drawing can wait its turn.
                    width=size.get_untracked().0
                    height=size.get_untracked().1
                    on:mousemove=on_move
                    on:mouseleave=on_leave
                    on:pointerdown=on_press
                    on:click=move |_| {
                        if let Some(cb) = on_click.filter(|_| !tap_reads.get_value()) {
                            cb.run(())
                        }
                    }
                ></canvas>
            </div>
            <p class="visually-hidden" id=hint_id>
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
            <p class="visually-hidden" aria-live="polite" data-testid="heatmap-readout">
                {readout}
            </p>
            <div class="hm-tools">
                <button
                    type="button"
                    class="hm-table-toggle"
                    data-testid="heatmap-table-toggle"
                    aria-expanded=move || table_open.get().to_string()
                    aria-controls=table_id.clone()
                    on:click=move |_| table_open.update(|open| *open = !*open)
                >
                    {move || match table_open.get() {
                        true => i18n.s("figure-table-hide"),
                        false => i18n.s("figure-table-show"),
                    }}
                </button>
                <ExportBar name png svg csv />
            </div>
            <div class="hm-table-wrap" id=table_id tabindex="0" hidden=move || !table_open.get()>
                {move || {
                    table_open
                        .get()
                        .then(|| {
                            view! {
                                <HeatTable data label measure rows_are cols_are row_lang col_lang />
                            }
                        })
                }}
            </div>
        </div>
    }
}

/// The map's numbers as an HTML table, for screen readers and for reading exact values.
#[component]
fn HeatTable(
    data: Signal<HeatData>,
    label: Signal<String>,
    measure: Option<Measure>,
    rows_are: Axis,
    cols_are: Axis,
    row_lang: Option<&'static str>,
    col_lang: Option<&'static str>,
) -> impl IntoView {
    let i18n = use_i18n();
    let body = move || {
        let locale = i18n.locale.get();
        let d = data.get();
        let measure = measure.unwrap_or_else(|| d.guess_measure());
        let names = Names::new(locale, rows_are, cols_are, measure);
        let (hidden_word, visible_word) = (
            i18n.s("figure-table-hidden"),
            i18n.s("figure-table-visible"),
        );
        let head = (0..d.cols)
            .map(|c| {
                let lang = d.col_labels.get(c).and_then(|t| col_lang.or(token_lang(t)));
                view! {
                    <th scope="col" lang=lang>
                        {d.col_name(c)}
                    </th>
                }
            })
            .collect_view();
        let rows = (0..d.rows)
            .map(|r| {
                let lang = d.row_labels.get(r).and_then(|t| row_lang.or(token_lang(t)));
                let cells = (0..d.cols)
                    .map(|c| {
                        let (class, shown) = if d.is_hidden(r, c) {
                            ("hm-hidden", hidden_word.clone())
                        } else if measure == Measure::Mask {
                            ("", visible_word.clone())
                        } else {
                            (
                                "",
                                d.at(r, c).map(|v| format_value(v, 3)).unwrap_or_default(),
                            )
                        };
                        view! { <td class=class>{shown}</td> }
                    })
                    .collect_view();
                view! {
                    <tr>
                        <th scope="row" lang=lang>
                            {d.row_name(r)}
                        </th>
                        {cells}
                    </tr>
                }
            })
            .collect_view();
        view! {
            <thead>
                <tr>
                    <th scope="col">{HeatData::corner(locale, &names)}</th>
                    {head}
                </tr>
            </thead>
            <tbody>{rows}</tbody>
        }
    };
    view! {
        <table class="hm-table" data-testid="heatmap-table">
            <caption>{move || label.get()}</caption>
            {body}
        </table>
    }
}

#[cfg(test)]
mod tests;
