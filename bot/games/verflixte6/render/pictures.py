"""Die verflixte 6 as pictures: a Durchgang's result (every player's rolls as dice, the
verflixte 6 red, his eyes, points and place) and the Abend's table (points per Durchgang,
the total, the eyes, the winner in gold).

The data comes from the game's log: a Durchgang's rolls are in its ``freiwurf``, ``roll``
and ``six`` events (a result's ``durchgang_end`` holds only eyes and points), so
:func:`durchgang_rows` and :func:`abend_rows` read the rows from the log's events (the
public log, ``Records.recent_events(game_id, None)``: the game has no secrets)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.engine import JSON
from bot.games.plugin import Drawing
from bot.games.verflixte6.view import typed_view
from bot.i18n import t
from bot.render.pictures.alt import one_line
from bot.render.pictures.canvas import Canvas, badge, die, figure, fit, signed, width
from bot.render.pictures.look import DICE, TITLED, Look
from bot.render.pictures.palette import (
    BACKGROUND,
    DIE_RED,
    DIE_RED_PIP,
    DIM,
    GOLD,
    INK,
    JOKER,
    LINE,
    MAX_WIDTH,
    MUTED,
    PADDING,
    RAISED,
    SMALL_SIZE,
    SURFACE,
    TEXT,
    TITLE_SIZE,
)

Names = Callable[[str], str]
VERFLIXT = 6
"""A normal roll's 6: the verflixte 6 (a Freiwurf's 6 counts 6 and busts nobody)."""
DURCHGANG_LOOK = (
    TITLED
    + DICE
    + Look(
        (SURFACE, LINE, RAISED, GOLD, MUTED, JOKER),
        (
            (TEXT, (SURFACE, RAISED, JOKER)),
            (DIM, (SURFACE, RAISED)),
            (INK, (GOLD,)),
            (GOLD, (SURFACE,)),
            (MUTED, (BACKGROUND,)),
        ),
    )
)
ABEND_LOOK = TITLED + Look(
    (SURFACE, LINE, RAISED, GOLD),
    (
        (TEXT, (SURFACE, RAISED)),
        (DIM, (SURFACE, RAISED)),
        (MUTED, (BACKGROUND, SURFACE)),
        (INK, (GOLD,)),
        (GOLD, (SURFACE,)),
    ),
)


@dataclass(frozen=True)
class DurchgangRow:
    """One player's Durchgang: ``freiwurf`` (None: he had no turn), the normal rolls after
    it in order (a 6 among them is the verflixte 6 that busted him, or that Runkelrüb
    saved), his eyes and points at the end, his place (None: 0 eyes, no place), and
    ``rest``, the eyes the dice do not explain."""

    player: str
    freiwurf: int | None
    rolls: tuple[int, ...]
    eyes: int
    points: int
    place: int | None
    rest: int = 0
    """His eyes that no die shown gave: what jokers, robberies, a Sekante, a Keuler
    bonus or a Ventil's floor added or took, so that the row adds up (the dice, a
    verflixte 6 wiping what came before it, and this)."""


@dataclass(frozen=True)
class AbendRow:
    """One player's Abend: points per Durchgang (None: not played yet), their total, the
    eyes summed over the Durchgänge (the tie-breaker) and his place on both."""

    player: str
    points: tuple[int | None, ...]
    total: int
    eyes: int
    place: int


def _same(player: str) -> str:
    return player


def _place(player: str, eyes: Mapping[str, int], points: Mapping[str, int]) -> int:
    """As the result message prints it: one more than the players ahead on eyes and, among
    equal eyes, on points (the Stechen decided); level on both share the place."""
    mine = (eyes[player], points[player])
    return 1 + sum((eyes[p], points[p]) > mine for p in eyes)


def durchgang_rows(
    events: Sequence[Mapping[str, Any]], end: Mapping[str, Any], name: Names = _same
) -> list[DurchgangRow]:
    """The rows of the Durchgang that ``end`` (its ``durchgang_end`` event) closes, best
    first: ``events`` is the log (or any part of it that holds the Durchgang, from its
    ``durchgang`` event on); ``name`` shows a player id."""
    number = end["durchgang"]
    stop = next((i for i, e in enumerate(events) if e is end), None)
    if stop is None:
        stop = next(
            (i for i, e in enumerate(events)
             if e["type"] == "durchgang_end" and e["durchgang"] == number),
            len(events),
        )  # fmt: skip
    start = 0
    for i in range(stop - 1, -1, -1):
        if events[i]["type"] == "durchgang" and events[i]["durchgang"] == number:
            start = i
            break
    freiwurf: dict[str, int] = {}
    rolls: dict[str, list[int]] = {}
    busted: set[str] = set()
    for event in events[start:stop]:
        kind = event["type"]
        if kind == "freiwurf":
            freiwurf[event["player"]] = int(event["die"])
        elif kind in ("roll", "six"):
            rolls.setdefault(event["player"], []).append(int(event["die"]))
        elif kind == "bust":
            busted.add(event["player"])
    eyes: Mapping[str, int] = end["eyes"]
    points: Mapping[str, int] = end["points"]
    ranked = sorted(eyes, key=lambda p: (-eyes[p], -points[p]))
    return [
        DurchgangRow(
            name(p),
            freiwurf.get(p),
            tuple(rolls.get(p, ())),
            eyes[p],
            points[p],
            _place(p, eyes, points) if eyes[p] > 0 else None,
            _rest(eyes[p], freiwurf.get(p), rolls.get(p, ()), busted=p in busted),
        )
        for p in ranked
    ]


def _rest(eyes: int, freiwurf: int | None, rolls: Sequence[int], *, busted: bool) -> int:
    """The eyes the dice shown do not explain: after a verflixte 6 that busted him all he
    has (a Ventil's floor, 0 for a Zombie); else his eyes less the Freiwurf and the normal
    rolls (a 6 Runkelrüb saved counts nothing)."""
    if busted:
        return eyes
    return eyes - (freiwurf or 0) - sum(face for face in rolls if face != VERFLIXT)


def abend_rows(
    events: Sequence[Mapping[str, Any]],
    view: Mapping[str, JSON],
    name: Names = _same,
    *,
    order: Sequence[str] = (),
) -> list[AbendRow]:
    """The Abend's table, best first: points per Durchgang from the log's
    ``durchgang_end`` events, totals and eyes from the view's seats (``points``,
    ``abend_eyes``), as many Durchgänge as the view's ``durchgaenge``. Level players share
    a place, unless ``order`` gives the places (a tournament group's table, its Stechen
    settled: one place each, in that order)."""
    played: dict[int, Mapping[str, int]] = {
        int(e["durchgang"]): e["points"] for e in events if e["type"] == "durchgang_end"
    }
    shown = typed_view(view)
    count = shown["durchgaenge"]
    seats = shown["seats"]
    totals = {s["player"]: (s["points"], s["abend_eyes"]) for s in seats}
    rows = []
    for seat in seats:
        player = seat["player"]
        per = tuple(played[n].get(player) if n in played else None for n in range(1, count + 1))
        place = 1 + sum(other > totals[player] for other in totals.values())
        if player in order:
            place = list(order).index(player) + 1
        rows.append(AbendRow(name(player), per, *totals[player], place))
    return sorted(rows, key=lambda r: r.place)  # stable: level players keep seat order


# --- a Durchgang's result -------------------------------------------------------------

DIE, DIE_GAP, FREI_GAP = 22, 4, 12
CHIP_PAD = 6
ROW_PAD, LINE_H = 7, 26
BADGE_W, NAME_MAX, NUMBER_W = 30, 150, 52


def _rolls_per_line(room: float) -> int:
    """How many normal rolls a line holds beside the Freiwurf's place."""
    return max(1, int((room - DIE - FREI_GAP) // (DIE + DIE_GAP)))


def rest_text(row: DurchgangRow, label: str) -> str:
    """A row's ``rest`` as its chip says it ("Joker/Raub +12"); "" when there is none."""
    return f"{label} {signed(row.rest)}".strip() if row.rest else ""


def _chip_slots(row: DurchgangRow, label: str) -> int:
    """How many dice places a row's chip takes after its rolls."""
    text = rest_text(row, label)
    if not text:
        return 0
    return -(-int(width(text, SMALL_SIZE, bold=True) + CHIP_PAD * 2 + DIE_GAP) // (DIE + DIE_GAP))


def v6_durchgang_png(
    title: str,
    rows: Sequence[DurchgangRow],
    *,
    header: Sequence[str] = (),
    rest_label: str = "",
) -> bytes:
    """A Durchgang's result, one row per player as :func:`durchgang_rows` gives them:
    his place (a gold badge for the first, a dash for 0 eyes), his name, the Freiwurf die
    (framed) and after a gap his normal rolls (the verflixte 6 red; a long turn wraps onto
    more lines), then a chip with the eyes the dice do not explain (``rest_label`` and
    the row's ``rest``: jokers, robberies), his eyes and his points ("+6"), so that each
    row adds up. ``header``: optional column titles (place, player, rolls, eyes, points)
    drawn above the rows."""
    heads = list(header) + [""] * (5 - len(header)) if header else []
    badge_w = max(BADGE_W, width(heads[0], SMALL_SIZE, bold=True) + 8) if heads else BADGE_W
    widths = [width(r.player) for r in rows] + [width(h, SMALL_SIZE, bold=True) for h in heads[1:2]]
    name_w = min(NAME_MAX, max([*widths, 40]))
    number_w = max([NUMBER_W] + [width(h, SMALL_SIZE, bold=True) + 8 for h in heads[3:5]])
    fixed = PADDING + badge_w + 4 + name_w + 12 + 2 * number_w + PADDING
    per_line = _rolls_per_line(MAX_WIDTH - fixed)
    chips = [_chip_slots(r, rest_label) for r in rows]
    per_line = max(per_line, max(chips, default=0))
    places = [len(r.rolls) + chip for r, chip in zip(rows, chips, strict=True)]
    shown = min(max(places, default=0), per_line)
    dice_w = DIE + FREI_GAP + shown * (DIE + DIE_GAP)
    canvas_w = min(
        MAX_WIDTH, max(fixed + dice_w, width(title, TITLE_SIZE, bold=True) + 2 * PADDING)
    )
    heights = [max(1, _lines_of(r, chip, per_line)) * LINE_H + 2 * ROW_PAD
               for r, chip in zip(rows, chips, strict=True)]  # fmt: skip
    head_h = 22 if heads else 0
    height = PADDING + 34 + head_h + sum(heights) + PADDING
    canvas = Canvas(canvas_w, height, look=DURCHGANG_LOOK)
    canvas.title(title)
    top = PADDING + 34
    left, right = PADDING, canvas_w - PADDING
    name_x = left + badge_w + 4
    dice_x = name_x + name_w + 12
    points_x = right - 10
    eyes_x = points_x - number_w
    if heads:
        columns = (
            (left + badge_w / 2, "mm"), (name_x, "lm"), (dice_x, "lm"), (eyes_x, "rm"),
            (points_x, "rm"),
        )  # fmt: skip
        for (x, anchor), text in zip(columns, heads, strict=True):
            canvas.text(
                x, top + head_h / 2, text, size=SMALL_SIZE, bold=True, fill=MUTED, anchor=anchor
            )
        top += head_h
    canvas.box((left, top, right, top + sum(heights)), fill=SURFACE, radius=8)
    for index, (row, row_h) in enumerate(zip(rows, heights, strict=True)):
        if index:
            canvas.line([(left + 6, top), (right - 6, top)], fill=LINE)
        middle = top + ROW_PAD + LINE_H / 2
        zombie = row.place is None
        if zombie:
            badge(canvas, left + badge_w / 2, middle, "–", fill=RAISED, ink=DIM)
        else:
            first = row.place == 1
            badge(
                canvas, left + badge_w / 2, middle, str(row.place), fill=GOLD if first else RAISED,
                ink=INK if first else TEXT,
            )  # fmt: skip
        canvas.text(name_x, middle, fit(row.player, name_w), fill=DIM if zombie else TEXT)
        _draw_rolls(canvas, row, dice_x, top + ROW_PAD, per_line)
        if row.rest:
            _draw_chip(canvas, row, rest_label, (dice_x, top + ROW_PAD), per_line)
        canvas.text(
            eyes_x, middle, str(row.eyes), bold=True, fill=DIM if zombie else TEXT, anchor="rm"
        )
        colour = GOLD if row.place == 1 else (DIM if not row.points else TEXT)
        canvas.text(points_x, middle, signed(row.points), bold=True, fill=colour, anchor="rm")
        top += row_h
    return canvas.png()


def _draw_rolls(canvas: Canvas, row: DurchgangRow, x0: float, y0: float, per_line: int) -> None:
    """The Freiwurf framed at ``x0``, then after a gap the normal rolls, ``per_line`` a
    line, the lines after the first under the first line's rolls."""
    inset = (LINE_H - DIE) / 2
    if row.freiwurf is not None:
        y = y0 + inset
        canvas.box((x0 - 2, y - 2, x0 + DIE + 2, y + DIE + 2), outline=MUTED, radius=6)
        die(canvas, x0, y, DIE, row.freiwurf)
    for index, face in enumerate(row.rolls):
        line, column = divmod(index, per_line)
        x = x0 + DIE + FREI_GAP + column * (DIE + DIE_GAP)
        y = y0 + line * LINE_H + inset
        if face == VERFLIXT:
            die(canvas, x, y, DIE, face, body=DIE_RED, pip=DIE_RED_PIP)
        else:
            die(canvas, x, y, DIE, face)


def _lines_of(row: DurchgangRow, chip: int, per_line: int) -> int:
    """The lines a row's rolls and its chip take (the chip on a line of its own when the
    rolls' last line has no room for it)."""
    lines = -(-len(row.rolls) // per_line) if row.rolls else 0
    if chip:
        used = len(row.rolls) - (lines - 1) * per_line if lines else per_line
        lines += 1 if used + chip > per_line else 0
    return lines


def _draw_chip(
    canvas: Canvas, row: DurchgangRow, label: str, at: tuple[float, float], per_line: int
) -> None:
    """The row's chip after its last roll (or on a line of its own): the eyes the dice do
    not explain, in the jokers' colour."""
    x0, y0 = at
    chip = _chip_slots(row, label)
    lines = _lines_of(row, chip, per_line)
    on_line = len(row.rolls) - (lines - 1) * per_line if row.rolls else 0
    column = on_line if on_line > 0 and on_line + chip <= per_line else 0
    x = x0 + DIE + FREI_GAP + column * (DIE + DIE_GAP)
    y = y0 + (lines - 1) * LINE_H + (LINE_H - DIE) / 2
    text = rest_text(row, label)
    w = width(text, SMALL_SIZE, bold=True) + 2 * CHIP_PAD
    canvas.box((x, y, x + w, y + DIE), fill=JOKER, radius=6)
    canvas.text(x + w / 2, y + DIE / 2, text, size=SMALL_SIZE, bold=True, fill=TEXT, anchor="mm")


def alt_v6_durchgang(title: str, rows: Sequence[DurchgangRow], locale: str) -> str:
    """ "title: 1. Anna – 23 Augen – 6 Punkte: 3, 5, 4, 6; …" (the Freiwurf first)."""
    parts = []
    for row in rows:
        if row.place is None:
            line = t("ui.result.zero", locale, player=row.player)
        else:
            line = t(
                "ui.result.line", locale, place=row.place, player=row.player,
                eyes=t("n.eyes", locale, count=row.eyes),
                points=t("n.points", locale, count=row.points),
            )  # fmt: skip
        faces = ([row.freiwurf] if row.freiwurf is not None else []) + list(row.rolls)
        shown = [*map(str, faces), rest_text(row, t("v6.picture.rest", locale))]
        shown = [part for part in shown if part]
        parts.append(f"{line}: {', '.join(shown)}" if shown else line)
    return one_line(title, parts)


# --- the Abend's table ----------------------------------------------------------------

CELL, TOTAL_W = 38, 56
ABEND_ROW = 32


def v6_abend_png(title: str, header: Sequence[str], rows: Sequence[AbendRow]) -> bytes:
    """The Abend's table: ``header`` is place, player, one title per Durchgang, total,
    eyes (as many Durchgang titles as each row has points); ``rows`` as
    :func:`abend_rows` gives them. Each Durchgang's points in a cell (a dot for one not
    played yet), the total bold, the eyes muted; the first place in gold."""
    count = max((len(r.points) for r in rows), default=len(header) - 4)
    if len(header) != count + 4:
        raise ValueError(
            f"header has {len(header)} titles for {count} Durchgänge (needs {count + 4})"
        )
    heads = list(header)
    badge_w = max(BADGE_W, width(heads[0], SMALL_SIZE, bold=True) + 8)
    cell_w = max([CELL] + [width(h, SMALL_SIZE, bold=True) + 8 for h in heads[2 : 2 + count]])
    total_w = max(TOTAL_W, width(heads[-2], SMALL_SIZE, bold=True) + 16)
    eyes_w = max(TOTAL_W, width(heads[-1], SMALL_SIZE, bold=True) + 16)
    fixed = PADDING + badge_w + 16 + count * cell_w + total_w + eyes_w + PADDING
    name_w = min(
        NAME_MAX + 40, MAX_WIDTH - fixed,
        max([width(r.player) for r in rows] + [width(heads[1], SMALL_SIZE, bold=True), 40]),
    )  # fmt: skip
    canvas_w = min(
        MAX_WIDTH, max(fixed + name_w, width(title, TITLE_SIZE, bold=True) + 2 * PADDING)
    )
    head_h = 24
    height = PADDING + 34 + head_h + ABEND_ROW * len(rows) + PADDING
    canvas = Canvas(canvas_w, height, look=ABEND_LOOK)
    canvas.title(title)
    top = PADDING + 34
    left, right = PADDING, canvas_w - PADDING
    name_x = left + badge_w + 6
    cells_x = name_x + name_w + 10
    total_x = cells_x + count * cell_w + total_w - 8
    eyes_x = total_x + eyes_w
    heads_at = [(left + badge_w / 2, "mm"), (name_x, "lm")]
    heads_at += [(cells_x + i * cell_w + cell_w / 2, "mm") for i in range(count)]
    heads_at += [(total_x, "rm"), (eyes_x, "rm")]
    for (x, anchor), text in zip(heads_at, heads, strict=True):
        canvas.text(
            x, top + head_h / 2, text, size=SMALL_SIZE, bold=True, fill=MUTED, anchor=anchor
        )
    top += head_h
    canvas.box((left, top, right, top + ABEND_ROW * len(rows)), fill=SURFACE, radius=8)
    for index, row in enumerate(rows):
        row_top = top + ABEND_ROW * index
        middle = row_top + ABEND_ROW / 2
        first = row.place == 1
        if index:
            canvas.line([(left + 6, row_top), (right - 6, row_top)], fill=LINE)
        if first:
            canvas.box(
                (left + 1, row_top + 1, right - 1, row_top + ABEND_ROW - 1), outline=GOLD,
                line=1.5, radius=8,
            )  # fmt: skip
        badge(
            canvas, left + badge_w / 2, middle, str(row.place), fill=GOLD if first else RAISED,
            ink=INK if first else TEXT,
        )  # fmt: skip
        canvas.text(
            name_x, middle, fit(row.player, name_w), bold=first, fill=GOLD if first else TEXT
        )
        for i, points in enumerate(row.points):
            x = cells_x + i * cell_w
            cell = (x + 4, middle - 10, x + cell_w - 4, middle + 10)
            if points is None:
                canvas.text(x + cell_w / 2, middle, "·", bold=True, fill=DIM, anchor="mm")
                continue
            canvas.box(cell, fill=RAISED, radius=5)
            canvas.text(
                x + cell_w / 2, middle, figure(points), size=SMALL_SIZE, bold=True,
                fill=TEXT if points else DIM, anchor="mm",
            )  # fmt: skip
        canvas.text(
            total_x, middle, figure(row.total), bold=True, fill=GOLD if first else TEXT, anchor="rm"
        )
        canvas.text(eyes_x, middle, str(row.eyes), fill=MUTED, anchor="rm")
    return canvas.png()


def alt_v6_abend(title: str, header: Sequence[str], rows: Sequence[AbendRow]) -> str:
    """ "title: 1. Anna: D1 6, D2 4, D3 –, Punkte 10, Augen 40; …" (the header's titles)."""
    parts = []
    for row in rows:
        cells = [
            f"{head} {'–' if p is None else figure(p)}"
            for head, p in zip(header[2:], row.points, strict=False)
        ]
        cells += [f"{header[-2]} {figure(row.total)}", f"{header[-1]} {row.eyes}"]
        parts.append(f"{row.place}. {row.player}: {', '.join(cells)}")
    return one_line(title, parts)


def evening(
    view: Mapping[str, JSON],
    log: Sequence[Mapping[str, Any]],
    locale: str,
    name: Names = _same,
    *,
    order: Sequence[str] = (),
) -> tuple[str, tuple[str, ...], tuple[AbendRow, ...], str]:
    """The Abend's table as its picture shows it (:func:`v6_abend_png`): its title, column
    titles (place, player, each Durchgang, points, eyes), rows (:func:`abend_rows`) and alt
    text, of a table's ``view`` and public ``log``."""
    rows = tuple(abend_rows(log, view, name, order=order))
    count = max((len(row.points) for row in rows), default=0)
    header = (
        t("ui.tour.col.place", locale), t("ui.tour.col.player", locale),
        *(t("v6.ui.col.durchgang", locale, number=n) for n in range(1, count + 1)),
        t("ui.tour.col.points", locale), t("ui.tour.col.eyes", locale),
    )  # fmt: skip
    title = t("v6.ui.abend_title", locale)
    return title, header, rows, alt_v6_abend(title, header, rows)


def result_picture(
    view: Mapping[str, Any], log: Sequence[Mapping[str, Any]], locale: str, name: Names
) -> Drawing:
    """A finished table's result picture: the Abend's table its channel got at the end."""
    title, header, rows, alt = evening(view, log, locale, name)
    return Drawing(functools.partial(v6_abend_png, title, header, rows), alt)
