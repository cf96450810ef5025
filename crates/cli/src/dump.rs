//! `dump-batches`: the benchmark workload's batches, in order, for a peer
//! written in another framework (`bench/torch_peer.py`).
//!
//! The batches are the trainer's own: after each step, the run's data
//! position (the epoch's order and the cursor, which a checkpoint keeps) says
//! which training pairs that step used, and [`Batch::new`] pads them exactly
//! as the step did. The directory gets three files:
//!
//! - `batches.bin`: every batch's ids as little-endian `i64`, batch after
//!   batch, each `src [batch, src_len]`, then `tgt_in [batch, tgt_len]`, then
//!   `tgt_out [batch, tgt_len]`, row-major, padded with PAD;
//! - `workload.json`: the settings, every constant the step uses (sizes,
//!   special tokens, Adam's β and ε, the clipping norm, LayerNorm's ε), where
//!   each batch starts in `batches.bin` (in ids), and the lab's own loss and
//!   learning rate at every step, for comparing loss curves;
//! - `init.safetensors`: the lab's initial weights (PyTorch names and layouts).
//!
//! burn initialises parameters lazily, when they are first touched. Writing
//! `init.safetensors` before the first step touches them, so the recorded run
//! draws its initial weights there rather than inside its first step (under
//! that step's dropout seed): it is a run of the workload from exactly the
//! weights in `init.safetensors`, but its losses are not bit-identical to
//! those of `Trainer::new(…)` stepped without the export.

use crate::bench::Size;
use lab_model::burn::nn::LayerNormConfig;
use lab_model::burn::tensor::{Int, Tensor};
use lab_model::checkpoint;
use lab_protocol::Settings;
use lab_tasks::{Pair, BOS, EOS, PAD, UNK};
use lab_train::adam::{BETA_1, BETA_2, EPSILON};
use lab_train::batch::Batch;
use lab_train::bench::WARMUP_STEPS;
use lab_train::trainer::{model_config, GRAD_CLIP_NORM};
use lab_train::{Backend, Trainer};
use serde_json::{json, Value};
use std::path::Path;

/// The version of the directory's layout, so a reader can refuse another one.
pub const FORMAT: u32 = 1;
pub const BATCHES_FILE: &str = "batches.bin";
pub const WORKLOAD_FILE: &str = "workload.json";
pub const INIT_FILE: &str = "init.safetensors";

/// One batch's ids, flattened row-major, and its sizes.
#[derive(Debug, PartialEq)]
pub struct BatchIds {
    pub batch: usize,
    pub src_len: usize,
    pub tgt_len: usize,
    pub src: Vec<i64>,
    pub tgt_in: Vec<i64>,
    pub tgt_out: Vec<i64>,
}

impl BatchIds {
    /// Non-PAD target tokens: the loss's denominator.
    pub fn n_tokens(&self) -> usize {
        self.tgt_out
            .iter()
            .filter(|&&t| t != i64::from(PAD))
            .count()
    }

    /// The ids in `batches.bin` order: src, tgt_in, tgt_out.
    pub fn ids(&self) -> impl Iterator<Item = i64> + '_ {
        self.src
            .iter()
            .chain(&self.tgt_in)
            .chain(&self.tgt_out)
            .copied()
    }

    /// How many ids [`Self::ids`] yields.
    pub fn len(&self) -> usize {
        self.batch * (self.src_len + 2 * self.tgt_len)
    }
}

/// The training pairs (indices) the last step used, read from a checkpoint's
/// run metadata: `data.order[cursor − n .. cursor]` with `n` pairs per batch.
pub fn last_batch_indices(meta: &Value, batch_size: usize) -> Result<Vec<usize>, String> {
    let data = meta
        .get("data")
        .ok_or("the checkpoint has no data position")?;
    let order: Vec<usize> = serde_json::from_value(data["order"].clone())
        .map_err(|e| format!("unreadable data order: {e}"))?;
    let cursor: usize = serde_json::from_value(data["cursor"].clone())
        .map_err(|e| format!("unreadable data cursor: {e}"))?;
    let n = batch_size.min(order.len());
    if cursor < n || cursor > order.len() {
        return Err(format!(
            "cursor {cursor} cannot end a batch of {n} in an order of {}",
            order.len()
        ));
    }
    Ok(order[cursor - n..cursor].to_vec())
}

fn ids(tensor: Tensor<2, Int>) -> Result<Vec<i64>, String> {
    tensor
        .into_data()
        .try_into_vec_as::<i64>()
        .map_err(|e| format!("ids are not integers: {e:?}"))
}

/// The batch the trainer builds from `pairs`, as plain ids.
fn batch_ids(trainer: &Trainer, pairs: &[&Pair]) -> Result<BatchIds, String> {
    let dataset = trainer.dataset();
    let device = trainer.backend().device();
    let batch = Batch::new(pairs, &dataset.src_vocab, &dataset.tgt_vocab, &device);
    let [_, src_len] = batch.src.dims();
    Ok(BatchIds {
        batch: batch.batch_size,
        src_len,
        tgt_len: batch.tgt_len,
        src: ids(batch.src)?,
        tgt_in: ids(batch.tgt_in)?,
        tgt_out: batch.tgt_out.iter().map(|&t| i64::from(t)).collect(),
    })
}

/// Where each batch starts in `batches.bin`, counted in ids.
pub fn offsets(batches: &[BatchIds]) -> Vec<usize> {
    batches
        .iter()
        .scan(0, |next, b| {
            let start = *next;
            *next += b.len();
            Some(start)
        })
        .collect()
}

/// The ids of every batch as little-endian `i64` bytes.
pub fn encode(batches: &[BatchIds]) -> Vec<u8> {
    batches
        .iter()
        .flat_map(BatchIds::ids)
        .flat_map(i64::to_le_bytes)
        .collect()
}

/// What the lab measured at each step.
pub struct LabRun {
    pub backend: &'static str,
    pub loss: Vec<f32>,
    pub learning_rate: Vec<f64>,
    /// Held-out BLEU after the last step (greedy decoding, `lab_tasks::corpus_bleu`).
    pub heldout_bleu: f32,
}

/// `workload.json`: the settings, the constants and the batches' layout.
pub fn workload_json(
    trainer: &Trainer,
    batches: &[BatchIds],
    lab: &LabRun,
) -> Result<Value, String> {
    let settings = trainer.settings();
    let config = model_config(settings, trainer.dataset());
    let layout: Vec<Value> = batches
        .iter()
        .zip(offsets(batches))
        .map(|(b, offset)| {
            json!({
                "offset": offset,
                "batch": b.batch,
                "src_len": b.src_len,
                "tgt_len": b.tgt_len,
                "n_tokens": b.n_tokens(),
            })
        })
        .collect();
    Ok(json!({
        "format": FORMAT,
        "settings": serde_json::to_value(settings).map_err(|e| e.to_string())?,
        "src_vocab_size": config.src_vocab_size,
        "tgt_vocab_size": config.tgt_vocab_size,
        "max_len": config.max_len,
        "pe_base": config.pe_base,
        "layer_norm_epsilon": LayerNormConfig::new(config.d_model).epsilon,
        "adam": { "beta_1": BETA_1, "beta_2": BETA_2, "epsilon": EPSILON },
        "grad_clip_norm": GRAD_CLIP_NORM,
        "tokens": { "pad": PAD, "bos": BOS, "eos": EOS, "unk": UNK },
        "bench_warmup_steps": WARMUP_STEPS,
        "batches_file": BATCHES_FILE,
        "init_file": INIT_FILE,
        "batches": layout,
        "lab": {
            "backend": lab.backend,
            "loss": lab.loss,
            "learning_rate": lab.learning_rate,
            "heldout_bleu": lab.heldout_bleu,
        },
        "heldout": heldout_json(trainer),
    }))
}

/// The held-out pairs, for a peer to decode and score with BLEU as the lab
/// does: each source as the encoder reads it (ids ending in EOS), its
/// reference words, the target vocabulary, and the longest decode.
fn heldout_json(trainer: &Trainer) -> Value {
    let data = trainer.dataset();
    let pairs: Vec<Value> = data
        .heldout
        .iter()
        .map(|p| {
            json!({
                "src_ids": lab_train::batch::source_ids(&data.src_vocab, &p.src),
                "reference": p.tgt,
            })
        })
        .collect();
    json!({
        "pairs": pairs,
        "tgt_vocab": data.tgt_vocab.tokens(),
        "max_decode_len": data.max_tgt_len + 2,
    })
}

/// Trains `steps` steps of `settings` and writes the directory described above.
pub fn dump(settings: &Settings, steps: usize, out: &Path) -> Result<(), String> {
    let backend = Backend::default();
    let mut trainer = Trainer::with_backend(settings, backend).map_err(|e| e.to_string())?;
    std::fs::create_dir_all(out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    let write = |name: &str, bytes: &[u8]| {
        let path = out.join(name);
        std::fs::write(&path, bytes).map_err(|e| format!("cannot write {}: {e}", path.display()))
    };
    write(INIT_FILE, &trainer.to_safetensors())?;
    let mut batches = Vec::with_capacity(steps);
    let mut lab = LabRun {
        backend: backend.name(),
        loss: Vec::with_capacity(steps),
        learning_rate: Vec::with_capacity(steps),
        heldout_bleu: 0.0,
    };
    for _ in 0..steps {
        let report = trainer.step();
        if !report.loss.is_finite() {
            return Err(format!(
                "the lab's loss at step {} is not finite",
                report.step
            ));
        }
        lab.loss.push(report.loss);
        lab.learning_rate.push(report.learning_rate);
        let meta = checkpoint::read(&trainer.to_bytes())
            .map_err(|e| format!("the run's own checkpoint: {e}"))?
            .meta;
        let indices = last_batch_indices(&meta, settings.batch_size)?;
        let pairs: Vec<&Pair> = indices
            .iter()
            .map(|&i| &trainer.dataset().train[i])
            .collect();
        batches.push(batch_ids(&trainer, &pairs)?);
    }
    lab.heldout_bleu = trainer.evaluate(usize::MAX).bleu;
    write(BATCHES_FILE, &encode(&batches))?;
    let json = workload_json(&trainer, &batches, &lab)?;
    write(
        WORKLOAD_FILE,
        serde_json::to_string_pretty(&json)
            .map_err(|e| e.to_string())?
            .as_bytes(),
    )?;
    println!(
        "wrote {steps} batches ({} bytes of ids), {WORKLOAD_FILE} and {INIT_FILE} to {}",
        batches.iter().map(BatchIds::len).sum::<usize>() * 8,
        out.display()
    );
    Ok(())
}

/// The CLI command: the benchmark workload (at `size`, if given), or with
/// `task` the toy preset of that task (the pretrained models' recipe, seed
/// 42), `WARMUP_STEPS + steps` batches.
pub fn run(
    steps: usize,
    out: &Path,
    dropout: Option<f32>,
    size: Size,
    task: Option<&str>,
) -> Result<(), String> {
    let mut settings = size.apply(super::bench::workload(task)?)?;
    settings.dropout = dropout.unwrap_or(settings.dropout);
    dump(&settings, WARMUP_STEPS as usize + steps, out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use lab_tasks::TaskKind;

    fn batch(batch: usize, src_len: usize, tgt_len: usize, first: i64) -> BatchIds {
        let ids = |n: usize, from: i64| (from..from + n as i64).collect::<Vec<_>>();
        BatchIds {
            batch,
            src_len,
            tgt_len,
            src: ids(batch * src_len, first),
            tgt_in: ids(batch * tgt_len, first + 100),
            tgt_out: ids(batch * tgt_len, first + 200),
        }
    }

    #[test]
    fn the_last_batch_ends_at_the_cursor() {
        let meta = json!({ "data": { "order": [5, 3, 1, 0, 4, 2], "cursor": 4 } });
        assert_eq!(last_batch_indices(&meta, 2), Ok(vec![1, 0]));
        assert_eq!(last_batch_indices(&meta, 4), Ok(vec![5, 3, 1, 0]));
        assert!(
            last_batch_indices(&meta, 5).is_err(),
            "cursor before a whole batch"
        );
        assert!(last_batch_indices(&json!({}), 2).is_err());
    }

    #[test]
    fn batches_are_laid_out_one_after_another_in_little_endian() {
        let batches = [batch(2, 3, 2, 1), batch(1, 1, 4, -7)];
        assert_eq!(offsets(&batches), vec![0, 2 * (3 + 2 * 2)]);
        let bytes = encode(&batches);
        assert_eq!(bytes.len(), (14 + 9) * 8);
        let read = |i: usize| i64::from_le_bytes(bytes[8 * i..8 * i + 8].try_into().expect("8"));
        assert_eq!(read(0), 1, "src first");
        assert_eq!(read(6), 101, "then tgt_in");
        assert_eq!(read(10), 201, "then tgt_out");
        assert_eq!(read(14), -7, "the next batch starts at its offset");
    }

    #[test]
    fn the_dumped_batches_are_the_ones_the_trainer_uses() {
        // Without dropout, the loss a step reports is the loss of the weights
        // before it on its batch; a second run of the same settings must get
        // the reported loss from each dumped batch, also after a reshuffle.
        let settings = Settings {
            d_model: 16,
            n_heads: 2,
            d_ff: 32,
            n_layers: 1,
            batch_size: 16,
            dropout: 0.0,
            ..Settings::toy(TaskKind::Copy)
        };
        let mut replay = Trainer::new(&settings).expect("valid settings");
        // burn draws the initial weights when they are first touched; the dump
        // touches them first to write them, and so does this second run.
        let initial = replay.to_safetensors();
        let steps = replay.dataset().train.len() / settings.batch_size + 2;
        let dir = std::env::temp_dir().join(format!("lab-dump-test-{}", std::process::id()));
        dump(&settings, steps, &dir).expect("dumps");
        let json: Value =
            serde_json::from_slice(&std::fs::read(dir.join(WORKLOAD_FILE)).expect("written"))
                .expect("JSON");
        let bytes = std::fs::read(dir.join(BATCHES_FILE)).expect("written");
        assert_eq!(
            std::fs::read(dir.join(INIT_FILE)).expect("written"),
            initial
        );
        std::fs::remove_dir_all(&dir).ok();
        let all: Vec<i64> = bytes
            .chunks(8)
            .map(|c| i64::from_le_bytes(c.try_into().expect("8 bytes")))
            .collect();
        let layout = json["batches"].as_array().expect("batches");
        assert_eq!(layout.len(), steps);
        let device = replay.backend().device();
        for (k, entry) in layout.iter().enumerate() {
            let at = |key: &str| entry[key].as_u64().expect("a count") as usize;
            let (offset, b, s, t) = (at("offset"), at("batch"), at("src_len"), at("tgt_len"));
            let tensor = |from: usize, cols: usize| {
                Tensor::<2, Int>::from_data(
                    lab_model::burn::tensor::TensorData::new(
                        all[from..from + b * cols].to_vec(),
                        [b, cols],
                    ),
                    &device,
                )
            };
            let tgt_out: Vec<u32> = all[offset + b * (s + t)..offset + b * (s + 2 * t)]
                .iter()
                .map(|&x| u32::try_from(x).expect("an id"))
                .collect();
            let logits = replay
                .inference_model()
                .forward(tensor(offset, s), tensor(offset + b * s, t))
                .logits;
            let smoothing = f64::from(settings.label_smoothing);
            let loss = lab_train::loss::smoothed_cross_entropy(logits, &tgt_out, smoothing)
                .loss
                .into_scalar::<f32>();
            let reported = json["lab"]["loss"][k].as_f64().expect("a loss") as f32;
            let again = replay.step().loss;
            assert!(
                (loss - reported).abs() <= 1e-5 * reported.abs(),
                "step {k}: {loss} from the dumped batch, {reported} reported, {again} again"
            );
            assert_eq!(again, reported, "the same run again");
        }
    }
}
