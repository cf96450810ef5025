//! Why attention divides by √d_k (§3.2.1 and its footnote 4).
//!
//! If the components of a query `q` and a key `k` are independent, with mean 0
//! and variance 1, then `q · k = Σᵢ qᵢ kᵢ` has mean 0 and variance `d_k`: the
//! dot products grow with the width of the head. Large scores push the
//! softmax into its flat regions, where nearly all the weight sits on one key
//! (it *saturates*) and the gradients are tiny. Dividing by `√d_k` brings the
//! variance back to 1 for every `d_k`, so the softmax stays soft.
//!
//! [`sampled`] runs that experiment on random vectors, with the lab's seeded
//! generator, so the page and the tests see the same numbers;
//! [`variance`] is the statistic it reports, which the page also applies to
//! the model's own dot products.

use crate::beta::{entropy_bits, softmax_beta};
use crate::rng::Rng;

/// The head widths of the sampled experiment; 64 is the paper's `d_k`.
pub const SAMPLE_D_K: [usize; 5] = [4, 16, 64, 256, 512];
/// Keys per query in the sampled experiment.
pub const SAMPLE_KEYS: usize = 8;
/// Queries per head width in the sampled experiment.
pub const SAMPLE_QUERIES: usize = 200;
/// The seed of the sampled experiment.
pub const SAMPLE_SEED: u64 = 4;

/// What the softmax does to one set of scores, averaged over queries.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Softness {
    /// The variance of the scores.
    pub variance: f64,
    /// The mean entropy of a query's weights, in bits (`log₂ keys` is uniform, 0 one-hot).
    pub entropy_bits: f64,
    /// The mean of a query's largest weight (1 is one-hot).
    pub top_weight: f64,
}

/// One head width of the sampled experiment: the raw dot products `q · k`
/// and the same divided by `√d_k`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScalingRow {
    pub d_k: usize,
    pub unscaled: Softness,
    pub scaled: Softness,
}

/// The population variance of `xs` (0 for fewer than two values).
pub fn variance(xs: &[f64]) -> f64 {
    if xs.len() < 2 {
        return 0.0;
    }
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / n
}

/// A standard normal draw (Box–Muller, the cosine branch).
pub fn standard_normal(rng: &mut Rng) -> f64 {
    // 1 − u lies in (0, 1], so the logarithm is finite.
    let u = 1.0 - rng.next_f64();
    let v = rng.next_f64();
    (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
}

/// The softness of rows of scores (one row per query, every key visible).
///
/// # Shapes
/// - `rows`: `[queries][keys]`
pub fn softness(rows: &[Vec<f64>]) -> Softness {
    let all: Vec<f64> = rows.iter().flatten().copied().collect();
    let (mut entropy, mut top) = (0.0, 0.0);
    for row in rows {
        let scores: Vec<Option<f32>> = row.iter().map(|&s| Some(s as f32)).collect();
        let weights = softmax_beta(&scores, 1.0);
        entropy += f64::from(entropy_bits(&weights));
        top += f64::from(weights.iter().copied().fold(0.0, f32::max));
    }
    let n = rows.len().max(1) as f64;
    Softness {
        variance: variance(&all),
        entropy_bits: entropy / n,
        top_weight: top / n,
    }
}

/// The experiment at one head width: [`SAMPLE_QUERIES`] queries, each against
/// [`SAMPLE_KEYS`] keys, every component a standard normal draw.
pub fn sampled(d_k: usize, seed: u64) -> ScalingRow {
    let mut rng = Rng::new(seed ^ d_k as u64);
    let vector = |rng: &mut Rng| (0..d_k).map(|_| standard_normal(rng)).collect::<Vec<_>>();
    let dots: Vec<Vec<f64>> = (0..SAMPLE_QUERIES)
        .map(|_| {
            let q = vector(&mut rng);
            (0..SAMPLE_KEYS)
                .map(|_| vector(&mut rng).iter().zip(&q).map(|(k, q)| k * q).sum())
                .collect()
        })
        .collect();
    let root = (d_k as f64).sqrt();
    let scaled: Vec<Vec<f64>> = dots
        .iter()
        .map(|row| row.iter().map(|d| d / root).collect())
        .collect();
    ScalingRow {
        d_k,
        unscaled: softness(&dots),
        scaled: softness(&scaled),
    }
}

/// The experiment at every width of [`SAMPLE_D_K`].
pub fn sampled_table() -> Vec<ScalingRow> {
    SAMPLE_D_K
        .iter()
        .map(|&d| sampled(d, SAMPLE_SEED))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_variance_of_a_dot_product_grows_as_d_k_and_scaling_brings_it_back_to_one() {
        for row in sampled_table() {
            let d = row.d_k as f64;
            // 1,600 samples: the measured variance is within 20% of its expectation.
            assert!(
                (row.unscaled.variance / d - 1.0).abs() < 0.2,
                "d_k {}: Var(q·k) = {} against {d}",
                row.d_k,
                row.unscaled.variance
            );
            assert!(
                (row.scaled.variance - 1.0).abs() < 0.2,
                "d_k {}: Var(q·k/√d_k) = {}",
                row.d_k,
                row.scaled.variance
            );
        }
    }

    #[test]
    fn unscaled_scores_saturate_the_softmax_as_d_k_grows_and_scaled_ones_do_not() {
        let table = sampled_table();
        let (narrow, wide) = (&table[0], &table[table.len() - 1]);
        // Unscaled: wider heads, sharper weights.
        assert!(wide.unscaled.entropy_bits < narrow.unscaled.entropy_bits);
        assert!(wide.unscaled.top_weight > 0.9, "{:?}", wide.unscaled);
        // Scaled: the same softness at every width, well above one-hot.
        for row in &table {
            assert!(
                (row.scaled.entropy_bits - narrow.scaled.entropy_bits).abs() < 0.3,
                "{row:?}"
            );
            assert!(row.scaled.entropy_bits > 1.0, "{row:?}");
            assert!(
                row.unscaled.entropy_bits < row.scaled.entropy_bits,
                "{row:?}"
            );
        }
    }

    #[test]
    fn variance_is_the_mean_squared_distance_from_the_mean() {
        assert_eq!(variance(&[1.0, 3.0]), 1.0);
        assert_eq!(variance(&[2.0, 2.0, 2.0]), 0.0);
        assert_eq!(variance(&[5.0]), 0.0);
    }

    #[test]
    fn the_experiment_is_reproducible() {
        assert_eq!(sampled(16, 9), sampled(16, 9));
        assert_ne!(sampled(16, 9), sampled(16, 10));
    }
}
