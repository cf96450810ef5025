use super::*;
use lab_plot::csv::marked_chart_csv;

#[test]
fn every_curve_point_is_the_table_formula() {
    for layer in LayerType::ALL {
        let curve = ops_curve(layer, 64);
        assert_eq!(curve.first().map(|p| p.0), Some(N_AXIS.0));
        assert_eq!(curve.last().map(|p| p.0), Some(N_AXIS.1));
        assert!(curve.windows(2).all(|w| w[0].0 < w[1].0));
        for &(n, ops) in &curve {
            let n = n as u64;
            let by_hand = match layer {
                LayerType::SelfAttention => n * n * 64,
                LayerType::Recurrent => n * 64 * 64,
                LayerType::Convolutional => KERNEL * n * 64 * 64,
                LayerType::RestrictedSelfAttention => NEIGHBOURHOOD * n * 64,
            };
            assert_eq!(ops, by_hand as f64, "{layer:?} at n = {n}");
        }
    }
}

#[test]
fn the_live_table_puts_values_beside_the_papers_formulas() {
    let rows = live_table(sizes(9, 64));
    assert_eq!(
        rows.iter().map(|r| r.ops).collect::<Vec<_>>(),
        [81 * 64, 9 * 64 * 64, 3 * 9 * 64 * 64, 16 * 9 * 64]
    );
    assert_eq!(rows.iter().map(|r| r.seq).collect::<Vec<_>>(), [1, 9, 1, 1]);
    // n = 9 steps; ⌈log_3 9⌉ = 2 dilated layers; 9 positions within r = 16: one layer.
    assert_eq!(
        rows.iter().map(|r| r.path).collect::<Vec<_>>(),
        [1, 9, 2, 1]
    );
    assert_eq!((rows[0].per_layer, rows[1].sequential), ("O(n²·d)", "O(n)"));
}

#[test]
fn the_crossover_and_the_model_are_marked() {
    let lines = markers(Locale::En, 20, 64, Some((9, 64)));
    assert_eq!(
        lines.iter().map(|l| l.x).collect::<Vec<_>>(),
        [64.0, 20.0, 9.0]
    );
    assert!(lines[2].label.contains("n = 9") && lines[2].label.contains("d = 64"));
    assert!(markers(Locale::En, 20, 128, Some((9, 64)))[2]
        .label
        .contains("its d_model = 64"));
    assert_eq!(markers(Locale::En, 20, 64, None).len(), 2);
}

#[test]
fn counts_are_readable() {
    assert_eq!(format_count(5184), "5\u{202f}184");
    assert_eq!(format_count(999), "999");
    assert_eq!(format_count(2_684_354_560), "2.68 × 10⁹");
    assert_eq!(format_count(9_999_999), "1.00 × 10⁷");
}

#[test]
fn the_csv_holds_every_curve_point_by_n() {
    let parts = (series(Locale::Ja, 64), markers(Locale::Ja, 10, 64, None));
    let csv = with_chart(Locale::Ja, parts, marked_chart_csv);
    let rows = csv.rows();
    assert_eq!(
        rows[0][0],
        lab_plot::csv::Cell::text(text(Locale::Ja, "complexity-axis-n"))
    );
    let curve = ops_curve(LayerType::SelfAttention, 64);
    assert_eq!(rows.len(), 1 + curve.len(), "every curve has the same n");
    for (row, &(n, ops)) in rows[1..].iter().zip(&curve) {
        assert_eq!(row[0], lab_plot::csv::Cell::from(n));
        assert_eq!(row[1], lab_plot::csv::Cell::from(ops));
    }
    for layer in LayerType::ALL {
        assert_ne!(text(Locale::ZhHant, layer_name(layer)), layer_name(layer));
    }
}
