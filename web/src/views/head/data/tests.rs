use super::*;

/// A 2-query, 3-key, d_k = 2 head with a causal mask on the last key of query 0.
fn trace() -> HeadTrace {
    let q = vec![1.0, 0.0, 0.5, 0.5];
    let k = vec![1.0, 1.0, 0.0, 2.0, 2.0, 0.0];
    let dots = vec![1.0, 0.0, 2.0, 1.0, 1.0, 1.0];
    let scores: Vec<f32> = dots.iter().map(|d| d / 2f32.sqrt()).collect();
    let mask = vec![false, false, true, false, false, false];
    // The weights the worker sends: the model's softmax of each row's scores
    // over its visible keys, worked out by hand (in f64, then rounded), not by
    // `softmax_beta`, so the β = 1 test below compares two computations.
    // Row 0: e^0.7071 : e^0 over two keys; row 1: three equal scores.
    let third = 1.0 / 3.0;
    let weights = vec![0.669_761_5, 0.330_238_5, 0.0, third, third, third];
    HeadTrace {
        query_tokens: vec!["<bos>".into(), "a".into()],
        query_predicts: vec!["a".into(), "<eos>".into()],
        key_tokens: vec!["x".into(), "y".into(), "z".into()],
        seq_q: 2,
        seq_k: 3,
        d_k: 2,
        q,
        k,
        v: vec![1.0, 0.0, 0.0, 1.0, 1.0, 1.0],
        dots,
        scores,
        mask,
        weights,
        ..Default::default()
    }
}

#[test]
fn hovering_a_scaled_score_shows_the_division_with_its_numbers() {
    let s = key_stages(Locale::En, &trace(), 0);
    assert_eq!(s.scaled[0].formula, "1.00 / √2 = 0.71");
    assert_eq!(
        s.dots[2].formula,
        "q · k₂ = 1.00×2.00 + 0.00×0.00 + … (2 terms) = 2.00"
    );
}

#[test]
fn hover_formulas_speak_the_pages_language_and_keep_the_numbers() {
    for locale in Locale::ALL {
        let s = key_stages(locale, &trace(), 0);
        let dot = &s.dots[2].formula;
        assert!(
            dot.starts_with("q · k₂ = 1.00×2.00 + 0.00×0.00 + …") && dot.ends_with("= 2.00"),
            "{locale:?}: {dot}"
        );
        assert!(s.masked[1].formula.contains("0.00"), "{locale:?}");
        assert!(s.masked[2].formula.contains("k₂"), "{locale:?}");
        let q = &query_cells(locale, &trace(), 1)[1].formula;
        assert!(
            q.starts_with("q[1] = ") && q.ends_with("= 0.5000"),
            "{locale:?}: {q}"
        );
    }
    let ja = key_stages(Locale::Ja, &trace(), 0);
    assert_ne!(
        ja.masked[2].formula,
        key_stages(Locale::En, &trace(), 0).masked[2].formula,
        "the words are translated"
    );
}

#[test]
fn hidden_keys_show_minus_infinity_and_weigh_nothing() {
    let s = key_stages(Locale::En, &trace(), 0);
    assert_eq!(s.masked[2].text(), "−∞");
    assert_eq!(s.weights[2].value, Some(0.0));
    assert_eq!(what_if_weights(&trace(), 0, 1.0)[2].value, Some(0.0));
}

#[test]
fn beta_one_is_the_models_own_softmax() {
    let tr = trace();
    for i in 0..2 {
        let s = key_stages(Locale::En, &tr, i);
        for (a, b) in what_if_weights(&tr, i, 1.0).iter().zip(&s.weights) {
            assert!((a.value.expect("weight") - b.value.expect("weight")).abs() < 1e-6);
        }
    }
}

#[test]
fn the_stages_come_in_the_order_the_head_computes_them() {
    assert_eq!(Stage::ORDER.len(), STAGES);
    for (i, stage) in Stage::ORDER.into_iter().enumerate() {
        assert_eq!(stage.index(), i);
        assert!(stage.shown(usize::MAX), "the normal page shows every stage");
        assert!(stage.shown(i + 1) && !stage.shown(i));
    }
    assert_eq!(Stage::Query.index(), 0);
    assert_eq!(Stage::WhatIf.index(), STAGES - 1, "the what-if comes last");
    assert_eq!(Stage::Scale.title(Locale::En), "④ ÷ √d_k (scaling)");
    for locale in Locale::ALL {
        assert!(Stage::Concat.title(locale).starts_with("⑧ "));
    }
}

#[test]
fn keys_are_named_by_their_position_from_zero() {
    assert_eq!(key_name(0), "k₀");
    assert_eq!(subscript(120), "₁₂₀");
    assert_eq!(
        row_cells('v', 2, &[0.5, -1.0])[1].formula,
        "v₂[1] = -1.0000"
    );
    assert_eq!(
        context_cells("head 1", &[0.25])[0].formula,
        "head 1[0] = Σⱼ wⱼ·vⱼ[0] = 0.25"
    );
}

#[test]
fn context_is_the_weighted_sum_of_value_rows() {
    let tr = trace();
    // Weights (0.5, 0, 0.5) over v rows (1,0), (0,1), (1,1).
    assert_eq!(weighted_values(&tr, &[0.5, 0.0, 0.5]), vec![1.0, 0.5]);
}

#[test]
fn uniform_attention_has_the_most_entropy() {
    let tr = trace();
    let e = row_entropies(&tr, 0.0);
    assert!(
        (e[0] - 1.0).abs() < 1e-5,
        "two visible keys: 1 bit, got {}",
        e[0]
    );
    assert!((e[1] - 3f32.log2()).abs() < 1e-5);
    let hard = row_entropies(&tr, f32::INFINITY);
    assert!(
        hard[0].abs() < 1e-6,
        "hard attention on one key: 0 bits, got {}",
        hard[0]
    );
    assert!(
        (hard[1] - 3f32.log2()).abs() < 1e-5,
        "a three-way tie stays split"
    );
}

#[test]
fn the_slider_value_is_beta_and_its_right_end_is_hard_attention() {
    assert_eq!(beta_from_slider(0.0), 0.0);
    assert_eq!(beta_from_slider(1.0), 1.0);
    assert_eq!(beta_from_slider(BETA_SLIDER_MAX), f32::INFINITY);
    assert_eq!(fmt_beta(beta_from_slider(BETA_SLIDER_MAX)), "∞");
    let hard = what_if_weights(&trace(), 0, beta_from_slider(BETA_SLIDER_MAX));
    let one_hot: Vec<f32> = hard.iter().map(|c| c.value.expect("weight")).collect();
    assert_eq!(
        one_hot,
        vec![1.0, 0.0, 0.0],
        "the argmax key takes all the weight"
    );
}

#[test]
fn decoder_queries_are_labelled_by_input_and_prediction() {
    assert_eq!(query_label(&trace(), 0, None), "<bos> → a");
    assert_eq!(query_label(&trace(), 5, None), "#5");
    assert_eq!(key_token(&trace(), 1, None), "y");
    assert_eq!(key_token(&trace(), 3, None), "#3");
}

/// `书` (book) respelled `書`, as a 繁體中文 page shows it.
fn traditional() -> Spelling {
    let facts = lab_protocol::TaskFacts {
        tgt_vocab: vec!["书".into()],
        tgt_alt: vec!["書".into()],
        ..Default::default()
    };
    Spelling::of(Locale::ZhHant, &facts).expect("zh-Hant")
}

/// The trace of `kind` on the English `book` and the target `<bos> 书`.
fn traced(kind: AttentionKind) -> HeadTrace {
    let words = |s: &str| s.split(' ').map(str::to_string).collect::<Vec<_>>();
    let (queries, predicts, keys) = match kind {
        AttentionKind::EncoderSelf => ("book <eos>", "", "book <eos>"),
        AttentionKind::DecoderSelf => ("<bos> 书", "书 <eos>", "<bos> 书"),
        AttentionKind::Cross => ("<bos> 书", "书 <eos>", "book <eos>"),
    };
    HeadTrace {
        request: Some(lab_protocol::TraceRequest {
            kind,
            layer: 0,
            head: 0,
            sentence: None,
        }),
        query_tokens: words(queries),
        query_predicts: if predicts.is_empty() {
            Vec::new()
        } else {
            words(predicts)
        },
        key_tokens: words(keys),
        seq_q: 2,
        seq_k: 2,
        ..Default::default()
    }
}

#[test]
fn a_one_hot_query_is_told_apart_and_the_most_spread_one_is_offered() {
    let mut tr = trace();
    // Query 0 sees keys 0 and 1; make it sure of key 0.
    tr.scores[0] = 40.0;
    assert!(is_one_hot(&tr, 0));
    assert!(!is_one_hot(&tr, 1), "query 1's scores are equal: uniform");
    let (i, bits) = most_spread_query(&tr).expect("query 1 is spread");
    assert_eq!(i, 1);
    assert!((bits - 3f32.log2()).abs() < 1e-5);
    tr.scores[3..6].copy_from_slice(&[0.0, 50.0, 0.0]);
    assert_eq!(most_spread_query(&tr), None, "every query is one-hot");
}

#[test]
fn the_heads_own_scaling_divides_the_variance_by_d_k_and_softens_the_weights() {
    let tr = trace();
    let (unscaled, scaled) = own_scaling(&tr);
    // Visible dots: (1, 0) for query 0 (its third key is hidden), (1, 1, 1) for query 1.
    assert!((unscaled.variance - 0.16).abs() < 1e-6, "{unscaled:?}");
    assert!((unscaled.variance / scaled.variance - tr.d_k as f64).abs() < 1e-5);
    // Query 1 is uniform either way; query 0 is softer once scaled.
    assert!(scaled.entropy_bits > unscaled.entropy_bits);
    assert!(scaled.top_weight < unscaled.top_weight);
}

#[test]
fn cross_attention_keys_and_values_are_named_as_projections_of_the_memory() {
    for locale in Locale::ALL {
        let said = |kind: AttentionKind, id: &str| {
            let source = key_source(&traced(kind));
            text_args(locale, id, &[("source", source.into()), ("d_k", 2.into())])
        };
        for id in [
            "head-keys-values-explain",
            "head-k-caption",
            "head-v-caption",
        ] {
            let cross = said(AttentionKind::Cross, id);
            assert!(
                cross.contains("m · W^") && !cross.contains("x · W^"),
                "{locale:?} {id}: {cross}"
            );
            for kind in [AttentionKind::EncoderSelf, AttentionKind::DecoderSelf] {
                let own = said(kind, id);
                assert!(
                    own.contains("x · W^") && !own.contains("m · W^"),
                    "{locale:?} {id}: {own}"
                );
            }
            assert!(cross.contains("+ b^"), "{locale:?} {id}: the bias is shown");
        }
    }
}

#[test]
fn target_tokens_are_respelled_on_the_side_they_sit_and_nowhere_else() {
    let s = traditional();
    let s = Some(&s);
    let masked = traced(AttentionKind::DecoderSelf);
    assert_eq!(query_label(&masked, 1, s), "書 → <eos>");
    assert_eq!(query_label(&masked, 0, s), "<bos> → 書");
    assert_eq!(key_token(&masked, 1, s), "書", "decoder keys are targets");
    let cross = traced(AttentionKind::Cross);
    assert_eq!(query_labels(&cross, s), ["<bos> → 書", "書 → <eos>"]);
    assert_eq!(key_token(&cross, 0, s), "book", "cross keys are the source");
    let encoder = traced(AttentionKind::EncoderSelf);
    assert_eq!(query_labels(&encoder, s), ["book", "<eos>"]);
    assert_eq!(query_label(&masked, 1, None), "书 → <eos>", "no spelling");
    assert_eq!(key_token(&masked, 1, None), "书");
}

#[test]
fn a_trace_without_its_request_respells_only_queries_with_predictions() {
    let s = traditional();
    let mut masked = traced(AttentionKind::DecoderSelf);
    masked.request = None;
    assert_eq!(query_label(&masked, 1, Some(&s)), "書 → <eos>");
    assert_eq!(
        key_token(&masked, 1, Some(&s)),
        "书",
        "its keys' side is unknown"
    );
}
