//! `cargo xtask engines-e2e`: a learner's flow through the built site in
//! every engine a classroom has: Chromium, Firefox and Safari's (WebKit).
//!
//! The Playwright e2e suite (`web::run_e2e`) runs in Chromium only.
//! `tests/engines/subset.test.mjs` is a subset of it, written once against
//! a small driver (`tests/engines/driver.mjs`) and run here, the same file
//! in each engine: Debian's Chromium (puppeteer-core over the DevTools
//! protocol), `firefox-esr` (puppeteer-core over WebDriver BiDi) and
//! WebKitGTK's MiniBrowser (selenium-webdriver to `WebKitWebDriver`, from
//! `webkit2gtk-driver`), which needs an X display: it runs under
//! `xvfb-run`. All against one server of `dist/`, one engine after the
//! other, each file's tests one at a time.

use crate::cmd::{self, Stage};
use crate::web;
use std::process::Command;

/// The engines the subset runs in, in this order (Chromium also runs the
/// whole e2e suite).
pub const ENGINES: [&str; 3] = ["chromium", "firefox", "webkit"];

/// The subset's test file.
const SUBSET: &str = "tests/engines/subset.test.mjs";

/// The name of the stage that runs it, in `cargo xtask ci` too.
pub const STAGE: &str = "a learner's flow in Chromium, Firefox and WebKit (tests/engines)";

/// The virtual screen WebKit's MiniBrowser opens its window on: larger than
/// any viewport the subset asks for. `-noreset`: an X server resets itself
/// when its last client leaves, and a MiniBrowser started meanwhile (the next
/// test's) could not open the display, so its session never came (3 of 35
/// runs of two WebKit tests without it, 0 of 25 with it).
const XVFB_RUN: [&str; 3] = ["-a", "-s", "-screen 0 1920x1200x24 -noreset"];

/// The node command that runs the subset in `engine` against the site at
/// `url`; WebKit's under `xvfb-run`, with the same arguments and environment.
fn subset_command(engine: &str, url: &str) -> Command {
    let node = web::node_against(
        url,
        &[
            "--test",
            "--test-reporter=spec",
            "--test-concurrency=1",
            SUBSET,
        ],
    );
    let mut c = if engine == "webkit" {
        under_xvfb(&node)
    } else {
        node
    };
    c.env("ENGINE", engine);
    c
}

/// `c` run by `xvfb-run` on a display of its own (`-a`: the first free one).
fn under_xvfb(c: &Command) -> Command {
    let mut wrapped = cmd::command("xvfb-run", &XVFB_RUN);
    wrapped.arg(c.get_program()).args(c.get_args());
    for (key, value) in c.get_envs() {
        match value {
            Some(value) => wrapped.env(key, value),
            None => wrapped.env_remove(key),
        };
    }
    if let Some(dir) = c.get_current_dir() {
        wrapped.current_dir(dir);
    }
    wrapped
}

/// Runs the subset in each of [`ENGINES`] against one server of `dist/`.
/// Every engine runs even if one failed; the lines of all are returned, so
/// their counts add up.
pub fn run_subset() -> (Result<(), String>, Vec<String>) {
    let server = match web::serve_site() {
        Ok(server) => server,
        Err(message) => return (Err(message), vec![]),
    };
    let mut lines = Vec::new();
    let mut result = Ok(());
    for engine in ENGINES {
        let (run, more) = cmd::run_capturing(&mut subset_command(engine, &server.url));
        lines.extend(more);
        result = result.and(run.map_err(|e| format!("{engine}: {e}")));
    }
    (result, lines)
}

/// `cargo xtask engines-e2e`
pub fn engines_e2e() -> Result<(), String> {
    let stage = Stage::start(STAGE);
    let (result, lines) = run_subset();
    stage.finish(result.is_ok());
    let counts = crate::ci::Counts::read(&lines);
    println!("{} passed, {} failed", counts.passed, counts.failed);
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(c: &Command) -> Vec<String> {
        std::iter::once(c.get_program())
            .chain(c.get_args())
            .map(|w| w.to_string_lossy().into_owned())
            .collect()
    }

    fn env(c: &Command, key: &str) -> Option<String> {
        c.get_envs()
            .find(|(k, _)| *k == key)
            .and_then(|(_, v)| v)
            .map(|v| v.to_string_lossy().into_owned())
    }

    #[test]
    fn webkit_runs_the_same_node_command_under_xvfb_and_firefox_without() {
        let url = "http://127.0.0.1:1234/";
        let firefox = subset_command("firefox", url);
        let webkit = subset_command("webkit", url);
        assert_eq!(words(&firefox)[0], "node");
        assert_eq!(words(&webkit)[..4], ["xvfb-run", "-a", "-s", XVFB_RUN[2]]);
        assert_eq!(words(&webkit)[4..], words(&firefox)[..]);
        for (c, engine) in [(&firefox, "firefox"), (&webkit, "webkit")] {
            assert_eq!(env(c, "ENGINE").as_deref(), Some(engine));
            assert_eq!(env(c, "BASE_URL").as_deref(), Some(url));
            assert_eq!(c.get_current_dir(), Some(cmd::root().as_path()));
        }
    }

    /// The subset's file exists and its driver knows each engine CI names.
    #[test]
    fn the_subset_and_its_driver_know_every_engine() {
        assert!(cmd::root().join(SUBSET).is_file(), "{SUBSET} is missing");
        let driver = std::fs::read_to_string(cmd::root().join("tests/engines/driver.mjs"))
            .expect("tests/engines/driver.mjs");
        for engine in ENGINES {
            assert!(
                driver.contains(&format!("'{engine}'")),
                "driver.mjs does not drive {engine}"
            );
        }
    }
}
