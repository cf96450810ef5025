//! The worker's browser storage: runs in IndexedDB (layout in [`lab_session::run`]).
//!
//! IndexedDB rather than `localStorage`: it stores bytes as bytes (no base64),
//! it can be used from a Web Worker (so saving never blocks the page), and a
//! transaction that fails leaves the stores as they were. The crate
//! `indexed_db_futures` turns its requests into futures; it is maintained,
//! supports workers explicitly, and commits a transaction only when asked.

use indexed_db_futures::database::Database;
use indexed_db_futures::future::GetAllPrimitiveRequest;
use indexed_db_futures::prelude::*;
use indexed_db_futures::transaction::{Transaction, TransactionMode};
use lab_protocol::{RunKey, RunSummary, StorageError, StoredRunProblem};
use lab_session::run::{self, CHECKPOINTS, DATABASE, SUMMARIES};
use lab_session::session::RunRecord;
use wasm_bindgen::{JsCast, JsValue};

/// A run read back: its checkpoint bytes and its curves (JSON text).
pub struct StoredRun {
    pub bytes: Vec<u8>,
    pub curves_json: String,
}

/// A failure of IndexedDB as the page will explain it.
fn failure(e: impl Into<indexed_db_futures::error::Error>, name: Option<&str>) -> StorageError {
    let e = e.into();
    if let indexed_db_futures::error::Error::DomException(dom) = &e {
        let js: &JsValue = dom.as_ref();
        let dom: &web_sys::DomException = js.unchecked_ref();
        // A transaction that ran out of quota may also abort with the reason in its message.
        if dom.name() == "QuotaExceededError" || dom.message().to_lowercase().contains("quota") {
            return StorageError::Quota {
                name: name.map(str::to_string),
            };
        }
    }
    StorageError::Unavailable { why: e.to_string() }
}

async fn open() -> Result<Database, StorageError> {
    Database::open(DATABASE)
        .with_version(run::DATABASE_VERSION)
        .with_on_upgrade_needed(|_, db| {
            db.create_object_store(SUMMARIES).build()?;
            db.create_object_store(CHECKPOINTS).build()?;
            Ok(())
        })
        .await
        .map_err(|e| StorageError::Unavailable { why: e.to_string() })
}

/// A read-write transaction over both stores, so that a run's summary and
/// its checkpoint change together or not at all.
fn writing_both(db: &Database) -> indexed_db_futures::Result<Transaction<'_>> {
    db.transaction([SUMMARIES, CHECKPOINTS])
        .with_mode(TransactionMode::Readwrite)
        .build()
}

/// Writes a run where it belongs: its summary and its checkpoint, in one transaction.
pub async fn put(record: RunRecord) -> Result<(), StorageError> {
    let key = record.key();
    let name = record.name();
    let fail = |e: indexed_db_futures::error::Error| failure(e, name.as_deref());
    let db = open().await?;
    let tx = writing_both(&db).map_err(fail)?;
    let value = js_sys::Object::new();
    let bytes = js_sys::Uint8Array::from(record.bytes.as_slice());
    let set = |k: &str, v: &JsValue| js_sys::Reflect::set(&value, &JsValue::from_str(k), v);
    set("checkpoint", &bytes).map_err(|e| fail(e.into()))?;
    set("curves", &JsValue::from_str(&record.curves_json)).map_err(|e| fail(e.into()))?;
    let summaries = tx.object_store(SUMMARIES).map_err(fail)?;
    let checkpoints = tx.object_store(CHECKPOINTS).map_err(fail)?;
    summaries
        .put(record.summary_json)
        .with_key(key.clone())
        .primitive()
        .map_err(fail)?;
    checkpoints
        .put(JsValue::from(value))
        .with_key(key)
        .primitive()
        .map_err(fail)?;
    tx.commit().await.map_err(fail)?;
    Ok(())
}

/// The name a failure about `run` gives (`None` for a tab's run).
fn name_of(run: &RunKey) -> Option<String> {
    match run {
        RunKey::Named(name) => Some(name.clone()),
        RunKey::Tab(_) => None,
    }
}

/// The saved run `run`, or `None` if there is none.
pub async fn get(run: &RunKey) -> Result<Option<StoredRun>, StorageError> {
    let key = run::storage_key(run);
    let name = name_of(run);
    let fail = |e: indexed_db_futures::error::Error| failure(e, name.as_deref());
    let db = open().await?;
    let tx = db.transaction(CHECKPOINTS).build().map_err(fail)?;
    let store = tx.object_store(CHECKPOINTS).map_err(fail)?;
    let value: Option<JsValue> = store
        .get(key)
        .primitive()
        .map_err(fail)?
        .await
        .map_err(fail)?;
    let Some(value) = value else { return Ok(None) };
    let field = |k: &str| js_sys::Reflect::get(&value, &JsValue::from_str(k)).ok();
    let bytes = field("checkpoint").and_then(|v| v.dyn_into::<js_sys::Uint8Array>().ok());
    let curves_json = field("curves").and_then(|v| v.as_string());
    match (bytes, curves_json) {
        (Some(bytes), Some(curves_json)) => Ok(Some(StoredRun {
            bytes: bytes.to_vec(),
            curves_json,
        })),
        _ => Err(StorageError::Unreadable {
            name,
            problem: StoredRunProblem::Damaged,
        }),
    }
}

/// Deletes the saved run `run` (nothing happens if there is none).
pub async fn delete(run: &RunKey) -> Result<(), StorageError> {
    let key = run::storage_key(run);
    let fail = |e: indexed_db_futures::error::Error| failure(e, None);
    let db = open().await?;
    let tx = writing_both(&db).map_err(fail)?;
    for store in [SUMMARIES, CHECKPOINTS] {
        tx.object_store(store)
            .map_err(fail)?
            .delete(key.clone())
            .primitive()
            .map_err(fail)?;
    }
    tx.commit().await.map_err(fail)?;
    Ok(())
}

/// What a "get all" request (of a store's keys or of its values) found:
/// every string in key order, so keys and values pair up, or the first failure.
async fn all_strings(
    request: indexed_db_futures::Result<GetAllPrimitiveRequest<String>>,
) -> Result<Vec<String>, StorageError> {
    let fail = |e: indexed_db_futures::error::Error| failure(e, None);
    request
        .map_err(fail)?
        .await
        .map_err(fail)?
        .collect::<Result<_, _>>()
        .map_err(fail)
}

/// Every saved run, named or a tab's (with its `tab` set), in no order.
pub async fn saved() -> Result<Vec<RunSummary>, StorageError> {
    let fail = |e: indexed_db_futures::error::Error| failure(e, None);
    let db = open().await?;
    let tx = db.transaction(SUMMARIES).build().map_err(fail)?;
    let store = tx.object_store(SUMMARIES).map_err(fail)?;
    let keys = all_strings(store.get_all_keys::<String>().primitive()).await?;
    let texts = all_strings(store.get_all::<String>().primitive()).await?;
    let runs = keys
        .iter()
        .zip(texts)
        .filter_map(|(key, text)| {
            // As bytes: one JSON reader (lab-session's `saving.rs`, `restore`).
            let mut summary: RunSummary = serde_json::from_slice(text.as_bytes()).ok()?;
            summary.tab = match run::run_of_key(key)? {
                RunKey::Tab(tab) => Some(tab),
                RunKey::Named(_) => None,
            };
            Some(summary)
        })
        .collect();
    Ok(runs)
}
