"""Milliseconds per picture: each kind of bot.render.pictures (and the tournament's
bracket) drawn ``--runs`` times from representative data, the medians (CPU and wall
clock) and the slowest run of each as a markdown table (for docs/PERFORMANCE.md).

    python -m bench.pictures [--runs 30]

One process, one thread: what one ``asyncio.to_thread`` call of a renderer costs."""

from __future__ import annotations

import argparse
import io
import statistics
import time
from collections.abc import Callable, Sequence

from PIL import Image

from bot.games.dicedevils.render import pictures as dd
from bot.games.flaschenteufel.cards import COLOUR, POINTS
from bot.games.flaschenteufel.render import pictures as ft
from bot.games.teufel.render import pictures as tf
from bot.games.teufel.track import MARK_NAMES
from bot.games.verflixte6.render import pictures as v6
from bot.render import pictures as p
from bot.render.tournament_bracket import Box, Column, Entry, bracket_png

DURCHGANG = "Ergebnis Durchgang 2"
NAMES = ("Jürgen Größe", "Zoë", "Maximiliane Wöhrle-Oberländer ß", "W" * 32, "Anaïs", "Björn")


def _bracket(groups: int) -> list[Column]:
    """A tournament of ``groups`` groups of four, a Finale of six and its champion."""
    boxes = [
        Box(
            f"Gruppe {g + 1}",
            [Entry(f"{NAMES[i]} {g}", 22 - 4 * i, 120 - 9 * i, i < 2) for i in range(4)],
        )
        for g in range(groups)
    ]
    finale = Box("Finale", [Entry(NAMES[i], 30 - 3 * i, 150 - 11 * i, i == 0) for i in range(6)])
    champion = Box("Turniersieger", [Entry(NAMES[0], None, None, True)])
    return [
        Column("Runde 1", boxes),
        Column("Finale", [finale]),
        Column("Turniersieger", [champion]),
    ]


def kinds() -> list[tuple[str, Callable[[], bytes]]]:
    """Each picture kind with the data of a full table (six players where a game has
    them, the longest names)."""
    durchgang = [
        v6.DurchgangRow(NAMES[0], 4, (3, 5, 2, 4, 1, 5, 3, 2, 5, 4, 3, 2, 1, 5), 49, 6, 1),
        v6.DurchgangRow(NAMES[1], 6, (2, 3), 11, 4, 2),
        v6.DurchgangRow(NAMES[4], 5, (2,), 7, 2, 3),
        v6.DurchgangRow(NAMES[5], 5, (1, 1), 7, 1, 4),
        v6.DurchgangRow(NAMES[2], 3, (4, 5, 6), 0, 0, None),
        v6.DurchgangRow(NAMES[3], 2, (6,), 0, 0, None),
    ]
    abend = [
        v6.AbendRow(name, (6 - i, 4, None), 10 - i, 80 - 7 * i, i + 1)
        for i, name in enumerate(NAMES)
    ]
    abend_header = ["Platz", "Spieler", "1", "2", "3", "Punkte", "Augen"]
    remaining = {100: 1, 75: 1, 50: 2, 25: 4, 20: 5, 10: 4, 0: 6}
    pulls = [(NAMES[0], [25, 10, 50]), (NAMES[1], [20, 0]), (NAMES[3], [75, 10, 10, 25, 20])]
    hand = [(c, COLOUR[c], POINTS[c]) for c in (1, 3, 4, 8, 11, 18, 20, 23, 27, 28, 29, 37)]
    slots = [
        dd.Slot("Ohrenschützer", 1, ((NAMES[0], "Oberteufel"), (NAMES[1], "Satansbraten"))),
        dd.Slot("Bügeleisen", 3, ((NAMES[3], "Spielteufel"),)),
        dd.Slot("heißes Bad", 2, (), True),
        dd.Slot("Schlafmütze", 1, ((NAMES[4], "Putzteufel"),)),
    ]
    fighters = [
        dd.Fighter(NAMES[0], "Oberteufel", (6, 2, 5), 11),
        dd.Fighter(NAMES[1], "Fehlerteufel", (5, 6), 11),
        dd.Fighter(NAMES[5], "Satansbraten", (3, 4), 9),
    ]
    group_header = ["Platz", "Spieler", "Punkte", "Augen"]
    group_rows = [[i + 1, n, 24 - 5 * i, 131 - 17 * i] for i, n in enumerate(NAMES[:4])]
    pawns = [(n, spot) for n, spot in zip(NAMES, (0, 2, 3, 3, 12, 12), strict=True)]
    return [
        ("dice (6)", lambda: p.dice_png([1, 2, 3, 4, 5, 6], red=[5])),
        ("v6 Durchgang (6 players)", lambda: v6.v6_durchgang_png(DURCHGANG, durchgang)),
        ("v6 Abend (6 players)", lambda: v6.v6_abend_png("Tabelle", abend_header, abend)),
        ("Teufel track (6 pawns)", lambda: tf.track_png("Die Spur", MARK_NAMES, pawns)),
        ("Teufel oven", lambda: tf.oven_png("Im Ofen: 23", remaining, pulls, pulling=2)),
        ("Flaschenteufel hand (12)", lambda: ft.cards_png(hand)),
        (
            "Flaschenteufel trick (4)",
            lambda: ft.trick_png(
                [(NAMES[0], 24), (NAMES[1], 15), (NAMES[2], 17), (NAMES[3], 32)], 19, owner="Zoë"
            ),
        ),
        ("Dice Devils display (4)", lambda: dd.display_png("Dice Devils – Runde 12", slots)),
        ("Dice Devils fight (3)", lambda: dd.fight_png("Würfelkampf", fighters, winner=1)),
        ("table (4 rows)", lambda: p.table_png("Gruppe 3", group_header, group_rows)),
        (
            "group standings (4)",
            lambda: p.group_table_png("Gruppe 3", group_header, group_rows, through=(0, 1)),
        ),
        ("bracket (3 groups)", lambda: bracket_png("Herbstturnier", _bracket(3), "de")),
        ("bracket (10 groups)", lambda: bracket_png("Herbstturnier", _bracket(10), "de")),
    ]


Row = tuple[str, tuple[int, int], int, float, float, float]


def measure(runs: int) -> list[Row]:
    """Per kind: its name, size in pixels, PNG bytes, the median milliseconds of CPU and
    of wall clock, and the slowest run's wall clock (after one run that loads the fonts).
    The CPU time is what a shared machine's other load does not inflate much."""
    rows = []
    for name, draw in kinds():
        data = draw()
        cpu, wall = [], []
        for _ in range(runs):
            start, start_cpu = time.perf_counter(), time.process_time()
            draw()
            cpu.append((time.process_time() - start_cpu) * 1000)
            wall.append((time.perf_counter() - start) * 1000)
        size = Image.open(io.BytesIO(data)).size
        rows.append(
            (name, size, len(data), statistics.median(cpu), statistics.median(wall), max(wall))
        )
    return rows


def markdown(rows: Sequence[Row], runs: int) -> str:
    lines = [
        f"| picture | pixels | PNG | median CPU ms ({runs} runs) | median wall ms | slowest ms |",
        "|---|---|---:|---:|---:|---:|",
    ]
    for name, (w, h), size, cpu, wall, slowest in rows:
        lines.append(
            f"| {name} | {w}×{h} | {size / 1024:.0f} KB | {cpu:.1f} | {wall:.1f} | {slowest:.1f} |"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30, help="draws per kind")
    args = parser.parse_args(argv)
    print(markdown(measure(args.runs), args.runs))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
