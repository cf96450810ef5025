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

use super::formula::{Equation, CROSS_ENTROPY, SMOOTHED_TARGET};
use super::state::use_lab;
use crate::plot::draw::{draw_bars, BarChart, BarSet, BLUE, ORANGE};
use lab_math::cross_entropy::entropy_nats;
use lab_math::{cross_entropy_split, smoothed_targets, CrossEntropySplit};
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

/// The probe sentence's targets without the model's probabilities (`probs` is
/// empty), built from the task's dataset as the trainer builds them:
/// inputs `<bos> y₁ … y_m`, targets `y₁ … y_m <eos>`.
pub fn probe_without_model(facts: &TaskFacts) -> ProbePrediction {
    let tgt_vocab = facts.tgt_vocab();
    let words = facts.probe().map(|p| p.tgt.clone()).unwrap_or_default();
    let ids = tgt_vocab.encode_words(&words).ids;
    let target_ids: Vec<u32> = ids.iter().copied().chain([EOS]).collect();
    let input_ids: Vec<u32> = [BOS].into_iter().chain(ids).collect();
    let token = |&id: &u32| tgt_vocab.token(id).to_string();
    ProbePrediction {
        inputs: input_ids.iter().map(token).collect(),
        targets: target_ids.iter().map(token).collect(),
        target_ids,
        vocab: tgt_vocab.tokens().to_vec(),
        probs: Vec::new(),
        label_smoothing: PAPER_EPS as f32,
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
pub fn bar_sets(p: &ProbePrediction, position: usize, eps: f64) -> Vec<BarSet> {
    let q = target_row(p, position, eps)
        .into_iter()
        .map(f64::from)
        .collect();
    let mut sets = vec![BarSet {
        label: format!("target q (ε = {eps:.2})"),
        color: ORANGE,
        values: q,
    }];
    if has_model(p) {
        let values = p.row(position).iter().map(|&x| f64::from(x)).collect();
        sets.push(BarSet {
            label: "model's prediction p".into(),
            color: BLUE,
            values,
        });
    }
    sets
}

/// The option text of one position: what the decoder reads, and what it must predict.
pub fn position_label(p: &ProbePrediction, position: usize) -> String {
    format!(
        "{}: {} → {}",
        position + 1,
        p.inputs[position],
        p.targets[position]
    )
}

/// The loss split in words: the floor always, the KL once the model has run.
pub fn split_text(floor: f64, split: Option<CrossEntropySplit>) -> String {
    match split {
        Some(s) => format!(
            "This position's loss: −Σ q ln p = {:.3} nats = H(q) {floor:.3} (the floor) \
             + KL(q ‖ p) {:.3} (what training can still remove).",
            s.loss, s.kl
        ),
        None => format!(
            "Floor H(q) = {floor:.3} nats. The model's distribution, and the KL part of the \
             loss, appear here once the model has run on the probe sentence."
        ),
    }
}

/// How q spreads its mass, in words and numbers.
pub fn spread_note(vocab: usize, eps: f64) -> String {
    let others = vocab - 2;
    format!(
        "The correct token gets 1 − ε = {:.2}; each of the other V − 2 = {others} tokens gets \
         ε / {others} = {:.5}; PAD gets 0.",
        1.0 - eps,
        eps / others as f64
    )
}

#[component]
pub fn SmoothingView() -> impl IntoView {
    let lab = use_lab();
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
    let position = RwSignal::new(0usize);
    let pos = Memo::new(move |_| {
        position
            .get()
            .min(probe.with(|p| p.targets.len().saturating_sub(1)))
    });
    let log = RwSignal::new(false);

    let canvas = NodeRef::<Canvas>::new();
    Effect::new(move |_| {
        let (e, i, log) = (eps.get(), pos.get(), log.get());
        probe.with(|p| {
            let Some(c) = canvas.get() else { return };
            let chart = BarChart {
                categories: p.vocab.clone(),
                sets: bar_sets(p, i, e),
                x_label: "target vocabulary (token id order)",
                y_label: "probability",
                y_range: if log { (LOG_FLOOR, 1.0) } else { (0.0, 1.0) },
                log_y: log,
                highlight: Some(p.target_ids[i] as usize),
                font_px: 14,
            };
            draw_bars(&c, &chart);
        });
    });

    let split_line = move || {
        let (e, i) = (eps.get(), pos.get());
        probe.with(|p| split_text(entropy_nats(&target_row(p, i, e)), loss_split(p, i, e)))
    };
    let spread = move || {
        let trained = model_eps
            .get()
            .map(|e| format!(" The running model trains with ε = {e:.2}."));
        let note = probe.with(|p| spread_note(p.vocab.len(), eps.get()));
        format!("{note}{}", trained.unwrap_or_default())
    };
    let (e_min, e_max, e_step) = EPS_SLIDER;
    view! {
        <section id="smoothing" class="view" data-testid="smoothing-view">
            <h2>"7 · Label smoothing"</h2>
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
                <PositionSelect probe=probe position=position shown=pos/>
                <label>
                    <input type="checkbox" data-testid="smoothing-log"
                        on:change=move |ev| log.set(event_target_checked(&ev))/>
                    " log scale"
                </label>
            </div>
            <p class="hint">{spread}</p>
            <canvas node_ref=canvas data-testid="smoothing-chart" width="1280" height="420"
                class="chart" role="img" aria-label="Bar chart over the target vocabulary: the \
                smoothed target distribution q and the model's predicted distribution p for one \
                target token of the probe sentence"></canvas>
            <Equation formula=CROSS_ENTROPY/>
            <p class="readout" data-testid="smoothing-split" aria-live="polite">{split_line}</p>
            <p>
                "Why the training loss never reaches 0: with ε > 0 the target q is itself spread "
                "out, so even a model that predicts q exactly still pays its entropy H(q) on every "
                "token; only the KL part can be trained away. The held-out loss is measured "
                "against one-hot targets instead."
            </p>
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
) -> impl IntoView {
    let options = move || {
        probe.with(|p| {
            (0..p.targets.len())
                .map(|i| {
                    let label = position_label(p, i);
                    let selected = move || shown.get() == i;
                    view! { <option value=i.to_string() selected=selected>{label}</option> }
                })
                .collect_view()
        })
    };
    view! {
        <label>"target token "
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
        assert_eq!(position_label(&p, 0), "1: <bos> → 大きい");
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
        assert_eq!(
            split_text(0.758, Some(split)),
            "This position's loss: −Σ q ln p = 0.770 nats = H(q) 0.758 (the floor) \
             + KL(q ‖ p) 0.012 (what training can still remove)."
        );
        assert!(split_text(0.758, None).starts_with("Floor H(q) = 0.758 nats."));
    }

    #[test]
    fn the_bars_are_q_then_p_over_the_whole_vocabulary() {
        let p = with_model();
        let sets = bar_sets(&p, 1, 0.0);
        assert_eq!(sets.len(), 2);
        assert_eq!(sets[0].values, vec![0.0, 0.0, 1.0, 0.0, 0.0]);
        assert_eq!(
            sets[1].values,
            p.row(1).iter().map(|&x| f64::from(x)).collect::<Vec<_>>()
        );
        assert_eq!(
            bar_sets(&en_ja(), 0, 0.1).len(),
            1,
            "no model yet: the target only"
        );
    }

    #[test]
    fn the_spread_note_gives_the_per_token_share() {
        assert_eq!(
            spread_note(78, 0.1),
            "The correct token gets 1 − ε = 0.90; each of the other V − 2 = 76 tokens gets \
             ε / 76 = 0.00132; PAD gets 0."
        );
    }
}
