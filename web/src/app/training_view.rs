//! View 5: settings, validated as they are typed, and the live training curves.

use super::formula::{Equation, FFN};
use super::state::{use_lab, Lab};
use super::toolbar::reset;
use crate::plot::draw::{draw_lines, LineChart, Series, BLUE, GREEN, ORANGE, PURPLE, VERMILLION};
use lab_math::noam_rate;
use lab_protocol::{NormPlacement, Settings};
use leptos::html::Canvas;
use leptos::prelude::*;
use plotters::prelude::SeriesLabelPosition;

/// One numeric field of the settings form.
#[component]
fn Field(
    /// The field's name as in `Settings` (also its `data-testid` suffix).
    name: &'static str,
    /// What the learner sees.
    label: &'static str,
    /// Read the field from settings.
    get: fn(&Settings) -> String,
    /// Write text into settings; `Err` when it is not a number.
    set: fn(&mut Settings, &str) -> Result<(), String>,
) -> impl IntoView {
    let lab = use_lab();
    let parse_problem = RwSignal::new(String::new());
    let problem = move || {
        let p = parse_problem.get();
        if !p.is_empty() {
            return p;
        }
        lab.draft.with(|s| {
            s.validate()
                .err()
                .map(|e| {
                    e.problems
                        .iter()
                        .filter(|p| p.field == name)
                        .map(|p| p.message.clone())
                        .collect::<Vec<_>>()
                        .join("; ")
                })
                .unwrap_or_default()
        })
    };
    view! {
        <label class="field" class:invalid=move || !problem().is_empty()>
            <span>{label}</span>
            <input type="text" inputmode="decimal" data-testid=format!("setting-{name}") prop:value=move || lab.draft.with(get)
                on:change=move |ev| {
                    let text = event_target_value(&ev);
                    let mut s = lab.draft.get_untracked();
                    match set(&mut s, text.trim()) {
                        Ok(()) => { parse_problem.set(String::new()); lab.draft.set(s) }
                        Err(e) => parse_problem.set(e),
                    }
                }/>
            <small class="problem">{problem}</small>
        </label>
    }
}

fn num<T: std::str::FromStr>(text: &str, what: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("{what} must be a number, got {text:?}"))
}

/// The legend of the train loss: it names label smoothing only when it is on.
pub fn train_loss_label(smoothing: f32) -> String {
    if smoothing > 0.0 {
        format!("train (label-smoothed, ε = {smoothing})")
    } else {
        "train".to_string()
    }
}

/// Why the train loss stops short of 0, in one line, or nothing without smoothing.
/// `vocab_size` is the target vocabulary the worker reports.
pub fn floor_line(smoothing: f32, vocab_size: usize) -> Option<String> {
    (smoothing > 0.0 && vocab_size >= 3).then(|| {
        let floor = lab_math::cross_entropy::smoothing_floor(vocab_size, f64::from(smoothing), lab_tasks::PAD as usize);
        format!(
            "The train loss is label-smoothed (ε = {smoothing}), so it cannot fall below {floor:.2} nats per token: the entropy of the smoothed target, \
             which spreads ε over the other {} words. The held-out loss is plain cross-entropy and can approach 0.",
            vocab_size - 2
        )
    })
}

fn charts(lab: Lab, loss: NodeRef<Canvas>, acc: NodeRef<Canvas>, lr: NodeRef<Canvas>, log: bool) {
    let (curves, settings) = (lab.curves.get(), lab.model.get().map(|m| m.settings));
    let train = |f: fn(&lab_protocol::TrainPoint) -> f64| {
        curves
            .train
            .iter()
            .map(|p| (p.step as f64, f(p)))
            .collect::<Vec<_>>()
    };
    let eval = |f: fn(&crate::plot::curves::EvalPoint) -> f64| {
        curves
            .eval
            .iter()
            .map(|p| (p.step as f64, f(p)))
            .collect::<Vec<_>>()
    };
    if let Some(c) = loss.get() {
        let series = vec![
            Series {
                label: train_loss_label(settings.as_ref().map_or(0.0, |s| s.label_smoothing)),
                color: BLUE,
                points: train(|p| p.loss as f64),
                dots: false,
            },
            Series {
                label: "held-out".into(),
                color: VERMILLION,
                points: eval(|p| p.loss as f64),
                dots: true,
            },
        ];
        draw_lines(
            &c,
            &LineChart {
                x_label: "step",
                y_label: "loss (per token)",
                series,
                log_y: log,
                y_fixed: None,
                font_px: 16,
                legend_at: SeriesLabelPosition::UpperRight,
            },
        );
    }
    if let Some(c) = acc.get() {
        let series = vec![
            Series {
                label: "train token accuracy".into(),
                color: BLUE,
                points: train(|p| p.token_accuracy as f64),
                dots: false,
            },
            Series {
                label: "held-out token accuracy".into(),
                color: ORANGE,
                points: eval(|p| p.token_accuracy as f64),
                dots: true,
            },
            Series {
                label: "held-out exact match".into(),
                color: GREEN,
                points: eval(|p| p.exact_match as f64),
                dots: true,
            },
        ];
        draw_lines(
            &c,
            &LineChart {
                x_label: "step",
                y_label: "fraction",
                series,
                log_y: false,
                y_fixed: Some((0.0, 1.0)),
                font_px: 16,
                legend_at: SeriesLabelPosition::UpperLeft,
            },
        );
    }
    if let Some(c) = lr.get() {
        // The planned schedule underneath, the rates actually used on top.
        let mut series = Vec::new();
        if let Some(s) = settings {
            let last = curves
                .train
                .last()
                .map(|p| p.step)
                .unwrap_or(0)
                .max(s.warmup_steps * 3);
            let plan = (1..=last)
                .step_by((last / 300).max(1))
                .map(|t| {
                    (
                        t as f64,
                        noam_rate(t, s.d_model, s.warmup_steps, s.lr_factor as f64),
                    )
                })
                .collect();
            series.push(Series {
                label: "Noam schedule (planned)".into(),
                color: PURPLE,
                points: plan,
                dots: false,
            });
        }
        series.push(Series {
            label: "learning rate used".into(),
            color: BLUE,
            points: train(|p| p.learning_rate),
            dots: false,
        });
        draw_lines(
            &c,
            &LineChart {
                x_label: "step",
                y_label: "learning rate",
                series,
                log_y: log,
                y_fixed: None,
                font_px: 16,
                legend_at: SeriesLabelPosition::LowerRight,
            },
        );
    }
}

#[component]
pub fn TrainingView() -> impl IntoView {
    let lab = use_lab();
    let log = RwSignal::new(false);
    let (loss, acc, lr) = (
        NodeRef::<Canvas>::new(),
        NodeRef::<Canvas>::new(),
        NodeRef::<Canvas>::new(),
    );
    Effect::new(move |_| charts(lab, loss, acc, lr, log.get()));
    let invalid = move || lab.draft.with(|s| s.validate().is_err());
    let eval_line = move || {
        lab.eval.with(|e| match e {
            None => "Held-out evaluation: not run yet.".to_string(),
            Some(e) => {
                let best = e.best_aligned_head().map(|(l, h, a)| format!("; best-aligned cross-attention head: layer {} head {} ({:.0}% agreement with the gold alignment)", l + 1, h + 1, a * 100.0)).unwrap_or_default();
                format!("Held-out at step {}: loss {:.3}, token accuracy {:.1}%, exact match {:.1}%, BLEU {:.1} on {} sentences{best}.", e.step, e.loss, e.token_accuracy * 100.0, e.exact_match * 100.0, e.bleu, e.sentences)
            }
        })
    };
    view! {
        <section id="training" class="view">
            <h2>"5 · Training"</h2>
            <p>"▶ Train runs in the worker; the page stays responsive. Reset starts from scratch with these settings; the same seed gives the same run."</p>
            <div class="settings">
                <Field name="seed" label="seed" get=|s| s.seed.to_string() set=|s, t| { s.seed = num(t, "seed")?; Ok(()) }/>
                <Field name="d_model" label="d_model" get=|s| s.d_model.to_string() set=|s, t| { s.d_model = num(t, "d_model")?; Ok(()) }/>
                <Field name="n_heads" label="heads" get=|s| s.n_heads.to_string() set=|s, t| { s.n_heads = num(t, "heads")?; Ok(()) }/>
                <Field name="n_layers" label="layers" get=|s| s.n_layers.to_string() set=|s, t| { s.n_layers = num(t, "layers")?; Ok(()) }/>
                <Field name="d_ff" label="d_ff" get=|s| s.d_ff.to_string() set=|s, t| { s.d_ff = num(t, "d_ff")?; Ok(()) }/>
                <Field name="dropout" label="dropout" get=|s| s.dropout.to_string() set=|s, t| { s.dropout = num(t, "dropout")?; Ok(()) }/>
                <Field name="warmup_steps" label="warm-up steps" get=|s| s.warmup_steps.to_string() set=|s, t| { s.warmup_steps = num(t, "warm-up")?; Ok(()) }/>
                <Field name="lr_factor" label="learning-rate factor" get=|s| s.lr_factor.to_string() set=|s, t| { s.lr_factor = num(t, "the learning-rate factor")?; Ok(()) }/>
                <Field name="label_smoothing" label="label smoothing" get=|s| s.label_smoothing.to_string() set=|s, t| { s.label_smoothing = num(t, "label smoothing")?; Ok(()) }/>
                <Field name="batch_size" label="batch size" get=|s| s.batch_size.to_string() set=|s, t| { s.batch_size = num(t, "batch size")?; Ok(()) }/>
                <label class="field">
                    <span>"norm placement"</span>
                    <select data-testid="setting-norm" on:change=move |ev| {
                        let norm = if event_target_value(&ev) == "pre" { NormPlacement::Pre } else { NormPlacement::Post };
                        lab.draft.update(|s| s.norm = norm);
                    }>
                        <option value="post" selected=move || lab.draft.with(|s| s.norm == NormPlacement::Post)>"post-norm (paper)"</option>
                        <option value="pre" selected=move || lab.draft.with(|s| s.norm == NormPlacement::Pre)>"pre-norm"</option>
                    </select>
                    <small>{move || lab.draft.with(|s| s.norm.formula())}</small>
                </label>
            </div>
            <p class="settings-status">
                {move || lab.draft.with(|s| match s.validate() {
                    Ok(()) => format!("Valid: d_k = d_model / heads = {}.", s.d_k()),
                    Err(e) => format!("Not valid, so it cannot be run: {e}"),
                })}
                " "
                <button data-testid="settings-apply" disabled=invalid on:click=move |_| reset(lab)>"Train from scratch with these settings"</button>
            </p>
            <details class="model-parts">
                <summary>"What each layer computes besides attention"</summary>
                <Equation formula=FFN/>
            </details>
            <p class="model-line">{move || lab.model.with(|m| m.as_ref().map(|m| format!("Current model: {}, {}, d_model {}, {} heads, {} layers, {}.", m.settings.task.label(), m.origin.label(), m.settings.d_model, m.settings.n_heads, m.settings.n_layers, m.settings.norm.formula())).unwrap_or_default())}</p>
            <p class="readouts">
                "steps: " <b>{move || lab.step.get()}</b>
                "   tokens/s: " <b>{move || format!("{:.0}", lab.tokens_per_s.get())}</b>
                "   " <label><input type="checkbox" data-testid="log-scale" on:change=move |ev| log.set(event_target_checked(&ev))/>" log scale (loss and learning rate)"</label>
            </p>
            <p class="readouts" data-testid="eval-summary">{eval_line}</p>
            <p class="hint" data-testid="smoothing-floor">
                {move || {
                    let smoothing = lab.model.with(|m| m.as_ref().map_or(0.0, |m| m.settings.label_smoothing));
                    let vocab = lab.prediction.with(|p| p.as_ref().map_or(0, |p| p.vocab.len()));
                    floor_line(smoothing, vocab)
                }}
            </p>
            <div class="charts">
                <figure><figcaption>"Loss: train and held-out"</figcaption>
                    <canvas node_ref=loss data-testid="loss-chart" width="620" height="340" class="chart" role="img" aria-label="Training and held-out loss by step"></canvas></figure>
                <figure><figcaption>"Token accuracy and exact match"</figcaption>
                    <canvas node_ref=acc data-testid="accuracy-chart" width="620" height="340" class="chart" role="img" aria-label="Accuracy by step"></canvas></figure>
                <figure><figcaption>"Learning rate (Noam: warm-up, then 1/√step)"</figcaption>
                    <canvas node_ref=lr data-testid="lr-chart" width="620" height="340" class="chart" role="img" aria-label="Learning rate by step"></canvas></figure>
            </div>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_legend_names_smoothing_only_when_it_is_on() {
        assert_eq!(train_loss_label(0.0), "train");
        assert!(train_loss_label(0.1).contains("label-smoothed"));
    }

    #[test]
    fn the_floor_line_gives_the_entropy_of_the_smoothed_target() {
        assert_eq!(floor_line(0.0, 78), None);
        let line = floor_line(0.1, 78).expect("smoothing is on");
        let floor = lab_math::cross_entropy::smoothing_floor(78, 0.1, 0);
        assert!(line.contains(&format!("{floor:.2} nats")), "{line}");
    }
}
