//! The Web Worker that owns the model.
//!
//! Training never runs on the page's thread. The worker's event loop
//! alternates between page messages and training chunks: a chunk is scheduled
//! through a `MessageChannel` (a zero-delay task, unlike a clamped
//! `setTimeout`), so a Pause from the page is handled before the next chunk.
//!
//! The burn-free part, the state machine and its storage layout, is
//! `lab_session`, tested natively with a fake model. This crate adds:
//! - [`trainer`]: the real model, `lab_train::Trainer`, behind that trait;
//! - [`store`]: the runs in browser storage (IndexedDB), written by the
//!   worker itself so that saving never blocks the page.
//!
//! Messages are JSON text; checkpoint bytes travel beside it as a
//! transferable `ArrayBuffer` (`[text, buffer]`, see [`lab_protocol::WorkerInput::to_parts`]).

#[cfg(target_arch = "wasm32")]
pub mod store;
#[cfg(target_arch = "wasm32")]
pub mod trainer;

#[cfg(target_arch = "wasm32")]
pub use glue::start;

/// Native builds have no worker: the bin exists so `cargo check` covers it.
#[cfg(not(target_arch = "wasm32"))]
pub fn start() {}

/// How long one training chunk may run before the worker reads its messages.
pub const CHUNK_MS: f64 = 30.0;

#[cfg(target_arch = "wasm32")]
mod glue {
    use super::store;
    use super::trainer::Model;
    use super::CHUNK_MS;
    use lab_protocol::{
        clean_run_name, DownloadFile, ModelOrigin, RunKey, RunStart, SaveCost, Settings,
        StorageError, WorkerError, WorkerInput, WorkerOutput,
    };
    use lab_session::run::{self, LegacyRun};
    use lab_session::session::{Session, Watchdog};
    use lab_session::wire;
    use lab_tasks::{corpus, TaskKind};
    use std::cell::RefCell;
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;
    use web_sys::{DedicatedWorkerGlobalScope, MessageChannel, MessageEvent, MessagePort, Worker};

    thread_local! {
        static SESSION: RefCell<Session<Model>> = RefCell::new(Session::default());
        /// The port that schedules the next training chunk, and whether one is queued.
        static TICK: RefCell<Option<(MessagePort, bool)>> = const { RefCell::new(None) };
        /// The helper worker that computes half of each training step on the
        /// second core ([`lab_protocol::shard`]), once started.
        static HELPER: RefCell<Helper> = const { RefCell::new(Helper::NotStarted) };
        /// While a real task's sentences download: the messages that came
        /// meanwhile, first the one that needs them, handled in order after.
        static WAITING: RefCell<Option<Vec<WorkerInput>>> = const { RefCell::new(None) };
    }

    /// Where the helper worker stands.
    enum Helper {
        NotStarted,
        /// Started; it listens once it has said Ready.
        Starting(Worker),
        Ready(Worker),
        /// It could not start, or crashed: this worker computes both shards.
        Gone,
    }

    fn scope() -> DedicatedWorkerGlobalScope {
        js_sys::global().unchecked_into()
    }

    fn now() -> f64 {
        scope().performance().map(|p| p.now()).unwrap_or(0.0)
    }

    /// Send one message to the page (or, in the helper, to the training worker).
    fn post(out: &WorkerOutput) {
        let _ = wire::post(wire::To::Parent(&scope()), out.to_parts());
    }

    fn post_all(outs: Vec<WorkerOutput>) {
        outs.iter().for_each(post);
    }

    /// Start the worker: report panics to the page, listen, and say Ready.
    pub fn start() {
        std::panic::set_hook(Box::new(|info| {
            // wasm aborts right after this hook, so the page must restart the worker.
            post(&WorkerOutput::Error(WorkerError::Crashed {
                why: info.to_string(),
            }));
        }));
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(|event: MessageEvent| {
            match wire::read(event.data(), WorkerInput::from_parts) {
                Ok(input) => handle(input),
                Err(e) => post(&WorkerOutput::Error(WorkerError::Unreadable { why: e.0 })),
            }
        });
        scope().set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        on_message.forget();

        let channel = MessageChannel::new().expect("MessageChannel exists in every worker");
        let on_tick = Closure::<dyn FnMut(MessageEvent)>::new(|_: MessageEvent| run_chunk());
        channel
            .port1()
            .set_onmessage(Some(on_tick.as_ref().unchecked_ref()));
        on_tick.forget();
        TICK.with(|t| *t.borrow_mut() = Some((channel.port2(), false)));
        post(&WorkerOutput::Ready);
    }

    /// The real task whose sentences `input` needs and this worker has not
    /// got yet: a new run of it, a checkpoint of it, or a shard of its step.
    fn missing_corpus(input: &WorkerInput) -> Option<TaskKind> {
        let task = match input {
            WorkerInput::New { settings } => Some(settings.task),
            WorkerInput::Shard { job, .. } => Some(job.settings.task),
            WorkerInput::LoadCheckpoint { bytes, .. }
            | WorkerInput::EvaluateCheckpoint { bytes } => lab_train::trainer::stored_task(bytes),
            _ => None,
        }?;
        // Only a file to fetch: the reader's pairs come with their message or checkpoint.
        (task.corpus_path().is_some() && corpus::corpus_if_provided(task).is_none()).then_some(task)
    }

    fn handle(input: WorkerInput) {
        let waiting = WAITING.with(|w| {
            w.borrow_mut()
                .as_mut()
                .map(|queue| queue.push(input.clone()))
        });
        if waiting.is_some() {
            return;
        }
        if let Some(task) = missing_corpus(&input) {
            WAITING.with(|w| *w.borrow_mut() = Some(vec![input]));
            wasm_bindgen_futures::spawn_local(async move {
                let loaded = load_corpus(task).await;
                let mut queued = WAITING.with(|w| w.borrow_mut().take()).unwrap_or_default();
                if let Err(why) = loaded {
                    // The message that needed them is answered with the error.
                    queued.remove(0);
                    post(&WorkerOutput::Error(WorkerError::Data { task, why }));
                }
                queued.into_iter().for_each(handle);
            });
            return;
        }
        if let WorkerInput::New { settings } = &input {
            // A big model takes seconds to build: say what it will cost first.
            if let Some(estimate) = Session::<Model>::estimate(settings) {
                post(&WorkerOutput::Building(estimate));
            }
        }
        match input {
            // This worker is a helper: compute the shard and answer.
            WorkerInput::Shard { ticket, job, bytes } => {
                let result = lab_protocol::shard::bytes_to_f32s(&bytes)
                    .ok_or_else(|| "the weights are not whole f32s".to_string())
                    .and_then(|weights| super::trainer::compute_shard(&job, &weights));
                post(&match result {
                    Ok((report, values)) => WorkerOutput::ShardDone {
                        ticket,
                        result: Ok(report),
                        bytes: lab_protocol::shard::f32s_to_bytes(&values),
                    },
                    Err(why) => WorkerOutput::ShardDone {
                        ticket,
                        result: Err(why),
                        bytes: Vec::new(),
                    },
                });
                return;
            }
            WorkerInput::LoadPretrained { task } => {
                wasm_bindgen_futures::spawn_local(load_pretrained(task));
                return;
            }
            WorkerInput::Restore {
                task,
                legacy,
                reload,
            } => {
                wasm_bindgen_futures::spawn_local(restore(task, legacy, reload));
                return;
            }
            WorkerInput::SaveRunAs { name } => {
                wasm_bindgen_futures::spawn_local(save_as(name));
                return;
            }
            WorkerInput::RestoreRun { run } => {
                wasm_bindgen_futures::spawn_local(restore_saved(run));
                return;
            }
            WorkerInput::DeleteRun { run } => {
                wasm_bindgen_futures::spawn_local(async move {
                    match store::delete(&run).await {
                        Ok(()) => send_list().await,
                        Err(e) => post(&WorkerOutput::StorageFailed(e)),
                    }
                });
                return;
            }
            WorkerInput::ListRuns => {
                wasm_bindgen_futures::spawn_local(send_list());
                return;
            }
            WorkerInput::UsePairs { text, settings } => {
                // Validate before allocating: the pairs, then the settings as any new run.
                match corpus::parse_pairs(&text) {
                    Ok(pairs) => {
                        post(&WorkerOutput::PairsRead {
                            pairs: pairs.corpus.pairs.len(),
                            duplicates: pairs.duplicates,
                        });
                        corpus::provide(pairs.corpus);
                        let settings = Settings {
                            task: TaskKind::Custom,
                            ..settings
                        };
                        handle(WorkerInput::New { settings });
                    }
                    Err(problem) => post(&WorkerOutput::Error(WorkerError::Pairs(problem))),
                }
                return;
            }
            WorkerInput::ForgetAutosave => {
                let tab = SESSION.with(|s| {
                    let mut s = s.borrow_mut();
                    s.forget_autosave();
                    s.tab().map(str::to_string)
                });
                if let Some(tab) = tab {
                    wasm_bindgen_futures::spawn_local(async move {
                        if let Err(e) = store::delete(&RunKey::Tab(tab)).await {
                            post(&WorkerOutput::StorageFailed(e));
                        }
                    });
                }
                return;
            }
            _ => {}
        }
        let outs = SESSION.with(|s| s.borrow_mut().handle(input, now()));
        post_all(outs);
        after_work();
    }

    /// After the session changed: queue training and write a save that is due.
    fn after_work() {
        schedule_chunk();
        autosave();
    }

    /// Write the tab's run if a save is due (one at a time). Only the
    /// snapshot (the checkpoint's bytes) runs on this thread; training goes
    /// on while IndexedDB writes it.
    fn autosave() {
        let started = now();
        let due = SESSION.with(|s| s.borrow_mut().autosave_due(now(), js_sys::Date::now()));
        let Some(record) = due else { return };
        let snapshot_ms = now() - started;
        wasm_bindgen_futures::spawn_local(async move {
            let step = record.step;
            let writing = now();
            let result = store::put(record).await.map(|()| SaveCost {
                snapshot_ms,
                write_ms: now() - writing,
            });
            let outs = SESSION.with(|s| s.borrow_mut().autosaved(step, result, now()));
            post_all(outs);
            autosave();
        });
    }

    /// The tabs open now in this browser, by the Web Locks they hold
    /// (none known without Web Locks: every other tab counts as closed).
    async fn open_tabs() -> Vec<String> {
        let held = lab_session::locks::held().await.unwrap_or_default();
        held.iter()
            .filter_map(|name| run::tab_of_lock(name))
            .map(str::to_string)
            .collect()
    }

    fn this_tab() -> String {
        SESSION.with(|s| s.borrow().tab().unwrap_or_default().to_string())
    }

    /// Sends the saved runs to list: the named ones and closed tabs'.
    async fn send_list() {
        let open = open_tabs().await;
        post(&match store::saved().await {
            Ok(saved) => WorkerOutput::Runs(run::listed(&saved, &open, &this_tab())),
            Err(e) => WorkerOutput::StorageFailed(e),
        });
    }

    async fn save_as(name: String) {
        let Some(name) = clean_run_name(&name) else {
            post(&WorkerOutput::StorageFailed(StorageError::BadName));
            return;
        };
        let record = SESSION.with(|s| s.borrow().run_record(Some(name), js_sys::Date::now()));
        // The page offers "Save as" only once a model is loaded.
        let Some(record) = record else { return };
        let (name, step) = (record.name(), record.step);
        match store::put(record).await {
            Ok(()) => {
                post(&WorkerOutput::Stored {
                    name,
                    step,
                    cost: None,
                });
                send_list().await;
            }
            Err(e) => post(&WorkerOutput::StorageFailed(e)),
        }
    }

    /// Loads a saved run (named, or a closed tab's) into this tab.
    async fn restore_saved(run: RunKey) {
        let name = match &run {
            RunKey::Named(name) => Some(name.clone()),
            RunKey::Tab(_) => None,
        };
        let failed = match store::get(&run).await {
            Ok(Some(stored)) => match restore_stored(&stored, false).await {
                Ok(outs) => {
                    post_all(outs);
                    after_work();
                    return;
                }
                Err(why) => StorageError::Unreadable { name, why },
            },
            Ok(None) => StorageError::NotFound { name },
            Err(e) => e,
        };
        post(&WorkerOutput::StorageFailed(failed));
    }

    /// A stored run into the session, its task's sentences fetched first
    /// (a failed fetch is reported, and the restore then says why it failed).
    /// `own`: the tab's own run, which goes on saving under its key.
    async fn restore_stored(
        stored: &store::StoredRun,
        own: bool,
    ) -> Result<Vec<WorkerOutput>, String> {
        if let Err((task, why)) = load_corpus_of(&stored.bytes).await {
            post(&WorkerOutput::Error(WorkerError::Data { task, why }));
        }
        SESSION.with(|s| {
            s.borrow_mut()
                .restore(&stored.bytes, &stored.curves_json, now(), own)
        })
    }

    /// On start: the run this tab starts from ([`run::start_from`]: its
    /// own on a reload, the latest saved in a new tab), else an older
    /// page's run (a new tab only), else the pretrained model; the page is
    /// told which ([`WorkerOutput::Started`]). Closed tabs' runs beyond the
    /// newest few are deleted first ([`run::to_prune`]).
    async fn restore(task: TaskKind, legacy: Option<String>, reload: bool) {
        let tab = this_tab();
        let open = open_tabs().await;
        let mut saved = match store::saved().await {
            Ok(saved) => saved,
            Err(e) => {
                post(&WorkerOutput::StorageFailed(e));
                Vec::new()
            }
        };
        let prune = run::to_prune(&saved, &open, &tab);
        for old in &prune {
            // A run that cannot be deleted now is tried again at the next start.
            let _ = store::delete(old).await;
        }
        saved.retain(|summary| !prune.contains(&summary.key()));
        if let Some(summary) = run::start_from(&tab, reload, &saved) {
            let start = run::run_start(&tab, summary);
            let own = matches!(start, RunStart::ThisTab { .. });
            let name = (!summary.name.is_empty()).then(|| summary.name.clone());
            let failed = match store::get(&summary.key()).await {
                Ok(Some(stored)) => match restore_stored(&stored, own).await {
                    Ok(outs) => {
                        post(&WorkerOutput::Started(start));
                        post_all(outs);
                        after_work();
                        return;
                    }
                    Err(why) => Some(StorageError::Unreadable { name, why }),
                },
                Ok(None) => None,
                Err(e) => Some(e),
            };
            if let Some(e) = failed {
                post(&WorkerOutput::StorageFailed(e));
            }
        }
        if let Some(text) = legacy.filter(|_| !reload) {
            let migrated = LegacyRun::from_json(&text).and_then(|old| {
                let start = RunStart::Latest {
                    name: None,
                    task: old.settings.task,
                    step: old.step,
                };
                let curves = serde_json::to_string(&old.curves).expect("plain data");
                SESSION
                    .with(|s| {
                        s.borrow_mut()
                            .restore(&old.checkpoint, &curves, now(), false)
                    })
                    .map(|outs| (start, outs))
            });
            match migrated {
                Ok((start, outs)) => {
                    post(&WorkerOutput::Started(start));
                    post_all(outs);
                    after_work();
                    return;
                }
                Err(why) => post(&WorkerOutput::StorageFailed(StorageError::Unreadable {
                    name: None,
                    why,
                })),
            }
        }
        post(&WorkerOutput::Started(RunStart::Pretrained { task }));
        load_pretrained(task).await;
    }

    /// Fetches a real task's sentences (saying how far it got) and hands
    /// them to the datasets ([`corpus::provide`]). Nothing for a toy task,
    /// or sentences already here.
    async fn load_corpus(task: TaskKind) -> Result<(), String> {
        let Some(path) = task.corpus_path() else {
            return Ok(());
        };
        if corpus::corpus_if_provided(task).is_some() {
            return Ok(());
        }
        let bytes = download(task, DownloadFile::Sentences, &path).await?;
        let text = String::from_utf8(bytes).map_err(|_| format!("{path} is not UTF-8 text"))?;
        let parsed = corpus::Corpus::parse(task, &text).map_err(|e| format!("{path}: {e}"))?;
        corpus::provide(parsed);
        Ok(())
    }

    /// Fetches a task's `file` from `url`, telling the page how far it got.
    async fn download(task: TaskKind, file: DownloadFile, url: &str) -> Result<Vec<u8>, String> {
        let max = match file {
            DownloadFile::Sentences => corpus::MAX_CORPUS_BYTES,
            DownloadFile::Model => lab_math::limits::MAX_CHECKPOINT_BYTES,
        };
        // Said before the request, so a slow server shows a download at once.
        post(&WorkerOutput::Downloading {
            task,
            file,
            loaded: 0,
            total: None,
        });
        let bytes = fetch_bytes_with_progress(url, max, |loaded, total| {
            post(&WorkerOutput::Downloading {
                task,
                file,
                loaded,
                total,
            })
        })
        .await?;
        post(&WorkerOutput::Downloaded {
            task,
            file,
            bytes: bytes.len() as u64,
        });
        Ok(bytes)
    }

    /// The checkpoint's task's sentences, if it is a real task's.
    async fn load_corpus_of(bytes: &[u8]) -> Result<(), (TaskKind, String)> {
        match lab_train::trainer::stored_task(bytes) {
            Some(task) => load_corpus(task).await.map_err(|why| (task, why)),
            None => Ok(()),
        }
    }

    async fn load_pretrained(task: TaskKind) {
        // The reader's pairs come with their own message; until they do, the default task.
        let task = match task {
            TaskKind::Custom if corpus::corpus_if_provided(task).is_none() => TaskKind::DEFAULT,
            task => task,
        };
        if let Err(why) = load_corpus(task).await {
            post(&WorkerOutput::Error(WorkerError::Data { task, why }));
            return;
        }
        // The reader's pairs have no trained model: a run of them starts untrained.
        let outs = if task.has_pretrained() {
            match download(task, DownloadFile::Model, &task.pretrained_path()).await {
                Ok(bytes) => SESSION.with(|s| {
                    s.borrow_mut()
                        .load_bytes(&bytes, ModelOrigin::Pretrained, now())
                }),
                Err(why) => {
                    post(&WorkerOutput::Error(WorkerError::Pretrained { task, why }));
                    untrained(task)
                }
            }
        } else {
            untrained(task)
        };
        post_all(outs);
        after_work();
    }

    /// A new, untrained model of `task`'s preset.
    fn untrained(task: TaskKind) -> Vec<WorkerOutput> {
        let settings = Settings::toy(task);
        SESSION.with(|s| s.borrow_mut().handle(WorkerInput::New { settings }, now()))
    }

    /// Queue one training chunk if the session is running and none is queued.
    fn schedule_chunk() {
        if !SESSION.with(|s| s.borrow().is_running()) {
            return;
        }
        TICK.with(|t| {
            if let Some((port, queued)) = t.borrow_mut().as_mut() {
                if !*queued && port.post_message(&JsValue::NULL).is_ok() {
                    *queued = true;
                }
            }
        });
    }

    fn run_chunk() {
        TICK.with(|t| {
            if let Some((_, queued)) = t.borrow_mut().as_mut() {
                *queued = false;
            }
        });
        if SESSION.with(|s| s.borrow().awaiting_helper()) {
            // The helper's answer finishes the step and schedules the next.
            return;
        }
        if share_step_with_helper() {
            return;
        }
        let outs = SESSION.with(|s| s.borrow_mut().train_chunk(CHUNK_MS, now));
        post_all(outs);
        after_work();
    }

    /// Sends half of the next step to the helper (starting it the first
    /// time) and computes the other half here. False when there is no helper
    /// to share with, and the step is trained here alone.
    fn share_step_with_helper() -> bool {
        let helper = HELPER.with(|h| match &*h.borrow() {
            Helper::Ready(worker) => Some(worker.clone()),
            _ => None,
        });
        let Some(helper) = helper else {
            start_helper();
            return false;
        };
        let Some((ticket, job, weights)) = SESSION.with(|s| s.borrow_mut().begin_shared_step())
        else {
            return false;
        };
        let message = WorkerInput::Shard {
            ticket,
            job,
            bytes: lab_protocol::shard::f32s_to_bytes(&weights),
        };
        if wire::post(wire::To::Worker(&helper), message.to_parts()).is_err() {
            helper_gone();
            return true;
        }
        let deadline = SESSION.with(|s| s.borrow_mut().compute_own_shard(&mut now));
        if let Some(deadline) = deadline {
            watch_helper(ticket, deadline);
        }
        true
    }

    /// At `deadline`, gives up a helper that has not answered the step of
    /// `ticket` (one that stopped without an error event would otherwise
    /// hold the run forever; see [`Session::helper_watchdog`]).
    fn watch_helper(ticket: u64, deadline: f64) {
        let check = Closure::once_into_js(move || {
            let verdict = SESSION.with(|s| s.borrow_mut().helper_watchdog(ticket, deadline, now()));
            match verdict {
                Watchdog::Done => {}
                Watchdog::WaitUntil(later) => watch_helper(ticket, later),
                Watchdog::GiveUp => helper_gone(),
            }
        });
        let wait_ms = (deadline - now()).ceil().clamp(0.0, f64::from(i32::MAX)) as i32;
        let _ = scope()
            .set_timeout_with_callback_and_timeout_and_arguments_0(check.unchecked_ref(), wait_ms);
    }

    /// Starts the helper worker once, the first time the run trains.
    fn start_helper() {
        if !HELPER.with(|h| matches!(*h.borrow(), Helper::NotStarted)) {
            return;
        }
        let worker = lab_session::spawn::new_worker(
            lab_session::spawn::names::HELPER,
            on_helper_message,
            |_| helper_gone(),
        );
        HELPER.with(|h| {
            *h.borrow_mut() = match worker {
                Some(worker) => Helper::Starting(worker),
                None => Helper::Gone,
            }
        });
    }

    fn on_helper_message(data: JsValue) {
        match wire::read(data, WorkerOutput::from_parts) {
            Ok(WorkerOutput::Ready) => HELPER.with(|h| {
                let mut h = h.borrow_mut();
                if let Helper::Starting(worker) = &*h {
                    *h = Helper::Ready(worker.clone());
                }
            }),
            Ok(WorkerOutput::ShardDone {
                ticket,
                result,
                bytes,
            }) => {
                let answer = result.ok().zip(lab_protocol::shard::bytes_to_f32s(&bytes));
                let outs =
                    SESSION.with(|s| s.borrow_mut().finish_shared_step(ticket, answer, now()));
                post_all(outs);
                after_work();
            }
            // A crash report (its panic hook) or garbage: this worker goes on alone.
            _ => helper_gone(),
        }
    }

    /// The helper cannot go on: stop it, and finish a step it had here.
    fn helper_gone() {
        HELPER.with(|h| {
            let mut h = h.borrow_mut();
            if let Helper::Starting(worker) | Helper::Ready(worker) = &*h {
                worker.terminate();
            }
            *h = Helper::Gone;
        });
        let outs = SESSION.with(|s| {
            let mut s = s.borrow_mut();
            match s.shared_ticket() {
                Some(ticket) => s.finish_shared_step(ticket, None, now()),
                None => Vec::new(),
            }
        });
        post_all(outs);
        after_work();
    }

    /// The body at `url`, read in chunks: `progress(loaded, total)` after each.
    /// More than `max` bytes is refused as they come.
    async fn fetch_bytes_with_progress(
        url: &str,
        max: usize,
        progress: impl Fn(u64, Option<u64>),
    ) -> Result<Vec<u8>, String> {
        use wasm_bindgen_futures::JsFuture;
        let response = JsFuture::from(scope().fetch_with_str(url))
            .await
            .map_err(|_| format!("{url} could not be fetched"))?;
        let response: web_sys::Response = response
            .dyn_into()
            .map_err(|_| "no HTTP response".to_string())?;
        if !response.ok() {
            return Err(format!("{url}: HTTP {}", response.status()));
        }
        let total = response
            .headers()
            .get("content-length")
            .ok()
            .flatten()
            .and_then(|length| length.parse::<u64>().ok());
        let body = response.body().ok_or_else(|| format!("{url}: no body"))?;
        let reader: web_sys::ReadableStreamDefaultReader = body.get_reader().unchecked_into();
        let mut bytes = Vec::new();
        loop {
            let chunk = JsFuture::from(reader.read())
                .await
                .map_err(|_| format!("{url}: the download broke off"))?;
            let done = js_sys::Reflect::get(&chunk, &"done".into()).map_err(|_| "no chunk")?;
            if done.as_bool() == Some(true) {
                break;
            }
            let value = js_sys::Reflect::get(&chunk, &"value".into()).map_err(|_| "no chunk")?;
            let value: js_sys::Uint8Array = value.dyn_into().map_err(|_| "not bytes")?;
            if bytes.len() + value.length() as usize > max {
                return Err(format!("{url} is over {max} bytes"));
            }
            bytes.extend(value.to_vec());
            progress(bytes.len() as u64, total);
        }
        Ok(bytes)
    }
}
