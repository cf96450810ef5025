//! The `train`, `inspect`, `eval` and `export` commands.

use crate::decoding;
use indicatif::{ProgressBar, ProgressStyle};
use lab_protocol::{
    AttentionKind, Curves, EvalPoint, EvalReport, HeadTrace, NormPlacement, Settings, Strategy,
    TraceRequest, TrainPoint, Translation, EVAL_SENTENCES,
};
use lab_tasks::TaskKind;
use lab_train::Trainer;
use std::path::Path;
use std::time::Instant;

/// Changes to the `toy` preset; anything left out keeps the preset's value.
#[derive(clap::Args, Debug, Default)]
pub struct Overrides {
    #[arg(long)]
    pub d_model: Option<usize>,
    #[arg(long)]
    pub n_heads: Option<usize>,
    #[arg(long)]
    pub n_layers: Option<usize>,
    #[arg(long)]
    pub d_ff: Option<usize>,
    #[arg(long)]
    pub dropout: Option<f32>,
    #[arg(long)]
    pub warmup_steps: Option<usize>,
    #[arg(long)]
    pub lr_factor: Option<f32>,
    #[arg(long)]
    pub label_smoothing: Option<f32>,
    #[arg(long)]
    pub batch_size: Option<usize>,
    /// post (the paper) or pre (the Annotated Transformer)
    #[arg(long)]
    pub norm: Option<String>,
    /// on (the paper) or off: train without positional encoding
    #[arg(long)]
    pub pe: Option<String>,
    /// on or off (the default): the pre-softmax projection shares the target embedding
    #[arg(long)]
    pub tie: Option<String>,
}

impl Overrides {
    pub fn apply(&self, mut s: Settings) -> Result<Settings, String> {
        s.d_model = self.d_model.unwrap_or(s.d_model);
        s.n_heads = self.n_heads.unwrap_or(s.n_heads);
        s.n_layers = self.n_layers.unwrap_or(s.n_layers);
        s.d_ff = self.d_ff.unwrap_or(s.d_ff);
        s.dropout = self.dropout.unwrap_or(s.dropout);
        s.warmup_steps = self.warmup_steps.unwrap_or(s.warmup_steps);
        s.lr_factor = self.lr_factor.unwrap_or(s.lr_factor);
        s.label_smoothing = self.label_smoothing.unwrap_or(s.label_smoothing);
        s.batch_size = self.batch_size.unwrap_or(s.batch_size);
        s.norm = match self.norm.as_deref() {
            None => s.norm,
            Some("post") => NormPlacement::Post,
            Some("pre") => NormPlacement::Pre,
            Some(other) => return Err(format!("--norm must be post or pre, got {other}")),
        };
        s.positional_encoding = match self.pe.as_deref() {
            None => s.positional_encoding,
            Some("on") => true,
            Some("off") => false,
            Some(other) => return Err(format!("--pe must be on or off, got {other}")),
        };
        s.tie_weights = match self.tie.as_deref() {
            None => s.tie_weights,
            Some("on") => true,
            Some("off") => false,
            Some(other) => return Err(format!("--tie must be on or off, got {other}")),
        };
        Ok(s)
    }
}

pub fn load(checkpoint: &Path) -> Result<Trainer, String> {
    let bytes = std::fs::read(checkpoint)
        .map_err(|e| format!("cannot read {}: {e}", checkpoint.display()))?;
    Trainer::from_bytes(&bytes).map_err(|e| format!("{}: {e}", checkpoint.display()))
}

fn describe(r: &EvalReport) -> String {
    let best = r
        .best_aligned_head()
        .map(|(l, h, a)| format!(", best-aligned cross head L{l}H{h} {:.1}%", a * 100.0))
        .unwrap_or_default();
    format!(
        "held-out loss {:.3}, token acc {:.1}%, exact match {:.1}%, BLEU {:.1}{best}",
        r.loss,
        r.token_accuracy * 100.0,
        r.exact_match * 100.0,
        r.bleu
    )
}

/// Where `train` writes its checkpoint, whether with Adam's moments, and
/// whether (weights only) in half precision.
pub struct Output<'a> {
    pub path: &'a Path,
    pub weights_only: bool,
    pub half: bool,
}

pub fn train(
    task: &str,
    steps: usize,
    seed: u64,
    overrides: &Overrides,
    out: Option<Output>,
    eval_every: usize,
    stop_at: Option<f32>,
) -> Result<(), String> {
    let task: TaskKind = task.parse()?;
    let settings = overrides.apply(Settings {
        seed,
        ..Settings::toy(task)
    })?;
    let mut trainer = Trainer::new(&settings).map_err(|e| e.to_string())?;
    let bar = ProgressBar::new(steps as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} steps {elapsed} {msg}")
            .expect("valid template"),
    );
    let started = Instant::now();
    // The run's curves from step 0, which the checkpoint carries (thinned),
    // so the page opens a shipped model on its own history.
    // Its held-out points are on the page's own sentences (EVAL_SENTENCES),
    // so the page's later evaluations continue the same curve.
    let mut curves = Curves::default();
    let on_curve = |t: &Trainer| EvalPoint::from(&t.evaluate(EVAL_SENTENCES));
    if eval_every > 0 {
        curves.push_eval(on_curve(&trainer));
    }
    let mut last_eval = None;
    for _ in 0..steps {
        let report = trainer.step();

        if !report.loss.is_finite() {
            bar.abandon();
            return Err(format!(
                "the loss became {} at step {}: the run diverged",
                report.loss, report.step
            ));
        }
        // Every step (a diverged one has returned above); thinned once, at the end.
        curves.train.push(TrainPoint::from(&report));
        bar.inc(1);
        bar.set_message(format!(
            "loss {:.3} acc {:.1}% lr {:.2e}",
            report.loss,
            report.token_accuracy * 100.0,
            report.learning_rate
        ));
        if eval_every > 0 && report.step % eval_every == 0 {
            let eval = trainer.evaluate(usize::MAX);
            bar.suspend(|| {
                println!(
                    "step {:>5} {:>6.1}s  {}",
                    report.step,
                    started.elapsed().as_secs_f64(),
                    describe(&eval)
                )
            });
            let done = stop_at.is_some_and(|target| eval.exact_match >= target);
            curves.push_eval(on_curve(&trainer));
            last_eval = Some(eval);
            if done {
                break;
            }
        }
    }
    bar.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    let eval = match last_eval {
        Some(e) if e.step == trainer.step_count() => e,
        _ => trainer.evaluate(usize::MAX),
    };
    println!(
        "trained {} for {} steps in {:.1}s: {}",
        task,
        trainer.step_count(),
        seconds,
        describe(&eval)
    );
    curves.push_eval(on_curve(&trainer));
    trainer.set_curves(curves.thinned(Curves::MAX_SHIPPED_TRAIN));
    if let Some(Output {
        path,
        weights_only,
        half,
    }) = out
    {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)
                .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        }
        let bytes = match (weights_only, half) {
            (true, true) => trainer.to_half_bytes().map_err(|e| e.to_string())?,
            (true, false) => trainer.to_bytes_for_evaluation(),
            (false, _) => trainer.to_bytes(),
        };
        std::fs::write(path, bytes).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        println!("wrote {}", path.display());
    }
    Ok(())
}

/// `inspect --json`: the translation and, for every attention kind, layer and
/// head, the opened-up head (projected q/k/v, scaled scores, weights, context).
#[derive(serde::Serialize)]
struct Inspection {
    #[serde(flatten)]
    translation: Translation,
    heads: Vec<HeadTrace>,
}

pub fn inspect(checkpoint: &Path, input: &str, json: bool) -> Result<(), String> {
    let trainer = load(checkpoint)?;
    let translation = trainer.translate(input, true).map_err(|e| e.to_string())?;
    if json {
        let s = trainer.settings();
        let mut heads = Vec::new();
        for kind in AttentionKind::ALL {
            for layer in 0..s.n_layers {
                for head in 0..s.n_heads {
                    let request = TraceRequest {
                        kind,
                        layer,
                        head,
                        sentence: Some(input.to_string()),
                    };
                    heads.push(trainer.trace_head(&request).map_err(|e| e.to_string())?);
                }
            }
        }
        let inspection = Inspection { translation, heads };
        println!(
            "{}",
            serde_json::to_string_pretty(&inspection).expect("inspections are plain data")
        );
    } else {
        println!("source: {}", translation.attention.src_tokens.join(" "));
        println!("output: {}", translation.output.join(" "));
        for step in &translation.steps {
            let top: Vec<String> = step
                .top_k
                .iter()
                .map(|(t, p)| format!("{t} {p:.3}"))
                .collect();
            println!("  {:<10} top-k: {}", step.token, top.join(", "));
        }
    }
    Ok(())
}

/// One decoding step as `translate --json` prints it.
#[derive(serde::Serialize)]
struct StepLine<'a> {
    step: usize,
    token: &'a str,
    top_k: &'a [(String, f32)],
    multiply_adds: u64,
    cached_positions: usize,
}

/// Decoding step by step by `strategy`, with or without the KV cache.
pub fn translate(
    checkpoint: &Path,
    input: &str,
    json: bool,
    cached: bool,
    strategy: &Strategy,
) -> Result<(), String> {
    let trainer = load(checkpoint)?;
    let t = trainer
        .translate_by(input, cached, strategy)
        .map_err(|e| e.to_string())?;
    let steps: Vec<StepLine> = t
        .steps
        .iter()
        .enumerate()
        .map(|(i, s)| StepLine {
            step: i + 1,
            token: &s.token,
            top_k: &s.top_k,
            multiply_adds: s.multiply_adds,
            cached_positions: s.cached_positions,
        })
        .collect();
    let total: u64 = steps.iter().map(|s| s.multiply_adds).sum();
    if json {
        let out = serde_json::json!({
            "source": t.source,
            "tokens": t.output,
            "cached": cached,
            "strategy": strategy,
            "steps": steps,
            "multiply_adds": total,
            "beam": t.beam,
        });
        println!(
            "{}",
            serde_json::to_string_pretty(&out).expect("plain data")
        );
    } else {
        println!(
            "{} → {}   ({}, {} cache)",
            t.source.join(" "),
            t.output.join(" "),
            decoding::describe(strategy),
            if cached { "with" } else { "without" }
        );
        for s in &steps {
            let top: Vec<String> = s.top_k.iter().map(|(w, p)| format!("{w} {p:.3}")).collect();
            println!(
                "  step {:>2}  {:<10} {:>9} multiply-adds  top-5: {}",
                s.step,
                s.token,
                s.multiply_adds,
                top.join(", ")
            );
        }
        println!("  total {total} multiply-adds along this path");
        print!("{}", decoding::beam_table(&t.beam));
    }
    Ok(())
}

pub fn eval(checkpoint: &Path, examples: Option<usize>, strategy: &Strategy) -> Result<(), String> {
    let trainer = load(checkpoint)?;
    println!(
        "{} at step {}: {}",
        trainer.settings().task,
        trainer.step_count(),
        describe(&trainer.evaluate(usize::MAX))
    );
    if let Strategy::Beam(beam) = strategy {
        let c = trainer.compare_decoding(*beam, usize::MAX);
        println!(
            "held-out, {} sentences: greedy BLEU {:.2} (exact {:.1}%), {} BLEU {:.2} (exact {:.1}%)",
            c.sentences,
            c.greedy_bleu,
            100.0 * c.greedy_exact,
            decoding::describe(strategy),
            c.beam_bleu,
            100.0 * c.beam_exact
        );
    }
    if let Some(n) = examples {
        println!("| source | model | reference |\n|---|---|---|");
        for m in trainer.held_out_decodes(n) {
            println!(
                "| {} | {} | {} |",
                m.source.join(" "),
                m.decoded.join(" "),
                m.expected.join(" ")
            );
        }
        return Ok(());
    }
    for m in trainer.mistakes(usize::MAX) {
        println!(
            "  wrong: {}  →  {}  (expected {})",
            m.source.join(" "),
            m.decoded.join(" "),
            m.expected.join(" ")
        );
    }
    Ok(())
}

pub fn export(checkpoint: &Path, out: &Path) -> Result<(), String> {
    let trainer = load(checkpoint)?;
    std::fs::write(out, trainer.to_safetensors())
        .map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    println!(
        "wrote {} (tensor names and shapes: see crates/model/src/safetensors.rs)",
        out.display()
    );
    Ok(())
}
