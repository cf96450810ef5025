//! A real task's files, fetched by the training worker when the task is
//! chosen (a first visit downloads none), with the page told how far each
//! download got; messages that need the sentences wait for them, in order.

use super::{after_work, handle, now, post, post_all, scope, untrained, SESSION};
use lab_protocol::{
    DownloadFile, DownloadProblem, ModelOrigin, WorkerError, WorkerInput, WorkerOutput,
};
use lab_tasks::{corpus, TaskKind};
use std::cell::RefCell;
use std::collections::HashSet;
use wasm_bindgen::JsCast;

thread_local! {
    /// The files whose last download failed or did not read: the next try
    /// fetches past the browser's cache, so a copy cut short is retried,
    /// never remembered.
    static FAILED: RefCell<HashSet<String>> = RefCell::new(HashSet::new());
    /// While a real task's sentences download: the messages that came
    /// meanwhile, first the one that needs them, handled in order after.
    static WAITING: RefCell<Option<Vec<WorkerInput>>> = const { RefCell::new(None) };
}

/// `input`, unless it must wait: behind a download under way, or for the
/// sentences it needs, whose download it starts. The waiting messages are
/// handled in order once the sentences are here (the first one answered
/// with the error if they could not be fetched).
pub(super) fn unless_waiting_for_sentences(input: WorkerInput) -> Option<WorkerInput> {
    let waiting = WAITING.with(|w| {
        w.borrow_mut()
            .as_mut()
            .map(|queue| queue.push(input.clone()))
    });
    if waiting.is_some() {
        return None;
    }
    let Some(task) = missing_corpus(&input) else {
        return Some(input);
    };
    WAITING.with(|w| *w.borrow_mut() = Some(vec![input]));
    wasm_bindgen_futures::spawn_local(async move {
        let loaded = load_corpus(task).await;
        let mut queued = WAITING.with(|w| w.borrow_mut().take()).unwrap_or_default();
        if let Err(problem) = loaded {
            // The message that needed them is answered with the error.
            queued.remove(0);
            post(&WorkerOutput::Error(WorkerError::Data { task, problem }));
        }
        queued.into_iter().for_each(handle);
    });
    None
}

/// The real task whose sentences `input` needs and this worker has not
/// got yet: a new run of it, or a checkpoint of it. (A helper never
/// fetches: the training worker hands it the sentences with its first
/// shard, [`WorkerInput::Sentences`].)
fn missing_corpus(input: &WorkerInput) -> Option<TaskKind> {
    let task = match input {
        WorkerInput::New { settings } => Some(settings.task),
        WorkerInput::LoadCheckpoint { bytes, .. } | WorkerInput::EvaluateCheckpoint { bytes } => {
            lab_train::trainer::stored_task(bytes)
        }
        _ => None,
    }?;
    // Only a file to fetch: the reader's pairs come with their message or checkpoint.
    (task.corpus_path().is_some() && corpus::corpus_if_provided(task).is_none()).then_some(task)
}

/// Fetches a real task's sentences (saying how far it got) and hands
/// them to the datasets ([`corpus::provide`]). Nothing for a toy task,
/// or sentences already here.
async fn load_corpus(task: TaskKind) -> Result<(), DownloadProblem> {
    let Some(path) = task.corpus_path() else {
        return Ok(());
    };
    if corpus::corpus_if_provided(task).is_some() {
        return Ok(());
    }
    let bytes = download(task, DownloadFile::Sentences, &path).await?;
    let parsed = String::from_utf8(bytes)
        .map_err(|_| DownloadProblem::NotReadable {
            detail: format!("{path} is not UTF-8 text"),
        })
        .and_then(|text| {
            corpus::Corpus::parse(task, &text).map_err(|e| match e {
                // Fewer pairs than stated: the file came half. (More is
                // not a file of ours, like any other refusal.)
                corpus::CorpusError::CutShort { stated, found } if found < stated => {
                    DownloadProblem::PairsMissing { stated, found }
                }
                e => DownloadProblem::NotReadable {
                    detail: format!("{path}: {e}"),
                },
            })
        });
    match parsed {
        Ok(parsed) => {
            corpus::provide(parsed);
            Ok(())
        }
        Err(why) => {
            FAILED.with(|f| f.borrow_mut().insert(path.clone()));
            Err(why)
        }
    }
}

/// Fetches a task's `file` from `url`, telling the page how far it got.
async fn download(
    task: TaskKind,
    file: DownloadFile,
    url: &str,
) -> Result<Vec<u8>, DownloadProblem> {
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
    let retry = FAILED.with(|f| f.borrow().contains(url));
    let fetched = fetch_bytes_with_progress(url, max, retry, |loaded, total| {
        post(&WorkerOutput::Downloading {
            task,
            file,
            loaded,
            total,
        })
    })
    .await;
    FAILED.with(|f| match &fetched {
        Ok(_) => f.borrow_mut().remove(url),
        Err(_) => f.borrow_mut().insert(url.to_string()),
    });
    let bytes = fetched?;
    post(&WorkerOutput::Downloaded {
        task,
        file,
        bytes: bytes.len() as u64,
    });
    Ok(bytes)
}

/// The checkpoint's task's sentences, if it is a real task's.
pub(super) async fn load_corpus_of(bytes: &[u8]) -> Result<(), (TaskKind, DownloadProblem)> {
    match lab_train::trainer::stored_task(bytes) {
        Some(task) => load_corpus(task).await.map_err(|problem| (task, problem)),
        None => Ok(()),
    }
}

pub(super) async fn load_pretrained(task: TaskKind) {
    // The reader's pairs come with their own message; until they do, the default task.
    let task = match task {
        TaskKind::Custom if corpus::corpus_if_provided(task).is_none() => TaskKind::DEFAULT,
        task => task,
    };
    if let Err(problem) = load_corpus(task).await {
        post(&WorkerOutput::Error(WorkerError::Data { task, problem }));
        return;
    }
    // The reader's pairs have no trained model: a run of them starts untrained.
    let outs = if task.has_pretrained() {
        match download(task, DownloadFile::Model, &task.pretrained_path()).await {
            Ok(bytes) => SESSION.with(|s| {
                s.borrow_mut()
                    .load_bytes(&bytes, ModelOrigin::Pretrained, now())
            }),
            Err(problem) => {
                post(&WorkerOutput::Error(WorkerError::Pretrained {
                    task,
                    problem,
                }));
                untrained(task)
            }
        }
    } else {
        untrained(task)
    };
    post_all(outs);
    after_work();
}

/// The body at `url`, read in chunks: `progress(loaded, total)` after each.
/// More than `max` bytes is refused as they come, and fewer than the
/// server announced (a body sent unencoded) as a download cut short. A
/// `retry` asks the server again, past the browser's cache.
async fn fetch_bytes_with_progress(
    url: &str,
    max: usize,
    retry: bool,
    progress: impl Fn(u64, Option<u64>),
) -> Result<Vec<u8>, DownloadProblem> {
    use wasm_bindgen_futures::JsFuture;
    let init = web_sys::RequestInit::new();
    if retry {
        init.set_cache(web_sys::RequestCache::Reload);
    }
    let response = JsFuture::from(scope().fetch_with_str_and_init(url, &init))
        .await
        .map_err(|_| DownloadProblem::Unreachable)?;
    let response: web_sys::Response = response
        .dyn_into()
        .map_err(|_| DownloadProblem::Unreachable)?;
    if !response.ok() {
        return Err(DownloadProblem::Http {
            status: response.status(),
        });
    }
    let total = response
        .headers()
        .get("content-length")
        .ok()
        .flatten()
        .and_then(|length| length.parse::<u64>().ok());
    // An encoded body's length counts the encoded bytes, not the ones read.
    let encoded = response
        .headers()
        .get("content-encoding")
        .ok()
        .flatten()
        .is_some_and(|coding| coding != "identity");
    let body = response.body().ok_or(DownloadProblem::BrokeOff)?;
    let reader: web_sys::ReadableStreamDefaultReader = body.get_reader().unchecked_into();
    let mut bytes = Vec::new();
    loop {
        let chunk = JsFuture::from(reader.read())
            .await
            .map_err(|_| DownloadProblem::BrokeOff)?;
        let done =
            js_sys::Reflect::get(&chunk, &"done".into()).map_err(|_| DownloadProblem::BrokeOff)?;
        if done.as_bool() == Some(true) {
            break;
        }
        let value =
            js_sys::Reflect::get(&chunk, &"value".into()).map_err(|_| DownloadProblem::BrokeOff)?;
        let value: js_sys::Uint8Array = value.dyn_into().map_err(|_| DownloadProblem::BrokeOff)?;
        if bytes.len() + value.length() as usize > max {
            return Err(DownloadProblem::TooLarge { max: max as u64 });
        }
        bytes.extend(value.to_vec());
        progress(bytes.len() as u64, total);
    }
    match total {
        Some(expected) if !encoded && bytes.len() as u64 != expected => {
            Err(DownloadProblem::CutShort {
                got: bytes.len() as u64,
                expected,
            })
        }
        _ => Ok(bytes),
    }
}
