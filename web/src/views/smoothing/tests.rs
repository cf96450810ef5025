use super::*;
use crate::components::paint;
use lab_plot::csv::bar_chart_csv;
use lab_tasks::TaskKind;

fn en_ja() -> ProbePrediction {
    let data = lab_tasks::Dataset::build(TaskKind::EnJa, 42);
    let facts = TaskFacts {
        tgt_vocab: data.tgt_vocab.tokens().to_vec(),
        heldout: vec![data.probe().clone()],
        ..Default::default()
    };
    probe_without_model(&facts)
}

/// A two-position probe over a vocabulary of 5 with a known prediction.
fn with_model() -> ProbePrediction {
    let vocab = ["<pad>", "<bos>", "<eos>", "<unk>", "犬"]
        .map(String::from)
        .to_vec();
    ProbePrediction {
        inputs: vec!["<bos>".into(), "犬".into()],
        targets: vec!["犬".into(), "<eos>".into()],
        target_ids: vec![4, EOS],
        vocab,
        probs: vec![0.01, 0.01, 0.08, 0.1, 0.8, 0.02, 0.03, 0.85, 0.05, 0.05],
        label_smoothing: 0.1,
        ..ProbePrediction::default()
    }
}

#[test]
fn without_a_model_the_probe_is_the_tasks_example_shifted_by_one() {
    let p = en_ja();
    assert_eq!(p.inputs.first().map(String::as_str), Some("<bos>"));
    assert_eq!(p.targets.last().map(String::as_str), Some("<eos>"));
    assert_eq!(p.inputs[1..], p.targets[..p.targets.len() - 1]);
    for (id, word) in p.target_ids.iter().zip(&p.targets) {
        assert_eq!(&p.vocab[*id as usize], word);
    }
    assert!(!has_model(&p));
    assert_eq!(position_label(&p, 0, None), "0: <bos> → 大きい");
}

#[test]
fn the_target_row_is_lab_maths_smoothed_targets() {
    let p = en_ja();
    let q = target_row(&p, 0, 0.1);
    assert_eq!(
        q,
        smoothed_targets(p.target_ids[0] as usize, p.vocab.len(), 0.1, 0)
    );
    let v = p.vocab.len() as f32;
    assert_eq!(q[PAD as usize], 0.0);
    assert!((q[p.target_ids[0] as usize] - 0.9).abs() < 1e-7);
    assert!((q[3] - 0.1 / (v - 2.0)).abs() < 1e-9);
}

#[test]
fn the_floor_for_the_toy_vocabulary_matches_a_hand_computation() {
    let p = en_ja();
    let v = p.vocab.len() as f64;
    let by_hand = -0.9 * 0.9f64.ln() - 0.1 * (0.1 / (v - 2.0)).ln();
    assert!((entropy_nats(&target_row(&p, 2, 0.1)) - by_hand).abs() < 1e-6);
    assert_eq!(entropy_nats(&target_row(&p, 2, 0.0)), 0.0);
}

#[test]
fn the_split_adds_up_to_the_loss_of_the_models_prediction() {
    let p = with_model();
    let s = loss_split(&p, 0, 0.1).expect("the model has run");
    // q = [0, 0.1/3, 0.1/3, 0.1/3, 0.9] against p = [0.01, 0.01, 0.08, 0.1, 0.8].
    let third = 0.1f64 / 3.0;
    let p0 = [0.01f64, 0.08, 0.1].map(f64::ln);
    let loss = -(third * (p0[0] + p0[1] + p0[2]) + 0.9 * 0.8f64.ln());
    assert!((s.loss - loss).abs() < 1e-6, "{} vs {loss}", s.loss);
    assert!((s.floor + s.kl - s.loss).abs() < 1e-9);
    assert!(loss_split(&en_ja(), 0, 0.1).is_none());
}

#[test]
fn the_split_text_shows_the_three_numbers() {
    let split = CrossEntropySplit {
        loss: 0.77,
        floor: 0.758,
        kl: 0.012,
    };
    for locale in Locale::ALL {
        let said = split_text(locale, 0.758, Some(split));
        for number in ["0.770", "0.758", "0.012"] {
            assert!(said.contains(number), "{locale:?}: {said}");
        }
        assert!(split_text(locale, 0.758, None).contains("0.758"));
    }
}

#[test]
fn the_bars_are_q_then_p_over_the_whole_vocabulary() {
    let p = with_model();
    let sets = bar_sets(Locale::En, &p, 1, 0.0);
    assert_eq!(sets.len(), 2);
    assert_eq!(sets[0].values, vec![0.0, 0.0, 1.0, 0.0, 0.0]);
    assert_eq!(
        sets[1].values,
        p.row(1).iter().map(|&x| f64::from(x)).collect::<Vec<_>>()
    );
    assert_eq!(
        bar_sets(Locale::En, &en_ja(), 0, 0.1).len(),
        1,
        "no model yet: the target only"
    );
}

#[test]
fn the_spread_note_gives_the_per_token_share() {
    for locale in Locale::ALL {
        let note = spread_note(locale, 78, 0.1);
        for number in ["0.90", "76", "0.00132"] {
            assert!(note.contains(number), "{locale:?}: {note}");
        }
    }
}

#[test]
fn a_tiny_share_is_written_in_e_notation_not_as_a_row_of_zeros() {
    // A vocabulary of 2002: ε / 2000 = 0.00005, which five decimals print
    // as "0.00005", one significant digit.
    for locale in Locale::ALL {
        let note = spread_note(locale, 2002, 0.1);
        assert!(
            note.contains("5.00e-5") && !note.contains("0.00005"),
            "{note}"
        );
    }
}

#[test]
fn the_csv_holds_one_row_per_token_with_q_and_p() {
    let p = with_model();
    let csv = with_chart(
        Locale::Ja,
        &p,
        (0, 0.1, true),
        (Bars::Every, None),
        bar_chart_csv,
    );
    let rows = csv.rows();
    assert_eq!(rows.len(), 1 + p.vocab.len());
    let q = target_row(&p, 0, 0.1);
    for (k, row) in rows[1..].iter().enumerate() {
        assert_eq!(row[0], lab_plot::csv::Cell::text(p.vocab[k].clone()));
        assert_eq!(row[1], lab_plot::csv::Cell::from(f64::from(q[k])));
        assert_eq!(row[2], lab_plot::csv::Cell::from(f64::from(p.row(0)[k])));
    }
}

#[test]
fn a_large_vocabulary_shows_the_target_pad_and_the_likeliest_then_the_rest_as_one_bar() {
    let vocab = 100;
    let mut probs = vec![0.001f32; vocab];
    probs[7] = 0.5;
    probs[9] = 0.2;
    let p = ProbePrediction {
        inputs: vec!["<bos>".into()],
        targets: vec!["w9".into()],
        target_ids: vec![9],
        vocab: (0..vocab).map(|k| format!("w{k}")).collect(),
        probs,
        label_smoothing: 0.1,
        ..ProbePrediction::default()
    };
    let shown = shown_tokens(&p, 0, MAX_BARS).expect("100 tokens are folded");
    assert_eq!(shown.len(), MAX_BARS - 1, "and one bar for the rest");
    assert_eq!(
        &shown[..3],
        &[9, PAD as usize, 7],
        "target, <pad>, then the likeliest"
    );
    let q: Vec<f64> = target_row(&p, 0, 0.1).into_iter().map(f64::from).collect();
    let folded = fold_rest(&q, &shown);
    assert_eq!(folded.len(), MAX_BARS);
    assert!(
        (folded.iter().sum::<f64>() - 1.0).abs() < 1e-6,
        "no mass is lost"
    );
    let rest = (vocab - MAX_BARS + 1) as f64 * 0.1 / (vocab - 2) as f64;
    assert!(
        (folded[MAX_BARS - 1] - rest).abs() < 1e-6,
        "the rest is ε/(V−2) per token"
    );
    assert_eq!(
        shown_tokens(&with_model(), 0, MAX_BARS),
        None,
        "a small vocabulary keeps every bar"
    );
}

/// `书` (book) respelled `書`, as a 繁體中文 page shows it.
fn traditional() -> Spelling {
    let facts = TaskFacts {
        tgt_vocab: vec!["书".into()],
        tgt_alt: vec!["書".into()],
        ..Default::default()
    };
    Spelling::of(Locale::ZhHant, &facts).expect("zh-Hant")
}

/// [`with_model`] with `书` for `犬`.
fn book() -> ProbePrediction {
    let swap = |t: &String| {
        if t == "犬" {
            "书".to_string()
        } else {
            t.clone()
        }
    };
    let p = with_model();
    ProbePrediction {
        inputs: p.inputs.iter().map(swap).collect(),
        targets: p.targets.iter().map(swap).collect(),
        vocab: p.vocab.iter().map(swap).collect(),
        ..p
    }
}

#[test]
fn the_position_picker_writes_the_targets_in_the_pages_script() {
    let s = traditional();
    assert_eq!(position_label(&book(), 0, Some(&s)), "0: <bos> → 書");
    assert_eq!(position_label(&book(), 1, Some(&s)), "1: 書 → <eos>");
    assert_eq!(position_label(&book(), 0, None), "0: <bos> → 书");
}

#[test]
fn the_bars_follow_the_charts_width_so_their_labels_keep_apart() {
    assert_eq!(bars_for_width(CHART_SIZE.0), MAX_BARS, "a desktop chart");
    for width in [280, 342, 500, 772] {
        let bars = bars_for_width(width);
        assert!((MIN_BARS..=MAX_BARS).contains(&bars));
        if bars > MIN_BARS {
            assert!(
                bars as u32 * BAR_PX + AROUND_BARS_PX <= width,
                "{width}: {bars}"
            );
        }
    }
    assert!(bars_for_width(342) < bars_for_width(772));
}

#[test]
fn every_chart_names_its_bars_in_the_pages_script() {
    let s = traditional();
    let categories = |p: &ProbePrediction, bars, spelling| {
        with_chart(Locale::ZhHant, p, (0, 0.1, false), (bars, spelling), |c| {
            c.categories.clone()
        })
    };
    for bars in [Bars::Every, Bars::AtMost(MAX_BARS)] {
        let shown = categories(&book(), bars, Some(&s));
        assert_eq!(shown, ["<pad>", "<bos>", "<eos>", "<unk>", "書"]);
        assert_eq!(categories(&book(), bars, None)[4], "书");
    }
    // A folded chart: the target `书` is the first bar.
    let mut big = book();
    big.vocab
        .extend((big.vocab.len()..100).map(|k| format!("w{k}")));
    big.probs = Vec::new();
    let folded = categories(&big, Bars::AtMost(MAX_BARS), Some(&s));
    assert_eq!(folded.len(), MAX_BARS);
    assert_eq!(folded[0], "書");
    // On a phone's narrower chart, fewer bars, the rest still one bar.
    let phone = bars_for_width(paint::chart_size(CHART_SIZE, 390.0).0);
    let folded = categories(&big, Bars::AtMost(phone), Some(&s));
    assert_eq!(folded.len(), phone);
    assert!((MIN_BARS..MAX_BARS).contains(&phone), "{phone}");
    assert_eq!(categories(&big, Bars::Every, Some(&s))[4], "書", "the CSV");
}

#[test]
fn the_position_picker_counts_from_0_as_the_map_says_in_every_language() {
    let p = en_ja();
    let last = p.targets.len() - 1;
    assert!(position_label(&p, last, None).starts_with(&format!("{last}: ")));
    // The map's conventions quote the picker's first entry, with "…" for
    // the target word: the label up to its arrow, as the view writes it.
    let first = position_label(&p, 0, None);
    assert!(first.starts_with("0: "), "{first:?}");
    let (head, _) = first.split_once(" → ").expect("input → target");
    let quote = format!("{head} → …");
    for locale in crate::i18n::Locale::ALL {
        let map = crate::guide::map_text(locale);
        assert!(map.contains(&quote), "{locale:?}: the map lacks {quote:?}");
    }
}
