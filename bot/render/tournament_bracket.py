"""A whole tournament as a bracket, the way tournament sites draw one: the rounds as
columns, each group a box with its players, points and eyes, who went through marked, the
Finale at the right with the champion under it. The message carries the same numbers as text
(:func:`bracket_fields`): a picture is never the only place of a number."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bot.engine import JSON
from bot.i18n import t
from bot.render import typeface
from bot.render.cards import Picture, picture
from bot.render.lobby_card import Names
from bot.render.pictures import canvas as pictures
from bot.render.pictures.look import TITLED, Look
from bot.render.pictures.palette import (
    BACKGROUND,
    GOLD,
    LINE,
    MAX_WIDTH,
    MUTED,
    PADDING,
    SMALL_SIZE,
    SURFACE,
    TEXT,
    TEXT_SIZE,
    TITLE_SIZE,
)
from bot.tournament.view import typed_view

BOX_W, LINE_H, HEAD_H, GAP, STACK_HEAD, TITLE_H = 268, 22, 28, 12, 24, 34
BOXES_PER_STACK = 5  # a round of more groups wraps into several stacks side by side
STACKS_PER_BAND = 2  # stacks side by side; more go into the next band, below
THROUGH = (36, 96, 64)  # a dark green: white text on it stays readable
LOOK = TITLED + Look(
    (SURFACE, LINE, GOLD, THROUGH),
    ((TEXT, (SURFACE, THROUGH)), (GOLD, (SURFACE, THROUGH)), (MUTED, (BACKGROUND, SURFACE))),
)
FIELD_MAX, FIELDS_MAX = 1024, 25


@dataclass
class Entry:
    player: str
    points: int | None  # None: not played yet
    eyes: int | None
    through: bool


@dataclass
class Box:
    title: str
    entries: list[Entry]


@dataclass
class Column:
    title: str
    boxes: list[Box]


def bracket(view: Mapping[str, JSON], locale: str, name: Names) -> list[Column]:
    """The tournament's rounds as columns of group boxes, the champion's column last."""
    tour = typed_view(view)
    columns = []
    for rnd in tour["rounds"]:
        through = set(rnd["advanced"])
        boxes = []
        for group in rnd["groups"]:
            if group["table"]:
                entries = [
                    Entry(name(row["player"]), row["points"], row["eyes"],
                          row["player"] in through or (rnd["finale"] and i == 0))
                    for i, row in enumerate(group["table"])
                ]  # fmt: skip
            else:
                entries = [Entry(name(p), None, None, False) for p in group["players"]]
            if rnd["finale"]:
                title = t("ui.tour.bracket.finale", locale)
            else:
                title = t("ui.tour.group", locale, group=group["number"])
            boxes.append(Box(title, entries))
        key = "ui.tour.bracket.finale" if rnd["finale"] else "ui.tour.bracket.round"
        columns.append(Column(t(key, locale, round=rnd["number"]), boxes))
    if champion_name := tour.get("champion"):
        champion = Entry(name(champion_name), None, None, True)
        title = t("ui.tour.bracket.champion", locale)
        columns.append(Column(title, [Box(title, [champion])]))
    return columns


def bracket_picture(view: Mapping[str, JSON], title: str, locale: str, name: Names) -> Picture:
    """The bracket as a picture, for the card of ``/turnier turnierstand`` and the
    tournament's web page alike: drawn once for what it shows (its key); the card and the
    page list the same numbers as text."""
    columns = tuple(bracket(view, locale, name))
    return picture("bracket", locale, bracket_png, title, columns, locale, description=title)


def entry_line(entry: Entry, place: int, locale: str) -> str:
    """``1. name – 5 Punkte, 23 Augen ✓`` (✓: went through), or the name alone before the
    group has played."""
    if entry.points is None or entry.eyes is None:
        return entry.player
    line = t(
        "ui.tour.table_line",
        locale,
        place=place,
        player=entry.player,
        points=t("n.points", locale, count=entry.points),
        eyes=t("n.eyes", locale, count=entry.eyes),
    )
    return f"{line} ✓" if entry.through else line


def bracket_fields(columns: Sequence[Column], locale: str) -> list[tuple[str, str]]:
    """The picture's numbers as embed fields: one per group (a round's groups together when
    there would be more than Discord's 25 fields), each within 1,024 characters."""
    per_group = [
        (f"{column.title} · {box.title}" if box.title != column.title else box.title,
         _numbered(box, locale))
        for column in columns
        for box in column.boxes
    ]  # fmt: skip
    if len(per_group) <= FIELDS_MAX:
        return [(title, text[:FIELD_MAX]) for title, text in per_group]
    fields: list[tuple[str, str]] = []
    for column in columns:
        text = "\n".join(f"**{box.title}**\n{_numbered(box, locale)}" for box in column.boxes)
        chunk = ""
        for line in text.splitlines():
            if len(chunk) + len(line) + 1 > FIELD_MAX:
                fields.append((column.title, chunk))
                chunk = ""
            chunk = f"{chunk}\n{line}" if chunk else line
        fields.append((column.title, chunk))
    return fields[:FIELDS_MAX]


def _numbered(box: Box, locale: str) -> str:
    lines = [entry_line(e, i + 1, locale) for i, e in enumerate(box.entries)]
    if len(box.entries) > 1 and all(e.points is None for e in box.entries):
        lines.append(f"_{t('ui.tour.bracket.open', locale)}_")
    return "\n".join(lines) or "–"


def _champion(columns: Sequence[Column]) -> Box | None:
    """The champion's box, when the last column is the champion's (:func:`bracket`)."""
    if not columns:
        return None
    last = columns[-1]
    if len(last.boxes) != 1:
        return None
    box = last.boxes[0]
    if box.title == last.title and len(box.entries) == 1 and box.entries[0].through:
        return box
    return None


def _box_height(box: Box) -> float:
    return HEAD_H + LINE_H * len(box.entries) + 8


def bracket_png(title: str, columns: Sequence[Column], locale: str) -> bytes:
    """The bracket: a stack of group boxes per round (a round of more than five groups in
    several stacks), side by side, two stacks a band and the bands one under the other
    (a picture no wider than Discord shows it well); the champion in gold under the
    Finale. A box lists place, player, points and eyes; who went through on green (the
    legend under the bands). A name too long for its box is cut with an ellipsis."""
    title = typeface.drawable(title, bold=True)
    champion = _champion(columns)
    rounds = columns[:-1] if champion is not None else columns
    stacks: list[tuple[str, list[Box]]] = []  # (column title or "", boxes)
    for column in rounds:
        count = max(1, math.ceil(len(column.boxes) / BOXES_PER_STACK))
        for i in range(count):
            part = column.boxes[i * BOXES_PER_STACK : (i + 1) * BOXES_PER_STACK]
            stacks.append((column.title if i == 0 else "", list(part)))
    if champion is not None:
        if stacks:
            stacks[-1][1].append(champion)
        else:
            stacks.append(("", [champion]))
    bands = [stacks[i : i + STACKS_PER_BAND] for i in range(0, len(stacks), STACKS_PER_BAND)]
    band_heights = [
        STACK_HEAD + max(sum(_box_height(b) + GAP for b in boxes) for _, boxes in band)
        for band in bands
    ]
    through_word = t("ui.tour.bracket.through", locale)
    across = min(STACKS_PER_BAND, max(1, len(stacks)))
    content = max(across * BOX_W + (across - 1) * GAP, pictures.width(title, TITLE_SIZE, bold=True))
    canvas_w = min(MAX_WIDTH, content + 2 * PADDING)
    legend_h = 26
    height = PADDING + TITLE_H + sum(band_heights) + legend_h + PADDING
    canvas = pictures.Canvas(canvas_w, height, look=LOOK)
    canvas.title(title)
    top: float = PADDING + TITLE_H
    for band, band_h in zip(bands, band_heights, strict=True):
        for index, (heading, boxes) in enumerate(band):
            x = PADDING + index * (BOX_W + GAP)
            shown = pictures.fit(heading, BOX_W, SMALL_SIZE, bold=True)
            canvas.text(
                x + 2, top + STACK_HEAD / 2 - 2, shown, size=SMALL_SIZE, bold=True, fill=MUTED
            )
            used = sum(_box_height(b) + GAP for b in boxes)
            y: float = top + STACK_HEAD
            lone = heading and len([b for b in boxes if b is not champion]) == 1
            if len(band) > 1 and lone:  # a round of one group (the Finale) sits in the middle
                y += max(0, (band_h - STACK_HEAD - used) // 2)
            for box in boxes:
                _draw_box(canvas, x, y, box, champion=box is champion, locale=locale)
                y += _box_height(box) + GAP
        top += band_h
    legend_y = top + legend_h / 2 - 2
    canvas.box((PADDING, legend_y - 7, PADDING + 14, legend_y + 7), fill=THROUGH, radius=3)
    canvas.text(PADDING + 20, legend_y, through_word, size=SMALL_SIZE, fill=MUTED)
    return canvas.png()


def _draw_box(
    canvas: pictures.Canvas, x: float, y: float, box: Box, *, champion: bool, locale: str
) -> None:
    bottom = y + _box_height(box)
    canvas.box(
        (x, y, x + BOX_W, bottom), fill=SURFACE, outline=GOLD if champion else LINE,
        line=2 if champion else 1, radius=8,
    )  # fmt: skip
    canvas.text(
        x + 10, y + 3 + HEAD_H / 2, pictures.fit(box.title, BOX_W - 20, TEXT_SIZE, bold=True),
        bold=True, fill=GOLD if champion else TEXT,
    )  # fmt: skip
    for row, entry in enumerate(box.entries):
        line_y = y + HEAD_H + LINE_H * row
        middle = line_y + LINE_H / 2
        if entry.through and not champion:
            canvas.box((x + 3, line_y + 1, x + BOX_W - 3, line_y + LINE_H - 1), fill=THROUGH,
                       radius=4)  # fmt: skip
        colour = GOLD if champion else TEXT
        name_x, room = x + 34, BOX_W - 44.0  # the name's room: to the box's right edge
        if entry.points is not None:
            numbers = t("ui.tour.bracket.numbers", locale, points=entry.points, eyes=entry.eyes)
            numbers_w = pictures.width(numbers, SMALL_SIZE)
            canvas.text(x + BOX_W - 10, middle, numbers, size=SMALL_SIZE, fill=colour, anchor="rm")
            place = colour if entry.through else MUTED
            canvas.text(x + 10, middle, f"{row + 1}.", size=SMALL_SIZE, fill=place)
            room = BOX_W - 10 - numbers_w - 10 - 34
        elif champion:
            name_x, room = x + 10, BOX_W - 20
        canvas.text(name_x, middle, pictures.fit(entry.player, room), bold=champion, fill=colour)
