//! Every number the prose quotes from the lab's own results comes from
//! where the lab records it, so that the prose cannot drift:
//!
//! - the tutorial maps (`docs/tutorial-map*.md`, all four languages): W8's
//!   target vocabulary V and ln V, from `real-en-ja.ckpt`'s header (its
//!   model's `tgt_vocab_size`, and its curves for "start near ln V"); W12's
//!   held-out BLEU of each shipped real model, from BENCHMARKS.md's table of
//!   the shipped models (the checkpoint's header records no BLEU; the row
//!   names the file's step, which its header must have); 004's
//!   positional-encoding row, from BENCHMARKS.md's table of that run;
//! - README's data table: each real task's pairs kept "of" how many, from
//!   the `# kept: N of M pairs` line of `assets/data/<task>.tsv` (and N is
//!   the number of pairs the file holds).
//!
//! A number the maps quote from the lab is marked by the task it is about,
//! in every language: `19.1 (`real-en-ja`)` or `19.1（`real-en-ja`）`; ln V is
//! written `ln 1,872 ≈ 7.53`. Each stated number is compared with its
//! source rounded to the digits the prose writes. (W1–W7, W9–W11, W13 and
//! W14 quote the tutorials, or numbers the lab's views compute from a
//! formula, which the lab's own unit tests check.)

use std::path::Path;

mod json;

use json::checkpoint_header;

fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

const MAPS: [&str; 4] = [
    "docs/tutorial-map.md",
    "docs/tutorial-map.ja.md",
    "docs/tutorial-map.zh-Hans.md",
    "docs/tutorial-map.zh-Hant.md",
];

/// The real tasks, whose models and data the prose quotes.
const REAL_TASKS: [&str; 2] = ["real-en-ja", "real-en-zh"];

/// A number token as the prose writes it ("1,872", "19.1", "97.0") as a value.
fn value_of(token: &str) -> f64 {
    token
        .replace(',', "")
        .parse()
        .unwrap_or_else(|_| panic!("not a number: {token:?}"))
}

/// `x` as the prose writes a number with `decimals` digits after the
/// point: rounded, and thousands separated by commas.
fn written(x: f64, decimals: usize) -> String {
    let fixed = format!("{x:.decimals$}");
    let (whole, fraction) = fixed
        .split_once('.')
        .map_or((fixed.as_str(), None), |(w, f)| (w, Some(f)));
    let digits: Vec<char> = whole.chars().collect();
    let mut grouped = String::new();
    for (i, d) in digits.iter().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(*d);
    }
    match fraction {
        Some(f) => format!("{grouped}.{f}"),
        None => grouped,
    }
}

/// Whether the prose's `token` is `x` rounded as the token is written.
fn agrees(token: &str, x: f64) -> bool {
    let decimals = token.split_once('.').map_or(0, |(_, f)| f.len());
    written(x, decimals) == token
}

fn is_number_char(c: char) -> bool {
    c.is_ascii_digit() || c == ',' || c == '.'
}

/// The number token that ends `text` (spaces before it skipped), if any.
fn trailing_number(text: &str) -> Option<&str> {
    let text = text.trim_end();
    let start = text
        .char_indices()
        .rev()
        .take_while(|&(_, c)| is_number_char(c))
        .last()
        .map(|(i, _)| i)?;
    let token = text[start..].trim_matches([',', '.']);
    token
        .starts_with(|c: char| c.is_ascii_digit())
        .then_some(token)
}

/// The number token that starts `text` (spaces skipped), if any.
fn leading_number(text: &str) -> Option<&str> {
    let text = text.trim_start();
    let end = text
        .find(|c: char| !is_number_char(c))
        .unwrap_or(text.len());
    let token = text[..end].trim_end_matches([',', '.']);
    token
        .starts_with(|c: char| c.is_ascii_digit())
        .then_some(token)
}

/// Every number the prose marks as being about `task`: the number right
/// before `` (`task`) `` or `` （`task`） ``.
fn numbers_marked(text: &str, task: &str) -> Vec<String> {
    let tag = format!("`{task}`");
    text.match_indices(&tag)
        .filter_map(|(at, _)| {
            let before = text[..at]
                .strip_suffix('(')
                .or_else(|| text[..at].strip_suffix('（'))?;
            trailing_number(before).map(String::from)
        })
        .collect()
}

/// Every `ln N ≈ x` in the prose, as `(N, x)`.
fn ln_claims(text: &str) -> Vec<(String, String)> {
    text.match_indices("ln ")
        .filter_map(|(at, _)| {
            let rest = &text[at + 3..];
            let n = leading_number(rest)?;
            let x = leading_number(rest[n.len()..].trim_start().strip_prefix('≈')?)?;
            Some((n.to_string(), x.to_string()))
        })
        .collect()
}

/// The paragraph of worked example `w` ("W8"), its lines joined.
fn worked_example<'a>(map: &'a str, w: &str) -> Option<&'a str> {
    map.split("\n\n")
        .find(|p| p.starts_with(&format!("**{w}.")))
}

/// What the lab records, read from the checkpoints, BENCHMARKS.md and the data.
struct Facts {
    /// `real-en-ja`'s target vocabulary (its checkpoint's model).
    vocab: f64,
    /// Its first train loss and its first evaluation's step.
    first_loss: f64,
    first_eval_step: f64,
    /// Each real task's held-out BLEU (BENCHMARKS.md's shipped models).
    bleu: Vec<(&'static str, f64)>,
    /// The positional-encoding run: its steps, and held-out exact match
    /// (%) of copy and reverse without PE, then with it.
    pe_steps: String,
    pe_exact: Vec<f64>,
    /// Each real task's data: pairs kept, of how many, and pairs in the file.
    data: Vec<(&'static str, f64, f64, usize)>,
}

/// A BENCHMARKS.md table's row whose first cell starts with `first`, as
/// `(header cells, row cells)`: the header is the closest table header above.
fn table_row(text: &str, header_start: &str, first: &str) -> (Vec<String>, Vec<String>) {
    let cells = |line: &str| -> Vec<String> {
        line.trim()
            .trim_matches('|')
            .split('|')
            .map(|c| c.trim().to_string())
            .collect()
    };
    let lines: Vec<&str> = text.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.starts_with(&format!("| {first}")))
        .unwrap_or_else(|| panic!("BENCHMARKS.md: no row {first}"));
    let header = lines[..at]
        .iter()
        .rev()
        .find(|l| l.starts_with(header_start))
        .unwrap_or_else(|| panic!("BENCHMARKS.md: no header above {first}"));
    (cells(header), cells(lines[at]))
}

fn facts() -> Facts {
    let benchmarks = read("BENCHMARKS.md");
    let bleu = REAL_TASKS
        .iter()
        .map(|&task| {
            let (header, row) =
                table_row(&benchmarks, "| model |", &format!("`{task}.ckpt` (step "));
            let column = header
                .iter()
                .position(|h| h == "**BLEU**")
                .expect("a BLEU column");
            // The row is the shipped file: its step is the header's.
            let step = row[0]
                .split_once("(step ")
                .and_then(|(_, s)| leading_number(s))
                .expect("step");
            let shipped = checkpoint_header(task).get("meta").get("step").number();
            assert_eq!(
                value_of(step),
                shipped,
                "BENCHMARKS.md's {task} row is another model"
            );
            (task, value_of(row[column].trim_matches('*')))
        })
        .collect();
    let pe_heading = benchmarks
        .lines()
        .find(|l| l.starts_with("### Positional encoding off"))
        .expect("the PE run's section");
    let pe_steps = pe_heading
        .strip_suffix(" steps)")
        .and_then(trailing_number)
        .expect("its steps")
        .to_string();
    let pe_exact = [
        ("copy", "PE off"),
        ("reverse", "PE off"),
        ("copy", "PE on"),
        ("reverse", "PE on"),
    ]
    .iter()
    .map(|(task, setting)| {
        let (header, row) = table_row(
            &benchmarks,
            "| task | setting |",
            &format!("{task} | {setting}"),
        );
        let column = header
            .iter()
            .position(|h| h == "exact match")
            .expect("exact match");
        value_of(row[column].trim_end_matches('%'))
    })
    .collect();
    let data = REAL_TASKS
        .iter()
        .map(|&task| {
            let text = read(&format!("assets/data/{task}.tsv"));
            let kept = text
                .lines()
                .find_map(|l| l.strip_prefix("# kept: "))
                .expect("a kept line");
            let n = leading_number(kept).expect("kept");
            let of = kept[n.len()..]
                .trim_start()
                .strip_prefix("of")
                .and_then(leading_number)
                .expect("of");
            let pairs = text
                .lines()
                .filter(|l| !l.starts_with('#') && l.contains('\t'))
                .count();
            (task, value_of(n), value_of(of), pairs)
        })
        .collect();
    let ja = checkpoint_header("real-en-ja");
    let curves = ja.get("meta").get("curves");
    Facts {
        vocab: ja.get("config").get("tgt_vocab_size").number(),
        first_loss: curves.get("train").at(0).get("loss").number(),
        first_eval_step: curves.get("eval").at(0).get("step").number(),
        bleu,
        pe_steps,
        pe_exact,
        data,
    }
}

/// What one map says that its sources do not.
fn map_problems(name: &str, map: &str, facts: &Facts) -> Vec<String> {
    let mut out = vec![];
    let mut check = |what: &str, stated: &[String], truth: &[f64]| {
        let ok =
            stated.len() == truth.len() && stated.iter().zip(truth).all(|(s, &t)| agrees(s, t));
        if !ok {
            out.push(format!(
                "{name}: {what} says {stated:?}, the lab's is {truth:?}"
            ));
        }
    };
    // W8: V, and ln V as written.
    let w8 = worked_example(map, "W8").unwrap_or_default();
    check(
        "W8's V (`real-en-ja`)",
        &numbers_marked(w8, "real-en-ja"),
        &[facts.vocab],
    );
    let claims = ln_claims(w8);
    let ns: Vec<String> = claims.iter().map(|(n, _)| n.clone()).collect();
    let xs: Vec<String> = claims.iter().map(|(_, x)| x.clone()).collect();
    check("W8's ln N ≈ x: N", &ns, &[facts.vocab]);
    check("W8's ln N ≈ x: x", &xs, &[facts.vocab.ln()]);
    // W12: each real model's held-out BLEU.
    let w12 = worked_example(map, "W12").unwrap_or_default();
    for (task, bleu) in &facts.bleu {
        check(
            &format!("W12's BLEU of `{task}`"),
            &numbers_marked(w12, task),
            &[*bleu],
        );
    }
    // 004's positional-encoding row: exact match without and with PE.
    let row = map
        .lines()
        .find(|l| l.starts_with("| 単語言語モデル / Positional encoding |"))
        .unwrap_or_default();
    let last = row
        .trim_end()
        .trim_end_matches('|')
        .rsplit('|')
        .next()
        .unwrap_or_default();
    let percents: Vec<String> = last
        .match_indices('%')
        .filter_map(|(at, _)| trailing_number(&last[..at]).map(String::from))
        .collect();
    check("004's PE row (exact match, %)", &percents, &facts.pe_exact);
    if !last.contains(&facts.pe_steps) {
        out.push(format!(
            "{name}: 004's PE row does not say {} steps",
            facts.pe_steps
        ));
    }
    out
}

/// What README's data table says that the data files do not.
fn readme_problems(readme: &str, facts: &Facts) -> Vec<String> {
    let mut out = vec![];
    for (task, kept, of, pairs) in &facts.data {
        let row = readme
            .lines()
            .find(|l| l.starts_with(&format!("| `{task}` |")))
            .unwrap_or_default();
        let stated = row.split_once(" pairs of ").map(|(before, after)| {
            (
                trailing_number(before.trim_end_matches(" short")),
                leading_number(after),
            )
        });
        let ok = matches!(stated, Some((Some(n), Some(m))) if agrees(n, *kept) && agrees(m, *of));
        if !ok {
            out.push(format!(
                "README: `{task}` says {stated:?}, its data file {kept} of {of}"
            ));
        }
        if *kept != *pairs as f64 {
            out.push(format!(
                "assets/data/{task}.tsv: kept {kept}, holds {pairs}"
            ));
        }
    }
    out
}

#[test]
fn every_number_the_maps_quote_from_the_labs_results_is_the_labs() {
    let facts = facts();
    // The sources themselves, as the maps word them.
    assert!(
        (facts.first_loss - facts.vocab.ln()).abs() < 0.25,
        "W8: the curve starts near ln V"
    );
    assert_eq!(
        facts.first_eval_step, 0.0,
        "W8: the curves are shown from step 0"
    );
    let problems: Vec<String> = MAPS
        .iter()
        .flat_map(|path| map_problems(path, &read(path), &facts))
        .collect();
    assert!(problems.is_empty(), "{problems:#?}");
}

#[test]
fn the_readmes_data_table_counts_are_the_data_files() {
    let problems = readme_problems(&read("README.md"), &facts());
    assert!(problems.is_empty(), "{problems:#?}");
}

#[test]
fn a_copy_with_a_number_the_lab_does_not_record_is_refused() {
    let facts = facts();
    let map = read(MAPS[1]);
    for (right, wrong) in [
        ("19.1（`real-en-ja`）", "22（`real-en-ja`）"),
        ("34.4（`real-en-zh`）", "30（`real-en-zh`）"),
        ("V = 1,872（", "V = 1,940（"),
        ("ln 1,872 ≈ 7.53", "ln 1,872 ≈ 7.6"),
        ("99.3%", "98.3%"),
    ] {
        assert!(map.contains(right), "{right}");
        let broken = map.replace(right, wrong);
        let problems = map_problems("broken", &broken, &facts);
        assert_eq!(problems.len(), 1, "{wrong}: {problems:#?}");
    }
    // A number rounded as written agrees; without its mark it is missing.
    assert!(map_problems("rounded", &map.replace("19.1（", "19（"), &facts).is_empty());
    assert!(!map_problems("unmarked", &map.replace("（`real-en-ja`）", ""), &facts).is_empty());
    let readme = read("README.md");
    assert!(readme_problems(&readme, &facts).is_empty());
    let broken = readme.replace(
        "27,995 short pairs of 53,830",
        "27,995 short pairs of 53,831",
    );
    assert_eq!(readme_problems(&broken, &facts).len(), 1);
}

#[test]
fn numbers_are_read_and_written_as_the_prose_writes_them() {
    assert_eq!(written(1872.0, 0), "1,872");
    assert_eq!(written(131_980.0, 0), "131,980");
    assert_eq!(written(7.5348, 2), "7.53");
    assert_eq!(written(97.0, 1), "97.0");
    assert!(agrees("19.1", 19.1) && agrees("19", 19.1) && !agrees("22", 19.1));
    assert_eq!(
        numbers_marked(
            "score 19.1 (`real-en-ja`) and 6.8（`real-en-zh`）",
            "real-en-zh"
        ),
        ["6.8"]
    );
    assert_eq!(
        ln_claims("near ln 1,872 ≈ 7.53, and ln V"),
        [("1,872".to_string(), "7.53".to_string())]
    );
    assert_eq!(trailing_number("held 3.3"), Some("3.3"));
    assert_eq!(leading_number(" 4,214 pairs"), Some("4,214"));
}
