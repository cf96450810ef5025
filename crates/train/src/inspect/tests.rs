use super::*;
use crate::testing::small;
use lab_protocol::Settings;
use lab_tasks::TaskKind;

fn trainer() -> Trainer {
    Trainer::new(&Settings {
        n_layers: 2,
        ..small(TaskKind::EnJa)
    })
    .expect("valid")
}

#[test]
fn probe_maps_are_labelled_and_rows_sum_to_one() {
    let t = trainer();
    let set = t.probe_attention(t.dataset().probe());
    assert_eq!(set.src_tokens.last().map(String::as_str), Some("<eos>"));
    assert_eq!(set.tgt_tokens.first().map(String::as_str), Some("<bos>"));
    assert_eq!(
        (
            set.cross.n_layers,
            set.cross.n_heads,
            set.cross.seq_q,
            set.cross.seq_k
        ),
        (2, 2, set.tgt_tokens.len(), set.src_tokens.len())
    );
    for maps in [&set.encoder_self, &set.decoder_self, &set.cross] {
        for row in maps.weights.chunks(maps.seq_k) {
            assert!((row.iter().sum::<f32>() - 1.0).abs() < 1e-5);
        }
    }
}

#[test]
fn bad_input_is_explained_not_decoded() {
    let t = trainer();
    assert_eq!(t.translate("   ", true).err(), Some(InputError::Empty));
    let long = vec!["dog"; MAX_INPUT_WORDS + 1].join(" ");
    assert!(matches!(
        t.translate(&long, false),
        Err(InputError::TooLong { .. })
    ));
    match t.translate("the dog sees a zebra", true) {
        Err(InputError::Unknown(words)) => {
            assert_eq!((words[0].position, words[0].word.as_str()), (4, "zebra"))
        }
        other => panic!("expected an unknown-word error, got {other:?}"),
    }
    assert!(t.translate("the dog sees a cat", true).is_ok());
}

#[test]
fn each_stacks_first_layer_reads_the_embedding_times_sqrt_d_model_plus_pe() {
    let t = trainer();
    let probe = t.probe(t.dataset().probe(), None);
    let p = &probe.prediction;
    let model = t.inference_model();
    let data = t.dataset();
    // The source as the encoder reads it; the decoder's inputs, `<bos> y₁ … y_m`.
    let src_id = data.src_vocab.encode_words(&data.probe().src).ids[0];
    let stacks = [
        (
            &p.source_input,
            &probe.attention.src_tokens,
            &model.src_embed,
            src_id,
        ),
        (&p.target_input, &p.inputs, &model.tgt_embed, BOS),
    ];
    for (input, tokens, embed, first_id) in stacks {
        let d = input.d_model;
        assert_eq!(d, 16);
        assert_eq!(&input.tokens, tokens);
        assert_eq!(input.sum.len(), input.tokens.len() * d);
        let sqrt_d = (d as f32).sqrt();
        for (i, &e) in input.embedding.iter().enumerate() {
            assert!(
                (input.scaled[i] - e * sqrt_d).abs() < 1e-5,
                "× √d_model at {i}"
            );
            assert!((input.sum[i] - (input.scaled[i] + input.positions[i])).abs() < 1e-5);
        }
        // The positions are the paper's sinusoids: PE(pos, 2i) = sin(pos / 10000^(2i/d)).
        let table = lab_math::sinusoid_table(input.tokens.len(), d, 10_000.0);
        for (a, b) in input.positions.iter().zip(&table) {
            assert!((a - b).abs() < 1e-5);
        }
        // A token's row is its own stack's embedding row for its id.
        let weights = floats(embed.tokens.weight.val());
        assert_eq!(
            &input.embedding[..d],
            &weights[first_id as usize * d..][..d]
        );
    }
    assert_ne!(
        p.source_input.embedding, p.target_input.embedding,
        "two stacks, two embeddings"
    );
}

/// The conventions the Translate view states beside the beam
/// (web/src/views/decode/data.rs, `beam_convention_args`): a finished
/// hypothesis leaves the beam and the beam shrinks by it, at most
/// `MAX_OUTPUT_TOKENS` tokens are generated (one that reaches the cap
/// without `<eos>` is finished there), and |Y| in lp(Y) counts `<eos>`.
#[test]
fn beam_search_keeps_the_conventions_the_page_states() {
    use lab_math::limits::MAX_OUTPUT_TOKENS;
    use lab_math::search::{beam_score, Beam};
    let t = trainer();
    let beam = Beam::default();
    let tr = t
        .translate_by("the dog sees a cat", true, &Strategy::Beam(beam))
        .expect("beam search");
    assert!(!tr.beam.is_empty() && tr.beam.len() <= MAX_OUTPUT_TOKENS);
    let eos = spelling(EOS);
    let mut finished = 0;
    for (i, level) in tr.beam.iter().enumerate() {
        let survivors: Vec<_> = level
            .candidates
            .iter()
            .filter(|c| c.fate.survives())
            .collect();
        assert_eq!(survivors.len(), beam.size - finished, "step {}", i + 1);
        let kept = survivors.iter().filter(|c| c.fate == Fate::Kept).count();
        if let Some(next) = tr.beam.get(i + 1) {
            assert_eq!(next.beam.len(), kept, "the finished left the beam");
        }
        for c in survivors.iter().filter(|c| c.fate == Fate::Finished) {
            let n = c.tokens.len();
            assert!(n <= MAX_OUTPUT_TOKENS);
            if c.tokens.last().map(String::as_str) != Some(eos) {
                assert_eq!(n, MAX_OUTPUT_TOKENS, "only the cap ends without <eos>");
            }
            // |Y| is the token count, <eos> included.
            assert!((c.score - beam_score(c.log_prob, n, beam.alpha)).abs() < 1e-5);
            finished += 1;
        }
    }
    assert_eq!(
        finished, beam.size,
        "the search ends when every slot is finished"
    );
}

#[test]
fn beam_search_and_sampling_come_back_with_their_working() {
    use lab_math::search::{Beam, Sampling};
    let t = trainer();
    let text = "the dog sees a cat";
    let beam = Strategy::Beam(Beam::default());
    let tr = t.translate_by(text, true, &beam).expect("beam search");
    assert_eq!(tr.strategy, beam);
    assert!(!tr.beam.is_empty() && tr.is_finite());
    // The output is the finished hypothesis with the best score, and the path follows it.
    let best = tr
        .beam
        .iter()
        .flat_map(|l| &l.candidates)
        .filter(|c| c.fate == Fate::Finished)
        .max_by(|a, b| a.score.total_cmp(&b.score))
        .expect("a finished hypothesis");
    let path: Vec<&str> = tr.steps.iter().map(|s| s.token.as_str()).collect();
    assert_eq!(
        path,
        best.tokens.iter().map(String::as_str).collect::<Vec<_>>()
    );
    // Step 1 extends <bos> alone; later steps say which rows' caches were copied.
    assert_eq!(tr.beam[0].beam.len(), 1);
    assert!(tr.beam[0].beam[0].tokens.is_empty());
    let sampled = Strategy::Sample(Sampling::default());
    let tr = t.translate_by(text, false, &sampled).expect("sampling");
    assert!(tr.beam.is_empty() && tr.steps.iter().all(|s| s.kept.is_some()));
    let refused = t.translate_by(
        text,
        true,
        &Strategy::Beam(Beam {
            size: 0,
            alpha: 0.6,
        }),
    );
    assert!(matches!(refused, Err(TranslateError::Strategy(_))));
    let empty = t.translate_by(" ", true, &Strategy::Greedy);
    assert_eq!(empty.err(), Some(TranslateError::Input(InputError::Empty)));
}

/// A small untrained model of a real task, which reads an unknown word as `<unk>`.
pub(crate) fn real_en_ja() -> Trainer {
    Trainer::new(&small(TaskKind::RealEnJa)).expect("the corpus is built into native programs")
}

#[test]
fn an_unknown_word_is_shown_as_typed_but_read_as_unk() {
    let t = real_en_ja();
    let vocab = &t.dataset().src_vocab;
    for word in ["the", "is", "big", "."] {
        assert!(vocab.id(word).is_some(), "{word} is a known word");
    }
    let a = t
        .translate("the zyzzyva is big .", true)
        .expect("a real task translates unknown words");
    assert_eq!(
        a.attention.src_tokens,
        ["the", "<unk>:zyzzyva", "is", "big", ".", "<eos>"]
    );
    assert_eq!(a.source, ["the", "zyzzyva", "is", "big", "."]);
    // Another invented word in the same place: the model reads the same
    // ids, so everything but the label is the same.
    let b = t
        .translate("the quuxlet is big .", true)
        .expect("a real task translates unknown words");
    assert_eq!(b.attention.src_tokens[1], "<unk>:quuxlet");
    assert_eq!(a.output, b.output);
    assert_eq!(a.attention.tgt_tokens, b.attention.tgt_tokens);
    assert_eq!(a.attention.tgt_outputs, b.attention.tgt_outputs);
    assert_eq!(a.attention.cross, b.attention.cross);
    assert_eq!(a.attention.encoder_self, b.attention.encoder_self);
    let picks =
        |tr: &Translation| -> Vec<String> { tr.steps.iter().map(|s| s.token.clone()).collect() };
    assert_eq!(picks(&a), picks(&b));
    // Teacher-forced on the typed words, the labels are the same as decoding's.
    let forced = t.teacher_forced(
        &t.inference_model(),
        &vocab.encode_words(&a.source),
        &a.output,
        lab_model::Keep::Nothing,
    );
    assert_eq!(t.attention_set(&forced).src_tokens, a.attention.src_tokens);
    let read = t.read_input("the zyzzyva is big .").expect("read");
    assert_eq!(read.ids[1], lab_tasks::UNK, "the model reads <unk>");
    assert_eq!(read.labels()[1], "<unk>:zyzzyva");
}

#[test]
fn mask_demo_hides_the_future_with_exact_zeros() {
    let t = trainer();
    let demo = t.mask_demo(t.dataset().probe(), 1);
    for q in 0..demo.seq_q {
        for k in 0..demo.seq_k {
            let i = q * demo.seq_k + k;
            assert_eq!(demo.masked_scores[i].is_none(), k > q);
            if k > q {
                assert_eq!(demo.weights[i], 0.0);
            } else {
                assert_eq!(demo.masked_scores[i], Some(demo.raw_scores[i]));
            }
        }
    }
}

#[test]
fn decoding_with_and_without_the_cache_agrees_and_costs_what_the_formulas_say() {
    let t = trainer();
    let with = t
        .translate("the big dog sees a small cat", true)
        .expect("known words");
    let without = t
        .translate("the big dog sees a small cat", false)
        .expect("known words");
    assert_eq!(with.output, without.output);
    let s = t.settings();
    for (i, (a, b)) in with.steps.iter().zip(&without.steps).enumerate() {
        assert_eq!(a.token, b.token);
        for ((_, pa), (_, pb)) in a.top_k.iter().zip(&b.top_k) {
            assert!((pa - pb).abs() < 1e-5, "step {i}: {pa} vs {pb}");
        }
        let shape = lab_math::decoding::DecoderShape {
            d_model: s.d_model,
            d_ff: s.d_ff,
            n_layers: s.n_layers,
            src_len: with.attention.src_tokens.len(),
            vocab: with.tgt_vocab_size,
        };
        assert_eq!(
            a.multiply_adds,
            lab_math::decoding::step_multiply_adds(shape, i + 1, true)
        );
        assert_eq!(
            b.multiply_adds,
            lab_math::decoding::step_multiply_adds(shape, i + 1, false)
        );
        assert_eq!((a.cached_positions, b.cached_positions), (i + 1, 0));
        assert_eq!(
            a.self_row.seq_k,
            i + 1,
            "step t's query sees t decoder keys"
        );
    }
}

#[test]
fn stacked_decoding_rows_equal_a_teacher_forced_pass_on_the_output() {
    let t = trainer();
    let tr = t
        .translate("the dog sees a cat", true)
        .expect("known words");
    let words: Vec<String> = tr.output.clone();
    let src = t.dataset().src_vocab.encode_words(&tr.source);
    let forced = t.teacher_forced(&t.inference_model(), &src, &words, lab_model::Keep::Nothing);
    let set = t.attention_set(&forced);
    // The decode may stop at max_len without <eos>; compare the rows it made.
    let n = tr.attention.tgt_tokens.len();
    assert_eq!(&set.tgt_tokens[..n], &tr.attention.tgt_tokens[..]);
    for (a, b) in [
        (&tr.attention.cross, &set.cross),
        (&tr.attention.decoder_self, &set.decoder_self),
    ] {
        for l in 0..a.n_layers {
            for h in 0..a.n_heads {
                let (x, y) = (a.head(l, h), b.head(l, h));
                for q in 0..n {
                    for k in 0..a.seq_k {
                        assert!(
                            (x[q * a.seq_k + k] - y[q * b.seq_k + k]).abs() < 1e-5,
                            "layer {l} head {h} row {q} key {k}"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn decoder_rows_are_labelled_by_what_they_predict_as_the_alignment_metric_scores_them() {
    let t = trainer();
    let probe = t.dataset().probe().clone();
    let set = t.probe_attention(&probe);
    let labels = set.query_labels(lab_protocol::AttentionKind::Cross);
    // Row j reads tgt_in[j] and is scored (evaluate::alignment_hits) against target word j.
    for (j, word) in probe.tgt.iter().enumerate() {
        assert_eq!(labels[j], format!("{} → {}", set.tgt_tokens[j], word));
    }
    assert_eq!(
        labels.last().map(String::as_str),
        Some(format!("{} → <eos>", probe.tgt.last().expect("non-empty")).as_str())
    );
}

#[test]
fn the_worker_tells_the_held_out_sentences_of_its_own_seed() {
    for seed in [42, 7] {
        let t = Trainer::new(&Settings {
            seed,
            ..small(TaskKind::EnJa)
        })
        .expect("valid");
        let facts = t.task_facts();
        assert_eq!(facts.probe(), Some(t.dataset().probe()));
        for pair in &facts.heldout {
            assert!(
                !t.dataset().train.iter().any(|p| p.src == pair.src),
                "seed {seed}: {:?} is a training sentence",
                pair.src
            );
        }
        assert_eq!(facts.max_input_words, MAX_INPUT_WORDS);
    }
}
