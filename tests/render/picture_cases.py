"""Every kind of picture the bot sends, made the way its cog makes it, with representative
data: the catalogue's titles and headers in each language, German and French letters in
the names, the longest names Discord allows, a name with emoji, the most coins.

The kinds, and the cog that sends each:
- Dice Devils' display (cogs/games/dicedevils/show.py, ``display_picture``): a table;
- a tournament group's table and the Finale's (cogs/tournament/group_threads.py): a table;
- Auf Teufel komm raus' track (cogs/games/teufel/show.py, ``track_picture``);
- a Flaschenteufel hand (cogs/games/flaschenteufel/show.py, ``hand_card``);
- the tournament's bracket of ``/turnier stand`` (cogs/tournament/bracket_picture.py).

The board pictures of bot.render.pictures the cards will show, from the data their
helpers read (the log's events, the view), with the catalogue's titles:
- Die verflixte 6: a Durchgang's result with every roll, the Abend's table;
- dice; Teufel's oven; Flaschenteufel's trick and bottle; Dice Devils' display as tiles
  and a dice fight; a group's standings.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from bot.games.dicedevils.render import cards as dd_cards
from bot.games.dicedevils.render.pictures import display_png, display_slots, fight_png, fights
from bot.games.dicedevils.state import VALUE
from bot.games.flaschenteufel.cards import COLOUR, DECK, POINTS
from bot.games.flaschenteufel.render.pictures import cards_png, trick_png
from bot.games.teufel.render.pictures import oven_contents, oven_png, round_pulls, track_png
from bot.games.teufel.track import MARK_NAMES
from bot.games.verflixte6.render.pictures import (
    abend_rows,
    durchgang_rows,
    v6_abend_png,
    v6_durchgang_png,
)
from bot.i18n import t
from bot.render import tournament_cards as tcards
from bot.render.pictures import (
    dice_png,
    group_table_png,
    table_png,
)
from bot.render.tournament_bracket import bracket, bracket_png

LOCALES = ("de", "en", "fr")
LONGEST = "Maximiliane Wöhrle-Oberländer ß"  # 31 characters, Discord allows 32
WIDEST = "W" * 32
NAMES = ["Jürgen", LONGEST, "Zoë Françoise", "Anaïs 🎲", "Björn Ødegård"]


@dataclass(frozen=True)
class Case:
    """One picture: ``make`` returns its PNG; ``shows`` are texts it must draw as given."""

    name: str
    make: Callable[[], bytes]
    shows: tuple[str, ...]


def dd_display(locale: str) -> Case:
    """Dice Devils' longest items in a plain table: four slots."""
    items = ["Ohrenschützer", "Schlafmütze", "heißes Bad", "Bügeleisen"]
    header = ["#", "Item", "Σ"]
    rows = [
        [dd_cards.slot_number(i), dd_cards.item_name(item, locale), VALUE[item]]
        for i, item in enumerate(items)
    ]
    title = t("dd.ui.title", locale, round=12)
    return Case(
        f"dd_display_{locale}",
        lambda: table_png(title, header, rows),
        (title, *header, *(str(r[1]) for r in rows)),
    )


def dd_every_item(locale: str) -> Case:
    """Every item of the game in one table (no golden: the glyphs of every item name)."""
    header = ["#", "Item", "Σ"]
    rows = [
        [i + 1, dd_cards.item_name(item, locale), value]
        for i, (item, value) in enumerate(VALUE.items())
    ]
    title = t("dd.ui.title", locale, round=1)
    return Case(
        f"dd_every_item_{locale}",
        lambda: table_png(title, header, rows),
        (title, *(str(r[1]) for r in rows)),
    )


def group_table(locale: str, *, finale: bool = False) -> Case:
    """A group's table as ``group_picture`` draws it, titled as its card is."""
    players = [*NAMES[:5], WIDEST] if finale else NAMES[:4]
    table = [
        {"player": p, "points": 24 - 5 * i, "eyes": 131 - 17 * i} for i, p in enumerate(players)
    ]
    event = {"group": 3, "round": 2, "table": table}
    title = tcards.group_table_card(event, locale, str, finale=finale).title
    header = [t(f"ui.tour.col.{c}", locale) for c in ("place", "player", "points", "eyes")]
    rows = tcards.group_rows(table, str)
    kind = "finale_table" if finale else "group_table"
    return Case(f"{kind}_{locale}", lambda: table_png(title, header, rows), (title, *header))


def track(locale: str) -> Case:
    """The track after a round as ``track_picture`` draws it: pawns on the first mark, a
    crowd on and between the early marks, two on the goal."""
    pawns = [
        (NAMES[0], 0),
        (NAMES[1], 2),
        (NAMES[2], 3),
        (NAMES[3], 3),
        (NAMES[4], 12),
        (WIDEST, 12),
    ]
    title = t("teufel.ui.track", locale, round=17)
    return Case(
        f"track_{locale}", lambda: track_png(title, MARK_NAMES, pawns), (title, *MARK_NAMES)
    )


def hand() -> Case:
    """A Flaschenteufel hand as ``hand_picture`` draws it: twelve cards of all colours, one
    to six coins (no words: the same in every language)."""
    held = [1, 3, 4, 8, 11, 18, 20, 23, 27, 28, 29, 37]
    cards = [(c, COLOUR[c], POINTS[c]) for c in sorted(held)]
    assert set(held) <= set(DECK) and {p for _, _, p in cards} == {1, 2, 3, 4, 5, 6}
    return Case("hand", lambda: cards_png(cards), ("1", "37"))


def tour(*, played: bool = True, groups: int = 3) -> dict[str, Any]:
    """A tournament as its view holds it: ``groups`` groups of four, then the Finale of six
    (the first two of three groups, the first of six); ``played``: the Finale played and
    the champion known."""
    others = ["Ève", "Lukas", "Søren", "Đorđe", "Renée", "Ærø"]
    names = [*NAMES[:5], WIDEST, *others]
    names += [f"Spielerin {i}" for i in range(len(names) + 1, 4 * groups + 1)]
    drawn, advanced = [], []
    for number in range(groups):
        players = names[number * 4 : number * 4 + 4]
        table = [
            {"player": p, "points": 22 - 4 * i, "eyes": 120 - 9 * i} for i, p in enumerate(players)
        ]
        drawn.append({"number": number + 1, "players": players, "table": table, "evening": None})
        advanced += players[: 6 // groups]
    finale_table = [
        {"player": p, "points": 30 - 3 * i, "eyes": 150 - 11 * i} for i, p in enumerate(advanced)
    ]
    finale = {
        "number": 1,
        "players": advanced,
        "table": finale_table if played else [],
        "evening": None if played else "2099-11-29T18:30:00+00:00",
    }
    return {
        "name": "Großes Herbstturnier „Verflixte 6“ – Köln",
        "registered": names,
        "withdrawn": [],
        "champion": advanced[0] if played else None,
        "rounds": [
            {"number": 1, "finale": False, "advanced": advanced, "groups": drawn},
            {"number": 2, "finale": True, "advanced": [], "groups": [finale]},
        ],
    }


def bracket_picture(locale: str, *, played: bool = True, groups: int = 3) -> Case:
    """``/turnier stand``'s picture as ``bracket_picture`` draws it, titled as its card;
    more than five groups wrap into a second stack."""
    data = tour(played=played, groups=groups)
    title = tcards.standings_card(data, locale, str).title
    columns = bracket(data, locale, str)
    numbers = t("ui.tour.bracket.numbers", locale, points=22, eyes=120)
    kind = ("bracket" if played else "bracket_open") + ("_wrapped" if groups > 5 else "")
    return Case(
        f"{kind}_{locale}",
        lambda: bracket_png(title, columns, locale),
        (title, t("ui.tour.bracket.through", locale), *(c.title for c in columns), numbers),
    )


V6_PLAYERS = [NAMES[0] + " Größe", "Zoë", NAMES[3], LONGEST, WIDEST]


def v6_log() -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Durchgang 2 of an Abend as the log holds it: Jürgen's long turn (it wraps), Zoë
    and Anaïs stop, two bust on the verflixte 6 (one at once); ``durchgang_end`` last."""
    turns = {
        V6_PLAYERS[0]: (4, [3, 5, 2, 4, 1, 5, 3, 2, 5, 4, 3, 2, 1, 5]),
        V6_PLAYERS[1]: (6, [2, 3]),
        V6_PLAYERS[2]: (5, [2]),
        V6_PLAYERS[3]: (3, [4, 5, 6]),
        V6_PLAYERS[4]: (2, [6]),
    }
    events: list[dict[str, Any]] = [
        {"type": "durchgang_end", "durchgang": 1, "eyes": {}, "points": {}, "zombies": []},
        {"type": "durchgang", "durchgang": 2, "order": V6_PLAYERS},
    ]
    eyes: dict[str, int] = {}
    for player, (free, rolls) in turns.items():
        events += [
            {"type": "turn", "player": player, "durchgang": 2, "eyes": 0},
            {"type": "jokers", "player": player, "jokers": [], "free": False},
            {"type": "freiwurf", "player": player, "die": free, "eyes": free},
        ]
        total = free
        for face in rolls:
            if face == 6:
                events += [
                    {"type": "six", "player": player, "die": 6},
                    {"type": "bust", "player": player, "eyes": 0, "floor": False},
                ]
                total = 0
            else:
                total += face
                events.append(
                    {"type": "roll", "player": player, "die": face, "change": face, "eyes": total}
                )
        if total:
            events.append({"type": "stopp", "player": player, "eyes": total})
        eyes[player] = total
    points = dict(zip(sorted(eyes, key=lambda p: -eyes[p]), (6, 4, 2, 0, 0), strict=True))
    end = {
        "type": "durchgang_end", "durchgang": 2, "eyes": eyes, "points": points,
        "zombies": [p for p in eyes if not eyes[p]],
    }  # fmt: skip
    return [*events, end], end


def v6_durchgang(locale: str, *, header: bool = False) -> Case:
    events, end = v6_log()
    rows = durchgang_rows(events, end)
    title = t("ui.result.title", locale, durchgang=2)
    heads = (
        [t(f"ui.tour.col.{c}", locale) for c in ("place", "player")]
        + [t("v6.ui.col.rolls", locale)]
        + [t(f"ui.tour.col.{c}", locale) for c in ("eyes", "points")]
        if header
        else []
    )
    kind = "v6_durchgang_header" if header else "v6_durchgang"
    return Case(
        f"{kind}_{locale}",
        lambda: v6_durchgang_png(title, rows, header=heads),
        (title, "+6", "±0", *(h for h in heads if h)),
    )


def v6_abend(locale: str) -> Case:
    """The Abend after two of three Durchgänge: two players level on points and eyes."""
    players = V6_PLAYERS[:4]
    firsts = dict(zip(players, (4, 6, 0, 2), strict=True))
    seconds = dict(zip(players, (6, 4, 2, 0), strict=True))
    events = [
        {"type": "durchgang_end", "durchgang": 1, "eyes": {}, "points": firsts},
        {"type": "durchgang_end", "durchgang": 2, "eyes": {}, "points": seconds},
    ]
    eyes = dict(zip(players, (71, 40, 22, 22), strict=True))
    seats = [
        {"player": p, "points": firsts[p] + seconds[p], "abend_eyes": eyes[p]} for p in players
    ]
    seats[3]["points"] = 2
    view = {"durchgaenge": 3, "seats": seats}
    rows = abend_rows(events, view)
    header = [
        t("ui.tour.col.place", locale), t("ui.tour.col.player", locale), "1", "2", "3",
        t("ui.tour.col.points", locale), t("ui.tour.col.eyes", locale),
    ]  # fmt: skip
    title = t("ui.result.table", locale, count=2)
    return Case(f"v6_abend_{locale}", lambda: v6_abend_png(title, header, rows), (title, *header))


def dice() -> Case:
    return Case("dice", lambda: dice_png([1, 2, 3, 4, 5, 6], red=[5]), ())


def dice_d4() -> Case:
    return Case("dice_d4", lambda: dice_png([1, 2, 3, 4], sides=4), ("1", "4"))


def teufel_log() -> list[dict[str, Any]]:
    """A game's log in its third round: round 1 drew, a refill, round 2 drew, now round 3
    with Jürgen through, Zoë at the devil, the widest name pulling on (twelve tiles)."""

    def coal(player: str, *tiles: int) -> list[dict[str, Any]]:
        return [{"type": "coal", "player": player, "tile": tile} for tile in tiles]

    def devil(player: str) -> dict[str, Any]:
        return {"type": "devil", "player": player, "tile": "D"}

    return [
        *coal("x", *[50] * 20), devil("x"), {"type": "refill", "tiles": 48},
        {"type": "round", "round": 2}, *coal("x", 100, 75, 50, 50, 25), devil("x"), devil("x"),
        {"type": "round", "round": 3},
        *coal(NAMES[0], 25, 10, 50), {"type": "stopp", "player": NAMES[0]},
        *coal("Zoë", 20), devil("Zoë"),
        *coal(WIDEST, 75, 10, 10, 25, 20, 50, 25, 10, 20, 25, 50, 10, 20),
    ]  # fmt: skip


def oven(locale: str) -> Case:
    log = teufel_log()
    remaining = oven_contents(log)
    pulls = round_pulls(log)
    title = t("teufel.ui.oven", locale, oven=sum(remaining.values()))
    return Case(
        f"oven_{locale}",
        lambda: oven_png(title, remaining, pulls, pulling=2),
        (title, "×2", "= 0", "= 85"),
    )


def trick(*, empty: bool = False) -> Case:
    """The source's example trick (price 19: 24, 15, 17, 32; the 17 buys the bottle), with
    a Glitterhuis trick's four cards; or the trick before its first card."""
    played = [] if empty else [(NAMES[0], 24), ("Zoë", 15), (LONGEST, 17), (WIDEST, 32)]
    owner = None if empty else "Björn Ødegård"
    return Case(
        "trick_empty" if empty else "trick",
        lambda: trick_png(played, 19, owner=owner),
        ("19",) if empty else ("19", "24", "17"),
    )


def dd_view() -> dict[str, Any]:
    """Dice Devils round 12 of six demons: four items, cups placed, slot 2 went out."""
    ranks = ["Oberteufel", "Spielteufel", "Fehlerteufel", "Putzteufel", "Springteufel",
             "Satansbraten"]  # fmt: skip
    players = [NAMES[0], LONGEST, "Zoë", NAMES[3], WIDEST, "Björn Ødegård"]
    slots = [0, 1, 0, 2, 1, 0]
    return {
        "round": 12,
        "display": ["Ohrenschützer", "Bügeleisen", "heißes Bad", "Schlafmütze"],
        "taken": [2],
        "demons": [
            {"player": p, "rank": r, "slot": s}
            for p, r, s in zip(players, ranks, slots, strict=True)
        ],
    }


def dd_tiles(locale: str) -> Case:
    view = dd_view()
    slots = display_slots(view, locale)
    title = t("dd.ui.title", locale, round=12)
    return Case(
        f"dd_tiles_{locale}",
        lambda: display_png(title, slots),
        (title, "Oberteufel", "Satansbraten", *(str(n) for n in range(1, 5))),
    )


def dd_fight(locale: str) -> Case:
    """The fight for slot 1: Oberteufel 6-2-5 (11), Fehlerteufel 4-3, Satansbraten 3-4
    with the Oberteufel's lowest 2 (9); a tie re-rolled, Zoë wins."""
    view = dd_view()
    fighters = [NAMES[0], "Zoë", "Björn Ødegård"]
    events: list[dict[str, Any]] = [
        {"type": "fight", "item": "Ohrenschützer", "fighters": fighters},
        {"type": "dice", "dice": {NAMES[0]: [6, 2, 5], "Zoë": [5, 6], "Björn Ødegård": [3, 4]},
         "scores": {NAMES[0]: 11, "Zoë": 11, "Björn Ødegård": 9}},
        {"type": "reroll", "cause": "tie", "dice": {NAMES[0]: [1, 2, 3], "Zoë": [4, 3]},
         "scores": {NAMES[0]: 5, "Zoë": 7}},
        {"type": "take", "player": "Zoë", "item": "Ohrenschützer", "slot": 0},
    ]  # fmt: skip
    fight = fights(events, view)[0]
    item = dd_cards.item_name(fight.item, locale)
    title = t("dd.event.fight", locale, item=item, fighters=", ".join(fighters))
    return Case(
        f"dd_fight_{locale}",
        lambda: fight_png(title, fight.fighters, winner=fight.winner),
        ("Oberteufel", "Satansbraten", "= 5", "= 7", "= 9"),
    )


def group_standings(locale: str) -> Case:
    """A group's standings as ``group_table_png`` draws them, the first two through."""
    table = [
        {"player": p, "points": 24 - 5 * i, "eyes": 131 - 17 * i}
        for i, p in enumerate([NAMES[0], LONGEST, "Zoë Françoise", WIDEST])
    ]
    title = t("ui.tour.group_done", locale, group=3, round=2)
    header = [t(f"ui.tour.col.{c}", locale) for c in ("place", "player", "points", "eyes")]
    rows = tcards.group_rows(table, str)
    return Case(
        f"group_standings_{locale}",
        lambda: group_table_png(title, header, rows, through=(0, 1)),
        (title, *header, "24", "131"),
    )


def leaderboard(locale: str) -> Case:
    """``/rangliste``'s picture as the ratings cog draws it: three established players (the
    medals), one below zero, the longest names, two provisional ones under their label."""
    from bot.history.leaderboard import Board, Line
    from bot.history.skill_ratings import PROVISIONAL_GAMES
    from bot.render import leaderboard_card as board_cards
    from bot.render.pictures.leaderboard_picture import leaderboard_png
    from bot.store.history_rows import Season

    lines = [
        Line(1, NAMES[0], 14.25, 31), Line(2, LONGEST, 9.8, 12),
        Line(2, "Zoë Françoise", 9.8, 7), Line(4, WIDEST, -0.43, 5),
        Line(None, "Anaïs 🎲", 4.2, 2), Line(None, "Björn Ødegård", -2.5, 1),
    ]  # fmt: skip
    board = Board("verflixte6", Season(guild_id=1, name="Herbst 2026"), lines, 6)
    title = board_cards.title(board.kind, locale)
    season = board_cards.season_title(board.season, locale)
    header = board_cards.header(locale)
    rows = board_cards.rows(board.lines, str, locale)
    provisional = t("rank.provisional", locale, count=PROVISIONAL_GAMES)
    return Case(
        f"leaderboard_{locale}",
        lambda: leaderboard_png(title, season, header, rows, provisional),
        (title, season, *header, provisional, rows[0][2], rows[3][2]),
    )


FAIRNESS = {
    "de": (1623, 1610, 1598, 1644, 1589, 2036),  # a loaded 6: an alarm
    "en": (16512, 16700, 16650, 16800, 16600, 16738),  # 100,000 fair dice
    "fr": (2, 0, 1, 3, 0, 1),  # too few for a test, a face never seen
}


def fairness(locale: str) -> Case:
    """``/fairness``'s histogram as the fairness cog draws it: loaded dice (German, red
    bars), fair ones in the thousands (English, green), too few to test (French, grey)."""
    from bot.audit.dice_fairness import report
    from bot.render.fairness_card import histogram
    from bot.render.pictures.histogram import histogram_png

    counts = {(6, face): n for face, n in enumerate(FAIRNESS[locale], start=1)}
    title, bars, expected, legend, tone = histogram(report(counts), locale)
    return Case(
        f"fairness_{locale}",
        lambda: histogram_png(title, bars, expected, legend, tone),
        (legend, *(text for _, text in bars)),
    )


def cases() -> list[Case]:
    every = [hand(), dice(), dice_d4(), trick(), trick(empty=True)]
    for locale in LOCALES:
        every += [
            dd_display(locale),
            dd_every_item(locale),
            group_table(locale),
            group_table(locale, finale=True),
            track(locale),
            bracket_picture(locale),
            bracket_picture(locale, played=False),
            v6_durchgang(locale),
            v6_abend(locale),
            oven(locale),
            dd_tiles(locale),
            dd_fight(locale),
            group_standings(locale),
            leaderboard(locale),
            fairness(locale),
        ]
    every += [bracket_picture("de", groups=6), v6_durchgang("de", header=True)]
    return every


NO_GOLDEN = ("dd_every_item_",)
"""Cases checked for their glyphs only."""


def golden_cases() -> list[Case]:
    return [c for c in cases() if not c.name.startswith(NO_GOLDEN)]


def by_name(chosen: list[Case]) -> Any:
    return pytest.mark.parametrize("case", chosen, ids=[c.name for c in chosen])
