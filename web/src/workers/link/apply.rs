//! Every answer of the training worker applied to the page's state.

use super::*;
use lab_protocol::{
    Divergence, ModelInfo, SaveCost, Settings, SettingsError, Snapshot, StepEstimate,
};

/// Apply one worker answer to the page's state.
pub fn apply(lab: Lab, out: WorkerOutput) {
    match out {
        WorkerOutput::Ready => {
            lab.worker.set(WorkerState::Ready);
            boot(lab);
            crate::workers::evaluator::on_training_worker_ready();
        }
        // The watchdog heard it (`watch::heard`): nothing else to do.
        WorkerOutput::Pong { .. } => {}
        WorkerOutput::WantsHelper => super::helper::start(),
        WorkerOutput::DropsHelper => super::helper::stop(),
        WorkerOutput::Loaded(info) => loaded(lab, info),
        WorkerOutput::Snapshot(snap) => snapshot(lab, snap),
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
        WorkerOutput::Trace(result) => {
            // An answer to the head asked for: shown at once, and a training
            // snapshot's older numbers still waiting for the view are dropped.
            if let Some(view) = head_view() {
                crate::components::paint::drop_waiting(&view);
            }
            lab.trace.set(Some(result));
        }
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
        WorkerOutput::Stored { name, step, cost } => stored(lab, name, step, cost),
        WorkerOutput::Started(start) => lab.run_start.set(Some(start)),
        WorkerOutput::Runs(runs) => lab.runs.set(runs),
        WorkerOutput::StorageFailed(e) => {
            let embedded = lab.embed.get_untracked().is_some();
            lab.show(
                Source::Storage,
                problems::storage_error(lab.locale.get_untracked(), &e, embedded),
            )
        }
        WorkerOutput::Diverged { why, suggested } => diverged(lab, why, suggested),
        WorkerOutput::Refused(refused) => refused_settings(lab, refused),
        WorkerOutput::Building(estimate) => building(lab, estimate),
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
        WorkerOutput::Downloaded { task, file, .. } => {
            lab.download.set(None);
            // Kept for offline use, also when fetched before the service worker controlled the page.
            if let Some(path) = crate::offline::file_path(task, file) {
                crate::workers::offline::keep(path);
            }
        }
        WorkerOutput::PairsRead { pairs, duplicates } => {
            lab.pairs_read.set(Some((pairs, duplicates)))
        }
        WorkerOutput::Error(WorkerError::Crashed { why }) => {
            watch::failed(lab, watch::Cause::Crashed(why))
        }
        WorkerOutput::Error(error) => worker_error(lab, error),
    }
}

/// A model is loaded: its curves, step and settings replace the last
/// model's, and the views ask for their numbers again.
fn loaded(lab: Lab, mut info: ModelInfo) {
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
    let info_origin = info.origin;
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
    watch::loaded(lab, lab.step.get_untracked(), info_origin);
}

/// A training snapshot: new curve points, the step, the speed and the probe.
fn snapshot(lab: Lab, snap: Snapshot) {
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

/// The run was saved in browser storage.
fn stored(lab: Lab, name: Option<String>, step: usize, cost: Option<SaveCost>) {
    if name.is_none() {
        // Saved anew: an older page's run is no longer needed.
        storage::forget_legacy_run();
    }
    lab.clear(Source::Storage);
    lab.note.set(stored_note(lab.i18n(), name, step));
    if let Some(cost) = cost {
        lab.save_cost.set(Some(cost));
    }
}

/// The note after a save: the autosave (`name` = `None`) or a named run.
fn stored_note(i18n: crate::context::i18n::I18n, name: Option<String>, step: usize) -> String {
    match name {
        None => i18n.f_now("runs-saved-autosave", &[("step", Arg::from(step))]),
        Some(name) => i18n.f_now(
            "runs-saved-named",
            &[("name", Arg::from(name)), ("step", Arg::from(step))],
        ),
    }
}

/// The run blew up and was paused.
fn diverged(lab: Lab, why: Divergence, suggested: Option<Settings>) {
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

/// The worker refused settings (from the form or a link).
fn refused_settings(lab: Lab, refused: SettingsError) {
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

/// A model is being built: what it will cost, before it stalls anything.
fn building(lab: Lab, estimate: StepEstimate) {
    watch::building(lab, &estimate);
    use crate::estimate::rate;
    use crate::i18n::units::{bytes_text, count_text, seconds_text};
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

/// An error the worker put into words for the page (not a crash).
fn worker_error(lab: Lab, error: WorkerError) {
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
