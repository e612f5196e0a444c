"""A whole tournament as a bracket, the way tournament sites draw one: the rounds as
columns, each group a box with its players, points and eyes, who went through marked, the
Finale and the champion at the right. The message carries the same numbers as text
(:func:`bracket_fields`): a picture is never the only place of a number."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from bot.i18n import t
from bot.render import typeface
from bot.render.pictures import BACKGROUND, HEADER, INK, PADDING, STRIPE, png
from bot.render.v6_cards import Names

BOX_W, LINE_H, HEAD_H, GAP = 290, 22, 26, 14
BOXES_PER_STACK = 5  # a round of more groups wraps into several stacks side by side
THROUGH, GOLD, MUTED = (70, 150, 90), (230, 190, 40), (150, 150, 150)
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


def bracket(tour: Mapping[str, Any], locale: str, name: Names) -> list[Column]:
    """The tournament's rounds as columns of group boxes, the champion's column last."""
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
    if tour.get("champion"):
        champion = Entry(name(tour["champion"]), None, None, True)
        title = t("ui.tour.bracket.champion", locale)
        columns.append(Column(title, [Box(title, [champion])]))
    return columns


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


def bracket_png(title: str, columns: Sequence[Column], locale: str) -> bytes:
    """The bracket: a column per round (wrapped into stacks of five groups), boxes with
    place, player, points and eyes; who went through in green, the champion in gold. A name
    too long for its box is cut with an ellipsis."""
    font, bold = typeface.font(15), typeface.font(16, bold=True)
    title = typeface.drawable(title, bold=True)
    stacks: list[tuple[str, list[Box]]] = []  # (column title or "", boxes)
    for column in columns:
        count = max(1, math.ceil(len(column.boxes) / BOXES_PER_STACK))
        for i in range(count):
            part = column.boxes[i * BOXES_PER_STACK : (i + 1) * BOXES_PER_STACK]
            stacks.append((column.title if i == 0 else "", part))

    def box_height(box: Box) -> int:
        return HEAD_H + LINE_H * len(box.entries) + 8

    through_word = typeface.drawable(t("ui.tour.bracket.through", locale))
    legend_w = 20 + int(font.getlength(through_word))
    top = PADDING + 30 + HEAD_H
    height = top + max((sum(box_height(b) + GAP for b in boxes) for _, boxes in stacks), default=0)
    width = PADDING * 2 + len(stacks) * (BOX_W + GAP)
    width = max(width, int(bold.getlength(title)) + 3 * PADDING + legend_w)
    image = Image.new("RGB", (width, height + PADDING), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.text((PADDING, PADDING // 2 + 11), title, font=bold, fill=HEADER, anchor="lm")
    for index, (heading, boxes) in enumerate(stacks):
        x = PADDING + index * (BOX_W + GAP)
        shown = typeface.shortened(typeface.drawable(heading, bold=True), bold, BOX_W)
        draw.text((x, PADDING + 30 + HEAD_H // 2), shown, font=bold, fill=HEADER, anchor="lm")
        # a lone box (Finale, champion) sits in the middle, as on the sites' brackets
        used = sum(box_height(b) + GAP for b in boxes)
        y = top + (max(0, (height - top - used) // 2) if len(boxes) == 1 else 0)
        for box in boxes:
            champion = box.title == heading and len(box.entries) == 1 and box.entries[0].through
            bottom = y + box_height(box)
            draw.rounded_rectangle(
                (x, y, x + BOX_W, bottom), radius=6, fill=STRIPE,
                outline=GOLD if champion else MUTED, width=2,
            )  # fmt: skip
            box_title = typeface.shortened(
                typeface.drawable(box.title, bold=True), bold, BOX_W - 16
            )
            draw.text(
                (x + 8, y + 2 + HEAD_H // 2), box_title, font=bold,
                fill=GOLD if champion else HEADER, anchor="lm",
            )  # fmt: skip
            for row, entry in enumerate(box.entries):
                line_y = y + HEAD_H + LINE_H * row
                middle = line_y + LINE_H // 2
                if entry.through and not champion:
                    draw.rectangle(
                        (x + 2, line_y, x + BOX_W - 2, line_y + LINE_H - 2), fill=THROUGH
                    )
                colour = GOLD if champion else INK
                room = BOX_W - 40  # the name's room: from x + 32 to the box's right edge
                if entry.points is not None:
                    numbers = t(
                        "ui.tour.bracket.numbers", locale, points=entry.points, eyes=entry.eyes
                    )
                    numbers_w = font.getlength(numbers)
                    right = x + BOX_W - 8
                    draw.text((right, middle), numbers, font=font, fill=colour, anchor="rm")
                    draw.text((x + 8, middle), f"{row + 1}.", font=font, fill=colour, anchor="lm")
                    room = int(BOX_W - 8 - numbers_w - 12 - 32)
                label = typeface.shortened(typeface.drawable(entry.player), font, room)
                draw.text((x + 32, middle), label, font=font, fill=colour, anchor="lm")
            y = bottom + GAP
    legend_x = width - PADDING - int(font.getlength(through_word))
    draw.rectangle((legend_x - 20, PADDING // 2 + 4, legend_x - 6, PADDING // 2 + 18), fill=THROUGH)
    draw.text((legend_x, PADDING // 2 + 11), through_word, font=font, fill=INK, anchor="lm")
    return png(image)
