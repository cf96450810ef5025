//! The two matrix products the Transformer is made of, written once, with a
//! multiply-add counter.
//!
//! - A **position-wise Linear** (`x W + b` on every position): the Q/K/V and
//!   output projections, both FFN layers and the final "Linear" box. Every
//!   position is transformed by the same matrix, so `[batch, seq, d_in]` is
//!   viewed as one `[batch·seq, d_in]` matrix and multiplied once. (burn would
//!   otherwise run `batch` small products against the same weight.)
//! - A **batched product** of per-head matrices: `Q Kᵀ` and `weights · V`.
//!
//! Each call adds its multiply-adds (`m·k·n` for an `[m, k] × [k, n]`
//! product) to a per-thread counter, so the KV-cache view can show what a
//! decoding step really cost and a test can hold that count to its formula
//! (`lab_math::decoding`). Counting is one integer multiply per product.

use std::cell::Cell;

use burn::nn::Linear;
use burn::tensor::Tensor;

thread_local! {
    static MULTIPLY_ADDS: Cell<u64> = const { Cell::new(0) };
}

fn add(count: usize) {
    MULTIPLY_ADDS.with(|c| c.set(c.get().saturating_add(count as u64)));
}

/// Runs `f` and returns its result with the multiply-adds its matrix products did.
pub fn count_multiply_adds<T>(f: impl FnOnce() -> T) -> (T, u64) {
    let before = MULTIPLY_ADDS.with(Cell::get);
    let out = f();
    let after = MULTIPLY_ADDS.with(Cell::get);
    (out, after - before)
}

/// `x W + b` applied to every position at once.
///
/// # Shapes
/// - `x`: `[batch, seq, d_in]` → `[batch, seq, d_out]`
pub fn position_wise(linear: &Linear, x: Tensor<3>) -> Tensor<3> {
    let [batch, seq, d_in] = x.dims();
    let rows = x.reshape([batch * seq, d_in]); // [batch·seq, d_in]
    let out = linear.forward(rows); // [batch·seq, d_out]
    let [_, d_out] = out.dims();
    add(batch * seq * d_in * d_out);
    out.reshape([batch, seq, d_out]) // [batch, seq, d_out]
}

/// `x Eᵀ` applied to every position at once: a projection whose weight is
/// the transpose of `matrix` (an embedding table, for weight tying), with
/// no bias.
///
/// # Shapes
/// - `x`: `[batch, seq, d_in]`, `matrix`: `[d_out, d_in]` → `[batch, seq, d_out]`
pub fn position_wise_transposed(matrix: Tensor<2>, x: Tensor<3>) -> Tensor<3> {
    let [batch, seq, d_in] = x.dims();
    let [d_out, _] = matrix.dims();
    let rows = x.reshape([batch * seq, d_in]); // [batch·seq, d_in]
    let out = rows.matmul(matrix.transpose()); // [batch·seq, d_out]
    add(batch * seq * d_in * d_out);
    out.reshape([batch, seq, d_out]) // [batch, seq, d_out]
}

/// The batched product `a b` of per-head matrices.
///
/// # Shapes
/// - `a`: `[batch, n_heads, m, k]`, `b`: `[batch, n_heads, k, n]` → `[batch, n_heads, m, n]`
pub fn batched_matmul(a: Tensor<4>, b: Tensor<4>) -> Tensor<4> {
    let [batch, heads, m, k] = a.dims();
    let [_, _, _, n] = b.dims();
    add(batch * heads * m * k * n);
    a.matmul(b)
}
