//! A panic on the page becomes a banner with a way out, not a dead page.
//!
//! The banner is plain DOM with inline handlers: after a panic the wasm module
//! may be unusable, so its buttons must not need Rust to work.

use crate::run::STORAGE_KEY;

/// Replace the default panic hook.
pub fn install() {
    std::panic::set_hook(Box::new(|info| {
        web_sys::console::error_1(&format!("Attention Lab panicked: {info}").into());
        show(&info.to_string());
    }));
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn show(message: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Some(body) = document.body() else { return };
    let Ok(banner) = document.create_element("div") else {
        return;
    };
    banner.set_class_name("panic-banner");
    let _ = banner.set_attribute("role", "alert");
    let _ = banner.set_attribute("data-testid", "panic-message");
    banner.set_inner_html(&format!(
        "<b>Something went wrong on this page.</b> <span>{}</span> \
         <button onclick=\"location.reload()\">Reload</button> \
         <button onclick=\"localStorage.removeItem('{STORAGE_KEY}'); location.reload()\">Reset saved run and reload</button>",
        escape(message)
    ));
    let _ = body.prepend_with_node_1(&banner);
}
