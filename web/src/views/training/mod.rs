//! View 5: settings, validated as they are typed, and the live training curves.

pub mod data;

use crate::components::export::ExportBar;
use crate::components::formula::{Equation, FFN};
use crate::components::paint;
use crate::context::i18n::{use_i18n, Arg};
use crate::context::state::use_lab;
use crate::i18n::problems::{setting_problem, settings_error};
use crate::i18n::{labels, text, text_args};
use crate::workers::link::reset;
use data::{eval_text, floor_line, norm_parts, Chart};
use lab_plot::canvas::draw_lines;
use lab_plot::csv::line_chart_csv;
use lab_plot::svg;
use lab_protocol::{NormPlacement, Settings, SettingsField};
use leptos::html::Canvas;
use leptos::prelude::*;

/// Every training chart's size in pixels, on the page and in the SVG.
const CHART_SIZE: (u32, u32) = (620, 340);

/// One on/off setting of the form: a checkbox, its name and what it does.
#[component]
fn Toggle(
    /// The checkbox's `data-testid` (the contract's name for it).
    testid: &'static str,
    /// The message id of the setting's name.
    label: &'static str,
    /// The message id of what turning it on or off does.
    hint: &'static str,
    /// Read the setting.
    get: fn(&Settings) -> bool,
    /// Write the setting.
    set: fn(&mut Settings, bool),
) -> impl IntoView {
    let lab = use_lab();
    let i18n = use_i18n();
    view! {
        <label class="field toggle">
            <input
                type="checkbox"
                data-testid=testid
                prop:checked=move || lab.draft.with(get)
                on:change=move |ev| {
                    let on = event_target_checked(&ev);
                    lab.draft.update(|s| set(s, on));
                }
            />
            <span>{i18n.t(label)}</span>
            <small>{i18n.t(hint)}</small>
        </label>
    }
}

/// One numeric field of the settings form.
#[component]
fn Field(
    /// The settings field (its name is the `data-testid` suffix).
    field: SettingsField,
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
                        .filter(|p| p.field == field)
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
            <input
                type="text"
                inputmode="decimal"
                data-testid=format!("setting-{}", field.name())
                prop:value=move || lab.draft.with(get)
                on:change=move |ev| {
                    let typed = event_target_value(&ev);
                    let mut s = lab.draft.get_untracked();
                    match set(&mut s, typed.trim()) {
                        Ok(()) => {
                            not_a_number.set(None);
                            lab.draft.set(s)
                        }
                        Err(()) => not_a_number.set(Some(typed)),
                    }
                }
            />
            <small class="problem">{problem}</small>
        </label>
    }
}

fn num<T: std::str::FromStr>(text: &str) -> Result<T, ()> {
    text.parse().map_err(|_| ())
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
    // On a phone the chart takes the window's width (`paint::chart_size`).
    let window_width = crate::context::state::use_lab().window_width;
    Effect::new(move |_| {
        let (d, log) = (data(), log.get());
        let Some(c) = canvas.get() else { return };
        paint::fit_chart(&c, CHART_SIZE, window_width.get());
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
        <figure>
            <figcaption>{i18n.t(caption)}</figcaption>
            <div>
                <canvas
                    node_ref=canvas
                    data-testid=testid
                    width=CHART_SIZE.0
                    height=CHART_SIZE.1
                    class="chart"
                    role="img"
                    aria-label=i18n.t(label)
                ></canvas>
            </div>
            <ExportBar name=which.file_name() canvas=canvas svg=to_svg csv=to_csv />
        </figure>
    }
}

#[component]
pub fn TrainingView() -> impl IntoView {
    let lab = use_lab();
    let i18n = use_i18n();
    let log = RwSignal::new(false);
    // What a step of the draft costs, on the current model's task.
    let cost = move || {
        let locale = i18n.locale.get();
        let measured = lab.multiply_adds_per_s.get();
        let draft = lab.draft.get();
        let estimate = lab.estimate(&draft)?;
        Some(crate::estimate::estimate_line(locale, &estimate, measured))
    };
    let too_large = move || cost().is_some_and(|(_, v)| v == crate::estimate::Verdict::TooLarge);
    let invalid = move || lab.draft.with(|s| s.validate().is_err()) || too_large();
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
                <Field
                    field=SettingsField::Seed
                    label="training-field-seed"
                    get=|s| s.seed.to_string()
                    set=|s, t| {
                        s.seed = num(t)?;
                        Ok(())
                    }
                />
                <Field
                    field=SettingsField::DModel
                    label="training-field-d-model"
                    get=|s| s.d_model.to_string()
                    set=|s, t| {
                        s.d_model = num(t)?;
                        Ok(())
                    }
                />
                <Field
                    field=SettingsField::NHeads
                    label="training-field-heads"
                    get=|s| s.n_heads.to_string()
                    set=|s, t| {
                        s.n_heads = num(t)?;
                        Ok(())
                    }
                />
                <Field
                    field=SettingsField::NLayers
                    label="training-field-layers"
                    get=|s| s.n_layers.to_string()
                    set=|s, t| {
                        s.n_layers = num(t)?;
                        Ok(())
                    }
                />
                <Field
                    field=SettingsField::DFf
                    label="training-field-d-ff"
                    get=|s| s.d_ff.to_string()
                    set=|s, t| {
                        s.d_ff = num(t)?;
                        Ok(())
                    }
                />
                <Field
                    field=SettingsField::Dropout
                    label="training-field-dropout"
                    get=|s| s.dropout.to_string()
                    set=|s, t| {
                        s.dropout = num(t)?;
                        Ok(())
                    }
                />
                <Field
                    field=SettingsField::WarmupSteps
                    label="training-field-warmup"
                    get=|s| s.warmup_steps.to_string()
                    set=|s, t| {
                        s.warmup_steps = num(t)?;
                        Ok(())
                    }
                />
                <Field
                    field=SettingsField::LrFactor
                    label="training-field-lr-factor"
                    get=|s| s.lr_factor.to_string()
                    set=|s, t| {
                        s.lr_factor = num(t)?;
                        Ok(())
                    }
                />
                <Field
                    field=SettingsField::LabelSmoothing
                    label="training-field-smoothing"
                    get=|s| s.label_smoothing.to_string()
                    set=|s, t| {
                        s.label_smoothing = num(t)?;
                        Ok(())
                    }
                />
                <Field
                    field=SettingsField::BatchSize
                    label="training-field-batch"
                    get=|s| s.batch_size.to_string()
                    set=|s, t| {
                        s.batch_size = num(t)?;
                        Ok(())
                    }
                />
                <label class="field">
                    <span>{i18n.t("training-field-norm")}</span>
                    <select
                        data-testid="setting-norm"
                        on:change=move |ev| {
                            let norm = if event_target_value(&ev) == "pre" {
                                NormPlacement::Pre
                            } else {
                                NormPlacement::Post
                            };
                            lab.draft.update(|s| s.norm = norm);
                        }
                    >
                        <option
                            value="post"
                            selected=move || lab.draft.with(|s| s.norm == NormPlacement::Post)
                        >
                            {i18n.t("training-norm-post-option")}
                        </option>
                        <option
                            value="pre"
                            selected=move || lab.draft.with(|s| s.norm == NormPlacement::Pre)
                        >
                            {i18n.t("training-norm-pre")}
                        </option>
                    </select>
                    <small>
                        <code>{norm_line}</code>
                    </small>
                </label>
                <Toggle
                    testid="pe-toggle"
                    label="training-field-pe"
                    hint="training-pe-hint"
                    get=|s| s.positional_encoding
                    set=|s, on| s.positional_encoding = on
                />
                <Toggle
                    testid="setting-tie"
                    label="training-field-tie"
                    hint="training-tie-hint"
                    get=|s| s.tie_weights
                    set=|s, on| s.tie_weights = on
                />
            </div>
            <p class="settings-status">
                {status} " "
                <button data-testid="settings-apply" disabled=invalid on:click=move |_| reset(lab)>
                    {i18n.t("training-apply")}
                </button>
            </p>
            <p
                class="settings-estimate"
                data-testid="settings-estimate"
                data-verdict=move || cost().map(|(_, v)| v.name())
            >
                {move || cost().map(|(line, _)| line)}
            </p>
            <details class="model-parts">
                <summary>{i18n.t("training-model-parts")}</summary>
                <Equation formula=FFN />
            </details>
            <p class="model-line">{model_line}</p>
            <p class="readouts">
                {i18n.t("training-steps")}" " <b>{move || lab.step.get()}</b> "   "
                {i18n.t("training-tokens-per-s")}" "
                <b>{move || format!("{:.0}", lab.tokens_per_s.get())}</b> "   " <label>
                    <input
                        type="checkbox"
                        data-testid="log-scale"
                        on:change=move |ev| log.set(event_target_checked(&ev))
                    />
                    " "
                    {i18n.t("training-log-scale")}
                </label>
            </p>
            // The numbers as data too (tests and `cargo xtask measure` read them,
            // whatever the language): the step and the exact match in percent.
            <p
                class="readouts"
                data-testid="eval-summary"
                data-step=move || lab.eval.with(|e| e.as_ref().map(|e| e.step.to_string()))
                data-exact-match=move || {
                    lab.eval.with(|e| e.as_ref().map(|e| (100.0 * e.exact_match).to_string()))
                }
                data-bleu=move || lab.eval.with(|e| e.as_ref().map(|e| e.bleu.to_string()))
            >
                {eval_line}
            </p>
            <p class="hint" data-testid="smoothing-floor">
                {move || {
                    let smoothing = lab
                        .model
                        .with(|m| m.as_ref().map_or(0.0, |m| m.settings.label_smoothing));
                    let vocab = lab.prediction.with(|p| p.as_ref().map_or(0, |p| p.vocab.len()));
                    floor_line(i18n.locale.get(), smoothing, vocab)
                }}
            </p>
            <div class="charts">
                <TrainingChart
                    which=Chart::Loss
                    log=log
                    caption="training-loss-caption"
                    label="training-loss-label"
                    testid="loss-chart"
                />
                <TrainingChart
                    which=Chart::Accuracy
                    log=log
                    caption="training-accuracy-caption"
                    label="training-accuracy-label"
                    testid="accuracy-chart"
                />
                <TrainingChart
                    which=Chart::Rate
                    log=log
                    caption="training-rate-caption"
                    label="training-rate-label"
                    testid="lr-chart"
                />
            </div>
            <crate::views::guide::TutorialConventions panel=crate::panels::ids::TRAINING />
        </section>
    }
}
