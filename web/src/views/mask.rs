//! View 4: the masks (causal, padding, combined) from `lab_math::masks`, and
//! what a mask does to one head's real scores (`MaskDemo` from the model).

mod figures;

use crate::components::heat_data::Axis;
use crate::components::heatmap::HeatData;
use crate::context::i18n::use_i18n;
use crate::context::state::use_lab;
use crate::i18n::script::{respell, Spelling};
use figures::{CausalAndPadding, CombinedMasks, DemoHeadPicker, DemoPanels, MaskLegend};
use lab_math::tokens::{decoder_input, encoder_input, spelling, BOS, EOS, PAD};
use lab_math::{combined_mask, padding_mask, subsequent_mask};
use lab_plot::colormap::{finite_range, ColorMap};
use lab_protocol::MaskDemo;
use lab_tasks::Pair;
use leptos::prelude::*;

/// Where the visible cells of a mask sit on the viridis scale.
const VISIBLE: f32 = 0.45;

/// A boolean mask as heatmap data: visible cells coloured, hidden ones grey.
pub fn mask_data(
    mask: Vec<bool>,
    rows: usize,
    cols: usize,
    row_labels: Vec<String>,
    col_labels: Vec<String>,
) -> HeatData {
    HeatData {
        rows,
        cols,
        values: vec![VISIBLE; rows * cols],
        hidden: Some(mask),
        range: (0.0, 1.0),
        map: ColorMap::Viridis,
        row_labels,
        col_labels,
    }
}

/// Up to `n` sentences of different lengths, shortest last, for the padding example.
pub fn varied_batch(pairs: &[Pair], n: usize) -> Vec<Pair> {
    let mut picked: Vec<Pair> = Vec::new();
    for p in pairs {
        if picked.len() < n && picked.iter().all(|q| q.src.len() != p.src.len()) {
            picked.push(p.clone());
        }
    }
    picked.sort_by_key(|p| std::cmp::Reverse(p.src.len()));
    picked
}

/// The three panels of a [`MaskDemo`]: raw scores, masked scores, softmax
/// weights. Both axes are the decoder's input, target tokens respelled by
/// `spelling` (Traditional Chinese).
pub fn demo_panels(demo: &MaskDemo, spelling: Option<&Spelling>) -> [HeatData; 3] {
    let (r, c) = (demo.seq_q, demo.seq_k);
    let tokens = respell(spelling, &demo.tokens);
    let labels = |n: usize| {
        (0..n)
            .map(|i| tokens.get(i).cloned().unwrap_or_else(|| format!("#{i}")))
            .collect::<Vec<_>>()
    };
    let range = finite_range(&demo.raw_scores);
    let hidden: Vec<bool> = demo.masked_scores.iter().map(Option::is_none).collect();
    let masked: Vec<f32> = demo
        .masked_scores
        .iter()
        .map(|v| v.unwrap_or(f32::NEG_INFINITY))
        .collect();
    let base = HeatData {
        rows: r,
        cols: c,
        row_labels: labels(r),
        col_labels: labels(c),
        ..HeatData::default()
    };
    [
        HeatData {
            values: demo.raw_scores.clone(),
            range,
            map: ColorMap::Cividis,
            ..base.clone()
        },
        HeatData {
            values: masked,
            hidden: Some(hidden.clone()),
            range,
            map: ColorMap::Cividis,
            ..base.clone()
        },
        HeatData {
            values: demo.weights.clone(),
            hidden: Some(hidden),
            range: (0.0, 1.0),
            map: ColorMap::Viridis,
            ..base
        },
    ]
}

/// The message that titles each panel of [`demo_panels`].
fn demo_title(panel: usize) -> &'static str {
    match panel {
        0 => "mask-demo-raw",
        1 => "mask-demo-masked",
        _ => "mask-demo-weights",
    }
}

/// The encoder's input as tokens: the words, then `<eos>`.
fn with_eos(words: &[String]) -> Vec<String> {
    encoder_input(words, spelling(EOS).to_string())
}

/// The decoder's input as tokens: `<bos>`, then the words.
fn with_bos(words: &[String]) -> Vec<String> {
    decoder_input(words, spelling(BOS).to_string())
}

/// The causal mask on the decoder inputs of one sentence's `target` words
/// (none before there is a sentence), labelled by them, respelled by
/// `spelling`.
pub fn causal_data(target: Option<&[String]>, spelling: Option<&Spelling>) -> HeatData {
    let tokens = target
        .map(|t| respell(spelling, &with_bos(t)))
        .unwrap_or_default();
    let n = tokens.len();
    mask_data(subsequent_mask(n), n, n, tokens.clone(), tokens)
}

/// What the padding mask's rows and columns are: the sentences of the batch,
/// and key positions (not queries and keys, as in the other maps).
pub const PADDING_AXES: (Axis, Axis) = (Axis::Sentence, Axis::KeyPosition);

/// The padding mask of `batch`'s source sentences: one row per sentence
/// (its words, then `<eos>`), one column per key position from 0, up to the
/// longest sentence. A row serves every query that attends to its
/// sentence: the model's mask is `[batch, 1, src_len]`, one row per sentence.
pub fn padding_data(batch: &[Pair]) -> HeatData {
    let lengths: Vec<usize> = batch.iter().map(|p| p.src.len() + 1).collect();
    let max_len = lengths.iter().copied().max().unwrap_or(1);
    let rows = batch.iter().map(|p| with_eos(&p.src).join(" ")).collect();
    mask_data(
        padding_mask(&lengths, max_len),
        batch.len(),
        max_len,
        rows,
        (0..max_len).map(|k| k.to_string()).collect(),
    )
}

/// The combined (padding and causal) mask of sentence `i` of `batch` on the
/// decoder side, padded to the batch's longest target, labelled by its
/// decoder inputs respelled by `spelling`.
pub fn combined_data(batch: &[Pair], i: usize, spelling: Option<&Spelling>) -> HeatData {
    let lengths: Vec<usize> = batch.iter().map(|p| p.tgt.len() + 1).collect();
    let max_len = lengths.iter().copied().max().unwrap_or(1);
    let Some(pair) = batch.get(i) else {
        return HeatData::default();
    };
    let all = combined_mask(&lengths, max_len);
    let size = max_len * max_len;
    let mut tokens = respell(spelling, &with_bos(&pair.tgt));
    // The `spelling` argument hides the function that writes a special token.
    tokens.resize(max_len, lab_math::tokens::spelling(PAD).to_string());
    mask_data(
        all[i * size..(i + 1) * size].to_vec(),
        max_len,
        max_len,
        tokens.clone(),
        tokens,
    )
}

#[component]
pub fn MaskView() -> impl IntoView {
    let lab = use_lab();
    let i18n = use_i18n();
    let batch =
        Memo::new(move |_| varied_batch(&lab.facts().map(|f| f.heldout).unwrap_or_default(), 4));

    view! {
        <section id=crate::panels::ids::MASKS class="view" data-testid="mask-view">
            <h2>{i18n.t("mask-title")}</h2>
            <crate::views::architecture::MiniMap panel=crate::panels::ids::MASKS />
            <p class="convention">
                <b>{i18n.t("mask-convention-label")}" "</b>
                {i18n.t("mask-convention")}
            </p>
            <MaskLegend />
            <CausalAndPadding batch />
            <h3>{i18n.t("mask-combined-heading")}</h3>
            <CombinedMasks batch />
            <h3>{i18n.t("mask-demo-heading")}</h3>
            <DemoHeadPicker />
            <DemoPanels />
            <crate::views::practice::Question id=crate::views::practice::QuestionId::HiddenCells />
            <crate::views::guide::TutorialConventions panel=crate::panels::ids::MASKS />
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_example_batch_has_distinct_lengths() {
        let pairs: Vec<Pair> = ["a b", "c d", "e", "f g h", "i j k l m"]
            .iter()
            .map(|s| Pair::from_text(s, s, vec![]))
            .collect();
        let batch = varied_batch(&pairs, 4);
        let lengths: Vec<usize> = batch.iter().map(|p| p.src.len()).collect();
        assert_eq!(lengths, vec![5, 3, 2, 1]);
    }

    #[test]
    fn the_padding_mask_is_labelled_by_sentence_and_key_position() {
        use crate::components::heat_data::{Measure, Names};
        use crate::i18n::{text, Locale};
        let batch = vec![
            Pair::from_text("a good book", "x", vec![]),
            Pair::from_text("a book", "x", vec![]),
        ];
        let d = padding_data(&batch);
        assert_eq!(d.row_labels, ["a good book <eos>", "a book <eos>"]);
        assert_eq!(d.col_labels, ["0", "1", "2", "3"]);
        assert!(d.is_hidden(1, 3) && !d.is_hidden(1, 2) && !d.is_hidden(0, 3));
        let (rows, cols) = PADDING_AXES;
        for locale in Locale::ALL {
            let names = Names::new(locale, rows, cols, Measure::Mask);
            assert_ne!(names.row_axis, text(locale, "figure-axis-query"));
            assert_ne!(names.col_axis, text(locale, "figure-axis-key"));
            assert_eq!(names.row_axis, text(locale, "figure-axis-sentence"));
        }
        let names = Names::new(Locale::En, rows, cols, Measure::Mask);
        assert_eq!(
            d.cell_text(Locale::En, &names, Measure::Mask, 1, 3),
            "sentence of the batch a book <eos>, key position 3: hidden by the mask (row 2, column 4)"
        );
        assert_eq!(
            HeatData::corner(Locale::En, &names),
            "sentence of the batch ↓ key position →"
        );
    }

    #[test]
    fn demo_panels_hide_exactly_the_masked_cells() {
        let demo = MaskDemo {
            tokens: vec!["<bos>".into(), "a".into()],
            seq_q: 2,
            seq_k: 2,
            raw_scores: vec![1.0, 2.0, 3.0, 4.0],
            masked_scores: vec![Some(1.0), None, Some(3.0), Some(4.0)],
            weights: vec![1.0, 0.0, 0.27, 0.73],
        };
        let [raw, masked, weights] = demo_panels(&demo, None);
        assert!(raw.hidden.is_none());
        assert_eq!(raw.range, (1.0, 4.0));
        assert!(masked.is_hidden(0, 1) && !masked.is_hidden(1, 0));
        assert!(weights.is_hidden(0, 1));
        assert_eq!(weights.range, (0.0, 1.0));
    }

    /// `书` (book) respelled `書`, as a 繁體中文 page shows it.
    fn traditional() -> Spelling {
        let facts = lab_protocol::TaskFacts {
            tgt_vocab: vec!["书".into()],
            tgt_alt: vec!["書".into()],
            ..Default::default()
        };
        Spelling::of(crate::i18n::Locale::ZhHant, &facts).expect("zh-Hant")
    }

    fn words(s: &str) -> Vec<String> {
        s.split(' ').map(str::to_string).collect()
    }

    #[test]
    fn the_decoder_masks_are_labelled_in_the_pages_script() {
        let s = traditional();
        let book = words("好 书");
        let causal = causal_data(Some(&book), Some(&s));
        assert_eq!(causal.row_labels, ["<bos>", "好", "書"]);
        assert_eq!(causal.col_labels, causal.row_labels);
        assert!(causal.is_hidden(0, 1) && !causal.is_hidden(2, 1));
        assert_eq!(
            causal_data(Some(&book), None).row_labels,
            ["<bos>", "好", "书"]
        );
        assert_eq!(causal_data(None, Some(&s)).rows, 0, "no sentence yet");

        let batch = vec![
            Pair::from_text("a good book", "好 书 好", vec![]),
            Pair::from_text("a book", "书", vec![]),
        ];
        let short = combined_data(&batch, 1, Some(&s));
        assert_eq!(short.col_labels, ["<bos>", "書", "<pad>", "<pad>"]);
        assert!(short.is_hidden(0, 2), "padding is hidden");
        assert_eq!(
            combined_data(&batch, 0, None).row_labels,
            ["<bos>", "好", "书", "好"]
        );
        assert_eq!(combined_data(&batch, 2, Some(&s)), HeatData::default());
    }

    #[test]
    fn the_demo_axes_are_the_respelled_decoder_input() {
        let demo = MaskDemo {
            tokens: words("<bos> 书"),
            seq_q: 2,
            seq_k: 2,
            raw_scores: vec![1.0, 2.0, 3.0, 4.0],
            masked_scores: vec![Some(1.0), None, Some(3.0), Some(4.0)],
            weights: vec![1.0, 0.0, 0.27, 0.73],
        };
        let s = traditional();
        for panel in demo_panels(&demo, Some(&s)) {
            assert_eq!(panel.row_labels, ["<bos>", "書"]);
            assert_eq!(panel.col_labels, ["<bos>", "書"]);
        }
        assert_eq!(demo_panels(&demo, None)[0].row_labels, ["<bos>", "书"]);
    }
}
