//! Checkpoint bytes → `lab_model::checkpoint::read`, the check that runs
//! before anything is built from an uploaded or stored file.
//!
//! Properties:
//! - no input panics, and none allocates more than its own size allows
//!   (run with `-rss_limit_mb` and `-malloc_limit_mb`: a header that
//!   describes a huge model must be refused by arithmetic, not by allocation);
//! - a checkpoint that passes `read` builds into a model and runs a forward
//!   pass without panicking (its floats are in the input, so it is small);
//! - that model, with the optimizer state the file held (format version 2),
//!   saves to bytes that `read` accepts again, with the same description and
//!   bit-identical weights and optimizer values.
//!
//! Every input is tried twice: as it comes (most random bytes stop at the
//! signature, version or checksum) and with a correct CRC-32 appended, as a
//! forger would write it, so that the fuzzer reaches the header, the budget,
//! the tensor list and the payload checks behind the checksum.

#![no_main]

use lab_model::burn::tensor::{Int, Tensor, TensorData};
use lab_model::checkpoint::{crc32, named_tensors, read, to_bytes_with_optimizer};
use lab_model::{greedy_decode, Backend, TransformerConfig};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    check(data);
    let mut forged = data.to_vec();
    forged.extend_from_slice(&crc32(data).to_le_bytes());
    check(&forged);
});

fn check(bytes: &[u8]) {
    let checked = match read(bytes) {
        Ok(checked) => checked,
        Err(e) => {
            assert!(!e.to_string().is_empty());
            return;
        }
    };
    let config = checked.config.clone();
    let meta = checked.meta.clone();
    let optimizer = checked.optimizer.clone();
    let device = Backend::default().device();
    let model = checked.build(&device);

    // A forward pass on ids the model can embed, no longer than its positional table.
    let len = config.max_len.min(3);
    let src: Vec<i64> = (0..len)
        .map(|i| ((4 + i) % config.src_vocab_size) as i64)
        .collect();
    let tgt: Vec<i64> = (0..len)
        .map(|i| ((1 + i) % config.tgt_vocab_size) as i64)
        .collect();
    let ids = |v: Vec<i64>| Tensor::<2, Int>::from_data(TensorData::new(v, [1, len]), &device);
    let out = model.forward(ids(src.clone()), ids(tgt));
    assert_eq!(
        out.logits.dims(),
        [1, len, config.tgt_vocab_size],
        "logits have the shape the description implies"
    );

    // Greedy decoding, as the Translate view runs it. `read` refuses a
    // vocabulary smaller than the special tokens (FUZZING.md, finding 1), so
    // every source can end with `<eos>` and every target vocabulary holds a
    // token that can be emitted.
    if config.max_len >= 2 {
        let mut src: Vec<u32> = src.iter().map(|&t| t as u32).collect();
        src.truncate(config.max_len - 1);
        src.push(lab_tasks::EOS);
        let decoded = greedy_decode(&model, &src, config.max_len.min(2), 2);
        assert!(!decoded.tokens.is_empty() && decoded.tokens.len() <= 2);
    }

    // Saved again, the model is the same checkpoint.
    let again = read(&to_bytes_with_optimizer(&model, meta, optimizer.as_ref()))
        .expect("a loaded checkpoint saves to one that loads");
    assert!(
        same_config(&again.config, &config),
        "{:?} != {config:?}",
        again.config
    );
    match (&again.optimizer, &optimizer) {
        (None, None) => {}
        (Some(a), Some(b)) => {
            assert_eq!(a.slots, b.slots);
            assert!(
                same_bits(a.values.iter().flatten(), b.values.iter().flatten()),
                "the optimizer's values changed in a save and load"
            );
        }
        _ => panic!("the optimizer section was lost or invented in a save and load"),
    }
    let rebuilt = again.build(&device);
    for ((name, shape, a), (name_b, shape_b, b)) in named_tensors(&model)
        .iter()
        .zip(named_tensors(&rebuilt).iter())
    {
        assert_eq!((name, shape), (name_b, shape_b));
        assert!(same_bits([a], [b]), "{name} changed in a save and load");
    }
}

/// The same floats, bit for bit, in the same arrangement.
fn same_bits<'a>(
    a: impl IntoIterator<Item = &'a Vec<f32>>,
    b: impl IntoIterator<Item = &'a Vec<f32>>,
) -> bool {
    let (a, b): (Vec<_>, Vec<_>) = (a.into_iter().collect(), b.into_iter().collect());
    a.len() == b.len()
        && a.iter().zip(&b).all(|(x, y)| {
            x.len() == y.len()
                && x.iter()
                    .zip(y.iter())
                    .all(|(p, q)| p.to_bits() == q.to_bits())
        })
}

/// Equal descriptions, floats bit for bit (serde_json's `float_roundtrip`
/// reads back exactly what it wrote: FUZZING.md, finding 2).
fn same_config(a: &TransformerConfig, b: &TransformerConfig) -> bool {
    a == b
        && a.dropout.to_bits() == b.dropout.to_bits()
        && a.pe_base.to_bits() == b.pe_base.to_bits()
}
