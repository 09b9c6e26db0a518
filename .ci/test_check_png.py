"""Tests of check_png.py on fabricated frames: what it must refuse (noise,
the title, a board with cells but no tokens, a grid without its numbers,
the same frame twice) and what it must accept (a table drawn as its run
says, drawn afresh between two frames). Standard library only:

    python3 -m unittest discover -s .ci -p 'test_*.py'
"""
import os
import random
import struct
import sys
import tempfile
import unittest
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_png  # noqa: E402
from check_png import Refused  # noqa: E402

W, H = 320, 200
FELT = (27, 74, 57)
CELL = (238, 227, 204)
IVORY = (253, 249, 239)
INK = (40, 36, 30)


def write_png(path, pixels):
    """An 8-bit RGB PNG of `pixels` (rows of (r, g, b)), filter 0."""
    raw = b"".join(b"\x00" + bytes(c for p in row for c in p) for row in pixels)

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    ihdr = struct.pack(">IIBBBBB", len(pixels[0]), len(pixels), 8, 2, 0, 0, 0)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


class Canvas:
    def __init__(self, colour=FELT):
        self.px = [[colour] * W for _ in range(H)]

    def box(self, x0, y0, x1, y1, colour):
        for y in range(max(y0, 0), min(y1, H)):
            for x in range(max(x0, 0), min(x1, W)):
                self.px[y][x] = colour

    def disc(self, cx, cy, r, colour):
        for y in range(cy - r, cy + r + 1):
            for x in range(cx - r, cx + r + 1):
                if (x - cx) ** 2 + (y - cy) ** 2 <= r * r and 0 <= x < W and 0 <= y < H:
                    self.px[y][x] = colour

    def bar(self):
        # The top bar: a gradient of many colours, as text and buttons give a real frame.
        for y in range(0, 24):
            for x in range(W):
                self.px[y][x] = (x * 255 // W, 90 + y * 4, 255 - x * 255 // W)

    def digit(self, cx, cy):
        self.box(cx - 2, cy - 5, cx + 2, cy + 6, INK)


# A 6 x 3 board of 28-pixel cells, 34 apart.
CELLS = [(40 + 34 * (i % 6), 60 + 34 * (i // 6)) for i in range(18)]


def thing(i, at, size, colour, printed=False, moving=False):
    return {"id": i, "at": list(at), "size": [size, size], "colour": list(colour), "printed": printed,
            "moving": moving}


def table(tokens, draw_tokens=True, draw_numbers=True, numbered=False):
    """A board (its cells, tokens on the cells listed in `tokens`) and the
    figures its run would print for it."""
    c = Canvas()
    c.bar()
    cells = []
    for i, (x, y) in enumerate(CELLS):
        c.box(x - 14, y - 14, x + 14, y + 14, CELL)
        if numbered and draw_numbers:
            c.digit(x, y)
        cells.append(thing(i, (x, y), 28, CELL, printed=numbered))
    pieces = []
    for i, k in enumerate(tokens):
        x, y = CELLS[k]
        if draw_tokens:
            c.disc(x, y, 11, IVORY)
            c.digit(x, y)
        pieces.append(thing(i, (x, y), 22, IVORY, printed=True))
    stats = {"frame": 120, "screen": "Play", "game": "neighbours", "moves_shown": len(tokens),
             "felt": list(FELT), "pieces": pieces, "cells": cells}
    return c, stats


def title():
    c = Canvas()
    c.bar()
    c.box(60, 60, 260, 120, CELL)
    for x in range(80, 240, 12):
        c.box(x, 80, x + 6, 100, INK)
    return c, {"frame": 30, "screen": "Title", "game": None, "moves_shown": 0, "felt": list(FELT),
               "pieces": [], "cells": []}


def noise():
    rng = random.Random(44)
    c = Canvas()
    c.px = [[(rng.randrange(256), rng.randrange(256), rng.randrange(256)) for _ in range(W)] for _ in range(H)]
    return c


class Frames(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.addCleanup(self.dir.cleanup)

    def save(self, name, canvas):
        path = os.path.join(self.dir.name, name + ".png")
        write_png(path, canvas.px)
        return check_png.read_png(path)

    def pair(self, before, after, same_picture=False):
        """Two frames of one run: `before`'s picture saved as the earlier
        one (or `after`'s again, a frozen picture), its figures as `earlier`."""
        (bc, bs), (ac, as_) = before, after
        earlier = self.save("earlier", ac if same_picture else bc)
        bs.update(frame=90, screenshot=earlier.path)
        as_["earlier"] = bs
        return self.save("shot", ac), as_

    def game(self, pic, stats, title_pic=None):
        return check_png.check_game(pic, W, H, stats, title_pic)

    def refused(self, words, fn, *args):
        with self.assertRaises(Refused) as e:
            fn(*args)
        self.assertIn(words, str(e.exception))
        return str(e.exception)

    # What a real run looks like: accepted.

    def test_a_table_drawn_afresh_is_accepted(self):
        pic, stats = self.pair(table([0, 7, 8]), table([0, 7, 8, 13, 14]))
        said = self.game(pic, stats, self.save("title", title()[0]))
        self.assertIn("5 of 5 tokens and cards", said)
        self.assertIn("2 of 2 changes since frame 90 drawn", said)

    def test_a_numbered_grid_drawn_afresh_is_accepted(self):
        before = table([], numbered=True)
        after = table([], numbered=True)
        after[0].box(*[v for v in (CELLS[3][0] - 14, CELLS[3][1] - 14, CELLS[3][0] + 14, CELLS[3][1] + 14)],
                     (200, 120, 110))
        after[0].digit(*CELLS[3])
        after[1]["cells"][3]["colour"] = [200, 120, 110]
        after[1]["moves_shown"] = 1
        pic, stats = self.pair(before, after)
        self.assertIn("18 of 18 printed", self.game(pic, stats))

    def test_the_title_is_accepted_as_the_title(self):
        c, stats = title()
        self.assertIn("felt", check_png.check_title(self.save("title", c), W, H, stats))

    # Fabricated bad frames: refused.

    def test_noise_is_refused(self):
        _, stats = table([0, 1])
        self.refused("not a table on the felt", self.game, self.save("noise", noise()), stats)

    def test_noise_is_refused_as_the_title(self):
        _, stats = title()
        self.refused("not the title on the felt", check_png.check_title, self.save("noise", noise()), W, H, stats)

    def test_a_blank_frame_is_refused(self):
        self.refused("looks blank", self.game, self.save("blank", Canvas()), None)
        self.refused("looks blank", check_png.check_title, self.save("blank", Canvas()), W, H, title()[1])

    def test_the_title_is_refused_as_a_game(self):
        title_pic = self.save("title", title()[0])
        self.refused("the title screen", check_png.check_not_title, title_pic, title_pic)
        # With the figures of a match, the title's picture shows none of its board.
        self.refused("only 0 of the 2 tokens", self.game, title_pic, table([0, 1])[1])

    def test_a_table_is_refused_as_the_title(self):
        c, stats = table([0, 1])
        self.refused("not the title screen", check_png.check_title, self.save("table", c), W, H, stats)
        # Even a picture whose figures say "Title" is refused if a table was drawn on it.
        stats["screen"] = "Title"
        self.refused("a table", check_png.check_title, self.save("table", c), W, H, stats)

    def test_a_title_of_another_size_is_refused(self):
        c, stats = title()
        self.refused("not the 640x400", check_png.check_title, self.save("title", c), 640, 400, stats)

    def test_a_board_with_cells_but_no_tokens_is_refused(self):
        c, stats = table([0, 7, 8, 13], draw_tokens=False)
        self.refused("only 0 of the 4 tokens and cards", check_png.check_table, self.save("shot", c), stats, FELT)

    def test_cards_still_on_their_way_are_not_held_to_the_picture(self):
        # Four tokens drawn where they are; four more still flying in from a
        # seat, not yet where the run says they are.
        c, stats = table([0, 7, 8, 13])
        for i, k in enumerate([2, 3, 4, 5]):
            stats["pieces"].append(thing(10 + i, CELLS[k], 22, IVORY, printed=True, moving=True))
        said = check_png.check_table(self.save("shot", c), stats, FELT)
        self.assertIn("4 of 4 tokens and cards", said)
        # The same four, settled: the picture must show them, and does not.
        for p in stats["pieces"]:
            p["moving"] = False
        self.refused("only 4 of the 8 tokens and cards", check_png.check_table, self.save("shot", c), stats, FELT)

    def test_a_grid_without_its_numbers_is_refused(self):
        c, stats = table([], numbered=True, draw_numbers=False)
        self.refused("only 0 of the 18 digits and marks", check_png.check_table, self.save("shot", c), stats, FELT)

    def test_a_board_whose_run_drew_nothing_on_it_is_refused(self):
        c, stats = table([])
        self.refused("no token, card or number", check_png.check_table, self.save("shot", c), stats, FELT)

    def test_two_identical_frames_of_a_match_in_play_are_refused(self):
        pic, stats = self.pair(table([0, 7, 8]), table([0, 7, 8, 13, 14]), same_picture=True)
        # The later picture alone is a good table: only the pair shows it frozen.
        check_png.check_table(pic, stats, FELT)
        self.refused("a frozen picture: only 0 of the 2", self.game, pic, stats)

    def test_two_frames_with_no_move_between_them_are_refused(self):
        pic, stats = self.pair(table([0, 7, 8]), table([0, 7, 8]))
        self.refused("no move was played between frames 90 and 120", self.game, pic, stats)

    def test_a_run_without_an_earlier_frame_is_refused(self):
        c, stats = table([0, 7, 8])
        self.refused("no earlier frame", self.game, self.save("shot", c), stats)


if __name__ == "__main__":
    unittest.main()
