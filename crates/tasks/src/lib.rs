//! The tasks of Attention Lab: small sequence-to-sequence problems generated
//! in code, deterministically from a seed, with nothing downloaded, and two
//! real translation tasks read from corpora ([`corpus`]): English → Japanese
//! and English → Chinese sentences, whose pairs have no gold alignment.
//!
//! A synthetic task comes before any real data (as in the Annotated Transformer):
//!
//! - **copy**: the target is the source, so cross-attention should be the diagonal;
//! - **reverse**: the target is the reversed source, so cross-attention should be
//!   the anti-diagonal that a class can see on the screen;
//! - **en-ja**: a miniature English → Japanese translation with SOV word order and
//!   the particles は / を / に, so cross-attention has to reorder.
//!
//! Every [`Pair`] carries its gold word alignment (`alignment[j] = Some(i)`: target
//! word `j` translates source word `i`), so the lab can measure which heads learned
//! to align. A [`Dataset`] holds the vocabularies and the train / held-out split,
//! which is disjoint by source sentence so generalisation is measurable.
//!
//! Code map:
//! - [`rng`]: the tiny deterministic PRNG every random choice goes through;
//! - [`vocab`]: word-level tokenizer with reported (never dropped) unknown words;
//!   its special tokens ([`PAD`], [`BOS`], [`EOS`], [`UNK`]) are `lab_math::tokens`,
//!   re-exported, so the model and the vocabularies share one numbering;
//! - [`task`]: [`TaskKind`], [`Pair`] and the [`Task`] trait (one struct per task);
//! - [`symbols`]: the copy and reverse tasks;
//! - [`lexicon`] and [`en_ja`]: the English → Japanese word list and grammar;
//! - [`corpus`]: the real tasks' sentence pairs, their file, their word split
//!   and their sources;
//! - [`dataset`]: [`Dataset::build`], shuffling and splitting;
//! - [`metrics`]: corpus BLEU-4 and exact match.
//!
//! This crate knows nothing about tensors, burn or the web.

pub mod corpus;
pub mod dataset;
pub mod en_ja;
pub mod known;
pub mod lexicon;
pub mod metrics;
pub mod rng;
pub mod symbols;
pub mod task;
pub mod vocab;

pub use dataset::*;
pub use en_ja::*;
pub use metrics::*;
pub use rng::*;
pub use symbols::*;
pub use task::*;
pub use vocab::*;
