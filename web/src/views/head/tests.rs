use super::*;

#[test]
fn hovering_a_strip_reads_out_its_dimension_and_value() {
    assert_eq!(
        strip_readout("x (input)", 3, -0.123456),
        "x (input)[3] = -0.1235"
    );
}

#[test]
fn tokens_are_marked_with_the_side_they_come_from() {
    let en_ja = Some(TaskKind::EnJa);
    assert_eq!(token_langs(AttentionKind::Cross, en_ja, None), ("ja", "en"));
    assert_eq!(
        token_langs(AttentionKind::EncoderSelf, en_ja, None),
        ("en", "en")
    );
    assert_eq!(
        token_langs(AttentionKind::DecoderSelf, en_ja, None),
        ("ja", "ja")
    );
    for kind in AttentionKind::ALL {
        assert_eq!(token_langs(kind, Some(TaskKind::Copy), None), ("en", "en"));
    }
}

#[test]
fn respelled_target_tokens_are_marked_traditional_and_the_source_stays_english() {
    let facts = lab_protocol::TaskFacts {
        tgt_vocab: vec!["书".into()],
        tgt_alt: vec!["書".into()],
        ..Default::default()
    };
    let spelling = Spelling::of(crate::i18n::Locale::ZhHant, &facts).expect("zh-Hant");
    let (zh, s) = (Some(TaskKind::RealEnZh), Some(&spelling));
    assert_eq!(token_langs(AttentionKind::Cross, zh, s), ("zh-Hant", "en"));
    assert_eq!(
        token_langs(AttentionKind::DecoderSelf, zh, s),
        ("zh-Hant", "zh-Hant")
    );
    assert_eq!(token_langs(AttentionKind::EncoderSelf, zh, s), ("en", "en"));
    assert_eq!(
        token_langs(AttentionKind::Cross, zh, None),
        ("zh-Hans", "en")
    );
}
