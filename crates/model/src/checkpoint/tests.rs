use super::read::*;
use super::write::*;
use super::*;
use crate::parameters::{parameter_entries, MAX_PARAMETERS};
use crate::transformer::Transformer;
use crate::Backend;
use burn::module::{Module, ModuleMapper, Param};
use burn::tensor::Tensor;

fn model() -> Transformer {
    TransformerConfig::toy(12, 14)
        .with_d_model(16)
        .with_n_heads(2)
        .with_d_ff(32)
        .init(&Backend::default().device())
}

#[test]
fn crc32_matches_the_standard_check_value() {
    assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
}

#[test]
fn checkpoint_round_trips_bit_exactly() {
    let original = model();
    let bytes = to_bytes(&original, serde_json::json!({ "step": 7 }));
    let (loaded, meta) = from_bytes(&bytes, &Backend::default().device()).expect("own bytes load");
    assert_eq!(meta["step"], 7);
    let a = named_tensors(&original);
    let b = named_tensors(&loaded);
    assert_eq!(a.len(), b.len());
    for ((na, sa, va), (nb, sb, vb)) in a.iter().zip(&b) {
        assert_eq!((na, sa), (nb, sb));
        assert!(
            va.iter().zip(vb).all(|(x, y)| x.to_bits() == y.to_bits()),
            "{na} differs"
        );
    }
    assert_eq!(to_bytes(&loaded, meta), bytes);
}

#[test]
fn a_half_precision_checkpoint_loads_every_weight_rounded_to_f16() {
    let m = model();
    let meta = serde_json::json!({"shipped": true});
    let half_bytes = to_half_bytes(&m, meta.clone()).unwrap();
    let full = to_bytes(&m, meta);
    let floats: usize = named_tensors(&m).iter().map(|t| t.2.len()).sum();
    let header_growth = r#","weights":"f16""#.len();
    assert_eq!(full.len() - half_bytes.len(), floats * 2 - header_growth);
    let (loaded, meta) = from_bytes(&half_bytes, &Backend::default().device()).unwrap();
    assert_eq!(meta["shipped"], true);
    for ((name, _, original), (_, _, back)) in named_tensors(&m).iter().zip(named_tensors(&loaded))
    {
        for (&a, &b) in original.iter().zip(&back) {
            assert_eq!(b, half::f16::from_f32(a).to_f32(), "{name}");
            assert!(
                (a - b).abs() <= a.abs() * 2f32.powi(-11) + 6e-8,
                "{name}: {a} → {b}"
            );
        }
    }
}

#[test]
fn a_weight_beyond_half_precision_is_refused_and_a_half_file_with_an_optimizer_too() {
    let m = model();
    let big = m.clone().map(&mut Scale(1e6));
    assert!(matches!(
        to_half_bytes(&big, serde_json::Value::Null),
        Err(CheckpointError::TooLarge(_))
    ));
    // A header that says f16 beside an optimizer section is not a file this lab writes.
    let floats: usize = named_tensors(&m).iter().map(|t| t.2.len()).sum();
    let header = Header {
        config: m.config.clone(),
        meta: serde_json::Value::Null,
        tensors: parameter_entries(&m.config),
        weights: WeightPrecision::F16,
        optimizer: Some(OptimizerHeader {
            meta: serde_json::Value::Null,
            slots: vec!["moment_1".into()],
        }),
    };
    let forged = framed(FORMAT_VERSION, &header, &vec![0u8; floats * 2 + floats * 4]);
    assert!(
        matches!(read(&forged), Err(CheckpointError::Mismatch(_))),
        "{:?}",
        read(&forged).err()
    );
    // The same file without the optimizer section reads.
    let header = Header {
        optimizer: None,
        ..header
    };
    assert!(read(&framed(FORMAT_VERSION, &header, &vec![0u8; floats * 2])).is_ok());
}

/// Multiplies every weight by a constant.
struct Scale(f32);
impl ModuleMapper for Scale {
    fn map_float<const D: usize>(&mut self, param: Param<Tensor<D>>) -> Param<Tensor<D>> {
        let k = self.0;
        param.map(|t| t.mul_scalar(k))
    }
}

#[test]
fn parameter_names_follow_the_module_tree() {
    let names: Vec<String> = named_tensors(&model()).into_iter().map(|t| t.0).collect();
    assert!(
        names.contains(&"encoder.layers.0.self_attn.query.weight".to_string()),
        "{names:?}"
    );
    assert!(
        names.contains(&"decoder.layers.1.cross_attn.output.bias".to_string()),
        "{names:?}"
    );
    assert!(
        names.contains(&"src_embed.tokens.weight".to_string()),
        "{names:?}"
    );
}

#[test]
fn truncated_garbled_and_foreign_bytes_are_rejected() {
    let bytes = to_bytes(&model(), serde_json::Value::Null);
    let device = Backend::default().device();
    for cut in [0, 5, 19, 100, bytes.len() / 2, bytes.len() - 1] {
        assert!(
            from_bytes(&bytes[..cut], &device).is_err(),
            "truncated at {cut}"
        );
    }
    let mut garbled = bytes.clone();
    garbled[bytes.len() / 2] ^= 0x40;
    assert!(matches!(
        from_bytes(&garbled, &device),
        Err(CheckpointError::Corrupt(_))
    ));
    assert_eq!(
        from_bytes(b"PK\x03\x04 a zip file, not a checkpoint", &device).err(),
        Some(CheckpointError::NotACheckpoint)
    );
    let mut future = bytes;
    future[8] = 9;
    assert_eq!(
        from_bytes(&future, &device).err(),
        Some(CheckpointError::UnsupportedVersion { found: 9 })
    );
}

/// A header with a valid checksum, as a forger would write it.
fn forged(config: &TransformerConfig, tensors: Vec<TensorEntry>, payload: &[u8]) -> Vec<u8> {
    forged_with(FORMAT_VERSION, config, tensors, None, payload)
}

fn forged_with(
    version: u32,
    config: &TransformerConfig,
    tensors: Vec<TensorEntry>,
    optimizer: Option<OptimizerHeader>,
    payload: &[u8],
) -> Vec<u8> {
    let header = Header {
        config: config.clone(),
        meta: serde_json::Value::Null,
        tensors,
        weights: WeightPrecision::F32,
        optimizer,
    };
    framed(version, &header, payload)
}
/// A file of `version` around `header` and `payload`, with a valid checksum.
fn framed(version: u32, header: &Header, payload: &[u8]) -> Vec<u8> {
    let header = serde_json::to_vec(header).expect("plain data");
    let mut bytes = MAGIC.to_vec();
    bytes.extend_from_slice(&version.to_le_bytes());
    bytes.extend_from_slice(&(header.len() as u32).to_le_bytes());
    bytes.extend_from_slice(&header);
    bytes.extend_from_slice(payload);
    let crc = crc32(&bytes);
    bytes.extend_from_slice(&crc.to_le_bytes());
    bytes
}

/// Why [`from_bytes`] refuses `bytes`, which it must.
fn refused(bytes: &[u8]) -> CheckpointError {
    from_bytes(bytes, &Backend::default().device()).expect_err("refused")
}

#[test]
fn a_valid_checksum_over_a_huge_model_is_refused_before_anything_is_built() {
    let huge = TransformerConfig::toy(100_000, 100_000)
        .with_d_model(4096)
        .with_n_heads(8)
        .with_d_ff(16384)
        .with_n_encoder_layers(24)
        .with_n_decoder_layers(24);
    let err = refused(&forged(&huge, Vec::new(), &[]));
    assert!(
        matches!(&err, CheckpointError::TooLarge(why) if why.contains("parameters")),
        "{err}"
    );
    assert!(
        err.to_string().contains(&MAX_PARAMETERS.to_string()),
        "the message names the limit: {err}"
    );
}

#[test]
fn a_tensor_list_that_lies_about_a_shape_is_refused() {
    let config = model().config.clone();
    let mut tensors = parameter_entries(&config);
    tensors[0].shape = vec![1, 1];
    let err = refused(&forged(&config, tensors, &[0; 4]));
    assert!(
        matches!(&err, CheckpointError::Mismatch(why) if why.contains("src_embed.tokens.weight")),
        "{err}"
    );
}

#[test]
fn a_payload_of_the_wrong_length_is_refused() {
    let config = model().config.clone();
    let err = refused(&forged(&config, parameter_entries(&config), &[0; 8]));
    assert!(
        matches!(&err, CheckpointError::Corrupt(why) if why.contains("bytes")),
        "{err}"
    );
}

#[test]
fn a_file_over_the_size_cap_is_refused_by_its_length() {
    let err = parse(&vec![0; MAX_CHECKPOINT_BYTES + 1])
        .err()
        .expect("refused");
    assert!(matches!(err, CheckpointError::TooLarge(_)), "{err}");
}

/// Adam-like state for `model`: two slots, every value distinct.
fn moments(model: &Transformer) -> OptimizerState {
    let tensors = named_tensors(model);
    let slot = |k: f32| {
        tensors
            .iter()
            .enumerate()
            .map(|(i, t)| (0..t.2.len()).map(|j| k * (i * 1000 + j) as f32).collect())
            .collect()
    };
    OptimizerState {
        meta: serde_json::json!({ "name": "adam", "time": 3 }),
        slots: vec!["moment_1".into(), "moment_2".into()],
        values: vec![slot(1e-3), slot(2e-6)],
    }
}

#[test]
fn the_optimizer_state_round_trips_bit_exactly_after_the_weights() {
    let model = model();
    let state = moments(&model);
    let bytes = to_bytes_with_optimizer(&model, serde_json::json!({ "step": 3 }), Some(&state));
    let floats = parameter_count(&model.config).expect("small") as usize;
    assert_eq!(
        bytes.len(),
        to_bytes(&model, serde_json::json!({ "step": 3 })).len() + floats * 4 * 2 + {
            // The header also names the slots.
            let with = serde_json::to_vec(&OptimizerHeader {
                meta: state.meta.clone(),
                slots: state.slots.clone(),
            })
            .expect("plain data");
            with.len() + ",\"optimizer\":".len()
        }
    );
    let checked = read(&bytes).expect("own bytes load");
    assert_eq!(checked.version, FORMAT_VERSION);
    let loaded = checked.optimizer.clone().expect("the optimizer section");
    assert_eq!(loaded.meta, state.meta);
    assert_eq!(loaded.slots, state.slots);
    let bits = |o: &OptimizerState| -> Vec<u32> {
        o.values
            .iter()
            .flatten()
            .flatten()
            .map(|v| v.to_bits())
            .collect()
    };
    assert_eq!(bits(&loaded), bits(&state));
    let rebuilt = checked.build(&Backend::default().device());
    assert_eq!(
        to_bytes_with_optimizer(&rebuilt, serde_json::json!({ "step": 3 }), Some(&loaded)),
        bytes
    );
}

#[test]
fn the_shipped_version_1_checkpoints_still_load() {
    let bytes = include_bytes!("../../../../tests/fixtures/version-1/copy.ckpt");
    assert_eq!(u32::from_le_bytes(bytes[8..12].try_into().expect("4")), 1);
    let checked = read(bytes).expect("a version-1 file loads");
    assert_eq!(checked.version, 1);
    assert!(checked.optimizer.is_none());
    assert!(checked.meta.get("settings").is_some(), "{}", checked.meta);
}

#[test]
fn a_checkpoint_written_before_a_setting_existed_has_its_old_value() {
    let bytes = include_bytes!("../../../../tests/fixtures/version-1/copy.ckpt");
    let header_len = u32::from_le_bytes(bytes[12..16].try_into().expect("4")) as usize;
    let header = std::str::from_utf8(&bytes[16..16 + header_len]).expect("JSON");
    assert!(
        !header.contains("positional_encoding"),
        "written before PE could be off"
    );
    let (model, _) = from_bytes(bytes, &Backend::default().device()).expect("loads");
    assert!(model.config.positional_encoding, "trained with PE");
    // A model without PE says so in its own checkpoint.
    let off = TransformerConfig::toy(12, 14)
        .with_d_model(16)
        .with_n_heads(2)
        .with_positional_encoding(false)
        .init(&Backend::default().device());
    let bytes = to_bytes(&off, serde_json::json!({}));
    let (back, _) = from_bytes(&bytes, &Backend::default().device()).expect("loads");
    assert!(!back.config.positional_encoding);
}

#[test]
fn a_version_1_file_is_the_weights_without_an_optimizer_section() {
    let model = model();
    let v2 = to_bytes(&model, serde_json::Value::Null);
    let header_len = u32::from_le_bytes(v2[12..16].try_into().expect("4")) as usize;
    let payload = v2[16 + header_len..v2.len() - 4].to_vec();
    let v1 = forged_with(
        1,
        &model.config,
        parameter_entries(&model.config),
        None,
        &payload,
    );
    let checked = read(&v1).expect("version 1 loads");
    assert_eq!((checked.version, checked.optimizer.is_none()), (1, true));
    // The same weights in either version.
    let rebuilt = checked.build(&Backend::default().device());
    assert_eq!(to_bytes(&rebuilt, serde_json::Value::Null), v2);
    // A version-1 header may not claim an optimizer section.
    let claims = forged_with(
        1,
        &model.config,
        parameter_entries(&model.config),
        Some(OptimizerHeader {
            meta: serde_json::Value::Null,
            slots: vec!["m".into()],
        }),
        &[payload.clone(), payload.clone()].concat(),
    );
    assert!(matches!(
        read(&claims).err(),
        Some(CheckpointError::Mismatch(_))
    ));
}

#[test]
fn an_optimizer_section_of_the_wrong_size_or_shape_is_refused() {
    let model = model();
    let config = model.config.clone();
    let floats = parameter_count(&config).expect("small") as usize;
    let header = |slots: &[&str]| OptimizerHeader {
        meta: serde_json::Value::Null,
        slots: slots.iter().map(|s| s.to_string()).collect(),
    };
    let entries = || parameter_entries(&config);
    // One float short of weights + two slots.
    let short = forged_with(
        2,
        &config,
        entries(),
        Some(header(&["m", "v"])),
        &vec![0; floats * 12 - 4],
    );
    let err = read(&short).err().expect("refused");
    assert!(
        matches!(&err, CheckpointError::Corrupt(why) if why.contains("optimizer")),
        "{err}"
    );
    // More slots than any optimizer of the lab keeps: refused before the payload is read.
    let many = forged_with(
        2,
        &config,
        entries(),
        Some(header(&["a", "b", "c"])),
        &vec![0; floats * 16],
    );
    assert!(matches!(
        read(&many).err(),
        Some(CheckpointError::Mismatch(_))
    ));
    let twice = forged_with(
        2,
        &config,
        entries(),
        Some(header(&["m", "m"])),
        &vec![0; floats * 12],
    );
    assert!(matches!(
        read(&twice).err(),
        Some(CheckpointError::Mismatch(_))
    ));
    // A NaN moment is as corrupt as a NaN weight.
    let mut nan = vec![0; floats * 8];
    nan[floats * 4..floats * 4 + 4].copy_from_slice(&f32::NAN.to_le_bytes());
    let err = read(&forged_with(
        2,
        &config,
        entries(),
        Some(header(&["m"])),
        &nan,
    ))
    .err();
    assert!(
        matches!(&err, Some(CheckpointError::Corrupt(why)) if why.contains("m of")),
        "{err:?}"
    );
}

#[test]
fn the_optimizer_fits_beside_every_model_the_lab_can_build_small_enough() {
    assert!(fits_with_optimizer(&model().config, MAX_OPTIMIZER_SLOTS));
    let huge = TransformerConfig::toy(30_000, 30_000)
        .with_d_model(1024)
        .with_n_heads(8)
        .with_d_ff(4096)
        .with_n_encoder_layers(6)
        .with_n_decoder_layers(6);
    assert!(!fits_with_optimizer(&huge, MAX_OPTIMIZER_SLOTS));
}
