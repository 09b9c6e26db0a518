#!/usr/bin/env python3
"""Fails unless a `parlour --demo --frame-stats` run drew GAME: its figures
(STATS, the JSON it printed) name the game and at least one move shown, and
its log (LOG) has no error and no panic. With the screenshot check, this is
what proves a game, not the title or a blank window, was on screen.
Standard library only.
"""
import json
import sys


def main():
    if len(sys.argv) != 4:
        raise SystemExit("usage: check_run.py STATS LOG GAME")
    stats_path, log_path, game = sys.argv[1:]
    try:
        stats = json.load(open(stats_path))
    except (OSError, ValueError) as e:
        raise SystemExit(f"{stats_path}: no frame figures: {e}")
    if stats.get("game") != game:
        raise SystemExit(f"{stats_path}: the table showed {stats.get('game')!r}, not {game!r}")
    if not isinstance(stats.get("moves_shown"), int) or stats["moves_shown"] < 1:
        raise SystemExit(f"{stats_path}: no move was shown ({stats.get('moves_shown')!r})")
    bad = [l for l in open(log_path, errors="replace") if "ERROR" in l or "panicked" in l]
    if bad:
        raise SystemExit(f"{log_path}: {len(bad)} error lines, the first: {bad[0].strip()}")
    print(f"{game}: {stats['moves_shown']} moves shown, {stats['frames']} frames, log clean: ok")


main()
