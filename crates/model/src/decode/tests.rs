use super::*;
use crate::{Backend, TransformerConfig};
use lab_math::decoding::{step_multiply_adds, DecoderShape};

fn floats<const D: usize>(t: Tensor<D>) -> Vec<f32> {
    t.into_data().try_to_vec::<f32>().expect("f32")
}

#[test]
fn greedy_decoding_stops_at_max_len_and_reports_sorted_top_k() {
    let device = Backend::default().device();
    let model = TransformerConfig::toy(10, 10).init(&device);
    let decoded = greedy_decode(&model, &[4, 5, 6, EOS], 5, 3);
    assert!(!decoded.steps.is_empty() && decoded.steps.len() <= 5);
    for (i, step) in decoded.steps.iter().enumerate() {
        assert_eq!(step.top_k.len(), 3);
        assert_eq!(step.top_k[0].0, step.token, "greedy takes the argmax");
        assert!(step.top_k[0].1 >= step.top_k[1].1 && step.top_k[1].1 >= step.top_k[2].1);
        // Step t = i + 1 has one query over t decoder keys and 4 source keys.
        assert_eq!(step.self_rows[0].dims(), [1, 4, 1, i + 1]);
        assert_eq!(step.cross_rows[1].dims(), [1, 4, 1, 4]);
        assert_eq!(step.cached_positions, i + 1);
    }
    assert!(
        decoded.tokens.iter().all(|&t| can_emit(t)),
        "never <pad> or <bos>: {:?}",
        decoded.tokens
    );
    let eos_at = decoded.tokens.iter().position(|&t| t == EOS);
    assert!(
        eos_at.is_none() || eos_at == Some(decoded.tokens.len() - 1),
        "nothing after <eos>"
    );
}

/// Both modes, step by step: the same tokens, logits within 1e-5, and the
/// counted multiply-adds equal to the closed-form formulas.
fn cache_agrees_with_recomputation(config: TransformerConfig) {
    let device = Backend::default().device();
    let model = config.init(&device);
    let src = [4i64, 5, 6, 7, EOS as i64];
    let ids =
        || Tensor::<2, Int>::from_data(TensorData::new(src.to_vec(), [1, src.len()]), &device);
    let mut cached = DecoderState::new(&model, ids(), DecodeMode::Cached);
    let mut full = DecoderState::new(&model, ids(), DecodeMode::Recompute);
    let shape = DecoderShape {
        d_model: config.d_model,
        d_ff: config.d_ff,
        n_layers: config.n_decoder_layers,
        src_len: src.len(),
        vocab: config.tgt_vocab_size,
    };
    for t in 1..=8 {
        let (a, b) = (cached.step(), full.step());
        let (la, lb) = (floats(a.logits.clone()), floats(b.logits.clone()));
        let worst = la
            .iter()
            .zip(&lb)
            .map(|(x, y)| (x - y).abs())
            .fold(0.0f32, f32::max);
        assert!(worst < 1e-5, "step {t}: logits differ by {worst}");
        for (ra, rb) in a.cross_rows.iter().zip(&b.cross_rows) {
            let worst = floats(ra.clone())
                .iter()
                .zip(&floats(rb.clone()))
                .map(|(x, y)| (x - y).abs())
                .fold(0.0f32, f32::max);
            assert!(
                worst < 1e-5,
                "step {t}: cross-attention rows differ by {worst}"
            );
        }
        assert_eq!(
            a.multiply_adds,
            step_multiply_adds(shape, t, true),
            "cached step {t}"
        );
        assert_eq!(
            b.multiply_adds,
            step_multiply_adds(shape, t, false),
            "recomputed step {t}"
        );
        let (token, other) = (next_tokens(a.logits)[0], next_tokens(b.logits)[0]);
        assert_eq!(token, other, "step {t}: the modes chose different tokens");
        cached.push(&[token]);
        full.push(&[token]);
    }
}

#[test]
fn the_kv_cache_gives_the_same_tokens_logits_and_counted_costs_post_norm() {
    cache_agrees_with_recomputation(TransformerConfig::toy(10, 12).with_n_decoder_layers(3));
}

#[test]
fn the_kv_cache_gives_the_same_tokens_logits_and_counted_costs_pre_norm() {
    cache_agrees_with_recomputation(
        TransformerConfig::toy(10, 12).with_norm(crate::NormPlacement::Pre),
    );
}

#[test]
fn the_last_row_of_a_teacher_forced_pass_is_the_decoding_step() {
    // The cached step must be the model's own forward pass, not a look-alike.
    let device = Backend::default().device();
    let model = TransformerConfig::toy(10, 10).init(&device);
    let decoded = greedy_decode(&model, &[4, 5, EOS], 4, 1);
    let t = decoded.steps.len();
    let tgt_in: Vec<i64> = std::iter::once(BOS as i64)
        .chain(decoded.tokens[..t - 1].iter().map(|&x| x as i64))
        .collect();
    let out = model.forward(
        Tensor::from_data(TensorData::new(vec![4i64, 5, EOS as i64], [1, 3]), &device),
        Tensor::from_data(TensorData::new(tgt_in, [1, t]), &device),
    );
    let forced = floats(out.attention.cross[0].weights.clone().narrow(2, t - 1, 1));
    let stepped = floats(decoded.steps[t - 1].cross_rows[0].clone());
    let worst = forced
        .iter()
        .zip(&stepped)
        .map(|(x, y)| (x - y).abs())
        .fold(0.0f32, f32::max);
    assert!(worst < 1e-5, "cross rows differ by {worst}");
}

#[test]
fn batch_decoding_agrees_with_single_sentence_decoding() {
    let device = Backend::default().device();
    let model = TransformerConfig::toy(10, 10).init(&device);
    let single = greedy_decode(&model, &[4, 5, EOS], 6, 1);
    let single: Vec<u32> = single
        .tokens
        .into_iter()
        .take_while(|&t| t != EOS)
        .collect();
    let src = Tensor::<2, Int>::from_data(
        TensorData::new(vec![4i64, 5, 2, 0, 7, 8, 9, 2], [2, 4]),
        &device,
    );
    let batch = greedy_decode_batch(&model, src, 6);
    assert_eq!(batch[0], single, "padding must not change the decode");
}

#[test]
fn sampling_at_a_temperature_near_zero_is_greedy() {
    let device = Backend::default().device();
    let model = TransformerConfig::toy(12, 12).init(&device);
    for (src, seed) in [(&[4u32, 9, 6, EOS][..], 1), (&[5, 5, 7, 8, EOS], 99)] {
        let greedy = greedy_decode(&model, src, 10, 1);
        let cold = Sampling {
            temperature: 1e-4,
            seed,
            ..Sampling::default()
        };
        let sampled = sample_decode(&model, src, 10, 1, &cold, DecodeMode::Cached);
        assert_eq!(sampled.tokens, greedy.tokens, "source {src:?}");
        assert!(sampled.steps.iter().all(|s| s.kept.is_some()));
    }
}

#[test]
fn a_seeded_sample_is_reproducible_and_seeds_differ() {
    let device = Backend::default().device();
    let model = TransformerConfig::toy(12, 12).init(&device);
    let src = [4u32, 9, 6, 7, EOS];
    let hot = |seed| {
        let s = Sampling {
            temperature: 2.0,
            seed,
            ..Sampling::default()
        };
        sample_decode(&model, &src, 12, 3, &s, DecodeMode::Cached).tokens
    };
    assert_eq!(hot(7), hot(7), "the same seed, the same translation");
    let distinct: std::collections::HashSet<Vec<u32>> = (0..8).map(hot).collect();
    assert!(distinct.len() > 1, "eight seeds all drew {distinct:?}");
    // Without the cache, the same draws give the same tokens.
    let s = Sampling {
        temperature: 2.0,
        seed: 7,
        ..Sampling::default()
    };
    let full = sample_decode(&model, &src, 12, 3, &s, DecodeMode::Recompute);
    assert_eq!(full.tokens, hot(7));
}

#[test]
fn top_k_one_samples_the_argmax_and_a_forced_path_reports_its_steps() {
    let device = Backend::default().device();
    let model = TransformerConfig::toy(12, 12).init(&device);
    let src = [4u32, 9, 6, EOS];
    let greedy = greedy_decode(&model, &src, 10, 3);
    let one = Sampling {
        temperature: 3.0,
        top_k: 1,
        ..Sampling::default()
    };
    let sampled = sample_decode(&model, &src, 10, 3, &one, DecodeMode::Cached);
    assert_eq!(sampled.tokens, greedy.tokens);
    assert!(sampled.steps.iter().all(|s| s.kept == Some(1)));
    let forced = forced_decode(&model, &src, &greedy.tokens, 3, DecodeMode::Cached);
    assert_eq!(forced.tokens, greedy.tokens);
    for (a, b) in forced.steps.iter().zip(&greedy.steps) {
        assert_eq!(a.top_k[0].0, b.top_k[0].0);
        assert!((a.top_k[0].1 - b.top_k[0].1).abs() < 1e-6);
    }
}
