//! Padding and subsequent (causal) masks, §3.2.3 of the paper.
//!
//! **Convention, written down once:** a mask entry `true` means *hidden*. The
//! attention score at a hidden position is replaced by −∞ before the softmax,
//! so its weight is exactly 0. Masks are indexed `[query, key]`: rows are
//! queries, columns are keys.
//!
//! - The padding mask hides PAD keys, so no query reads padding.
//! - The subsequent mask hides keys *after* the query (`key > query`), so
//!   decoder position `t` only sees positions `0..=t` while it predicts `t+1`.

/// The convention as shown on screen next to every mask.
pub const MASK_CONVENTION: &str = "true = hidden (drawn grey and hatched): the score becomes −∞ before softmax, so the weight is exactly 0. Rows are queries, columns are keys.";

/// The subsequent (causal) mask for a sequence of `len` positions.
///
/// # Shapes
/// - output: `[len, len]` flattened as `[query, key]`; `true` where `key > query`.
pub fn subsequent_mask(len: usize) -> Vec<bool> {
    (0..len)
        .flat_map(|q| (0..len).map(move |k| k > q))
        .collect()
}

/// The padding mask for a batch of sequences of the given `lengths`, padded to `max_len`.
///
/// # Shapes
/// - output: `[batch, max_len]` flattened; `true` at the padded key positions.
///
/// # Panics
/// If a length exceeds `max_len`.
pub fn padding_mask(lengths: &[usize], max_len: usize) -> Vec<bool> {
    lengths
        .iter()
        .flat_map(|&len| {
            assert!(
                len <= max_len,
                "sequence length {len} exceeds the padded length {max_len}"
            );
            (0..max_len).map(move |k| k >= len)
        })
        .collect()
}

/// The decoder's self-attention mask: padding **or** subsequent.
///
/// # Shapes
/// - output: `[batch, max_len (query), max_len (key)]` flattened.
pub fn combined_mask(lengths: &[usize], max_len: usize) -> Vec<bool> {
    let causal = subsequent_mask(max_len);
    let pad = padding_mask(lengths, max_len);
    let mut out = Vec::with_capacity(lengths.len() * max_len * max_len);
    for b in 0..lengths.len() {
        for q in 0..max_len {
            for k in 0..max_len {
                out.push(causal[q * max_len + k] || pad[b * max_len + k]);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subsequent_mask_hides_exactly_the_future() {
        let m = subsequent_mask(4);
        for q in 0..4 {
            for k in 0..4 {
                assert_eq!(m[q * 4 + k], k > q, "query {q} key {k}");
            }
        }
    }

    #[test]
    fn padding_mask_hides_positions_past_each_length() {
        let m = padding_mask(&[2, 4], 4);
        assert_eq!(
            m,
            vec![false, false, true, true, false, false, false, false]
        );
    }

    #[test]
    fn combined_mask_is_the_union() {
        let m = combined_mask(&[2], 3);
        // query 0 sees key 0; query 2 sees keys 0 and 1 (key 2 is padding).
        assert_eq!(
            m,
            vec![false, true, true, false, false, true, false, false, true]
        );
    }
}
