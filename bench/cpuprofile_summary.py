"""Summarise a V8 CPU profile (`node --cpu-prof`) of the wasm benchmark.

    python3 bench/cpuprofile_summary.py CPU.*.cpuprofile [PATTERN ...]

Prints the functions with the most self time (share of all samples), then,
for each PATTERN, the share of samples with a function whose name contains it
anywhere on the stack (inclusive time). The wasm must keep its name section
(build without `-C strip=symbols`) for the names to mean anything.
Only the standard library is needed.
"""

import collections
import json
import sys

TOP = 40


def main() -> None:
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    profile = json.load(open(sys.argv[1]))
    patterns = sys.argv[2:]
    nodes = {n["id"]: n for n in profile["nodes"]}
    parent = {c: n["id"] for n in profile["nodes"] for c in n.get("children", [])}
    name = lambda i: nodes[i]["callFrame"]["functionName"] or "(anonymous)"
    samples = collections.Counter(profile["samples"])
    total = sum(samples.values())
    own = collections.Counter()
    for node, count in samples.items():
        own[name(node)] += count
    print(f"{total} samples; self time:")
    for function, count in own.most_common(TOP):
        print(f"{100 * count / total:6.2f}% {function[:140]}")
    inclusive = collections.Counter()
    for node, count in samples.items():
        seen = set()
        at = node
        while at is not None:
            for pattern in patterns:
                if pattern in name(at) and pattern not in seen:
                    seen.add(pattern)
                    inclusive[pattern] += count
            at = parent.get(at)
    if patterns:
        print("inclusive (anywhere on the stack):")
        for pattern in patterns:
            print(f"{100 * inclusive[pattern] / total:6.2f}% {pattern}")


if __name__ == "__main__":
    main()
