//! View 5: settings, validated as they are typed, and the live training curves.

use crate::components::export::ExportBar;
use crate::components::formula::{Equation, FFN};
use crate::components::paint;
use crate::i18n::problems::{setting_problem, settings_error};
use crate::i18n::{labels, text, text_args, Locale};
use crate::shell::i18n::{use_i18n, Arg};
use crate::shell::state::use_lab;
use crate::shell::toolbar::reset;
use lab_math::noam_rate;
use lab_plot::canvas::draw_lines;
use lab_plot::csv::line_chart_csv;
use lab_plot::draw::{LineChart, Series, BLUE, GREEN, ORANGE, PURPLE, VERMILLION};
use lab_plot::svg;
use lab_protocol::{Curves, EvalPoint};
use lab_protocol::{NormPlacement, Settings, TrainPoint};
use leptos::html::Canvas;
use leptos::prelude::*;
use plotters::prelude::SeriesLabelPosition;

/// Every training chart's size in pixels, on the page and in the SVG.
const CHART_SIZE: (u32, u32) = (620, 340);
/// Points of the planned schedule on the learning-rate chart.
const PLAN_POINTS: usize = 300;
/// The planned schedule reaches at least this many warm-ups.
const PLAN_WARMUPS: usize = 3;

/// One numeric field of the settings form.
#[component]
fn Field(
    /// The field's name as in `Settings` (also its `data-testid` suffix).
    name: &'static str,
    /// The message id of what the learner sees.
    label: &'static str,
    /// Read the field from settings.
    get: fn(&Settings) -> String,
    /// Write text into settings; `Err(())` when it is not a number.
    set: fn(&mut Settings, &str) -> Result<(), ()>,
) -> impl IntoView {
    let lab = use_lab();
    let i18n = use_i18n();
    // What was typed when it was not a number; the message is made when shown.
    let not_a_number = RwSignal::new(None::<String>);
    let problem = move || {
        let locale = i18n.locale.get();
        if let Some(typed) = not_a_number.get() {
            return text_args(
                locale,
                "training-not-a-number",
                &[
                    ("field", Arg::from(text(locale, label))),
                    ("got", Arg::from(format!("{typed:?}"))),
                ],
            );
        }
        lab.draft.with(|s| {
            s.validate()
                .err()
                .map(|e| {
                    e.problems
                        .iter()
                        .filter(|p| p.field == name)
                        .map(|p| setting_problem(locale, p))
                        .collect::<Vec<_>>()
                        .join("; ")
                })
                .unwrap_or_default()
        })
    };
    view! {
        <label class="field" class:invalid=move || !problem().is_empty()>
            <span>{i18n.t(label)}</span>
            <input type="text" inputmode="decimal" data-testid=format!("setting-{name}") prop:value=move || lab.draft.with(get)
                on:change=move |ev| {
                    let typed = event_target_value(&ev);
                    let mut s = lab.draft.get_untracked();
                    match set(&mut s, typed.trim()) {
                        Ok(()) => { not_a_number.set(None); lab.draft.set(s) }
                        Err(()) => not_a_number.set(Some(typed)),
                    }
                }/>
            <small class="problem">{problem}</small>
        </label>
    }
}

fn num<T: std::str::FromStr>(text: &str) -> Result<T, ()> {
    text.parse().map_err(|_| ())
}

/// The name of a norm placement, and its formula (math, kept as it is).
pub fn norm_parts(locale: Locale, norm: NormPlacement) -> (String, &'static str) {
    let name = match norm {
        NormPlacement::Post => text(locale, "training-norm-post"),
        NormPlacement::Pre => text(locale, "training-norm-pre"),
    };
    // `formula()` is "name: formula"; the name is said in the page's language.
    let formula = norm.formula();
    (name, formula.split_once(": ").map_or(formula, |(_, f)| f))
}

/// The legend of the train loss: it names label smoothing only when it is on.
pub fn train_loss_label(locale: Locale, smoothing: f32) -> String {
    if smoothing > 0.0 {
        text_args(
            locale,
            "training-legend-train-smoothed",
            &[("eps", smoothing.to_string().into())],
        )
    } else {
        text(locale, "training-legend-train")
    }
}

/// Why the train loss stops short of 0, in one line, or nothing without smoothing.
/// `vocab_size` is the target vocabulary the worker reports.
pub fn floor_line(locale: Locale, smoothing: f32, vocab_size: usize) -> Option<String> {
    (smoothing > 0.0 && vocab_size >= 3).then(|| {
        let floor = lab_math::cross_entropy::smoothing_floor(
            vocab_size,
            f64::from(smoothing),
            lab_tasks::PAD as usize,
        );
        text_args(
            locale,
            "training-floor",
            &[
                ("eps", smoothing.to_string().into()),
                ("floor", format!("{floor:.2}").into()),
                ("others", (vocab_size - 2).into()),
            ],
        )
    })
}

/// The three charts of the view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chart {
    Loss,
    Accuracy,
    Rate,
}

/// A chart's translated axis names and its curves, as drawn and exported.
pub struct ChartData {
    pub x_label: String,
    pub y_label: String,
    pub series: Vec<Series>,
}

impl Chart {
    /// The export's file name.
    fn file_name(self) -> &'static str {
        match self {
            Chart::Loss => "training-loss",
            Chart::Accuracy => "training-accuracy",
            Chart::Rate => "training-learning-rate",
        }
    }

    /// The chart of `data`, handed to `f`: one definition for the canvas,
    /// the SVG and the CSV.
    pub fn with_chart<R>(self, data: ChartData, log: bool, f: impl FnOnce(&LineChart) -> R) -> R {
        let (log_y, y_fixed, legend_at) = match self {
            Chart::Loss => (log, None, SeriesLabelPosition::UpperRight),
            Chart::Accuracy => (false, Some((0.0, 1.0)), SeriesLabelPosition::UpperLeft),
            Chart::Rate => (log, None, SeriesLabelPosition::LowerRight),
        };
        let ChartData {
            x_label,
            y_label,
            series,
        } = data;
        f(&LineChart {
            x_label: &x_label,
            y_label: &y_label,
            series,
            log_y,
            y_fixed,
            font_px: 16,
            legend_at,
        })
    }

    /// The curves of this chart: steps against the model's own numbers.
    pub fn data(self, locale: Locale, curves: &Curves, settings: Option<&Settings>) -> ChartData {
        let train = |f: fn(&TrainPoint) -> f64| -> Vec<(f64, f64)> {
            curves.train.iter().map(|p| (p.step as f64, f(p))).collect()
        };
        let eval = |f: fn(&EvalPoint) -> f64| -> Vec<(f64, f64)> {
            curves.eval.iter().map(|p| (p.step as f64, f(p))).collect()
        };
        let t = |id: &str| text(locale, id);
        let line = |label: String, color, points, dots| Series {
            label,
            color,
            points,
            dots,
        };
        let (y_label, series) = match self {
            Chart::Loss => (
                t("training-axis-loss"),
                vec![
                    line(
                        train_loss_label(locale, settings.map_or(0.0, |s| s.label_smoothing)),
                        BLUE,
                        train(|p| f64::from(p.loss)),
                        false,
                    ),
                    line(
                        t("training-legend-held-out"),
                        VERMILLION,
                        eval(|p| f64::from(p.loss)),
                        true,
                    ),
                ],
            ),
            Chart::Accuracy => (
                t("training-axis-fraction"),
                vec![
                    line(
                        t("training-legend-train-accuracy"),
                        BLUE,
                        train(|p| f64::from(p.token_accuracy)),
                        false,
                    ),
                    line(
                        t("training-legend-held-out-accuracy"),
                        ORANGE,
                        eval(|p| f64::from(p.token_accuracy)),
                        true,
                    ),
                    line(
                        t("training-legend-held-out-exact"),
                        GREEN,
                        eval(|p| f64::from(p.exact_match)),
                        true,
                    ),
                ],
            ),
            Chart::Rate => {
                // The planned schedule underneath, the rates actually used on top.
                let mut series = Vec::new();
                if let Some(s) = settings {
                    series.push(line(
                        t("training-legend-planned"),
                        PURPLE,
                        planned_rates(s, curves.last_train().map_or(0, |p| p.step)),
                        false,
                    ));
                }
                series.push(line(
                    t("training-legend-rate-used"),
                    BLUE,
                    train(|p| p.learning_rate),
                    false,
                ));
                (t("training-axis-rate"), series)
            }
        };
        ChartData {
            x_label: t("training-axis-step"),
            y_label,
            series,
        }
    }
}

/// The Noam schedule of `s` by `lab_math::noam_rate`, up to the last step
/// trained or a few warm-ups, whichever is later.
pub fn planned_rates(s: &Settings, last_step: usize) -> Vec<(f64, f64)> {
    let last = last_step.max(s.warmup_steps * PLAN_WARMUPS);
    (1..=last)
        .step_by((last / PLAN_POINTS).max(1))
        .map(|t| {
            (
                t as f64,
                noam_rate(t, s.d_model, s.warmup_steps, f64::from(s.lr_factor)),
            )
        })
        .collect()
}

/// The held-out line: the latest evaluation, or that none has run.
fn eval_text(locale: Locale, e: Option<&lab_protocol::EvalReport>) -> String {
    let Some(e) = e else {
        return text(locale, "training-eval-none");
    };
    let percent = |v: f32| format!("{:.1}", v * 100.0);
    let summary = text_args(
        locale,
        "training-eval",
        &[
            ("step", e.step.into()),
            ("loss", format!("{:.3}", e.loss).into()),
            ("accuracy", percent(e.token_accuracy).into()),
            ("exact", percent(e.exact_match).into()),
            ("bleu", format!("{:.1}", e.bleu).into()),
            ("sentences", e.sentences.into()),
        ],
    );
    match e.best_aligned_head() {
        None => summary,
        Some((l, h, a)) => text_args(
            locale,
            "training-eval-best-head",
            &[
                ("summary", summary.into()),
                ("layer", (l + 1).into()),
                ("head", (h + 1).into()),
                ("agreement", format!("{:.0}", a * 100.0).into()),
            ],
        ),
    }
}

/// One chart of the view: its canvas, drawn from [`Chart::data`], and its export bar.
#[component]
fn TrainingChart(
    which: Chart,
    /// Plot the loss and the learning rate on a log scale.
    log: RwSignal<bool>,
    /// The message id of the caption above the chart.
    caption: &'static str,
    /// The message id of the canvas's accessible name.
    label: &'static str,
    testid: &'static str,
) -> impl IntoView {
    let lab = use_lab();
    let i18n = use_i18n();
    let canvas = NodeRef::<Canvas>::new();
    let data = move || {
        let settings = lab.model.with(|m| m.as_ref().map(|m| m.settings.clone()));
        lab.curves
            .with(|c| which.data(i18n.locale.get(), c, settings.as_ref()))
    };
    Effect::new(move |_| {
        let (d, log) = (data(), log.get());
        let Some(c) = canvas.get() else { return };
        paint::later(&c.clone(), move || {
            which.with_chart(d, log, |chart| draw_lines(&c, chart))
        });
    });
    let to_svg = move || {
        which.with_chart(data(), log.get_untracked(), |chart| {
            svg::lines(chart, CHART_SIZE)
        })
    };
    let to_csv = move || which.with_chart(data(), false, |chart| line_chart_csv(chart).to_string());
    view! {
        <figure><figcaption>{i18n.t(caption)}</figcaption>
            <div><canvas node_ref=canvas data-testid=testid width=CHART_SIZE.0 height=CHART_SIZE.1
                class="chart" role="img" aria-label=i18n.t(label)></canvas></div>
            <ExportBar name=which.file_name() canvas=canvas svg=to_svg csv=to_csv/>
        </figure>
    }
}

#[component]
pub fn TrainingView() -> impl IntoView {
    let lab = use_lab();
    let i18n = use_i18n();
    let log = RwSignal::new(false);
    let invalid = move || lab.draft.with(|s| s.validate().is_err());
    let eval_line = move || lab.eval.with(|e| eval_text(i18n.locale.get(), e.as_ref()));
    let status = move || {
        let locale = i18n.locale.get();
        lab.draft.with(|s| match s.validate() {
            Ok(()) => text_args(locale, "training-valid", &[("d_k", s.d_k().into())]),
            Err(e) => text_args(
                locale,
                "training-invalid",
                &[("problems", settings_error(locale, &e).into())],
            ),
        })
    };
    let model_line = move || {
        let locale = i18n.locale.get();
        lab.model.with(|m| {
            m.as_ref().map(|m| {
                let s = &m.settings;
                let (norm, _) = norm_parts(locale, s.norm);
                text_args(
                    locale,
                    "training-model",
                    &[
                        ("task", text(locale, labels::task(s.task)).into()),
                        ("origin", text(locale, labels::origin(m.origin)).into()),
                        ("d_model", s.d_model.into()),
                        ("heads", s.n_heads.into()),
                        ("layers", s.n_layers.into()),
                        ("norm", norm.into()),
                    ],
                )
            })
        })
    };
    // The option names the placement; this line shows its formula.
    let norm_line = move || lab.draft.with(|s| norm_parts(i18n.locale.get(), s.norm).1);
    view! {
        <section id=crate::panels::ids::TRAINING class="view">
            <h2>{i18n.t("training-title")}</h2>
            <p>{i18n.t("training-intro")}</p>
            <div class="settings">
                <Field name="seed" label="training-field-seed" get=|s| s.seed.to_string() set=|s, t| { s.seed = num(t)?; Ok(()) }/>
                <Field name="d_model" label="training-field-d-model" get=|s| s.d_model.to_string() set=|s, t| { s.d_model = num(t)?; Ok(()) }/>
                <Field name="n_heads" label="training-field-heads" get=|s| s.n_heads.to_string() set=|s, t| { s.n_heads = num(t)?; Ok(()) }/>
                <Field name="n_layers" label="training-field-layers" get=|s| s.n_layers.to_string() set=|s, t| { s.n_layers = num(t)?; Ok(()) }/>
                <Field name="d_ff" label="training-field-d-ff" get=|s| s.d_ff.to_string() set=|s, t| { s.d_ff = num(t)?; Ok(()) }/>
                <Field name="dropout" label="training-field-dropout" get=|s| s.dropout.to_string() set=|s, t| { s.dropout = num(t)?; Ok(()) }/>
                <Field name="warmup_steps" label="training-field-warmup" get=|s| s.warmup_steps.to_string() set=|s, t| { s.warmup_steps = num(t)?; Ok(()) }/>
                <Field name="lr_factor" label="training-field-lr-factor" get=|s| s.lr_factor.to_string() set=|s, t| { s.lr_factor = num(t)?; Ok(()) }/>
                <Field name="label_smoothing" label="training-field-smoothing" get=|s| s.label_smoothing.to_string() set=|s, t| { s.label_smoothing = num(t)?; Ok(()) }/>
                <Field name="batch_size" label="training-field-batch" get=|s| s.batch_size.to_string() set=|s, t| { s.batch_size = num(t)?; Ok(()) }/>
                <label class="field">
                    <span>{i18n.t("training-field-norm")}</span>
                    <select data-testid="setting-norm" on:change=move |ev| {
                        let norm = if event_target_value(&ev) == "pre" { NormPlacement::Pre } else { NormPlacement::Post };
                        lab.draft.update(|s| s.norm = norm);
                    }>
                        <option value="post" selected=move || lab.draft.with(|s| s.norm == NormPlacement::Post)>{i18n.t("training-norm-post-option")}</option>
                        <option value="pre" selected=move || lab.draft.with(|s| s.norm == NormPlacement::Pre)>{i18n.t("training-norm-pre")}</option>
                    </select>
                    <small><code>{norm_line}</code></small>
                </label>
            </div>
            <p class="settings-status">
                {status}
                " "
                <button data-testid="settings-apply" disabled=invalid on:click=move |_| reset(lab)>{i18n.t("training-apply")}</button>
            </p>
            <details class="model-parts">
                <summary>{i18n.t("training-model-parts")}</summary>
                <Equation formula=FFN/>
            </details>
            <p class="model-line">{model_line}</p>
            <p class="readouts">
                {i18n.t("training-steps")}" " <b>{move || lab.step.get()}</b>
                "   "{i18n.t("training-tokens-per-s")}" " <b>{move || format!("{:.0}", lab.tokens_per_s.get())}</b>
                "   " <label><input type="checkbox" data-testid="log-scale" on:change=move |ev| log.set(event_target_checked(&ev))/>" "{i18n.t("training-log-scale")}</label>
            </p>
            // The numbers as data too (tests and `cargo xtask measure` read them,
            // whatever the language): the step and the exact match in percent.
            <p class="readouts" data-testid="eval-summary"
                data-step=move || lab.eval.with(|e| e.as_ref().map(|e| e.step.to_string()))
                data-exact-match=move || lab.eval.with(|e| e.as_ref().map(|e| (100.0 * e.exact_match).to_string()))>
                {eval_line}
            </p>
            <p class="hint" data-testid="smoothing-floor">
                {move || {
                    let smoothing = lab.model.with(|m| m.as_ref().map_or(0.0, |m| m.settings.label_smoothing));
                    let vocab = lab.prediction.with(|p| p.as_ref().map_or(0, |p| p.vocab.len()));
                    floor_line(i18n.locale.get(), smoothing, vocab)
                }}
            </p>
            <div class="charts">
                <TrainingChart which=Chart::Loss log=log caption="training-loss-caption"
                    label="training-loss-label" testid="loss-chart"/>
                <TrainingChart which=Chart::Accuracy log=log caption="training-accuracy-caption"
                    label="training-accuracy-label" testid="accuracy-chart"/>
                <TrainingChart which=Chart::Rate log=log caption="training-rate-caption"
                    label="training-rate-label" testid="lr-chart"/>
            </div>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lab_plot::csv::Cell;
    use lab_tasks::TaskKind;

    #[test]
    fn the_legend_names_smoothing_only_when_it_is_on() {
        assert_eq!(train_loss_label(Locale::En, 0.0), "train");
        assert!(train_loss_label(Locale::En, 0.1).contains("label-smoothed"));
        assert!(train_loss_label(Locale::Ja, 0.1).contains("0.1"));
    }

    #[test]
    fn the_floor_line_gives_the_entropy_of_the_smoothed_target() {
        assert_eq!(floor_line(Locale::En, 0.0, 78), None);
        let floor = lab_math::cross_entropy::smoothing_floor(78, 0.1, 0);
        for locale in Locale::ALL {
            let line = floor_line(locale, 0.1, 78).expect("smoothing is on");
            assert!(line.contains(&format!("{floor:.2}")), "{line}");
            assert!(line.contains("76"), "{line}");
        }
    }

    fn curves() -> Curves {
        let mut c = Curves::default();
        let points: Vec<TrainPoint> = (1..=5)
            .map(|step| TrainPoint {
                step,
                loss: 3.0 / step as f32,
                token_accuracy: step as f32 / 10.0,
                learning_rate: step as f64 * 1e-4,
            })
            .collect();
        c.push_train(&points);
        c.push_eval(EvalPoint {
            step: 4,
            loss: 1.5,
            token_accuracy: 0.25,
            exact_match: 0.125,
        });
        c
    }

    #[test]
    fn the_loss_csv_holds_the_plotted_numbers_by_step() {
        let c = curves();
        let data = Chart::Loss.data(Locale::Ja, &c, None);
        let csv = Chart::Loss.with_chart(data, false, line_chart_csv);
        let rows = csv.rows();
        assert_eq!(
            rows[0][0],
            Cell::text(text(Locale::Ja, "training-axis-step"))
        );
        assert_eq!(rows.len(), 1 + c.train.len());
        for (row, p) in rows[1..].iter().zip(&c.train) {
            assert_eq!(row[0], Cell::from(p.step as f64));
            assert_eq!(row[1], Cell::from(f64::from(p.loss)));
        }
        // The held-out loss sits on its own step, the other rows are empty.
        assert_eq!(rows[4][2], Cell::from(1.5f64));
        assert_eq!(rows[1][2], Cell::empty());
    }

    #[test]
    fn the_accuracy_chart_has_train_held_out_and_exact_match() {
        let data = Chart::Accuracy.data(Locale::En, &curves(), None);
        let ys: Vec<Vec<f64>> = data
            .series
            .iter()
            .map(|s| s.points.iter().map(|p| p.1).collect())
            .collect();
        assert_eq!(ys[1], vec![0.25]);
        assert_eq!(ys[2], vec![0.125]);
        assert_eq!(ys[0].len(), 5);
    }

    #[test]
    fn the_rate_chart_plans_noam_rates_under_the_rates_used() {
        let s = Settings::toy(TaskKind::Copy);
        let c = curves();
        let data = Chart::Rate.data(Locale::ZhHant, &c, Some(&s));
        assert_eq!(data.series.len(), 2);
        let plan = &data.series[0].points;
        for &(t, lr) in plan {
            let by_hand = noam_rate(
                t as usize,
                s.d_model,
                s.warmup_steps,
                f64::from(s.lr_factor),
            );
            assert_eq!(lr, by_hand);
        }
        let stride = (s.warmup_steps * PLAN_WARMUPS / PLAN_POINTS).max(1);
        let last = plan.last().expect("points").0 as usize;
        assert!(last + stride > s.warmup_steps * PLAN_WARMUPS, "{last}");
        let used: Vec<(f64, f64)> = c
            .train
            .iter()
            .map(|p| (p.step as f64, p.learning_rate))
            .collect();
        assert_eq!(data.series[1].points, used);
    }

    #[test]
    fn the_norm_formula_is_the_models_own() {
        for norm in [NormPlacement::Post, NormPlacement::Pre] {
            let (name, formula) = norm_parts(Locale::Ja, norm);
            assert!(norm.formula().ends_with(formula), "{formula}");
            assert!(formula.starts_with("x = "), "{formula}");
            assert!(!name.is_empty());
        }
    }
}
