//! One module per view, in page order: [`guide`], [`pe`], [`attention`],
//! [`head`], [`mask`], [`training`], [`noam`], [`smoothing`], [`compare`],
//! [`translate`] (with [`decode`]) and [`complexity`]; [`runs`] lists the
//! saved runs.
//!
//! The rule: a view's Leptos component is `views/NAME.rs`, or
//! `views/NAME/mod.rs` when its plain logic (what it shows, as data, tested
//! natively) is large enough for a file of its own, `views/NAME/data.rs`.

pub mod attention;
pub mod compare;
pub mod complexity;
pub mod decode;
pub mod guide;
pub mod head;
pub mod layer_input;
pub mod mask;
pub mod noam;
pub mod pe;
pub mod practice;
pub mod runs;
pub mod smoothing;
pub mod training;
pub mod translate;
