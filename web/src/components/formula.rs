//! The paper's formulas, typeset as native MathML, each with a one-line caption.
//!
//! Browsers draw `<math display="block">…</math>` themselves (MathML Core), so
//! no JavaScript typesetting library is loaded and the page still works offline.
//!
//! Why strings and `inner_html`, when Leptos's `view!` does know the MathML
//! elements: the formulas are constants written here, never user text, so
//! setting them as markup is safe; as strings, a native test checks every one
//! (balanced tags, MathML Core elements only, one block `<math>` each); and a
//! formula costs one `inner_html` in the wasm rather than a typed builder per
//! `<mi>`, which matters for the page's 1 MB budget.
//!
//! Placed by their views: [`NOAM`] (Noam view), [`SMOOTHED_TARGET`] and
//! [`CROSS_ENTROPY`] (label-smoothing view). The others are here for the views
//! that explain them: [`ATTENTION`], [`SOFTMAX_BETA`], [`MULTI_HEAD`],
//! [`POSITIONAL`] (and [`POSITIONAL_BASE_100`]), [`FFN`], [`POST_NORM`], [`PRE_NORM`].

use crate::context::i18n::{use_i18n, Arg};
use leptos::prelude::*;

/// One formula: MathML markup and what it says in a sentence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Formula {
    /// Short name, used in the `data-testid` (`formula-<id>`).
    pub id: &'static str,
    /// The message id (`formula.ftl`) of the line of plain words under the formula.
    pub caption: &'static str,
    /// A complete `<math display="block">` element.
    pub mathml: &'static str,
}

/// Scaled dot-product attention, §3.2.1, equation (1).
pub const ATTENTION: Formula = Formula {
    id: "attention",
    caption: "formula-attention",
    mathml: concat!(
        r#"<math display="block" alttext="Attention(Q,K,V) = softmax(Q K^T / sqrt(d_k)) V">"#,
        "<mrow><mrow><mi>Attention</mi><mrow><mo>(</mo><mi>Q</mi><mo>,</mo><mi>K</mi><mo>,</mo>",
        "<mi>V</mi><mo>)</mo></mrow></mrow><mo>=</mo><mi>softmax</mi><mrow><mo>(</mo><mfrac>",
        "<mrow><mi>Q</mi><msup><mi>K</mi><mi>T</mi></msup></mrow>",
        "<msqrt><msub><mi>d</mi><mi>k</mi></msub></msqrt></mfrac><mo>)</mo></mrow>",
        "<mi>V</mi></mrow></math>",
    ),
};

/// Softmax with an inverse temperature β over one query's scaled scores `s_j`.
pub const SOFTMAX_BETA: Formula = Formula {
    id: "softmax-beta",
    caption: "formula-softmax-beta",
    mathml: concat!(
        r#"<math display="block" alttext="a_j = exp(beta s_j) / sum_k exp(beta s_k)">"#,
        "<mrow><msub><mi>a</mi><mi>j</mi></msub><mo>=</mo><mfrac>",
        "<mrow><mi>exp</mi><mo>(</mo><mi>β</mi><msub><mi>s</mi><mi>j</mi></msub>",
        "<mo>)</mo></mrow><mrow><munder><mo>∑</mo><mi>k</mi></munder><mi>exp</mi>",
        "<mo>(</mo><mi>β</mi><msub><mi>s</mi><mi>k</mi></msub><mo>)</mo></mrow>",
        "</mfrac></mrow></math>",
    ),
};

/// Multi-head attention, §3.2.2.
pub const MULTI_HEAD: Formula = Formula {
    id: "multi-head",
    caption: "formula-multi-head",
    mathml: concat!(
        r#"<math display="block" alttext="MultiHead(Q,K,V) = Concat(head_1..head_h) W^O, "#,
        r#"head_i = Attention(Q W_i^Q, K W_i^K, V W_i^V)">"#,
        "<mtable><mtr><mtd><mi>MultiHead</mi><mo>(</mo><mi>Q</mi><mo>,</mo><mi>K</mi>",
        "<mo>,</mo><mi>V</mi><mo>)</mo><mo>=</mo><mi>Concat</mi><mo>(</mo>",
        "<msub><mi>head</mi><mn>1</mn></msub><mo>,</mo><mo>…</mo><mo>,</mo>",
        "<msub><mi>head</mi><mi>h</mi></msub><mo>)</mo>",
        "<msup><mi>W</mi><mi>O</mi></msup></mtd></mtr>",
        "<mtr><mtd><msub><mi>head</mi><mi>i</mi></msub><mo>=</mo><mi>Attention</mi>",
        "<mo>(</mo><mi>Q</mi><msubsup><mi>W</mi><mi>i</mi><mi>Q</mi></msubsup><mo>,</mo>",
        "<mi>K</mi><msubsup><mi>W</mi><mi>i</mi><mi>K</mi></msubsup><mo>,</mo>",
        "<mi>V</mi><msubsup><mi>W</mi><mi>i</mi><mi>V</mi></msubsup><mo>)</mo>",
        "</mtd></mtr></mtable></math>",
    ),
};

/// One line of the positional encoding: `PE(pos, dim) = f(pos / base^(2i/d_model))`.
macro_rules! pe_line {
    ($dim:literal, $f:literal, $base:literal) => {
        concat!(
            "<mtr><mtd><mrow><mi>PE</mi><mrow><mo>(</mo><mi>pos</mi><mo>,</mo>",
            $dim,
            "<mo>)</mo></mrow></mrow><mo>=</mo><mi>",
            $f,
            "</mi><mrow><mo>(</mo><mfrac><mi>pos</mi><msup><mn>",
            $base,
            "</mn><mrow><mn>2</mn><mi>i</mi><mo>/</mo><msub><mi>d</mi><mtext>model</mtext>",
            "</msub></mrow></msup></mfrac><mo>)</mo></mrow></mtd></mtr>",
        )
    };
}

/// Sinusoidal positional encoding with the given base (a literal): sines in
/// even dimensions, cosines in odd ones.
macro_rules! positional {
    ($id:literal, $base:literal) => {
        Formula {
            id: $id,
            caption: "formula-positional",
            mathml: concat!(
                r#"<math display="block" alttext="PE(pos,2i) = sin(pos / "#,
                $base,
                r#"^(2i/d_model)), PE(pos,2i+1) = cos(pos / "#,
                $base,
                r#"^(2i/d_model))">"#,
                "<mtable>",
                pe_line!("<mn>2</mn><mi>i</mi>", "sin", $base),
                pe_line!("<mn>2</mn><mi>i</mi><mo>+</mo><mn>1</mn>", "cos", $base),
                "</mtable></math>",
            ),
        }
    };
}

/// Sinusoidal positional encoding, §3.5, with the paper's base 10000.
pub const POSITIONAL: Formula = positional!("positional", "10000");

/// The same with base 100, the PE view's worked-example setting.
pub const POSITIONAL_BASE_100: Formula = positional!("positional-base-100", "100");

/// The positional-encoding formula with `base` in it: the paper's 10000, or
/// the worked example's 100 (the PE view's two choices).
pub fn positional(base: f64) -> Formula {
    if base == lab_math::positional::WORKED_BASE {
        POSITIONAL_BASE_100
    } else {
        POSITIONAL
    }
}

/// The position-wise feed-forward network, §3.3, equation (2).
pub const FFN: Formula = Formula {
    id: "ffn",
    caption: "formula-ffn",
    mathml: concat!(
        r#"<math display="block" alttext="FFN(x) = max(0, x W_1 + b_1) W_2 + b_2">"#,
        "<mrow><mi>FFN</mi><mo>(</mo><mi>x</mi><mo>)</mo><mo>=</mo><mi>max</mi>",
        "<mo>(</mo><mn>0</mn><mo>,</mo><mi>x</mi><msub><mi>W</mi><mn>1</mn></msub>",
        "<mo>+</mo><msub><mi>b</mi><mn>1</mn></msub><mo>)</mo>",
        "<msub><mi>W</mi><mn>2</mn></msub><mo>+</mo><msub><mi>b</mi><mn>2</mn></msub>",
        "</mrow></math>",
    ),
};

/// Residual connection and LayerNorm as in the paper (§3.1): post-norm.
pub const POST_NORM: Formula = Formula {
    id: "post-norm",
    caption: "formula-post-norm",
    mathml: concat!(
        r#"<math display="block" alttext="x ← LayerNorm(x + Sublayer(x))">"#,
        "<mrow><mi>x</mi><mo>←</mo><mi>LayerNorm</mi><mo>(</mo><mi>x</mi><mo>+</mo>",
        "<mi>Sublayer</mi><mo>(</mo><mi>x</mi><mo>)</mo><mo>)</mo></mrow></math>",
    ),
};

/// Residual connection and LayerNorm as in the Annotated Transformer: pre-norm.
pub const PRE_NORM: Formula = Formula {
    id: "pre-norm",
    caption: "formula-pre-norm",
    mathml: concat!(
        r#"<math display="block" alttext="x ← x + Sublayer(LayerNorm(x))">"#,
        "<mrow><mi>x</mi><mo>←</mo><mi>x</mi><mo>+</mo><mi>Sublayer</mi><mo>(</mo>",
        "<mi>LayerNorm</mi><mo>(</mo><mi>x</mi><mo>)</mo><mo>)</mo></mrow></math>",
    ),
};

/// The Noam learning-rate schedule, §5.3, equation (3).
pub const NOAM: Formula = Formula {
    id: "noam",
    caption: "formula-noam",
    mathml: concat!(
        r#"<math display="block" alttext="lrate = factor * d_model^-0.5 * "#,
        r#"min(step^-0.5, step * warmup_steps^-1.5)">"#,
        "<mrow><mi>lrate</mi><mo>=</mo><mi>factor</mi><mo>·</mo>",
        "<msup><msub><mi>d</mi><mtext>model</mtext></msub><mrow><mo>−</mo><mn>0.5</mn>",
        "</mrow></msup><mo>·</mo><mi>min</mi><mo>(</mo><msup><mi>step</mi><mrow>",
        "<mo>−</mo><mn>0.5</mn></mrow></msup><mo>,</mo><mi>step</mi><mo>·</mo>",
        "<msup><mtext>warmup_steps</mtext><mrow><mo>−</mo><mn>1.5</mn></mrow></msup>",
        "<mo>)</mo></mrow></math>",
    ),
};

/// The label-smoothed target distribution, §5.4, as `lab_math::smoothed_targets` builds it.
pub const SMOOTHED_TARGET: Formula = Formula {
    id: "smoothed-target",
    caption: "formula-smoothed-target",
    mathml: concat!(
        r#"<math display="block" alttext="q(k) = 1 - eps if k = y; eps/(V-2) if k is "#,
        r#"neither y nor PAD; 0 if k = PAD">"#,
        // q(k) is a row of its own, so its parentheses keep the height of
        // q and k while the brace stretches over the three cases; the
        // parentheses open a row, so they are prefix fences with no space.
        "<mrow><mrow><mi>q</mi><mrow><mo>(</mo><mi>k</mi><mo>)</mo></mrow></mrow><mo>=</mo><mrow><mo>{</mo><mtable>",
        "<mtr><mtd><mn>1</mn><mo>−</mo><mi>ε</mi></mtd><mtd><mtext>if\u{a0}</mtext>",
        "<mi>k</mi><mo>=</mo><mi>y</mi></mtd></mtr>",
        r#"<mtr><mtd><mfrac displaystyle="true"><mi>ε</mi><mrow><mi>V</mi><mo>−</mo>"#,
        "<mn>2</mn></mrow></mfrac></mtd><mtd><mtext>if\u{a0}</mtext><mi>k</mi><mo>≠</mo>",
        "<mi>y</mi><mo>,</mo><mi>k</mi><mo>≠</mo><mtext>PAD</mtext></mtd></mtr>",
        "<mtr><mtd><mn>0</mn></mtd><mtd><mtext>if\u{a0}</mtext><mi>k</mi><mo>=</mo>",
        "<mtext>PAD</mtext></mtd></mtr></mtable></mrow></mrow></math>",
    ),
};

/// Cross-entropy against the smoothed target, split as in `lab_math::cross_entropy`.
pub const CROSS_ENTROPY: Formula = Formula {
    id: "cross-entropy",
    caption: "formula-cross-entropy",
    mathml: concat!(
        r#"<math display="block" alttext="L = - sum_k q(k) ln p(k) = H(q) + KL(q || p)">"#,
        // Each function application is a row of its own, so its fences do
        // not stretch to the height of the sum.
        "<mrow><mi>L</mi><mo>=</mo><mo>−</mo><munder><mo>∑</mo><mi>k</mi></munder>",
        r#"<mrow><mi>q</mi><mrow><mo>(</mo><mi>k</mi><mo>)</mo></mrow></mrow><mi>ln</mi><mspace width="0.17em">"#,
        "</mspace><mrow><mi>p</mi><mrow><mo>(</mo>",
        "<mi>k</mi><mo>)</mo></mrow></mrow><mo>=</mo><mrow><mi>H</mi><mrow><mo>(</mo><mi>q</mi><mo>)</mo></mrow></mrow>",
        "<mo>+</mo><mrow><mi>KL</mi><mrow><mo>(</mo><mi>q</mi><mo>‖</mo><mi>p</mi><mo>)</mo></mrow></mrow>",
        "</mrow></math>",
    ),
};

/// Every formula, for tests and for a view that lists them all.
pub const ALL: [Formula; 11] = [
    ATTENTION,
    SOFTMAX_BETA,
    MULTI_HEAD,
    POSITIONAL,
    POSITIONAL_BASE_100,
    FFN,
    POST_NORM,
    PRE_NORM,
    NOAM,
    SMOOTHED_TARGET,
    CROSS_ENTROPY,
];

/// The numbers a caption may state, as arguments: the paper's PE base and the
/// tutorials' worked example's (`lab_math::positional`).
pub fn caption_args() -> Vec<(&'static str, Arg)> {
    use lab_math::positional::{PAPER_BASE, WORKED_BASE};
    vec![
        ("base", Arg::from(PAPER_BASE.to_string())),
        ("worked_base", Arg::from(WORKED_BASE.to_string())),
    ]
}

/// A formula as a block, with its caption underneath.
#[component]
pub fn Equation(
    /// Which formula, e.g. [`ATTENTION`].
    formula: Formula,
) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <figure class="equation" data-testid=format!("formula-{}", formula.id)>
            <div class="equation-math" tabindex="0" inner_html=formula.mathml></div>
            <figcaption>{move || i18n.f(formula.caption, &caption_args())}</figcaption>
        </figure>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Locale;

    /// The MathML Core elements these formulas may use.
    const CORE: [&str; 15] = [
        "math", "mrow", "mi", "mn", "mo", "mtext", "mfrac", "msqrt", "msub", "msup", "msubsup",
        "munder", "mtable", "mtr", "mspace",
    ];
    const TABLE_CELL: &str = "mtd";

    /// The element names of `markup` in order, as `(name, is_closing)`.
    fn tags(markup: &str) -> Vec<(String, bool)> {
        let mut out = Vec::new();
        let mut rest = markup;
        while let Some(start) = rest.find('<') {
            let end = rest[start..].find('>').expect("every tag is closed") + start;
            let inner = &rest[start + 1..end];
            let closing = inner.starts_with('/');
            let name = inner
                .trim_start_matches('/')
                .split_whitespace()
                .next()
                .unwrap_or("");
            out.push((name.to_string(), closing));
            rest = &rest[end + 1..];
        }
        out
    }

    #[test]
    fn every_formula_is_one_balanced_block_of_mathml_core() {
        for f in ALL {
            assert!(f.mathml.starts_with(r#"<math display="block""#), "{}", f.id);
            assert!(f.mathml.ends_with("</math>"), "{}", f.id);
            let mut open: Vec<String> = Vec::new();
            for (name, closing) in tags(f.mathml) {
                assert!(
                    CORE.contains(&name.as_str()) || name == TABLE_CELL,
                    "{}: <{name}>",
                    f.id
                );
                if closing {
                    assert_eq!(
                        open.pop().as_deref(),
                        Some(name.as_str()),
                        "{}: </{name}>",
                        f.id
                    );
                } else {
                    assert!(name != "math" || open.is_empty(), "{}: nested <math>", f.id);
                    open.push(name);
                }
            }
            assert!(open.is_empty(), "{}: unclosed {open:?}", f.id);
        }
    }

    #[test]
    fn the_alt_text_never_breaks_out_of_its_attribute() {
        for f in ALL {
            let head = &f.mathml[..f.mathml.find('>').expect("a start tag")];
            assert_eq!(
                head.matches('"').count(),
                4,
                "{}: display and alttext only",
                f.id
            );
            assert!(
                !f.mathml.contains('&'),
                "{}: literal characters, no entities",
                f.id
            );
        }
    }

    #[test]
    fn every_formula_has_a_caption_and_a_unique_id() {
        let mut ids: Vec<&str> = ALL.iter().map(|f| f.id).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), ALL.len());
        for f in ALL {
            for locale in Locale::ALL {
                let caption = crate::i18n::text_args(locale, f.caption, &caption_args());
                assert_ne!(caption, f.caption, "{}: no caption in {locale:?}", f.id);
                assert!(!caption.contains('{'), "{}: {caption}", f.id);
                assert!(!caption.contains('\n'), "{}: one line", f.id);
            }
        }
    }

    #[test]
    fn positional_encoding_shows_both_the_sine_and_the_cosine_line() {
        for f in [POSITIONAL, POSITIONAL_BASE_100] {
            assert!(f.mathml.contains("<mi>sin</mi>"));
            assert!(f.mathml.contains("<mi>cos</mi>"));
            assert_eq!(f.mathml.matches("<mtr>").count(), 2);
        }
    }

    #[test]
    fn the_positional_formula_shows_the_selected_base() {
        use lab_math::positional::{PAPER_BASE, WORKED_BASE};
        // The typeset bases are the constants the model and the PE view use.
        for base in [PAPER_BASE, WORKED_BASE] {
            let f = positional(base);
            let shown = format!("<mn>{base}</mn>");
            assert_eq!(f.mathml.matches(&shown).count(), 2, "{base}: both lines");
            assert!(
                f.mathml.contains(&format!("pos / {base}^")),
                "{base}: alt text"
            );
        }
        assert!(!positional(WORKED_BASE)
            .mathml
            .contains(&PAPER_BASE.to_string()));
    }
}
