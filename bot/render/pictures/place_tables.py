"""Tables: a title, a header row, one line per row in a rounded panel; a column of numbers
aligned to the right. A tournament group's standings are such a table with the places as
badges (gold for the first) and who went through marked green."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from bot.render.pictures.alt import one_line
from bot.render.pictures.canvas import Canvas, badge, figure, fit, width
from bot.render.pictures.look import TITLED, Look
from bot.render.pictures.palette import (
    GOLD,
    GREEN,
    INK,
    LINE,
    MAX_WIDTH,
    MUTED,
    PADDING,
    RAISED,
    SMALL_SIZE,
    SURFACE,
    TEXT,
    TEXT_SIZE,
    TITLE_SIZE,
)

TITLE_H, HEAD_H, ROW_H, CELL_PAD = 34, 26, 30, 10
TEXT_MAX = 240  # the widest a text column gets; longer names are cut with an ellipsis
CHECK = "✓"
LOOK = TITLED + Look(
    (SURFACE, LINE, GREEN, GOLD, RAISED),
    ((TEXT, (SURFACE, RAISED)), (MUTED, (SURFACE,)), (INK, (GOLD,)), (GREEN, (SURFACE,))),
)
"""A table's colours, and a group's standings' (their places as badges, who went through)."""


def _numeric(rows: Sequence[Sequence[object]], column: int) -> bool:
    cells = [row[column] for row in rows if column < len(row)]
    return bool(cells) and all(isinstance(c, int | float) for c in cells)


def _widths(
    header: Sequence[str], body: Sequence[Sequence[str]], numeric: Sequence[bool], extra: float
) -> list[float]:
    """Each column's width: its widest cell and its header, text columns at most
    :data:`TEXT_MAX`, the widest text column narrowed until the table fits the picture."""
    widths = []
    for i, head in enumerate(header):
        cells = [width(r[i], TEXT_SIZE, bold=numeric[i]) for r in body if i < len(r)]
        natural = max([width(head, SMALL_SIZE, bold=True), *cells]) + 2 * CELL_PAD
        widths.append(natural if numeric[i] else min(natural, TEXT_MAX + 2 * CELL_PAD))
    room = MAX_WIDTH - 2 * PADDING - extra
    texts = [i for i, n in enumerate(numeric) if not n]
    while sum(widths) > room and texts:
        widest = max(texts, key=lambda i: widths[i])
        widths[widest] = max(
            width(header[widest], SMALL_SIZE, bold=True) + 2 * CELL_PAD,
            widths[widest] - (sum(widths) - room),
        )
        texts.remove(widest)
    return widths


def _table(
    title: str,
    header: Sequence[str],
    rows: Sequence[Sequence[object]],
    *,
    places: bool = False,
    through: Collection[int] = (),
) -> bytes:
    body = [[figure(c) for c in row] for row in rows]
    numeric = [_numeric(rows, i) for i in range(len(header))]
    if places:
        numeric[0] = True
    check = width(f" {CHECK}", TEXT_SIZE, bold=True) if through else 0
    widths = _widths(header, body, numeric, check)
    if through and len(widths) > 1:
        widths[1] += check  # the ✓ after a name stays in the name's column
    panel_w = sum(widths)
    content = max(panel_w, width(title, TITLE_SIZE, bold=True))
    canvas_w = min(MAX_WIDTH, content + 2 * PADDING)
    height = PADDING + TITLE_H + HEAD_H + ROW_H * len(body) + PADDING
    canvas = Canvas(canvas_w, height, look=LOOK)
    canvas.title(title, PADDING + TITLE_H / 2 - 4)
    top = PADDING + TITLE_H
    left, right = PADDING, PADDING + panel_w
    canvas.box((left, top, right, height - PADDING), fill=SURFACE, radius=8)
    lefts = [left + sum(widths[:i]) for i in range(len(widths))]
    for i, head in enumerate(header[: len(widths)]):
        if numeric[i]:
            x, anchor = lefts[i] + widths[i] - CELL_PAD, "rm"
        else:
            x, anchor = lefts[i] + CELL_PAD, "lm"
        if places and i == 0:
            x, anchor = lefts[i] + widths[i] / 2, "mm"
        canvas.text(
            x, top + HEAD_H / 2, head, size=SMALL_SIZE, bold=True, fill=MUTED, anchor=anchor
        )
    for number, row in enumerate(body):
        row_top = top + HEAD_H + ROW_H * number
        middle = row_top + ROW_H / 2
        canvas.line([(left + 6, row_top), (right - 6, row_top)], fill=LINE)
        went = number in through
        if went:
            canvas.box((left, row_top + 4, left + 4, row_top + ROW_H - 4), fill=GREEN)
        for i, cell in enumerate(row[: len(widths)]):
            if places and i == 0:
                first = cell == "1"
                badge(
                    canvas, lefts[i] + widths[i] / 2, middle, cell, fill=GOLD if first else RAISED,
                    ink=INK if first else TEXT,
                )  # fmt: skip
            elif numeric[i]:
                x = lefts[i] + widths[i] - CELL_PAD
                bold = i == len(header) - 2 if places else False
                canvas.text(
                    x, middle, cell, bold=bold, fill=MUTED if places and not bold else TEXT,
                    anchor="rm",
                )  # fmt: skip
            else:
                room = widths[i] - 2 * CELL_PAD - (check if through and i == 1 else 0)
                shown = fit(cell, room)
                canvas.text(lefts[i] + CELL_PAD, middle, shown)
                if went and i == 1:
                    after = lefts[i] + CELL_PAD + width(shown) + 4
                    canvas.text(after, middle, CHECK, bold=True, fill=GREEN)
    return canvas.png()


def table_png(title: str, header: Sequence[str], rows: Sequence[Sequence[object]]) -> bytes:
    """A table: ``title``, the ``header`` row, one line per row (cells shown as ``str``);
    a column of numbers is aligned to the right, a long text cut with an ellipsis."""
    return _table(title, header, rows)


def group_table_png(
    title: str,
    header: Sequence[str],
    rows: Sequence[Sequence[object]],
    *,
    through: Collection[int] = (),
) -> bytes:
    """A tournament group's standings. ``header``: place, player, points, eyes (the
    catalogue's ``ui.tour.col.*``); ``rows``: ``[place, player name, points, eyes]`` in
    table order (:func:`bot.render.tournament_cards.group_rows`); ``through``: the rows
    (counted from 0) whose player went through, marked green with a ✓. The place is a
    badge, gold for the first; the points bold, the eyes muted."""
    return _table(title, header, rows, places=True, through=through)


def alt_table(title: str, header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """The table as one line: "title: header₁ cell, header₂ cell; …" per row."""
    lines = [
        ", ".join(f"{head} {figure(cell)}" for head, cell in zip(header, row, strict=False))
        for row in rows
    ]
    return one_line(title, lines)


def alt_group_table(
    title: str,
    header: Sequence[str],
    rows: Sequence[Sequence[object]],
    *,
    through: Collection[int] = (),
) -> str:
    """The standings as one line: "title: 1. Anna, Punkte 12, Augen 40 ✓; …"."""
    lines = []
    for number, row in enumerate(rows):
        place, player, *numbers = row
        parts = [f"{place}. {player}"]
        parts += [f"{head} {figure(cell)}" for head, cell in zip(header[2:], numbers, strict=False)]
        lines.append(", ".join(parts) + (f" {CHECK}" if number in through else ""))
    return one_line(title, lines)
