//! What one greedy decoding step costs, with and without a KV cache.
//!
//! Greedy decoding feeds the decoder `<bos> y₁ … y_{t−1}` (t positions) and
//! reads the next token off the last position. Counted here are the
//! multiply-adds of the matrix products (an `[m, k] × [k, n]` product is
//! `m·k·n`); softmax, LayerNorm and additions are left out because they are
//! small beside them. With `d = d_model`, `f = d_ff`, `S` source tokens, `V`
//! target words and `L` decoder layers:
//!
//! ```text
//! without cache, per layer:  self  4·t·d² + 2·t²·d     (Q,K,V,O for all t rows; QKᵀ; weights·V)
//!                            cross 2·t·d² + 2·S·d² + 2·t·S·d   (K,V of the source again)
//!                            FFN   2·t·d·f
//! with cache, per layer:     self  4·d² + 2·t·d         (one new row; t cached keys)
//!                            cross 2·d² + 2·S·d   (+ 2·S·d² once, at step 1)
//!                            FFN   2·d·f
//! both, once:                the final Linear on the last row, d·V
//! ```
//!
//! The cache turns the per-step cost from growing like t² into growing like t.
//! The model counts the products it really runs; a test holds that count to
//! these formulas.

/// The sizes that set the cost of a decoding step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DecoderShape {
    pub d_model: usize,
    pub d_ff: usize,
    pub n_layers: usize,
    /// Source tokens, including `<eos>`.
    pub src_len: usize,
    /// Target vocabulary size (the final Linear's width).
    pub vocab: usize,
}

/// Multiply-adds of decoding step `t` (1-based: step `t` reads `t` decoder positions).
///
/// # Panics
/// If `t` is 0.
pub fn step_multiply_adds(shape: DecoderShape, t: usize, cached: bool) -> u64 {
    assert!(t >= 1, "decoding steps are counted from 1");
    let DecoderShape {
        d_model,
        d_ff,
        n_layers,
        src_len,
        vocab,
    } = shape;
    let [d, f, s, t] = [d_model, d_ff, src_len, t].map(|x| x as u64);
    let per_layer = if cached {
        let once = if t == 1 { source_kv_per_layer(s, d) } else { 0 };
        (4 * d * d + 2 * t * d) + (2 * d * d + 2 * s * d + once) + 2 * d * f
    } else {
        (4 * t * d * d + 2 * t * t * d)
            + (2 * t * d * d + source_kv_per_layer(s, d) + 2 * t * s * d)
            + 2 * t * d * f
    };
    n_layers as u64 * per_layer + d * vocab as u64
}

/// The multiply-adds of projecting the source's K and V for cross-attention in
/// every layer, `L·2·S·d²`: a decoder without a cache pays them at every
/// step, a cached one once, at step 1. So from step 2 on they are part of
/// what the cache saves.
pub fn source_projection(shape: DecoderShape) -> u64 {
    let [l, s, d] = [shape.n_layers, shape.src_len, shape.d_model].map(|x| x as u64);
    l * source_kv_per_layer(s, d)
}

/// One layer's cross-attention K and V of the `s` source rows: two
/// `[s, d] × [d, d]` products, `2·S·d²`.
fn source_kv_per_layer(s: u64, d: u64) -> u64 {
    2 * s * d * d
}

/// The formulas above as text, for the page.
pub const WITHOUT_CACHE: &str = "L·(6·t·d² + 2·t²·d + 2·S·d² + 2·t·S·d + 2·t·d·d_ff) + d·V";
pub const WITH_CACHE: &str = "L·(6·d² + 2·t·d + 2·S·d + 2·d·d_ff) + d·V";
/// What the cached decoder adds once, at step 1: the source's K and V of every layer.
pub const WITH_CACHE_FIRST_STEP: &str = "L·2·S·d²";

#[cfg(test)]
mod tests {
    use super::*;

    /// The toy model's sizes ([`crate::toy`]) on a short sentence.
    const TOY: DecoderShape = DecoderShape {
        d_model: crate::toy::D_MODEL,
        d_ff: crate::toy::D_FF,
        n_layers: crate::toy::N_LAYERS,
        src_len: 8,
        vocab: 80,
    };

    #[test]
    fn the_first_step_costs_the_same_with_and_without_the_cache() {
        // At t = 1 there is nothing to reuse yet.
        assert_eq!(
            step_multiply_adds(TOY, 1, true),
            step_multiply_adds(TOY, 1, false)
        );
    }

    #[test]
    fn the_cache_saves_more_the_longer_the_prefix() {
        let saving = |t| step_multiply_adds(TOY, t, false) - step_multiply_adds(TOY, t, true);
        assert!(saving(2) > 0);
        assert!(saving(10) > saving(5) && saving(5) > saving(2));
    }

    #[test]
    fn the_cached_step_grows_linearly_and_the_uncached_quadratically() {
        let cached: Vec<u64> = (2..6).map(|t| step_multiply_adds(TOY, t, true)).collect();
        let diffs: Vec<u64> = cached.windows(2).map(|w| w[1] - w[0]).collect();
        assert!(
            diffs.iter().all(|&d| d == diffs[0]),
            "constant increments: {diffs:?}"
        );
        let full: Vec<u64> = (2..6).map(|t| step_multiply_adds(TOY, t, false)).collect();
        let second: Vec<u64> = full
            .windows(3)
            .map(|w| (w[2] - w[1]) - (w[1] - w[0]))
            .collect();
        // 2·t²·d per layer: the second difference is 2·2·d per layer.
        let expected = (2 * 2 * TOY.d_model * TOY.n_layers) as u64;
        assert!(second.iter().all(|&s| s == expected), "{second:?}");
    }

    #[test]
    fn one_layer_by_hand() {
        let shape = DecoderShape {
            d_model: 2,
            d_ff: 3,
            n_layers: 1,
            src_len: 4,
            vocab: 5,
        };
        // t = 2, cached: self 4·4 + 2·2·2 = 24; cross 2·4 + 2·4·2 = 24; FFN 2·2·3 = 12; out 2·5 = 10.
        assert_eq!(step_multiply_adds(shape, 2, true), 24 + 24 + 12 + 10);
        // t = 2, not cached: self 4·2·4 + 2·4·2 = 48; cross 2·2·4 + 2·4·4 + 2·2·4·2 = 80; FFN 24; out 10.
        assert_eq!(step_multiply_adds(shape, 2, false), 48 + 80 + 24 + 10);
        // The source's K and V: 2·S·d² = 2·4·4 = 32, inside the 80 of the uncached cross-attention.
        assert_eq!(source_projection(shape), 32);
        // At step 1 the cached decoder pays them once: cross 2·4 + 2·4·2 + 32 = 56.
        assert_eq!(
            step_multiply_adds(shape, 1, true),
            (4 * 4 + 2 * 2) + 56 + 12 + 10
        );
        let two_layers = DecoderShape {
            n_layers: 2,
            ..shape
        };
        assert_eq!(source_projection(two_layers), 64, "once per layer");
    }
}
