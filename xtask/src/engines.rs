//! Every browser engine can compile the shipped wasm: a check of `dist/*.wasm`.
//!
//! An engine refuses a whole module for one instruction it does not know.
//! Safari's (WebKit) has no relaxed SIMD, so a single `f32x4.relaxed_madd`,
//! which a compiler may emit for a fused multiply-add once
//! `+relaxed-simd` is on, would leave every iPad in a classroom with a blank
//! page. The lab asks for plain 128-bit SIMD only (`.cargo/config.toml`),
//! which every current engine compiles. The proposals refused here:
//! - relaxed SIMD (no WebKit);
//! - threads: atomic instructions and shared memory (they need a
//!   cross-origin-isolated page, which a plain static host does not give);
//! - memory64 and table64 (64-bit addresses: not in WebKit).
//!
//! The reading is wasmparser's (the Bytecode Alliance's parser, the one
//! wasm-tools and wasmtime use): every operator of every function body, each
//! tagged with the proposal it comes from by `wasmparser::for_each_operator!`,
//! so a new instruction of a refused proposal is refused without a list here.

use std::path::{Path, PathBuf};
use wasmparser::{Operator, Parser, Payload, TypeRef};

/// The proposals whose instructions an engine the lab supports refuses, as
/// `wasmparser::for_each_operator!` names them.
const REFUSED_PROPOSALS: [&str; 2] = ["relaxed_simd", "threads"];

/// Which proposal an operator belongs to and the operator's name, as
/// `wasmparser::for_each_operator!` lists them.
macro_rules! define_proposal_of {
    ($( @$proposal:ident $op:ident $({ $($arg:ident: $argty:ty),* })? => $visit:ident ($($ann:tt)*))*) => {
        fn proposal_of(op: &Operator) -> (&'static str, &'static str) {
            match op {
                $( Operator::$op { .. } => (stringify!($proposal), stringify!($op)), )*
                // `Operator` is non-exhaustive: a newer operator is named by its debug form.
                _ => ("unknown", "unknown"),
            }
        }
    };
}
wasmparser::for_each_operator!(define_proposal_of);

/// What an engine would refuse in a module: one line each, with its byte offset.
pub fn refused(bytes: &[u8]) -> Result<Vec<String>, String> {
    let mut found = Vec::new();
    let read = |e: wasmparser::BinaryReaderError| e.to_string();
    for payload in Parser::new(0).parse_all(bytes) {
        match payload.map_err(read)? {
            Payload::ImportSection(imports) => {
                for import in imports.into_imports_with_offsets() {
                    let (offset, import) = import.map_err(read)?;
                    if let TypeRef::Memory(memory) = import.ty {
                        found.extend(memory_problem(memory, offset));
                    }
                }
            }
            Payload::MemorySection(memories) => {
                for memory in memories.into_iter_with_offsets() {
                    let (offset, memory) = memory.map_err(read)?;
                    found.extend(memory_problem(memory, offset));
                }
            }
            Payload::TableSection(tables) => {
                for table in tables.into_iter_with_offsets() {
                    let (offset, table) = table.map_err(read)?;
                    if table.ty.table64 {
                        found.push(format!("a 64-bit table (table64) at byte {offset}"));
                    }
                }
            }
            Payload::CodeSectionEntry(body) => {
                let mut operators = body.get_operators_reader().map_err(read)?;
                while !operators.eof() {
                    let (op, offset) = operators.read_with_offset().map_err(read)?;
                    let (proposal, name) = proposal_of(&op);
                    if REFUSED_PROPOSALS.contains(&proposal) {
                        found.push(format!("{name} ({proposal}) at byte {offset}"));
                    } else if proposal == "unknown" {
                        found.push(format!(
                            "{op:?}, an instruction this check does not know, at byte {offset}"
                        ));
                    }
                }
            }
            _ => {}
        }
    }
    Ok(found)
}

fn memory_problem(memory: wasmparser::MemoryType, offset: usize) -> Option<String> {
    if memory.memory64 {
        Some(format!("a 64-bit memory (memory64) at byte {offset}"))
    } else if memory.shared {
        Some(format!("a shared memory (threads) at byte {offset}"))
    } else {
        None
    }
}

/// Every `.wasm` file in `dir`, sorted.
fn wasm_files(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "wasm"))
        .collect();
    files.sort();
    Ok(files)
}

/// Fails naming each instruction an engine would refuse in `dir`'s wasm files
/// (the built site's `dist/`), or when there is no wasm to check.
pub fn check_site(dir: &Path) -> Result<(), String> {
    let files = wasm_files(dir)?;
    if files.is_empty() {
        return Err(format!("no .wasm file in {}", dir.display()));
    }
    let mut problems = Vec::new();
    for file in &files {
        let bytes = std::fs::read(file).map_err(|e| format!("{}: {e}", file.display()))?;
        let name = file.file_name().unwrap_or_default().to_string_lossy();
        match refused(&bytes) {
            Ok(found) => problems.extend(found.into_iter().map(|f| format!("{name}: {f}"))),
            Err(e) => problems.push(format!("{name}: unreadable wasm: {e}")),
        }
        println!("engines: {name} read");
    }
    if problems.is_empty() {
        println!(
            "engines: no relaxed-SIMD, threads or memory64 in {} wasm files",
            files.len()
        );
        Ok(())
    } else {
        Err(format!(
            "the wasm holds what a browser engine refuses:\n  {}",
            problems.join("\n  ")
        ))
    }
}

#[cfg(test)]
mod tests;
