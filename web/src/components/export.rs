//! Download buttons for a figure: the picture as PNG or SVG, and the numbers
//! behind it as CSV (`data-testid` `export-png`, `export-svg`, `export-csv`).
//!
//! Every file is made in the page from the figure's own data, then handed to
//! the browser as a `Blob` and a temporary object URL. The SVG comes from the
//! same plotters drawing code as the canvas ([`lab_plot::svg`]); the CSV is
//! written by [`lab_plot::csv`], which keeps numbers numbers and never lets
//! a token run as a spreadsheet formula.
//!
//! A chart on a canvas (a view builds its chart in a plain function, draws it
//! in an effect, and offers it here):
//!
//! ```ignore
//! use lab_plot::{csv::marked_chart_csv, svg};
//! let canvas = NodeRef::<Canvas>::new();
//! view! {
//!     <canvas node_ref=canvas width=640 height=320/>
//!     <ExportBar
//!         name="noam-rate"                      // noam-rate.png, .svg, .csv
//!         canvas=canvas                         // PNG: the canvas's pixels
//!         svg=move || svg::marked(&rate_chart(i18n), (640, 320))
//!         csv=move || marked_chart_csv(&rate_chart(i18n)).to_string()
//!     />
//! }
//! ```
//!
//! `svg::{lines, marked, bars}` and `csv::{line_chart_csv, marked_chart_csv,
//! bar_chart_csv}` take the same chart struct the view hands to `draw_*`;
//! `csv::curves_csv` and `csv::grid_csv` build a table from plain numbers.
//!
//! `name` may also be a signal. Instead of `canvas`, `png` may build a canvas
//! for the download (the heatmap draws its labels and colour scale into one);
//! it wins when both are given. A button appears only for a source it has.

use leptos::html::Canvas;
use leptos::prelude::*;
use std::time::Duration;
use wasm_bindgen::JsCast;
use web_sys::{Blob, BlobPropertyBag, HtmlAnchorElement, HtmlCanvasElement, Url};

use crate::context::i18n::use_i18n;

/// A byte-order mark first, so spreadsheet programs read the CSV as UTF-8
/// (Japanese and Chinese tokens stay readable in Excel).
const UTF8_BOM: &str = "\u{feff}";

/// Let the browser save `bytes` as `name`, of MIME type `mime`.
pub fn download_bytes(name: &str, mime: &str, bytes: &[u8]) {
    let array = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes));
    let options = BlobPropertyBag::new();
    options.set_type(mime);
    let Ok(blob) = Blob::new_with_u8_array_sequence_and_options(&array, &options) else {
        return;
    };
    let Ok(url) = Url::create_object_url_with_blob(&blob) else {
        return;
    };
    let anchor = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.create_element("a").ok())
        .and_then(|a| a.dyn_into::<HtmlAnchorElement>().ok());
    if let Some(a) = anchor {
        a.set_href(&url);
        a.set_download(name);
        a.click();
    }
    // The download reads the URL after this returns; free it a little later.
    set_timeout(
        move || {
            let _ = Url::revoke_object_url(&url);
        },
        Duration::from_secs(10),
    );
}

/// The PNG bytes of what `canvas` shows.
pub fn canvas_png(canvas: &HtmlCanvasElement) -> Option<Vec<u8>> {
    let url = canvas.to_data_url_with_type("image/png").ok()?;
    let base64 = url.split_once(',')?.1;
    // `atob` gives one character per byte.
    let binary = web_sys::window()?.atob(base64).ok()?;
    Some(binary.chars().map(|c| c as u8).collect())
}

/// A kind of download: its extension and MIME type, and its button's
/// `data-testid`, text and tooltip (message ids).
struct Kind {
    ext: &'static str,
    mime: &'static str,
    testid: &'static str,
    text: &'static str,
    tip: &'static str,
}

const PNG: Kind = Kind {
    ext: "png",
    mime: "image/png",
    testid: "export-png",
    text: "figure-export-png",
    tip: "figure-export-png-tip",
};
const SVG: Kind = Kind {
    ext: "svg",
    mime: "image/svg+xml",
    testid: "export-svg",
    text: "figure-export-svg",
    tip: "figure-export-svg-tip",
};
const CSV: Kind = Kind {
    ext: "csv",
    mime: "text/csv;charset=utf-8",
    testid: "export-csv",
    text: "figure-export-csv",
    tip: "figure-export-csv-tip",
};

/// One download button, saving `bytes()` (if it gives any) as `name.ext`.
fn download_button(
    kind: Kind,
    name: Signal<String>,
    bytes: impl Fn() -> Option<Vec<u8>> + 'static,
) -> impl IntoView {
    let i18n = use_i18n();
    let save = move |_| {
        if let Some(bytes) = bytes() {
            let file = format!("{}.{}", name.get_untracked(), kind.ext);
            download_bytes(&file, kind.mime, &bytes);
        }
    };
    view! {
        <button type="button" data-testid=kind.testid title=i18n.t(kind.tip) on:click=save>
            {i18n.t(kind.text)}
        </button>
    }
}

/// PNG, SVG and CSV download buttons for one figure.
#[component]
pub fn ExportBar(
    /// The file name without its extension: `noam-rate` gives `noam-rate.png`, ….
    #[prop(into)]
    name: Signal<String>,
    /// The canvas whose pixels become the PNG, as shown on the page.
    #[prop(optional)]
    canvas: Option<NodeRef<Canvas>>,
    /// A canvas drawn for the download instead (wins over `canvas`).
    #[prop(optional, into)]
    png: Option<Callback<(), Option<HtmlCanvasElement>>>,
    /// The figure as an SVG document (see [`lab_plot::svg`]).
    #[prop(optional, into)]
    svg: Option<Callback<(), String>>,
    /// The figure's numbers as CSV text (see [`lab_plot::csv`]).
    #[prop(optional, into)]
    csv: Option<Callback<(), String>>,
) -> impl IntoView {
    let i18n = use_i18n();
    let has_png = png.is_some() || canvas.is_some();
    let png_bytes = move || {
        let picture = match png {
            Some(make) => make.run(()),
            // A figure out of sight may have a drawing parked (app::paint).
            None => canvas
                .and_then(|c| c.get_untracked())
                .inspect(crate::components::paint::flush),
        };
        picture.as_ref().and_then(canvas_png)
    };
    view! {
        <div class="export-bar" role="group" aria-label=i18n.t("figure-export-label")>
            {has_png.then(|| download_button(PNG, name, png_bytes))}
            {svg.map(|make| download_button(SVG, name, move || Some(make.run(()).into_bytes())))}
            {csv
                .map(|make| {
                    download_button(
                        CSV,
                        name,
                        move || Some(format!("{UTF8_BOM}{}", make.run(())).into_bytes()),
                    )
                })}
        </div>
    }
}
