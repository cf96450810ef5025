//! What the lab keeps for offline use, as its service worker (`web/sw.js`)
//! tells the page: the site itself, and the files of each task the reader
//! has opened (its trained model and, for a real task, its sentences). Plain
//! Rust: `workers::offline` talks to the service worker, the menu's line
//! (`shell::offline`) says what this module sums up.

use lab_protocol::DownloadFile;
use lab_tasks::TaskKind;

/// The service worker, as far as the page knows it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Keeper {
    /// Not asked yet, or asked and not answered yet.
    #[default]
    Starting,
    /// This browser, at this address, runs no service worker: none exists
    /// (an `http://` address other than localhost, a `file://` page), or
    /// the browser refused it (a private window, a policy).
    Refused,
}

/// What the page knows of the lab's offline copy.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Offline {
    pub keeper: Keeper,
    /// The service worker's last answer: `None` before its first.
    pub kept: Option<Kept>,
    /// The browser says it has no network (`navigator.onLine` false).
    pub no_network: bool,
}

/// The service worker's answer (`{ type: 'offline-status', site, paths }`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Kept {
    /// Every file of the site is in the cache: the lab opens with no network.
    pub site: bool,
    /// Every kept file's path, relative to the lab's folder
    /// (`assets/checkpoints/en-ja.ckpt`).
    pub paths: Vec<String>,
}

/// What the menu's line says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Summary {
    /// No service worker can keep the lab here.
    Refused,
    /// The site is not (yet) kept.
    NotYet,
    /// The lab opens with no network, with these tasks.
    Available(Vec<TaskKind>),
    /// There is no network now: this page is the kept copy, with these tasks.
    UsingKeptCopy(Vec<TaskKind>),
}

/// The files a task needs from the site: its trained model, if one is
/// shipped, and a real task's sentences. (The reader's pairs need none:
/// they come with their run.) The paths are the ones the worker fetches.
pub fn task_files(task: TaskKind) -> Vec<String> {
    let model = task.has_pretrained().then(|| task.pretrained_path());
    model.into_iter().chain(task.corpus_path()).collect()
}

/// The path of a task's file the worker fetched (`WorkerOutput::Downloaded`).
pub fn file_path(task: TaskKind, file: DownloadFile) -> Option<String> {
    match file {
        DownloadFile::Model => task.has_pretrained().then(|| task.pretrained_path()),
        DownloadFile::Sentences => task.corpus_path(),
    }
}

/// The shipped tasks whose every file is kept, in the task picker's order.
pub fn kept_tasks(paths: &[String]) -> Vec<TaskKind> {
    TaskKind::BUILT_IN
        .into_iter()
        .filter(|&task| {
            let files = task_files(task);
            !files.is_empty() && files.iter().all(|f| paths.contains(f))
        })
        .collect()
}

/// What to say of `offline`.
pub fn summary(offline: &Offline) -> Summary {
    if offline.keeper == Keeper::Refused {
        return Summary::Refused;
    }
    match &offline.kept {
        Some(kept) if kept.site => {
            let tasks = kept_tasks(&kept.paths);
            if offline.no_network {
                Summary::UsingKeptCopy(tasks)
            } else {
                Summary::Available(tasks)
            }
        }
        _ => Summary::NotYet,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kept(site: bool, tasks: &[TaskKind]) -> Option<Kept> {
        let mut paths = vec!["./".to_string(), "index.html".to_string()];
        paths.extend(tasks.iter().flat_map(|&t| task_files(t)));
        Some(Kept { site, paths })
    }

    #[test]
    fn a_real_task_is_kept_only_with_both_its_model_and_its_sentences() {
        let model = TaskKind::RealEnJa.pretrained_path();
        let sentences = TaskKind::RealEnJa
            .corpus_path()
            .expect("a real task has sentences");
        assert_eq!(
            task_files(TaskKind::RealEnJa),
            vec![model.clone(), sentences.clone()]
        );
        assert_eq!(kept_tasks(std::slice::from_ref(&model)), vec![]);
        assert_eq!(kept_tasks(&[sentences, model]), vec![TaskKind::RealEnJa]);
    }

    #[test]
    fn the_kept_tasks_are_the_shipped_ones_in_the_pickers_order() {
        let all: Vec<String> = TaskKind::ALL.into_iter().flat_map(task_files).collect();
        assert_eq!(kept_tasks(&all), TaskKind::BUILT_IN.to_vec());
        assert!(
            task_files(TaskKind::Custom).is_empty(),
            "the reader's pairs ship nothing"
        );
    }

    #[test]
    fn a_downloaded_file_is_the_path_the_task_names() {
        for task in TaskKind::ALL {
            let files: Vec<String> = [DownloadFile::Model, DownloadFile::Sentences]
                .into_iter()
                .filter_map(|file| file_path(task, file))
                .collect();
            assert_eq!(files, task_files(task), "{task}");
        }
    }

    #[test]
    fn the_summary_says_what_the_service_worker_keeps_and_whether_the_network_is_there() {
        let mut offline = Offline::default();
        assert_eq!(summary(&offline), Summary::NotYet, "before any answer");
        offline.kept = kept(false, &[TaskKind::EnJa]);
        assert_eq!(
            summary(&offline),
            Summary::NotYet,
            "the site is not all kept yet"
        );
        offline.kept = kept(true, &[TaskKind::EnJa, TaskKind::RealEnJa]);
        let tasks = vec![TaskKind::EnJa, TaskKind::RealEnJa];
        assert_eq!(summary(&offline), Summary::Available(tasks.clone()));
        offline.no_network = true;
        assert_eq!(summary(&offline), Summary::UsingKeptCopy(tasks));
        offline.keeper = Keeper::Refused;
        assert_eq!(summary(&offline), Summary::Refused);
    }
}
