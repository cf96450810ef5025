use super::*;

#[test]
fn log_ticks_are_powers_of_ten_or_plain_values() {
    assert_eq!(log_tick_label(0.0), "10⁰");
    assert_eq!(log_tick_label(3.0), "10³");
    assert_eq!(log_tick_label(12.0), "10¹²");
    assert_eq!(log_tick_label(-4.0), "10⁻⁴");
    assert_eq!(log_tick_label(2f64.log10()), "2.00");
    assert_eq!(log_tick_label(3.5), "3162");
    assert_eq!(log_tick_label(0.5f64.log10()), "0.500");
}

#[test]
fn the_step_axis_starts_at_the_data_unless_it_starts_near_zero() {
    assert_eq!(step_axis(1.0, 300.0), (0.0, 300.0));
    // A run continued from a checkpoint at step 600.
    assert_eq!(step_axis(601.0, 900.0), (601.0, 900.0));
    // A lone evaluation is not a ±1 blur.
    assert_eq!(step_axis(600.0, 600.0), (600.0, 600.0 + MIN_STEP_SPAN));
    // Before any data.
    assert_eq!(
        step_axis(f64::INFINITY, f64::NEG_INFINITY),
        (0.0, MIN_STEP_SPAN)
    );
}

#[test]
fn the_legend_moves_to_the_corner_the_curves_leave_free() {
    use SeriesLabelPosition::*;
    let size = (0.4, 0.3);
    // A falling loss: high on the left, low on the right.
    let falling = vec![(0..=100)
        .map(|i| (i as f64, 100.0 - i as f64))
        .collect::<Vec<_>>()];
    let drawn = in_unit_square(&falling, (0.0, 100.0), (0.0, 100.0));
    let (at, headroom) = legend_layout(&UpperLeft, size, &drawn);
    assert!(
        matches!(at, UpperRight) && headroom == 0.0,
        "{at:?} {headroom}"
    );
    // A curve along the top (accuracy near 1) sends it to a lower corner.
    let high = vec![vec![(0.0, 0.97), (1.0, 0.98)]];
    let (at, headroom) = legend_layout(
        &UpperRight,
        size,
        &in_unit_square(&high, (0.0, 1.0), (0.0, 1.0)),
    );
    assert!(
        matches!(at, LowerRight) && headroom == 0.0,
        "{at:?} {headroom}"
    );
    // With every corner free, the preferred one stays.
    let (at, _) = legend_layout(&LowerLeft, size, &[(0.5, 0.5)]);
    assert!(matches!(at, LowerLeft), "{at:?}");
}

#[test]
fn a_loss_axis_starts_at_zero_but_a_narrow_band_far_from_it_does_not() {
    // Held-out 0.066, train 0.85: 0 is on the axis, under the held-out line.
    assert_eq!(from_zero((0.03, 0.89), 0.066, 0.85), (0.0, 0.89));
    // A loss hovering between 2.1 and 2.3 keeps its zoomed-in axis.
    assert_eq!(from_zero((2.09, 2.31), 2.1, 2.3), (2.09, 2.31));
    // A curve with negative values (a sine) keeps its own range.
    assert_eq!(from_zero((-1.1, 1.1), -1.0, 1.0), (-1.1, 1.1));
}

#[test]
fn with_no_free_corner_the_axis_makes_room_above_the_curves() {
    use SeriesLabelPosition::*;
    let size = (0.5, 0.3);
    // A train loss along the top and a held-out line along the bottom, from
    // two points only: the line between them counts, not just its ends.
    let curves = vec![
        vec![(600.0, 0.8), (700.0, 0.8)],
        vec![(600.0, 0.06), (700.0, 0.06)],
    ];
    let drawn = in_unit_square(&curves, (600.0, 700.0), (0.0, 0.9));
    assert!(drawn.len() > 4, "segments are sampled");
    let (at, headroom) = legend_layout(&UpperRight, size, &drawn);
    assert!(matches!(at, UpperRight), "{at:?}");
    assert!(headroom >= size.1, "{headroom}");
    // The data then fills the axis below the band: 0.9 sits at 1 − headroom.
    let top = with_headroom(0.0, 0.9, headroom);
    assert!((0.9 / top - (1.0 - headroom)).abs() < 1e-12);
    assert_eq!(with_headroom(0.0, 0.9, 0.0), 0.9);
}

#[test]
fn a_legend_of_han_text_is_wider_than_one_of_as_many_latin_letters() {
    let (latin, _) = legend_size(&["abcd"], 16, (800, 400));
    let (han, _) = legend_size(&["学習率み"], 16, (800, 400));
    assert!(han > latin, "{han} {latin}");
    let (_, one) = legend_size(&["a"], 16, (800, 400));
    let (_, three) = legend_size(&["a", "b", "c"], 16, (800, 400));
    // Two more rows of 1.25 em (20 px) in a 400 px plot.
    assert!(
        (three - one - 2.0 * 20.0 / 400.0).abs() < 1e-12,
        "{three} {one}"
    );
}

#[test]
fn a_legend_frames_its_rows_in_the_chosen_corner() {
    use SeriesLabelPosition::*;
    let texts = [(60, 16), (100, 16), (40, 18)];
    let (area, font) = ((500, 300), 16);
    let right = legend_place(&texts, font, area, &UpperRight);
    let ((x0, y0), (x1, y1)) = right.frame;
    // The widest label, its key and the padding on both sides.
    assert_eq!(x1 - x0, 100 + 30 + 2 * 10);
    // Two row steps of 1.25 em (20 px), the last row's height, the padding.
    assert_eq!(y1 - y0, 2 * 20 + 18 + 2 * 10);
    assert_eq!((x1, y0), (500 - 5, 5), "inset from the upper right");
    assert_eq!(right.texts[0], (x0 + 10 + 30, y0 + 10));
    assert_eq!(right.texts[2].1 - right.texts[1].1, 20);
    // Each key sits at the middle of its own label's height.
    assert_eq!(right.keys[2], (x0 + 10, right.texts[2].1 + 9));
    let left = legend_place(&texts, font, area, &LowerLeft);
    let ((lx0, _), (_, ly1)) = left.frame;
    assert_eq!((lx0, ly1), (5, 300 - 5), "inset from the lower left");
    for place in [&right, &left] {
        let ((a, b), (c, d)) = place.frame;
        assert!(a >= 0 && b >= 0 && c <= 500 && d <= 300, "{place:?}");
    }
}

#[test]
fn a_log_axis_spans_whole_decades() {
    // 2.4 to 40 steps/s: from 10⁰ to 10², three labelled ticks.
    let (lo, hi) = whole_decades(2.4f64.log10(), 40f64.log10());
    assert_eq!((lo, hi), (0.0, 2.0));
    assert_eq!(log_axis_labels(hi - lo), 3);
    // Already whole decades stay; an empty range is left alone.
    assert_eq!(whole_decades(-3.0, 1.0), (-3.0, 1.0));
    assert_eq!(whole_decades(0.5, 0.5), (0.5, 0.5));
}

#[test]
fn a_log_axis_gets_one_label_per_decade() {
    assert_eq!(log_axis_labels(3.6), 4);
    assert_eq!(log_axis_labels(8.5), 9);
    assert_eq!(log_axis_labels(0.3), 2);
}

#[test]
fn a_legend_too_wide_for_a_narrow_chart_shrinks_its_type_but_not_below_the_minimum() {
    // On a laptop's chart the legend keeps its size.
    assert_eq!(fitting_font(300, 14, 900), 14);
    // On a phone's chart (a plotting area 260 px wide) a 300 px label needs
    // room for the key and padding too: 14 px × 190 / 300 = 8.9, held at 9.
    assert_eq!(fitting_font(300, 14, 260), MIN_LEGEND_FONT_PX);
    // Somewhat too wide: in proportion.
    assert_eq!(fitting_font(240, 14, 260), 11);
    assert_eq!(fitting_font(0, 14, 10), 14);
}
