//! Checkpoint files in and out, and the page's side of the saved runs.
//!
//! The page never serialises a run: the worker saves it in IndexedDB itself
//! (`worker::store`), so no save can stall the page. Checkpoint bytes cross
//! between page and worker as transferable `ArrayBuffer`s (`link::post`).
//! Nothing here can lose the current model: an uploaded file that is not a
//! checkpoint is refused by the worker, which keeps its model.

use crate::components::export::download_bytes;
use crate::context::state::{Lab, Source};
use crate::i18n::{text_args, Arg, Locale};
use crate::workers::link::send;
use lab_protocol::{ModelOrigin, WorkerInput};
use lab_session::run::STORAGE_KEY;
use leptos::prelude::*;

/// The run an older version of the page kept in `localStorage`, as text: the
/// worker reads it (off the page's thread) if it has no newer save.
pub fn legacy_run() -> Option<String> {
    crate::context::storage::local_storage()?
        .get_item(STORAGE_KEY)
        .ok()
        .flatten()
}

/// Drop the older page's run, once the worker has saved the run anew.
pub fn forget_legacy_run() {
    if let Some(s) = crate::context::storage::local_storage() {
        let _ = s.remove_item(STORAGE_KEY);
    }
}

/// Forget the saved run, so the next load starts from the pretrained model.
pub fn clear_run() {
    forget_legacy_run();
    send(WorkerInput::ForgetAutosave);
}

/// Offer a checkpoint's `bytes` as a file download (the URL is freed
/// after the browser has read it, by [`download_bytes`]).
pub fn download(name: &str, bytes: &[u8]) {
    download_bytes(name, "application/octet-stream", bytes);
}

/// Why a file of `size` bytes is refused before it is read, if it is.
pub fn upload_too_large(locale: Locale, size: f64) -> Option<String> {
    let max = lab_math::limits::MAX_CHECKPOINT_BYTES;
    (size > max as f64).then(|| {
        text_args(
            locale,
            "runs-upload-too-large",
            &[
                ("size", Arg::from(format!("{size:.0}"))),
                ("max", Arg::from(max.to_string())),
            ],
        )
    })
}

/// Read an uploaded file and hand its bytes to the worker as a checkpoint.
pub fn upload(lab: Lab, file: web_sys::File) {
    lab.clear(Source::Upload);
    let locale = lab.locale.get_untracked();
    if let Some(problem) = upload_too_large(locale, file.size()) {
        lab.show(Source::Upload, problem);
        return;
    }
    wasm_bindgen_futures::spawn_local(async move {
        match wasm_bindgen_futures::JsFuture::from(file.array_buffer()).await {
            Ok(buffer) => {
                let bytes = js_sys::Uint8Array::new(&buffer).to_vec();
                send(WorkerInput::LoadCheckpoint {
                    bytes,
                    origin: ModelOrigin::Uploaded,
                });
            }
            Err(_) => lab.show(
                Source::Upload,
                text_args(
                    locale,
                    "runs-upload-unreadable",
                    &[("file", Arg::from(file.name()))],
                ),
            ),
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uploads_over_the_checkpoint_cap_are_refused_unread() {
        let max = lab_math::limits::MAX_CHECKPOINT_BYTES as f64;
        assert_eq!(upload_too_large(Locale::En, max), None);
        assert!(upload_too_large(Locale::En, max + 1.0).is_some_and(|m| m.contains("at most")));
    }
}
