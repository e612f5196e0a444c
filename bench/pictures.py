"""Milliseconds per picture: each kind of bot.render.pictures (and the tournament's
bracket) drawn ``--runs`` times from representative data, at two, four and six players
where a picture grows with them, the medians (CPU and wall clock) and the slowest run of
each as a markdown table (for docs/PERFORMANCE.md).

    python -m bench.pictures [--runs 30] [--png | --worker]

One process, one thread: what one call of a renderer costs in the picture worker.
``--png`` measures the encoding instead: per kind (six players), the palette step (the
picture's own colours, ``canvas.indexed``, and its look's fixed palette) and zlib's levels
1 to 9, milliseconds and bytes, with the palette and without it (RGB). ``--worker``
measures the picture worker's CPU per picture, its round trip included (six players)."""

from __future__ import annotations

import argparse
import functools
import io
import statistics
import time
from collections.abc import Callable, Sequence
from functools import partial
from unittest import mock

from PIL import Image

from bot.games.dicedevils.render import pictures as dd
from bot.games.flaschenteufel.cards import COLOUR, POINTS
from bot.games.flaschenteufel.render import pictures as ft
from bot.games.teufel.render import pictures as tf
from bot.games.teufel.track import MARK_NAMES
from bot.games.verflixte6.render import pictures as v6
from bot.render import drawn
from bot.render import pictures as p
from bot.render.pictures import canvas
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


PLAYERS = (2, 4, 6)
"""The table sizes a picture that grows with its players is drawn for."""


def kinds(players: int = 6, *, fixed: bool = True) -> list[tuple[str, Callable[[], bytes]]]:
    """Each picture kind with the data of a table of ``players`` (the longest names; four
    at most where a game has four), and with ``fixed`` the kinds that do not grow with
    the players (dice, a hand, tournament pictures)."""
    n = players
    durchgang = [
        v6.DurchgangRow(NAMES[0], 4, (3, 5, 2, 4, 1, 5, 3, 2, 5, 4, 3, 2, 1, 5), 49, 6, 1),
        v6.DurchgangRow(NAMES[1], 6, (2, 3), 11, 4, 2),
        v6.DurchgangRow(NAMES[4], 5, (2,), 7, 2, 3),
        v6.DurchgangRow(NAMES[5], 5, (1, 1), 7, 1, 4),
        v6.DurchgangRow(NAMES[2], 3, (4, 5, 6), 0, 0, None),
        v6.DurchgangRow(NAMES[3], 2, (6,), 0, 0, None),
    ][:n]
    abend = [
        v6.AbendRow(name, (6 - i, 4, None), 10 - i, 80 - 7 * i, i + 1)
        for i, name in enumerate(NAMES[:n])
    ]
    abend_header = ["Platz", "Spieler", "1", "2", "3", "Punkte", "Augen"]
    remaining = {100: 1, 75: 1, 50: 2, 25: 4, 20: 5, 10: 4, 0: 6}
    pulls = [(NAMES[0], [25, 10, 50]), (NAMES[1], [20, 0]), (NAMES[3], [75, 10, 10, 25, 20])]
    hand = [(c, COLOUR[c], POINTS[c]) for c in (1, 3, 4, 8, 11, 18, 20, 23, 27, 28, 29, 37)]
    cups = [(NAMES[0], "Oberteufel"), (NAMES[1], "Satansbraten"), (NAMES[3], "Spielteufel")]
    cups += [(NAMES[4], "Putzteufel"), (NAMES[5], "Fehlerteufel"), (NAMES[2], "Hitzteufel")]
    slots = [
        dd.Slot("Ohrenschützer", 1, tuple(cups[0:n:4])),
        dd.Slot("Bügeleisen", 3, tuple(cups[1:n:4])),
        dd.Slot("heißes Bad", 2, tuple(cups[2:n:4]), True),
        dd.Slot("Schlafmütze", 1, tuple(cups[3:n:4])),
    ]
    fighters = [
        dd.Fighter(NAMES[0], "Oberteufel", (6, 2, 5), 11),
        dd.Fighter(NAMES[1], "Fehlerteufel", (5, 6), 11),
        dd.Fighter(NAMES[5], "Satansbraten", (3, 4), 9),
        dd.Fighter(NAMES[4], "Putzteufel", (2, 4), 6),
    ][: min(n, 4)]
    group_header = ["Platz", "Spieler", "Punkte", "Augen"]
    group_rows = [[i + 1, name, 24 - 5 * i, 131 - 17 * i] for i, name in enumerate(NAMES[:n])]
    pawns = [(name, spot) for name, spot in zip(NAMES[:n], (0, 2, 3, 3, 12, 12), strict=False)]
    trick = [(NAMES[0], 24), (NAMES[1], 15), (NAMES[2], 17), (NAMES[3], 32)][: min(n, 4)]
    grown: list[tuple[str, Callable[[], bytes]]] = [
        ("v6 Durchgang", partial(v6.v6_durchgang_png, DURCHGANG, durchgang)),
        ("v6 Abend", partial(v6.v6_abend_png, "Tabelle", abend_header, abend)),
        ("Teufel track", partial(tf.track_png, "Die Spur", MARK_NAMES, pawns)),
        ("Flaschenteufel trick", partial(ft.trick_png, trick, 19, owner="Zoë")),
        ("Dice Devils display", partial(dd.display_png, "Dice Devils – Runde 12", slots)),
        ("Dice Devils fight", partial(dd.fight_png, "Würfelkampf", fighters, winner=1)),
        ("table", partial(p.table_png, "Gruppe 3", group_header, group_rows)),
        (
            "group standings",
            partial(p.group_table_png, "Gruppe 3", group_header, group_rows, through=(0, 1)),
        ),
    ]
    named = [(f"{name} ({n} players)", draw) for name, draw in grown]
    if not fixed:
        return named
    return [
        ("dice (6)", partial(p.dice_png, [1, 2, 3, 4, 5, 6], red=[5])),
        *named,
        ("Teufel oven", partial(tf.oven_png, "Im Ofen: 23", remaining, pulls, pulling=2)),
        ("Flaschenteufel hand (12)", partial(ft.cards_png, hand)),
        ("bracket (3 groups)", partial(bracket_png, "Herbstturnier", _bracket(3), "de")),
        ("bracket (10 groups)", partial(bracket_png, "Herbstturnier", _bracket(10), "de")),
    ]


def every_kind(players: Sequence[int] = PLAYERS) -> list[tuple[str, Callable[[], bytes]]]:
    """The kinds at each of ``players``; those that do not grow with them once."""
    found = kinds(players[-1])
    for n in players[:-1]:
        found += kinds(n, fixed=False)
    return sorted(found, key=lambda kind: kind[0])


Row = tuple[str, tuple[int, int], int, float, float, float]


def measure(runs: int, players: Sequence[int] = PLAYERS) -> list[Row]:
    """Per kind: its name, size in pixels, PNG bytes, the median milliseconds of CPU and
    of wall clock, and the slowest run's wall clock (after one run that loads the fonts).
    The CPU time is what a shared machine's other load does not inflate much."""
    rows = []
    for name, draw in every_kind(players):
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


LEVELS = range(1, 10)


def drawn_canvas(draw: Callable[[], bytes]) -> canvas.Canvas:
    """The canvas ``draw`` draws on, as it is before it is encoded."""
    canvases: list[canvas.Canvas] = []

    def kept(self: canvas.Canvas) -> bytes:
        canvases.append(self)
        return b""

    with mock.patch.object(canvas.Canvas, "png", kept):
        draw()
    return canvases[-1]


def drawn_image(draw: Callable[[], bytes]) -> Image.Image:
    """The picture ``draw`` makes, as Pillow drew it, before it is encoded."""
    return drawn_canvas(draw).image


def _ms(work: Callable[[], object], runs: int) -> tuple[float, object]:
    """The median CPU milliseconds of ``work`` and what it gave."""
    times, got = [], None
    for _ in range(runs):
        start = time.process_time()
        got = work()
        times.append((time.process_time() - start) * 1000)
    return statistics.median(times), got


def _encoded(image: Image.Image, level: int) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=level)
    return buffer.getvalue()


def encodings(runs: int) -> str:
    """Per kind at six players: the palette step's milliseconds (the picture's own 256
    most used colours, ``canvas.indexed``, and its look's fixed palette where it has one),
    then for each zlib level the milliseconds and kilobytes of the picture in its look's
    palette (else its own), and of the RGB one (levels 1, 3 and 6), as a markdown table."""
    rgb_levels = (1, 3, 6)
    head = ["picture", "pixels", "own palette ms", "look ms"]
    head += [f"P{level}" for level in LEVELS] + [f"RGB{level}" for level in rgb_levels]
    lines = ["| " + " | ".join(head) + " |", "|---|---|" + "---:|" * (len(head) - 2)]
    for name, draw in kinds():
        made = drawn_canvas(draw)
        image, look = made.image, getattr(made, "look", None)
        own_ms, indexed = _ms(functools.partial(canvas.indexed, image), runs)
        look_ms = "–"
        if look is not None:
            from bot.render.pictures import look as looks  # noqa: PLC0415 (not in older trees)

            ms, indexed = _ms(functools.partial(looks.indexed, image, look), runs)
            look_ms = f"{ms:.2f}"
        assert isinstance(indexed, Image.Image)
        cells = [name, f"{image.width}×{image.height}", f"{own_ms:.2f}", look_ms]
        for source, levels in ((indexed, LEVELS), (image, rgb_levels)):
            for level in levels:
                ms, data = _ms(functools.partial(_encoded, source, level), runs)
                assert isinstance(data, bytes)
                cells.append(f"{ms:.2f} / {len(data) / 1024:.1f}")
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def worker_cpu() -> float:
    """The CPU seconds of the process it runs in (a job for the picture worker)."""
    return time.process_time()


def blank(size: int) -> bytes:
    """``size`` bytes, made at once: a job that sends back what a picture would, and
    draws nothing."""
    return bytes(size)


def in_worker(runs: int) -> str:
    """Per kind at six players: the picture worker's CPU per picture, in the bot's own
    worker process (``bot.render.drawn``, its jobs sent one after the other as the bot
    sends them), and per job that only sends back as many bytes (what the job's round
    trip costs the worker without drawing), as a markdown table. Each kind is drawn once
    first (its texts' masks, its palette)."""
    pool = drawn.painter.pool()
    pool.submit(worker_cpu).result()  # started and warm
    lines = [
        f"| picture | PNG | worker CPU ms per picture ({runs}) | of which the bare job |",
        "|---|---:|---:|---:|",
    ]
    for name, draw in kinds():
        size = len(pool.submit(draw).result())
        timed = []
        for job in (draw, functools.partial(blank, size)):
            start = pool.submit(worker_cpu).result()
            for _ in range(runs):
                pool.submit(job).result()
            timed.append((pool.submit(worker_cpu).result() - start) * 1000 / runs)
        lines.append(f"| {name} | {size / 1024:.0f} KB | {timed[0]:.2f} | {timed[1]:.2f} |")
    drawn.painter.stop()
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30, help="draws per kind")
    parser.add_argument("--png", action="store_true", help="the encoding's settings per kind")
    parser.add_argument("--worker", action="store_true", help="CPU per picture in the worker")
    args = parser.parse_args(argv)
    if args.worker:
        print(in_worker(args.runs))
        return 0
    if args.png:
        print(encodings(args.runs))
        print("(ms / KB: median CPU milliseconds of the encoding, and the file's size)")
        return 0
    print(markdown(measure(args.runs), args.runs))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
