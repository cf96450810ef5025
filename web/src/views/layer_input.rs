//! Inside the positional-encoding view: how a token enters the first layer
//! of a stack (§3.4, §3.5). Its embedding row is multiplied by √d_model and
//! its position's encoding is added; the sum is what layer 1 reads. The
//! numbers are the model's own (`lab_protocol::LayerInput`, sent with the
//! probe): the probe sentence's source for the encoder, and its decoder
//! inputs (the target shifted right) for the decoder.

use crate::components::paint;
use crate::context::i18n::{use_i18n, Arg};
use crate::context::state::use_lab;
use crate::i18n::script::{respell, target_lang, Spelling};
use crate::i18n::{text, text_args, Locale};
use lab_protocol::{LayerInput, Stack};
use lab_tasks::TaskKind;
use leptos::prelude::*;

/// Dimensions shown in the table; the RMS column covers all of them.
pub const SHOWN_DIMS: usize = 8;

/// One token's four vectors over the first dimensions, and each vector's
/// root mean square over all `d_model` dimensions.
#[derive(Clone, Debug, PartialEq)]
pub struct InputRows {
    /// The token's position (0-based), which is also its row.
    pub position: usize,
    /// The dimensions shown, `0..min(SHOWN_DIMS, d_model)`.
    pub dims: usize,
    /// `embedding`, `× √d_model`, `PE`, `sum`: each over the shown dimensions.
    pub rows: [Vec<f32>; 4],
    /// Each row's root mean square over all `d_model` dimensions.
    pub rms: [f32; 4],
}

/// The root mean square of `v`.
fn rms(v: &[f32]) -> f32 {
    if v.is_empty() {
        return 0.0;
    }
    (v.iter().map(|x| x * x).sum::<f32>() / v.len() as f32).sqrt()
}

/// Token `position`'s rows of `input`; `None` when it has no such token.
pub fn input_rows(input: &LayerInput, position: usize) -> Option<InputRows> {
    let d = input.d_model;
    input.tokens.get(position)?;
    let row = |m: &[f32]| m.get(position * d..(position + 1) * d).map(<[f32]>::to_vec);
    let full = [
        row(&input.embedding)?,
        row(&input.scaled)?,
        row(&input.positions)?,
        row(&input.sum)?,
    ];
    let dims = d.min(SHOWN_DIMS);
    Some(InputRows {
        position,
        dims,
        rms: [rms(&full[0]), rms(&full[1]), rms(&full[2]), rms(&full[3])],
        rows: full.map(|r| r[..dims].to_vec()),
    })
}

/// Why × √d_model: the paper gives no reason (§3.4), so the note says so
/// and gives the lab's reading, with this token's RMS of each vector.
pub fn why_scaled(locale: Locale, r: &InputRows) -> String {
    text_args(
        locale,
        "pe-input-why",
        &[
            ("rms_e", Arg::from(format!("{:.3}", r.rms[0]))),
            ("rms_scaled", Arg::from(format!("{:.3}", r.rms[1]))),
            ("rms_pe", Arg::from(format!("{:.3}", r.rms[2]))),
        ],
    )
}

/// The token shown first: position 1, whose encoding is not the all-(0, 1) of position 0.
fn first_choice(input: &LayerInput) -> usize {
    usize::from(input.tokens.len() > 1)
}

/// The names of the table's four rows for `stack`, in order: the embedding,
/// × √d_model, PE, and their sum (the input of the stack's layer 1).
fn row_names(stack: Stack) -> [&'static str; 4] {
    let sum = match stack {
        Stack::Encoder => "pe-input-sum",
        Stack::Decoder => "pe-input-decoder-sum",
    };
    ["pe-input-embedding", "pe-input-scaled", "pe-input-pe", sum]
}

/// The message that says how `stack`'s tokens enter its layer 1.
fn intro(stack: Stack) -> &'static str {
    match stack {
        Stack::Encoder => "pe-input-intro",
        Stack::Decoder => "pe-input-decoder-intro",
    }
}

/// The test id of `stack`'s part of the view; its table's and its picker's
/// add `-table` and `-token`.
pub fn testid(stack: Stack) -> &'static str {
    match stack {
        Stack::Encoder => "pe-input",
        Stack::Decoder => "pe-input-decoder",
    }
}

/// The CSS selector of `stack`'s part of the view: where the figure's
/// embedding boxes lead ([`testid`] inside it, as a test checks).
pub fn selector(stack: Stack) -> &'static str {
    match stack {
        Stack::Encoder => "[data-testid=pe-input]",
        Stack::Decoder => "[data-testid=pe-input-decoder]",
    }
}

/// `stack`'s tokens as the page shows them, and their language: the source
/// as it is; the decoder's inputs, target tokens, respelled as the figure
/// shows them (Traditional characters) in the target's language.
pub fn shown_tokens(
    stack: Stack,
    tokens: &[String],
    spelling: Option<&Spelling>,
    task: Option<TaskKind>,
) -> (Vec<String>, &'static str) {
    match stack {
        Stack::Encoder => (tokens.to_vec(), "en"),
        Stack::Decoder => (respell(spelling, tokens), target_lang(task, spelling)),
    }
}

/// How the probe sentence's source enters encoder layer 1: a token to
/// choose, its four vectors as a table, and why the embedding is scaled.
/// Below it, folded, the same for the decoder's inputs (the figure's Output
/// Embedding box opens it).
#[component]
pub fn LayerInputView() -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <div class="layer-input" data-testid=testid(Stack::Encoder)>
            <h3>{i18n.t("pe-input-heading")}</h3>
            <StackInput stack=Stack::Encoder />
        </div>
        <details class="layer-input" data-testid=testid(Stack::Decoder)>
            <summary>{i18n.t("pe-input-decoder-heading")}</summary>
            <StackInput stack=Stack::Decoder />
        </details>
    }
}

/// One stack's input to its first layer, for the probe sentence.
#[component]
fn StackInput(stack: Stack) -> impl IntoView {
    let lab = use_lab();
    let i18n = use_i18n();
    // The probe's input as the table shows it: the first at once, then it
    // follows training while the table is in sight, and catches up when it
    // comes back into sight.
    let shown_input = RwSignal::new(None::<LayerInput>);
    let root = NodeRef::<leptos::html::Div>::new();
    Effect::new(move |_| {
        let input = lab.prediction.with(|p| {
            p.as_ref()
                .map(|p| p.input(stack).clone())
                .filter(|i| i.d_model > 0)
        });
        match root.get_untracked() {
            Some(root) if shown_input.with_untracked(Option::is_some) => {
                paint::in_sight(&root, move || shown_input.set(input))
            }
            _ => shown_input.set(input),
        }
    });
    paint::watch_from_mount(root);
    let input = move || shown_input.get();
    let chosen = RwSignal::new(None::<usize>);
    let shown = move || {
        let input = input()?;
        let position = chosen.get().unwrap_or_else(|| first_choice(&input));
        let rows = input_rows(&input, position).or_else(|| input_rows(&input, 0))?;
        Some((input, rows))
    };
    let words = move |tokens: &[String]| {
        let task = lab.model.with(|m| m.as_ref().map(|m| m.settings.task));
        lab.spelling
            .with(|spelling| shown_tokens(stack, tokens, spelling.as_ref(), task))
    };
    view! {
        <div node_ref=root>
            {move || match shown() {
                None => view! { <p class="placeholder">{i18n.s("pe-input-waiting")}</p> }.into_any(),
                Some((input, r)) => {
                    let d = input.d_model;
                    let sqrt_d = format!("{:.3}", (d as f32).sqrt());
                    let pe_off = input.positions.iter().all(|&x| x == 0.0);
                    let locale = i18n.locale.get();
                    let (tokens, lang) = words(&input.tokens);
                    // Read here, so that a change of language draws it all again.
                    view! {
                        <p>
                            {i18n
                                .f(
                                    intro(stack),
                                    &[("d", Arg::from(d)), ("sqrt_d", Arg::from(sqrt_d))],
                                )}
                        </p>
                        <TokenChoice stack tokens=tokens.clone() lang position=r.position chosen />
                        <InputTable
                            stack
                            vectors=r.clone()
                            token=tokens.get(r.position).cloned().unwrap_or_default()
                            lang
                            d_model=d
                            locale
                        />
                        {match (pe_off, stack) {
                            (true, _) => {
                                view! { <p class="hint">{i18n.s("pe-input-pe-off")}</p> }.into_any()
                            }
                            (false, Stack::Encoder) => {
                                view! { <p class="hint">{why_scaled(locale, &r)}</p> }.into_any()
                            }
                            (false, Stack::Decoder) => ().into_any(),
                        }}
                    }
                        .into_any()
                }
            }}
        </div>
    }
}

/// The picker of the token whose vectors the table shows.
#[component]
fn TokenChoice(
    /// Whose input: the picker's test id.
    stack: Stack,
    /// The probe sentence's tokens that enter this stack, as the page shows them.
    tokens: Vec<String>,
    /// Their language.
    lang: &'static str,
    /// The position of the token shown.
    position: usize,
    /// The position the reader chose, if any.
    chosen: RwSignal<Option<usize>>,
) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <label>
            {i18n.t("pe-input-token")}" "
            <select
                data-testid=format!("{}-token", testid(stack))
                lang=lang
                on:change=move |ev| chosen.set(event_target_value(&ev).parse().ok())
            >
                {tokens
                    .iter()
                    .enumerate()
                    .map(|(i, t)| {
                        view! {
                            <option value=i.to_string() selected=i == position>
                                {format!("{i}: {t}")}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
        </label>
    }
}

/// One token's four vectors over the first dimensions, one row each, with
/// each vector's RMS over all `d_model` dimensions.
#[component]
fn InputTable(
    /// Whose input: the name of the sum's row and the table's test id.
    stack: Stack,
    /// The token's vectors and their RMS.
    vectors: InputRows,
    /// The token, as the page shows it.
    token: String,
    /// Its language.
    lang: &'static str,
    /// The model width, over which the RMS column is taken.
    d_model: usize,
    /// The page's language (the caller reads it, and draws the table again when it changes).
    locale: Locale,
) -> impl IntoView {
    let r = &vectors;
    let body = row_names(stack)
        .iter()
        .enumerate()
        .map(|(i, id)| {
            view! {
                <tr data-row=i.to_string()>
                    <th scope="row">{text(locale, id)}</th>
                    {r
                        .rows[i]
                        .iter()
                        .map(|v| view! { <td>{format!("{v:.3}")}</td> })
                        .collect_view()}
                    <td class="rms">{format!("{:.3}", r.rms[i])}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <table class="numbers" data-testid=format!("{}-table", testid(stack)) tabindex="0">
            <thead>
                <tr>
                    <th scope="col">
                        <span class="token" lang=lang>
                            {token}
                        </span>
                        " "
                        {text_args(locale, "pe-input-row-head", &[("pos", Arg::from(r.position))])}
                    </th>
                    {(0..r.dims)
                        .map(|k| view! { <th scope="col">{format!("{k}")}</th> })
                        .collect_view()}
                    <th scope="col">
                        {text_args(locale, "pe-input-rms", &[("d", Arg::from(d_model))])}
                    </th>
                </tr>
            </thead>
            <tbody>{body}</tbody>
        </table>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input() -> LayerInput {
        // Two tokens, d_model = 2, √2 ≈ 1.414.
        let embedding = vec![0.1, -0.2, 0.3, 0.4];
        let scaled: Vec<f32> = embedding.iter().map(|e| e * 2f32.sqrt()).collect();
        let positions = lab_math::sinusoid_table(2, 2, 10_000.0);
        let sum = scaled.iter().zip(&positions).map(|(a, b)| a + b).collect();
        LayerInput {
            tokens: vec!["dog".into(), "<eos>".into()],
            d_model: 2,
            embedding,
            scaled,
            positions,
            sum,
        }
    }

    #[test]
    fn a_tokens_rows_are_its_slices_and_the_rms_covers_every_dimension() {
        let r = input_rows(&input(), 1).expect("token 1");
        assert_eq!((r.position, r.dims), (1, 2));
        assert_eq!(r.rows[0], vec![0.3, 0.4]);
        // PE(1) = (sin 1, cos 1).
        assert!(
            (r.rows[2][0] - 1f32.sin()).abs() < 1e-6 && (r.rows[2][1] - 1f32.cos()).abs() < 1e-6
        );
        assert!((r.rms[0] - (0.125f32).sqrt()).abs() < 1e-6);
        // PE rows have RMS 1/√2 at every position: sin² + cos² = 1 per pair.
        assert!((r.rms[2] - 0.5f32.sqrt()).abs() < 1e-6);
        for k in 0..2 {
            assert!((r.rows[3][k] - (r.rows[1][k] + r.rows[2][k])).abs() < 1e-6);
        }
        assert!(input_rows(&input(), 2).is_none());
        assert_eq!(first_choice(&input()), 1);
    }

    #[test]
    fn each_stack_names_its_own_first_layer_and_the_figure_leads_to_its_table() {
        for locale in Locale::ALL {
            let [encoder, decoder] =
                [Stack::Encoder, Stack::Decoder].map(|s| text(locale, row_names(s)[3]));
            assert_ne!(encoder, decoder, "{locale:?}");
        }
        assert_eq!(
            text(Locale::En, row_names(Stack::Decoder)[3]),
            "= input of decoder layer 1"
        );
        assert_eq!(
            text(Locale::En, row_names(Stack::Encoder)[3]),
            "= input of encoder layer 1"
        );
        for stack in [Stack::Encoder, Stack::Decoder] {
            assert_eq!(selector(stack), format!("[data-testid={}]", testid(stack)));
        }
        assert_ne!(testid(Stack::Encoder), testid(Stack::Decoder));
    }

    #[test]
    fn the_decoders_tokens_are_respelled_and_marked_as_the_target_the_sources_are_not() {
        let words = |s: &str| s.split(' ').map(str::to_string).collect::<Vec<_>>();
        let spelling = Spelling::traditional("<bos> 这 书", "<bos> 這 書");
        let zh = Some(TaskKind::RealEnZh);
        let tokens = words("<bos> 这 书");
        assert_eq!(
            shown_tokens(Stack::Decoder, &tokens, Some(&spelling), zh),
            (words("<bos> 這 書"), "zh-Hant")
        );
        assert_eq!(
            shown_tokens(Stack::Decoder, &tokens, None, zh),
            (tokens.clone(), "zh-Hans")
        );
        // The source is English, whatever the page's spelling.
        let source = words("this book");
        assert_eq!(
            shown_tokens(Stack::Encoder, &source, Some(&spelling), zh),
            (source.clone(), "en")
        );
    }

    #[test]
    fn why_scaled_says_the_paper_gives_no_reason_and_shows_the_rms() {
        let r = input_rows(&input(), 1).expect("token 1");
        for locale in Locale::ALL {
            let why = why_scaled(locale, &r);
            assert!(why.contains("§3.4"), "{locale:?}: {why}");
            for v in &r.rms[..3] {
                assert!(why.contains(&format!("{v:.3}")), "{locale:?}: {why}");
            }
        }
        let en = why_scaled(Locale::En, &r);
        assert!(
            en.contains("does not say") && en.contains("One reading"),
            "{en}"
        );
    }
}
