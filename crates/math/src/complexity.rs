//! What a layer costs: Table 1 of the paper (§4, "Why Self-Attention").
//!
//! For a sequence of `n` vectors of width `d`, a kernel of width `k` and a
//! restricted-attention neighbourhood of `r`:
//!
//! ```text
//! layer type                    per layer    sequential ops   maximum path length
//! self-attention                O(n²·d)      O(1)             O(1)
//! recurrent                     O(n·d²)      O(n)             O(n)
//! convolutional                 O(k·n·d²)    O(1)             O(log_k(n))
//! self-attention (restricted)   O(r·n·d)     O(1)             O(n/r)
//! ```
//!
//! The functions below return the leading terms without the O: multiply-adds
//! per layer, operations that must run one after another, and the number of
//! layers a signal crosses between the two most distant positions. Since
//! `n²·d < n·d²` exactly when `n < d`, self-attention is cheaper than a
//! recurrent layer whenever the sentence is shorter than the model is wide,
//! "which is most often the case" for sentences in machine translation.

/// The four layer types of Table 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LayerType {
    SelfAttention,
    Recurrent,
    Convolutional,
    RestrictedSelfAttention,
}

/// One row of Table 1, as the paper prints it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableRow {
    pub layer: LayerType,
    pub name: &'static str,
    pub per_layer: &'static str,
    pub sequential: &'static str,
    pub max_path: &'static str,
}

/// Table 1, row by row, in the paper's order.
pub const TABLE_1: [TableRow; 4] = [
    TableRow {
        layer: LayerType::SelfAttention,
        name: "Self-Attention",
        per_layer: "O(n²·d)",
        sequential: "O(1)",
        max_path: "O(1)",
    },
    TableRow {
        layer: LayerType::Recurrent,
        name: "Recurrent",
        per_layer: "O(n·d²)",
        sequential: "O(n)",
        max_path: "O(n)",
    },
    TableRow {
        layer: LayerType::Convolutional,
        name: "Convolutional",
        per_layer: "O(k·n·d²)",
        sequential: "O(1)",
        max_path: "O(log_k(n))",
    },
    TableRow {
        layer: LayerType::RestrictedSelfAttention,
        name: "Self-Attention (restricted)",
        per_layer: "O(r·n·d)",
        sequential: "O(1)",
        max_path: "O(n/r)",
    },
];

impl LayerType {
    /// Every layer type, in the order of Table 1.
    pub const ALL: [LayerType; 4] = [
        LayerType::SelfAttention,
        LayerType::Recurrent,
        LayerType::Convolutional,
        LayerType::RestrictedSelfAttention,
    ];

    /// This layer type's row of Table 1.
    pub fn row(self) -> &'static TableRow {
        TABLE_1
            .iter()
            .find(|r| r.layer == self)
            .expect("Table 1 has a row for every layer type")
    }
}

/// The sizes Table 1 is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sizes {
    /// Sequence length.
    pub n: u64,
    /// Representation width (`d_model`).
    pub d: u64,
    /// Convolution kernel width.
    pub k: u64,
    /// Neighbourhood size of restricted self-attention.
    pub r: u64,
}

/// Multiply-adds per layer, the leading term: `n²·d`, `n·d²`, `k·n·d²` or `r·n·d`.
pub fn per_layer_ops(layer: LayerType, s: Sizes) -> u64 {
    let Sizes { n, d, k, r } = s;
    match layer {
        LayerType::SelfAttention => n * n * d,
        LayerType::Recurrent => n * d * d,
        LayerType::Convolutional => k * n * d * d,
        LayerType::RestrictedSelfAttention => r * n * d,
    }
}

/// Operations that must run one after another: `n` for a recurrent layer (each
/// step waits for the previous hidden state), 1 for the others.
pub fn sequential_ops(layer: LayerType, s: Sizes) -> u64 {
    match layer {
        LayerType::Recurrent => s.n,
        _ => 1,
    }
}

/// The longest path a signal travels between two positions, in layers: 1,
/// `n`, ⌈log_k n⌉ (a stack of dilated convolutions, each `k` times wider) or
/// ⌈n/r⌉ (each restricted layer reaches `r` positions further). A path is a
/// whole number of layers and at least one, so the table's O(log_k(n)) and
/// O(n/r) are rounded up here, never shown as 1.89 or 0.5 layers.
///
/// # Panics
/// For a convolution with `k < 2` or restricted attention with `r = 0`.
pub fn max_path_length(layer: LayerType, s: Sizes) -> u64 {
    let Sizes { n, k, r, .. } = s;
    match layer {
        LayerType::SelfAttention => 1,
        LayerType::Recurrent => n.max(1),
        LayerType::Convolutional => {
            assert!(
                k >= 2,
                "a kernel narrower than 2 never connects distant positions, got k = {k}"
            );
            // The fewest layers L with k^L ≥ n, in integers (no rounding of ln n / ln k).
            let (mut layers, mut reach) = (1, k);
            while reach < n {
                reach = reach.saturating_mul(k);
                layers += 1;
            }
            layers
        }
        LayerType::RestrictedSelfAttention => {
            assert!(
                r > 0,
                "restricted self-attention needs a neighbourhood r ≥ 1"
            );
            n.div_ceil(r).max(1)
        }
    }
}

/// The sequence length at which self-attention (`n²·d`) and a recurrent layer
/// (`n·d²`) cost the same: dividing both by `n·d` leaves `n = d`.
pub fn attention_rnn_crossover(d: u64) -> u64 {
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    const S: Sizes = Sizes {
        n: 10,
        d: 64,
        k: 3,
        r: 4,
    };

    #[test]
    fn per_layer_counts_are_the_table_formulas() {
        assert_eq!(per_layer_ops(LayerType::SelfAttention, S), 10 * 10 * 64);
        assert_eq!(per_layer_ops(LayerType::Recurrent, S), 10 * 64 * 64);
        assert_eq!(per_layer_ops(LayerType::Convolutional, S), 3 * 10 * 64 * 64);
        assert_eq!(
            per_layer_ops(LayerType::RestrictedSelfAttention, S),
            4 * 10 * 64
        );
    }

    #[test]
    fn only_the_recurrent_layer_is_sequential() {
        let seq: Vec<u64> = LayerType::ALL
            .iter()
            .map(|&l| sequential_ops(l, S))
            .collect();
        assert_eq!(seq, vec![1, 10, 1, 1]);
    }

    #[test]
    fn path_lengths_are_the_table_formulas_in_whole_layers() {
        let s = Sizes { n: 81, ..S };
        assert_eq!(max_path_length(LayerType::SelfAttention, s), 1);
        assert_eq!(max_path_length(LayerType::Recurrent, s), 81);
        // 3⁴ = 81: four dilated layers of width 3 reach across 81 positions.
        assert_eq!(max_path_length(LayerType::Convolutional, s), 4);
        // 82 positions need a fifth layer; 8 need two (3¹ < 8 ≤ 3²).
        assert_eq!(
            max_path_length(LayerType::Convolutional, Sizes { n: 82, ..S }),
            5
        );
        assert_eq!(
            max_path_length(LayerType::Convolutional, Sizes { n: 8, ..S }),
            2
        );
        // ⌈81 / 4⌉ = 21 restricted layers; fewer positions than r still take one.
        assert_eq!(max_path_length(LayerType::RestrictedSelfAttention, s), 21);
        let short = Sizes { n: 8, r: 16, ..S };
        assert_eq!(
            max_path_length(LayerType::RestrictedSelfAttention, short),
            1
        );
        // Matches ln n / ln k rounded up wherever the float is not on an integer.
        for n in 2..2000u64 {
            let exact = max_path_length(LayerType::Convolutional, Sizes { n, ..S });
            let float = (n as f64).ln() / 3f64.ln();
            assert!(
                exact as f64 >= float - 1e-9 && (exact as f64) < float + 1.0,
                "n = {n}"
            );
        }
    }

    #[test]
    fn self_attention_and_recurrent_cross_at_n_equals_d() {
        let d = 64;
        let at = |n| Sizes { n, d, ..S };
        let (sa, rnn) = (LayerType::SelfAttention, LayerType::Recurrent);
        let n = attention_rnn_crossover(d);
        assert_eq!(n, d);
        assert_eq!(per_layer_ops(sa, at(n)), per_layer_ops(rnn, at(n)));
        assert!(per_layer_ops(sa, at(n - 1)) < per_layer_ops(rnn, at(n - 1)));
        assert!(per_layer_ops(sa, at(n + 1)) > per_layer_ops(rnn, at(n + 1)));
    }

    #[test]
    fn the_table_has_one_row_per_layer_type_in_the_papers_order() {
        assert_eq!(TABLE_1.map(|r| r.layer), LayerType::ALL);
        assert_eq!(LayerType::Convolutional.row().max_path, "O(log_k(n))");
        assert_eq!(LayerType::Recurrent.row().sequential, "O(n)");
    }
}
