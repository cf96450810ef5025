//! The teaching views' data, as plain Rust tested natively: what each stage
//! shows, the formula behind each number, and which numbers come from the
//! worker. The components in `app/` only lay these out.
//!
//! - [`head`]: one attention head, stage by stage, with the β what-if;
//! - [`decode`]: greedy decoding step by step, with and without the KV cache;
//! - [`compare`]: two runs that differ in exactly one setting.

pub mod compare;
pub mod decode;
pub mod head;
