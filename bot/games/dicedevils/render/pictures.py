"""Dice Devils as pictures: the round's display (each slot's item, its value, whose cups
stand on it, whether it went out) and a dice fight (each fighter's dice, which of them
count, the score, the winner)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.engine import JSON
from bot.games.dicedevils.render.cards import cups_on, item_name, score_text
from bot.games.dicedevils.state import OBER, VALUE, dice_of
from bot.games.dicedevils.view import typed_view
from bot.i18n import listed, t
from bot.render.pictures.alt import one_line
from bot.render.pictures.canvas import Canvas, badge, die, fit, width
from bot.render.pictures.look import DICE, TITLED, Look
from bot.render.pictures.palette import (
    DIE_DIM,
    DIM,
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

Names = Callable[[str], str]
TITLE_H = 34
CHECK = "✓"
DISPLAY_LOOK = TITLED + Look(
    (SURFACE, DIM, GOLD, LINE, GREEN),
    ((TEXT, (SURFACE, GREEN)), (DIM, (SURFACE,)), (MUTED, (SURFACE,)), (INK, (GOLD, DIM))),
)
FIGHT_LOOK = (
    TITLED
    + DICE
    + Look(
        (SURFACE, LINE, GOLD, DIE_DIM, RAISED),
        (
            (TEXT, (SURFACE,)),
            (GOLD, (SURFACE,)),
            (DIM, (SURFACE,)),
            (MUTED, (SURFACE,)),
            (RAISED, (DIE_DIM,)),
            (INK, (DIE_DIM,)),
        ),
    )
)


def _same(player: str) -> str:
    return player


@dataclass(frozen=True)
class Slot:
    """A display slot: its item as the table's language names it, the item's value, the
    cups on it (display name, rank) in rank order, and whether its item went out this
    round."""

    item: str
    value: int
    cups: tuple[tuple[str, str], ...] = ()
    taken: bool = False


@dataclass(frozen=True)
class Fighter:
    """A fighter as his dice were last revealed: display name, rank, dice, score; ``out``:
    he lost before the last re-roll (tied leaders re-roll, the others are out)."""

    player: str
    rank: str
    dice: tuple[int, ...]
    score: int
    out: bool = False


@dataclass(frozen=True)
class Fight:
    """A dice fight: the item's id (the engine's German name), the fighters, the winner's
    index among them (None: not decided yet)."""

    item: str
    fighters: tuple[Fighter, ...]
    winner: int | None


def display_slots(shown: Mapping[str, JSON], locale: str, name: Names = _same) -> list[Slot]:
    """The view's display as slots: ``display``, ``taken`` and the demons' ``slot``."""
    view = typed_view(shown)
    taken = set(view.get("taken") or ())
    return [
        Slot(
            item_name(item, locale),
            VALUE.get(item, 0),
            tuple((name(d["player"]), d["rank"]) for d in cups_on(view, slot)),
            slot in taken,
        )
        for slot, item in enumerate(view["display"])
    ]


def fights(
    events: Sequence[Mapping[str, Any]], view: Mapping[str, JSON], name: Names = _same
) -> list[Fight]:
    """The fights among ``events`` (an action's, or the log's), each with the dice as last
    revealed (a re-roll replaces the re-rolled fighters' dice) and its winner (its
    ``take``). Ranks are the view's, with the round end's rank swaps among ``events``
    taken back (a fight shows the ranks it was fought with)."""
    ranks = {d["player"]: d["rank"] for d in typed_view(view)["demons"]}
    for event in reversed(events):
        if event["type"] == "ranks":
            a, b = event["swap"]
            ranks[a], ranks[b] = ranks[b], ranks[a]
    found: list[Fight] = []
    item: str | None = None
    order: list[str] = []
    dice: dict[str, list[int]] = {}
    scores: dict[str, int] = {}
    winner: str | None = None
    out: set[str] = set()

    def close() -> None:
        if item is not None:
            fighters = tuple(
                Fighter(
                    name(p), ranks.get(p, ""), tuple(dice.get(p, ())), scores.get(p, 0), p in out
                )
                for p in order
            )
            index = order.index(winner) if winner in order else None
            found.append(Fight(item, fighters, index))

    for event in events:
        kind = event["type"]
        if kind == "fight":
            close()
            item, order, winner = str(event["item"]), list(event["fighters"]), None
            dice, scores, out = {}, {}, set()
        elif kind in ("dice", "reroll") and item is not None:
            if kind == "reroll" and event.get("cause") == "tie":
                out |= set(order) - set(event["dice"])
            dice.update(event["dice"])
            scores.update(event["scores"])
        elif kind == "take" and item is not None and event["player"] in order and winner is None:
            winner = str(event["player"])
    close()
    return found


# --- the display ----------------------------------------------------------------------

TILE_GAP, TILE_MAX, HEAD_H, CUP_H = 10, 150, 74, 30


def _lines(text: str, room: float) -> list[str]:
    """``text`` on at most two lines of ``room`` (the second cut with an ellipsis)."""
    words, lines = text.split(), [""]
    for word in words:
        candidate = f"{lines[-1]} {word}".strip()
        if width(candidate, TEXT_SIZE, bold=True) <= room or not lines[-1]:
            lines[-1] = candidate
        else:
            lines.append(word)
    if len(lines) > 2:
        lines = [lines[0], " ".join(lines[1:])]
    return [fit(line, room, TEXT_SIZE, bold=True) for line in lines]


def display_png(title: str, slots: Sequence[Slot]) -> bytes:
    """The round's display: a tile per slot, numbered from 1, with its item (two lines
    at most), its value as gold dots, and under a rule the cups on it (name and rank); a
    slot whose item went out this round dimmed with a green ✓."""
    count = max(1, len(slots))
    tile_w = min(TILE_MAX, (MAX_WIDTH - 2 * PADDING - (count - 1) * TILE_GAP) / count)
    cups = max((len(s.cups) for s in slots), default=0)
    tile_h = HEAD_H + 10 + max(1, cups) * CUP_H + 6
    content = count * tile_w + (count - 1) * TILE_GAP
    canvas_w = min(MAX_WIDTH, max(content, width(title, TITLE_SIZE, bold=True)) + 2 * PADDING)
    canvas = Canvas(canvas_w, PADDING + TITLE_H + tile_h + PADDING, look=DISPLAY_LOOK)
    canvas.title(title)
    top = PADDING + TITLE_H
    for index, slot in enumerate(slots):
        x = PADDING + index * (tile_w + TILE_GAP)
        ink = DIM if slot.taken else TEXT
        canvas.box((x, top, x + tile_w, top + tile_h), fill=SURFACE, radius=10)
        badge(canvas, x + 16, top + 16, str(index + 1), fill=DIM if slot.taken else GOLD)
        for dot in range(slot.value):
            canvas.circle(x + tile_w - 12 - dot * 12, top + 16, 4, fill=DIM if slot.taken else GOLD)
        lines = _lines(slot.item, tile_w - 16)
        first = top + 44 - (len(lines) - 1) * 9
        for number, line in enumerate(lines):
            canvas.text(x + 8, first + number * 18, line, bold=True, fill=ink)
        rule = top + HEAD_H
        canvas.line([(x + 8, rule), (x + tile_w - 8, rule)], fill=LINE)
        if slot.taken:
            badge(canvas, x + tile_w - 16, top + tile_h - 16, CHECK, fill=GREEN, ink=TEXT)
        for number, (player, rank) in enumerate(slot.cups):
            y = rule + 8 + number * CUP_H
            canvas.text(x + 8, y + 7, fit(player, tile_w - 16, SMALL_SIZE), size=SMALL_SIZE,
                        fill=ink)  # fmt: skip
            canvas.text(x + 8, y + 21, fit(rank, tile_w - 16, SMALL_SIZE - 1),
                        size=SMALL_SIZE - 1, fill=DIM if slot.taken else MUTED)  # fmt: skip
    return canvas.png()


def alt_display(title: str, slots: Sequence[Slot], locale: str) -> str:
    """ "title: 1: Bett (1 Punkt) – Becher: Anna; 2: Grill (3 Punkte) – vergeben"."""
    parts = []
    for index, slot in enumerate(slots):
        params = {
            "slot": index + 1, "item": slot.item,
            "points": t("n.points", locale, count=slot.value),
        }  # fmt: skip
        if slot.taken:
            parts.append(t("dd.ui.slot_taken", locale, **params).replace("~~", ""))
        elif slot.cups:
            players = listed((p for p, _ in slot.cups), locale)
            parts.append(t("dd.ui.slot_cups", locale, players=players, **params))
        else:
            parts.append(t("dd.ui.slot", locale, **params))
    return one_line(title, parts)


# --- a fight --------------------------------------------------------------------------

DIE, DIE_GAP, FIGHT_ROW, NAME_MAX = 30, 6, 50, 190


def _counted(fighter: Fighter) -> tuple[list[bool], int]:
    """Which of his dice count, and what his score has beyond his own dice (the
    Satansbraten's: the Oberteufel's lowest die)."""
    counts = [True] * len(fighter.dice)
    if fighter.rank == OBER and len(fighter.dice) == 3:
        counts[fighter.dice.index(min(fighter.dice))] = False
    extra = fighter.score - sum(d for d, c in zip(fighter.dice, counts, strict=True) if c)
    return counts, max(0, extra)


def name_column(fighters: Sequence[Fighter]) -> float:
    """The width of the fight's first column: room for each name and, under it, each rank
    (a short name leaves a rank its room), at most ``NAME_MAX``."""
    names = [width(f.player, bold=True) for f in fighters]
    ranks = [width(f.rank, SMALL_SIZE) for f in fighters]
    return min(NAME_MAX, max([*names, *ranks, 60]))


def fight_png(title: str, fighters: Sequence[Fighter], *, winner: int | None = None) -> bytes:
    """A dice fight: a row per fighter with name and rank, his dice (the Oberteufel's
    lowest, which does not count, greyed; the Satansbraten's four-sided dice as triangles
    and the Oberteufel's lowest die he adds after a "+"), and "= score"; a fighter out
    before the last re-roll greyed; the ``winner`` (an index into ``fighters``) framed in
    gold with a ✓."""
    name_w = name_column(fighters)
    most = max((len(f.dice) + (2 if _counted(f)[1] else 0) for f in fighters), default=2)
    score_w = width("= 99", 18, bold=True) + 8
    content = 12 + name_w + 16 + most * (DIE + DIE_GAP) + 8 + score_w + 20
    canvas_w = min(MAX_WIDTH, max(content, width(title, TITLE_SIZE, bold=True)) + 2 * PADDING)
    height = PADDING + TITLE_H + FIGHT_ROW * len(fighters) + PADDING
    canvas = Canvas(canvas_w, height, look=FIGHT_LOOK)
    canvas.title(title)
    top = PADDING + TITLE_H
    left, right = PADDING, canvas_w - PADDING
    canvas.box((left, top, right, top + FIGHT_ROW * len(fighters)), fill=SURFACE, radius=8)
    for index, fighter in enumerate(fighters):
        row_top = top + index * FIGHT_ROW
        middle = row_top + FIGHT_ROW / 2
        won = index == winner
        if index:
            canvas.line([(left + 6, row_top), (right - 6, row_top)], fill=LINE)
        if won:
            canvas.box((left + 1, row_top + 1, right - 1, row_top + FIGHT_ROW - 1), outline=GOLD,
                       line=2, radius=8)  # fmt: skip
        ink = GOLD if won else (DIM if fighter.out else TEXT)
        canvas.text(left + 12, middle - 8, fit(fighter.player, name_w, bold=True), bold=True,
                    fill=ink)  # fmt: skip
        canvas.text(left + 12, middle + 10, fit(fighter.rank, name_w, SMALL_SIZE),
                    size=SMALL_SIZE, fill=DIM if fighter.out else MUTED)  # fmt: skip
        counts, extra = _counted(fighter)
        sides = dice_of(fighter.rank)[1] if fighter.rank else 6
        x = left + 12 + name_w + 16
        for face, counted in zip(fighter.dice, counts, strict=True):
            if counted and not fighter.out:
                die(canvas, x, middle - DIE / 2, DIE, face, sides=sides)
            else:
                die(canvas, x, middle - DIE / 2, DIE, face, body=DIE_DIM, pip=RAISED, sides=sides)
            x += DIE + DIE_GAP
        if extra:
            canvas.text(x + 4, middle, "+", bold=True, fill=MUTED, anchor="mm")
            x += 14
            die(canvas, x, middle - DIE / 2 + 3, DIE - 6, extra, body=DIE_DIM, pip=INK)
        canvas.text(right - 14, middle, f"= {fighter.score}", size=18, bold=True, fill=ink,
                    anchor="rm")  # fmt: skip
        if won:
            canvas.text(right - 20 - score_w, middle, CHECK, size=18, bold=True, fill=GOLD,
                        anchor="rm")  # fmt: skip
    return canvas.png()


def alt_fight(title: str, fighters: Sequence[Fighter], winner: int | None, locale: str) -> str:
    """ "title: Anna 6-2-5 → 11 (…); Ben 3-4 = 7 ✓" (the table message's score texts)."""
    parts = [
        score_text(f.player, list(f.dice), f.score, locale) + (f" {CHECK}" if i == winner else "")
        for i, f in enumerate(fighters)
    ]
    return one_line(title, parts)
