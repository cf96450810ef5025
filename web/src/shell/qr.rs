//! A QR code of the page's current link, for a class to scan off the projector.
//!
//! The code is drawn by `qrcodegen` (Nayuki's QR Code generator, which has no
//! dependencies) as one SVG path, a square per dark module, so it stays sharp at
//! any size: the dialog draws it as large as the screen allows, which is what
//! makes it readable from the back of a room. The link is the one "Copy link"
//! gives ([`current_link`]), read when the button is pressed.

use crate::context::i18n::I18n;
use crate::context::state::use_lab;
use crate::shell::share::{current_link, url_of};
use leptos::prelude::*;
use qrcodegen::{QrCode, QrCodeEcc};

/// The light margin around the code, in modules: the four the standard asks
/// for, without which a phone's camera may not find the code's edges.
pub const QUIET_ZONE: i32 = 4;

/// A QR code as SVG: the side of its square in modules, quiet zone included,
/// and the path of its dark modules in those units.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QrSvg {
    pub side: i32,
    pub path: String,
}

/// The QR code of `text` (byte mode as needed, the lowest error correction
/// that fits the smallest version, raised while the version allows: fewer,
/// larger modules read better from afar), or `None` when `text` is too long
/// for any QR code.
pub fn qr_svg(text: &str) -> Option<QrSvg> {
    let code = QrCode::encode_text(text, QrCodeEcc::Low).ok()?;
    let size = code.size();
    let mut path = String::new();
    for y in 0..size {
        let mut x = 0;
        while x < size {
            if !code.get_module(x, y) {
                x += 1;
                continue;
            }
            // One rectangle per horizontal run of dark modules.
            let start = x;
            while x < size && code.get_module(x, y) {
                x += 1;
            }
            let run = x - start;
            path.push_str(&format!(
                "M{} {}h{run}v1h-{run}z",
                start + QUIET_ZONE,
                y + QUIET_ZONE
            ));
        }
    }
    Some(QrSvg {
        side: size + 2 * QUIET_ZONE,
        path,
    })
}

/// The "QR code" button, and the dialog it opens: the code of the current
/// link, as large as the screen allows, with the link under it.
#[component]
pub fn QrButton() -> impl IntoView {
    let lab = use_lab();
    let i18n: I18n = lab.i18n();
    let shown = RwSignal::new(None::<String>);
    view! {
        <button
            class="qr-toggle whole-page"
            data-testid="qr-toggle"
            on:click=move |_| shown.set(Some(url_of(&current_link(lab))))
            title=i18n.t("common-qr-tooltip")
            aria-haspopup="dialog"
        >
            {i18n.t("common-qr")}
        </button>
        {move || shown.get().map(|url| view! { <QrDialog url=url shown=shown /> })}
    }
}

/// The dialog with the code: Close, Escape or a click beside it closes it.
#[component]
fn QrDialog(
    /// The link the code holds.
    url: String,
    /// Whether the dialog is open (`Some` link); closing sets it to `None`.
    shown: RwSignal<Option<String>>,
) -> impl IntoView {
    let i18n: I18n = use_lab().i18n();
    let close_button = NodeRef::<leptos::html::Button>::new();
    // The focus goes to Close, so that Escape reaches the dialog first.
    Effect::new(move |_| {
        if let Some(button) = close_button.get() {
            let _ = button.focus();
        }
    });
    // In the body, above every bar: the toolbar and the presenter's bar are
    // stacking contexts of their own.
    view! {
        <leptos::portal::Portal>
            {dialog(url.clone(), shown, close_button, i18n)}
        </leptos::portal::Portal>
    }
}

/// The dialog's markup: the code (or why there is none), the link, Close.
fn dialog(
    url: String,
    shown: RwSignal<Option<String>>,
    close_button: NodeRef<leptos::html::Button>,
    i18n: I18n,
) -> impl IntoView {
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        if ev.key() == "Escape" {
            // Escape closes the dialog only, not presentation mode too.
            ev.stop_propagation();
            shown.set(None);
        }
    };
    let code = match qr_svg(&url) {
        Some(code) => view! {
            <svg
                class="qr-code"
                data-testid="qr-code"
                role="img"
                aria-label=i18n.t("common-qr-label")
                viewBox=format!("0 0 {side} {side}", side = code.side)
                shape-rendering="crispEdges"
            >
                <rect width=code.side height=code.side fill="#fff" />
                <path d=code.path fill="#000" />
            </svg>
        }
        .into_any(),
        None => view! { <p class="qr-too-long">{i18n.t("common-qr-too-long")}</p> }.into_any(),
    };
    view! {
        <div class="qr-backdrop" on:click=move |_| shown.set(None)>
            <div
                class="qr-dialog"
                role="dialog"
                aria-modal="true"
                data-testid="qr-dialog"
                aria-label=i18n.t("common-qr-label")
                on:click=|ev| ev.stop_propagation()
                on:keydown=on_key
            >
                {code}
                <p class="qr-url" data-testid="qr-url">
                    {url}
                </p>
                <button node_ref=close_button on:click=move |_| shown.set(None)>
                    {i18n.t("common-qr-close")}
                </button>
            </div>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The modules the path draws dark, read back from its rectangles.
    fn dark_modules(svg: &QrSvg) -> Vec<(i32, i32)> {
        let mut dark = Vec::new();
        for rect in svg.path.split('M').filter(|r| !r.is_empty()) {
            let (xy, rest) = rect.split_once('h').expect("M x y h…");
            let (x, y) = xy.split_once(' ').expect("x y");
            let run: i32 = rest
                .split_once('v')
                .expect("h run v")
                .0
                .parse()
                .expect("run");
            let (x, y): (i32, i32) = (x.parse().expect("x"), y.parse().expect("y"));
            dark.extend((x..x + run).map(|x| (x, y)));
        }
        dark
    }

    #[test]
    fn the_path_draws_exactly_the_codes_dark_modules_inside_a_quiet_zone() {
        let url = "https://lab.example/?lang=ja&task=real-en-ja&view=attention&present=1";
        let svg = qr_svg(url).expect("a short link fits");
        let code = QrCode::encode_text(url, QrCodeEcc::Low).expect("fits");
        assert_eq!(svg.side, code.size() + 2 * QUIET_ZONE);
        let mut expected = Vec::new();
        for y in 0..code.size() {
            for x in 0..code.size() {
                if code.get_module(x, y) {
                    expected.push((x + QUIET_ZONE, y + QUIET_ZONE));
                }
            }
        }
        assert_eq!(dark_modules(&svg), expected);
        // The finder pattern's top-left corner sits just inside the quiet zone.
        assert!(expected.contains(&(QUIET_ZONE, QUIET_ZONE)));
        assert!(!expected.contains(&(QUIET_ZONE - 1, QUIET_ZONE)));
    }

    #[test]
    fn a_link_as_long_as_the_labs_fits_and_one_too_long_for_any_code_is_none() {
        let long = format!("https://lab.example/?{}", "a=b&".repeat(100));
        assert!(qr_svg(&long).is_some());
        assert_eq!(qr_svg(&"x".repeat(3_000)), None);
    }
}
