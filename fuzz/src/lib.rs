//! What the fuzz targets share beyond their own files: the generator of
//! their seed inputs, which builds protocol messages and checkpoints by
//! hand. It lives in the library, not in an example, because `cargo fuzz
//! build` compiles a package's library with its targets: a protocol change
//! it has not followed fails the fuzz build itself (it once fell six fields
//! behind the messages).

#[cfg(feature = "model")]
pub mod seeds;
