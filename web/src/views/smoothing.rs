//! Label smoothing (§5.4): the target the model is trained towards, beside what
//! it predicts, and why the training loss cannot reach 0.
//!
//! ```text
//! q(k) = 1 − ε (k = y),  ε / (V − 2) (k ∉ {y, PAD}),  0 (k = PAD)
//! −Σ q ln p = H(q) + KL(q ‖ p)
//! ```
//!
//! `q` comes from `lab_math::smoothed_targets`, the function the training loss
//! uses; `p` is the model's softmax on the probe sentence, sent by the worker;
//! the split is `lab_math::cross_entropy_split`.

mod chart;
mod controls;

use crate::components::controls::Toggle;
use crate::components::formula::{Equation, CROSS_ENTROPY, SMOOTHED_TARGET};
use crate::context::i18n::use_i18n;
use crate::context::state::use_lab;
use crate::i18n::script::{respell, Spelling};
use crate::i18n::units::fraction_text;
use crate::i18n::{text, text_args, Locale};
use chart::{SmoothingChart, SplitReadout, SpreadHint};
use controls::{EpsSlider, PositionSelect};
use lab_math::cross_entropy::entropy_nats;
use lab_math::tokens::{decoder_input, decoder_target};
use lab_math::{cross_entropy_split, smoothed_targets, CrossEntropySplit};
use lab_plot::draw::{BarChart, BarSet, BLUE, ORANGE};
use lab_protocol::ProbePrediction;
use lab_protocol::TaskFacts;
use lab_tasks::{BOS, EOS, PAD};
use leptos::prelude::*;

/// The ε slider, `(min, max, step)`; the paper uses 0.1.
const EPS_SLIDER: (f64, f64, f64) = (0.0, 0.5, 0.01);
/// ε before a model has reported its own: the paper's value.
const PAPER_EPS: f64 = 0.1;
/// The bottom of the log scale: probabilities below it draw no bar.
const LOG_FLOOR: f64 = 1e-5;
/// The chart's size in pixels, on the page and in the SVG.
const CHART_SIZE: (u32, u32) = (1280, 420);
/// The most bars the chart draws. A larger vocabulary (a real task's has
/// thousands of words) shows the target, `<pad>` and the tokens the model
/// finds most probable, then every other token summed into one bar; the CSV
/// keeps every token.
pub const MAX_BARS: usize = 30;
/// The fewest bars a folded chart draws: the target, `<pad>`, a few of the
/// likeliest tokens and the rest.
const MIN_BARS: usize = 8;
/// The width a bar needs for its vertical token label to stay apart from
/// its neighbours' (CSS px), and the chart's width outside its bars (the
/// y axis, its label and the margins).
const BAR_PX: u32 = 22;
const AROUND_BARS_PX: u32 = 110;

/// The most bars a chart `width` pixels wide draws: [`MAX_BARS`] on a
/// desktop, fewer on a phone, so the token labels never overlap.
pub fn bars_for_width(width: u32) -> usize {
    let fit = width.saturating_sub(AROUND_BARS_PX) / BAR_PX;
    (fit as usize).clamp(MIN_BARS, MAX_BARS)
}

/// The vocabulary ids the chart draws one bar each for, in order, or `None`
/// when every token gets its own bar: the target, `<pad>` (whose q is 0),
/// then the model's most probable tokens (before the model has run: the
/// first ids), `max_bars` − 1 in all, leaving a bar for the rest.
pub fn shown_tokens(p: &ProbePrediction, position: usize, max_bars: usize) -> Option<Vec<usize>> {
    let vocab = p.vocab.len();
    if vocab <= max_bars {
        return None;
    }
    let target = p
        .target_ids
        .get(position)
        .map_or(PAD as usize, |&id| id as usize);
    let mut shown = vec![target];
    if target != PAD as usize {
        shown.push(PAD as usize);
    }
    let mut others: Vec<usize> = (0..vocab).filter(|k| !shown.contains(k)).collect();
    if has_model(p) {
        let row = p.row(position);
        others.sort_by(|&a, &b| row[b].total_cmp(&row[a]).then(a.cmp(&b)));
    }
    shown.extend(
        others
            .into_iter()
            .take(max_bars.saturating_sub(1 + shown.len())),
    );
    Some(shown)
}

/// `values` at the `shown` ids, then the sum of all the others: one bar for the rest.
pub fn fold_rest(values: &[f64], shown: &[usize]) -> Vec<f64> {
    let mut folded: Vec<f64> = shown.iter().map(|&k| values[k]).collect();
    let shown_sum: f64 = folded.iter().sum();
    folded.push(values.iter().sum::<f64>() - shown_sum);
    folded
}

/// The probe sentence's targets without the model's probabilities (`probs` is
/// empty), built from the task's dataset as the trainer builds them:
/// inputs `<bos> y₁ … y_m`, targets `y₁ … y_m <eos>`.
pub fn probe_without_model(facts: &TaskFacts) -> ProbePrediction {
    let tgt_vocab = facts.tgt_vocab();
    let words = facts.probe().map(|p| p.tgt.clone()).unwrap_or_default();
    let ids = tgt_vocab.encode_words(&words).ids;
    let target_ids = decoder_target(&ids, EOS);
    let input_ids = decoder_input(&ids, BOS);
    let token = |&id: &u32| tgt_vocab.token(id).to_string();
    ProbePrediction {
        inputs: input_ids.iter().map(token).collect(),
        targets: target_ids.iter().map(token).collect(),
        target_ids,
        vocab: tgt_vocab.tokens().to_vec(),
        probs: Vec::new(),
        label_smoothing: PAPER_EPS as f32,
        ..ProbePrediction::default()
    }
}

/// Whether `p` carries the model's distribution for every position.
pub fn has_model(p: &ProbePrediction) -> bool {
    !p.probs.is_empty() && p.probs.len() == p.targets.len() * p.vocab.len()
}

/// The smoothed target row `q` of one position, by `lab_math::smoothed_targets`.
pub fn target_row(p: &ProbePrediction, position: usize, eps: f64) -> Vec<f32> {
    smoothed_targets(
        p.target_ids[position] as usize,
        p.vocab.len(),
        eps,
        PAD as usize,
    )
}

/// The loss of one position, split into floor and KL; `None` before the model has run.
pub fn loss_split(p: &ProbePrediction, position: usize, eps: f64) -> Option<CrossEntropySplit> {
    has_model(p).then(|| cross_entropy_split(&target_row(p, position, eps), p.row(position)))
}

/// The bars: `q` and, once the model has run, its prediction `p`, over the whole vocabulary.
pub fn bar_sets(locale: Locale, p: &ProbePrediction, position: usize, eps: f64) -> Vec<BarSet> {
    let q = target_row(p, position, eps)
        .into_iter()
        .map(f64::from)
        .collect();
    let mut sets = vec![BarSet {
        label: text_args(
            locale,
            "smoothing-legend-q",
            &[("eps", format!("{eps:.2}").into())],
        ),
        color: ORANGE,
        values: q,
    }];
    if has_model(p) {
        let values = p.row(position).iter().map(|&x| f64::from(x)).collect();
        sets.push(BarSet {
            label: text(locale, "smoothing-legend-p"),
            color: BLUE,
            values,
        });
    }
    sets
}

/// One target token as the chart writes it: respelled by `spelling`
/// (Traditional Chinese), or as it is.
fn shown_word(spelling: Option<&Spelling>, token: &str) -> String {
    spelling.map_or_else(|| token.to_string(), |s| s.word(token))
}

/// The option text of one position: its number, counted from 0 as the
/// lab counts positions everywhere (the tutorial map's conventions, the
/// head view's k₀, k₁, …, the Masks and Positional encoding views), then
/// what the decoder reads and what it must predict, both respelled by
/// `spelling`.
pub fn position_label(p: &ProbePrediction, position: usize, spelling: Option<&Spelling>) -> String {
    format!(
        "{}: {} → {}",
        position,
        shown_word(spelling, &p.inputs[position]),
        shown_word(spelling, &p.targets[position])
    )
}

/// The loss split in words: the floor always, the KL once the model has run.
pub fn split_text(locale: Locale, floor: f64, split: Option<CrossEntropySplit>) -> String {
    let floor = format!("{floor:.3}");
    match split {
        Some(s) => text_args(
            locale,
            "smoothing-split",
            &[
                ("loss", format!("{:.3}", s.loss).into()),
                ("floor", floor.into()),
                ("kl", format!("{:.3}", s.kl).into()),
            ],
        ),
        None => text_args(
            locale,
            "smoothing-split-no-model",
            &[("floor", floor.into())],
        ),
    }
}

/// How q spreads its mass, in words and numbers.
pub fn spread_note(locale: Locale, vocab: usize, eps: f64) -> String {
    let others = vocab - 2;
    text_args(
        locale,
        "smoothing-spread",
        &[
            ("correct", format!("{:.2}", 1.0 - eps).into()),
            ("others", others.into()),
            ("share", fraction_text(eps / others as f64).into()),
        ],
    )
}

/// How a chart shows the vocabulary: every token, or at most this many
/// bars with the rest as one ([`bars_for_width`]: the canvas and the SVG;
/// the CSV keeps all).
#[derive(Clone, Copy, PartialEq)]
enum Bars {
    Every,
    AtMost(usize),
}

/// The bar chart of one position, handed to `f`: one definition for the
/// canvas, the SVG and the CSV. Its categories are the vocabulary's tokens
/// respelled by `spelling` (only those a bar is drawn for).
fn with_chart<R>(
    locale: Locale,
    p: &ProbePrediction,
    (position, eps, log): (usize, f64, bool),
    (bars, spelling): (Bars, Option<&Spelling>),
    f: impl FnOnce(&BarChart) -> R,
) -> R {
    let mut x = text(locale, "smoothing-axis-vocabulary");
    let y = text(locale, "smoothing-axis-probability");
    let mut sets = bar_sets(locale, p, position, eps);
    let mut highlight = p.target_ids.get(position).map(|&id| id as usize);
    let most = match bars {
        Bars::Every => None,
        Bars::AtMost(n) => Some(n),
    };
    let categories = match most.and_then(|n| shown_tokens(p, position, n)) {
        None => respell(spelling, &p.vocab),
        // Only the bars drawn are named (and respelled): a real vocabulary
        // has thousands of words.
        Some(shown) => {
            let rest = p.vocab.len() - shown.len();
            x = text(locale, "smoothing-axis-top");
            for set in &mut sets {
                set.values = fold_rest(&set.values, &shown);
            }
            // The target is always the first bar shown.
            highlight = highlight.map(|_| 0);
            let mut names: Vec<String> = shown
                .iter()
                .map(|&k| shown_word(spelling, &p.vocab[k]))
                .collect();
            names.push(text_args(
                locale,
                "smoothing-rest",
                &[("count", rest.into())],
            ));
            names
        }
    };
    f(&BarChart {
        categories,
        sets,
        x_label: &x,
        y_label: &y,
        y_range: if log { (LOG_FLOOR, 1.0) } else { (0.0, 1.0) },
        log_y: log,
        highlight,
        font_px: 14,
    })
}

#[component]
pub fn SmoothingView() -> impl IntoView {
    let lab = use_lab();
    let i18n = use_i18n();
    let probe = Memo::new(move |_| {
        lab.prediction
            .get()
            .filter(has_model)
            .unwrap_or_else(|| probe_without_model(&lab.facts().unwrap_or_default()))
    });
    let model_eps = Memo::new(move |_| {
        lab.model
            .with(|m| m.as_ref().map(|m| m.settings.label_smoothing as f64))
    });
    let eps_set = RwSignal::new(None::<f64>);
    let eps = Memo::new(move |_| eps_set.get().or(model_eps.get()).unwrap_or(PAPER_EPS));
    // Target tokens in the page's script (Traditional Chinese in 繁體中文).
    let spelling = lab.spelling;
    let position = RwSignal::new(0usize);
    let pos = Memo::new(move |_| {
        position
            .get()
            .min(probe.with(|p| p.targets.len().saturating_sub(1)))
    });
    let log = RwSignal::new(false);
    view! {
        <section id=crate::panels::ids::SMOOTHING class="view" data-testid="smoothing-view">
            <h2>{i18n.t("smoothing-title")}</h2>
            <crate::views::architecture::MiniMap panel=crate::panels::ids::SMOOTHING />
            <Equation formula=SMOOTHED_TARGET />
            <div class="controls">
                <EpsSlider eps eps_set />
                <PositionSelect probe=probe position=position shown=pos spelling=spelling />
                <Toggle label="smoothing-log" testid="smoothing-log" on=log />
            </div>
            <SpreadHint probe eps model_eps />
            <SmoothingChart probe eps pos log />
            <Equation formula=CROSS_ENTROPY />
            <SplitReadout probe eps pos />
            <p>{i18n.t("smoothing-why")}</p>
            <crate::views::practice::Question id=crate::views::practice::QuestionId::LossFloor />
            <crate::views::guide::TutorialConventions panel=crate::panels::ids::SMOOTHING />
        </section>
    }
}

#[cfg(test)]
mod tests;
