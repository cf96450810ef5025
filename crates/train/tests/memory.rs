//! The memory estimate (`lab_math::cost`, through `Settings::step_cost`)
//! against what a real training step allocates, for a few sizes.
//!
//! A counting global allocator records the bytes live at the step's peak.
//! The training state is measured after a first step (the weights and Adam's
//! two moments exist from then on), less the trainer's copy of the dataset;
//! the step's own memory is the peak of a second step above what was live
//! before it (the gradients and every activation). The estimate must land within a factor of two of both: it
//! decides what the page refuses and warns about, so it must be neither
//! wildly low (a stalled tab) nor wildly high (refusing models that fit).
//! This file holds one test: the counter is global, and tests run in
//! parallel threads.

use lab_protocol::{Settings, TaskShape};
use lab_tasks::TaskKind;
use lab_train::Trainer;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let live = LIVE.fetch_add(layout.size(), Relaxed) + layout.size();
            PEAK.fetch_max(live, Relaxed);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size(), Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            if new_size >= layout.size() {
                let live =
                    LIVE.fetch_add(new_size - layout.size(), Relaxed) + new_size - layout.size();
                PEAK.fetch_max(live, Relaxed);
            } else {
                LIVE.fetch_sub(layout.size() - new_size, Relaxed);
            }
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Whether `estimate` is within a factor of two of `measured`.
fn within_two(estimate: u64, measured: usize) -> bool {
    let (e, m) = (estimate as f64, measured as f64);
    e >= m / 2.0 && e <= m * 2.0
}

#[test]
fn the_memory_estimate_is_within_a_factor_of_two_of_a_real_step() {
    let sizes = [
        // (d_model, heads, layers, d_ff, batch)
        (32, 2, 1, 64, 16),
        (64, 4, 2, 256, 64),
        (128, 8, 3, 512, 32),
        (256, 4, 2, 1024, 16),
    ];
    let mut report = Vec::new();
    let mut oks = Vec::new();
    // One-time allocations (the dataset built last, which trainers copy, and
    // the backend's own) happen in a first trainer, not measured.
    let mut warm = Trainer::new(&Settings::toy(TaskKind::EnJa)).expect("valid");
    warm.step();
    drop(warm);
    for (d_model, n_heads, n_layers, d_ff, batch_size) in sizes {
        let settings = Settings {
            d_model,
            n_heads,
            n_layers,
            d_ff,
            batch_size,
            ..Settings::toy(TaskKind::EnJa)
        };
        // The dataset is not the model's: a trainer keeps a copy of it.
        let before_dataset = LIVE.load(Relaxed);
        let dataset = lab_train::trainer::dataset_for(settings.task, settings.seed).expect("a toy");
        let dataset_bytes = LIVE.load(Relaxed) - before_dataset;
        drop(dataset);
        let before_model = LIVE.load(Relaxed);
        let mut trainer = Trainer::new(&settings).expect("valid");
        trainer.step();
        let state = (LIVE.load(Relaxed) - before_model).saturating_sub(dataset_bytes);
        let live = LIVE.load(Relaxed);
        PEAK.store(live, Relaxed);
        trainer.step();
        let step_peak = PEAK.load(Relaxed) - live;
        let cost = settings
            .step_cost(&TaskShape::of(trainer.dataset()))
            .expect("small");
        let (estimated_state, estimated_step) = (cost.state_bytes, cost.step_bytes);
        report.push(format!(
            "d_model {d_model}, {n_heads} heads, {n_layers} layers, d_ff {d_ff}, batch {batch_size}: \
             state {state} B measured, {estimated_state} B estimated ({:.2}x); \
             step {step_peak} B measured, {estimated_step} B estimated ({:.2}x)",
            estimated_state as f64 / state as f64,
            estimated_step as f64 / step_peak as f64,
        ));
        oks.push(within_two(estimated_state, state) && within_two(estimated_step, step_peak));
    }
    println!("{}", report.join("\n"));
    assert!(oks.iter().all(|&ok| ok), "{}", report.join("\n"));
}
