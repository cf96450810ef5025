//! `gemm::gemm` in WebAssembly, for the patched kernels in `vendor/gemm-f32`
//! against the crate's own. Build both and run them in Node:
//!
//! ```sh
//! cd bench/gemm-kernel
//! export RUSTFLAGS='-C target-feature=+simd128'
//! cargo build --release --target wasm32-unknown-unknown
//! cp target/wasm32-unknown-unknown/release/gemm_kernel_bench.wasm /tmp/gemm-crate.wasm
//! cargo build --release --target wasm32-unknown-unknown \
//!     --config 'patch.crates-io.gemm-f32.path="../../vendor/gemm-f32"'
//! cp target/wasm32-unknown-unknown/release/gemm_kernel_bench.wasm /tmp/gemm-patched.wasm
//! node run.cjs check /tmp/gemm-crate.wasm /tmp/gemm-patched.wasm
//! for round in 1 2 3; do
//!     node run.cjs speed /tmp/gemm-crate.wasm; node run.cjs speed /tmp/gemm-patched.wasm
//! done
//! ```
//!
//! `check` holds each build to the definition and the two builds' bits to
//! each other; `speed` times one build on the shapes of a real-en-ja step.

/// A deterministic value in [-1, 1) for position `i` of operand `salt`.
fn entry(i: usize, salt: usize) -> f32 {
    ((i * 7919 + salt * 104_729) % 211) as f32 / 105.5 - 1.0
}

/// Row and column strides of an `rows × cols` matrix, stored row by row or,
/// when `transposed`, column by column.
fn strides(rows: usize, cols: usize, transposed: bool) -> (isize, isize) {
    if transposed {
        (1, rows as isize)
    } else {
        (cols as isize, 1)
    }
}

/// `c = alpha · c + beta · a · b` (alpha only when `layout` bit 3 reads `c`,
/// 1 when bit 4 is set, else 0.5); bits 0, 1 and 2 store `a`, `b` and `c`
/// column by column. Returns a hash of the result's bits, or `u64::MAX` if
/// an entry is off the f64 definition.
#[no_mangle]
pub extern "C" fn check(m: usize, k: usize, n: usize, layout: u32) -> u64 {
    let a: Vec<f32> = (0..m * k).map(|i| entry(i, 1)).collect();
    let b: Vec<f32> = (0..k * n).map(|i| entry(i, 2)).collect();
    let c0: Vec<f32> = (0..m * n).map(|i| entry(i, 3)).collect();
    let mut c = c0.clone();
    let (a_rs, a_cs) = strides(m, k, layout & 1 != 0);
    let (b_rs, b_cs) = strides(k, n, layout & 2 != 0);
    let (c_rs, c_cs) = strides(m, n, layout & 4 != 0);
    let read_dst = layout & 8 != 0;
    let (alpha, beta) = (if layout & 16 != 0 { 1.0f32 } else { 0.5 }, 1.25f32);
    // SAFETY: every stride and size describes the vectors allocated above.
    unsafe {
        gemm::gemm(
            m,
            n,
            k,
            c.as_mut_ptr(),
            c_cs,
            c_rs,
            read_dst,
            a.as_ptr(),
            a_cs,
            a_rs,
            b.as_ptr(),
            b_cs,
            b_rs,
            alpha,
            beta,
            false,
            false,
            false,
            gemm::Parallelism::None,
        );
    }
    let at = |v: &[f32], r: usize, c: usize, (rs, cs): (isize, isize)| {
        f64::from(v[(r as isize * rs + c as isize * cs) as usize])
    };
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for i in 0..m {
        for j in 0..n {
            let (mut sum, mut size) = (0.0, 0.0);
            for p in 0..k {
                let term = at(&a, i, p, (a_rs, a_cs)) * at(&b, p, j, (b_rs, b_cs));
                sum += term;
                size += term.abs();
            }
            let before = if read_dst { at(&c0, i, j, (c_rs, c_cs)) } else { 0.0 };
            let want = f64::from(beta) * sum + f64::from(alpha) * before;
            let got = at(&c, i, j, (c_rs, c_cs));
            let rounding = k as f64 * f64::from(f32::EPSILON);
            if (got - want).abs() > rounding * (f64::from(beta) * size + before.abs()) + 1e-7 {
                return u64::MAX;
            }
            hash = (hash ^ u64::from((got as f32).to_bits())).wrapping_mul(0x100_0000_01b3);
        }
    }
    hash
}

static mut OPERANDS: (Vec<f32>, Vec<f32>, Vec<f32>) = (Vec::new(), Vec::new(), Vec::new());

/// Allocates the operands of an `m × k` by `k × n` product, row by row.
#[no_mangle]
pub extern "C" fn setup(m: usize, k: usize, n: usize) {
    // SAFETY: single-threaded wasm; nothing else holds a reference.
    unsafe {
        OPERANDS = (
            (0..m * k).map(|i| entry(i, 1)).collect(),
            (0..k * n).map(|i| entry(i, 2)).collect(),
            vec![0.0; m * n],
        );
    }
}

/// `times` products of the operands from `setup`; returns one entry.
#[no_mangle]
pub extern "C" fn multiply(m: usize, k: usize, n: usize, times: usize) -> f32 {
    // SAFETY: single-threaded wasm; `setup` sized the operands.
    let (a, b, c) = unsafe { &mut *core::ptr::addr_of_mut!(OPERANDS) };
    for _ in 0..times {
        // SAFETY: row-major strides of the vectors `setup` allocated.
        unsafe {
            gemm::gemm(
                m,
                n,
                k,
                c.as_mut_ptr(),
                1,
                n as isize,
                false,
                a.as_ptr(),
                1,
                k as isize,
                b.as_ptr(),
                1,
                n as isize,
                0.0,
                1.0,
                false,
                false,
                false,
                gemm::Parallelism::None,
            );
        }
    }
    c[c.len() / 2]
}
