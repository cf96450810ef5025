use super::*;

fn words(s: &str) -> Vec<String> {
    s.split(' ').map(str::to_string).collect()
}

#[test]
fn english_is_lower_cased_and_trailing_marks_are_words_of_their_own() {
    assert_eq!(
        english_words("Don't go, Tom!?"),
        Some(words("don't go , tom ! ?"))
    );
    assert_eq!(
        english_words("It's 5 o'clock."),
        Some(words("it's 5 o'clock ."))
    );
    assert_eq!(english_words("He said \"no\"."), None);
    assert_eq!(english_words("A: b"), None);
    assert_eq!(english_words("   "), None);
}

#[test]
fn the_english_split_is_what_the_vocabulary_reads_back_from_typed_text() {
    let sentence = "Where is the station, please?";
    let split = english_words(sentence).expect("plain English");
    let vocab = crate::Vocab::new(split.iter().map(String::as_str));
    let typed = vocab.encode(sentence);
    assert!(typed.is_clean(), "{:?}", typed.unknown);
    assert_eq!(typed.words, split);
}

#[test]
fn a_corpus_split_keeps_punctuation_between_words_and_refuses_a_mismatch() {
    assert_eq!(
        split_by_words("老师，您好！", &["老师", "您", "好"]),
        Some(words("老师 ， 您 好 ！"))
    );
    assert_eq!(
        split_by_words("彼は忙しい。", &["彼", "は", "忙しい"]),
        Some(words("彼 は 忙しい 。"))
    );
    assert_eq!(split_by_words("彼は忙しい。", &["彼", "忙しい"]), None);
    assert_eq!(split_by_words("彼は", &["彼", "は", "猫"]), None);
}

#[test]
fn a_corpus_file_reads_back_what_was_written() {
    let corpus = Corpus {
        task: TaskKind::RealEnZh,
        pairs: vec![CorpusPair {
            src: words("hello , teacher !"),
            tgt: words("老师 ， 您 好 ！"),
            tgt_alt: Some(words("老師 ， 您 好 ！")),
        }],
    };
    let text = corpus.to_text(&["source: a test".to_string()]);
    assert_eq!(Corpus::parse(TaskKind::RealEnZh, &text), Ok(corpus));
}

#[test]
fn a_corpus_file_cut_short_on_its_way_is_refused_not_read_as_a_smaller_one() {
    let pair = |s: &str| CorpusPair {
        src: words(s),
        tgt: words("x"),
        tgt_alt: None,
    };
    let corpus = Corpus {
        task: TaskKind::RealEnJa,
        pairs: vec![pair("a"), pair("b"), pair("c")],
    };
    let text = corpus.to_text(&[]);
    assert!(text.contains("# pairs: 3\n"), "{text}");
    // Cut at a line end, as a broken download may be: every line reads.
    let cut = &text[..text.len() - "c\tx\n".len()];
    assert_eq!(
        Corpus::parse(TaskKind::RealEnJa, cut),
        Err(CorpusError::CutShort {
            stated: 3,
            found: 2
        })
    );
    let bad_count = text.replace("# pairs: 3", "# pairs: three");
    assert_eq!(
        Corpus::parse(TaskKind::RealEnJa, &bad_count),
        Err(CorpusError::NotACorpus)
    );
}

#[test]
fn a_sentence_may_start_with_a_hash_after_the_comments() {
    // Found by the `pairs` fuzz target: a pair "#e eats" was read back as a comment.
    let corpus = Corpus {
        task: TaskKind::Custom,
        pairs: vec![
            CorpusPair {
                src: words("# 1 item"),
                tgt: words("#"),
                tgt_alt: None,
            },
            CorpusPair {
                src: words("#e eats"),
                tgt: words("他 吃"),
                tgt_alt: None,
            },
        ],
    };
    let text = corpus.to_text(&[]);
    assert_eq!(Corpus::parse(TaskKind::Custom, &text), Ok(corpus));
}

#[test]
fn a_bad_corpus_file_says_what_is_wrong_and_where() {
    let parse = |text: &str| Corpus::parse(TaskKind::RealEnJa, text);
    assert_eq!(parse("hello\tworld"), Err(CorpusError::NotACorpus));
    let header = format!("{FORMAT_LINE}\n# task: real-en-ja\n");
    assert_eq!(parse(&header), Err(CorpusError::Empty));
    assert_eq!(parse(&format!("{header}\n")), Err(CorpusError::Empty));
    assert_eq!(
        parse(&format!("{FORMAT_LINE}\n\na\tb")),
        Err(CorpusError::NotACorpus),
        "no task named"
    );
    assert_eq!(
        parse(&format!("{header}a\tb")),
        Err(CorpusError::NotACorpus),
        "no blank line"
    );
    let wrong = format!("{FORMAT_LINE}\n# task: real-en-zh\n\na\tb");
    assert!(matches!(parse(&wrong), Err(CorpusError::WrongTask { .. })));
    let bad_lines = [
        ("a b", LineProblem::NoTarget),
        ("a  b\tc", LineProblem::EmptyWord),
        (" a\tb", LineProblem::EmptyWord),
        ("\tb", LineProblem::EmptyWord),
        ("a\tb\tc d", LineProblem::AltMismatch),
        ("a\tb\tc\td", LineProblem::TooManyColumns),
    ];
    for (bad, why) in bad_lines {
        let text = format!("{header}\n{bad}");
        assert_eq!(
            parse(&text),
            Err(CorpusError::BadLine { line: 4, why }),
            "{bad:?}"
        );
    }
    let long = vec!["w"; MAX_WORDS + 1].join(" ");
    let text = format!("{header}\n{long}\tb");
    let too_long = CorpusError::BadLine {
        line: 4,
        why: LineProblem::TooLong,
    };
    assert_eq!(parse(&text), Err(too_long));
    let huge = "x".repeat(MAX_CORPUS_BYTES + 1);
    assert!(matches!(parse(&huge), Err(CorpusError::TooLarge { .. })));
}

#[test]
fn the_shipped_corpora_parse_and_keep_the_rules_they_were_built_by() {
    for task in [TaskKind::RealEnJa, TaskKind::RealEnZh] {
        let corpus = corpus(task).expect("the shipped file parses");
        assert!(corpus.pairs.len() >= 2000, "{task}: {}", corpus.pairs.len());
        let stated = format!("\n# {PAIRS_COMMENT} {}\n", corpus.pairs.len());
        assert!(
            built_in(task).is_some_and(|t| t.contains(&stated)),
            "{task}"
        );
        for pair in &corpus.pairs {
            let sentence = pair.src.join(" ");
            assert_eq!(english_words(&sentence).as_ref(), Some(&pair.src), "{task}");
            assert_eq!(pair.tgt_alt.is_some(), task == TaskKind::RealEnZh, "{task}");
        }
    }
}

#[test]
fn the_readers_words_split_at_spaces_with_punctuation_and_cjk_characters_apart() {
    assert_eq!(split_words("Hello, World!"), words("hello , world !"));
    assert_eq!(split_words("私は学生です。"), words("私 は 学 生 で す 。"));
    assert_eq!(split_words("我爱 NLP 模型"), words("我 爱 nlp 模 型"));
    assert_eq!(split_words("  "), Vec::<String>::new());
}

#[test]
fn the_readers_pairs_are_read_one_per_line_with_duplicates_kept_once() {
    let text = "I eat.\t我吃。\n\nyou eat\t你吃\r\nI eat.\t我吃饭。\nhe eats\t他吃\nshe eats\t她吃\nwe eat\t我们吃\n";
    let pairs = parse_pairs(text).expect("six lines, five pairs");
    assert_eq!(pairs.duplicates, 1);
    assert_eq!(pairs.corpus.pairs.len(), 5);
    assert_eq!(pairs.corpus.pairs[0].src, words("i eat ."));
    assert_eq!(
        pairs.corpus.pairs[0].tgt,
        words("我 吃 。"),
        "the first line wins"
    );
    assert_eq!(pairs.corpus.task, TaskKind::Custom);
}

#[test]
fn the_readers_pairs_are_read_as_an_editor_shows_them_with_a_bom_or_any_line_end() {
    let pairs = [
        "zebra\tシマウマ",
        "i eat\t私 は 食べる",
        "you eat\tあなた は 食べる",
        "he eats\t彼 は 食べる",
        "she eats\t彼女 は 食べる",
    ];
    let expected = parse_pairs(&pairs.join("\n")).expect("LF reads");
    assert_eq!(expected.corpus.pairs[0].src, ["zebra"]);
    for end in ["\r\n", "\r"] {
        let text = format!("\u{feff}{}{end}", pairs.join(end));
        assert_eq!(parse_pairs(&text), Ok(expected.clone()), "{end:?}");
        let bytes = text.into_bytes();
        assert_eq!(parse_pairs_bytes(&bytes), Ok(expected.clone()), "{end:?}");
    }
    // A line count and a line number are an editor's too.
    let cr = "a\tb\rc d\re\tf\rg\th\ri\tj\rk\tl";
    assert_eq!(parse_pairs(cr), Err(PairsError::NoTab { line: 2 }));
}

#[test]
fn bad_pairs_say_what_is_wrong_and_on_which_line() {
    let five = "a\tb\nc\td\ne\tf\ng\th\ni\tj\n";
    assert!(parse_pairs(five).is_ok());
    assert_eq!(parse_pairs(""), Err(PairsError::Empty));
    assert_eq!(parse_pairs("\n \n"), Err(PairsError::Empty));
    assert_eq!(
        parse_pairs("a\tb\nonly one column\n"),
        Err(PairsError::NoTab { line: 2 })
    );
    assert_eq!(
        parse_pairs("a\tb\tc"),
        Err(PairsError::TooManyColumns { line: 1 })
    );
    assert_eq!(parse_pairs("a\t  "), Err(PairsError::EmptySide { line: 1 }));
    assert_eq!(
        parse_pairs("a\tb"),
        Err(PairsError::TooFew {
            pairs: 1,
            min: MIN_PAIRS
        })
    );
    let repeated = "a\tb\n".repeat(9);
    assert_eq!(
        parse_pairs(&repeated),
        Err(PairsError::TooFew {
            pairs: 1,
            min: MIN_PAIRS
        })
    );
    let long = format!("{}\tb", vec!["w"; MAX_WORDS + 1].join(" "));
    assert_eq!(
        parse_pairs(&long),
        Err(PairsError::TooLong {
            line: 1,
            words: MAX_WORDS + 1,
            max: MAX_WORDS
        })
    );
    assert_eq!(parse_pairs("a\0b\tc"), Err(PairsError::NotText));
    assert_eq!(
        parse_pairs_bytes(&[0x61, 0x09, 0xff, 0xfe]),
        Err(PairsError::NotText)
    );
    let big = vec![b'a'; MAX_PAIRS_BYTES + 1];
    assert!(matches!(
        parse_pairs_bytes(&big),
        Err(PairsError::TooLarge { .. })
    ));
    let many = "\n".repeat(MAX_PAIRS_LINES + 1);
    assert!(matches!(
        parse_pairs(&many),
        Err(PairsError::TooManyLines { .. })
    ));
}
