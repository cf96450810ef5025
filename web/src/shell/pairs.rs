//! The reader's own sentence pairs: paste them or choose a file, and a new
//! model trains on them from scratch (issue 24). The worker reads them
//! (`lab_tasks::corpus::parse_pairs`, before it allocates) and says what is
//! wrong, which the page words; the page itself only refuses a file too
//! large to read or not UTF-8, before sending anything.
//!
//! The panel opens when the task picker or a link chooses "custom", and
//! stays open while the model is a run of the reader's pairs.

use crate::context::i18n::Arg;
use crate::context::state::{use_lab, Lab, Source};
use crate::i18n::problems::pairs_error;
use crate::i18n::units::bytes_text;
use crate::workers::link::send;
use lab_protocol::{Settings, WorkerInput};
use lab_tasks::corpus::{PairsError, MAX_PAIRS_BYTES, MAX_PAIRS_LINES, MAX_WORDS, MIN_PAIRS};
use lab_tasks::TaskKind;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Rows of the text box.
const TEXT_ROWS: u32 = 8;

/// True when a file of `size` bytes is refused unread.
pub fn too_large_to_read(size: f64) -> bool {
    size > MAX_PAIRS_BYTES as f64
}

/// Asks the worker for a new model of the form's settings trained on the
/// pairs in the text box; it refuses pairs it cannot use, saying why.
fn apply(lab: Lab, text: String) {
    lab.clear(Source::Pairs);
    lab.clear(Source::Worker);
    lab.running.set(false);
    let settings = Settings {
        task: TaskKind::Custom,
        ..lab.draft.get_untracked()
    };
    send(WorkerInput::UsePairs { text, settings });
}

/// Reads a chosen file into the text box, refusing one too large unread.
fn read_file(lab: Lab, text: NodeRef<leptos::html::Textarea>, file: web_sys::File) {
    let locale = lab.locale.get_untracked();
    lab.clear(Source::Pairs);
    if too_large_to_read(file.size()) {
        let problem = PairsError::TooLarge {
            bytes: file.size() as usize,
            max: MAX_PAIRS_BYTES,
        };
        lab.show(Source::Pairs, pairs_error(locale, &problem));
        return;
    }
    wasm_bindgen_futures::spawn_local(async move {
        let Ok(buffer) = wasm_bindgen_futures::JsFuture::from(file.array_buffer()).await else {
            let problem = PairsError::NotText;
            lab.show(Source::Pairs, pairs_error(locale, &problem));
            return;
        };
        let bytes = js_sys::Uint8Array::new(&buffer).to_vec();
        match String::from_utf8(bytes) {
            Ok(read) => {
                if let Some(text) = text.get_untracked() {
                    text.set_value(&read);
                }
                lab.pairs_read.set(None);
                lab.note.set(
                    lab.i18n()
                        .f_now("pairs-file-read", &[("name", Arg::from(file.name()))]),
                );
            }
            Err(_) => lab.show(Source::Pairs, pairs_error(locale, &PairsError::NotText)),
        }
    });
}

/// The text box's pairs, read once, when they are used: never on a
/// keystroke, so a box of any size stays as quick as the browser's own.
/// Text over the size limit is refused here, before it is sent.
fn submit(lab: Lab, text: NodeRef<leptos::html::Textarea>) {
    let Some(text) = text.get_untracked().map(|t| t.value()) else {
        return;
    };
    if text.len() > MAX_PAIRS_BYTES {
        lab.clear(Source::Pairs);
        let problem = PairsError::TooLarge {
            bytes: text.len(),
            max: MAX_PAIRS_BYTES,
        };
        lab.show(
            Source::Pairs,
            pairs_error(lab.locale.get_untracked(), &problem),
        );
        return;
    }
    apply(lab, text);
}

#[component]
pub fn CustomPairs() -> impl IntoView {
    let lab = use_lab();
    let i18n = lab.i18n();
    // Uncontrolled: the browser keeps the text; the page reads it on use.
    let text = NodeRef::<leptos::html::Textarea>::new();
    let open = move || {
        lab.custom_open.get()
            || lab.model.with(|m| {
                m.as_ref()
                    .is_some_and(|m| m.settings.task == TaskKind::Custom)
            })
    };
    let on_file = move |ev: leptos::ev::Event| {
        let input = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok());
        if let Some(input) = input {
            if let Some(file) = input.files().and_then(|f| f.get(0)) {
                read_file(lab, text, file);
            }
            input.set_value("");
        }
    };
    let limits = move || {
        i18n.f(
            "pairs-limits",
            &[
                ("size", Arg::from(bytes_text(MAX_PAIRS_BYTES as u64))),
                ("lines", Arg::from(MAX_PAIRS_LINES)),
                ("words", Arg::from(MAX_WORDS)),
                ("min", Arg::from(MIN_PAIRS)),
            ],
        )
    };
    // Taken off the page with the focus in it, the box sends no blur.
    on_cleanup(|| mark_editing(false));
    view! {
        <details class="custom-pairs" data-testid="custom-panel" prop:open=open>
            <summary>{i18n.t("pairs-title")}</summary>
            <p>{i18n.t("pairs-intro")}</p>
            <p class="hint" data-testid="custom-split">
                {i18n.t("pairs-split")}
            </p>
            <p class="hint">{limits}</p>
            <p class="hint">{i18n.t("pairs-saved")}</p>
            // The reader's own text, in any language: not UI text to translate.
            <textarea
                data-testid="custom-pairs"
                rows=TEXT_ROWS
                spellcheck="false"
                translate="no"
                aria-label=i18n.t("pairs-title")
                placeholder=i18n.t("pairs-placeholder")
                node_ref=text
                on:focus=move |_| mark_editing(true)
                on:blur=move |_| mark_editing(false)
            ></textarea>
            <div class="controls">
                <label>
                    {i18n.t("pairs-file")} " "
                    <input
                        type="file"
                        data-testid="custom-file"
                        accept=".tsv,.txt,text/plain,text/tab-separated-values"
                        on:change=on_file
                    />
                </label>
                <button
                    class="primary"
                    data-testid="custom-apply"
                    on:click=move |_| submit(lab, text)
                >
                    {i18n.t("pairs-apply")}
                </button>
            </div>
            <p class="note" data-testid="custom-status" aria-live="polite">
                {move || {
                    lab.pairs_read
                        .get()
                        .map(|(pairs, duplicates)| {
                            i18n.f(
                                "pairs-read",
                                &[
                                    ("pairs", Arg::from(pairs)),
                                    ("duplicates", Arg::from(duplicates)),
                                ],
                            )
                        })
                }}
            </p>
        </details>
    }
}

/// The class `<html>` carries while the pairs box has the focus: style.css
/// then locks nothing a selection change would walk. A class, not
/// `html:has(textarea:focus)`: that selector made every focus change on the
/// page (a click on any checkbox) recalculate the whole page's style, 10–55
/// ms a click (BENCHMARKS.md, "A click while training").
pub const EDITING_CLASS: &str = "pairs-editing";

fn mark_editing(on: bool) {
    let root = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element());
    if let Some(root) = root {
        let _ = root.class_list().toggle_with_force(EDITING_CLASS, on);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_style_sheet_unlocks_the_page_under_the_class_the_box_sets() {
        let css = include_str!("../../style.css");
        let rules = css
            .lines()
            .filter(|line| line.contains(&format!("html.{EDITING_CLASS} ")))
            .count()
            + css
                .lines()
                .filter(|line| line.contains(&format!(".{EDITING_CLASS} section.view")))
                .count();
        assert_eq!(rules, 2, "style.css's two rules name `{EDITING_CLASS}`");
        assert!(
            !css.contains(":has(textarea"),
            "no :has(textarea…) rule: it recalculates the page's style on every focus change"
        );
    }

    #[test]
    fn a_file_over_the_limit_is_refused_unread_and_one_at_it_is_read() {
        assert!(too_large_to_read(50.0 * 1024.0 * 1024.0));
        assert!(too_large_to_read(MAX_PAIRS_BYTES as f64 + 1.0));
        assert!(!too_large_to_read(MAX_PAIRS_BYTES as f64));
    }
}
