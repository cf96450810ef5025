//! A file of the site, fetched as text.

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// The text at `url`, refused past `max_bytes`. The error names the file and
/// what went wrong (shown as code, after a translated sentence).
pub async fn fetch_text(url: &str, max_bytes: usize) -> Result<String, String> {
    let too_large = || format!("{url} > {max_bytes} B");
    let window = web_sys::window().ok_or_else(|| url.to_string())?;
    let response = JsFuture::from(window.fetch_with_str(url))
        .await
        .map_err(|_| url.to_string())?;
    let response: web_sys::Response = response.dyn_into().map_err(|_| url.to_string())?;
    if !response.ok() {
        return Err(format!("{url}: HTTP {}", response.status()));
    }
    let length = response.headers().get("content-length").ok().flatten();
    if length
        .and_then(|l| l.parse::<usize>().ok())
        .is_some_and(|l| l > max_bytes)
    {
        return Err(too_large());
    }
    let text = JsFuture::from(response.text().map_err(|_| url.to_string())?)
        .await
        .map_err(|_| url.to_string())?
        .as_string()
        .ok_or_else(|| url.to_string())?;
    if text.len() > max_bytes {
        return Err(too_large());
    }
    Ok(text)
}
