//! The Noam learning-rate schedule (§5.3), drawn from `lab_math::noam_rate`,
//! the function the trainer calls for every step:
//!
//! ```text
//! lrate = factor · d_model^(−0.5) · min(step^(−0.5), step · warmup^(−1.5))
//! ```
//!
//! Sliders ask "what if?": they redraw the curve for another d_model, warm-up
//! or factor, beside the running model's own schedule, and change nothing else.

mod controls;

use crate::components::chart::CanvasChart;
use crate::components::formula::{Equation, NOAM};
use crate::context::i18n::use_i18n;
use crate::context::state::use_lab;
use crate::i18n::{text, text_args, Locale};
use controls::WhatIfControls;
use lab_math::noam_rate;
use lab_plot::draw::{Dot, MarkedChart, Series, VLine, BLUE, PURPLE, VERMILLION};
use lab_protocol::Settings;
use leptos::prelude::*;
use plotters::prelude::SeriesLabelPosition;

/// The chart shows at least this many warm-ups, so the decay after the peak is visible.
const WARMUPS_SHOWN: usize = 3;
/// Room to the right of the running model's step, as a fraction of it.
const STEP_MARGIN: f64 = 0.1;
/// Points per curve: plenty for a smooth line on a 900-pixel chart.
const CURVE_POINTS: usize = 400;
/// Slider ranges: (min, max, step). d_model up to the paper's big model.
const D_MODEL_SLIDER: (usize, usize, usize) = (8, 1024, 8);
const WARMUP_SLIDER: (usize, usize, usize) = (10, 8000, 10);
const FACTOR_SLIDER: (f64, f64, f64) = (0.1, 4.0, 0.1);
/// The chart's size in pixels, on the page and in the SVG.
const CHART_SIZE: (u32, u32) = (900, 380);

/// The three knobs of the schedule.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NoamKnobs {
    pub d_model: usize,
    pub warmup: usize,
    pub factor: f64,
}

impl NoamKnobs {
    pub fn of(settings: &Settings) -> Self {
        Self {
            d_model: settings.d_model,
            warmup: settings.warmup_steps,
            factor: settings.lr_factor as f64,
        }
    }

    /// The rate at (1-based) `step`, by `lab_math::noam_rate`.
    pub fn rate(self, step: usize) -> f64 {
        noam_rate(step, self.d_model, self.warmup, self.factor)
    }

    /// The peak: `(warmup, lrate(warmup))`, where the two branches of the `min` meet.
    pub fn peak(self) -> (usize, f64) {
        (self.warmup, self.rate(self.warmup))
    }
}

/// The last step on the chart: a few warm-ups of both schedules, and past the running step.
pub fn last_step(what_if: NoamKnobs, running: Option<NoamKnobs>, step: usize) -> usize {
    let warmup = what_if.warmup.max(running.map_or(0, |r| r.warmup));
    let past_step = step + (step as f64 * STEP_MARGIN).ceil() as usize;
    (warmup * WARMUPS_SHOWN).max(past_step).max(1)
}

/// `(step, lrate)` for about `points` steps spread over `1..=last`, plus the
/// peak and `extra` steps exactly, so the drawn peak is the true one.
pub fn schedule_points(
    knobs: NoamKnobs,
    last: usize,
    points: usize,
    extra: &[usize],
) -> Vec<(f64, f64)> {
    let stride = (last / points.max(1)).max(1);
    let mut steps: Vec<usize> = (1..=last).step_by(stride).collect();
    steps.push(last);
    steps.push(knobs.warmup);
    steps.extend_from_slice(extra);
    steps.retain(|&s| (1..=last).contains(&s));
    steps.sort_unstable();
    steps.dedup();
    steps
        .into_iter()
        .map(|s| (s as f64, knobs.rate(s)))
        .collect()
}

/// Whether the what-if schedule is the running model's own.
fn same(what_if: NoamKnobs, running: Option<NoamKnobs>) -> bool {
    running == Some(what_if)
}

/// The chart: the what-if curve, the running model's curve if it differs,
/// the what-if peak, and the running model's last step.
pub fn noam_chart(
    locale: Locale,
    what_if: NoamKnobs,
    running: Option<NoamKnobs>,
    step: usize,
) -> (Vec<Series>, Vec<VLine>, Vec<Dot>) {
    let last = last_step(what_if, running, step);
    let marked_step: Vec<usize> = if step >= 1 { vec![step] } else { Vec::new() };
    let mut series = Vec::new();
    let mut vlines = Vec::new();
    let mut dots = Vec::new();
    if let Some(r) = running {
        let label = if same(what_if, running) {
            text(locale, "noam-legend-running-schedule")
        } else {
            text(locale, "noam-legend-running")
        };
        series.push(Series {
            label,
            color: PURPLE,
            points: schedule_points(r, last, CURVE_POINTS, &marked_step),
            dots: false,
        });
    }
    if !same(what_if, running) {
        series.push(Series {
            label: text(locale, "noam-legend-what-if"),
            color: BLUE,
            points: schedule_points(what_if, last, CURVE_POINTS, &[]),
            dots: false,
        });
    }
    let (peak_step, peak_rate) = what_if.peak();
    dots.push(Dot {
        at: (peak_step as f64, peak_rate),
        label: text_args(
            locale,
            "noam-mark-peak",
            &[
                ("step", peak_step.into()),
                ("rate", format!("{peak_rate:.2e}").into()),
            ],
        ),
        color: BLUE,
    });
    if let (Some(r), Some(&s)) = (running, marked_step.first()) {
        vlines.push(VLine {
            x: s as f64,
            label: text_args(locale, "noam-mark-step", &[("step", s.into())]),
            color: VERMILLION,
        });
        dots.push(Dot {
            at: (s as f64, r.rate(s)),
            label: text_args(
                locale,
                "noam-mark-rate",
                &[
                    ("step", s.into()),
                    ("rate", format!("{:.2e}", r.rate(s)).into()),
                ],
            ),
            color: VERMILLION,
        });
    }
    (series, vlines, dots)
}

/// The peak, with the numbers put into the formula.
pub fn peak_readout(locale: Locale, k: NoamKnobs) -> String {
    let (w, peak) = k.peak();
    text_args(
        locale,
        "noam-readout",
        &[
            ("step", w.into()),
            (
                "formula",
                format!(
                    "{:.2} · {}^−0.5 · {w}^−0.5 = {peak:.3e}",
                    k.factor, k.d_model
                )
                .into(),
            ),
        ],
    )
}

/// The chart of `parts` (from [`noam_chart`]), handed to `f`: one definition
/// for the canvas, the SVG and the CSV.
fn with_chart<R>(
    locale: Locale,
    parts: (Vec<Series>, Vec<VLine>, Vec<Dot>),
    f: impl FnOnce(&MarkedChart) -> R,
) -> R {
    let (series, vlines, dots) = parts;
    let (x, y) = (
        text(locale, "noam-axis-step"),
        text(locale, "noam-axis-rate"),
    );
    f(&MarkedChart {
        x_label: &x,
        y_label: &y,
        series,
        vlines,
        dots,
        log_x: false,
        log_y: false,
        x_range: None,
        font_px: 16,
        legend_at: SeriesLabelPosition::UpperRight,
    })
}

#[component]
pub fn NoamView() -> impl IntoView {
    let lab = use_lab();
    let i18n = use_i18n();
    // None: follow the running model. Some: the learner has moved a slider.
    let overridden = RwSignal::new(None::<NoamKnobs>);
    let running = Memo::new(move |_| {
        lab.model
            .with(|m| m.as_ref().map(|m| NoamKnobs::of(&m.settings)))
    });
    let what_if = Memo::new(move |_| {
        overridden
            .get()
            .or(running.get())
            .unwrap_or_else(|| NoamKnobs::of(&Settings::toy(lab.task.get())))
    });
    let parts = move || {
        noam_chart(
            i18n.locale.get(),
            what_if.get(),
            running.get(),
            lab.step.get(),
        )
    };
    view! {
        <section id=crate::panels::ids::NOAM class="view" data-testid="noam-view">
            <h2>{i18n.t("noam-title")}</h2>
            <Equation formula=NOAM />
            <p class="convention" data-testid="noam-what-if-note">
                {i18n.t("noam-what-if-note")}
            </p>
            <WhatIfControls what_if overridden />
            <p class="readout" data-testid="noam-readout">
                {move || peak_readout(i18n.locale.get(), what_if.get())}
            </p>
            <CanvasChart
                name="noam-schedule"
                testid="noam-chart"
                label="noam-chart-label"
                size=CHART_SIZE
                shows=move || (i18n.locale.get(), parts())
                figure=|(locale, parts), _, show| with_chart(locale, parts, |c| show(c))
            />
            <crate::views::practice::Question id=crate::views::practice::QuestionId::NoamPeak />
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lab_plot::csv::marked_chart_csv;

    const TOY: NoamKnobs = NoamKnobs {
        d_model: 64,
        warmup: 200,
        factor: 1.0,
    };

    #[test]
    fn every_point_is_noam_rate_and_the_peak_is_included() {
        let points = schedule_points(TOY, 600, 50, &[]);
        for &(s, lr) in &points {
            assert_eq!(lr, noam_rate(s as usize, 64, 200, 1.0));
        }
        let top = points
            .iter()
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .expect("points");
        assert_eq!(top.0, 200.0);
        assert_eq!((points[0].0, points[points.len() - 1].0), (1.0, 600.0));
        assert!(points.windows(2).all(|w| w[0].0 < w[1].0));
    }

    #[test]
    fn the_peak_is_factor_over_sqrt_d_model_times_warmup() {
        let (step, rate) = NoamKnobs { factor: 2.0, ..TOY }.peak();
        assert_eq!(step, 200);
        assert!((rate - 2.0 / (64.0f64 * 200.0).sqrt()).abs() < 1e-15);
    }

    #[test]
    fn the_readout_puts_the_numbers_into_the_formula() {
        // 1 / √(64 · 200) = 8.839e-3.
        for locale in Locale::ALL {
            let readout = peak_readout(locale, TOY);
            assert!(
                readout.contains("1.00 · 64^−0.5 · 200^−0.5 = 8.839e-3"),
                "{readout}"
            );
            assert!(readout.contains("200"), "{readout}");
        }
        let half = noam_rate(800, 64, 200, 1.0) / noam_rate(200, 64, 200, 1.0);
        assert!(
            (half - 0.5).abs() < 1e-12,
            "four times the steps, half the rate"
        );
    }

    #[test]
    fn the_chart_reaches_past_the_running_step_and_three_warmups() {
        assert_eq!(last_step(TOY, Some(TOY), 0), 600);
        assert_eq!(last_step(TOY, Some(TOY), 1000), 1100);
        assert_eq!(
            last_step(NoamKnobs { warmup: 400, ..TOY }, Some(TOY), 0),
            1200
        );
    }

    #[test]
    fn the_running_step_is_marked_on_the_running_curve() {
        let (series, vlines, dots) = noam_chart(Locale::En, TOY, Some(TOY), 123);
        assert_eq!(
            series.len(),
            1,
            "what-if equals the running model: one curve"
        );
        assert!(series[0]
            .points
            .contains(&(123.0, noam_rate(123, 64, 200, 1.0))));
        assert_eq!(vlines[0].x, 123.0);
        assert_eq!(dots[1].at, (123.0, noam_rate(123, 64, 200, 1.0)));
        assert_eq!(dots[0].at, (200.0, noam_rate(200, 64, 200, 1.0)));
    }

    #[test]
    fn a_what_if_is_drawn_beside_the_running_schedule() {
        let what_if = NoamKnobs {
            d_model: 512,
            ..TOY
        };
        let (series, _, dots) = noam_chart(Locale::En, what_if, Some(TOY), 0);
        assert_eq!(
            series.iter().map(|s| s.label.as_str()).collect::<Vec<_>>(),
            [
                text(Locale::En, "noam-legend-running"),
                text(Locale::En, "noam-legend-what-if")
            ]
        );
        assert_eq!(series[1].points[0], (1.0, noam_rate(1, 512, 200, 1.0)));
        assert_eq!(dots.len(), 1, "no step marker before the first step");
    }

    #[test]
    fn the_csv_holds_every_plotted_rate_by_step() {
        let what_if = NoamKnobs { warmup: 100, ..TOY };
        let parts = noam_chart(Locale::ZhHans, what_if, Some(TOY), 50);
        let points: Vec<Vec<(f64, f64)>> = parts.0.iter().map(|s| s.points.clone()).collect();
        let csv = with_chart(Locale::ZhHans, parts, marked_chart_csv);
        let rows = csv.rows();
        assert_eq!(
            rows[0][0],
            lab_plot::csv::Cell::text(text(Locale::ZhHans, "noam-axis-step"))
        );
        for (column, curve) in points.iter().enumerate() {
            for &(step, rate) in curve {
                let row = rows[1..]
                    .iter()
                    .find(|r| r[0] == lab_plot::csv::Cell::from(step))
                    .expect("a row per step");
                assert_eq!(row[column + 1], lab_plot::csv::Cell::from(rate));
            }
        }
    }
}
