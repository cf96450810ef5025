//! The training loop runs unchanged in WebAssembly: real steps in headless Chromium.
//!
//! Run with
//! `CHROMEDRIVER=/usr/bin/chromedriver cargo test -p lab-train --target wasm32-unknown-unknown --test wasm`
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
