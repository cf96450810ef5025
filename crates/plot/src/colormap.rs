//! Colour-blind-safe colour maps and the RGBA pixels of a heatmap.
//!
//! Viridis and cividis are perceptually uniform and readable with the common
//! colour-vision deficiencies, and they stay ordered when printed in grey or
//! washed out by a projector. Dark = low, bright = high.

/// A colour map sampled at evenly spaced stops, interpolated linearly between them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColorMap {
    /// Attention weights and other 0–1 quantities.
    Viridis,
    /// Signed values (positional encodings, raw scores).
    Cividis,
}

/// Matplotlib's viridis at 0, 1/8, …, 1.
const VIRIDIS: [[u8; 3]; 9] = [
    [0x44, 0x01, 0x54],
    [0x47, 0x2d, 0x7b],
    [0x3b, 0x52, 0x8b],
    [0x2c, 0x72, 0x8e],
    [0x21, 0x91, 0x8c],
    [0x28, 0xae, 0x80],
    [0x5e, 0xc9, 0x62],
    [0xad, 0xdc, 0x30],
    [0xfd, 0xe7, 0x25],
];

/// Cividis (Nuñez et al., 2018) at 0, 1/8, …, 1.
const CIVIDIS: [[u8; 3]; 9] = [
    [0x00, 0x20, 0x4d],
    [0x00, 0x33, 0x6f],
    [0x39, 0x48, 0x6b],
    [0x57, 0x5c, 0x6d],
    [0x70, 0x71, 0x73],
    [0x8a, 0x87, 0x79],
    [0xa6, 0x9d, 0x75],
    [0xc4, 0xb5, 0x6c],
    [0xff, 0xea, 0x46],
];

/// The colour of a hidden (masked, −∞) cell: a light grey, lighter than any colour of either map.
pub const HIDDEN_RGB: [u8; 3] = [0xe8, 0xe8, 0xe8];

/// The diagonal stroke across a hidden cell. Both maps pass through every
/// brightness, so no grey alone stays apart from them in greyscale or on a
/// washed-out projector; the stroke does (≥ 3:1 against [`HIDDEN_RGB`]).
pub const HATCH_RGB: [u8; 3] = [0x70, 0x70, 0x70];

/// The cell cursor is a black frame around a white one: whatever the cell's
/// colour, one of the two has at least 3:1 contrast with it (WCAG 1.4.11).
pub const CURSOR_OUTER: &str = "#000000";
pub const CURSOR_INNER: &str = "#ffffff";

/// WCAG 2 relative luminance of an sRGB colour, 0 (black) to 1 (white).
pub fn relative_luminance([r, g, b]: [u8; 3]) -> f64 {
    let linear = |c: u8| {
        let c = c as f64 / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

/// WCAG 2 contrast ratio of two colours, 1 to 21.
pub fn contrast(a: [u8; 3], b: [u8; 3]) -> f64 {
    let (la, lb) = (relative_luminance(a), relative_luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

impl ColorMap {
    fn stops(self) -> &'static [[u8; 3]; 9] {
        match self {
            Self::Viridis => &VIRIDIS,
            Self::Cividis => &CIVIDIS,
        }
    }

    /// The colour at `t` in [0, 1]; values outside are clamped, NaN is the low end.
    pub fn rgb(self, t: f32) -> [u8; 3] {
        let stops = self.stops();
        let t = if t.is_nan() { 0.0 } else { t.clamp(0.0, 1.0) };
        let x = t * (stops.len() - 1) as f32;
        let i = (x.floor() as usize).min(stops.len() - 2);
        let f = x - i as f32;
        let mut out = [0u8; 3];
        for (c, o) in out.iter_mut().enumerate() {
            let a = stops[i][c] as f32;
            let b = stops[i + 1][c] as f32;
            *o = (a + (b - a) * f).round() as u8;
        }
        out
    }

    /// A CSS `linear-gradient` from low (left) to high (right), for legends.
    pub fn css_gradient(self) -> String {
        let stops: Vec<String> = self
            .stops()
            .iter()
            .map(|[r, g, b]| format!("rgb({r},{g},{b})"))
            .collect();
        format!("linear-gradient(to right, {})", stops.join(", "))
    }
}

/// Where `value` sits in `[lo, hi]`, as a fraction; a flat range maps to the middle.
pub fn normalise(value: f32, lo: f32, hi: f32) -> f32 {
    if hi > lo {
        (value - lo) / (hi - lo)
    } else {
        0.5
    }
}

/// The smallest and largest finite value, or `(0, 1)` when there is none.
pub fn finite_range(values: &[f32]) -> (f32, f32) {
    let mut lo = f32::INFINITY;
    let mut hi = f32::NEG_INFINITY;
    for &v in values.iter().filter(|v| v.is_finite()) {
        lo = lo.min(v);
        hi = hi.max(v);
    }
    if lo > hi {
        (0.0, 1.0)
    } else {
        (lo, hi)
    }
}

/// RGBA pixels for a `[rows, cols]` heatmap, one pixel per cell, row-major,
/// ready for `ImageData`. `hidden[i]` cells (masked to −∞) are grey.
///
/// # Shapes
/// - `values`: `[rows, cols]` flattened; output: `rows * cols * 4` bytes.
pub fn heatmap_rgba(
    values: &[f32],
    hidden: Option<&[bool]>,
    range: (f32, f32),
    map: ColorMap,
) -> Vec<u8> {
    let mut out = Vec::with_capacity(values.len() * 4);
    for (i, &v) in values.iter().enumerate() {
        let rgb = if hidden.is_some_and(|h| h.get(i).copied().unwrap_or(false)) {
            HIDDEN_RGB
        } else {
            map.rgb(normalise(v, range.0, range.1))
        };
        out.extend_from_slice(&[rgb[0], rgb[1], rgb[2], 255]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn luminance([r, g, b]: [u8; 3]) -> f32 {
        0.2126 * r as f32 + 0.7152 * g as f32 + 0.0722 * b as f32
    }

    #[test]
    fn ends_are_the_published_colours() {
        assert_eq!(ColorMap::Viridis.rgb(0.0), [0x44, 0x01, 0x54]);
        assert_eq!(ColorMap::Viridis.rgb(1.0), [0xfd, 0xe7, 0x25]);
        assert_eq!(ColorMap::Cividis.rgb(1.0), [0xff, 0xea, 0x46]);
    }

    #[test]
    fn brightness_rises_monotonically_so_order_survives_greyscale() {
        for map in [ColorMap::Viridis, ColorMap::Cividis] {
            let lum: Vec<f32> = (0..=100)
                .map(|i| luminance(map.rgb(i as f32 / 100.0)))
                .collect();
            assert!(
                lum.windows(2).all(|w| w[1] >= w[0] - 0.5),
                "{map:?}: {lum:?}"
            );
        }
    }

    #[test]
    fn out_of_range_and_nan_are_clamped() {
        assert_eq!(ColorMap::Viridis.rgb(-3.0), ColorMap::Viridis.rgb(0.0));
        assert_eq!(ColorMap::Viridis.rgb(7.0), ColorMap::Viridis.rgb(1.0));
        assert_eq!(ColorMap::Viridis.rgb(f32::NAN), ColorMap::Viridis.rgb(0.0));
    }

    #[test]
    fn heatmap_pixels_are_one_per_cell_with_hidden_cells_grey() {
        let px = heatmap_rgba(
            &[0.0, 1.0, 0.5, 0.5],
            Some(&[false, false, true, false]),
            (0.0, 1.0),
            ColorMap::Viridis,
        );
        assert_eq!(px.len(), 16);
        assert_eq!(&px[0..4], &[0x44, 0x01, 0x54, 255]);
        assert_eq!(&px[4..8], &[0xfd, 0xe7, 0x25, 255]);
        assert_eq!(&px[8..11], &HIDDEN_RGB);
    }

    #[test]
    fn the_cell_cursor_stands_out_against_every_colour_of_both_maps() {
        for map in [ColorMap::Viridis, ColorMap::Cividis] {
            for cell in (0..=100)
                .map(|i| map.rgb(i as f32 / 100.0))
                .chain([HIDDEN_RGB])
            {
                let best = contrast(cell, [0, 0, 0]).max(contrast(cell, [255, 255, 255]));
                assert!(best >= 3.0, "{map:?} {cell:?}: {best:.2}");
            }
        }
    }

    #[test]
    fn the_hatch_of_hidden_cells_has_at_least_three_to_one_contrast() {
        assert!(contrast(HATCH_RGB, HIDDEN_RGB) >= 3.0);
        assert!((contrast([0, 0, 0], [255, 255, 255]) - 21.0).abs() < 1e-9);
    }

    #[test]
    fn the_two_ends_of_each_map_are_far_apart_in_brightness() {
        for map in [ColorMap::Viridis, ColorMap::Cividis] {
            let ends = contrast(map.rgb(0.0), map.rgb(1.0));
            assert!(ends >= 7.0, "{map:?}: {ends:.2}");
        }
    }

    #[test]
    fn finite_range_ignores_non_finite_values() {
        assert_eq!(
            finite_range(&[f32::NEG_INFINITY, -2.0, 3.0, f32::NAN]),
            (-2.0, 3.0)
        );
        assert_eq!(finite_range(&[]), (0.0, 1.0));
    }
}
