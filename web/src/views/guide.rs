//! The self-study guide: the tutorial map whole, in the reader's language,
//! with links to the views; and, beside each view, how the tutorials write
//! what it shows. The data is `docs/tutorial-map*.md` (`crate::guide`).

use crate::components::scroll::{scroll_and_hold, HOLD_OPENED_VIEW_MS};
use crate::context::fetch::fetch_text;
use crate::context::state::{use_lab, Lab};
use crate::guide::{self, Block, GuideBlock, MapLoad, Span};
use crate::i18n::Locale;
use crate::panels::PANELS;
use crate::views::architecture::ViewsMap;
use crate::views::practice::{self, progress, progress_by_panel};
use leptos::prelude::*;

/// Fetches the English map and the one in `locale`, unless they are here
/// or on their way (one that failed is tried again).
fn want_maps(lab: Lab, locale: Locale) {
    for wanted in [Locale::En, locale] {
        let asked = lab.maps.with_untracked(|m| {
            matches!(m.0.get(&wanted), Some(MapLoad::Loading | MapLoad::Ready(_)))
        });
        if asked {
            continue;
        }
        lab.maps.update(|m| {
            m.0.insert(wanted, MapLoad::Loading);
        });
        wasm_bindgen_futures::spawn_local(async move {
            let url = guide::map_url(wanted);
            let text = fetch_text(url, guide::MAX_MAP_BYTES).await;
            let load = match text.as_deref().map_err(Clone::clone) {
                Ok(text) => match guide::read_map(url, text) {
                    Ok(part) => MapLoad::Ready(part.into()),
                    Err(why) => MapLoad::Failed(why),
                },
                Err(why) => MapLoad::Failed(why),
            };
            lab.maps.update(|m| {
                m.0.insert(wanted, load);
            });
        });
    }
}

/// What stands in for a map not here yet: loading, or why it failed.
fn not_yet(lab: Lab, locale: Locale) -> AnyView {
    let i18n = lab.i18n();
    match lab.maps.with(|m| m.failure(locale)) {
        Some(why) => view! {
            <p class="problem" data-testid="guide-error">
                {i18n.t("guide-unavailable")}
                " "
                <code>{why}</code>
            </p>
        }
        .into_any(),
        None => view! { <p class="hint">{i18n.t("guide-loading")}</p> }.into_any(),
    }
}

/// Once `opened`, the English map and the reader's, fetched if need be:
/// `draw(locale, english, text)` when both are here, else what stands in.
fn once_maps_are_here(
    lab: Lab,
    opened: RwSignal<bool>,
    draw: impl Fn(Locale, &str, &str) -> Option<AnyView> + Send + Sync + 'static,
) -> impl Fn() -> Option<AnyView> + Send + Sync + 'static {
    Effect::new(move |_| {
        if opened.get() {
            want_maps(lab, lab.locale.get());
        }
    });
    move || {
        let locale = lab.locale.get();
        if !opened.get() {
            return None;
        }
        let Some((english, text)) = lab.maps.with(|m| m.pair(locale)) else {
            return Some(not_yet(lab, locale));
        };
        draw(locale, &english, &text)
    }
}

/// Opens `panel`: scrolls to it, or shows it in presentation mode.
fn open_panel(lab: Lab, panel: usize) {
    lab.panel.set(panel);
    if lab.present.get_untracked() {
        crate::views::set_present(lab, true);
    } else {
        // The views above it may still be filling in: it is kept in sight.
        scroll_and_hold(PANELS[panel].id, HOLD_OPENED_VIEW_MS);
    }
}

/// A link to a view, named by its number and title in the reader's language.
fn panel_link(lab: Lab, panel: usize) -> impl IntoView {
    let href = format!("#{}", PANELS[panel].id);
    // The title is numbered already ("4 · Masks").
    view! {
        <a
            href=href
            class="guide-view-link"
            on:click=move |ev| {
                ev.prevent_default();
                open_panel(lab, panel)
            }
        >
            {lab.i18n().t(PANELS[panel].title)}
        </a>
    }
}

/// What a view's `#anchor` in the text becomes.
#[derive(Clone, Copy, PartialEq)]
enum Anchors {
    /// A short link, "→ 4", named in full for a screen reader.
    Links,
    /// Nothing: the cell lists its views' links in full after its text.
    Left,
}

/// A short link to a view, inside a sentence: its number.
fn anchor_link(lab: Lab, panel: usize) -> impl IntoView {
    let href = format!("#{}", PANELS[panel].id);
    let title = lab.i18n().t(PANELS[panel].title);
    view! {
        <a
            href=href
            class="guide-anchor"
            aria-label=title
            on:click=move |ev| {
                ev.prevent_default();
                open_panel(lab, panel)
            }
        >
            {format!("→ {}", panel + 1)}
        </a>
    }
}

/// One span of the map's text.
fn span_view(lab: Lab, span: Span, anchors: Anchors) -> AnyView {
    if let Some(panel) = span.panel() {
        return match anchors {
            Anchors::Links => anchor_link(lab, panel).into_any(),
            Anchors::Left => ().into_any(),
        };
    }
    let text = span.text;
    let inner = if span.code {
        view! { <code>{text}</code> }.into_any()
    } else {
        text.into_any()
    };
    match (span.strong, span.em) {
        (true, _) => view! { <strong>{inner}</strong> }.into_any(),
        (false, true) => view! { <em>{inner}</em> }.into_any(),
        (false, false) => inner,
    }
}

/// A line of the map, its inline Markdown drawn.
fn text_view(lab: Lab, text: &str) -> impl IntoView {
    text_with(lab, text, Anchors::Links)
}

fn text_with(lab: Lab, text: &str, anchors: Anchors) -> impl IntoView {
    let mut spans = guide::spans(text);
    if anchors == Anchors::Left {
        spans = without_anchors(spans);
    }
    spans
        .into_iter()
        .map(|span| span_view(lab, span, anchors))
        .collect_view()
}

/// `spans` without the views' anchors, and without the space an anchor
/// leaves before the punctuation that followed it ("Attention , kind").
fn without_anchors(spans: Vec<Span>) -> Vec<Span> {
    let mut out: Vec<Span> = Vec::with_capacity(spans.len());
    let mut dropped = false;
    for span in spans {
        if span.panel().is_some() {
            dropped = true;
            continue;
        }
        let punctuation = span
            .text
            .starts_with([',', ';', '.', ')', '，', '；', '。', '、', '）']);
        if dropped && punctuation {
            if let Some(last) = out.last_mut().filter(|l| !l.code) {
                last.text.truncate(last.text.trim_end().len());
            }
        }
        dropped = false;
        out.push(span);
    }
    out
}

/// A header cell's words without their Markdown: what a narrow window shows
/// above each cell of its column, when a table's rows are stacked.
fn plain(text: &str) -> String {
    guide::spans(text).into_iter().map(|s| s.text).collect()
}

/// The language of `text`, a tutorial's own words, for a reader in `locale`
/// ([`guide::own_lang`]: 000's Japanese and Chinese sections each their own).
fn tutorial_lang(tutorial: Option<&guide::Tutorial>, text: &str, locale: Locale) -> &'static str {
    guide::own_lang(tutorial, text, locale).code()
}

/// A table of the map. In a tutorial's table, the cell that names a
/// section's views ends with a link to each.
fn table_view(
    lab: Lab,
    block: &GuideBlock,
    header: Vec<String>,
    rows: Vec<Vec<String>>,
) -> AnyView {
    let locale = lab.locale.get_untracked();
    let tutorial = block.tutorial.is_some();
    let labels: Vec<String> = header.iter().map(|h| plain(h)).collect();
    let body = rows
        .into_iter()
        .enumerate()
        .map(|(i, row)| {
            let links = block.row_panels.get(i).cloned().unwrap_or_default();
            let cells = row
                .iter()
                .enumerate()
                .map(|(c, cell)| {
                    // A tutorial's section is named in its own words.
                    let lang = if tutorial && c == 0 {
                        tutorial_lang(block.tutorial.as_ref(), cell, locale)
                    } else {
                        locale.code()
                    };
                    let label = labels.get(c).cloned().unwrap_or_default();
                    if tutorial && c == guide::VIEWS_COLUMN {
                        let panels: Vec<&'static str> =
                            links.iter().map(|&p| PANELS[p].id).collect();
                        let links = links.iter().map(|&p| panel_link(lab, p)).collect_view();
                        return view! {
                            <td lang=lang data-label=label>
                                <ViewsMap panels />
                                {text_with(lab, cell, Anchors::Left)}
                                <span class="guide-links">{links}</span>
                            </td>
                        }
                        .into_any();
                    }
                    view! {
                        <td lang=lang data-label=label>
                            {text_view(lab, cell)}
                        </td>
                    }
                    .into_any()
                })
                .collect_view();
            view! { <tr>{cells}</tr> }
        })
        .collect_view();
    table_frame(lab, &header, body)
}

/// A table of the map: its header row, then `body`, in a focusable box.
fn table_frame(lab: Lab, header: &[String], body: impl IntoView + 'static) -> AnyView {
    let head = header
        .iter()
        .map(|h| view! { <th scope="col">{text_view(lab, h)}</th> })
        .collect_view();
    view! {
        <table tabindex="0">
            <thead>
                <tr>{head}</tr>
            </thead>
            <tbody>{body}</tbody>
        </table>
    }
    .into_any()
}

fn block_view(lab: Lab, block: GuideBlock) -> AnyView {
    let locale = lab.locale.get_untracked();
    match block.block.clone() {
        // A tutorial is named by its number and its own title.
        Block::Heading(_, text) => match &block.tutorial {
            Some(t) => {
                let lang = tutorial_lang(Some(t), &t.title, locale);
                let name = format!("{} — {}", t.number, t.title);
                view! { <h3 lang=lang>{name}</h3> }.into_any()
            }
            None => view! { <h3>{text_view(lab, &text)}</h3> }.into_any(),
        },
        Block::Paragraph(text) => view! { <p>{text_view(lab, &text)}</p> }.into_any(),
        Block::List(items) => {
            let items = items
                .iter()
                .map(|item| view! { <li>{text_view(lab, item)}</li> })
                .collect_view();
            view! { <ul>{items}</ul> }.into_any()
        }
        Block::Table(header, rows) => table_view(lab, &block, header, rows),
    }
}

#[component]
pub fn GuideView() -> impl IntoView {
    let lab = use_lab();
    let i18n = lab.i18n();
    // Fetched and drawn when first opened: the map is long, and most
    // visits never open it.
    let opened = RwSignal::new(false);
    let map = once_maps_are_here(lab, opened, move |locale, english, text| {
        let blocks = guide::guide(locale, english, text);
        Some(
            blocks
                .into_iter()
                .map(|block| block_view(lab, block))
                .collect_view()
                .into_any(),
        )
    });
    // Each view's questions answered right, with a link to the view.
    let sections =
        move || {
            lab.practice.with(progress_by_panel).into_iter().map(|(panel, right, asked)| {
            let id = PANELS[panel].id;
            view! {
                <li data-section=id>
                    {panel_link(lab, panel)}" "
                    <span class="practice-section-count">{format!("{right} / {asked}")}</span>
                </li>
            }
        })
        .collect_view()
        };
    view! {
        <details class="guide" data-testid="guide" on:toggle=move |_| opened.set(true)>
            <summary>{i18n.t("guide-title")}</summary>
            <p>{i18n.t("guide-intro")}</p>
            <p class="practice-progress">
                {i18n.t("practice-progress-label")}" "
                <b data-testid="practice-progress">
                    {move || {
                        let (right, total) = lab.practice.with(progress);
                        format!("{right} / {total}")
                    }}
                </b>" " <button data-testid="practice-reset" on:click=move |_| practice::reset(lab)>
                    {i18n.t("practice-reset")}
                </button>
            </p>
            <ul class="practice-sections" data-testid="practice-sections">
                {sections}
            </ul>
            <div class="guide-map" data-testid="guide-map">
                {map}
            </div>
        </details>
    }
}

/// How the lab and each tutorial write what the view `panel` shows (the
/// tutorial map's conventions table, its rows about this view), folded and
/// fetched when first opened.
#[component]
pub fn TutorialConventions(panel: &'static str) -> impl IntoView {
    let lab = use_lab();
    let i18n = lab.i18n();
    let opened = RwSignal::new(false);
    let table = once_maps_are_here(lab, opened, move |_, english, text| {
        guide::conventions_for(english, text, panel).map(|(header, rows)| {
            let labels: Vec<String> = header.iter().map(|h| plain(h)).collect();
            let body = rows
                .iter()
                .map(|row| {
                    let topic = guide::topic_without_anchors(&row[0]);
                    let rest = row[1..]
                        .iter()
                        .zip(labels.iter().skip(1))
                        .map(|(cell, label)| {
                            let label = label.clone();
                            view! { <td data-label=label>{text_view(lab, cell)}</td> }
                        })
                        .collect_view();
                    view! {
                        <tr>
                            <th scope="row">{text_view(lab, &topic)}</th>
                            {rest}
                        </tr>
                    }
                })
                .collect_view();
            table_frame(lab, &header, body)
        })
    });
    view! {
        <details
            class="tutorial-conventions"
            data-testid="tutorial-conventions"
            on:toggle=move |_| opened.set(true)
        >
            <summary>{i18n.t("guide-conventions-here")}</summary>
            {table}
        </details>
    }
}
