//! The training loop (lab-train) runs unchanged in WebAssembly: real steps,
//! and the vendored matrix kernels, in headless Chromium.
//!
//! Run with
//! `CHROMEDRIVER=/usr/bin/chromedriver cargo test --release -p lab-worker --target wasm32-unknown-unknown --test wasm`
//! (`cargo xtask ci` does this). The browser's options live in `webdriver.json`
//! next to this crate's `Cargo.toml`.
#![cfg(target_arch = "wasm32")]

use lab_tasks::TaskKind;
use lab_train::{Settings, Trainer};
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

/// Small enough that 30 steps take a few seconds in a debug-free browser build.
fn small_copy() -> Settings {
    Settings {
        d_model: 32,
        n_heads: 2,
        d_ff: 64,
        n_layers: 1,
        batch_size: 16,
        ..Settings::toy(TaskKind::Copy)
    }
}

#[wasm_bindgen_test]
fn training_in_the_browser_lowers_the_copy_loss() {
    let mut trainer = Trainer::new(&small_copy()).expect("the small copy settings are valid");
    let losses: Vec<f32> = (0..30).map(|_| trainer.step().loss).collect();

    assert!(
        losses.iter().all(|l| l.is_finite()),
        "every loss is finite: {losses:?}"
    );
    let first = losses[0];
    let last_five = losses[losses.len() - 5..].iter().sum::<f32>() / 5.0;
    assert!(
        last_five < first,
        "the mean of the last 5 losses ({last_five}) is below the first ({first}): {losses:?}"
    );
    assert_eq!(trainer.step_count(), 30);
}

#[wasm_bindgen_test]
fn a_checkpoint_round_trips_in_the_browser() {
    let mut trainer = Trainer::new(&small_copy()).expect("the small copy settings are valid");
    for _ in 0..3 {
        trainer.step();
    }
    let bytes = trainer.to_bytes();
    let restored = Trainer::from_bytes(&bytes).expect("a checkpoint we just wrote loads");
    assert_eq!(restored.step_count(), trainer.step_count());
    assert_eq!(
        restored.to_bytes(),
        bytes,
        "saving the restored run gives the same bytes"
    );

    let garbage = &bytes[..bytes.len() / 2];
    assert!(
        Trainer::from_bytes(garbage).is_err(),
        "a truncated checkpoint is rejected"
    );
}

/// A deterministic value in [-1, 1) for position `i` of operand `salt`.
fn entry(i: usize, salt: usize) -> f32 {
    ((i * 7919 + salt * 104_729) % 211) as f32 / 105.5 - 1.0
}

/// The product by its definition, in f64: `c[i][j] = Σ_p a[i][p] · b[p][j]`,
/// with the sum of `|a[i][p] · b[p][j]|` for the tolerance.
fn reference(a: &[f32], b: &[f32], m: usize, k: usize, n: usize) -> Vec<(f64, f64)> {
    let mut c = vec![(0.0, 0.0); m * n];
    for i in 0..m {
        for j in 0..n {
            for p in 0..k {
                let term = f64::from(a[i * k + p]) * f64::from(b[p * n + j]);
                c[i * n + j].0 += term;
                c[i * n + j].1 += term.abs();
            }
        }
    }
    c
}

/// The relative error a sum of `k` products may have in f32: about `k`
/// roundings, each at most half an ulp (so `k · ε` bounds it twice over).
/// A wrong entry is off by about its own size.
fn rounding(k: usize) -> f64 {
    k as f64 * f64::from(f32::EPSILON)
}

/// Every entry of `got` within [`rounding`] of its definition in `want`.
fn meets(got: &[f32], want: &[(f64, f64)], k: usize, what: &str) {
    for (index, (&g, &(value, magnitude))) in got.iter().zip(want).enumerate() {
        assert!(
            (f64::from(g) - value).abs() <= rounding(k) * magnitude + 1e-7,
            "{what}, entry {index}: {g} against {value}"
        );
    }
}

/// A `rows × cols` matrix stored column by column, read through a transposed
/// view: the same values as `values` (row by row), with strides a kernel must follow.
fn stored_transposed(
    values: &[f32],
    rows: usize,
    cols: usize,
    device: &lab_model::burn::tensor::Device,
) -> lab_model::burn::tensor::Tensor<2> {
    use lab_model::burn::tensor::{Tensor, TensorData};
    let columns: Vec<f32> = (0..cols * rows)
        .map(|i| values[(i % rows) * cols + i / rows])
        .collect();
    Tensor::<2>::from_data(TensorData::new(columns, [cols, rows]), device).transpose()
}

/// The wasm build's matrix products run the simd128 kernels patched in
/// `vendor/gemm-f32` (ATTENTION-LAB.md there). Every shape of edge tile
/// (rows not a multiple of 8, columns not a multiple of 4), both operand
/// layouts (a transposed view is strided) and a batch meet the definition.
#[wasm_bindgen_test]
fn the_browsers_matrix_products_meet_their_definition() {
    use lab_model::burn::tensor::{Tensor, TensorData};
    let device = lab_model::Backend::Flex.device();
    let mut checked = 0;
    for m in [1, 3, 4, 7, 8, 9, 17, 64] {
        for k in [1, 5, 64, 300] {
            for n in [1, 2, 3, 4, 5, 13, 70] {
                let a: Vec<f32> = (0..m * k).map(|i| entry(i, 1)).collect();
                let b: Vec<f32> = (0..k * n).map(|i| entry(i, 2)).collect();
                let want = reference(&a, &b, m, k, n);
                let a_plain = Tensor::<2>::from_data(TensorData::new(a.clone(), [m, k]), &device);
                let b_plain = Tensor::<2>::from_data(TensorData::new(b.clone(), [k, n]), &device);
                let a_view = stored_transposed(&a, m, k, &device);
                let b_view = stored_transposed(&b, k, n, &device);
                let products = [
                    ("a·b", a_plain.clone(), b_plain),
                    ("a·(bᵀ)ᵀ", a_plain, b_view.clone()),
                    ("(aᵀ)ᵀ·(bᵀ)ᵀ", a_view, b_view),
                ];
                for (name, a, b) in products {
                    let got = a
                        .matmul(b)
                        .into_data()
                        .try_to_vec::<f32>()
                        .expect("f32 data");
                    assert_eq!(got.len(), m * n);
                    meets(&got, &want, k, &format!("{name}, {m}×{k}·{k}×{n}"));
                    checked += 1;
                }
            }
        }
    }
    assert_eq!(checked, 8 * 4 * 7 * 3);

    // A batch of three products in one call, as the attention's scores are.
    let (batch, m, k, n) = (3, 9, 16, 11);
    let a: Vec<f32> = (0..batch * m * k).map(|i| entry(i, 3)).collect();
    let b: Vec<f32> = (0..batch * k * n).map(|i| entry(i, 4)).collect();
    let product =
        Tensor::<3>::from_data(TensorData::new(a.clone(), [batch, m, k]), &device).matmul(
            Tensor::<3>::from_data(TensorData::new(b.clone(), [batch, k, n]), &device),
        );
    let got = product.into_data().try_to_vec::<f32>().expect("f32 data");
    for s in 0..batch {
        let want = reference(&a[s * m * k..][..m * k], &b[s * k * n..][..k * n], m, k, n);
        meets(&got[s * m * n..][..m * n], &want, k, &format!("batch {s}"));
    }
}

/// What `vendor/burn-flex` relies on to leave a 2-D product's result
/// unzeroed (`FlexTensor::written`): called with `read_dst = false` and
/// α = 0, as burn-flex calls it, `gemm` writes every entry of its
/// destination and reads none. Each destination here starts as NaNs, which
/// any read would carry into the result (0 · NaN is NaN), over the edge
/// tiles of the simd128 kernels and every layout of the operands (row- or
/// column-major, which picks gemm's other paths: the horizontal kernels and
/// the matrix-vector ones).
#[wasm_bindgen_test]
fn gemm_writes_every_entry_of_a_result_it_does_not_read() {
    let mut checked = 0;
    for m in [1, 2, 5, 8, 9, 33] {
        for k in [1, 7, 64, 600] {
            for n in [1, 3, 4, 6, 17] {
                let a: Vec<f32> = (0..m * k).map(|i| entry(i, 5)).collect();
                let b: Vec<f32> = (0..k * n).map(|i| entry(i, 6)).collect();
                let want = reference(&a, &b, m, k, n);
                let a_columns: Vec<f32> = (0..m * k).map(|i| a[(i % m) * k + i / m]).collect();
                let b_columns: Vec<f32> = (0..k * n).map(|i| b[(i % k) * n + i / k]).collect();
                // (operand, its column stride, its row stride)
                let lhs = [(&a, 1, k as isize), (&a_columns, m as isize, 1)];
                let rhs = [(&b, 1, n as isize), (&b_columns, k as isize, 1)];
                for (lhs, lhs_cs, lhs_rs) in lhs {
                    for &(rhs, rhs_cs, rhs_rs) in &rhs {
                        let mut dst = vec![f32::NAN; m * n];
                        // SAFETY: each operand holds its matrix at the strides
                        // given, and `dst` holds m·n entries, row by row.
                        unsafe {
                            gemm::gemm(
                                m,
                                n,
                                k,
                                dst.as_mut_ptr(),
                                1,
                                n as isize,
                                false,
                                lhs.as_ptr(),
                                lhs_cs,
                                lhs_rs,
                                rhs.as_ptr(),
                                rhs_cs,
                                rhs_rs,
                                0.0,
                                1.0,
                                false,
                                false,
                                false,
                                gemm::Parallelism::None,
                            );
                        }
                        let what = format!("{m}×{k}·{k}×{n}, strides {lhs_cs},{rhs_cs}");
                        meets(&dst, &want, k, &what);
                        checked += 1;
                    }
                }
            }
        }
    }
    assert_eq!(checked, 6 * 4 * 5 * 4);
}

/// The worker's burn-flex is built with `f32-gemm-only` (vendor/burn-flex,
/// change 4): an f64 or f16 matrix product is computed in f32, keeps its
/// dtype, and is the same product. The values are exact in every dtype.
#[wasm_bindgen_test]
fn f64_and_f16_products_are_computed_in_f32_and_keep_their_dtype() {
    use lab_model::burn::tensor::{FloatDType, Tensor, TensorData};
    let device = lab_model::Backend::Flex.device();
    let a = Tensor::<2>::from_data(
        TensorData::new(vec![1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0], [2, 3]),
        &device,
    );
    let b = Tensor::<2>::from_data(
        TensorData::new(vec![1.0f32, 0.5, -1.0, 2.0, 0.25, 4.0], [3, 2]),
        &device,
    );
    // [1 2 3; 4 5 6] · [1 0.5; -1 2; 0.25 4] = [-0.25 16.5; 0.5 36].
    let want = vec![-0.25f32, 16.5, 0.5, 36.0];
    let values = |t: Tensor<2>| {
        t.into_data()
            .convert::<f32>()
            .try_to_vec::<f32>()
            .expect("f32")
    };
    assert_eq!(values(a.clone().matmul(b.clone())), want);
    for dtype in [FloatDType::F64, FloatDType::F16] {
        let product = a.clone().cast(dtype).matmul(b.clone().cast(dtype));
        assert_eq!(product.dtype(), dtype.into(), "{dtype:?}");
        assert_eq!(values(product.cast(FloatDType::F32)), want, "{dtype:?}");
    }
}

/// The values the f64, f16 and bf16 tests start from, as a `[2, 3]` tensor.
const XS: [f32; 6] = [1.5, -2.0, 0.3, 3.0, 10.0, 0.7];

/// A value of f32 as the dtype holds it.
type Round = fn(f32) -> f32;

/// The dtypes `f32-kernels-only` sends through f32, each with its rounding.
const ROUNDINGS: [(lab_model::burn::tensor::FloatDType, Round); 3] = {
    use lab_model::burn::tensor::{bf16, f16, FloatDType};
    [
        (FloatDType::F64, |v| v),
        (FloatDType::F16, |v| f16::from_f32(v).to_f32()),
        (FloatDType::BF16, |v| bf16::from_f32(v).to_f32()),
    ]
};

/// `values` as a `[2, 3]` f32 tensor.
fn small(
    values: &[f32],
    device: &lab_model::burn::tensor::Device,
) -> lab_model::burn::tensor::Tensor<2> {
    use lab_model::burn::tensor::{Tensor, TensorData};
    Tensor::from_data(TensorData::new(values.to_vec(), [2, 3]), device)
}

/// A float tensor's values, cast to f32 (exactly, from any of the dtypes).
fn f32_values(t: lab_model::burn::tensor::Tensor<2>) -> Vec<f32> {
    use lab_model::burn::tensor::FloatDType;
    t.cast(FloatDType::F32)
        .into_data()
        .convert::<f32>()
        .try_to_vec::<f32>()
        .expect("f32")
}

/// The worker's burn-flex is built with `f32-kernels-only` (vendor/burn-flex,
/// change 5): f64, f16 and bf16 elementwise operations, comparisons and tests
/// run the f32 kernels and keep their dtype. f16 and bf16 give the bits their
/// own kernels gave (each element computed in f32 and rounded, a scalar
/// rounded to the dtype first); f64 gets f32's precision. An addition also
/// reads its inputs through a transposed view, which the f32 kernel gets
/// contiguous.
#[wasm_bindgen_test]
fn f64_f16_and_bf16_elementwise_operations_go_through_f32_and_keep_their_dtype() {
    use lab_model::burn::tensor::{Bool, Tensor};
    let device = lab_model::Backend::Flex.device();
    let xs = XS;
    let ys = [0.25f32, 4.0, -0.1, 3.0, 2.5, 0.7];
    let truths = |t: Tensor<2, Bool>| t.into_data().try_to_vec::<bool>().expect("bool");
    for (dtype, round) in ROUNDINGS {
        let (x, y) = (
            small(&xs, &device).cast(dtype),
            small(&ys, &device).cast(dtype),
        );
        let (xr, yr): (Vec<f32>, Vec<f32>) = (
            xs.iter().map(|&v| round(v)).collect(),
            ys.iter().map(|&v| round(v)).collect(),
        );
        let each = |f: &dyn Fn(f32, f32) -> f32| -> Vec<f32> {
            xr.iter().zip(&yr).map(|(&a, &b)| round(f(a, b))).collect()
        };
        let tenth = round(0.1);
        let results = [
            ("add", x.clone() + y.clone(), each(&|a, b| a + b)),
            ("mul", x.clone() * y.clone(), each(&|a, b| a * b)),
            ("mul_scalar", x.clone() * 0.1, each(&|a, _| a * tenth)),
            (
                "sqrt",
                x.clone().abs().sqrt(),
                each(&|a, _| round(a.abs()).sqrt()),
            ),
            (
                "add, transposed",
                x.clone().transpose() + y.clone().transpose(),
                // [3, 2]: element (j, i) is (i, j) of the [2, 3] inputs.
                (0..6)
                    .map(|k| each(&|a, b| a + b)[(k % 2) * 3 + k / 2])
                    .collect(),
            ),
        ];
        for (what, result, want) in results {
            assert_eq!(result.dtype(), dtype.into(), "{what}, {dtype:?}");
            assert_eq!(f32_values(result), want, "{what}, {dtype:?}");
        }
        let greater: Vec<bool> = xr.iter().zip(&yr).map(|(a, b)| a > b).collect();
        assert_eq!(truths(x.clone().greater(y.clone())), greater, "{dtype:?}");
        let below: Vec<bool> = xr.iter().map(|&a| a < 1.0).collect();
        assert_eq!(truths(x.clone().lower_elem(1.0)), below, "{dtype:?}");
        // The scalar is rounded to the dtype as the tensor's 0.7 was: equal
        // in each dtype (the f64 kernel, comparing 0.7 with 0.7f32, was not).
        let last = vec![false, false, false, false, false, true];
        assert_eq!(truths(x.clone().equal_elem(0.7)), last, "{dtype:?}");
        assert_eq!(
            truths((x.clone() / 0.0).is_inf()),
            vec![true; 6],
            "{dtype:?}"
        );
    }
}

/// The same for indexing and masks (`f32-kernels-only`): gathered,
/// selected and masked values are the dtype's own, exactly, and a
/// `select_assign` that adds into a repeated row adds in f32 and rounds to
/// the dtype once: half a unit in the last place of 1.0, added twice, moves
/// 1.0 in f16 and bf16 (where each step rounded back to 1.0 before) and,
/// for f64, only as far as f32 does.
#[wasm_bindgen_test]
fn f64_f16_and_bf16_indexing_and_masks_go_through_f32_and_keep_their_dtype() {
    use lab_model::burn::tensor::{Bool, FloatDType, IndexingUpdateOp, Int, Tensor, TensorData};
    let device = lab_model::Backend::Flex.device();
    let xs = XS;
    let rows = Tensor::<1, Int>::from_data(TensorData::new(vec![1i64, 0, 1], [3]), &device);
    let columns =
        Tensor::<2, Int>::from_data(TensorData::new(vec![2i64, 0, 1, 1, 2, 0], [2, 3]), &device);
    let mask = Tensor::<2, Bool>::from_data(
        TensorData::new(vec![true, false, true, false, false, true], [2, 3]),
        &device,
    );
    for (dtype, round) in ROUNDINGS {
        let x = small(&xs, &device).cast(dtype);
        let xr: Vec<f32> = xs.iter().map(|&v| round(v)).collect();
        // Half a unit in the last place of 1.0 in the dtype (f64: in f32).
        let half_ulp = match dtype {
            FloatDType::F16 => 2f32.powi(-11),
            FloatDType::BF16 => 2f32.powi(-8),
            _ => 2f32.powi(-24),
        };
        let base = Tensor::<2>::ones([2, 3], &device).cast(dtype);
        let halves = Tensor::<2>::full([3, 3], half_ulp, &device).cast(dtype);
        // Row 0 gets it once, row 1 twice: added in f32, then rounded once.
        let once = round(1.0 + half_ulp);
        let twice = round(1.0 + half_ulp + half_ulp);
        let added = vec![once, once, once, twice, twice, twice];
        let results = [
            (
                "select",
                x.clone().select(0, rows.clone()),
                [3, 4, 5, 0, 1, 2, 3, 4, 5].map(|k| xr[k]).to_vec(),
            ),
            (
                "gather",
                x.clone().gather(1, columns.clone()),
                [2, 0, 1, 4, 5, 3].map(|k| xr[k]).to_vec(),
            ),
            (
                "select_assign, Add",
                base.select_assign(0, rows.clone(), halves, IndexingUpdateOp::Add),
                added,
            ),
            (
                "mask_fill",
                x.clone().mask_fill(mask.clone(), 0.1),
                (0..6)
                    .map(|k| {
                        if [0, 2, 5].contains(&k) {
                            round(0.1)
                        } else {
                            xr[k]
                        }
                    })
                    .collect(),
            ),
            (
                "mask_where",
                x.clone().mask_where(mask.clone(), x.clone().neg()),
                (0..6)
                    .map(|k| {
                        if [0, 2, 5].contains(&k) {
                            -xr[k]
                        } else {
                            xr[k]
                        }
                    })
                    .collect(),
            ),
        ];
        for (what, result, want) in results {
            assert_eq!(result.dtype(), dtype.into(), "{what}, {dtype:?}");
            assert_eq!(f32_values(result), want, "{what}, {dtype:?}");
        }
    }
}
