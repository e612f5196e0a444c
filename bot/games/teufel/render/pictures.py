"""Auf Teufel komm raus as pictures: the track (the marks from 0–50 up to the goal, every
pawn on its spot with its player's name) and the oven (its face-down tiles, what is still
in it by value, and this round's pulls).

The oven's contents are public: every drawn tile is shown face up, so what is left is the
48 tiles less those drawn since the last refill (:func:`oven_contents`, from the log)."""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bot.games.plugin import Drawing
from bot.games.teufel.render.cards import spot_text
from bot.games.teufel.state import DEVIL, TILES
from bot.games.teufel.track import MARK_NAMES
from bot.i18n import t
from bot.render.pictures.alt import one_line
from bot.render.pictures.canvas import Canvas, fit, width
from bot.render.pictures.look import TITLED, Look
from bot.render.pictures.palette import (
    BACKGROUND,
    COAL,
    COAL_EDGE,
    DIM,
    GOLD,
    INK,
    LINE,
    MAX_WIDTH,
    MUTED,
    OVEN,
    OVEN_EMBER,
    PADDING,
    PAWNS,
    RED,
    SMALL_SIZE,
    SURFACE,
    TEXT,
    TILE_BACK,
    TITLE_SIZE,
)

Names = Callable[[str], str]
TITLE_H = 34
TILE_DOT, PLACE_EDGE = (70, 60, 56), (130, 80, 64)  # a face-down tile's mark, an empty place
TRACK_LOOK = TITLED + Look(
    (LINE, INK, GOLD, MUTED, *PAWNS), ((GOLD, (BACKGROUND,)), (MUTED, (BACKGROUND,)))
)
OVEN_LOOK = TITLED + Look(
    (
        OVEN,
        OVEN_EMBER,
        TILE_BACK,
        INK,
        TILE_DOT,
        PLACE_EDGE,
        COAL,
        COAL_EDGE,
        RED,
        SURFACE,
        LINE,
        GOLD,
    ),
    ((TEXT, (COAL, SURFACE)), (DIM, (BACKGROUND, SURFACE)), (MUTED, (BACKGROUND,))),
)


def _same(player: str) -> str:
    return player


# --- the track ------------------------------------------------------------------------

MARK_H, BETWEEN_H, PAWN_H = 26, 12, 22
TRACK_MIN_W, DOT = 340, 7


def track_png(title: str, marks: Sequence[str], pawns: Sequence[tuple[str, int]]) -> bytes:
    """The track upright, the goal on top: the ``marks`` (lowest first, as
    :data:`bot.games.teufel.track.MARK_NAMES`) on a rail, each pawn (name, position
    0..2*(len(marks)-1): on a mark when even, between two when odd, as the view's
    positions) a coloured dot on its spot with the name beside it. Pawns on one spot stand
    one under the other; each pawn keeps its colour by its place in ``pawns``."""
    top_spot = 2 * (len(marks) - 1)
    at: dict[int, list[tuple[int, str]]] = {}
    for index, (name, spot) in enumerate(pawns):
        at.setdefault(min(max(spot, 0), top_spot), []).append((index, name))
    spots = list(range(top_spot, -1, -1))
    heights = [max(MARK_H if s % 2 == 0 else BETWEEN_H, PAWN_H * len(at.get(s, ()))) for s in spots]
    label_w = max([width(m, SMALL_SIZE, bold=True) for m in marks] + [20])
    rail = PADDING + label_w + 14
    name_x = rail + 14 + 2 * DOT + 6
    longest = max([width(name) for name, _ in pawns] + [0])
    canvas_w = min(
        MAX_WIDTH,
        max(
            TRACK_MIN_W,
            name_x + longest + PADDING,
            width(title, TITLE_SIZE, bold=True) + 2 * PADDING,
        ),
    )
    height = PADDING + TITLE_H + 8 + sum(heights) + PADDING
    canvas = Canvas(canvas_w, height, look=TRACK_LOOK)
    canvas.title(title)
    y = PADDING + TITLE_H + 8
    anchors = []  # per spot: its mark's tick, or its first pawn's line
    for spot, row_h in zip(spots, heights, strict=True):
        base = MARK_H if spot % 2 == 0 else BETWEEN_H
        anchors.append(y + (max(base, PAWN_H) if spot in at else row_h) / 2)
        y += row_h
    canvas.line([(rail, anchors[0]), (rail, anchors[-1])], fill=LINE, line=3)
    elbow, dot_x = rail + 9, rail + 14 + DOT
    for spot, anchor in zip(spots, anchors, strict=True):
        here = at.get(spot, [])
        last = anchor + PAWN_H * (len(here) - 1)
        if here:
            canvas.line([(rail, anchor), (elbow, anchor), (elbow, last)], fill=LINE, line=1)
        for number, (index, name) in enumerate(here):
            pawn_y = anchor + PAWN_H * number
            canvas.line([(elbow, pawn_y), (dot_x, pawn_y)], fill=LINE, line=1)
            canvas.circle(dot_x, pawn_y, DOT, fill=PAWNS[index % len(PAWNS)], outline=INK, line=1)
            canvas.text(name_x, pawn_y, fit(name, canvas_w - name_x - PADDING))
        if spot % 2 == 0:  # the tick over the connector's start
            colour = GOLD if spot == top_spot else MUTED
            canvas.line([(rail - 7, anchor), (rail + 7, anchor)], fill=colour, line=3)
            canvas.text(
                rail - 14, anchor, marks[spot // 2], size=SMALL_SIZE, bold=True, fill=colour,
                anchor="rm",
            )  # fmt: skip
    return canvas.png()


def alt_track(title: str, pawns: Sequence[tuple[str, int]], locale: str) -> str:
    """ "title: Anna auf 300; Ben zwischen 200 und 300; …" (highest first), each place in
    the table message's words (:func:`~bot.games.teufel.render.cards.spot_text`)."""
    ranked = sorted(pawns, key=lambda pawn: -pawn[1])
    return one_line(title, [f"{name} {spot_text(spot, locale)}" for name, spot in ranked])


def track(
    moved: Mapping[str, Any], settled: int, locale: str, name: Names
) -> tuple[str, tuple[tuple[str, int], ...], str]:
    """The track picture after round ``settled`` (:func:`track_png`): its title, its pawns
    where the round's ``track`` event (``moved``) put them, and its alt text."""
    pawns = tuple((name(player), spot) for player, spot in moved["spots"].items())
    title = t("teufel.ui.track", locale, round=settled)
    return title, pawns, alt_track(title, pawns, locale)


def result_picture(
    view: Mapping[str, Any], log: Sequence[Mapping[str, Any]], locale: str, name: Names
) -> Drawing | None:
    """A finished game's result picture: the track after its last settled round, as the
    channel got it with the last result (None: no round was settled)."""
    moved = next((e for e in reversed(log) if e["type"] == "track"), None)
    settles = [e["round"] for e in log if e["type"] == "settle"]
    if moved is None or not settles:
        return None
    title, pawns, alt = track(moved, settles[-1], locale, name)
    return Drawing(functools.partial(track_png, title, MARK_NAMES, pawns), alt)


# --- the oven -------------------------------------------------------------------------

VALUES = (*sorted({tile for tile in TILES if tile != DEVIL}, reverse=True), DEVIL)
"""The kinds of tiles as the oven lists them: coal from 100 down, the devil last."""
TOTAL = len(TILES)
SLOT, SLOT_GAP, COLUMNS = 24, 5, 12
TILE, TILE_GAP = 22, 4
WIDE = 1.45
"""How much wider than the others the 100's tile is (the oven holds one)."""
PULL_H = 34


def oven_contents(events: Sequence[Mapping[str, Any]]) -> dict[int, int]:
    """What is in the oven after ``events`` (the game's log from its start): by tile
    value (0 = devil), the 48 tiles less those drawn since the last refill."""
    left: dict[int, int] = {}
    for tile in TILES:
        left[tile] = left.get(tile, 0) + 1
    for event in events:
        if event["type"] == "refill":
            left = {}
            for tile in TILES:
                left[tile] = left.get(tile, 0) + 1
        elif event["type"] == "coal":
            left[int(event["tile"])] -= 1
        elif event["type"] == "devil":
            left[DEVIL] -= 1
    return left


def round_pulls(
    events: Sequence[Mapping[str, Any]], name: Names = _same
) -> list[tuple[str, list[int]]]:
    """This round's pulls, in pulling order: each puller's tiles (0 = devil), from the
    log's events since the round began (its ``round`` event; the first round from the
    start). Empty while the bets are placed."""
    start = max((i for i, e in enumerate(events) if e["type"] == "round"), default=-1) + 1
    pulls: dict[str, list[int]] = {}
    for event in events[start:]:
        if event["type"] == "coal":
            pulls.setdefault(str(event["player"]), []).append(int(event["tile"]))
        elif event["type"] == "devil":
            pulls.setdefault(str(event["player"]), []).append(DEVIL)
    return [(name(player), tiles) for player, tiles in pulls.items()]


def tile(canvas: Canvas, x: float, y: float, size: float, value: int) -> None:
    """A drawn tile face up: coal with its value, or the devil (red, horned)."""
    if value == DEVIL:
        horn = size * 0.28
        for side in (0.22, 0.78):
            cx = x + side * size
            canvas.polygon(
                [(cx - horn / 2, y + horn * 0.9), (cx + horn / 2, y + horn * 0.9),
                 (cx + (horn if side > 0.5 else -horn) * 0.6, y - horn * 0.35)],
                fill=RED,
            )  # fmt: skip
        canvas.box((x, y + size * 0.12, x + size, y + size), fill=RED, radius=size * 0.3)
        for side in (0.33, 0.67):
            canvas.circle(x + side * size, y + size * 0.5, size * 0.08, fill=INK)
        canvas.line(
            [(x + size * 0.3, y + size * 0.74), (x + size * 0.5, y + size * 0.8),
             (x + size * 0.7, y + size * 0.74)],
            fill=INK, line=max(1, size / 16),
        )  # fmt: skip
        return
    w = tile_width(value, size)
    canvas.box((x, y, x + w, y + size), fill=COAL, outline=COAL_EDGE, radius=size * 0.2)
    canvas.text(x + w / 2, y + size / 2, str(value), size=size * 0.45, bold=True, anchor="mm")


def tile_width(value: int, size: float) -> float:
    """A tile's width: square, but the 100 a wider tile, so that its label is as large as
    every other tile's."""
    return size * WIDE if len(str(value)) > 2 else size


def oven_png(
    title: str,
    remaining: Mapping[int, int],
    pulls: Sequence[tuple[str, Sequence[int]]],
    *,
    pulling: int | None = None,
    refill_below: int = 16,
) -> bytes:
    """The oven: its 48 places, a face-down tile on each of the ``sum(remaining)`` still in
    it (the places below ``refill_below``, the host's refill mark, glow: when the tiles
    shrink into them, all 48 go back after the round) and the count; what is left by value
    (``remaining``: value → count, 0 = devil, as :func:`oven_contents` gives it); this
    round's ``pulls`` (name, tiles in order, 0 = devil, as :func:`round_pulls`) with each
    puller's coal (0 once he met the devil), ``pulling``: the index of the one pulling now
    (the view's ``turn``)."""
    left = sum(remaining.values())
    grid_w = COLUMNS * SLOT + (COLUMNS - 1) * SLOT_GAP
    rows = -(-TOTAL // COLUMNS)
    grid_h = rows * SLOT + (rows - 1) * SLOT_GAP
    oven_w = grid_w + 2 * 14
    count_w = max(width(str(left), 28, bold=True), width(f"/ {TOTAL}", SMALL_SIZE)) + 16
    chips_per_row = max(1, int((MAX_WIDTH - 2 * PADDING) // 76))
    chip_rows = -(-len(VALUES) // chips_per_row)
    name_w = min(170, max([width(n) for n, _ in pulls] + [40]))
    longest = max((len(tiles) for _, tiles in pulls), default=0)
    sum_w = width("= 999", bold=True) + 8
    extra = max((tile_width(v, TILE) - TILE for _, tiles in pulls for v in tiles), default=0)
    pulls_w = 12 + name_w + 12 + longest * (TILE + TILE_GAP) + extra + sum_w + 12
    content = max(oven_w + count_w, min(VALUES.__len__(), chips_per_row) * 76, pulls_w)
    canvas_w = min(MAX_WIDTH, max(content, width(title, TITLE_SIZE, bold=True)) + 2 * PADDING)
    oven_h = grid_h + 2 * 14
    line_room = canvas_w - 2 * PADDING - 36 - name_w - sum_w + TILE_GAP - extra
    tiles_per_line = max(1, int(line_room // (TILE + TILE_GAP)))
    pull_heights = [
        PULL_H + (TILE + 6) * max(0, -(-len(tiles) // tiles_per_line) - 1) for _, tiles in pulls
    ]
    height = PADDING + TITLE_H + oven_h + 12 + chip_rows * 34 + PADDING
    if pulls:
        height += 8 + sum(pull_heights)
    canvas = Canvas(canvas_w, height, look=OVEN_LOOK)
    canvas.title(title)
    top = PADDING + TITLE_H
    _draw_oven(canvas, top, left, refill_below)
    chips_top = top + oven_h + 12
    for index, value in enumerate(VALUES):
        row, column = divmod(index, chips_per_row)
        x, y = PADDING + column * 76, chips_top + row * 34 + 4
        count = remaining.get(value, 0)
        tile(canvas, x, y, TILE, value)
        label_x = x + tile_width(value, TILE) + 6
        canvas.text(label_x, y + TILE / 2, f"×{count}", bold=True, fill=TEXT if count else DIM)
    if pulls:
        top = chips_top + chip_rows * 34 + 8
        canvas.box((PADDING, top, canvas_w - PADDING, top + sum(pull_heights)), fill=SURFACE,
                   radius=8)  # fmt: skip
        for index, (pull, row_h) in enumerate(zip(pulls, pull_heights, strict=True)):
            which, room = (index, index == pulling), (name_w, tiles_per_line)
            _draw_pull(canvas, top, row_h, pull, which=which, room=room)
            top += row_h
    return canvas.png()


def _draw_oven(canvas: Canvas, top: float, left: int, refill_below: int) -> None:
    """The oven's 48 places (a face-down tile on the first ``left``, the places below the
    refill mark glowing) and the count beside it."""
    rows = -(-TOTAL // COLUMNS)
    oven_w = COLUMNS * SLOT + (COLUMNS - 1) * SLOT_GAP + 2 * 14
    oven_h = rows * SLOT + (rows - 1) * SLOT_GAP + 2 * 14
    canvas.box((PADDING, top, PADDING + oven_w, top + oven_h), fill=OVEN, radius=14)
    for place in range(TOTAL):
        row, column = divmod(place, COLUMNS)
        x = PADDING + 14 + column * (SLOT + SLOT_GAP)
        y = top + 14 + row * (SLOT + SLOT_GAP)
        if place < refill_below:
            canvas.box((x - 2, y - 2, x + SLOT + 2, y + SLOT + 2), fill=OVEN_EMBER, radius=6)
        if place < left:
            canvas.box((x, y, x + SLOT, y + SLOT), fill=TILE_BACK, outline=INK, radius=5)
            canvas.circle(x + SLOT / 2, y + SLOT / 2, SLOT * 0.12, fill=TILE_DOT)
        else:
            canvas.box((x, y, x + SLOT, y + SLOT), outline=PLACE_EDGE, radius=5)
    count_x = PADDING + oven_w + 12
    canvas.text(count_x, top + oven_h / 2 - 6, str(left), size=28, bold=True, anchor="ls")
    canvas.text(
        count_x, top + oven_h / 2 + 4, f"/ {TOTAL}", size=SMALL_SIZE, fill=MUTED, anchor="lt"
    )


def _draw_pull(
    canvas: Canvas,
    top: float,
    row_h: float,
    pull: tuple[str, Sequence[int]],
    *,
    which: tuple[int, bool],
    room: tuple[float, int],
) -> None:
    """One puller's row: ``which``: (his row's index, whether he pulls now); ``room``:
    (the names' width, tiles a line)."""
    (name, tiles), (index, now), (name_w, per_line) = pull, which, room
    left_x, right_x = PADDING, canvas.width - PADDING
    middle = top + PULL_H / 2
    if index:
        canvas.line([(left_x + 6, top), (right_x - 6, top)], fill=LINE)
    if now:
        canvas.box((left_x, top + 5, left_x + 4, top + row_h - 5), fill=GOLD)
    devil = DEVIL in tiles
    canvas.text(left_x + 12, middle, fit(name, name_w), fill=DIM if devil else TEXT)
    tiles_x = left_x + 12 + name_w + 12
    x = tiles_x
    for number, value in enumerate(tiles):
        line, column = divmod(number, per_line)
        x = tiles_x if column == 0 else x
        tile(canvas, x, middle - TILE / 2 + line * (TILE + 6), TILE, value)
        x += tile_width(value, TILE) + TILE_GAP
    coal = 0 if devil else sum(tiles)
    ink = DIM if devil else TEXT
    canvas.text(right_x - 12, middle, f"= {coal}", bold=True, fill=ink, anchor="rm")


def alt_oven(
    title: str,
    remaining: Mapping[int, int],
    pulls: Sequence[tuple[str, Sequence[int]]],
    locale: str,
) -> str:
    """ "title: 31/48; 100 ×2, …, Teufel ×7; Anna 25, 10 = 35; Ben 50, Teufel = 0"."""
    devil = _word(t("teufel.ui.devil", locale))
    kinds = ", ".join(
        f"{devil if value == DEVIL else value} ×{remaining.get(value, 0)}" for value in VALUES
    )
    parts = [f"{sum(remaining.values())}/{TOTAL}", kinds]
    for name, tiles in pulls:
        drawn = ", ".join(devil if v == DEVIL else str(v) for v in tiles)
        parts.append(f"{name} {drawn} = {0 if DEVIL in tiles else sum(tiles)}")
    return one_line(title, parts)


def _word(text: str) -> str:
    """A catalogue's label without its emoji (symbols and their presentation selectors),
    as a screen reader should read it."""
    kept = (c for c in text if unicodedata.category(c) != "So" and c not in "\ufe0e\ufe0f")
    return " ".join("".join(kept).split())
