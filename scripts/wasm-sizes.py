#!/usr/bin/env python3
"""What takes the space in a .wasm, by crate: a cargo-bloat-style table.

    scripts/wasm-sizes.py target/wasm-build/wasm32-unknown-unknown/web-small/parlour.wasm [--top N]

Reads the module the compiler wrote (before wasm-bindgen, which removes the
function names): each function body's size in the code section, attributed
to the crate its (mangled) name starts with, as cargo-bloat does — a generic
function is counted in the crate that defines it, whoever instantiates it —
and the data section (constants, tables, the fonts and text built in) as one
line. Sizes are of the raw module; compressed, each part shrinks by its own
ratio, so the table says where bytes are, not exactly what cutting one saves.
"""

import re
import sys
from collections import Counter


def leb(data, i):
    result = shift = 0
    while True:
        b = data[i]
        i += 1
        result |= (b & 0x7F) << shift
        shift += 7
        if not b & 0x80:
            return result, i


def sections(data):
    assert data[:4] == b"\0asm", "not a WebAssembly module"
    i = 8
    while i < len(data):
        kind = data[i]
        size, j = leb(data, i + 1)
        yield kind, data[j : j + size]
        i = j + size


def crate_of_v0(name):
    """The crate a v0-mangled symbol (`_R...`) starts its path with: the
    mangling is prefix-first (`N` nests a path, `I` opens generic arguments,
    `M`/`X`/`Y` an impl), so the first crate root (`C`) met, skipping those
    tags, disambiguators (`s..._`) and references, is the innermost path's.
    None for what it does not follow (a back-reference, a basic type)."""
    s, i = name, 2
    while i < len(s) and s[i].isdigit():  # an encoding version
        i += 1
    while i < len(s):
        c = s[i]
        if c == "N":
            i += 2
        elif c in "IMXY":
            i += 1
        elif c == "s":
            i = s.find("_", i) + 1 or len(s)
        elif c in "RQ":
            i += 1
            if i < len(s) and s[i] == "L":
                i = s.find("_", i) + 1 or len(s)
        elif c == "C":
            i += 1
            if i < len(s) and s[i] == "s":
                i = s.find("_", i) + 1 or len(s)
            m = re.match(r"(u?)(\d+)_?", s[i:])
            if not m:
                return None
            start = i + m.end()
            ident = s[start : start + int(m.group(2))]
            return ident + (" (punycode)" if m.group(1) else "")
        else:
            return None
    return None


def crate_of(name):
    # Legacy mangling: _ZN<len><ident>...; impls read `_ZN<len>_$LT$crate..`.
    m = re.match(r"_ZN(\d+)", name)
    if m:
        n = int(m.group(1))
        start = m.end()
        ident = name[start : start + n]
        inner = re.match(r"_\$LT\$(?:\$u20\$)?(?:dyn\$u20\$)?([A-Za-z_][A-Za-z0-9_]*)", ident)
        if inner:
            return inner.group(1)
        return ident
    if name.startswith("_R"):
        crate = crate_of_v0(name)
        if crate:
            return crate
    m = re.match(r"<?([A-Za-z_][A-Za-z0-9_]*)::", name)
    if m:
        return m.group(1)
    return "(other: " + re.sub(r"[^A-Za-z_].*", "", name)[:24] + ")"


def main():
    args = sys.argv[1:]
    top = 25
    if "--top" in args:
        k = args.index("--top")
        top = int(args[k + 1])
        del args[k : k + 2]
    data = open(args[0], "rb").read()
    imported = 0
    bodies = []
    names = {}
    data_size = 0
    other = Counter()
    for kind, body in sections(data):
        if kind == 2:  # imports: functions among them are numbered first
            count, i = leb(body, 0)
            for _ in range(count):
                for _ in range(2):
                    n, i = leb(body, i)
                    i += n
                what = body[i]
                i += 1
                if what == 0:
                    _, i = leb(body, i)
                    imported += 1
                elif what == 1:
                    i += 1
                    flags, i = leb(body, i)
                    _, i = leb(body, i)
                    if flags & 1:
                        _, i = leb(body, i)
                elif what == 2:
                    flags, i = leb(body, i)
                    _, i = leb(body, i)
                    if flags & 1:
                        _, i = leb(body, i)
                elif what == 3:
                    i += 2
                else:
                    _, i = leb(body, i + 1)
        elif kind == 10:
            count, i = leb(body, 0)
            for _ in range(count):
                size, j = leb(body, i)
                bodies.append(j - i + size)
                i = j + size
        elif kind == 11:
            data_size += len(body)
        elif kind == 0:
            n, i = leb(body, 0)
            title = body[i : i + n].decode()
            i += n
            if title == "name":
                while i < len(body):
                    sub = body[i]
                    size, j = leb(body, i + 1)
                    if sub == 1:
                        count, k = leb(body, j)
                        for _ in range(count):
                            index, k = leb(body, k)
                            n, k = leb(body, k)
                            names[index] = body[k : k + n].decode("utf-8", "replace")
                            k += n
                    i = j + size
            other["custom section " + title] += len(body)
        else:
            other[{1: "types", 2: "imports", 3: "functions", 4: "tables", 5: "memory", 6: "globals",
                   7: "exports", 8: "start", 9: "elements", 12: "data count"}.get(kind, str(kind))] += len(body)
    if not names:
        sys.exit("wasm-sizes: the module has no function names (run it on the compiler's .wasm, before wasm-bindgen)")
    by_crate = Counter()
    functions = Counter()
    for k, size in enumerate(bodies):
        crate = crate_of(names.get(imported + k, "?"))
        by_crate[crate] += size
        functions[crate] += 1
    code = sum(bodies)
    total = len(data)
    print(f"{total:>11,} bytes in all: code {code:,} ({len(bodies):,} functions), data {data_size:,}")
    print(f"{'bytes':>11}  {'share':>6}  {'functions':>9}  crate")
    for crate, size in by_crate.most_common(top):
        print(f"{size:>11,}  {100 * size / total:5.1f}%  {functions[crate]:>9,}  {crate}")
    rest = sum(size for crate, size in by_crate.most_common()[top:])
    print(f"{rest:>11,}  {100 * rest / total:5.1f}%  {'':>9}  ({len(by_crate) - top} other crates)")
    print(f"{data_size:>11,}  {100 * data_size / total:5.1f}%  {'':>9}  data section (constants, fonts, text)")
    for what, size in other.most_common():
        print(f"{size:>11,}  {100 * size / total:5.1f}%  {'':>9}  {what}")


if __name__ == "__main__":
    main()
