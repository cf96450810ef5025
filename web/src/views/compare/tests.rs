use super::*;
use lab_plot::csv::{line_chart_csv, Cell};
use lab_protocol::{EvalPoint, TrainPoint};

fn curves(scale: f32) -> Curves {
    let mut c = Curves::default();
    let points: Vec<TrainPoint> = (1..=3)
        .map(|step| TrainPoint {
            step,
            loss: scale / step as f32,
            token_accuracy: 0.5,
            learning_rate: 1e-3,
        })
        .collect();
    c.push_train(&points);
    c.push_eval(EvalPoint {
        step: 2,
        loss: scale,
        token_accuracy: 0.5,
        exact_match: 0.25,
    });
    c
}

#[test]
fn the_csv_holds_both_runs_losses_by_step() {
    let (a, b) = (curves(4.0), curves(2.0));
    let runs = [
        RunCurves {
            name: "A",
            color: BLUE,
            what: "post".into(),
            curves: &a,
        },
        RunCurves {
            name: "B",
            color: VERMILLION,
            what: "pre".into(),
            curves: &b,
        },
    ];
    let series = loss_series(Locale::ZhHant, &runs);
    assert_eq!(series.len(), 4);
    let csv = with_chart(Locale::ZhHant, series, line_chart_csv);
    let rows = csv.rows();
    assert_eq!(
        rows[0][0],
        Cell::text(text(Locale::ZhHant, "compare-axis-step"))
    );
    assert_eq!(rows.len(), 4, "steps 1, 2 and 3");
    for (row, step) in rows[1..].iter().zip(1..=3) {
        assert_eq!(row[0], Cell::from(step as f64));
        assert_eq!(row[1], Cell::from(f64::from(4.0f32 / step as f32)));
        assert_eq!(row[3], Cell::from(f64::from(2.0f32 / step as f32)));
    }
    assert_eq!(rows[2][2], Cell::from(4.0f64));
    assert_eq!(rows[2][4], Cell::from(2.0f64));
    assert_eq!(rows[1][2], Cell::empty());
}
