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

use crate::components::export::ExportBar;
use crate::components::formula::{Equation, CROSS_ENTROPY, SMOOTHED_TARGET};
use crate::components::paint;
use crate::i18n::script::{respell, Spelling};
use crate::i18n::{text, text_args, Locale};
use crate::shell::i18n::use_i18n;
use crate::shell::state::use_lab;
use lab_math::cross_entropy::entropy_nats;
use lab_math::tokens::{decoder_input, decoder_target};
use lab_math::{cross_entropy_split, smoothed_targets, CrossEntropySplit};
use lab_plot::canvas::draw_bars;
use lab_plot::csv::bar_chart_csv;
use lab_plot::draw::{BarChart, BarSet, BLUE, ORANGE};
use lab_plot::svg;
use lab_protocol::ProbePrediction;
use lab_protocol::TaskFacts;
use lab_tasks::{BOS, EOS, PAD};
use leptos::html::Canvas;
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
        source_input: Default::default(),
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

/// The option text of one position: what the decoder reads, and what it
/// must predict, both respelled by `spelling`.
pub fn position_label(p: &ProbePrediction, position: usize, spelling: Option<&Spelling>) -> String {
    format!(
        "{}: {} → {}",
        position + 1,
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
            ("share", format!("{:.5}", eps / others as f64).into()),
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

    let canvas = NodeRef::<Canvas>::new();
    // On a phone the chart takes the window's width (`paint::chart_size`).
    let window_width = crate::shell::state::use_lab().window_width;
    Effect::new(move |_| {
        let (locale, e, i, log) = (i18n.locale.get(), eps.get(), pos.get(), log.get());
        probe.track();
        spelling.track();
        let Some(c) = canvas.get() else { return };
        paint::fit_chart(&c, CHART_SIZE, window_width.get());
        // On a phone, fewer bars: each keeps room for its token's label.
        let bars = bars_for_width(c.width());
        paint::later(&c.clone(), move || {
            spelling.try_with_untracked(|s| {
                probe.try_with_untracked(|p| {
                    with_chart(
                        locale,
                        p,
                        (i, e, log),
                        (Bars::AtMost(bars), s.as_ref()),
                        |chart| draw_bars(&c, chart),
                    )
                })
            });
        });
    });
    let to_svg = move || {
        let (locale, e, i, log) = (i18n.locale.get(), eps.get(), pos.get(), log.get());
        spelling.with(|s| {
            probe.with(|p| {
                with_chart(
                    locale,
                    p,
                    (i, e, log),
                    (Bars::AtMost(MAX_BARS), s.as_ref()),
                    |c| svg::bars(c, CHART_SIZE),
                )
            })
        })
    };
    let to_csv = move || {
        let (locale, e, i) = (i18n.locale.get(), eps.get(), pos.get());
        spelling.with(|s| {
            probe.with(|p| {
                with_chart(locale, p, (i, e, false), (Bars::Every, s.as_ref()), |c| {
                    bar_chart_csv(c).to_string()
                })
            })
        })
    };

    let split_line = move || {
        let (locale, e, i) = (i18n.locale.get(), eps.get(), pos.get());
        probe.with(|p| {
            split_text(
                locale,
                entropy_nats(&target_row(p, i, e)),
                loss_split(p, i, e),
            )
        })
    };
    let spread = move || {
        let locale = i18n.locale.get();
        let trained = model_eps.get().map(|e| {
            text_args(
                locale,
                "smoothing-running-eps",
                &[("eps", format!("{e:.2}").into())],
            )
        });
        let note = probe.with(|p| spread_note(locale, p.vocab.len(), eps.get()));
        match trained {
            Some(t) => format!("{note} {t}"),
            None => note,
        }
    };
    let (e_min, e_max, e_step) = EPS_SLIDER;
    view! {
        <section id=crate::panels::ids::SMOOTHING class="view" data-testid="smoothing-view">
            <h2>{i18n.t("smoothing-title")}</h2>
            <Equation formula=SMOOTHED_TARGET/>
            <div class="controls">
                <label class="knob">"ε "
                    <input type="range" data-testid="smoothing-eps" min=e_min max=e_max step=e_step
                        prop:value=move || eps.get().to_string()
                        on:input=move |ev| {
                            if let Ok(v) = event_target_value(&ev).parse() {
                                eps_set.set(Some(v))
                            }
                        }/>
                    <output>{move || format!("{:.2}", eps.get())}</output>
                </label>
                <PositionSelect probe=probe position=position shown=pos spelling=spelling/>
                <label>
                    <input type="checkbox" data-testid="smoothing-log"
                        on:change=move |ev| log.set(event_target_checked(&ev))/>
                    " "{i18n.t("smoothing-log")}
                </label>
            </div>
            <p class="hint">{spread}</p>
            <div><canvas node_ref=canvas data-testid="smoothing-chart" width=CHART_SIZE.0 height=CHART_SIZE.1
                class="chart" role="img" aria-label=i18n.t("smoothing-chart-label")></canvas></div>
            <ExportBar name="label-smoothing" canvas=canvas svg=to_svg csv=to_csv/>
            <Equation formula=CROSS_ENTROPY/>
            <p class="readout" data-testid="smoothing-split" aria-live="polite">{split_line}</p>
            <p>{i18n.t("smoothing-why")}</p>
            <crate::views::practice::Question id=crate::views::practice::data::QuestionId::LossFloor/>
            <crate::views::guide::TutorialConventions panel=crate::panels::ids::SMOOTHING/>
        </section>
    }
}

/// Which target token of the probe sentence the chart shows.
#[component]
fn PositionSelect(
    /// The probe's inputs and targets.
    probe: Memo<ProbePrediction>,
    /// Written when the learner picks a position.
    position: RwSignal<usize>,
    /// The position shown (the picked one, kept inside the sentence).
    shown: Memo<usize>,
    /// How the page spells the target tokens.
    spelling: Memo<Option<Spelling>>,
) -> impl IntoView {
    let i18n = use_i18n();
    let options = move || {
        let spelling = spelling.get();
        probe.with(|p| {
            (0..p.targets.len())
                .map(|i| {
                    let label = position_label(p, i, spelling.as_ref());
                    let selected = move || shown.get() == i;
                    view! { <option value=i.to_string() selected=selected>{label}</option> }
                })
                .collect_view()
        })
    };
    view! {
        <label>{i18n.t("smoothing-position")}" "
            <select data-testid="smoothing-position" on:change=move |ev| {
                if let Ok(i) = event_target_value(&ev).parse() {
                    position.set(i)
                }
            }>{options}</select>
        </label>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lab_tasks::TaskKind;

    fn en_ja() -> ProbePrediction {
        let data = lab_tasks::Dataset::build(TaskKind::EnJa, 42);
        let facts = TaskFacts {
            tgt_vocab: data.tgt_vocab.tokens().to_vec(),
            heldout: vec![data.probe().clone()],
            ..Default::default()
        };
        probe_without_model(&facts)
    }

    /// A two-position probe over a vocabulary of 5 with a known prediction.
    fn with_model() -> ProbePrediction {
        let vocab = ["<pad>", "<bos>", "<eos>", "<unk>", "犬"]
            .map(String::from)
            .to_vec();
        ProbePrediction {
            inputs: vec!["<bos>".into(), "犬".into()],
            targets: vec!["犬".into(), "<eos>".into()],
            target_ids: vec![4, EOS],
            vocab,
            probs: vec![0.01, 0.01, 0.08, 0.1, 0.8, 0.02, 0.03, 0.85, 0.05, 0.05],
            label_smoothing: 0.1,
            source_input: Default::default(),
        }
    }

    #[test]
    fn without_a_model_the_probe_is_the_tasks_example_shifted_by_one() {
        let p = en_ja();
        assert_eq!(p.inputs.first().map(String::as_str), Some("<bos>"));
        assert_eq!(p.targets.last().map(String::as_str), Some("<eos>"));
        assert_eq!(p.inputs[1..], p.targets[..p.targets.len() - 1]);
        for (id, word) in p.target_ids.iter().zip(&p.targets) {
            assert_eq!(&p.vocab[*id as usize], word);
        }
        assert!(!has_model(&p));
        assert_eq!(position_label(&p, 0, None), "1: <bos> → 大きい");
    }

    #[test]
    fn the_target_row_is_lab_maths_smoothed_targets() {
        let p = en_ja();
        let q = target_row(&p, 0, 0.1);
        assert_eq!(
            q,
            smoothed_targets(p.target_ids[0] as usize, p.vocab.len(), 0.1, 0)
        );
        let v = p.vocab.len() as f32;
        assert_eq!(q[PAD as usize], 0.0);
        assert!((q[p.target_ids[0] as usize] - 0.9).abs() < 1e-7);
        assert!((q[3] - 0.1 / (v - 2.0)).abs() < 1e-9);
    }

    #[test]
    fn the_floor_for_the_toy_vocabulary_matches_a_hand_computation() {
        let p = en_ja();
        let v = p.vocab.len() as f64;
        let by_hand = -0.9 * 0.9f64.ln() - 0.1 * (0.1 / (v - 2.0)).ln();
        assert!((entropy_nats(&target_row(&p, 2, 0.1)) - by_hand).abs() < 1e-6);
        assert_eq!(entropy_nats(&target_row(&p, 2, 0.0)), 0.0);
    }

    #[test]
    fn the_split_adds_up_to_the_loss_of_the_models_prediction() {
        let p = with_model();
        let s = loss_split(&p, 0, 0.1).expect("the model has run");
        // q = [0, 0.1/3, 0.1/3, 0.1/3, 0.9] against p = [0.01, 0.01, 0.08, 0.1, 0.8].
        let third = 0.1f64 / 3.0;
        let p0 = [0.01f64, 0.08, 0.1].map(f64::ln);
        let loss = -(third * (p0[0] + p0[1] + p0[2]) + 0.9 * 0.8f64.ln());
        assert!((s.loss - loss).abs() < 1e-6, "{} vs {loss}", s.loss);
        assert!((s.floor + s.kl - s.loss).abs() < 1e-9);
        assert!(loss_split(&en_ja(), 0, 0.1).is_none());
    }

    #[test]
    fn the_split_text_shows_the_three_numbers() {
        let split = CrossEntropySplit {
            loss: 0.77,
            floor: 0.758,
            kl: 0.012,
        };
        for locale in Locale::ALL {
            let said = split_text(locale, 0.758, Some(split));
            for number in ["0.770", "0.758", "0.012"] {
                assert!(said.contains(number), "{locale:?}: {said}");
            }
            assert!(split_text(locale, 0.758, None).contains("0.758"));
        }
    }

    #[test]
    fn the_bars_are_q_then_p_over_the_whole_vocabulary() {
        let p = with_model();
        let sets = bar_sets(Locale::En, &p, 1, 0.0);
        assert_eq!(sets.len(), 2);
        assert_eq!(sets[0].values, vec![0.0, 0.0, 1.0, 0.0, 0.0]);
        assert_eq!(
            sets[1].values,
            p.row(1).iter().map(|&x| f64::from(x)).collect::<Vec<_>>()
        );
        assert_eq!(
            bar_sets(Locale::En, &en_ja(), 0, 0.1).len(),
            1,
            "no model yet: the target only"
        );
    }

    #[test]
    fn the_spread_note_gives_the_per_token_share() {
        for locale in Locale::ALL {
            let note = spread_note(locale, 78, 0.1);
            for number in ["0.90", "76", "0.00132"] {
                assert!(note.contains(number), "{locale:?}: {note}");
            }
        }
    }

    #[test]
    fn the_csv_holds_one_row_per_token_with_q_and_p() {
        let p = with_model();
        let csv = with_chart(
            Locale::Ja,
            &p,
            (0, 0.1, true),
            (Bars::Every, None),
            bar_chart_csv,
        );
        let rows = csv.rows();
        assert_eq!(rows.len(), 1 + p.vocab.len());
        let q = target_row(&p, 0, 0.1);
        for (k, row) in rows[1..].iter().enumerate() {
            assert_eq!(row[0], lab_plot::csv::Cell::text(p.vocab[k].clone()));
            assert_eq!(row[1], lab_plot::csv::Cell::from(f64::from(q[k])));
            assert_eq!(row[2], lab_plot::csv::Cell::from(f64::from(p.row(0)[k])));
        }
    }

    #[test]
    fn a_large_vocabulary_shows_the_target_pad_and_the_likeliest_then_the_rest_as_one_bar() {
        let vocab = 100;
        let mut probs = vec![0.001f32; vocab];
        probs[7] = 0.5;
        probs[9] = 0.2;
        let p = ProbePrediction {
            inputs: vec!["<bos>".into()],
            targets: vec!["w9".into()],
            target_ids: vec![9],
            vocab: (0..vocab).map(|k| format!("w{k}")).collect(),
            probs,
            label_smoothing: 0.1,
            source_input: Default::default(),
        };
        let shown = shown_tokens(&p, 0, MAX_BARS).expect("100 tokens are folded");
        assert_eq!(shown.len(), MAX_BARS - 1, "and one bar for the rest");
        assert_eq!(
            &shown[..3],
            &[9, PAD as usize, 7],
            "target, <pad>, then the likeliest"
        );
        let q: Vec<f64> = target_row(&p, 0, 0.1).into_iter().map(f64::from).collect();
        let folded = fold_rest(&q, &shown);
        assert_eq!(folded.len(), MAX_BARS);
        assert!(
            (folded.iter().sum::<f64>() - 1.0).abs() < 1e-6,
            "no mass is lost"
        );
        let rest = (vocab - MAX_BARS + 1) as f64 * 0.1 / (vocab - 2) as f64;
        assert!(
            (folded[MAX_BARS - 1] - rest).abs() < 1e-6,
            "the rest is ε/(V−2) per token"
        );
        assert_eq!(
            shown_tokens(&with_model(), 0, MAX_BARS),
            None,
            "a small vocabulary keeps every bar"
        );
    }

    /// `书` (book) respelled `書`, as a 繁體中文 page shows it.
    fn traditional() -> Spelling {
        let facts = TaskFacts {
            tgt_vocab: vec!["书".into()],
            tgt_alt: vec!["書".into()],
            ..Default::default()
        };
        Spelling::of(Locale::ZhHant, &facts).expect("zh-Hant")
    }

    /// [`with_model`] with `书` for `犬`.
    fn book() -> ProbePrediction {
        let swap = |t: &String| {
            if t == "犬" {
                "书".to_string()
            } else {
                t.clone()
            }
        };
        let p = with_model();
        ProbePrediction {
            inputs: p.inputs.iter().map(swap).collect(),
            targets: p.targets.iter().map(swap).collect(),
            vocab: p.vocab.iter().map(swap).collect(),
            ..p
        }
    }

    #[test]
    fn the_position_picker_writes_the_targets_in_the_pages_script() {
        let s = traditional();
        assert_eq!(position_label(&book(), 0, Some(&s)), "1: <bos> → 書");
        assert_eq!(position_label(&book(), 1, Some(&s)), "2: 書 → <eos>");
        assert_eq!(position_label(&book(), 0, None), "1: <bos> → 书");
    }

    #[test]
    fn the_bars_follow_the_charts_width_so_their_labels_keep_apart() {
        assert_eq!(bars_for_width(CHART_SIZE.0), MAX_BARS, "a desktop chart");
        for width in [280, 342, 500, 772] {
            let bars = bars_for_width(width);
            assert!((MIN_BARS..=MAX_BARS).contains(&bars));
            if bars > MIN_BARS {
                assert!(
                    bars as u32 * BAR_PX + AROUND_BARS_PX <= width,
                    "{width}: {bars}"
                );
            }
        }
        assert!(bars_for_width(342) < bars_for_width(772));
    }

    #[test]
    fn every_chart_names_its_bars_in_the_pages_script() {
        let s = traditional();
        let categories = |p: &ProbePrediction, bars, spelling| {
            with_chart(Locale::ZhHant, p, (0, 0.1, false), (bars, spelling), |c| {
                c.categories.clone()
            })
        };
        for bars in [Bars::Every, Bars::AtMost(MAX_BARS)] {
            let shown = categories(&book(), bars, Some(&s));
            assert_eq!(shown, ["<pad>", "<bos>", "<eos>", "<unk>", "書"]);
            assert_eq!(categories(&book(), bars, None)[4], "书");
        }
        // A folded chart: the target `书` is the first bar.
        let mut big = book();
        big.vocab
            .extend((big.vocab.len()..100).map(|k| format!("w{k}")));
        big.probs = Vec::new();
        let folded = categories(&big, Bars::AtMost(MAX_BARS), Some(&s));
        assert_eq!(folded.len(), MAX_BARS);
        assert_eq!(folded[0], "書");
        // On a phone's narrower chart, fewer bars, the rest still one bar.
        let phone = bars_for_width(paint::chart_size(CHART_SIZE, 390.0).0);
        let folded = categories(&big, Bars::AtMost(phone), Some(&s));
        assert_eq!(folded.len(), phone);
        assert!((MIN_BARS..MAX_BARS).contains(&phone), "{phone}");
        assert_eq!(categories(&big, Bars::Every, Some(&s))[4], "書", "the CSV");
    }
}
