#!/usr/bin/env python3
"""Bytes of a wasm file's code, summed by Rust crate (BENCHMARKS.md, "Size").

    python3 bench/wasm_sizes.py <file.wasm> [top] [crate]

Reads the code section (each function body's size) and the name section
(each function's symbol), so the file must keep its names: build it without
`-C strip=symbols`. Symbols are grouped by their first path segment
(`<crate as Trait>` impls by the crate inside the brackets). With `crate`,
also lists that crate's bytes by its next two path segments. Standard
library only.
"""
import collections
import re
import sys


def leb(buf, i):
    """An unsigned LEB128 number at `i`, and the offset after it."""
    value = shift = 0
    while True:
        byte = buf[i]
        i += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return value, i


def sections(buf):
    i = 8  # magic and version
    while i < len(buf):
        sid = buf[i]
        size, i = leb(buf, i + 1)
        yield sid, i, size
        i += size


def imported_functions(buf, off):
    count, j = leb(buf, off)
    functions = 0
    for _ in range(count):
        for _name in range(2):  # module, field
            n, j = leb(buf, j)
            j += n
        kind = buf[j]
        j += 1
        if kind == 0:  # function: type index
            _, j = leb(buf, j)
            functions += 1
        elif kind == 1:  # table: element type, limits
            flags, j = leb(buf, j + 1)
            _, j = leb(buf, j)
            if flags & 1:
                _, j = leb(buf, j)
        elif kind == 2:  # memory: limits
            flags, j = leb(buf, j)
            _, j = leb(buf, j)
            if flags & 1:
                _, j = leb(buf, j)
        elif kind == 3:  # global: type, mutability
            j += 2
        else:
            raise ValueError(f"import kind {kind} not understood")
    return functions


def function_sizes(buf):
    """{function index: body bytes} and {function index: symbol}."""
    first, sizes, names = 0, {}, {}
    for sid, off, size in sections(buf):
        if sid == 2:
            first = imported_functions(buf, off)
        elif sid == 10:
            count, j = leb(buf, off)
            for k in range(count):
                n, body = leb(buf, j)
                sizes[first + k] = n + (body - j)
                j = body + n
        elif sid == 0:
            n, j = leb(buf, off)
            if buf[j:j + n] != b"name":
                continue
            j += n
            while j < off + size:
                sub = buf[j]
                length, j = leb(buf, j + 1)
                if sub == 1:  # function names
                    count, k = leb(buf, j)
                    for _ in range(count):
                        index, k = leb(buf, k)
                        n, k = leb(buf, k)
                        names[index] = buf[k:k + n].decode("utf-8", "replace")
                        k += n
                j += length
    return sizes, names


def path(symbol):
    """The path segments of a mangled (`_ZN…E`) or demangled symbol."""
    if symbol.startswith("_ZN"):
        segments, j = [], 3
        while j < len(symbol) and symbol[j].isdigit():
            digits = re.match(r"\d+", symbol[j:]).group(0)
            n, j = int(digits), j + len(digits)
            segments.append(symbol[j:j + n])
            j += n
        return segments
    return symbol.split("::")


def crate(symbol):
    segments = path(symbol)
    head = segments[0] if segments else symbol
    inner = re.search(r"(?:_\$LT\$|<)+(?:&|\$RF\$)?(?:mut\s|mut\$u20\$)?([a-z_0-9]+)", head)
    if head.startswith(("_$LT$", "<")) and inner:
        return f"<{inner.group(1)}>"
    return head


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    buf = open(sys.argv[1], "rb").read()
    top = int(sys.argv[2]) if len(sys.argv) > 2 else 30
    sizes, names = function_sizes(buf)
    if not names:
        sys.exit("no function names: build without -C strip=symbols")
    total = sum(sizes.values())
    by_crate = collections.Counter()
    for index, size in sizes.items():
        by_crate[crate(names.get(index, "?"))] += size
    print(f"{total} bytes of code in {len(sizes)} functions")
    for name, size in by_crate.most_common(top):
        print(f"{size:9d} {100 * size / total:5.1f}% {name}")
    if len(sys.argv) > 3:
        wanted, inside = sys.argv[3], collections.Counter()
        for index, size in sizes.items():
            symbol = names.get(index, "?")
            if crate(symbol) == wanted:
                inside["::".join(path(symbol)[1:3])] += size
        print(f"\n{wanted}, by module:")
        for name, size in inside.most_common(top):
            print(f"{size:9d} {name}")


if __name__ == "__main__":
    main()
