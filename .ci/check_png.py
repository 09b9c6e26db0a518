#!/usr/bin/env python3
"""Fails unless FILE is a PNG of exactly WxH that is not blank — and, given
the figures the run printed for it (STATS, from `--frame-stats`) and a
screenshot of the title at the same size (TITLE), unless it shows a table
with its pieces drawn:

- not blank: many distinct colours and real contrast, so a black, white or
  single-colour frame fails;
- a table: at least a fifth of the picture is the felt's own colour (the
  colour the run names), so noise or a gradient fails;
- its pieces drawn: at the middle of nearly every piece and cell the run
  says it drew, the picture is not felt, so a table whose pieces were not
  drawn (or were painted over) fails;
- not the title: at least a tenth of the picture differs from the title's.

Used by the GUI smoke check. Standard library only (zlib), so CI needs
nothing installed for it.
"""
import json
import struct
import sys
import zlib


def read_png(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise SystemExit(f"{path}: not a PNG file")
    pos, chunks = 8, []
    width = height = depth = ctype = None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, ctype = struct.unpack(">IIBB", body[:10])
        elif kind == b"IDAT":
            chunks.append(body)
        elif kind == b"IEND":
            break
    if depth != 8 or ctype not in (2, 6):
        raise SystemExit(f"{path}: expected 8-bit RGB or RGBA, got depth {depth} colour type {ctype}")
    channels = 3 if ctype == 2 else 4
    raw = zlib.decompress(b"".join(chunks))
    stride = width * channels
    rows, prev = [], bytearray(stride)
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = prev[i]
            c = prev[i - channels] if i >= channels else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pred) & 255
        rows.append(line)
        prev = line
    return width, height, channels, rows


def pixel(rows, ch, x, y):
    row = rows[y]
    return row[x * ch], row[x * ch + 1], row[x * ch + 2]


def distance(a, b):
    return sum((p - q) ** 2 for p, q in zip(a, b)) ** 0.5


def grid(w, h, step):
    return [(x, y) for y in range(0, h, step) for x in range(0, w, step)]


def check_table(path, w, h, ch, rows, stats):
    felt = tuple(stats.get("felt") or ())
    centres = stats.get("piece_centres") or []
    if len(felt) != 3:
        raise SystemExit(f"{path}: the run did not say the felt's colour")
    points = grid(w, h, 8)
    on_felt = sum(distance(pixel(rows, ch, x, y), felt) <= 12 for x, y in points) / len(points)
    if on_felt < 0.2:
        raise SystemExit(f"{path}: not a table on the felt ({on_felt:.0%} of it is felt, a fifth at least wanted)")
    if len(centres) < 2:
        raise SystemExit(f"{path}: the run drew {len(centres)} pieces; a table shows more")
    drawn = 0
    for cx, cy in centres:
        patch = [pixel(rows, ch, min(max(cx + dx, 0), w - 1), min(max(cy + dy, 0), h - 1))
                 for dx in (-3, 0, 3) for dy in (-3, 0, 3)]
        if max(distance(p, felt) for p in patch) > 30:
            drawn += 1
    if drawn < 0.8 * len(centres):
        raise SystemExit(f"{path}: only {drawn} of the {len(centres)} pieces the run drew are in the picture")
    return on_felt, drawn, len(centres)


def check_not_title(path, w, h, ch, rows, title_path):
    tw, th, tch, trows = read_png(title_path)
    if (tw, th) != (w, h):
        raise SystemExit(f"{title_path}: {tw}x{th}, not the {w}x{h} of {path}")
    points = grid(w, h, 4)
    differ = sum(distance(pixel(rows, ch, x, y), pixel(trows, tch, x, y)) > 24 for x, y in points) / len(points)
    if differ < 0.1:
        raise SystemExit(f"{path}: the title screen ({differ:.1%} of it differs from the title's picture)")
    return differ


def main():
    if len(sys.argv) < 2:
        raise SystemExit("usage: check_png.py FILE [WIDTH HEIGHT [STATS [TITLE]]]")
    path = sys.argv[1]
    w, h, ch, rows = read_png(path)
    if len(sys.argv) > 3 and (w, h) != (int(sys.argv[2]), int(sys.argv[3])):
        raise SystemExit(f"{path}: {w}x{h}, not the {sys.argv[2]}x{sys.argv[3]} asked for")
    colours, lum = set(), []
    for y in range(0, h, 4):
        row = rows[y]
        for x in range(0, w, 4):
            r, g, b = row[x * ch], row[x * ch + 1], row[x * ch + 2]
            colours.add((r >> 3, g >> 3, b >> 3))
            lum.append(0.2126 * r + 0.7152 * g + 0.0722 * b)
    mean = sum(lum) / len(lum)
    spread = (sum((v - mean) ** 2 for v in lum) / len(lum)) ** 0.5
    if len(colours) < 50 or spread < 15:
        raise SystemExit(f"{path}: looks blank ({len(colours)} colours, contrast {spread:.1f})")
    said = f"{path}: {w}x{h}, {len(colours)} colours, contrast {spread:.1f}"
    if len(sys.argv) > 4:
        stats = json.load(open(sys.argv[4]))
        on_felt, drawn, pieces = check_table(path, w, h, ch, rows, stats)
        said += f", {on_felt:.0%} felt, {drawn} of {pieces} pieces drawn"
    if len(sys.argv) > 5:
        differ = check_not_title(path, w, h, ch, rows, sys.argv[5])
        said += f", {differ:.0%} unlike the title"
    print(said + ": ok")


main()
