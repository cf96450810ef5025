//! The colour legend beside a heatmap: what the colour means and its real range.

use lab_plot::colormap::ColorMap;
use leptos::prelude::*;

/// A colour legend with its real range.
#[component]
pub fn Legend(
    /// The colour map.
    map: ColorMap,
    /// The low and high ends of the scale.
    #[prop(into)]
    range: Signal<(f32, f32)>,
    /// What the colour means.
    #[prop(into)]
    what: String,
) -> impl IntoView {
    let fmt = |v: f32| {
        if v.abs() >= 100.0 {
            format!("{v:.0}")
        } else {
            format!("{v:.2}")
        }
    };
    view! {
        <div class="legend">
            <span class="legend-what">{what}</span>
            <span class="legend-lo">{move || fmt(range.get().0)}</span>
            <span class="legend-bar" style=format!("background:{}", map.css_gradient())></span>
            <span class="legend-hi">{move || fmt(range.get().1)}</span>
        </div>
    }
}
