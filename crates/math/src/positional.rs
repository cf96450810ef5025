//! Sinusoidal positional encoding, §3.5 of the paper.
//!
//! ```text
//! PE(pos, 2i)   = sin(pos / base^(2i / d_model))
//! PE(pos, 2i+1) = cos(pos / base^(2i / d_model))
//! ```
//!
//! Sine and cosine are *interleaved*: even dimensions hold sines, odd ones the
//! cosine of the same frequency. The paper uses `base = 10000`, so wavelengths
//! run from 2π up to 10000·2π and no position up to a few thousand repeats.
//! A smaller base (the tutorial's worked example uses 100) makes every
//! dimension turn faster, which is easier to see on a small table.

/// The paper's base of the sinusoids' wavelengths (§3.5): 10000.
pub const PAPER_BASE: f64 = 10_000.0;

/// The base of the tutorials' worked example (tutorial 000: seq_len 4,
/// d_model 4), the PE view's other choice: 100.
pub const WORKED_BASE: f64 = 100.0;

/// One entry of the table: position `pos`, dimension `dim`.
///
/// # Panics
/// If `dim >= d_model` or `base <= 0`.
pub fn pe_value(pos: usize, dim: usize, d_model: usize, base: f64) -> f32 {
    assert!(
        dim < d_model,
        "dimension {dim} is outside d_model {d_model}"
    );
    assert!(
        base > 0.0,
        "the positional base must be positive, got {base}"
    );
    // Dimensions 2i and 2i+1 share the frequency 1 / base^(2i / d_model).
    let pair = (dim / 2) * 2;
    let angle = pos as f64 / base.powf(pair as f64 / d_model as f64);
    if dim.is_multiple_of(2) {
        angle.sin() as f32
    } else {
        angle.cos() as f32
    }
}

/// The whole table, row-major: `table[pos * d_model + dim]`.
///
/// # Shapes
/// - output: `[len, d_model]`, flattened.
///
/// # Panics
/// If `base <= 0`.
pub fn sinusoid_table(len: usize, d_model: usize, base: f64) -> Vec<f32> {
    let mut table = Vec::with_capacity(len * d_model);
    for pos in 0..len {
        for dim in 0..d_model {
            table.push(pe_value(pos, dim, d_model, base));
        }
    }
    table
}

/// Dot products between every pair of positions: `sim[p * len + q] = PE(p)·PE(q)`.
///
/// The dot product depends (almost) only on `|p - q|`, which is why the paper
/// hoped the model could "easily learn to attend by relative positions".
///
/// # Shapes
/// - `table`: `[len, d_model]`, flattened; output: `[len, len]`, flattened.
pub fn pe_similarity(table: &[f32], d_model: usize) -> Vec<f32> {
    assert!(
        d_model > 0 && table.len().is_multiple_of(d_model),
        "table length {} is not a multiple of d_model {d_model}",
        table.len()
    );
    let rows: Vec<&[f32]> = table.chunks(d_model).collect();
    let mut sim = Vec::with_capacity(rows.len() * rows.len());
    for p in &rows {
        for q in &rows {
            sim.push(p.iter().zip(q.iter()).map(|(a, b)| a * b).sum());
        }
    }
    sim
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: &[f32], b: &[f32]) -> bool {
        a.len() == b.len() && a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-5)
    }

    #[test]
    fn worked_example_with_base_100_matches_the_tutorial() {
        let table = sinusoid_table(4, 4, 100.0);
        assert!(
            close(&table[4..8], &[0.84147, 0.54030, 0.09983, 0.99500]),
            "row 1 = {:?}",
            &table[4..8]
        );
    }

    #[test]
    fn position_zero_is_sin0_cos0_interleaved() {
        let table = sinusoid_table(3, 8, 10000.0);
        assert_eq!(&table[0..8], &[0.0, 1.0, 0.0, 1.0, 0.0, 1.0, 0.0, 1.0]);
    }

    #[test]
    fn each_sine_cosine_pair_has_unit_norm() {
        let table = sinusoid_table(50, 16, 10000.0);
        for pair in table.chunks(2) {
            assert!((pair[0] * pair[0] + pair[1] * pair[1] - 1.0).abs() < 1e-5);
        }
    }

    #[test]
    fn similarity_depends_on_distance_not_position() {
        let d = 32;
        let table = sinusoid_table(20, d, 10000.0);
        let sim = pe_similarity(&table, d);
        // PE(p)·PE(p+k) = Σ cos(k ω_i): the same for every p.
        assert!((sim[2 * 20 + 5] - sim[10 * 20 + 13]).abs() < 1e-4);
        // The diagonal is d_model / 2 (each pair contributes sin² + cos² = 1).
        assert!((sim[7 * 20 + 7] - 16.0).abs() < 1e-4);
    }
}
