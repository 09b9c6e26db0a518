#!/usr/bin/env python3
"""Fails unless FILE is a PNG of exactly WxH that is not blank.

Used by the GUI smoke check: "not blank" means many distinct colours and
real contrast, so a black, white or single-colour frame fails.
Standard library only (zlib), so CI needs nothing installed for it.
"""
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


def main():
    if len(sys.argv) < 2:
        raise SystemExit("usage: check_png.py FILE [WIDTH HEIGHT]")
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
    print(f"{path}: {w}x{h}, {len(colours)} colours, contrast {spread:.1f}: ok")


main()
