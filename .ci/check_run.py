#!/usr/bin/env python3
"""Fails unless a `parlour --demo --frame-stats` run drew GAME: its figures
(STATS, the JSON it printed) say the screenshot's frame showed the play
screen, with GAME on the table and at least one of its moves played when
it was drawn; and its log (LOG) has no error and no panic, in any case
("ERROR", "Error:", "panicked"), apart from lines logged at a lower level
that merely mention the word. With the screenshot check, this is what
proves a game, not the title or a blank window, was on screen.
Standard library only.
"""
import json
import re
import sys

ANSI = re.compile(r"\x1b\[[0-9;]*m")
LEVEL = re.compile(r"^\S*\s+(TRACE|DEBUG|INFO|WARN|ERROR)\s", re.IGNORECASE)
BAD = re.compile(r"\berror\b|\bpanick?ed\b|\bpanic\b", re.IGNORECASE)


def bad_lines(path):
    out = []
    for line in open(path, errors="replace"):
        line = ANSI.sub("", line).strip()
        level = LEVEL.match(line)
        if level and level.group(1).upper() != "ERROR":
            continue
        if (level and level.group(1).upper() == "ERROR") or BAD.search(line):
            out.append(line)
    return out


def main():
    if len(sys.argv) != 4:
        raise SystemExit("usage: check_run.py STATS LOG GAME")
    stats_path, log_path, game = sys.argv[1:]
    try:
        stats = json.load(open(stats_path))
    except (OSError, ValueError) as e:
        raise SystemExit(f"{stats_path}: no frame figures: {e}")
    if stats.get("screen") != "Play":
        raise SystemExit(f"{stats_path}: the screenshot's frame showed {stats.get('screen')!r}, not the play screen")
    if stats.get("game") != game:
        raise SystemExit(f"{stats_path}: the table showed {stats.get('game')!r}, not {game!r}")
    if not isinstance(stats.get("moves_shown"), int) or stats["moves_shown"] < 1:
        raise SystemExit(f"{stats_path}: no move was drawn ({stats.get('moves_shown')!r})")
    bad = bad_lines(log_path)
    if bad:
        raise SystemExit(f"{log_path}: {len(bad)} error lines, the first: {bad[0]}")
    print(f"{game}: {stats['moves_shown']} moves drawn, {stats['frames']} frames, log clean: ok")


main()
