//! A chart on a canvas, with its PNG, SVG and CSV downloads: the wiring every
//! chart view shares (the line charts of the PE, Training and Compare views,
//! the marked charts of the Noam and Complexity views, the bars of Label
//! smoothing).
//!
//! A view says what its chart shows and how to build it; [`CanvasChart`]
//! draws it in an effect (through [`paint`], only in sight, one canvas per
//! task), sizes the canvas for a phone, and builds the same chart again for
//! a download:
//!
//! ```ignore
//! <CanvasChart
//!     name="noam-schedule"                   // noam-schedule.png, .svg, .csv
//!     testid="noam-chart"
//!     label="noam-chart-label"               // the canvas's accessible name
//!     size=CHART_SIZE
//!     shows=move || (i18n.locale.get(), parts())
//!     figure=|(locale, parts), _, show| with_chart(locale, parts, |c| show(c))
//! />
//! ```

use crate::components::export::ExportBar;
use crate::components::paint;
use crate::context::i18n::use_i18n;
use crate::context::state::use_lab;
use lab_plot::draw::{BarChart, LineChart, MarkedChart};
use lab_plot::{canvas, csv, svg};
use leptos::html::Canvas;
use leptos::prelude::*;
use web_sys::HtmlCanvasElement;

/// A chart of `lab_plot`'s, as the page uses it: drawn on a canvas, written
/// as an SVG document, listed as CSV.
pub trait Figure {
    /// Draw the chart on `canvas`, at the canvas's size.
    fn draw(&self, canvas: &HtmlCanvasElement);
    /// The chart as an SVG document of `size` pixels.
    fn svg(&self, size: (u32, u32)) -> String;
    /// The numbers behind the chart, as CSV text.
    fn csv(&self) -> String;
}

impl Figure for LineChart<'_> {
    fn draw(&self, c: &HtmlCanvasElement) {
        canvas::draw_lines(c, self)
    }
    fn svg(&self, size: (u32, u32)) -> String {
        svg::lines(self, size)
    }
    fn csv(&self) -> String {
        csv::line_chart_csv(self).to_string()
    }
}

impl Figure for MarkedChart<'_> {
    fn draw(&self, c: &HtmlCanvasElement) {
        canvas::draw_marked(c, self)
    }
    fn svg(&self, size: (u32, u32)) -> String {
        svg::marked(self, size)
    }
    fn csv(&self) -> String {
        csv::marked_chart_csv(self).to_string()
    }
}

impl Figure for BarChart<'_> {
    fn draw(&self, c: &HtmlCanvasElement) {
        canvas::draw_bars(c, self)
    }
    fn svg(&self, size: (u32, u32)) -> String {
        svg::bars(self, size)
    }
    fn csv(&self) -> String {
        csv::bar_chart_csv(self).to_string()
    }
}

/// What a chart is built for: a picture (the canvas on the page, or the
/// SVG) `width` pixels wide, or the CSV, which keeps every number.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Purpose {
    Picture { width: u32 },
    Csv,
}

/// A chart's canvas (`class="chart"`, an image to assistive technology)
/// and its export bar.
#[component]
pub fn CanvasChart<D, S, B>(
    /// The download's file name without its extension.
    name: &'static str,
    /// The `data-testid` of the canvas, if it has one.
    #[prop(optional)]
    testid: Option<&'static str>,
    /// The message id of the canvas's accessible name.
    label: &'static str,
    /// The chart's size in pixels, on the page (a phone's is smaller,
    /// [`paint::chart_size`]) and in the SVG.
    size: (u32, u32),
    /// What the chart shows, read in an effect: the chart is drawn again
    /// whenever it changes. A download reads it again.
    shows: S,
    /// Builds the chart of what `shows` gave, for a purpose, and hands it
    /// to the function it is given (a chart borrows its axis labels, so it
    /// is handed on rather than returned).
    figure: B,
) -> impl IntoView
where
    D: 'static,
    S: Fn() -> D + Copy + Send + Sync + 'static,
    B: Fn(D, Purpose, &mut dyn FnMut(&dyn Figure)) + Copy + Send + Sync + 'static,
{
    let i18n = use_i18n();
    let canvas = NodeRef::<Canvas>::new();
    let window_width = use_lab().window_width;
    Effect::new(move |_| {
        let shown = shows();
        let Some(c) = canvas.get() else { return };
        paint::fit_chart(&c, size, window_width.get());
        let width = c.width();
        paint::later(&c.clone(), move || {
            figure(shown, Purpose::Picture { width }, &mut |chart| {
                chart.draw(&c)
            })
        });
    });
    let to_svg = move || {
        let mut text = String::new();
        let picture = Purpose::Picture { width: size.0 };
        figure(shows(), picture, &mut |chart| text = chart.svg(size));
        text
    };
    let to_csv = move || {
        let mut text = String::new();
        figure(shows(), Purpose::Csv, &mut |chart| text = chart.csv());
        text
    };
    view! {
        <div>
            <canvas
                node_ref=canvas
                data-testid=testid
                width=size.0
                height=size.1
                class="chart"
                role="img"
                aria-label=i18n.t(label)
            ></canvas>
        </div>
        <ExportBar name=name canvas=canvas svg=to_svg csv=to_csv />
    }
}
