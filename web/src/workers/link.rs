//! The page's end of the worker link: spawn, send, and apply every answer.
//!
//! Messages are JSON text (`lab_protocol`); checkpoint bytes travel beside it
//! as a transferable `ArrayBuffer`, a message being then `[text, buffer]`.
//! The page never waits for the worker: it sends and returns, and each answer
//! updates signals when it comes.
//!
//! The worker saves this tab's run in browser storage itself (when training
//! pauses, every few seconds while it trains, and when this page is hidden:
//! see [`watch_visibility`]), so the page does no serialisation at all.

use crate::i18n::{problems, Arg};
use crate::shell::state::{Banner, Download, Lab, Source, WorkerState};
use crate::workers::{storage, tab};
use lab_protocol::EvalPoint;
use lab_protocol::{
    AttentionSet, Beam, HeadTrace, ModelOrigin, ProbePrediction, SavePurpose, WorkerError,
    WorkerInput, WorkerOutput,
};
use lab_session::wire;
use leptos::prelude::*;
use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::Worker;

thread_local! {
    /// The step whose weights the mask demo was last asked for: a paused run
    /// asks again only when the step moved on.
    static MASK_DEMO_STEP: std::cell::Cell<Option<usize>> = const { std::cell::Cell::new(None) };
    /// Models loaded so far: a snapshot's probe shown after another model
    /// loaded is dropped ([`show_probe`] runs in a later task).
    static LOADS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    /// The page's clock and the step at the last snapshot while training:
    /// the start of the next measurement of this browser's speed.
    static SPEED_FROM: std::cell::Cell<Option<(f64, usize)>> = const { std::cell::Cell::new(None) };
    /// The settings form keeps what it holds when the next model loads: a
    /// link's settings were refused, and the reader should see them (and
    /// what they would cost) rather than the fallback model's.
    static KEEP_DRAFT: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Measures this browser's training speed from two snapshots while training:
/// the steps between them, times what one step costs (`lab_math::cost`), per
/// second. The interval from Train to the first snapshot (warm-up) is not used.
fn measure_speed(lab: Lab, step: usize, running: bool) {
    if !running {
        SPEED_FROM.with(|s| s.set(None));
        return;
    }
    let now = Lab::now_ms();
    lab.step_began_ms.set(now);
    let Some((then, from)) = SPEED_FROM.with(|s| s.replace(Some((now, step)))) else {
        return;
    };
    if step <= from || now <= then {
        return;
    }
    let steps_per_s = (step - from) as f64 / ((now - then) / 1000.0);
    let estimate = lab.model.with_untracked(|m| m.as_ref()?.estimate());
    if let Some(estimate) = estimate {
        lab.multiply_adds_per_s
            .set(Some(estimate.multiply_adds as f64 * steps_per_s));
    }
}

thread_local! {
    static WORKER: RefCell<Option<Worker>> = const { RefCell::new(None) };
}

/// Send one message to the worker (dropped if it is not running).
pub fn send(input: WorkerInput) {
    WORKER.with(|w| {
        if let Some(worker) = w.borrow().as_ref() {
            post(worker, &input);
        }
    });
}

/// Start (or restart) the worker.
pub fn spawn(lab: Lab) {
    WORKER.with(|w| {
        if let Some(old) = w.borrow_mut().take() {
            old.terminate();
        }
    });
    lab.worker.set(WorkerState::Starting);
    lab.running.set(false);
    let on_crash = move |message: String| {
        if lab.worker.get_untracked() != WorkerState::Crashed {
            crashed(lab, message);
        }
    };
    let Some(worker) = spawn_worker(
        lab_session::spawn::names::TRAINING,
        move |out| apply(lab, out),
        move |e| lab.show(Source::Worker, e),
        on_crash,
    ) else {
        lab.show(
            Source::Worker,
            lab.i18n().s_now("common-worker-unstartable"),
        );
        return;
    };
    WORKER.with(|w| *w.borrow_mut() = Some(worker));
    watch_visibility();
}

/// Tell the worker when the page is hidden (another tab, a closed laptop, a
/// closing tab), so it saves the run at once rather than at the next pause.
fn watch_visibility() {
    thread_local! {
        static WATCHING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    }
    if WATCHING.with(|w| w.replace(true)) {
        return;
    }
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let hidden = document.clone();
    let on_change = Closure::<dyn FnMut()>::new(move || {
        if hidden.hidden() {
            send(WorkerInput::PageHidden);
        }
    });
    let _ = document
        .add_event_listener_with_callback("visibilitychange", on_change.as_ref().unchecked_ref());
    on_change.forget();
}

/// Starts a worker named `name` whose answers go to `on_output`; unreadable
/// messages to `on_garbage`, and a crash (a trap, a panic that escaped) to `on_crash`.
pub fn spawn_worker(
    name: &str,
    on_output: impl Fn(WorkerOutput) + 'static,
    on_garbage: impl Fn(String) + 'static,
    on_crash: impl Fn(String) + 'static,
) -> Option<Worker> {
    let on_message = move |data| match read(data) {
        Ok(out) => on_output(out),
        Err(e) => on_garbage(e.to_string()),
    };
    lab_session::spawn::new_worker(name, on_message, on_crash)
}

/// A worker message: JSON text, or `[text, buffer]` when bytes come with it.
/// Bytes for the evaluator stay a JavaScript `ArrayBuffer`, handed on as they
/// came (see [`crate::workers::evaluator::keep_buffer`]): they never enter the page's
/// wasm memory, which would copy them twice on the main thread.
fn read(data: JsValue) -> Result<WorkerOutput, lab_protocol::MessageError> {
    let (text, buffer) = wire::split(data);
    let Some(buffer) = buffer else {
        return WorkerOutput::from_parts(&text, None);
    };
    if let Ok(
        out @ WorkerOutput::Checkpoint {
            purpose: SavePurpose::Evaluate,
            ..
        },
    ) = WorkerOutput::from_parts(&text, Some(Vec::new()))
    {
        if let Ok(buffer) = buffer.dyn_into::<js_sys::ArrayBuffer>() {
            crate::workers::evaluator::keep_buffer(buffer);
        }
        return Ok(out);
    }
    let bytes = js_sys::Uint8Array::new(&buffer).to_vec();
    WorkerOutput::from_parts(&text, Some(bytes))
}

/// Sends one message to a worker of the page's own; checkpoint bytes go in
/// an `ArrayBuffer` that is transferred, not copied by the browser.
pub fn post(worker: &Worker, input: &WorkerInput) {
    let _ = wire::post(wire::To::Worker(worker), input.to_parts());
}

/// A snapshot's numbers of the probe sentence.
fn show_probe(
    lab: Lab,
    attention: Option<AttentionSet>,
    prediction: Option<ProbePrediction>,
    trace: Option<HeadTrace>,
) {
    if let Some(attention) = attention {
        lab.attention.set(Some(attention));
    }
    if let Some(prediction) = prediction {
        lab.prediction.set(Some(prediction));
    }
    if let Some(trace) = trace {
        // A snapshot's trace answers the head the page has open now, or is stale.
        if trace.request == lab.trace_request.get_untracked() {
            lab.trace.set(Some(Ok(trace)));
        }
    }
}

fn crashed(lab: Lab, message: String) {
    lab.worker.set(WorkerState::Crashed);
    lab.running.set(false);
    let again = AUTO_RESTARTS.with(|n| {
        n.set(n.get() + 1);
        n.get() <= MAX_AUTO_RESTARTS
    });
    let message = if again {
        lab.i18n()
            .f_now("common-worker-restarted", &[("message", message.into())])
    } else {
        let error = WorkerError::Crashed { why: message };
        problems::worker_error(lab.locale.get_untracked(), &error)
    };
    lab.banner.set(Some(Banner {
        source: Source::Worker,
        message,
        offer_reset: false,
        offer_restart: !again,
    }));
    if again {
        // A new worker restores the last saved run (not a deep link's fresh start).
        lab.boot_with.set_value(None);
        set_timeout(
            move || {
                let banner = lab.banner.get_untracked();
                spawn(lab);
                lab.banner.set(banner);
            },
            RESTART_DELAY,
        );
    }
}

/// A crashed worker is replaced by itself this many times per page; after
/// that the banner offers "Restart worker", so a worker that crashes at once
/// cannot restart forever.
const MAX_AUTO_RESTARTS: u32 = 3;
const RESTART_DELAY: std::time::Duration = std::time::Duration::from_millis(300);

thread_local! {
    static AUTO_RESTARTS: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// What to load once the worker is ready and the tab's identity is
/// settled ([`tab`]): this tab's run on a reload, the latest saved run in a
/// new tab, else the shipped pretrained checkpoint. This worker keeps the
/// tab's run, so it saves it and lists the saved runs.
fn boot(lab: Lab) {
    tab::with(move |tab| {
        send(WorkerInput::Persist {
            tab: tab.id.clone(),
        });
        send(WorkerInput::ListRuns);
        // A deep link that names a task decides the model (`app::share`).
        if let Some(input) = lab.boot_with.get_value() {
            send(input);
            return;
        }
        send(WorkerInput::Restore {
            task: lab.task.get_untracked(),
            legacy: storage::legacy_run(),
            // A restarted worker restores this tab's run, like a reload.
            reload: tab.reload || lab.model.with_untracked(Option::is_some),
        });
    });
}

/// Apply one worker answer to the page's state.
pub fn apply(lab: Lab, out: WorkerOutput) {
    match out {
        WorkerOutput::Ready => {
            lab.worker.set(WorkerState::Ready);
            boot(lab);
            crate::workers::evaluator::on_training_worker_ready();
        }
        WorkerOutput::Loaded(mut info) => {
            LOADS.with(|n| n.set(n.get() + 1));
            SPEED_FROM.with(|s| s.set(None));
            // A restored run comes with its curves, and a checkpoint that
            // carries them (a shipped model's, from step 0) with those;
            // any other model starts without.
            let curves = info.curves.take();
            lab.curves.set(curves.unwrap_or_default());
            lab.task.set(info.settings.task);
            // A refused link keeps its settings in the form, and its refusal on screen.
            let keep = KEEP_DRAFT.with(|k| k.replace(false));
            if !keep {
                lab.draft.set(info.settings.clone());
                lab.clear(Source::Settings);
            }
            lab.step.set(info.step);
            lab.running.set(false);
            lab.diverged.set(false);
            lab.eval.set(None);
            // Another model's BLEU would be read as this one's.
            lab.decoding_comparison.set(None);
            lab.decoding_pending.set(false);
            if info.origin == ModelOrigin::Uploaded {
                lab.clear(Source::Upload);
            }
            lab.clear(Source::Diverged);
            crate::workers::evaluator::on_new_run(info.step);
            lab.model.set(Some(info));
            MASK_DEMO_STEP.with(|s| s.set(Some(lab.step.get_untracked())));
            send(WorkerInput::MaskDemo {
                head: lab.mask_head.get_untracked(),
            });
            let text = lab.translate_text.get_untracked();
            if !text.trim().is_empty() {
                request_translation(lab, text);
            }
            if let Some(request) = lab.trace_request.get_untracked() {
                send(WorkerInput::Trace {
                    request: Some(request),
                });
            }
        }
        WorkerOutput::Snapshot(snap) => {
            if !snap.points.is_empty() {
                lab.curves.update(|c| c.push_train(&snap.points));
            }
            lab.step.set(snap.step);
            lab.running.set(snap.running);
            if !snap.points.is_empty() || !snap.running {
                measure_speed(lab, snap.step, snap.running);
            }
            crate::workers::evaluator::on_snapshot(snap.step, snap.running);
            let stale = MASK_DEMO_STEP.with(|s| s.replace(Some(snap.step)) != Some(snap.step));
            if !snap.running && stale {
                // Paused or stepped: the mask demo shows the weights of this step.
                send(WorkerInput::MaskDemo {
                    head: lab.mask_head.get_untracked(),
                });
            } else if snap.running {
                MASK_DEMO_STEP.with(|s| s.set(None));
            }
            if snap.tokens_per_s > 0.0 {
                lab.tokens_per_s.set(snap.tokens_per_s);
            }
            if !snap.points.is_empty() {
                lab.cores.set(if snap.shared_steps > 0 { 2 } else { 1 });
            }
            // The probe's numbers feed the attention maps and the views
            // inside a head: applied in a task of their own.
            let (attention, prediction, trace) = (snap.attention, snap.prediction, snap.trace);
            if attention.is_some() || prediction.is_some() || trace.is_some() {
                let model = LOADS.with(|n| n.get());
                crate::components::paint::soon(move || {
                    if LOADS.with(|n| n.get()) == model {
                        show_probe(lab, attention, prediction, trace);
                    }
                });
            }
        }
        WorkerOutput::Eval(report) => {
            lab.curves.update(|c| c.push_eval(EvalPoint::from(&report)));
            lab.eval.set(Some(report));
        }
        WorkerOutput::Translated { id, result } => {
            if id == lab.translate_id.get_untracked() {
                lab.translated_id.set(id);
                lab.translation.set(Some(result));
            }
        }
        WorkerOutput::MaskDemo(demo) => lab.mask_demo.set(Some(demo)),
        WorkerOutput::DecodingCompared(result) => {
            lab.decoding_pending.set(false);
            lab.decoding_comparison.set(Some(result));
        }
        WorkerOutput::Trace(result) => lab.trace.set(Some(result)),
        WorkerOutput::Checkpoint {
            purpose: SavePurpose::Download,
            step,
            bytes,
        } => storage::download(
            &lab_session::run::checkpoint_file_name(lab.task.get_untracked().name(), step),
            &bytes,
        ),
        WorkerOutput::Checkpoint {
            purpose: SavePurpose::Evaluate,
            ..
        } => crate::workers::evaluator::on_checkpoint(),
        // The worker saves in storage itself; it sends bytes only to download
        // or to evaluate.
        WorkerOutput::Checkpoint {
            purpose: SavePurpose::Store,
            ..
        } => {}
        // A helper's answer goes to the training worker, never to the page.
        WorkerOutput::ShardDone { .. } => {}
        WorkerOutput::Stored { name, step, cost } => {
            if name.is_none() {
                // Saved anew: an older page's run is no longer needed.
                storage::forget_legacy_run();
            }
            lab.clear(Source::Storage);
            lab.note
                .set(crate::views::runs::stored_note(lab.i18n(), name, step));
            if let Some(cost) = cost {
                lab.save_cost.set(Some(cost));
            }
        }
        WorkerOutput::Started(start) => lab.run_start.set(Some(start)),
        WorkerOutput::Runs(runs) => crate::views::runs::run_list().set(runs),
        WorkerOutput::StorageFailed(e) => {
            lab.show(Source::Storage, crate::views::runs::explain(lab, &e))
        }
        WorkerOutput::Diverged { why, suggested } => {
            lab.running.set(false);
            lab.diverged.set(true);
            lab.step.set(why.step());
            // The banner's Reset trains with the settings form: fill it with the safe schedule.
            if let Some(settings) = suggested {
                lab.draft.set(settings);
            }
            lab.show(
                Source::Diverged,
                problems::divergence(lab.locale.get_untracked(), &why),
            );
        }
        WorkerOutput::Refused(refused) => {
            let problems = problems::settings_error(lab.locale.get_untracked(), &refused);
            let message = lab.i18n().f_now(
                "common-settings-refused",
                &[("problems", Arg::from(problems))],
            );
            lab.show(Source::Settings, message);
            if lab.model.with_untracked(Option::is_none) {
                // A link's settings were refused before any model loaded:
                // the tab's own run, or the pretrained model, instead; the
                // form keeps the refused settings.
                KEEP_DRAFT.with(|k| k.set(true));
                tab::with(move |tab| {
                    send(WorkerInput::Restore {
                        task: lab.task.get_untracked(),
                        legacy: None,
                        reload: tab.reload,
                    })
                });
            }
        }
        WorkerOutput::Building(estimate) => {
            use crate::i18n::units::{bytes_text, count_text, seconds_text};
            use crate::views::training::estimate::rate;
            let seconds = estimate.step_seconds(rate(lab.multiply_adds_per_s.get_untracked()));
            lab.note.set(lab.i18n().f_now(
                "common-building",
                &[
                    ("params", Arg::from(count_text(estimate.parameters))),
                    ("memory", Arg::from(bytes_text(estimate.peak_bytes()))),
                    ("seconds", Arg::from(seconds_text(seconds))),
                ],
            ));
        }
        WorkerOutput::Downloading {
            task,
            file,
            loaded,
            total,
        } => lab.download.set(Some(Download {
            task,
            file,
            loaded,
            total,
        })),
        WorkerOutput::Downloaded { .. } => lab.download.set(None),
        WorkerOutput::PairsRead { pairs, duplicates } => {
            lab.pairs_read.set(Some((pairs, duplicates)))
        }
        WorkerOutput::Error(WorkerError::Crashed { why }) => crashed(lab, why),
        WorkerOutput::Error(error) => {
            if matches!(
                error,
                WorkerError::Data { .. } | WorkerError::Pretrained { .. }
            ) {
                lab.download.set(None);
            }
            if let WorkerError::Data { .. } = error {
                // The task did not come: the picker shows the model's task again.
                if let Some(task) = lab
                    .model
                    .with_untracked(|m| m.as_ref().map(|m| m.settings.task))
                {
                    lab.task.set(task);
                }
            }
            let source = match error {
                WorkerError::Checkpoint { .. } => Source::Upload,
                _ => Source::Worker,
            };
            lab.show(
                source,
                problems::worker_error(lab.locale.get_untracked(), &error),
            );
        }
    }
}

/// Ask the worker to translate `text`; older answers still on their way are ignored.
pub fn request_translation(lab: Lab, text: String) {
    let id = lab.translate_id.get_untracked() + 1;
    lab.translate_id.set(id);
    lab.decode_step.set(0);
    send(WorkerInput::Translate {
        id,
        text,
        cached: lab.decode_cached.get_untracked(),
        strategy: lab.decode_strategy.get_untracked(),
    });
}

/// Ask the worker for held-out BLEU of greedy decoding against `beam`.
pub fn request_decoding_comparison(lab: Lab, beam: Beam) {
    lab.decoding_comparison.set(None);
    lab.decoding_pending.set(true);
    send(WorkerInput::CompareDecoding { beam });
}

/// Restart a crashed worker and load the saved run or the pretrained model.
pub fn restart(lab: Lab) {
    lab.banner.set(None);
    spawn(lab);
}
