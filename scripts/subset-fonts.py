#!/usr/bin/env python3
"""Subsets the typefaces Parlour builds into the program to the characters it
draws (run through scripts/subset-fonts.sh, which installs fonttools).

Sources, whole, in assets/fonts/source/: Inter (regular, semi-bold, bold) and
the fonts egui ships (Noto Emoji and emoji-icon-font, from which Parlour
takes only the few symbols Inter lacks, and Hack, its monospace). Written to assets/fonts/:

  Inter-Regular.otf, Inter-SemiBold.otf, Inter-Bold.otf
      printable ASCII, Latin-1 and Latin Extended-A (names a player types:
      Søren, Zoë, Łukasz), general punctuation, and every other character of
      the catalogues (assets/locales) and of the code's strings that Inter has;
  Symbols-Noto.ttf, Symbols-Icons.ttf
      each character of the catalogues and strings that Inter lacks, from the
      first of the two that has it, as egui's own fallback order would take it;
  Mono-Hack.ttf
      printable ASCII of Hack, egui's monospace (a variant's share link).

Fails, naming it, on a character of a catalogue or a string that none of the
fonts has: it would be drawn as a box.
"""

import glob
import os
import re
import sys
import unicodedata

from fontTools import subset
from fontTools.ttLib import TTFont

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCE = os.path.join(ROOT, "assets/fonts/source")
OUT = os.path.join(ROOT, "assets/fonts")

INTER = ["Inter-Regular.otf", "Inter-SemiBold.otf", "Inter-Bold.otf"]
# (source, written as), in egui's fallback order after Inter.
SYMBOLS = [("NotoEmoji-Regular.ttf", "Symbols-Noto.ttf"), ("emoji-icon-font.ttf", "Symbols-Icons.ttf")]
MONO = ("Hack-Regular.ttf", "Mono-Hack.ttf")

# Always in Inter's subset: what a typed name or a number may hold.
RANGES = [
    (0x20, 0x7E),  # printable ASCII
    (0xA0, 0xFF),  # Latin-1 Supplement
    (0x100, 0x17F),  # Latin Extended-A
    (0x2010, 0x2027),  # dashes, quotes, bullet, ellipsis
    (0x2030, 0x203A),  # per mille, primes, angle quotes
    (0x20AC, 0x20AC),  # euro
    (0x2212, 0x2212),  # minus
    (0xFFFD, 0xFFFD),  # the replacement character
]


def strip_comment(line):
    """The line without its `//` comment (a `//` outside a string)."""
    quotes = 0
    i = 0
    while i < len(line):
        c = line[i]
        if c == "\\" and quotes % 2 == 1:
            i += 2
            continue
        if c == '"':
            quotes += 1
        elif line.startswith("//", i) and quotes % 2 == 0:
            return line[:i]
        i += 1
    return line


def used_characters():
    """Every character the catalogues and the code's strings may put on screen."""
    chars = {}
    for path in sorted(glob.glob(os.path.join(ROOT, "assets/locales/**/*.ftl"), recursive=True)):
        with open(path, encoding="utf-8") as f:
            for line in f:
                if line.lstrip().startswith("#"):
                    continue
                for c in line:
                    chars.setdefault(c, os.path.relpath(path, ROOT))
    for pattern in ("src/**/*.rs", "core/src/**/*.rs"):
        for path in sorted(glob.glob(os.path.join(ROOT, pattern), recursive=True)):
            with open(path, encoding="utf-8") as f:
                for line in f:
                    code = strip_comment(line)
                    # Strings and character literals only.
                    for literal in re.findall(r'"(?:[^"\\]|\\.)*"|\'(?:[^\'\\]|\\.)\'', code):
                        for c in literal:
                            chars.setdefault(c, os.path.relpath(path, ROOT))
    return {c: where for c, where in chars.items() if ord(c) > 0x7E}


# Hinting is kept in Inter, which Bevy's text draws too; egui, the only one to
# draw the others, rasterises without it.
def write_subset(source, target, codepoints, hinting=True):
    options = subset.Options()
    options.layout_features = ["*"]  # kerning, ligatures, tabular figures...
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.glyph_names = False
    options.hinting = hinting
    font = subset.load_font(source, options)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(codepoints))
    subsetter.subset(font)
    subset.save_font(font, target, options)


def main():
    used = used_characters()
    inter = TTFont(os.path.join(SOURCE, INTER[0])).getBestCmap()
    wanted = {cp for lo, hi in RANGES for cp in range(lo, hi + 1) if cp in inter}
    wanted |= {ord(c) for c in used if ord(c) in inter}

    symbols = {target: set() for _, target in SYMBOLS}
    cmaps = [(target, TTFont(os.path.join(SOURCE, source)).getBestCmap()) for source, target in SYMBOLS]
    missing = []
    for c, where in sorted(used.items()):
        if ord(c) in inter or c in "\u200b\ufe0f":
            continue
        found = next((target for target, cmap in cmaps if ord(c) in cmap), None)
        if found:
            symbols[found].add(ord(c))
        elif not unicodedata.category(c).startswith(("C", "Z")):
            missing.append(f"U+{ord(c):04X} {c} ({unicodedata.name(c, '?')}), in {where}")
    if missing:
        sys.exit("subset-fonts: no font draws these:\n  " + "\n  ".join(missing))

    for name in INTER:
        write_subset(os.path.join(SOURCE, name), os.path.join(OUT, name), wanted)
    for source, target in SYMBOLS:
        write_subset(os.path.join(SOURCE, source), os.path.join(OUT, target), symbols[target], hinting=False)

    write_subset(os.path.join(SOURCE, MONO[0]), os.path.join(OUT, MONO[1]), range(0x20, 0x7F), hinting=False)

    for name in INTER + [t for _, t in SYMBOLS] + [MONO[1]]:
        path = os.path.join(OUT, name)
        print(f"subset-fonts: {name}: {os.path.getsize(path)} bytes")
    for target, cps in symbols.items():
        print(f"subset-fonts: {target}: {''.join(chr(c) for c in sorted(cps))}")


if __name__ == "__main__":
    main()
