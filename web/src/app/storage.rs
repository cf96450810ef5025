//! The run in browser storage, and checkpoint files in and out.
//!
//! Nothing here can lose the current model: a save that does not fit is a
//! note, a stored run that cannot be read is ignored, and an uploaded file
//! that is not a checkpoint is refused by the worker, which keeps its model.

use super::link::send;
use super::state::{Lab, Source};
use crate::run::{SavedRun, STORAGE_KEY};
use lab_protocol::{ModelOrigin, WorkerInput};
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Blob, BlobPropertyBag, HtmlAnchorElement, Storage, Url};

fn local_storage() -> Option<Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// The saved run: `None` if there is none, `Some(Err)` if it cannot be read.
pub fn load_run() -> Option<Result<SavedRun, String>> {
    let text = local_storage()?.get_item(STORAGE_KEY).ok().flatten()?;
    Some(SavedRun::from_json(&text))
}

/// Store the current run (settings, weights, curves).
pub fn save_run(lab: Lab, step: usize, checkpoint: Vec<u8>) {
    let Some(info) = lab.model.get_untracked() else {
        return;
    };
    let run = SavedRun {
        settings: info.settings,
        step,
        checkpoint,
        curves: lab.curves.get_untracked(),
    };
    let saved = local_storage()
        .map(|s| s.set_item(STORAGE_KEY, &run.to_json()).is_ok())
        .unwrap_or(false);
    lab.note.set(if saved {
        format!("Saved in this browser at step {step}; a reload restores it.")
    } else {
        "This run could not be saved in this browser (storage is full or disabled); download a checkpoint to keep it.".into()
    });
}

/// Forget the saved run, so the next load starts from the pretrained model.
pub fn clear_run() {
    if let Some(s) = local_storage() {
        let _ = s.remove_item(STORAGE_KEY);
    }
}

/// Offer `bytes` as a file download.
pub fn download(name: &str, bytes: &[u8]) {
    let array = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes));
    let options = BlobPropertyBag::new();
    options.set_type("application/octet-stream");
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
    let _ = Url::revoke_object_url(&url);
}

/// Why a file of `size` bytes is refused before it is read, if it is.
pub fn upload_too_large(size: f64) -> Option<String> {
    let max = lab_math::limits::MAX_CHECKPOINT_BYTES;
    (size > max as f64).then(|| format!("The file has {size:.0} bytes; a checkpoint of this lab has at most {max} bytes, so it was not read."))
}

/// Read an uploaded file and hand it to the worker as a checkpoint.
pub fn upload(lab: Lab, file: web_sys::File) {
    lab.clear(Source::Upload);
    if let Some(problem) = upload_too_large(file.size()) {
        lab.show(
            Source::Upload,
            format!("{problem} The current model keeps working."),
        );
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
                format!(
                    "The file {:?} could not be read. The current model keeps working.",
                    file.name()
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
        assert_eq!(upload_too_large(max), None);
        assert!(upload_too_large(max + 1.0).is_some_and(|m| m.contains("at most")));
    }
}
