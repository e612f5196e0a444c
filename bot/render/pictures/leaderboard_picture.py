"""A server's leaderboard (``/rangliste``): a title, the table's season under it, one line
per player with his place as a badge (gold, silver, bronze for the first three), his name,
his rating in bold and his rated games; the provisional players below a label of their own,
without a place and muted. Every cell comes written in the reader's language."""

from __future__ import annotations

from collections.abc import Sequence

from bot.render.pictures.alt import one_line
from bot.render.pictures.canvas import Canvas, badge, fit
from bot.render.pictures.look import TITLED, Look
from bot.render.pictures.palette import (
    BACKGROUND,
    GOLD,
    INK,
    LINE,
    MUTED,
    PADDING,
    RAISED,
    SMALL_SIZE,
    SURFACE,
    TEXT,
)

Row = tuple[str, str, str, str]
"""A line: place ("" for a provisional player), name, rating, games."""

WIDTH = 460
TITLE_H, SUB_H, HEAD_H, ROW_H, LABEL_H, CELL_PAD = 30, 20, 26, 30, 26, 10
PLACE_W, RATING_W, GAMES_W = 46, 90, 80
SILVER, BRONZE = (192, 196, 204), (205, 127, 50)
MEDALS = (GOLD, SILVER, BRONZE)
LOOK = TITLED + Look(
    (SURFACE, LINE, RAISED, *MEDALS),
    ((TEXT, (SURFACE, RAISED)), (MUTED, (BACKGROUND, SURFACE)), (INK, MEDALS)),
)


def leaderboard_png(
    title: str,
    season: str,
    header: Row,
    rows: Sequence[Row],
    provisional: str = "",
) -> bytes:
    """``rows`` in table order, the established players first; from the first row without
    a place on, the provisional ones under the label ``provisional``."""
    first_provisional = next((i for i, row in enumerate(rows) if not row[0]), len(rows))
    label = LABEL_H if first_provisional < len(rows) else 0
    height = PADDING + TITLE_H + SUB_H + HEAD_H + ROW_H * len(rows) + label + PADDING
    canvas = Canvas(WIDTH, height, look=LOOK)
    canvas.title(title, PADDING + TITLE_H / 2 - 2)
    canvas.text(
        PADDING, PADDING + TITLE_H + SUB_H / 2 - 4, fit(season, WIDTH - 2 * PADDING, SMALL_SIZE),
        size=SMALL_SIZE, fill=MUTED,
    )  # fmt: skip
    top = PADDING + TITLE_H + SUB_H
    left, right = PADDING, WIDTH - PADDING
    canvas.box((left, top, right, height - PADDING), fill=SURFACE, radius=8)
    games_x = right - CELL_PAD
    rating_x = right - GAMES_W - CELL_PAD
    name_x = left + PLACE_W + CELL_PAD / 2
    name_room = rating_x - RATING_W + CELL_PAD - name_x
    middle = top + HEAD_H / 2
    place_x = left + PLACE_W / 2
    for x, text, anchor in (
        (place_x, header[0], "mm"),
        (name_x, header[1], "lm"),
        (rating_x, header[2], "rm"),
        (games_x, header[3], "rm"),
    ):
        canvas.text(x, middle, text, size=SMALL_SIZE, bold=True, fill=MUTED, anchor=anchor)
    y = top + HEAD_H
    for number, (place, name, rating, games) in enumerate(rows):
        if number == first_provisional:
            canvas.line([(left + 6, y), (right - 6, y)], fill=LINE)
            canvas.text(
                name_x, y + LABEL_H / 2, fit(provisional, right - name_x - CELL_PAD, SMALL_SIZE),
                size=SMALL_SIZE, bold=True, fill=MUTED,
            )  # fmt: skip
            y += LABEL_H
        middle = y + ROW_H / 2
        canvas.line([(left + 6, y), (right - 6, y)], fill=LINE)
        ink = TEXT if place else MUTED
        if place:
            medal = int(place) - 1 if place.isdigit() else len(MEDALS)
            fill = MEDALS[medal] if medal < len(MEDALS) else RAISED
            badge(canvas, place_x, middle, place, fill=fill, ink=INK if fill != RAISED else TEXT)
        canvas.text(name_x, middle, fit(name, name_room), fill=ink)
        canvas.text(rating_x, middle, rating, bold=bool(place), fill=ink, anchor="rm")
        canvas.text(games_x, middle, games, fill=MUTED, anchor="rm")
        y += ROW_H
    return canvas.png()


def alt_leaderboard(
    title: str, season: str, header: Row, rows: Sequence[Row], provisional: str = ""
) -> str:
    """The leaderboard as one line: "title, season: 1. Anna, Wertung 12,3, Spiele 8; …
    vorläufig: Cem, Wertung −1,2, Spiele 2"."""
    parts = []
    for number, (place, name, rating, games) in enumerate(rows):
        line = f"{place}. {name}" if place else name
        if not place and (number == 0 or rows[number - 1][0]):
            line = f"{provisional}: {line}"
        parts.append(f"{line}, {header[2]} {rating}, {header[3]} {games}")
    return one_line(f"{title}, {season}", parts)
