//! The training view's plain logic: its three charts as data (the model's
//! own curves and the planned schedule), the legends and the held-out line,
//! tested natively.

use crate::i18n::{text, text_args, Locale};
use lab_plot::draw::{LineChart, Series, BLUE, GREEN, ORANGE, PURPLE, VERMILLION};
use lab_protocol::{Curves, EvalPoint};
use lab_protocol::{NormPlacement, Settings, TrainPoint};
use plotters::prelude::SeriesLabelPosition;

/// Points of the planned schedule on the learning-rate chart.
const PLAN_POINTS: usize = 300;
/// The planned schedule reaches at least this many warm-ups.
const PLAN_WARMUPS: usize = 3;

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
                (
                    "others",
                    lab_math::smoothing::tokens_sharing_epsilon(vocab_size).into(),
                ),
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
    pub fn file_name(self) -> &'static str {
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

/// The Noam schedule of `s` by [`Settings::learning_rate`], up to the last step
/// trained or a few warm-ups, whichever is later.
pub fn planned_rates(s: &Settings, last_step: usize) -> Vec<(f64, f64)> {
    let last = last_step.max(s.warmup_steps * PLAN_WARMUPS);
    (1..=last)
        .step_by((last / PLAN_POINTS).max(1))
        .map(|t| (t as f64, s.learning_rate(t)))
        .collect()
}

/// The held-out line: the latest evaluation, or that none has run.
pub fn eval_text(locale: Locale, e: Option<&lab_protocol::EvalReport>) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;
    use lab_math::noam_rate;
    use lab_plot::csv::line_chart_csv;
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
