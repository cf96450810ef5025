//! Tiny modules assembled by hand (the binary format's sections, each a
//! byte count under 128 so that its LEB128 size is one byte), so the check
//! is seen to refuse what it must and pass what every engine compiles.

use super::*;

/// A section: its id, its size and its contents.
fn section(id: u8, contents: &[u8]) -> Vec<u8> {
    let size = u8::try_from(contents.len()).expect("a tiny section");
    assert!(size < 0x80, "one-byte LEB128 size");
    [&[id, size][..], contents].concat()
}

/// `v128.const 0` (the SIMD prefix 0xfd, opcode 12, sixteen bytes).
fn v128_zero() -> Vec<u8> {
    [&[0xfd, 0x0c][..], &[0; 16]].concat()
}

/// A module with one function `() -> v128` whose body is `code` then `end`,
/// and a memory of one page whose limits' flags are `memory_flags`.
fn module(code: &[u8], memory_flags: u8) -> Vec<u8> {
    let header = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];
    // One type: func, no parameters, one v128 result.
    let types = section(1, &[1, 0x60, 0, 1, 0x7b]);
    let functions = section(3, &[1, 0]);
    // One memory: flags, initial 1 page (and a maximum of 1 when flagged shared).
    let memory = if memory_flags & 1 == 1 {
        section(5, &[1, memory_flags, 1, 1])
    } else {
        section(5, &[1, memory_flags, 1])
    };
    let body = [&[0u8][..], code, &[0x0b]].concat();
    let size = u8::try_from(body.len()).expect("a tiny body");
    let code_section = section(10, &[&[1, size][..], &body].concat());
    [&header[..], &types, &functions, &memory, &code_section].concat()
}

#[test]
fn plain_simd128_is_what_every_engine_compiles() {
    // v128.const 0; v128.const 0; f32x4.add (0xfd 0xe4 0x01)
    let code = [v128_zero(), v128_zero(), vec![0xfd, 0xe4, 0x01]].concat();
    assert_eq!(refused(&module(&code, 0)), Ok(vec![]));
}

#[test]
fn a_relaxed_simd_instruction_is_refused_by_name() {
    // Three zeros, then f32x4.relaxed_madd (opcode 0x105, LEB128 0x85 0x02).
    let code = [
        v128_zero(),
        v128_zero(),
        v128_zero(),
        vec![0xfd, 0x85, 0x02],
    ]
    .concat();
    let found = refused(&module(&code, 0)).expect("a well-formed module");
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].starts_with("F32x4RelaxedMadd (relaxed_simd) at byte "),
        "{found:?}"
    );
}

#[test]
fn atomics_and_a_shared_memory_are_refused() {
    // i32.const 0; i32.const 0; memory.atomic.notify (0xfe 0x00, align 2, offset 0); drop; v128.const 0
    let code = [vec![0x41, 0, 0x41, 0, 0xfe, 0x00, 2, 0, 0x1a], v128_zero()].concat();
    // Limits flags 0x03: a maximum, shared.
    let found = refused(&module(&code, 0x03)).expect("a well-formed module");
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(
        found[0].starts_with("a shared memory (threads)"),
        "{found:?}"
    );
    assert!(
        found[1].starts_with("MemoryAtomicNotify (threads)"),
        "{found:?}"
    );
}

#[test]
fn a_64_bit_memory_is_refused() {
    // Limits flags 0x04: memory64.
    let found = refused(&module(&v128_zero(), 0x04)).expect("a well-formed module");
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].starts_with("a 64-bit memory (memory64)"),
        "{found:?}"
    );
}

#[test]
fn bytes_that_are_not_wasm_are_an_error_not_a_pass() {
    assert!(refused(b"\0asm\x01\0\0\0\x0a\x7f").is_err());
    let empty = std::env::temp_dir().join(format!("xtask-engines-{}", std::process::id()));
    std::fs::create_dir_all(&empty).expect("a temporary folder");
    assert!(check_site(&empty).is_err(), "no wasm is no pass");
    std::fs::remove_dir_all(&empty).expect("removed");
}
