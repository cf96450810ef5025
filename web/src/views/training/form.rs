//! The settings form of view 5: each setting validated as it is typed, the
//! form's verdict with its Apply button, and what a step of the draft costs.

use crate::context::i18n::{use_i18n, Arg, I18n};
use crate::context::state::{use_lab, Lab};
use crate::estimate::{estimate_line, Verdict};
use crate::i18n::problems::{setting_problem, settings_error};
use crate::i18n::{text, text_args};
use crate::workers::link::reset;
use lab_protocol::{NormPlacement, Settings, SettingsField};
use leptos::prelude::*;

use super::data::norm_parts;

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

/// The whole form: every numeric field, the norm's placement and the two
/// switches, all editing the draft until it is applied.
#[component]
pub fn SettingsForm() -> impl IntoView {
    view! {
        <div class="settings">
            <ModelFields />
            <ScheduleFields />
            <NormSelect />
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
    }
}

/// The seed and the model's sizes: `d_model`, `n_heads`, `n_layers`, `d_ff`.
#[component]
fn ModelFields() -> impl IntoView {
    view! {
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
    }
}

/// How training runs: dropout, the Noam schedule's warmup and factor, label
/// smoothing and the batch size.
#[component]
fn ScheduleFields() -> impl IntoView {
    view! {
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
    }
}

/// Where the layer norm goes, post or pre, with the formula of the choice.
#[component]
fn NormSelect() -> impl IntoView {
    let lab = use_lab();
    let i18n = use_i18n();
    // The option names the placement; this line shows its formula.
    let norm_line = move || lab.draft.with(|s| norm_parts(i18n.locale.get(), s.norm).1);
    view! {
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
    }
}

/// What a step of the draft costs on the current model's task: the line to
/// show and its verdict (`None` before the worker has told the task's sizes).
fn draft_cost(lab: Lab, i18n: I18n) -> Option<(String, Verdict)> {
    let locale = i18n.locale.get();
    let measured = lab.multiply_adds_per_s.get();
    let draft = lab.draft.get();
    let estimate = lab.estimate(&draft)?;
    Some(estimate_line(locale, &estimate, measured))
}

/// Whether the draft is valid (and what `d_k` it gives) or what is wrong
/// with it, and the button that applies it: disabled while the draft is
/// invalid or too large to train.
#[component]
pub fn SettingsStatus() -> impl IntoView {
    let lab = use_lab();
    let i18n = use_i18n();
    let too_large = move || draft_cost(lab, i18n).is_some_and(|(_, v)| v == Verdict::TooLarge);
    let invalid = move || lab.draft.with(|s| s.validate().is_err()) || too_large();
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
    view! {
        <p class="settings-status">
            {status} " "
            <button data-testid="settings-apply" disabled=invalid on:click=move |_| reset(lab)>
                {i18n.t("training-apply")}
            </button>
        </p>
    }
}

/// What a step of the draft costs, with its verdict as data (`data-verdict`).
#[component]
pub fn SettingsEstimate() -> impl IntoView {
    let lab = use_lab();
    let i18n = use_i18n();
    let cost = move || draft_cost(lab, i18n);
    view! {
        <p
            class="settings-estimate"
            data-testid="settings-estimate"
            data-verdict=move || cost().map(|(_, v)| v.name())
        >
            {move || cost().map(|(line, _)| line)}
        </p>
    }
}
