//! `attention-lab`: train, inspect, export and benchmark the lab's Transformer natively.

mod bench;
mod commands;
mod decoding;
mod dump;
mod everyday;

use clap::{Parser, Subcommand};
use std::path::PathBuf;

#[derive(Parser)]
#[command(
    name = "attention-lab",
    about = "Train, inspect and benchmark the Attention Lab Transformer"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Train the toy preset on a task and save a checkpoint.
    Train {
        /// copy, reverse, en-ja, real-en-ja or real-en-zh
        #[arg(long, default_value = "en-ja")]
        task: String,
        #[arg(long, default_value_t = 2000)]
        steps: usize,
        #[arg(long, default_value_t = 42)]
        seed: u64,
        /// Where to write the checkpoint.
        #[arg(long)]
        out: Option<PathBuf>,
        /// Save the weights without Adam's moments (a third of the size): a
        /// model to ship, whose training in the page starts Adam afresh.
        #[arg(long)]
        weights_only: bool,
        /// With --weights-only: the weights in half precision, half the
        /// download (every shipped model; the page trains in f32).
        #[arg(long, requires = "weights_only")]
        half: bool,
        /// Evaluate on held-out sentences every this many steps (0 = only at the end).
        #[arg(long, default_value_t = 250)]
        eval_every: usize,
        /// Stop early once held-out exact match reaches this fraction.
        #[arg(long)]
        stop_at: Option<f32>,
        #[command(flatten)]
        overrides: commands::Overrides,
    },
    /// Translate one sentence and print every attention map and, with --json, every head opened up.
    Inspect {
        #[arg(long)]
        checkpoint: PathBuf,
        #[arg(long)]
        input: String,
        /// Print JSON instead of a summary.
        #[arg(long)]
        json: bool,
    },
    /// Decoding step by step (greedy, --beam N or --sample): each step's top-5 and multiply-adds.
    Translate {
        #[arg(long)]
        checkpoint: PathBuf,
        #[arg(long)]
        input: String,
        /// Print JSON instead of a table.
        #[arg(long)]
        json: bool,
        /// Run the whole decoder again at every step instead of keeping a KV cache.
        #[arg(long)]
        no_cache: bool,
        #[command(flatten)]
        decoding: decoding::DecodeArgs,
    },
    /// Evaluate a checkpoint on its task's held-out sentences.
    Eval {
        #[arg(long)]
        checkpoint: PathBuf,
        /// Print the first N held-out translations, right or wrong, instead of every mistake.
        #[arg(long)]
        examples: Option<usize>,
        /// Also decode the held-out sentences with beam search of this size and compare BLEU.
        #[arg(long)]
        beam: Option<usize>,
        /// The length penalty α of --beam (the paper's 0.6 if left out).
        #[arg(long, requires = "beam")]
        alpha: Option<f32>,
    },
    /// A learner's test of a real task's model: translate the everyday
    /// sentences of a file and count the translations that hold their
    /// content words and those with <unk> (issue 45).
    Everyday {
        #[arg(long)]
        checkpoint: PathBuf,
        /// English TAB Japanese TAB Chinese content words, one sentence a line.
        #[arg(long, default_value = "bench/everyday.tsv")]
        sentences: PathBuf,
    },
    /// Export a checkpoint's weights as .safetensors for PyTorch.
    Export {
        #[arg(long)]
        checkpoint: PathBuf,
        #[arg(long)]
        out: PathBuf,
    },
    /// Training steps per second of the toy preset on every compiled-in backend.
    Bench {
        #[arg(long, default_value_t = 60)]
        steps: usize,
        /// Only this backend (flex, or ndarray when compiled in).
        #[arg(long)]
        backend: Option<String>,
        #[command(flatten)]
        size: bench::Size,
        /// 2: each step's second shard on a second thread, as the browser's helper worker does.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=2))]
        threads: u8,
        /// The toy preset of this task (the pretrained models' recipe) instead of the bench workload.
        #[arg(long)]
        task: Option<String>,
    },
    /// Write the bench workload's batches, settings and initial weights for a peer framework.
    DumpBatches {
        /// Timed steps; the bench's warm-up steps are dumped before them.
        #[arg(long, default_value_t = 60)]
        steps: usize,
        #[arg(long)]
        out: PathBuf,
        /// Dropout of the lab's own run whose losses are recorded (default: the workload's).
        #[arg(long)]
        dropout: Option<f32>,
        /// The toy preset of this task (the pretrained models' recipe) instead of the bench workload.
        #[arg(long)]
        task: Option<String>,
        #[command(flatten)]
        size: bench::Size,
    },
}

fn main() {
    let result = match Cli::parse().command {
        Command::Train {
            task,
            steps,
            seed,
            out,
            weights_only,
            half,
            eval_every,
            stop_at,
            overrides,
        } => commands::train(
            &task,
            steps,
            seed,
            &overrides,
            out.as_deref().map(|path| commands::Output {
                path,
                weights_only,
                half,
            }),
            eval_every,
            stop_at,
        ),
        Command::Inspect {
            checkpoint,
            input,
            json,
        } => commands::inspect(&checkpoint, &input, json),
        Command::Translate {
            checkpoint,
            input,
            json,
            no_cache,
            decoding,
        } => decoding
            .strategy()
            .and_then(|s| commands::translate(&checkpoint, &input, json, !no_cache, &s)),
        Command::Eval {
            checkpoint,
            examples,
            beam,
            alpha,
        } => decoding::DecodeArgs {
            beam,
            alpha,
            ..Default::default()
        }
        .strategy()
        .and_then(|s| commands::eval(&checkpoint, examples, &s)),
        Command::Everyday {
            checkpoint,
            sentences,
        } => everyday::run(&checkpoint, &sentences),
        Command::Export { checkpoint, out } => commands::export(&checkpoint, &out),
        Command::Bench {
            steps,
            backend,
            size,
            threads,
            task,
        } => bench::run(steps, backend.as_deref(), size, threads, task.as_deref()),
        Command::DumpBatches {
            steps,
            out,
            dropout,
            size,
            task,
        } => dump::run(steps, &out, dropout, size, task.as_deref()),
    };
    if let Err(message) = result {
        eprintln!("error: {message}");
        std::process::exit(1);
    }
}
