//! Sinusoidal positional encoding as a tensor, §3.5 of the paper.
//!
//! The numbers come from [`lab_math::sinusoid_table`], the same function the
//! positional-encoding view draws, so the heatmap *is* the model's table.

use burn::tensor::{Device, Tensor, TensorData};

/// The `[len, d_model]` table as a constant tensor (it has no parameters).
///
/// # Shapes
/// - output: `[len, d_model]`
pub fn sinusoid_tensor(len: usize, d_model: usize, base: f64, device: &Device) -> Tensor<2> {
    let table = lab_math::sinusoid_table(len, d_model, base);
    Tensor::from_data(TensorData::new(table, [len, d_model]), device)
}

/// Adds positions `0..seq_len` of `table` to `x`.
///
/// # Shapes
/// - `x`: `[batch, seq_len, d_model]`, `table`: `[max_len, d_model]` → `[batch, seq_len, d_model]`
///
/// # Panics
/// If `seq_len` exceeds the table's length.
pub fn add_positions(x: Tensor<3>, table: &Tensor<2>) -> Tensor<3> {
    let [_, seq_len, _] = x.dims();
    let [max_len, _] = table.dims();
    assert!(
        seq_len <= max_len,
        "sequence of {seq_len} tokens is longer than the positional table ({max_len})"
    );
    let pe = table.clone().narrow(0, 0, seq_len).unsqueeze_dim::<3>(0); // [1, seq_len, d_model]
    x + pe
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Backend;

    #[test]
    fn tensor_table_equals_the_pure_function() {
        let device = Backend::default().device();
        let t = sinusoid_tensor(4, 4, 100.0, &device)
            .into_data()
            .try_to_vec::<f32>()
            .expect("f32 data");
        assert_eq!(t, lab_math::sinusoid_table(4, 4, 100.0));
    }

    #[test]
    fn positions_are_added_row_by_row() {
        let device = Backend::default().device();
        let table = sinusoid_tensor(8, 4, 10000.0, &device);
        let x = Tensor::<3>::zeros([2, 3, 4], &device);
        let out = add_positions(x, &table)
            .into_data()
            .try_to_vec::<f32>()
            .expect("f32 data");
        let expected = lab_math::sinusoid_table(3, 4, 10000.0);
        assert_eq!(&out[..12], expected.as_slice());
        assert_eq!(&out[12..], expected.as_slice());
    }
}
