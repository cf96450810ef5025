#!/usr/bin/env python3
"""The lab's benchmark workload written independently in PyTorch: a peer to time against.

It reads a directory written by `cargo xtask dump-batches` (or
`attention-lab dump-batches`): `workload.json` (settings and constants),
`batches.bin` (the lab's batches, in order, as little-endian int64) and
`init.safetensors` (the lab's initial weights). It trains on those batches
with the same model and update as `lab_train::Trainer::step`:

- post-norm encoder-decoder Transformer: Embedding * sqrt(d_model) + sinusoid
  PE, dropout after the embedding, on the attention weights (after softmax),
  on each sub-layer's output before the residual sum, and on the FFN's hidden
  ReLU; LayerNorm(x + Dropout(Sublayer(x))); the final Linear ("generator");
- padding masks on every attention's keys, plus the causal mask in the
  decoder's self-attention;
- label-smoothed cross-entropy: q = 1 - eps on the target, eps / (V - 2) on
  every other token except PAD, PAD rows ignored; summed, divided by the
  number of non-PAD targets;
- each gradient tensor clipped to an L2 norm of `grad_clip_norm` on its own
  (coefficient min(1, c / (norm + tiny)));
- Adam with the lab's betas and epsilon, no weight decay, at the Noam rate
  factor * d_model^-0.5 * min(step^-0.5, step * warmup^-1.5).

Output: one JSON line per step ({"step", "loss", "lr", "seconds"}), then
`bench torch native steps_per_s=<x>` (timed steps / their total time, the
lab's definition) and a JSON summary with the median per-step rate.

Only PyTorch and the standard library are needed. Single-threaded by default.

It is written to be as fast as plain eager PyTorch gets, so that the lab's
ratio to it does not flatter the lab: one fused projection gives a
self-attention's q, k and v (and a cross-attention's k and v); the
attention itself is `scaled_dot_product_attention`; the generator and the
loss see only the rows whose target is not PAD, and the loss never builds
the V-wide smoothed target; clipping is `_foreach` calls over all the gradients and Adam is
PyTorch's fused kernel. The weights load from the lab's separate q, k and
v matrices (`fused_state_dict`).
"""

import argparse
import json
import math
import os
import statistics
import struct
import sys
import time

import torch
import torch.nn.functional as F
from torch import nn

# The only format of the dump directory this script reads (crates/cli/src/dump.rs).
FORMAT = 1
# What burn adds to a gradient's norm before dividing (f32's smallest normal).
TINY = torch.finfo(torch.float32).tiny


def sinusoid_table(length, d_model, base):
    """PE[pos, 2i] = sin(pos / base^(2i/d)), PE[pos, 2i+1] = cos(same angle)."""
    pos = torch.arange(length, dtype=torch.float64).unsqueeze(1)
    pair = (torch.arange(d_model) // 2 * 2).to(torch.float64)
    angle = pos / base ** (pair / d_model)
    table = torch.where(torch.arange(d_model) % 2 == 0, angle.sin(), angle.cos())
    return table.to(torch.float32)


class InputEmbedding(nn.Module):
    def __init__(self, vocab, d_model, dropout):
        super().__init__()
        self.tokens = nn.Embedding(vocab, d_model)
        bound = math.sqrt(6.0 / (vocab + d_model))
        nn.init.uniform_(self.tokens.weight, -bound, bound)
        self.dropout = nn.Dropout(dropout)
        self.scale = math.sqrt(d_model)

    def forward(self, ids, pe):
        return self.dropout(self.tokens(ids) * self.scale + pe[: ids.shape[1]])


def xavier_linear(d_in, d_out, parts=1):
    """nn.Linear with weight and bias both Xavier-uniform, as burn initialises the lab's;
    with `parts`, that many d_in -> d_out projections stacked into one."""
    linear = nn.Linear(d_in, parts * d_out)
    bound = math.sqrt(6.0 / (d_in + d_out))
    nn.init.uniform_(linear.weight, -bound, bound)
    nn.init.uniform_(linear.bias, -bound, bound)
    return linear


class Attention(nn.Module):
    """Multi-head attention with fused projections: one matrix product gives
    a self-attention's q, k and v, or a cross-attention's k and v."""

    def __init__(self, d_model, n_heads, dropout, cross):
        super().__init__()
        self.cross = cross
        if cross:
            self.query = xavier_linear(d_model, d_model)
            self.key_value = xavier_linear(d_model, d_model, parts=2)
        else:
            self.query_key_value = xavier_linear(d_model, d_model, parts=3)
        self.output = xavier_linear(d_model, d_model)
        self.dropout = dropout
        self.n_heads = n_heads
        self.d_k = d_model // n_heads

    def split(self, x):
        b, n, _ = x.shape
        return x.view(b, n, self.n_heads, self.d_k).transpose(1, 2)

    def forward(self, x_q, x_kv, visible):
        """visible: bool [batch, 1, seq_q | 1, seq_k], True = may be attended to."""
        if self.cross:
            q = self.query(x_q)
            k, v = self.key_value(x_kv).chunk(2, dim=-1)
        else:
            q, k, v = self.query_key_value(x_q).chunk(3, dim=-1)
        heads = F.scaled_dot_product_attention(
            self.split(q),
            self.split(k),
            self.split(v),
            attn_mask=visible,
            dropout_p=self.dropout if self.training else 0.0,
        )
        b, _, n, _ = heads.shape
        return self.output(heads.transpose(1, 2).reshape(b, n, self.n_heads * self.d_k))


class FeedForward(nn.Module):
    def __init__(self, d_model, d_ff, dropout):
        super().__init__()
        self.w1 = xavier_linear(d_model, d_ff)
        self.w2 = xavier_linear(d_ff, d_model)
        self.dropout = nn.Dropout(dropout)

    def forward(self, x):
        return self.w2(self.dropout(torch.relu(self.w1(x))))


class Residual(nn.Module):
    """Post-norm: LayerNorm(x + Dropout(sublayer(x)))."""

    def __init__(self, d_model, dropout, eps):
        super().__init__()
        self.norm = nn.LayerNorm(d_model, eps=eps)
        self.dropout = nn.Dropout(dropout)

    def forward(self, x, y):
        return self.norm(x + self.dropout(y))


class EncoderLayer(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.self_attn = Attention(c["d_model"], c["n_heads"], c["dropout"], cross=False)
        self.feed_forward = FeedForward(c["d_model"], c["d_ff"], c["dropout"])
        self.attn_residual = Residual(c["d_model"], c["dropout"], c["ln_eps"])
        self.ff_residual = Residual(c["d_model"], c["dropout"], c["ln_eps"])

    def forward(self, x, src_visible):
        x = self.attn_residual(x, self.self_attn(x, x, src_visible))
        return self.ff_residual(x, self.feed_forward(x))


class DecoderLayer(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.self_attn = Attention(c["d_model"], c["n_heads"], c["dropout"], cross=False)
        self.cross_attn = Attention(c["d_model"], c["n_heads"], c["dropout"], cross=True)
        self.feed_forward = FeedForward(c["d_model"], c["d_ff"], c["dropout"])
        self.self_residual = Residual(c["d_model"], c["dropout"], c["ln_eps"])
        self.cross_residual = Residual(c["d_model"], c["dropout"], c["ln_eps"])
        self.ff_residual = Residual(c["d_model"], c["dropout"], c["ln_eps"])

    def forward(self, x, memory, tgt_visible, src_visible):
        x = self.self_residual(x, self.self_attn(x, x, tgt_visible))
        x = self.cross_residual(x, self.cross_attn(x, memory, src_visible))
        return self.ff_residual(x, self.feed_forward(x))


class Stack(nn.Module):
    def __init__(self, layer, c):
        super().__init__()
        self.layers = nn.ModuleList(layer(c) for _ in range(c["n_layers"]))


class Transformer(nn.Module):
    """Parameter names are those of the lab's safetensors export, but for the
    fused attention projections (`fused_state_dict`). `forward` gives the
    decoder's output; the generator is applied by the caller, to the rows it needs."""

    def __init__(self, c):
        super().__init__()
        self.pad = c["pad"]
        self.src_embed = InputEmbedding(c["src_vocab"], c["d_model"], c["dropout"])
        self.tgt_embed = InputEmbedding(c["tgt_vocab"], c["d_model"], c["dropout"])
        self.encoder = Stack(EncoderLayer, c)
        self.decoder = Stack(DecoderLayer, c)
        self.generator = xavier_linear(c["d_model"], c["tgt_vocab"])
        self.register_buffer("pe", sinusoid_table(c["max_len"], c["d_model"], c["pe_base"]), persistent=False)

    def forward(self, src, tgt_in):
        src_visible = (src != self.pad)[:, None, None, :]  # [batch, 1, 1, src_len]
        n = tgt_in.shape[1]
        past = torch.ones(n, n, dtype=torch.bool).tril()
        tgt_visible = (tgt_in != self.pad)[:, None, None, :] & past  # [batch, 1, n, n]
        x = self.src_embed(src, self.pe)
        for layer in self.encoder.layers:
            x = layer(x, src_visible)
        y = self.tgt_embed(tgt_in, self.pe)
        for layer in self.decoder.layers:
            y = layer(y, x, tgt_visible, src_visible)
        return y


def fused_state_dict(weights):
    """The lab's weights with each attention's q, k and v (self-attention) or
    k and v (cross-attention) stacked into the fused projection."""
    fused = dict(weights)
    for name in list(weights):
        if not name.endswith(".key.weight"):
            continue
        prefix = name[: -len("key.weight")]
        parts = ["key", "value"] if "cross_attn" in prefix else ["query", "key", "value"]
        target = "key_value" if len(parts) == 2 else "query_key_value"
        for kind in ["weight", "bias"]:
            fused[f"{prefix}{target}.{kind}"] = torch.cat([fused.pop(f"{prefix}{p}.{kind}") for p in parts])
    return fused


def smoothed_loss(logits, targets, smoothing, pad):
    """-sum_k q(k) log p(k) summed over the rows (none of them PAD), over their count:
    q is 1 - eps on the target and eps / (V - 2) on every other token but PAD,
    so the sum is (1 - eps) log p(target) + eps / (V - 2) (sum_k log p(k) - log p(PAD)
    - log p(target)), with no V-wide q built."""
    vocab = logits.shape[-1]
    log_p = logits.log_softmax(-1)
    on_target = log_p.gather(1, targets.unsqueeze(1)).squeeze(1)
    others = log_p.sum(-1) - log_p[:, pad] - on_target
    per_row = (1.0 - smoothing) * on_target + smoothing / (vocab - 2) * others
    return -per_row.sum() / max(targets.shape[0], 1)


def corpus_bleu(hypotheses, references, max_order=4):
    """Corpus BLEU-4 on 0..100, the lab's definition (lab_tasks::metrics::corpus_bleu):
    clipped n-gram precisions over the corpus, no smoothing, an order no
    hypothesis reaches left out, and the brevity penalty exp(1 - r/c) if c <= r."""
    matches, totals = [0] * max_order, [0] * max_order
    hyp_len = ref_len = 0
    for hyp, ref in zip(hypotheses, references, strict=True):
        hyp_len += len(hyp)
        ref_len += len(ref)
        for n in range(1, max_order + 1):
            ref_counts = {}
            for i in range(len(ref) - n + 1):
                gram = tuple(ref[i : i + n])
                ref_counts[gram] = ref_counts.get(gram, 0) + 1
            hyp_counts = {}
            for i in range(len(hyp) - n + 1):
                gram = tuple(hyp[i : i + n])
                hyp_counts[gram] = hyp_counts.get(gram, 0) + 1
            for gram, count in hyp_counts.items():
                matches[n - 1] += min(count, ref_counts.get(gram, 0))
                totals[n - 1] += count
    if hyp_len == 0:
        return 0.0
    log_sum, orders = 0.0, 0
    for matched, total in zip(matches, totals):
        if total == 0:
            continue
        if matched == 0:
            return 0.0
        log_sum += math.log(matched / total)
        orders += 1
    brevity = 1.0 if hyp_len > ref_len else math.exp(1.0 - ref_len / hyp_len)
    return 100.0 * brevity * math.exp(log_sum / orders)


@torch.no_grad()
def heldout_bleu(model, heldout, tokens):
    """Greedy decoding of every held-out source, scored against its reference."""
    model.eval()
    bos, eos, pad = tokens["bos"], tokens["eos"], tokens["pad"]
    vocab = heldout["tgt_vocab"]
    hypotheses, references = [], []
    for pair in heldout["pairs"]:
        src = torch.tensor([pair["src_ids"]], dtype=torch.int64)
        out = [bos]
        for _ in range(heldout["max_decode_len"]):
            y = model(src, torch.tensor([out], dtype=torch.int64))
            token = int(model.generator(y[0, -1]).argmax())
            if token == eos:
                break
            out.append(token)
        hypotheses.append([vocab[t] for t in out[1:] if t not in (pad, bos)])
        references.append(pair["reference"])
    model.train()
    return corpus_bleu(hypotheses, references)


def noam_rate(step, d_model, warmup, factor):
    step = max(step, 1)
    return factor * d_model**-0.5 * min(step**-0.5, step * warmup**-1.5)


def clip_each_(params, max_norm):
    """Each gradient tensor scaled to at most max_norm, on its own."""
    grads = [p.grad for p in params if p.grad is not None]
    coefs = torch._foreach_norm(grads)
    torch._foreach_add_(coefs, TINY)
    torch._foreach_reciprocal_(coefs)
    torch._foreach_mul_(coefs, max_norm)
    torch._foreach_clamp_max_(coefs, 1.0)
    torch._foreach_mul_(grads, coefs)


def read_safetensors(path):
    """A .safetensors file of F32 tensors, read without the safetensors package."""
    with open(path, "rb") as f:
        raw = f.read()
    (n,) = struct.unpack("<Q", raw[:8])
    header = json.loads(raw[8 : 8 + n])
    data = memoryview(raw)[8 + n :]
    out = {}
    for name, entry in header.items():
        if name == "__metadata__":
            continue
        if entry["dtype"] != "F32":
            raise ValueError(f"{name}: dtype {entry['dtype']}, expected F32")
        begin, end = entry["data_offsets"]
        values = torch.frombuffer(bytearray(data[begin:end]), dtype=torch.float32)
        out[name] = values.reshape(entry["shape"])
    return out


def read_batches(directory, workload):
    with open(os.path.join(directory, workload["batches_file"]), "rb") as f:
        ids = torch.frombuffer(bytearray(f.read()), dtype=torch.int64)
    batches = []
    for b in workload["batches"]:
        at, n, s, t = b["offset"], b["batch"], b["src_len"], b["tgt_len"]
        src = ids[at : at + n * s].view(n, s)
        tgt_in = ids[at + n * s : at + n * (s + t)].view(n, t)
        tgt_out = ids[at + n * (s + t) : at + n * (s + 2 * t)].view(n, t)
        batches.append((src.clone(), tgt_in.clone(), tgt_out.clone()))
    return batches


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dump", help="directory written by `cargo xtask dump-batches`")
    ap.add_argument("--steps", type=int, help="timed steps (default: every dumped batch after the warm-up)")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--dropout", type=float, help="override the workload's dropout")
    ap.add_argument("--own-init", action="store_true", help="PyTorch's own random init instead of the lab's weights")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--quiet", action="store_true", help="no per-step lines")
    ap.add_argument("--bleu", action="store_true", help="after the steps, held-out BLEU beside the lab's (a dump with `--task`)")
    args = ap.parse_args()

    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    with open(os.path.join(args.dump, "workload.json")) as f:
        w = json.load(f)
    if w["format"] != FORMAT:
        sys.exit(f"dump format {w['format']}, this script reads {FORMAT}")
    s = w["settings"]
    if s["norm"] != "Post":
        sys.exit(f"only the post-norm workload is written here, got {s['norm']}")
    c = {
        "d_model": s["d_model"],
        "n_heads": s["n_heads"],
        "d_ff": s["d_ff"],
        "n_layers": s["n_layers"],
        "dropout": s["dropout"] if args.dropout is None else args.dropout,
        "ln_eps": w["layer_norm_epsilon"],
        "src_vocab": w["src_vocab_size"],
        "tgt_vocab": w["tgt_vocab_size"],
        "max_len": w["max_len"],
        "pe_base": w["pe_base"],
        "pad": w["tokens"]["pad"],
    }
    model = Transformer(c)
    if not args.own_init:
        weights = read_safetensors(os.path.join(args.dump, w["init_file"]))
        model.load_state_dict(fused_state_dict(weights), strict=True)
    model.train()
    params = list(model.parameters())
    adam = w["adam"]
    opt = torch.optim.Adam(params, lr=0.0, betas=(adam["beta_1"], adam["beta_2"]), eps=adam["epsilon"], fused=True)

    batches = read_batches(args.dump, w)
    warmup = w["bench_warmup_steps"]
    timed = len(batches) - warmup if args.steps is None else args.steps
    if timed <= 0 or warmup + timed > len(batches):
        sys.exit(f"{len(batches)} batches dumped; {warmup} warm-up + {timed} timed steps asked")
    lab_lr = w["lab"]["learning_rate"]
    smoothing, pad, clip = s["label_smoothing"], c["pad"], w["grad_clip_norm"]
    seconds = []
    for step, (src, tgt_in, tgt_out) in enumerate(batches[: warmup + timed], start=1):
        started = time.perf_counter()
        lr = noam_rate(step, s["d_model"], s["warmup_steps"], s["lr_factor"])
        for group in opt.param_groups:
            group["lr"] = lr
        opt.zero_grad(set_to_none=True)
        kept = (tgt_out != pad).reshape(-1)
        rows = model(src, tgt_in).reshape(-1, c["d_model"])[kept]
        loss = smoothed_loss(model.generator(rows), tgt_out.reshape(-1)[kept], smoothing, pad)
        loss.backward()
        clip_each_(params, clip)
        opt.step()
        value = loss.item()
        elapsed = time.perf_counter() - started
        if step > warmup:
            seconds.append(elapsed)
        if abs(lr - lab_lr[step - 1]) > 1e-6 * lab_lr[step - 1]:
            sys.exit(f"step {step}: Noam rate {lr} but the lab used {lab_lr[step - 1]}")
        if not args.quiet:
            print(json.dumps({"step": step, "loss": value, "lr": lr, "seconds": elapsed}))
    per_s = len(seconds) / sum(seconds)
    # One candidate per thread count in `cargo xtask bench --peers`.
    name = "torch" if args.threads == 1 else f"torch-{args.threads}-threads"
    print(f"bench {name} native steps_per_s={per_s:.2f}")
    summary = {
        "torch": torch.__version__,
        "threads": torch.get_num_threads(),
        "warmup_steps": warmup,
        "timed_steps": len(seconds),
        "steps_per_s": per_s,
        "median_step_per_s": 1.0 / statistics.median(seconds),
    }
    print(json.dumps(summary))
    if args.bleu:
        bleu = heldout_bleu(model, w["heldout"], w["tokens"])
        lab_bleu = w["lab"]["heldout_bleu"]
        print(f"heldout bleu torch={bleu:.2f} lab={lab_bleu:.2f} difference={bleu - lab_bleu:+.2f}")


if __name__ == "__main__":
    main()
