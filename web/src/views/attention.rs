//! View 2: every layer × head of the three attention kinds, on the probe
//! sentence, updating live while the model trains.

use crate::components::controls::{KindPicker, Toggle};
use crate::components::heatmap::HeatData;
use crate::context::i18n::use_i18n;
use crate::context::state::use_lab;
use crate::i18n::script::{respell, target_lang, Spelling};
use lab_plot::colormap::ColorMap;
use lab_protocol::attention::decoder_row_labels;
use lab_protocol::{AttentionKind, AttentionSet};
use leptos::prelude::*;

mod grid;

pub use grid::AttentionGrid;

/// The message that says what rows and columns are, in words, for each kind.
pub fn axes_caption(kind: AttentionKind) -> &'static str {
    match kind {
        AttentionKind::EncoderSelf => "attention-axes-encoder-self",
        AttentionKind::DecoderSelf => "attention-axes-decoder-self",
        AttentionKind::Cross => "attention-axes-cross",
    }
}

/// The probe's target tokens as the caption writes them: respelled by
/// `spelling` (Traditional Chinese), then joined.
pub fn probe_target(set: &AttentionSet, spelling: Option<&Spelling>) -> String {
    respell(spelling, &set.tgt_tokens).join(" ")
}

/// Labels for `n` positions: the tokens, padded with their index if too few.
fn labels(tokens: &[String], n: usize) -> Vec<String> {
    (0..n)
        .map(|i| tokens.get(i).cloned().unwrap_or_else(|| format!("#{i}")))
        .collect()
}

/// One map (a head, or the head average when `head` is `None`) as heatmap
/// data; target-side labels respelled by `spelling` (Traditional Chinese).
pub fn map_data(
    set: &AttentionSet,
    kind: AttentionKind,
    (layer, head): (usize, Option<usize>),
    spelling: Option<&Spelling>,
) -> HeatData {
    let maps = set.maps(kind);
    if layer >= maps.n_layers
        || head.is_some_and(|h| h >= maps.n_heads)
        || maps.weights.len() != maps.n_layers * maps.n_heads * maps.seq_q * maps.seq_k
    {
        return HeatData::default();
    }
    let values = match head {
        Some(h) => maps.head(layer, h).to_vec(),
        None => maps.head_average(layer),
    };
    // Queries are target tokens but in the encoder ("input → prediction",
    // each respelled before they are joined); keys only in the decoder's
    // self-attention.
    let rows = match (kind, spelling) {
        (AttentionKind::EncoderSelf, _) | (_, None) => set.query_labels(kind),
        (_, Some(s)) => decoder_row_labels(&s.words(&set.tgt_tokens), &s.words(&set.tgt_outputs)),
    };
    let (_, cols) = set.axes(kind);
    let cols = match kind {
        AttentionKind::DecoderSelf => respell(spelling, cols),
        _ => cols.to_vec(),
    };
    let hidden = (kind == AttentionKind::DecoderSelf && maps.seq_q == maps.seq_k)
        .then(|| lab_math::subsequent_mask(maps.seq_q));
    HeatData {
        rows: maps.seq_q,
        cols: maps.seq_k,
        values,
        hidden,
        range: (0.0, 1.0),
        map: ColorMap::Viridis,
        row_labels: labels(&rows, maps.seq_q),
        col_labels: labels(&cols, maps.seq_k),
    }
}

#[component]
pub fn AttentionView() -> impl IntoView {
    let lab = use_lab();
    let i18n = use_i18n();
    // Shared with the deep link (`app::share`), so a link restores the kind.
    let kind = lab.focus_kind;
    let average = RwSignal::new(false);
    let set = Signal::derive(move || lab.attention.get());
    let spelling = lab.spelling;
    let task = Memo::new(move |_| lab.model.with(|m| m.as_ref().map(|m| m.settings.task)));
    // The probe's tokens sit in elements marked with their language; the
    // label around them is the page's.
    let probe = move || {
        spelling.with(|spelling| {
            let spelling = spelling.as_ref();
            let tgt_lang = target_lang(task.get(), spelling);
            lab.attention.with(|a| {
                a.as_ref().map(|a| {
                    let (src, tgt) = (a.src_tokens.join(" "), probe_target(a, spelling));
                    view! {
                        {i18n.s("attention-probe")}
                        " "
                        <span lang="en">{src}</span>
                        "  →  "
                        <span lang=tgt_lang>{tgt}</span>
                    }
                })
            })
        })
    };
    view! {
        <section id=crate::panels::ids::ATTENTION class="view">
            <h2>{i18n.t("attention-title")}</h2>
            <crate::views::architecture::MiniMap panel=crate::panels::ids::ATTENTION />
            <p>{i18n.t("attention-intro")}</p>
            <p class="probe">{probe}</p>
            <div class="controls">
                <KindPicker label="attention-kind" testid="attention-kind" kind />
                <Toggle label="attention-average" testid="attention-average" on=average />
            </div>
            <AttentionGrid set kind=kind average=average testid="attention-grid" />
            <crate::views::practice::Question id=crate::views::practice::QuestionId::CrossArgmax />
            <crate::views::guide::TutorialConventions panel=crate::panels::ids::ATTENTION />
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lab_protocol::HeadMaps;

    /// One layer of two heads of cross-attention, two target rows on three source keys.
    fn cross_set() -> AttentionSet {
        let maps = HeadMaps {
            n_layers: 1,
            n_heads: 2,
            seq_q: 2,
            seq_k: 3,
            weights: vec![0.2, 0.3, 0.5, 1.0, 0.0, 0.0, 0.1, 0.1, 0.8, 0.0, 0.0, 1.0],
        };
        AttentionSet {
            src_tokens: vec!["a".into(), "b".into(), "<eos>".into()],
            tgt_tokens: vec!["<bos>".into(), "x".into()],
            tgt_outputs: vec!["x".into(), "<eos>".into()],
            cross: maps,
            ..Default::default()
        }
    }

    #[test]
    fn cross_maps_have_target_rows_and_source_columns() {
        let set = cross_set();
        let d = map_data(&set, AttentionKind::Cross, (0, Some(1)), None);
        assert_eq!((d.rows, d.cols), (2, 3));
        assert_eq!(
            d.row_labels,
            vec!["<bos> → x", "x → <eos>"],
            "a row is labelled by what it reads and what it predicts"
        );
        assert_eq!(d.col_labels, vec!["a", "b", "<eos>"]);
        assert_eq!(d.at(0, 2), Some(0.8));
        let avg = map_data(&set, AttentionKind::Cross, (0, None), None);
        assert!((avg.at(0, 2).expect("cell") - 0.65).abs() < 1e-6);
        assert_eq!(
            map_data(&set, AttentionKind::Cross, (1, None), None),
            HeatData::default()
        );
    }

    #[test]
    fn the_target_axes_are_respelled_token_by_token_and_the_source_never() {
        let words = |s: &str| s.split(' ').map(str::to_string).collect::<Vec<_>>();
        let spelling = Spelling::traditional("书 书店", "書 書店");
        let mut set = cross_set();
        set.tgt_tokens = words("<bos> 书");
        set.tgt_outputs = words("书 <eos>");
        let cross = map_data(&set, AttentionKind::Cross, (0, None), Some(&spelling));
        assert_eq!(cross.row_labels, ["<bos> → 書", "書 → <eos>"]);
        assert_eq!(cross.col_labels, set.src_tokens, "the source is English");
        let plain = map_data(&set, AttentionKind::Cross, (0, None), None);
        assert_eq!(plain.row_labels, ["<bos> → 书", "书 → <eos>"]);
    }

    #[test]
    fn the_probe_caption_writes_the_target_in_the_pages_script() {
        let words = |s: &str| s.split(' ').map(str::to_string).collect::<Vec<_>>();
        let spelling = Spelling::traditional("书 好", "書 好");
        let mut set = cross_set();
        set.tgt_tokens = words("<bos> 好 书");
        assert_eq!(probe_target(&set, Some(&spelling)), "<bos> 好 書");
        assert_eq!(probe_target(&set, None), "<bos> 好 书");
    }
}
