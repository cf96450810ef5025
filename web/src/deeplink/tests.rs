use super::*;

fn full() -> DeepLink {
    let mut settings = Settings::toy(TaskKind::Reverse);
    settings.seed = 7;
    settings.n_heads = 8;
    settings.dropout = 0.05;
    settings.lr_factor = 0.5;
    settings.norm = NormPlacement::Pre;
    settings.positional_encoding = false;
    settings.tie_weights = true;
    DeepLink {
        lang: Some(Locale::ZhHant),
        task: Some(TaskKind::Reverse),
        settings: Some(settings),
        start: Some(Start::Scratch),
        view: Some(crate::panels::ids::INSIDE_HEAD.into()),
        kind: Some(AttentionKind::DecoderSelf),
        layer: Some(1),
        head: Some(3),
        query: Some(0),
        text: Some("the big dog & <cat> = 1+1 ?".into()),
        decode: Some(Strategy::Beam(Beam::default())),
        present: true,
        embed: None,
        hide: Hidden::default(),
    }
}

#[test]
fn an_embed_link_names_one_view_and_the_parts_it_hides() {
    let link = DeepLink {
        embed: Some(crate::panels::ids::INSIDE_HEAD.into()),
        hide: Hidden {
            settings: true,
            controls: false,
            questions: true,
        },
        present: false,
        ..full()
    };
    let query = link.to_query();
    assert!(
        query.ends_with("embed=inside-head&hide=settings%2Cquestions"),
        "{query}"
    );
    let (back, problems) = DeepLink::parse(&query);
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(back, link);
    // Every panel can be embedded.
    for panel in crate::panels::PANELS {
        let (link, problems) = DeepLink::parse(&format!("embed={}", panel.id));
        assert!(problems.is_empty());
        assert_eq!(link.embed.as_deref(), Some(panel.id));
    }
    // An embedded view is not presentation mode, which steps through all of them.
    let (link, _) = DeepLink::parse("present=1&embed=pe");
    assert!(!link.present);
    // An unknown view or part is reported; the known parts still apply.
    let (link, problems) = DeepLink::parse("embed=slides&hide=questions,menus");
    assert_eq!(link.embed, None);
    assert!(link.hide.questions && !link.hide.settings && !link.hide.controls);
    let named: Vec<(&str, &str)> = problems
        .iter()
        .map(|p| (p.param.as_str(), p.value.as_str()))
        .collect();
    assert_eq!(named, [("embed", "slides"), ("hide", "menus")]);
    assert_eq!(Hidden::parse(" , ").0, Hidden::default());
}

#[test]
fn a_link_restores_everything_it_holds() {
    let link = full();
    let query = link.to_query();
    let (back, problems) = DeepLink::parse(&format!("?{query}"));
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(back, link);
    // 1-based in the URL, as the page shows them.
    assert!(query.contains("layer=2&head=4&query=1"), "{query}");
    assert!(query.contains("dropout=0.05"), "{query}");
    assert!(query.contains("&pe=0&tie=1"), "{query}");
}

#[test]
fn positional_encoding_is_pe_1_or_pe_0_and_nothing_else() {
    let on = DeepLink::parse("?task=copy&pe=1")
        .0
        .settings
        .expect("valid");
    assert!(on.positional_encoding);
    let off = DeepLink::parse("?task=copy&pe=0")
        .0
        .settings
        .expect("valid");
    assert!(!off.positional_encoding);
    let unsaid = DeepLink::parse("?task=copy").0.settings.expect("valid");
    assert!(unsaid.positional_encoding, "the paper's default");
    let (link, problems) = DeepLink::parse("?task=copy&pe=off");
    assert!(link.settings.is_none());
    assert_eq!(problems[0].param, "pe");
    let tied = DeepLink::parse("?task=copy&tie=1")
        .0
        .settings
        .expect("valid");
    assert!(
        tied.tie_weights && !unsaid.tie_weights,
        "untied unless said"
    );
    assert_eq!(DeepLink::parse("?task=copy&tie=yes").1[0].param, "tie");
}

#[test]
fn a_link_carries_the_decoding_strategy_and_refuses_one_out_of_range() {
    let beam = Strategy::Beam(Beam {
        size: 3,
        alpha: 0.8,
    });
    let sample = Strategy::Sample(Sampling {
        temperature: 0.7,
        top_k: 10,
        top_p: 0.9,
        seed: 42,
    });
    for strategy in [Strategy::Greedy, beam, sample] {
        let link = DeepLink {
            decode: Some(strategy),
            ..DeepLink::default()
        };
        let (back, problems) = DeepLink::parse(&link.to_query());
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(back.decode, Some(strategy));
    }
    let (link, _) = DeepLink::parse("?decode=beam");
    assert_eq!(
        link.decode,
        Some(Strategy::Beam(Beam::default())),
        "the paper's beam"
    );
    for bad in [
        "?decode=beam&beam=99",
        "?decode=beam&alpha=x",
        "?decode=nucleus",
        "?decode=sample&top_p=0",
    ] {
        let (link, problems) = DeepLink::parse(bad);
        assert_eq!(link.decode, None, "{bad}");
        assert!(!problems.is_empty(), "{bad}");
    }
}

#[test]
fn an_empty_link_says_nothing() {
    let (link, problems) = DeepLink::parse("");
    assert_eq!(link, DeepLink::default());
    assert!(problems.is_empty());
}

#[test]
fn unusable_values_are_reported_and_left_out() {
    let (link, problems) = DeepLink::parse(
        "lang=xx&task=en-ja&d_model=abc&view=nowhere&layer=0&head=-1&kind=sideways",
    );
    let params: Vec<&str> = problems.iter().map(|p| p.param.as_str()).collect();
    for p in ["lang", "d_model", "view", "layer", "head", "kind"] {
        assert!(params.contains(&p), "{p} not reported: {params:?}");
    }
    assert_eq!(link.lang, None);
    assert_eq!(link.task, Some(TaskKind::EnJa));
    assert_eq!(
        link.settings, None,
        "unreadable settings are not half-applied"
    );
    assert_eq!(link.view, None);
}

#[test]
fn settings_from_a_link_pass_the_same_validation_as_the_form() {
    // A huge model: validated before anything is allocated.
    let (link, problems) = DeepLink::parse("task=copy&d_model=4096&n_layers=24");
    assert_eq!(link.settings, None);
    let params: Vec<&str> = problems.iter().map(|p| p.param.as_str()).collect();
    assert!(
        params.contains(&"d_model") && params.contains(&"n_layers"),
        "{params:?}"
    );
    // Heads must divide d_model.
    let (link, problems) = DeepLink::parse("task=copy&d_model=64&n_heads=5");
    assert_eq!(link.settings, None);
    assert_eq!(problems[0].param, "n_heads");
}

#[test]
fn an_overlong_text_is_refused() {
    let long = "a".repeat(MAX_LINK_TEXT + 1);
    let (link, problems) = DeepLink::parse(&format!("text={long}"));
    assert_eq!(link.text, None);
    assert_eq!(problems[0].param, "text");
}
