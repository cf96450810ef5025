//! Padding and subsequent masks as tensors, §3.2.3 of the paper.
//!
//! **Convention** (the same as [`lab_math::masks`]): `true` = hidden. A hidden
//! score becomes −∞ before the softmax, so its weight is exactly 0.
//! Masks have shape `[batch, seq_q, seq_k]`, where `seq_q` may be 1 to apply
//! the same key mask to every query.

use burn::tensor::{Bool, Device, Int, Tensor, TensorData};

/// Hides PAD keys: `true` where `ids == pad`.
///
/// # Shapes
/// - `ids`: `[batch, seq_k]` → `[batch, 1, seq_k]`
pub fn padding_mask(ids: &Tensor<2, Int>, pad: u32) -> Tensor<3, Bool> {
    ids.clone().equal_elem(pad as i64).unsqueeze_dim::<3>(1)
}

/// Hides future keys: `true` where `key > query`. Built from
/// [`lab_math::subsequent_mask`], the function the mask view draws.
///
/// # Shapes
/// - output: `[1, len, len]`
pub fn subsequent_mask(len: usize, device: &Device) -> Tensor<3, Bool> {
    let mask = lab_math::subsequent_mask(len);
    Tensor::<2, Bool>::from_data(TensorData::new(mask, [len, len]), device).unsqueeze_dim::<3>(0)
}

/// The decoder self-attention mask: padding **or** future.
///
/// # Shapes
/// - `tgt_in`: `[batch, tgt_len]` → `[batch, tgt_len, tgt_len]`
pub fn decoder_mask(tgt_in: &Tensor<2, Int>, pad: u32) -> Tensor<3, Bool> {
    let [batch, len] = tgt_in.dims();
    let pad_mask = padding_mask(tgt_in, pad).expand([batch, len, len]);
    let future = subsequent_mask(len, &tgt_in.device()).expand([batch, len, len]);
    pad_mask.bool_or(future)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Backend;

    #[test]
    fn decoder_mask_hides_padding_and_the_future() {
        let device = Backend::default().device();
        let ids = Tensor::<2, Int>::from_data(TensorData::new(vec![1i64, 5, 0], [1, 3]), &device);
        let mask = decoder_mask(&ids, 0)
            .into_data()
            .try_to_vec::<bool>()
            .expect("bool data");
        assert_eq!(mask, lab_math::combined_mask(&[2], 3));
    }
}
