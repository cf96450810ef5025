//! One view in someone else's page: `?embed=VIEW` draws that panel alone,
//! without the toolbar's other controls or the other views, sized to its
//! frame (`html.embed` in the CSS); `hide=` leaves out parts of it
//! (`crate::deeplink::Hidden`). "Copy embed code" gives the `<iframe>` that
//! shows the view in sight as it is now.
//!
//! The embedded page is the same page: it trains, pauses, steps and saves
//! like the full lab, from the same static files, offline too.

use crate::context::i18n::I18n;
use crate::context::state::use_lab;
use crate::panels::PANELS;
use crate::shell::share::{current_link, url_of};
use leptos::prelude::*;

/// The frame's height in the snippet, in CSS px: one view with its controls
/// on a 1366 × 768 slide or a course page.
pub const FRAME_HEIGHT_PX: u32 = 720;

/// Text for an HTML attribute value in double quotes.
fn attribute(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            _ => out.push(c),
        }
    }
    out
}

/// The `<iframe>` that embeds `url`, named `title` for screen readers.
/// Fullscreen is allowed (the F key), and the frame loads when scrolled to.
pub fn iframe_snippet(url: &str, title: &str) -> String {
    format!(
        "<iframe src=\"{}\" title=\"{}\" width=\"100%\" height=\"{FRAME_HEIGHT_PX}\" \
         style=\"border: 1px solid #ccc\" loading=\"lazy\" allow=\"fullscreen; clipboard-write\"></iframe>",
        attribute(url),
        attribute(title)
    )
}

/// "Copy embed code": the view in sight (in presentation mode, the panel
/// shown) as an `<iframe>` snippet, on the clipboard and shown selectable.
#[component]
pub fn CopyEmbed() -> impl IntoView {
    let lab = use_lab();
    let i18n: I18n = lab.i18n();
    let shown = RwSignal::new(None::<String>);
    let copy = move |_| {
        let mut link = current_link(lab);
        link.present = false;
        link.embed = link.view.clone();
        let panel = link
            .view
            .as_deref()
            .and_then(crate::panels::index_of)
            .unwrap_or(0);
        let title = format!(
            "{} · {}",
            i18n.s_now("common-title"),
            crate::shell::present::without_number(&i18n.s_now(PANELS[panel].title))
        );
        let snippet = iframe_snippet(&url_of(&link), &title);
        if let Some(window) = web_sys::window() {
            let _ = window.navigator().clipboard().write_text(&snippet);
        }
        lab.note.set(i18n.s_now("common-embed-copied"));
        shown.set(Some(snippet));
    };
    view! {
        <button
            data-testid="copy-embed"
            class="whole-page"
            on:click=copy
            title=i18n.t("common-copy-embed-tooltip")
        >
            {i18n.t("common-copy-embed")}
        </button>
        {move || {
            shown
                .get()
                .map(|code| {
                    view! {
                        <input
                            class="share-url whole-page"
                            data-testid="copy-embed-code"
                            readonly
                            value=code
                            aria-label=i18n.t("common-copy-embed")
                            on:focus=crate::shell::share::select_all
                        />
                    }
                })
        }}
    }
}

/// In an embedded view, a link to the whole lab in this state, in a new tab.
#[component]
pub fn OpenWhole() -> impl IntoView {
    let lab = use_lab();
    let i18n: I18n = lab.i18n();
    let href = move || {
        // Recomputed when the language or the model changes; the focus is read as it is.
        lab.locale.track();
        lab.model.track();
        let mut link = current_link(lab);
        link.embed = None;
        link.hide = Default::default();
        url_of(&link)
    };
    view! {
        <Show when=move || lab.embed.get().is_some()>
            <a class="open-whole" data-testid="open-whole" href=href target="_blank" rel="noopener">
                {i18n.t("common-open-whole")}
            </a>
        </Show>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_snippet_frames_the_link_with_its_ampersands_escaped() {
        let url = "https://lab.example/?lang=ja&task=copy&embed=inside-head&hide=questions";
        let snippet = iframe_snippet(url, "Attention Lab · \"Inside\" <one> head");
        assert!(snippet.starts_with("<iframe src=\"https://lab.example/?lang=ja&amp;task=copy"));
        assert!(
            snippet.contains("&amp;embed=inside-head&amp;hide=questions\""),
            "{snippet}"
        );
        assert!(snippet.contains("title=\"Attention Lab · &quot;Inside&quot; &lt;one&gt; head\""));
        assert!(snippet.contains(&format!("height=\"{FRAME_HEIGHT_PX}\"")));
        assert!(snippet.ends_with("></iframe>"));
        // Nothing in the URL can close the attribute.
        assert_eq!(snippet.matches('"').count(), 14, "{snippet}");
    }
}
