#!/usr/bin/env python3
"""The GUI smoke check's pictures.

    check_png.py FILE [WIDTH HEIGHT [STATS [TITLE]]]
    check_png.py --title FILE WIDTH HEIGHT STATS

Fails unless FILE is a PNG of exactly WxH that is not blank — and, given
the figures the run printed for it (STATS, from `--frame-stats`) and a
screenshot of the title at the same size (TITLE), unless it shows a table
drawn at that frame:

- not blank: many distinct colours and real contrast, so a black, white or
  single-colour frame fails;
- a table: at least a fifth of the picture is the felt's own colour (the
  colour the run names), so noise or a gradient fails;
- its pieces drawn: nearly every token or card the run drew settled in
  its place (not one still on its way there, which may pass under the top
  bar) shows its own face's colour where the run put it, and so does
  nearly every cell; on
  nearly every one with a digit or mark printed on it there is ink. The
  tokens are held to their own colour, not merely "not felt", so a board
  whose cells are drawn but not its tokens fails; so does a Paper Boxing
  grid without its numbers;
- drawn afresh: the run also saved an earlier frame (STATS' `earlier`),
  with fewer moves played; both pictures pass the checks above, and where
  a piece or cell changed between the two frames the pictures differ, so a
  frozen picture (the same frame twice) fails;
- not the title: at least a tenth of the picture differs from the title's.

With --title, FILE is that title screenshot: of the size asked for, not
blank, a picture of the title screen by its figures, on the felt, and no
table drawn on it. The game's picture is only compared with a title that
passes this.

Used by the GUI smoke check; its tests are test_check_png.py. Standard
library only (zlib), so CI needs nothing installed for it.
"""
import json
import struct
import sys
import zlib


class Refused(Exception):
    """A picture the check does not accept, and why."""


def read_png(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise Refused(f"{path}: not a PNG file")
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
        raise Refused(f"{path}: expected 8-bit RGB or RGBA, got depth {depth} colour type {ctype}")
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
    return Picture(path, width, height, channels, rows)


class Picture:
    def __init__(self, path, w, h, ch, rows):
        self.path, self.w, self.h, self.ch, self.rows = path, w, h, ch, rows

    def at(self, x, y):
        x, y = min(max(x, 0), self.w - 1), min(max(y, 0), self.h - 1)
        row, i = self.rows[y], x * self.ch
        return row[i], row[i + 1], row[i + 2]


def distance(a, b):
    return sum((p - q) ** 2 for p, q in zip(a, b)) ** 0.5


def grid(w, h, step):
    return [(x, y) for y in range(0, h, step) for x in range(0, w, step)]


def inside(thing, share=0.3):
    """Points across the middle of a piece or cell (a box `share` of its
    size either side of its middle): its face, and what is printed on it,
    not its rim, its shadow or its neighbours."""
    (cx, cy), (sw, sh) = thing["at"], thing.get("size") or (0, 0)
    rx, ry = max(int(sw * share), 3), max(int(sh * share), 3)
    step = max(1, min(rx, ry) // 6)
    return [(x, y) for y in range(cy - ry, cy + ry + 1, step) for x in range(cx - rx, cx + rx + 1, step)]


# A face is drawn when a third of its middle is its colour; something is
# printed on it when a fiftieth of its middle is ink, far from the face.
FACE_NEAR, FACE_SHARE = 24, 1 / 3
INK_FAR, INK_SHARE = 60, 1 / 50


def face_drawn(pic, thing):
    colour, points = thing["colour"], inside(thing)
    return sum(distance(pic.at(x, y), colour) <= FACE_NEAR for x, y in points) / len(points) >= FACE_SHARE


def ink_drawn(pic, thing):
    colour, points = thing["colour"], inside(thing)
    return sum(distance(pic.at(x, y), colour) > INK_FAR for x, y in points) / len(points) >= INK_SHARE


def check_size(pic, w, h):
    if (pic.w, pic.h) != (w, h):
        raise Refused(f"{pic.path}: {pic.w}x{pic.h}, not the {w}x{h} asked for")


def check_not_blank(pic):
    colours, lum = set(), []
    for x, y in grid(pic.w, pic.h, 4):
        r, g, b = pic.at(x, y)
        colours.add((r >> 3, g >> 3, b >> 3))
        lum.append(0.2126 * r + 0.7152 * g + 0.0722 * b)
    mean = sum(lum) / len(lum)
    spread = (sum((v - mean) ** 2 for v in lum) / len(lum)) ** 0.5
    if len(colours) < 50 or spread < 15:
        raise Refused(f"{pic.path}: looks blank ({len(colours)} colours, contrast {spread:.1f})")
    return f"{len(colours)} colours, contrast {spread:.1f}"


def felt_of(stats, where):
    felt = tuple(stats.get("felt") or ())
    if len(felt) != 3:
        raise Refused(f"{where}: the run did not say the felt's colour")
    return felt


# The menus' full-window panel (src/ui/widgets.rs, panel_frame): the title
# is drawn on it, over the felt.
PANEL = (15, 45, 34)


def felt_share(pic, felt):
    points = grid(pic.w, pic.h, 8)
    return sum(distance(pic.at(x, y), felt) <= 12 for x, y in points) / len(points)


def check_table(pic, shot, felt):
    """The table of one screenshot against what its frame drew (`shot`:
    the figures of that frame — the run's, or its `earlier`)."""
    on_felt = felt_share(pic, felt)
    if on_felt < 0.2:
        raise Refused(f"{pic.path}: not a table on the felt ({on_felt:.0%} of it is felt, a fifth at least wanted)")
    pieces, cells = shot.get("pieces") or [], shot.get("cells") or []
    if len(pieces) + len(cells) < 2:
        raise Refused(f"{pic.path}: the run drew {len(pieces) + len(cells)} pieces and cells; a table shows more")
    carried = pieces + [c for c in cells if c.get("printed")]
    if not carried:
        raise Refused(f"{pic.path}: the run drew no token, card or number on the table")
    # A piece still on its way (a card flying in from a seat, the hand
    # sliding) may pass under the top bar or another piece: the picture is
    # held to the pieces settled in their places.
    settled = [p for p in pieces if not p.get("moving")]
    # A cell under a token shows the token, which is held to its own colour.
    bare = [c for c in cells if not any(under(c, p) for p in pieces)]
    said = []
    for kind, things in (("tokens and cards", settled), ("bare cells", bare)):
        if not things:
            continue
        drawn = sum(face_drawn(pic, t) for t in things)
        if drawn < 0.8 * len(things):
            raise Refused(f"{pic.path}: only {drawn} of the {len(things)} {kind} the run drew are in the picture")
        said.append(f"{drawn} of {len(things)} {kind}")
    if len(settled) < len(pieces):
        said.append(f"{len(pieces) - len(settled)} on their way (not counted)")
    printed = [t for t in settled + cells if t.get("printed")]
    if printed:
        inked = sum(ink_drawn(pic, t) for t in printed)
        if inked < 0.8 * len(printed):
            raise Refused(f"{pic.path}: only {inked} of the {len(printed)} digits and marks the run printed are in the picture")
        said.append(f"{inked} of {len(printed)} printed")
    return f"{on_felt:.0%} felt, " + ", ".join(said) + " drawn"


def under(cell, piece):
    """Whether `piece` lies over the middle of `cell`."""
    (cx, cy), (px, py) = cell["at"], piece["at"]
    sw, sh = cell.get("size") or (0, 0)
    return abs(cx - px) <= sw / 2 and abs(cy - py) <= sh / 2


def changed(before, after):
    """The pieces and cells of `after` that are new, moved, recoloured or
    reprinted since `before`."""
    was = {(kind, t["id"]): t for kind in ("pieces", "cells") for t in before.get(kind) or []}
    out = []
    for kind in ("pieces", "cells"):
        for t in after.get(kind) or []:
            old = was.get((kind, t["id"]))
            if (old is None or distance(old["at"], t["at"]) > 3
                    or distance(old["colour"], t["colour"]) > FACE_NEAR
                    or old.get("printed") != t.get("printed")):
                out.append(t)
    return out


def check_live(earlier_pic, earlier, pic, stats):
    """Two screenshots of one run: the match moved on between them, and the
    picture shows it where the run says it drew something new."""
    if earlier.get("screen") != "Play" or earlier.get("game") != stats.get("game"):
        raise Refused(f"{earlier_pic.path}: frame {earlier.get('frame')} showed {earlier.get('screen')!r} "
                      f"{earlier.get('game')!r}, not the play screen with {stats.get('game')!r}")
    if not earlier.get("moves_shown", 0) < stats.get("moves_shown", 0):
        raise Refused(f"{pic.path}: no move was played between frames {earlier.get('frame')} and "
                      f"{stats.get('frame')} ({earlier.get('moves_shown')} then {stats.get('moves_shown')}), "
                      "so the two pictures cannot show the table was drawn afresh")
    new = changed(earlier, stats)
    if not new:
        raise Refused(f"{pic.path}: the run drew the same pieces and cells at frames {earlier.get('frame')} "
                      f"and {stats.get('frame')} although moves were played")
    moved = 0
    for t in new:
        points = inside(t)
        differ = sum(distance(pic.at(x, y), earlier_pic.at(x, y)) > FACE_NEAR for x, y in points) / len(points)
        moved += differ >= FACE_SHARE
    # Tokens still gliding to their places at the later frame may not yet
    # look different where the run says they end up: one change drawn is
    # enough to tell a live table from a frozen picture, which shows none.
    if moved == 0:
        raise Refused(f"{pic.path}: a frozen picture: only {moved} of the {len(new)} pieces and cells the run "
                      f"drew anew since frame {earlier.get('frame')} look any different in it")
    return f"{moved} of {len(new)} changes since frame {earlier.get('frame')} drawn"


def check_not_title(pic, title):
    if (title.w, title.h) != (pic.w, pic.h):
        raise Refused(f"{title.path}: {title.w}x{title.h}, not the {pic.w}x{pic.h} of {pic.path}")
    points = grid(pic.w, pic.h, 4)
    differ = sum(distance(pic.at(x, y), title.at(x, y)) > 24 for x, y in points) / len(points)
    if differ < 0.1:
        raise Refused(f"{pic.path}: the title screen ({differ:.1%} of it differs from the title's picture)")
    return f"{differ:.0%} unlike the title"


def check_title(pic, w, h, stats):
    """The title's screenshot, before any game's picture is compared with it."""
    check_size(pic, w, h)
    said = [check_not_blank(pic)]
    if stats.get("screen") != "Title":
        raise Refused(f"{pic.path}: its frame showed {stats.get('screen')!r}, not the title screen")
    pieces, cells = stats.get("pieces") or [], stats.get("cells") or []
    if pieces or cells or stats.get("game"):
        raise Refused(f"{pic.path}: a table ({len(pieces)} pieces, {len(cells)} cells) was drawn on the title screen")
    felt = felt_of(stats, pic.path)
    on_felt = felt_share(pic, felt) + felt_share(pic, PANEL)
    if on_felt < 0.2:
        raise Refused(f"{pic.path}: not the title on the felt or the menus' panel ({on_felt:.0%} of it is, "
                      "a fifth at least wanted)")
    said.append(f"{on_felt:.0%} felt or panel")
    return ", ".join(said)


def check_game(pic, w, h, stats, title=None):
    """A game's screenshot, its run's figures and the title's picture."""
    if w is not None:
        check_size(pic, w, h)
    said = [check_not_blank(pic)]
    if stats is not None:
        felt = felt_of(stats, pic.path)
        said.append(check_table(pic, stats, felt))
        earlier = stats.get("earlier")
        if not earlier or not earlier.get("screenshot"):
            raise Refused(f"{pic.path}: the run saved no earlier frame, so a frozen picture would pass")
        earlier_pic = read_png(earlier["screenshot"])
        check_size(earlier_pic, pic.w, pic.h)
        check_table(earlier_pic, earlier, felt)
        said.append(check_live(earlier_pic, earlier, pic, stats))
    if title is not None:
        said.append(check_not_title(pic, title))
    return ", ".join(said)


def load(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError) as e:
        raise Refused(f"{path}: no frame figures: {e}")


def main(argv):
    try:
        if argv[:1] == ["--title"] and len(argv) == 5:
            path, w, h, stats = argv[1], int(argv[2]), int(argv[3]), load(argv[4])
            print(f"{path}: {w}x{h} title, {check_title(read_png(path), w, h, stats)}: ok")
        elif 1 <= len(argv) <= 5 and len(argv) != 2 and argv[0] != "--title":
            path = argv[0]
            w, h = (int(argv[1]), int(argv[2])) if len(argv) > 1 else (None, None)
            stats = load(argv[3]) if len(argv) > 3 else None
            title = read_png(argv[4]) if len(argv) > 4 else None
            pic = read_png(path)
            print(f"{path}: {pic.w}x{pic.h}, {check_game(pic, w, h, stats, title)}: ok")
        else:
            raise SystemExit(__doc__.split("\n\n")[1])
    except Refused as e:
        raise SystemExit(str(e))


if __name__ == "__main__":
    main(sys.argv[1:])
