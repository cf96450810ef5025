//! Every question as a student meets it: asked on a run, rendered with the
//! page's own Fluent bundles in all four languages, for every setting that
//! changes the answer (each task, PE on and off, each decoding strategy).

use super::super::{message_ids, Answer, Asked};
use super::*;
use crate::i18n::{text_args, Arg};
use crate::views::practice::data::QUESTIONS;
use lab_math::decoding::{step_multiply_adds, DecoderShape};
use lab_math::search::{Beam, Sampling};
use lab_protocol::{DecodeStep, HeadMaps, TaskFacts, TraceRequest};
use lab_tasks::TaskKind;
use std::collections::BTreeSet;

fn words(s: &str) -> Vec<String> {
    s.split(' ').map(String::from).collect()
}

/// The real English → Chinese probe, in which "the" stands twice.
const SOURCE: &str = "the book is on the table . <eos>";
const TARGET_IN: &str = "<bos> 这 书 在 桌子 上";
const TARGET_OUT: &str = "这 书 在 桌子 上 <eos>";
/// The key every attention question's row weighs most: the second "the".
const HEAVIEST: usize = 4;

/// `[2 layers, 2 heads, seq_q, seq_k]` maps whose layer 1, head 1 row 1 weighs key [`HEAVIEST`] most.
fn maps(seq_q: usize, seq_k: usize) -> HeadMaps {
    let mut weights = vec![0.1; 4 * seq_q * seq_k];
    weights[seq_k + HEAVIEST] = 0.5;
    HeadMaps {
        n_layers: 2,
        n_heads: 2,
        seq_q,
        seq_k,
        weights,
    }
}

fn attention() -> AttentionSet {
    let (src, tgt) = (words(SOURCE).len(), words(TARGET_IN).len());
    AttentionSet {
        src_tokens: words(SOURCE),
        tgt_tokens: words(TARGET_IN),
        tgt_outputs: words(TARGET_OUT),
        encoder_self: maps(src, src),
        decoder_self: maps(tgt, tgt),
        cross: maps(tgt, src),
    }
}

/// One head of `kind` whose query [`HEAVIEST`] scores key [`HEAVIEST`]
/// highest among the keys it sees; in decoder self-attention a later, hidden
/// key scores higher still, and must not be the answer.
fn trace(kind: AttentionKind) -> HeadTrace {
    let decoder = kind == AttentionKind::DecoderSelf;
    let queries = if kind == AttentionKind::EncoderSelf {
        words(SOURCE)
    } else {
        words(TARGET_IN)
    };
    let keys = if decoder {
        words(TARGET_IN)
    } else {
        words(SOURCE)
    };
    let (seq_q, seq_k) = (queries.len(), keys.len());
    let mut scores = vec![];
    let mut mask = vec![];
    for i in 0..seq_q {
        for j in 0..seq_k {
            let hidden = decoder && j > i;
            scores.push(match j {
                HEAVIEST => 3.0,
                _ if hidden => 9.0,
                _ => 0.1 * j as f32,
            });
            mask.push(hidden);
        }
    }
    HeadTrace {
        request: Some(TraceRequest {
            kind,
            layer: 0,
            head: 0,
            sentence: None,
        }),
        query_tokens: queries,
        key_tokens: keys,
        seq_q,
        seq_k,
        scores,
        mask,
        ..HeadTrace::default()
    }
}

/// The decode of the probe; at step 2 beam search and sampling choose a token the model ranks second.
fn translation(strategy: Strategy) -> Translation {
    let steps = words(TARGET_OUT)
        .into_iter()
        .enumerate()
        .map(|(i, token)| {
            let best = if i == 1 && strategy != Strategy::Greedy {
                "是".to_string()
            } else {
                token.clone()
            };
            let mut top_k = vec![(best, 0.5), ("猫".to_string(), 0.2)];
            if !top_k.iter().any(|(t, _)| *t == token) {
                top_k.insert(1, (token.clone(), 0.3));
            }
            DecodeStep {
                token,
                top_k,
                kept: None,
                multiply_adds: 0,
                cached_positions: i + 1,
                self_row: HeadMaps::default(),
                cross_row: HeadMaps::default(),
            }
        })
        .collect();
    Translation {
        source: words(SOURCE),
        output: vec![],
        steps,
        cached: true,
        strategy,
        beam: vec![],
        tgt_vocab_size: 1_872,
        attention: attention(),
    }
}

const STRATEGIES: [Strategy; 3] = [
    Strategy::Greedy,
    Strategy::Beam(Beam {
        size: 4,
        alpha: 0.6,
    }),
    Strategy::Sample(Sampling {
        temperature: 1.0,
        top_k: 0,
        top_p: 1.0,
        seed: 7,
    }),
];

/// A run with everything the questions read, at decoding step 2.
fn run(task: TaskKind, pe: bool, strategy: Strategy, kind: AttentionKind, locale: Locale) -> Run {
    let mut settings = Settings::toy(task);
    settings.positional_encoding = pe;
    let facts = TaskFacts {
        tgt_vocab: words("这 书 在 桌子 上 是"),
        tgt_alt: words("這 書 在 桌子 上 是"),
        ..TaskFacts::default()
    };
    Run {
        settings,
        attention: Some(attention()),
        probe: Some(Probe {
            len: words(TARGET_IN).len(),
            vocab: 1_872,
        }),
        trace: Some(trace(kind)),
        translation: Some(translation(strategy)),
        decode_step: 1,
        focus_query: HEAVIEST,
        spelling: (task == TaskKind::RealEnZh)
            .then(|| Spelling::of(locale, &facts))
            .flatten(),
    }
}

/// Every run the tests ask on, with its locale.
fn every_run() -> Vec<(Run, Locale)> {
    let mut runs = vec![];
    for locale in Locale::ALL {
        for task in TaskKind::ALL {
            for pe in [true, false] {
                for (strategy, kind) in STRATEGIES.into_iter().zip([
                    AttentionKind::EncoderSelf,
                    AttentionKind::DecoderSelf,
                    AttentionKind::Cross,
                ]) {
                    runs.push((run(task, pe, strategy, kind, locale), locale));
                }
            }
        }
    }
    runs
}

fn fluent_args(args: &[(&'static str, String)]) -> Vec<(&'static str, Arg)> {
    args.iter()
        .map(|(k, v)| (*k, Arg::from(v.clone())))
        .collect()
}

/// The prompt as the page shows it.
fn prompt(locale: Locale, id: QuestionId, asked: &Asked) -> String {
    text_args(locale, message_ids(id).0, &fluent_args(&asked.args))
}

/// The reason as the page shows it, after the answer.
fn reason(locale: Locale, id: QuestionId, asked: &Asked) -> String {
    let mut args = fluent_args(&asked.args);
    args.push(("answer", Arg::from(asked.answer.text())));
    text_args(locale, message_ids(id).1, &args)
}

fn ask_ok(id: QuestionId, run: &Run, locale: Locale) -> Asked {
    ask(id, run, locale).unwrap_or_else(|| panic!("{id:?} is asked on a whole run ({locale:?})"))
}

#[test]
fn every_question_renders_whole_with_distinct_options_in_every_language_and_setting() {
    for (run, locale) in every_run() {
        for id in QUESTIONS {
            let asked = ask_ok(id, &run, locale);
            let (prompt, reason) = (prompt(locale, id, &asked), reason(locale, id, &asked));
            let at = format!("{id:?}, {locale:?}, {:?}", run.settings.task);
            // Fluent writes a missing argument or term as `{$x}` / `{-x}`.
            for text in [&prompt, &reason] {
                assert!(!text.contains('{'), "{at}: {text}");
                assert!(!text.starts_with("practice-"), "{at}: no message {text}");
            }
            assert!(
                reason.contains(&asked.answer.text()),
                "{at}: the reason states the answer: {reason}"
            );
            if let Answer::Choice { options, right, .. } = &asked.answer {
                let distinct: BTreeSet<&String> = options.iter().collect();
                assert_eq!(distinct.len(), options.len(), "{at}: {options:?}");
                assert!(*right < options.len(), "{at}");
            }
        }
    }
}

/// The values a selector argument takes; any other argument is compared with a stand-in.
fn values_of(key: &str, value: &str) -> Vec<String> {
    match key {
        "pe" => vec![on_off(true).into(), on_off(false).into()],
        "strategy" => STRATEGIES
            .iter()
            .map(|s| strategy_key(s).to_string())
            .collect(),
        _ => vec![value.to_string(), "⟦stand-in⟧".to_string()],
    }
}

/// Arguments only the reason needs: the prompt leaves them for the student.
const REASON_ONLY: [&str; 3] = ["reprojected", "formula", "base"];

#[test]
fn each_argument_of_a_question_changes_what_it_says() {
    let (run, _) = &every_run()[0];
    for locale in Locale::ALL {
        for id in QUESTIONS {
            let asked = ask_ok(id, run, locale);
            for (key, value) in &asked.args {
                let said: BTreeSet<String> = values_of(key, value)
                    .into_iter()
                    .map(|v| {
                        let mut changed = asked.clone();
                        changed.args.iter_mut().find(|(k, _)| k == key).unwrap().1 = v;
                        if REASON_ONLY.contains(key) {
                            reason(locale, id, &changed)
                        } else {
                            prompt(locale, id, &changed)
                        }
                    })
                    .collect();
                assert_eq!(
                    said.len(),
                    values_of(key, value).len(),
                    "{id:?}, {locale:?}: ${key} does not change what is said: {said:?}"
                );
            }
        }
    }
}

#[test]
fn the_same_vector_answer_follows_the_setting_its_prompt_states() {
    for locale in Locale::ALL {
        let mut said = BTreeSet::new();
        for pe in [true, false] {
            let run = run(
                TaskKind::Copy,
                pe,
                Strategy::Greedy,
                AttentionKind::Cross,
                locale,
            );
            let asked = ask_ok(QuestionId::SameVector, &run, locale);
            let answer = if pe {
                "practice-same-vector-different"
            } else {
                "practice-same-vector-same"
            };
            assert_eq!(
                asked.answer.text(),
                text(locale, answer),
                "{locale:?}, {pe}"
            );
            said.insert(prompt(locale, QuestionId::SameVector, &asked));
        }
        assert_eq!(said.len(), 2, "{locale:?}: PE on and off read alike");
    }
}

/// A change to a run, named.
type Change = (&'static str, fn(&mut Run));

/// The things a student can read off the page that an answer depends on,
/// each changed on its own.
fn changes() -> Vec<Change> {
    vec![
        ("d_model", |r| r.settings.d_model *= 2),
        ("d_ff", |r| r.settings.d_ff *= 2),
        ("layers", |r| r.settings.n_layers += 1),
        ("warm-up", |r| r.settings.warmup_steps *= 2),
        ("smoothing", |r| r.settings.label_smoothing = 0.2),
        ("PE", |r| r.settings.positional_encoding ^= true),
        ("decoding step", |r| r.decode_step += 1),
        ("query", |r| r.focus_query -= 1),
        ("probe length", |r| {
            if let Some(p) = r.probe.as_mut() {
                p.len += 1;
            }
        }),
        ("vocabulary", |r| {
            if let Some(p) = r.probe.as_mut() {
                p.vocab += 100;
            }
            if let Some(tr) = r.translation.as_mut() {
                tr.tgt_vocab_size += 100;
            }
        }),
        ("source length", |r| {
            if let Some(tr) = r.translation.as_mut() {
                tr.attention.src_tokens.insert(0, "a".into());
            }
            if let Some(set) = r.attention.as_mut() {
                set.src_tokens.insert(0, "a".into());
            }
        }),
    ]
}

/// What a student reads before answering: the prompt and the choices, if any.
fn shown(locale: Locale, id: QuestionId, asked: &Asked) -> String {
    let choices = match &asked.answer {
        Answer::Choice { options, .. } => options.join(" | "),
        Answer::Number(_) => String::new(),
    };
    format!("{} {choices}", prompt(locale, id, asked))
}

#[test]
fn a_setting_that_changes_an_answer_changes_the_prompt_that_states_it() {
    let runs = every_run();
    let locale = Locale::En;
    for (run, _) in runs.iter().filter(|(_, l)| *l == locale).take(6) {
        for id in QUESTIONS {
            let before = ask_ok(id, run, locale);
            for (what, change) in changes() {
                let mut changed = run.clone();
                change(&mut changed);
                let Some(after) = ask(id, &changed, locale) else {
                    continue;
                };
                if after.answer != before.answer {
                    assert_ne!(
                        shown(locale, id, &after),
                        shown(locale, id, &before),
                        "{id:?}: a changed {what} changes the answer, but the prompt does not say so"
                    );
                }
            }
        }
    }
}

#[test]
fn the_cache_saves_what_a_hand_count_says_on_a_tiny_decoder() {
    // d = 2, d_ff = 3, one layer, S = 4, V = 5 at step t = 2. Per layer, without
    // the cache: self 4·2·4 + 2·4·2 = 48, cross 2·2·4 + 2·4·4 + 2·2·4·2 = 80,
    // FFN 2·2·2·3 = 24; with it: self 4·4 + 2·2·2 = 24, cross 2·4 + 2·4·2 = 24,
    // FFN 2·2·3 = 12. The final Linear (d·V) is paid by both.
    let shape = DecoderShape {
        d_model: 2,
        d_ff: 3,
        n_layers: 1,
        src_len: 4,
        vocab: 5,
    };
    assert_eq!(
        crate::views::practice::data::cache_saving(shape, 2),
        (48 + 80 + 24) - (24 + 24 + 12)
    );
    // Of which the source's K and V projected again: 2·S·d² = 32.
    assert_eq!(source_projection(shape), 32);
}

/// A question's argument as a number.
fn number(asked: &Asked, key: &str) -> usize {
    let (_, value) = asked.args.iter().find(|(k, _)| *k == key).expect(key);
    value.parse().expect(key)
}

#[test]
fn the_cache_saving_is_the_formula_at_the_sizes_its_prompt_states() {
    let (run, locale) = &every_run()[0];
    let asked = ask_ok(QuestionId::CacheSaving, run, *locale);
    let stated = DecoderShape {
        d_model: number(&asked, "d"),
        d_ff: number(&asked, "dff"),
        n_layers: number(&asked, "layers"),
        src_len: number(&asked, "src"),
        vocab: number(&asked, "vocab"),
    };
    // S counts <eos>, V is the target vocabulary's size.
    assert_eq!(stated.src_len, words(SOURCE).len());
    assert_eq!(stated.vocab, 1_872);
    assert_eq!(
        (stated.d_model, stated.d_ff, stated.n_layers),
        (
            run.settings.d_model,
            run.settings.d_ff,
            run.settings.n_layers
        )
    );
    let t = number(&asked, "step");
    let saving = step_multiply_adds(stated, t, false) - step_multiply_adds(stated, t, true);
    assert_eq!(asked.answer, Answer::Number(saving as f64));
    // The source's K and V, projected again without the cache: part of the saving.
    let reprojected = 2 * stated.n_layers * stated.src_len * stated.d_model * stated.d_model;
    assert_eq!(number(&asked, "reprojected"), reprojected);
    assert!((reprojected as u64) < saving);
}

#[test]
fn a_token_question_names_the_heaviest_key_even_when_its_word_stands_twice() {
    for (run, locale) in every_run() {
        for id in [QuestionId::CrossArgmax, QuestionId::ScoreArgmax] {
            let asked = ask_ok(id, &run, locale);
            let Answer::Choice { options, right, .. } = &asked.answer else {
                panic!("{id:?} is a choice");
            };
            let kind = run
                .trace
                .as_ref()
                .and_then(|t| t.request.as_ref())
                .map(|r| r.kind);
            assert_eq!(
                *right, HEAVIEST,
                "{id:?} {kind:?}: the visible key with the most weight"
            );
            if id == QuestionId::CrossArgmax || kind != Some(AttentionKind::DecoderSelf) {
                let position = HEAVIEST.to_string();
                assert!(
                    options[*right].contains("the") && options[*right].contains(&position),
                    "{id:?}, {locale:?}: {options:?}"
                );
            }
        }
    }
}

#[test]
fn the_next_token_is_the_models_first_choice_whichever_token_was_chosen() {
    for (run, locale) in every_run() {
        let asked = ask_ok(QuestionId::NextToken, &run, locale);
        let step = &run.translation.as_ref().unwrap().steps[run.decode_step];
        let first = respell(run.spelling.as_ref(), &[step.top_k[0].0.clone()]).remove(0);
        assert_eq!(asked.answer.text(), first, "{locale:?}");
        // The prefix the prompt shows is the tokens chosen so far, in the page's spelling.
        let chosen = respell(
            run.spelling.as_ref(),
            &[run.translation.as_ref().unwrap().steps[0].token.clone()],
        );
        assert!(
            prompt(locale, QuestionId::NextToken, &asked).contains(&format!("<bos> {}", chosen[0])),
            "{locale:?}"
        );
    }
}
