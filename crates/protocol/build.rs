//! The messages' fingerprint (`messages::FINGERPRINT`): a hash of the Rust
//! sources that define them, this crate's and the two it takes types from
//! (lab-math, lab-tasks). Every message starts with it, so that a page and a
//! worker built from different sources (a tab left open across an update of
//! the site) refuse each other's messages instead of misreading them:
//! postcard's bytes carry no field names.

use std::path::{Path, PathBuf};
use std::{env, fs};

fn main() {
    let crate_dir = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let mut files = Vec::new();
    for dir in ["src", "../math/src", "../tasks/src"] {
        let dir = crate_dir.join(dir);
        println!("cargo:rerun-if-changed={}", dir.display());
        rust_files(&dir, &mut files);
    }
    files.sort();
    // FNV-1a, 32 bits, over each file's path from this crate's folder and
    // its contents.
    let mut hash: u32 = 0x811c_9dc5;
    for file in &files {
        let name = file.strip_prefix(&crate_dir).unwrap_or(file);
        let bytes = fs::read(file).expect("a source file reads");
        for &b in name.to_string_lossy().as_bytes().iter().chain(&bytes) {
            hash = (hash ^ u32::from(b)).wrapping_mul(0x0100_0193);
        }
    }
    let out = PathBuf::from(env::var("OUT_DIR").expect("cargo sets it")).join("fingerprint.rs");
    fs::write(out, format!("{hash:#010x}")).expect("OUT_DIR is writable");
}

fn rust_files(dir: &Path, files: &mut Vec<PathBuf>) {
    let entries = fs::read_dir(dir).expect("a source folder reads");
    for entry in entries.map(|e| e.expect("a folder entry").path()) {
        if entry.is_dir() {
            rust_files(&entry, files);
        } else if entry.is_file() && entry.extension().is_some_and(|e| e == "rs") {
            files.push(entry);
        }
    }
}
