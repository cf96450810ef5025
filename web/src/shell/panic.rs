//! A panic on the page becomes a banner with a way out, not a dead page.
//!
//! The banner is plain DOM with inline handlers: after a panic the wasm module
//! may be unusable, so its buttons must not need Rust to work. Its words are
//! in the page's language (`<html lang>`, `panic.ftl`).

use crate::context::i18n::page_locale;
use crate::i18n::{text, Locale};
use lab_protocol::RunKey;
use lab_session::run::{
    storage_key, CHECKPOINTS, DATABASE, DATABASE_VERSION, OLD_AUTOSAVE_KEY, STORAGE_KEY, SUMMARIES,
};

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

/// The banner's markup: its words in `locale`, the panic's own message
/// escaped. Its buttons work without Rust and without inline script:
/// `web/panic_actions.js` handles every `data-panic-action`, and "forget"
/// deletes this tab's run, `run_key`, named by the button's `data-*`
/// attributes (named runs and other tabs' runs are kept).
pub fn banner_html(locale: Locale, message: &str, run_key: &str) -> String {
    let t = |id: &str| escape(&text(locale, id));
    let stores = format!("{SUMMARIES},{CHECKPOINTS}");
    format!(
        "<b>{}</b> <span>{}</span> \
         <button type=\"button\" data-panic-action=\"reload\">{}</button> \
         <button type=\"button\" data-panic-action=\"forget\" data-local-key=\"{STORAGE_KEY}\" \
         data-database=\"{DATABASE}\" data-version=\"{DATABASE_VERSION}\" data-stores=\"{stores}\" \
         data-key=\"{}\">{}</button>",
        t("panic-title"),
        escape(message),
        t("panic-reload"),
        escape(run_key),
        t("panic-reset"),
    )
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
    // Read from sessionStorage, not from Rust state a panic may have left behind.
    let run_key = crate::workers::tab::stored_id()
        .map(|tab| storage_key(&RunKey::Tab(tab)))
        .unwrap_or_else(|| OLD_AUTOSAVE_KEY.to_string());
    banner.set_inner_html(&banner_html(page_locale(), message, &run_key));
    let _ = body.prepend_with_node_1(&banner);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_banner_speaks_the_pages_language_and_escapes_the_message() {
        for locale in Locale::ALL {
            let key = storage_key(&RunKey::Tab("00c0ffee00c0ffee".into()));
            let html = banner_html(locale, "<script>", &key);
            assert!(
                html.contains(&escape(&text(locale, "panic-title"))),
                "{html}"
            );
            assert!(html.contains("&lt;script&gt;") && !html.contains("<script>"));
            assert_eq!(html.matches("<button").count(), 2);
            // No inline script: the Content-Security-Policy would block it.
            assert!(!html.contains("onclick") && !html.contains("javascript:"));
            for attribute in [
                format!("data-database=\"{DATABASE}\""),
                format!("data-key=\"{key}\""),
                format!("data-local-key=\"{STORAGE_KEY}\""),
                format!("data-stores=\"{SUMMARIES},{CHECKPOINTS}\""),
            ] {
                assert!(html.contains(&attribute), "{attribute}: {html}");
            }
        }
    }
}
