//! Where a real task's sentences come from, and their download: the source
//! and licence beside the task picker (`data-source`), a progress bar while
//! the worker fetches them (`download-progress`), and "About the data", the
//! place the picker links to, which names every corpus, its package, its
//! licence and how its text is split into words.
//!
//! The facts are `lab_tasks::corpus`'s (one definition, shared with the
//! corpus builder and the README); the worker reports the download.

use crate::context::i18n::Arg;
use crate::context::state::use_lab;
use crate::i18n::labels;
use crate::i18n::units::bytes_text;
use lab_protocol::DownloadFile;
use lab_tasks::corpus::Source;
use lab_tasks::TaskKind;
use leptos::prelude::*;

/// The id of the "About the data" section, which the source line links to.
pub const ABOUT_DATA_ID: &str = "about-data";

/// How far a download is, in `[0, 1]`; `None` when the size is not known.
pub fn download_fraction(loaded: u64, total: Option<u64>) -> Option<f64> {
    let total = total.filter(|&t| t > 0)?;
    Some((loaded as f64 / total as f64).clamp(0.0, 1.0))
}

/// "Tanaka Corpus (…), CC BY 2.0 FR": the corpus and its licence in one line.
pub fn source_line(source: &Source) -> String {
    format!("{}, {}", source.corpus, source.licence)
}

/// Beside the task picker: the chosen real task's corpus and licence, and
/// its download while it runs.
#[component]
pub fn TaskSource() -> impl IntoView {
    let lab = use_lab();
    let i18n = lab.i18n();
    let source = move || lab.task.get().source();
    let progress = move || {
        lab.download.get().map(|d| {
            let (loaded, total) = (d.loaded, d.total);
            let size = match total {
                Some(total) => i18n.f(
                    "common-download-of",
                    &[
                        ("loaded", Arg::from(bytes_text(loaded))),
                        ("total", Arg::from(bytes_text(total))),
                    ],
                ),
                None => bytes_text(loaded),
            };
            let id = match d.file {
                DownloadFile::Sentences => "common-downloading-sentences",
                DownloadFile::Model => "common-downloading-model",
            };
            let text = i18n.f(
                id,
                &[
                    ("task", Arg::from(i18n.s(labels::task(d.task)))),
                    ("size", Arg::from(size)),
                ],
            );
            (text, download_fraction(loaded, total))
        })
    };
    view! {
        {move || {
            source()
                .map(|s| {
                    view! {
                        <span class="readout-small data-source" data-testid="data-source">
                            {i18n.t("common-data-source")}
                            " "
                            {source_line(&s)}
                            " · "
                            <a href=format!("#{ABOUT_DATA_ID}")>{i18n.t("common-data-about")}</a>
                        </span>
                    }
                })
        }}
        {move || {
            progress()
                .map(|(text, fraction)| {
                    view! {
                        <span class="readout-small" data-testid="download-progress" role="status">
                            {text}
                            " "
                            {fraction.map(|f| view! { <progress max="1" value=f /> })}
                        </span>
                    }
                })
        }}
    }
}

/// Every real task's corpus: what it is, where the lab's file comes from,
/// its licence, and how its text is split into words.
#[component]
pub fn AboutData() -> impl IntoView {
    let lab = use_lab();
    let i18n = lab.i18n();
    let real = TaskKind::ALL
        .into_iter()
        .filter_map(|t| Some((t, t.source()?)));
    view! {
        <details class="about-data" id=ABOUT_DATA_ID data-testid="about-data">
            <summary>{i18n.t("common-data-about")}</summary>
            <ul>
                {real
                    .map(|(task, s)| {
                        view! {
                            <li>
                                <b>{i18n.t(labels::task(task))}</b>
                                ": "
                                <a href=s.url rel="noopener" target="_blank">
                                    {s.corpus}
                                </a>
                                " ("
                                {s.package}
                                "), "
                                <a href=s.licence_url rel="noopener" target="_blank">
                                    {s.licence}
                                </a>
                            </li>
                        }
                    })
                    .collect_view()}
            </ul>
            <p>{i18n.t("common-data-split")}</p>
        </details>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_download_fraction_is_loaded_over_total_and_unknown_without_a_total() {
        assert_eq!(download_fraction(250, Some(1000)), Some(0.25));
        assert_eq!(download_fraction(2000, Some(1000)), Some(1.0));
        assert_eq!(download_fraction(5, None), None);
        assert_eq!(download_fraction(5, Some(0)), None);
    }

    #[test]
    fn the_source_line_names_the_corpus_and_its_licence() {
        let line = source_line(&lab_tasks::corpus::TANAKA);
        assert!(
            line.contains("Tanaka Corpus") && line.ends_with("CC BY 2.0 FR"),
            "{line}"
        );
    }
}
