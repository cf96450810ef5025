//! Training steps per second of the `toy` preset, measured inside WebAssembly.
//!
//! This is the same workload as the native `attention-lab bench`
//! (`Settings::toy(TaskKind::EnJa)`, a few warm-up steps, then timed steps),
//! so the two numbers can be divided to get the wasm / native ratio that
//! PRODUCT.md budgets at ≥ 0.5. `cargo xtask bench` builds this crate for
//! wasm32 with simd128, binds it for Node with `wasm-bindgen --target nodejs`
//! and calls [`bench_steps`] from `bench.cjs`.

use lab_protocol::Settings;
use lab_tasks::corpus::{provide, Corpus};
use lab_tasks::TaskKind;
use lab_train::bench::{steps_per_second, steps_per_second_with};
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

/// JavaScript entry point: steps per second of the `toy` preset on a
/// corpus task (`real-en-ja`, `real-en-zh`), on flex, its sentences handed
/// over as the page hands them to the worker (the file's text), for a
/// profile of the real workload in wasm.
#[wasm_bindgen]
pub fn bench_corpus_steps(task: &str, text: &str, warmup: u32, steps: u32) -> Result<f64, String> {
    let task = TaskKind::parse(task).ok_or_else(|| format!("no task {task:?}"))?;
    provide(Corpus::parse(task, text).map_err(|e| format!("{e:?}"))?);
    steps_per_second_with(&Settings::toy(task), Backend::Flex, warmup, steps)
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
