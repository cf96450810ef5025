"""Held-out BLEU of a real task's model by sacrebleu's own tokenisation,
beside the lab's word-level BLEU (issue 45).

Reads the table `attention-lab eval --checkpoint C --examples N` prints
(| source | model | reference |, words separated by spaces), joins each
side's words without spaces as the text was written, and scores the corpus
with sacrebleu: `zh` for Chinese, `char` for Japanese.

    attention-lab eval --checkpoint assets/checkpoints/real-en-zh.ckpt --examples 100000 \
        | python bench/sacrebleu_heldout.py zh
"""
import sys

import sacrebleu


def rows(lines):
    for line in lines:
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 3 or cells[0] in ("source", "---"):
            continue
        yield cells


def main():
    tokenize = sys.argv[1] if len(sys.argv) > 1 else "zh"
    text = sys.stdin.read().splitlines()
    print("\n".join(line for line in text if not line.startswith("|")))
    table = list(rows(text))
    refs = ["".join(ref.split()) for _, _, ref in table]
    # As decoded, and with <unk> dropped (sacrebleu's zh tokeniser cuts
    # "<unk>" into three tokens, none of which a reference holds).
    for name, drop in (("as decoded", ""), ("<unk> dropped", "<unk>")):
        hyps = ["".join(model.replace(drop, " ").split()) if drop else "".join(model.split()) for _, model, _ in table]
        bleu = sacrebleu.corpus_bleu(hyps, [refs], tokenize=tokenize)
        print(f"{len(table)} held-out sentences, sacrebleu {sacrebleu.__version__} tokenize={tokenize}, {name}: BLEU {bleu.score:.1f}")


if __name__ == "__main__":
    main()
