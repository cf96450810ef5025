//! A run kept in this browser: how the worker lays it out in IndexedDB, and
//! the run an older version of the page kept in `localStorage`.
//!
//! The worker owns browser storage (the page serialises nothing): database
//! [`DATABASE`] holds two object stores with the same keys. [`SUMMARIES`]
//! maps a key to the run's [`RunSummary`] as JSON text, small, so listing the
//! runs reads no checkpoint. [`CHECKPOINTS`] maps it to a record with the
//! checkpoint bytes (a `Uint8Array`: bytes stay bytes) and the curves (JSON
//! text). A save writes both in one transaction, so a save that fails (a full
//! quota) changes neither and the previous save stays.
//!
//! Each tab keeps a run of its own, under [`storage_key`] of
//! [`RunKey::Tab`]: a tab's identity lives in its `sessionStorage`
//! ([`TAB_ID_KEY`], which a reload keeps and a new tab does not have), and
//! an open tab holds the Web Lock [`tab_lock`] for as long as it lives, so
//! the worker can tell the runs of open tabs from those of closed ones
//! (and a duplicated tab, which copies `sessionStorage`, from the tab it
//! copied). Runs saved under a name live under [`RunKey::Named`].
//!
//! Which run a tab starts from is [`start_from`]; which runs the list shows
//! is [`listed`]; which closed tabs' runs are deleted is [`to_prune`].

use base64::Engine;
use lab_protocol::{Curves, RunKey, RunStart, RunSummary, Settings, StoredRunProblem};
use serde::{Deserialize, Deserializer};

/// The IndexedDB database of the lab, and its schema version.
pub const DATABASE: &str = "attention-lab";
pub const DATABASE_VERSION: u32 = 1;
/// Object store: key → [`lab_protocol::RunSummary`] as JSON text.
pub const SUMMARIES: &str = "runs";
/// Object store: key → `{ checkpoint: Uint8Array, curves: JSON text }`.
pub const CHECKPOINTS: &str = "checkpoints";
/// Where the one run of the page was kept before tabs had runs of their
/// own; it is read as the run of a closed tab named [`OLD_AUTOSAVE_TAB`].
pub const OLD_AUTOSAVE_KEY: &str = "autosave";
/// The tab identity the old autosave is listed under (never generated:
/// [`new_tab_id`] makes hexadecimal ones).
pub const OLD_AUTOSAVE_TAB: &str = "autosave";
const NAMED_PREFIX: &str = "named:";
const TAB_PREFIX: &str = "tab:";

/// The IndexedDB key of a run.
pub fn storage_key(run: &RunKey) -> String {
    match run {
        RunKey::Named(name) => format!("{NAMED_PREFIX}{name}"),
        RunKey::Tab(tab) if tab == OLD_AUTOSAVE_TAB => OLD_AUTOSAVE_KEY.to_string(),
        RunKey::Tab(tab) => format!("{TAB_PREFIX}{tab}"),
    }
}

/// The run an IndexedDB key holds; `None` for a key the lab never writes.
pub fn run_of_key(key: &str) -> Option<RunKey> {
    if key == OLD_AUTOSAVE_KEY {
        return Some(RunKey::Tab(OLD_AUTOSAVE_TAB.to_string()));
    }
    if let Some(name) = key.strip_prefix(NAMED_PREFIX) {
        return Some(RunKey::Named(name.to_string()));
    }
    key.strip_prefix(TAB_PREFIX)
        .and_then(clean_tab_id)
        .map(RunKey::Tab)
}

/// The `sessionStorage` key of a tab's identity.
pub const TAB_ID_KEY: &str = "attention-lab/tab";
/// The longest tab identity, in bytes.
pub const MAX_TAB_ID: usize = 32;

/// A tab identity as read back from `sessionStorage`: 1 to [`MAX_TAB_ID`]
/// ASCII letters, digits or `-`; anything else (an edited value) is `None`.
pub fn clean_tab_id(id: &str) -> Option<String> {
    let ok = !id.is_empty()
        && id.len() <= MAX_TAB_ID
        && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-');
    ok.then(|| id.to_string())
}

/// A new tab identity from 64 random bits (`Math.random` is enough: it
/// only has to differ from the other tabs of one browser).
pub fn new_tab_id(random_bits: u64) -> String {
    format!("{random_bits:016x}")
}

const TAB_LOCK_PREFIX: &str = "attention-lab/tab/";

/// The Web Lock an open tab holds for as long as it lives.
pub fn tab_lock(tab: &str) -> String {
    format!("{TAB_LOCK_PREFIX}{tab}")
}

/// The tab that holds the Web Lock `name`, if it is a tab's lock.
pub fn tab_of_lock(name: &str) -> Option<&str> {
    name.strip_prefix(TAB_LOCK_PREFIX)
}

/// Closed tabs' runs kept at most; older ones are deleted when a tab
/// starts. A run kept for good is saved under a name.
pub const MAX_CLOSED_TAB_RUNS: usize = 6;

/// The run a tab starts from, among the `saved` runs: on a `reload`, its
/// own (none if it has none: it was forgotten, or never saved); in a new
/// tab, the run saved most recently, whoever saved it.
pub fn start_from<'a>(tab: &str, reload: bool, saved: &'a [RunSummary]) -> Option<&'a RunSummary> {
    if reload {
        let own = RunKey::Tab(tab.to_string());
        return saved.iter().find(|run| run.key() == own);
    }
    saved
        .iter()
        .max_by(|a, b| a.saved_at.total_cmp(&b.saved_at))
}

/// What the page says about starting from `run` in the tab `tab`.
pub fn run_start(tab: &str, run: &RunSummary) -> RunStart {
    match run.key() {
        RunKey::Tab(id) if id == tab => RunStart::ThisTab { step: run.step },
        key => RunStart::Latest {
            name: matches!(key, RunKey::Named(_)).then(|| run.name.clone()),
            task: run.task,
            step: run.step,
        },
    }
}

/// A tab's run whose tab is neither open nor this one.
fn closed(run: &RunSummary, open: &[String], this_tab: &str) -> bool {
    matches!(run.key(), RunKey::Tab(id) if id != this_tab && !open.contains(&id))
}

/// The runs the list shows, newest first: the named ones, and those of
/// closed tabs (an open tab's run is that tab's business).
pub fn listed(saved: &[RunSummary], open: &[String], this_tab: &str) -> Vec<RunSummary> {
    let mut runs: Vec<RunSummary> = saved
        .iter()
        .filter(|run| matches!(run.key(), RunKey::Named(_)) || closed(run, open, this_tab))
        .cloned()
        .collect();
    runs.sort_by(|a, b| b.saved_at.total_cmp(&a.saved_at));
    runs
}

/// The closed tabs' runs beyond the newest [`MAX_CLOSED_TAB_RUNS`].
pub fn to_prune(saved: &[RunSummary], open: &[String], this_tab: &str) -> Vec<RunKey> {
    let mut closed_runs: Vec<&RunSummary> = saved
        .iter()
        .filter(|run| closed(run, open, this_tab))
        .collect();
    closed_runs.sort_by(|a, b| b.saved_at.total_cmp(&a.saved_at));
    closed_runs
        .into_iter()
        .skip(MAX_CLOSED_TAB_RUNS)
        .map(RunSummary::key)
        .collect()
}

/// The `localStorage` key under which older versions of the page kept the
/// run (JSON with the checkpoint in base64). The worker migrates it once.
pub const STORAGE_KEY: &str = "attention-lab/run/v1";

/// The run as an older page stored it: read once, to migrate it.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct LegacyRun {
    pub settings: Settings,
    pub step: usize,
    /// The checkpoint bytes; text was unavoidable in `localStorage`.
    #[serde(deserialize_with = "base64_bytes")]
    pub checkpoint: Vec<u8>,
    pub curves: Curves,
}

fn base64_bytes<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
    let text = String::deserialize(d)?;
    base64::engine::general_purpose::STANDARD
        .decode(text.as_bytes())
        .map_err(serde::de::Error::custom)
}

impl LegacyRun {
    pub fn from_json(text: &str) -> Result<Self, StoredRunProblem> {
        // As bytes: one JSON reader in the worker (`saving.rs`, `restore`).
        serde_json::from_slice(text.as_bytes()).map_err(|_| StoredRunProblem::Damaged)
    }
}

/// The file name offered when downloading a checkpoint.
pub fn checkpoint_file_name(task: &str, step: usize) -> String {
    format!("attention-lab-{task}-step{step}.ckpt")
}

#[cfg(test)]
mod tests {
    use super::*;
    use lab_protocol::{EvalPoint, TrainPoint};
    use lab_tasks::TaskKind;

    fn curves() -> Curves {
        Curves {
            train: vec![TrainPoint {
                step: 1,
                loss: 3.5,
                token_accuracy: 0.1,
                learning_rate: 2e-4,
            }],
            eval: vec![EvalPoint {
                step: 100,
                loss: 1.5,
                token_accuracy: 0.6,
                exact_match: 0.2,
            }],
        }
    }

    #[test]
    fn an_older_pages_run_is_read_with_its_base64_checkpoint() {
        let json = serde_json::json!({
            "settings": Settings::toy(TaskKind::EnJa),
            "step": 120,
            "checkpoint": "AQID+g==",
            "curves": curves(),
        });
        let run = LegacyRun::from_json(&json.to_string()).expect("readable");
        assert_eq!((run.step, run.checkpoint), (120, vec![1, 2, 3, 250]));
        assert_eq!(run.curves, curves());
        assert!(LegacyRun::from_json("{\"settings\": 1}").is_err());
        assert!(LegacyRun::from_json("").is_err());
    }

    #[test]
    fn every_run_has_its_own_key_and_reads_back_from_it() {
        let runs = [
            RunKey::Named("warm-up 400".into()),
            RunKey::Named("autosave".into()),
            RunKey::Named("tab:1".into()),
            RunKey::Tab(new_tab_id(0x3f2a_9c0d_1e00_0001)),
            RunKey::Tab(OLD_AUTOSAVE_TAB.into()),
        ];
        let keys: Vec<String> = runs.iter().map(storage_key).collect();
        for (run, key) in runs.iter().zip(&keys) {
            assert_eq!(run_of_key(key).as_ref(), Some(run), "{key}");
        }
        let distinct: std::collections::HashSet<&String> = keys.iter().collect();
        assert_eq!(distinct.len(), keys.len(), "{keys:?}");
        assert_eq!(
            storage_key(&RunKey::Tab(OLD_AUTOSAVE_TAB.into())),
            "autosave"
        );
        assert_eq!(
            run_of_key("tab:<script>"),
            None,
            "an edited key is no tab's"
        );
        assert_eq!(run_of_key("something else"), None);
    }

    #[test]
    fn tab_ids_are_short_plain_and_checked_when_read_back() {
        let id = new_tab_id(u64::MAX);
        assert_eq!(id, "ffffffffffffffff");
        assert_eq!(clean_tab_id(&id), Some(id.clone()));
        assert_eq!(new_tab_id(1).len(), 16, "fixed width");
        for bad in ["", "a b", "é", "tab:1", &"a".repeat(MAX_TAB_ID + 1)] {
            assert_eq!(clean_tab_id(bad), None, "{bad:?}");
        }
        assert_eq!(tab_of_lock(&tab_lock(&id)), Some(id.as_str()));
        assert_eq!(tab_of_lock("another lock"), None);
    }

    fn summary(key: RunKey, step: usize, saved_at: f64) -> RunSummary {
        let (name, tab) = match key {
            RunKey::Named(name) => (name, None),
            RunKey::Tab(tab) => (String::new(), Some(tab)),
        };
        RunSummary {
            name,
            task: TaskKind::Copy,
            step,
            saved_at,
            bytes: 1,
            tab,
        }
    }

    #[test]
    fn a_reload_restores_its_own_run_and_a_new_tab_the_latest_of_all() {
        let tab = |id: &str| RunKey::Tab(id.into());
        let saved = [
            summary(tab("a"), 57, 10.0),
            summary(tab("b"), 62, 30.0),
            summary(RunKey::Named("baseline".into()), 5, 20.0),
        ];
        // Tab A reloads after tab B saved later: A gets its own run back.
        let own = start_from("a", true, &saved).expect("its own run");
        assert_eq!(
            (own.key(), run_start("a", own)),
            (tab("a"), RunStart::ThisTab { step: 57 })
        );
        // A new tab starts from B's, the latest, and says so.
        let latest = start_from("c", false, &saved).expect("the latest");
        assert_eq!(
            run_start("c", latest),
            RunStart::Latest {
                name: None,
                task: TaskKind::Copy,
                step: 62
            }
        );
        // A tab whose run was forgotten reloads to nothing saved: the pretrained model.
        assert_eq!(start_from("c", true, &saved), None);
        assert_eq!(start_from("c", false, &[]), None);
        // The latest can be a named run.
        let named = [
            summary(RunKey::Named("baseline".into()), 5, 40.0),
            saved[0].clone(),
        ];
        let latest = start_from("c", false, &named).expect("the named run");
        assert_eq!(
            run_start("c", latest),
            RunStart::Latest {
                name: Some("baseline".into()),
                task: TaskKind::Copy,
                step: 5
            }
        );
    }

    #[test]
    fn the_list_shows_named_runs_and_closed_tabs_runs_and_prunes_the_oldest_closed() {
        let tab = |id: &str| RunKey::Tab(id.into());
        let mut saved = vec![
            summary(tab("me"), 1, 100.0),
            summary(tab("open"), 2, 99.0),
            summary(RunKey::Named("kept".into()), 3, 1.0),
        ];
        for i in 0..MAX_CLOSED_TAB_RUNS + 2 {
            saved.push(summary(tab(&format!("closed{i}")), i, 50.0 + i as f64));
        }
        let open = vec!["open".to_string(), "me".to_string()];
        let shown = listed(&saved, &open, "me");
        let keys: Vec<RunKey> = shown.iter().map(RunSummary::key).collect();
        assert!(
            !keys.contains(&tab("me")) && !keys.contains(&tab("open")),
            "{keys:?}"
        );
        assert_eq!(keys.len(), 1 + MAX_CLOSED_TAB_RUNS + 2);
        assert!(
            shown.windows(2).all(|w| w[0].saved_at >= w[1].saved_at),
            "newest first"
        );
        assert_eq!(keys.last(), Some(&RunKey::Named("kept".into())));
        // The two oldest closed tabs' runs go; named runs and open tabs' never do.
        assert_eq!(
            to_prune(&saved, &open, "me"),
            vec![tab("closed1"), tab("closed0")]
        );
        // Without the lock list (no Web Locks), every other tab counts as closed.
        assert!(listed(&saved, &[], "me")
            .iter()
            .any(|r| r.key() == tab("open")));
    }

    #[test]
    fn download_names_say_task_and_step() {
        assert_eq!(
            checkpoint_file_name("en-ja", 300),
            "attention-lab-en-ja-step300.ckpt"
        );
    }
}
