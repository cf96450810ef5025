//! Presentation mode and the keyboard shortcuts.
//!
//! In presentation mode the page shows one panel at a time (`panels::PANELS`),
//! with large type and a projector-safe theme (`html.present` in the CSS).
//! The keys, from anywhere but a text field:
//! - ← / → previous / next panel; in the head view, → first reveals the next
//!   stage of the computation, ← hides the last one;
//! - Home goes back to the first panel, the model's figure;
//! - A shows or hides the answers to the panel's questions;
//! - Space plays or pauses, S steps, R resets, F toggles fullscreen,
//!   P toggles presentation mode, Esc leaves it, ? shows the shortcuts.

use crate::context::i18n::Arg;
use crate::context::state::{use_lab, Lab};
use crate::panels::{self, PANELS};
use crate::shell::toolbar;
use crate::views::{answers_revealed, answers_step, reveal_steps, set_present};
use crate::workers::link::send;
use lab_protocol::WorkerInput;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// What a key press asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Next,
    Previous,
    /// Back to the model's figure (`panels::FIGURE`).
    Figure,
    Answers,
    PlayPause,
    Step,
    Reset,
    Fullscreen,
    TogglePresent,
    Leave,
    Help,
}

/// The action of a key (`KeyboardEvent.key`), if any.
pub fn action_of(key: &str) -> Option<Action> {
    Some(match key {
        "ArrowRight" | "PageDown" => Action::Next,
        "ArrowLeft" | "PageUp" => Action::Previous,
        "Home" => Action::Figure,
        "a" | "A" => Action::Answers,
        " " => Action::PlayPause,
        "s" | "S" => Action::Step,
        "r" | "R" => Action::Reset,
        "f" | "F" => Action::Fullscreen,
        "p" | "P" => Action::TogglePresent,
        "Escape" => Action::Leave,
        "?" => Action::Help,
        _ => return None,
    })
}

/// Where a press of → or ← leads: `(panel, reveal)`. A panel's reveal steps
/// (`steps`, [`reveal_steps`] on the page) come one per press before the
/// next panel; arriving backwards shows them all.
pub fn navigate(
    panel: usize,
    reveal: usize,
    forward: bool,
    steps: impl Fn(usize) -> (usize, usize),
) -> (usize, usize) {
    let (first, last) = steps(panel);
    let reveal = reveal.clamp(first, last);
    if forward {
        if reveal < last {
            return (panel, reveal + 1);
        }
        let next = (panel + 1).min(PANELS.len() - 1);
        if next == panel {
            return (panel, reveal);
        }
        (next, steps(next).0)
    } else {
        if reveal > first {
            return (panel, reveal - 1);
        }
        let Some(previous) = panel.checked_sub(1) else {
            return (panel, reveal);
        };
        (previous, steps(previous).1)
    }
}

fn document() -> Option<web_sys::Document> {
    web_sys::window()?.document()
}

/// Toggle the browser's fullscreen for the whole page.
pub fn toggle_fullscreen() {
    let Some(document) = document() else { return };
    if document.fullscreen_element().is_some() {
        document.exit_fullscreen();
    } else if let Some(root) = document.document_element() {
        let _ = root.request_fullscreen();
    }
}

/// Keep `<html class="present">` and the current panel's `current` class in
/// step with the state, and the head view's reveal: everything outside
/// presentation mode.
fn follow(lab: Lab) {
    Effect::new(move |_| {
        let present = lab.present.get();
        let panel = lab.panel.get();
        let embed = lab.embed.get();
        let Some(document) = document() else { return };
        if let Some(root) = document.document_element() {
            let classes = root.class_list();
            let _ = classes.toggle_with_force("present", present);
            // An embedded view: `html.embed`, and `hide-NAME` for each part hidden.
            let _ = classes.toggle_with_force("embed", embed.is_some());
            for (part, hidden) in embed.unwrap_or_default().parts() {
                let _ = classes.toggle_with_force(&format!("hide-{part}"), hidden);
            }
        }
        for (i, p) in PANELS.iter().enumerate() {
            if let Some(section) = document.get_element_by_id(p.id) {
                let _ = section
                    .class_list()
                    .toggle_with_force("current", i == panel);
                // Where its main figure is (the tests read it).
                let _ = section.set_attribute("data-figure", p.figure);
            }
        }
        // Outside presentation mode every stage and no answer is shown.
        if !present {
            lab.reveal.set(usize::MAX);
        }
    });
}

/// The style rules that put each panel's main figure right under its title
/// in presentation mode (`Panel::figure`), so that it is on the panel's
/// first screen: the part of the view holding the figure comes first, the
/// explanations follow. One rule per panel, built from the panel list.
pub fn figure_first_css() -> String {
    PANELS
        .iter()
        .map(|p| {
            format!(
                "html.present main > #{id} > :has({f}), html.present main > #{id} > {f} {{ order: -2; }}\n",
                id = p.id,
                f = p.figure
            )
        })
        .collect()
}

/// Put [`figure_first_css`] in the page's `<head>` once (the CSP allows
/// inline styles: Leptos sets style attributes).
fn install_figure_first() {
    const STYLE_ID: &str = "present-figures";
    let Some(document) = document() else { return };
    if document.get_element_by_id(STYLE_ID).is_some() {
        return;
    }
    let (Ok(style), Some(head)) = (document.create_element("style"), document.head()) else {
        return;
    };
    style.set_id(STYLE_ID);
    style.set_text_content(Some(&figure_first_css()));
    let _ = head.append_child(&style);
}

/// Whether a key press belongs to a field or a widget with its own keys.
fn typing_in(event: &web_sys::KeyboardEvent) -> bool {
    let Some(element) = event
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
    else {
        return false;
    };
    let tag = element.tag_name().to_ascii_lowercase();
    matches!(tag.as_str(), "input" | "select" | "textarea")
        || element
            .closest("[role=grid], [role=application], [contenteditable]")
            .ok()
            .flatten()
            .is_some()
}

fn act(lab: Lab, action: Action, help: RwSignal<bool>) {
    match action {
        Action::Next | Action::Previous if lab.present.get_untracked() => {
            let (panel, reveal) = navigate(
                lab.panel.get_untracked(),
                lab.reveal.get_untracked(),
                action == Action::Next,
                reveal_steps,
            );
            let moved = panel != lab.panel.get_untracked();
            lab.panel.set(panel);
            lab.reveal.set(reveal);
            // After the DOM follows: a new panel opens at its top; a newly
            // revealed stage of the head view is brought into sight.
            request_animation_frame(move || bring_into_view(moved, panel, reveal));
        }
        Action::Figure if lab.present.get_untracked() => {
            let panel = panels::FIGURE;
            let moved = panel != lab.panel.get_untracked();
            lab.panel.set(panel);
            lab.reveal.set(reveal_steps(panel).0);
            request_animation_frame(move || bring_into_view(moved, panel, 0));
        }
        Action::Answers if lab.present.get_untracked() => {
            let panel = lab.panel.get_untracked();
            let Some(step) = answers_step(panel) else {
                return;
            };
            let reveal = lab.reveal.get_untracked();
            // Shown: hide them, every stage still shown; hidden: show them.
            let reveal = if reveal >= step { step - 1 } else { step };
            lab.reveal.set(reveal);
            request_animation_frame(move || bring_into_view(false, panel, reveal));
        }
        Action::Next | Action::Previous | Action::Figure | Action::Answers => {}
        Action::PlayPause => toolbar::toggle(lab),
        Action::Step => {
            lab.running.set(false);
            send(WorkerInput::Step);
        }
        Action::Reset => crate::workers::link::reset(lab),
        Action::Fullscreen => toggle_fullscreen(),
        // An embedded view is one panel: there is nothing to present.
        Action::TogglePresent if lab.embed.get_untracked().is_some() => {}
        Action::TogglePresent => set_present(lab, !lab.present.get_untracked()),
        Action::Leave => {
            help.set(false);
            set_present(lab, false);
        }
        Action::Help => help.update(|h| *h = !*h),
    }
}

/// Scroll to the top of a new panel, or to what the last press revealed: a
/// stage of the head view or the answers, keeping what came before in sight
/// as far as the screen allows.
fn bring_into_view(new_panel: bool, panel: usize, reveal: usize) {
    let Some(window) = web_sys::window() else {
        return;
    };
    if new_panel {
        let current = window
            .document()
            .and_then(|d| d.query_selector("section.view.current").ok().flatten());
        if let Some(current) = current {
            crate::components::paint::flush_within(&current);
        }
        window.scroll_to_with_x_and_y(0.0, 0.0);
        return;
    }
    let selector = if answers_revealed(panel, reveal) {
        "section.view.current [data-testid=question-reveal]".to_string()
    } else {
        format!("[data-stage=\"{}\"]", reveal.saturating_sub(1))
    };
    let revealed = window
        .document()
        .and_then(|d| d.query_selector(&selector).ok().flatten());
    if let Some(revealed) = revealed {
        let options = web_sys::ScrollIntoViewOptions::new();
        options.set_block(web_sys::ScrollLogicalPosition::Nearest);
        revealed.scroll_into_view_with_scroll_into_view_options(&options);
    }
}

/// Act on the shortcut keys pressed anywhere but in a field, for as long as
/// the calling component lives.
fn listen_for_keys(lab: Lab, help: RwSignal<bool>) {
    let handle = window_event_listener(leptos::ev::keydown, move |event| {
        if event.ctrl_key() || event.meta_key() || event.alt_key() || typing_in(&event) {
            return;
        }
        let Some(action) = action_of(&event.key()) else {
            return;
        };
        // Space on a button presses the button.
        let on_button = event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .is_some_and(|e| e.tag_name().eq_ignore_ascii_case("button"));
        if action == Action::PlayPause && on_button {
            return;
        }
        // Outside presentation mode Home keeps its own meaning: the page's top.
        if action == Action::Figure && !lab.present.get_untracked() {
            return;
        }
        event.prevent_default();
        act(lab, action, help);
    });
    on_cleanup(move || handle.remove());
}

/// The shortcuts: a key listener on the window, the presentation frame
/// (panel counter, previous / next) and the `?` overlay.
#[component]
pub fn Presenter() -> impl IntoView {
    let lab = use_lab();
    let help = RwSignal::new(false);
    follow(lab);
    install_figure_first();
    // Once the toolbar is in the page.
    request_animation_frame(room::keep_room_for_the_run_controls);
    listen_for_keys(lab, help);
    view! {
        <Show when=move || lab.present.get()>
            <PresentBar help=help />
        </Show>
        <Show when=move || help.get()>
            <ShortcutsHelp help=help />
        </Show>
    }
}

/// The presentation frame: previous / next, the panel counter with the
/// panel's title, a hint and the button that leaves presentation mode.
#[component]
fn PresentBar(
    /// Whether the `?` overlay is open: the arrows act through [`act`], as the keys do.
    help: RwSignal<bool>,
) -> impl IntoView {
    let lab = use_lab();
    let i18n = lab.i18n();
    // "3 / 10 · Inside one head"; the figure, which has no number, by its title.
    let counter = move || {
        let panel = lab.panel.get();
        let title = without_number(&i18n.s(PANELS[panel].title)).to_string();
        match panels::number(panel) {
            Some(number) => i18n.f(
                "present-counter",
                &[
                    ("index", Arg::from(number)),
                    ("count", Arg::from(panels::NUMBERED)),
                    ("title", Arg::from(title)),
                ],
            ),
            None => title,
        }
    };
    let go = move |forward: bool| {
        let action = if forward {
            Action::Next
        } else {
            Action::Previous
        };
        act(lab, action, help);
    };
    view! {
        <nav class="present-bar" aria-label=i18n.t("present-nav")>
            <button
                data-testid="present-figure"
                on:click=move |_| act(lab, Action::Figure, help)
                aria-label=i18n.t("present-key-figure")
                title=i18n.t("present-key-figure")
                aria-current=move || (lab.panel.get() == panels::FIGURE).then_some("page")
            >
                "⌂"
            </button>
            <button
                data-testid="present-prev"
                on:click=move |_| go(false)
                aria-label=i18n.t("present-previous")
            >
                "←"
            </button>
            <span class="counter" data-testid="present-counter">
                {counter}
            </span>
            <button
                data-testid="present-next"
                on:click=move |_| go(true)
                aria-label=i18n.t("present-next")
            >
                "→"
            </button>
            <crate::shell::qr::QrButton />
            <span class="hint">{i18n.t("present-hint")}</span>
            <button
                class="leave"
                data-testid="present-leave"
                on:click=move |_| set_present(lab, false)
                aria-label=i18n.t("present-key-leave")
                title=i18n.t("present-key-leave")
            >
                "✕"
            </button>
        </nav>
    }
}

/// Each shortcut's key, as shown, and the message id of what it does.
const SHORTCUTS: [(&str, &str); 10] = [
    ("← →", "present-key-panels"),
    ("Home", "present-key-figure"),
    ("A", "present-key-answers"),
    ("Space", "present-key-play"),
    ("S", "present-key-step"),
    ("R", "present-key-reset"),
    ("F", "present-key-fullscreen"),
    ("P", "present-key-present"),
    ("Esc", "present-key-leave"),
    ("?", "present-key-help"),
];

/// The `?` overlay: a table of the shortcuts and a button that closes it.
#[component]
fn ShortcutsHelp(
    /// Whether the overlay is open; its Close button sets it to `false`.
    help: RwSignal<bool>,
) -> impl IntoView {
    let i18n = use_lab().i18n();
    view! {
        <div
            class="shortcuts"
            role="dialog"
            aria-modal="false"
            data-testid="shortcuts"
            aria-label=i18n.t("present-shortcuts")
        >
            <h2>{i18n.t("present-shortcuts")}</h2>
            <table>
                <tbody>
                    {SHORTCUTS
                        .into_iter()
                        .map(|(key, what)| {
                            view! {
                                <tr>
                                    <th scope="row">
                                        <kbd>{key}</kbd>
                                    </th>
                                    <td>{i18n.t(what)}</td>
                                </tr>
                            }
                        })
                        .collect_view()}
                </tbody>
            </table>
            <button on:click=move |_| help.set(false)>{i18n.t("present-close")}</button>
        </div>
    }
}

/// A panel's title without its leading "3 · ": the counter beside it already
/// says "3 / 10".
pub fn without_number(title: &str) -> &str {
    let rest = title.trim_start_matches(|c: char| c.is_ascii_digit());
    match rest.strip_prefix(" · ") {
        Some(words) if rest.len() < title.len() => words,
        _ => title,
    }
}

/// The toolbar's presentation-mode button.
#[component]
pub fn PresentToggle() -> impl IntoView {
    let lab = use_lab();
    let i18n = lab.i18n();
    view! {
        <button
            data-testid="present-toggle"
            aria-pressed=move || lab.present.get().to_string()
            title=i18n.t("present-toggle-tooltip")
            on:click=move |_| set_present(lab, !lab.present.get_untracked())
        >
            {i18n.t("present-toggle")}
        </button>
        <button
            data-testid="fullscreen-toggle"
            on:click=|_| toggle_fullscreen()
            title=i18n.t("present-fullscreen-tooltip")
        >
            {i18n.t("present-fullscreen")}
        </button>
    }
}

mod room;

#[cfg(test)]
mod tests;
