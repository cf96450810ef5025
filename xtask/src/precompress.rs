//! Pre-compressed copies of the built site (issue 48, "a lighter first
//! visit"): beside each file that brotli makes at least [`MIN_SAVING`]
//! smaller, `FILE.br`, at brotli's highest quality. A server told to serve
//! them (Caddy's `file_server { precompressed br }`; nginx with ngx_brotli's
//! `brotli_static on`, Debian's `libnginx-mod-http-brotli-static`) sends the
//! `.br` to a browser that accepts `br`, as `FILE` with `Content-Encoding:
//! br`. A host that compresses by itself ignores them. The two wasm files a
//! first visit needs are about 30% smaller as these copies than gzipped at
//! level 9 (BENCHMARKS.md, "Pre-compressed copies").
//!
//! `cargo xtask post-build` writes them after the service worker is stamped,
//! in a release build that is not served by trunk (`cargo xtask serve`,
//! whose server does not send them, sets [`SKIP`]):
//! they are not the site's files, and the service worker neither lists them
//! nor counts them in its version (the browser caches what it decoded).

use std::io::Write as _;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The copies' suffix.
pub const SUFFIX: &str = ".br";
/// The environment variable that, set, tells `post-build` to write no copies.
pub const SKIP: &str = "ATTENTION_LAB_NO_COPIES";
/// Brotli's highest quality: slow to write (about 15 s for the site, once
/// per release build, BENCHMARKS.md), as fast to read as any other.
const QUALITY: i32 = 11;
/// Brotli's largest standard window, 16 MiB: the worker's wasm (5.6 MB)
/// fits in it whole.
const WINDOW_BITS: i32 = 24;
/// A file brotli shrinks by less than this share (`screenshot.png`, whose
/// pixels are compressed already) gets no copy.
const MIN_SAVING: f64 = 0.10;

/// `bytes` compressed by brotli at [`QUALITY`] and [`WINDOW_BITS`].
fn brotli(bytes: &[u8]) -> Vec<u8> {
    let params = brotli::enc::BrotliEncoderParams {
        quality: QUALITY,
        lgwin: WINDOW_BITS,
        size_hint: bytes.len(),
        ..Default::default()
    };
    let mut out = Vec::new();
    brotli::BrotliCompress(&mut &bytes[..], &mut out, &params)
        .expect("reading a slice and writing a Vec cannot fail");
    out
}

/// What [`write_beside`] did: how many copies, and the bytes of the files
/// they stand for, before and after.
#[derive(Debug, Default, PartialEq)]
pub struct Written {
    pub copies: usize,
    pub before: u64,
    pub after: u64,
}

impl std::ops::Add for Written {
    type Output = Written;

    fn add(self, other: Written) -> Written {
        Written {
            copies: self.copies + other.copies,
            before: self.before + other.before,
            after: self.after + other.after,
        }
    }
}

/// Writes `FILE.br` beside each of `files` (paths relative to `dir`) that
/// brotli shrinks by at least [`MIN_SAVING`], a file per core at a time
/// (the site's 16 MB take about 15 s on two).
pub fn write_beside(dir: &Path, files: &[String]) -> Result<Written, String> {
    let next = AtomicUsize::new(0);
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let each_core = || -> Result<Written, String> {
        let mut written = Written::default();
        while let Some(file) = files.get(next.fetch_add(1, Ordering::Relaxed)) {
            if let Some(one) = write_one(dir, file)? {
                written = written + one;
            }
        }
        Ok(written)
    };
    let counts: Vec<Result<Written, String>> = std::thread::scope(|scope| {
        let threads: Vec<_> = (0..cores).map(|_| scope.spawn(each_core)).collect();
        threads
            .into_iter()
            .map(|t| {
                t.join()
                    .unwrap_or_else(|_| Err("precompress: a thread panicked".into()))
            })
            .collect()
    });
    counts
        .into_iter()
        .try_fold(Written::default(), |sum, count| Ok(sum + count?))
}

/// `dir/file.br` if brotli shrinks `file` enough, counted as one copy.
/// Otherwise no copy, not even one left by an earlier run.
fn write_one(dir: &Path, file: &str) -> Result<Option<Written>, String> {
    let bytes = std::fs::read(dir.join(file))
        .map_err(|e| format!("precompress: cannot read {file}: {e}"))?;
    let compressed = brotli(&bytes);
    let copy = dir.join(format!("{file}{SUFFIX}"));
    if (compressed.len() as f64) > (1.0 - MIN_SAVING) * bytes.len() as f64 {
        return match std::fs::remove_file(&copy) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(format!(
                "precompress: cannot remove {}: {e}",
                copy.display()
            )),
            _ => Ok(None),
        };
    }
    std::fs::File::create(&copy)
        .and_then(|mut f| f.write_all(&compressed))
        .map_err(|e| format!("precompress: cannot write {}: {e}", copy.display()))?;
    Ok(Some(Written {
        copies: 1,
        before: bytes.len() as u64,
        after: compressed.len() as u64,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read as _;

    fn decompressed(bytes: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        brotli::Decompressor::new(bytes, 4096)
            .read_to_end(&mut out)
            .expect("a valid brotli stream");
        out
    }

    #[test]
    fn a_copy_decodes_to_its_file_and_only_files_it_shrinks_get_one() {
        let dir = std::env::temp_dir().join(format!("lab-precompress-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("assets")).unwrap();
        // Text that repeats compresses well; bytes from a generator that
        // never repeats do not, and a stale copy of them goes.
        let text = "the big dog sees a small cat\n".repeat(400).into_bytes();
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let noise: Vec<u8> = (0..4096)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                state as u8
            })
            .collect();
        std::fs::write(dir.join("assets/text.tsv"), &text).unwrap();
        std::fs::write(dir.join("noise.png"), &noise).unwrap();
        std::fs::write(dir.join("noise.png.br"), "from an earlier run").unwrap();
        let files = ["assets/text.tsv".to_string(), "noise.png".to_string()];
        let written = write_beside(&dir, &files).unwrap();
        let copy = std::fs::read(dir.join("assets/text.tsv.br")).unwrap();
        assert_eq!(decompressed(&copy), text);
        assert!(!dir.join("noise.png.br").exists(), "noise keeps no copy");
        assert_eq!(
            written,
            Written {
                copies: 1,
                before: text.len() as u64,
                after: copy.len() as u64,
            }
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
