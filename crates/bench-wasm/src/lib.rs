//! Training steps per second of the `toy` preset, measured inside WebAssembly.
//!
//! This is the same workload as the native `attention-lab bench`
//! (`Settings::toy(TaskKind::EnJa)`, a few warm-up steps, then timed steps),
//! so the two numbers can be divided to get the wasm / native ratio that
//! PRODUCT.md budgets at ≥ 0.5. `cargo xtask bench` builds this crate for
//! wasm32 with simd128, binds it for Node with `wasm-bindgen --target nodejs`
//! and calls [`bench_steps`] from `bench.cjs`.

use lab_train::bench::steps_per_second;
use lab_train::Backend;
use wasm_bindgen::prelude::wasm_bindgen;

/// The backend called `name` ("flex" or "ndarray"), if this build has it.
pub fn backend_named(name: &str) -> Result<Backend, String> {
    Backend::available()
        .into_iter()
        .find(|b| b.name() == name)
        .ok_or_else(|| {
            let known: Vec<&str> = Backend::available().iter().map(|b| b.name()).collect();
            format!(
                "backend {name:?} is not compiled into this build (available: {})",
                known.join(", ")
            )
        })
}

/// JavaScript entry point: steps per second on the backend called `backend`.
/// An unknown backend throws a JavaScript error with the list of known ones.
#[wasm_bindgen]
pub fn bench_steps(backend: &str, warmup: u32, steps: u32) -> Result<f64, String> {
    steps_per_second(backend_named(backend)?, warmup, steps)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flex_is_always_available_and_unknown_names_are_explained() {
        assert_eq!(backend_named("flex"), Ok(Backend::Flex));
        let message = backend_named("cuda").expect_err("no cuda backend");
        assert!(
            message.contains("flex"),
            "the error lists the known backends: {message}"
        );
    }
}
