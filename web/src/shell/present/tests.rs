use crate::i18n::{text, Locale};

#[test]
fn the_counter_does_not_repeat_the_panels_number() {
    assert_eq!(without_number("3 · Inside one head"), "Inside one head");
    assert_eq!(
        without_number("10 · Why self-attention"),
        "Why self-attention"
    );
    assert_eq!(without_number("Attention Lab"), "Attention Lab");
    assert_eq!(without_number("2026 plans"), "2026 plans");
    // Every view's title, in every language, starts with its own number;
    // the figure's has none.
    for locale in Locale::ALL {
        for (i, panel) in PANELS.iter().enumerate() {
            let title = text(locale, panel.title);
            let Some(n) = crate::panels::number(i) else {
                assert_eq!(without_number(&title), title, "{locale:?}");
                continue;
            };
            let number = format!("{n} · ");
            assert!(title.starts_with(&number), "{locale:?} {title}");
            assert_eq!(without_number(&title), &title[number.len()..]);
        }
    }
}

use super::*;

const STAGES: usize = 4;

fn head() -> usize {
    crate::panels::index_of(crate::panels::ids::INSIDE_HEAD).expect("the head view is a panel")
}

/// The head view's stages; one step elsewhere.
fn steps(panel: usize) -> (usize, usize) {
    if panel == head() {
        (1, STAGES)
    } else {
        (0, 0)
    }
}

#[test]
fn the_arrows_walk_the_panels_and_stop_at_the_ends() {
    let last = PANELS.len() - 1;
    assert_eq!(navigate(0, 0, false, steps), (0, 0));
    assert_eq!(navigate(last, 0, true, steps), (last, 0));
    assert_eq!(navigate(0, 0, true, steps), (1, 0));
}

#[test]
fn the_first_press_on_the_pages_own_steps_moves_to_the_next_panel() {
    // Issue 48: `?present=1` opens the first panel, and → moves on at once,
    // on every panel but the head view, whatever questions it asks.
    for (panel, shown) in PANELS.iter().enumerate().take(PANELS.len() - 1) {
        let (first, _) = reveal_steps(panel);
        let (to, _) = navigate(panel, first, true, reveal_steps);
        if shown.id == crate::panels::ids::INSIDE_HEAD {
            assert_eq!(to, panel, "the head view reveals its next stage");
        } else {
            assert_eq!(to, panel + 1, "{}", shown.id);
        }
    }
}

#[test]
fn each_reveal_step_takes_one_press_before_the_next_panel() {
    let h = head();
    // The panel before: → opens the head view on its first stage.
    let mut at = navigate(h - 1, 0, true, steps);
    assert_eq!(at, (h, 1));
    for stage in 2..=STAGES {
        at = navigate(at.0, at.1, true, steps);
        assert_eq!(at, (h, stage));
    }
    // Every stage shown: the next press moves on.
    assert_eq!(navigate(at.0, at.1, true, steps), (h + 1, 0));
    // Back: arriving from the panel after shows every stage; ← hides one per press.
    let mut back = navigate(h + 1, 0, false, steps);
    assert_eq!(back, (h, STAGES));
    back = navigate(back.0, back.1, false, steps);
    assert_eq!(back, (h, STAGES - 1));
    // From the first stage, ← goes to the panel before.
    assert_eq!(navigate(h, 1, false, steps), (h - 1, 0));
    // A reveal out of range (the whole page shows everything) is read as the last step.
    assert_eq!(navigate(h, usize::MAX, true, steps), (h + 1, 0));
}

#[test]
fn the_answers_come_after_every_stage_and_only_on_panels_with_questions() {
    use crate::views::practice::data::QUESTIONS;
    let h = head();
    assert_eq!(reveal_steps(h), (1, crate::views::head::data::STAGES));
    assert_eq!(answers_step(h), Some(crate::views::head::data::STAGES + 1));
    for (i, panel) in PANELS.iter().enumerate() {
        let asks = QUESTIONS.iter().any(|q| q.panel() == panel.id);
        let (first, last) = reveal_steps(i);
        assert_eq!(answers_step(i).is_some(), asks, "{}", panel.id);
        assert!(!answers_revealed(i, last), "{}", panel.id);
        assert!(!answers_revealed(i, first), "{}", panel.id);
        assert_eq!(answers_revealed(i, usize::MAX), asks, "{}", panel.id);
    }
}

#[test]
fn each_panel_puts_its_own_figure_first() {
    let css = figure_first_css();
    assert_eq!(css.lines().count(), PANELS.len());
    for (line, panel) in css.lines().zip(PANELS) {
        assert!(
            line.starts_with(&format!(
                "html.present main > #{} > :has({})",
                panel.id, panel.figure
            )),
            "{line}"
        );
        assert!(line.ends_with("{ order: -2; }"), "{line}");
    }
    // A selector with quotes stays one rule.
    assert!(css.contains(r#".head-stage[data-stage="0"]"#));
}

#[test]
fn keys_map_to_the_documented_actions() {
    assert_eq!(action_of("ArrowRight"), Some(Action::Next));
    assert_eq!(action_of("ArrowLeft"), Some(Action::Previous));
    assert_eq!(action_of(" "), Some(Action::PlayPause));
    assert_eq!(action_of("s"), Some(Action::Step));
    assert_eq!(action_of("R"), Some(Action::Reset));
    assert_eq!(action_of("f"), Some(Action::Fullscreen));
    assert_eq!(action_of("?"), Some(Action::Help));
    assert_eq!(action_of("a"), Some(Action::Answers));
    assert_eq!(action_of("x"), None);
}
