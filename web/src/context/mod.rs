//! The ground floor: what every view, component, worker link and the shell
//! share, and nothing else. It imports no view, no worker, no component and
//! no shell (`xtask`'s `the_page_s_arrows_run_one_way` checks).
//!
//! - [`state`]: the shared [`state::Lab`] signals (a `Copy` context);
//! - [`compare`]: the compare view's two runs, which `Lab` keeps;
//! - [`i18n`]: the page's language as a signal, and `t`/`f` to show a message in it;
//! - [`storage`]: what the page keeps in `localStorage` itself;
//! - [`fetch`]: a file of the site, fetched as text (a language's messages, the guide's maps).

pub mod compare;
pub mod fetch;
pub mod i18n;
pub mod state;
pub mod storage;
