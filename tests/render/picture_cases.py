"""Every kind of picture the bot sends, made the way its cog makes it, with representative
data: the catalogue's titles and headers in each language, German and French letters in
the names, the longest names Discord allows, a name with emoji, the most coins.

The kinds, and the cog that sends each:
- Dice Devils' display (cogs/games/dicedevils.py, ``display_picture``): a table;
- a tournament group's table and the Finale's (cogs/tournament/group_threads.py): a table;
- Auf Teufel komm raus' track (cogs/games/teufel.py, ``track_picture``);
- a Flaschenteufel hand (cogs/games/flaschenteufel.py, ``hand_picture``);
- the tournament's bracket of ``/turnier stand`` (cogs/tournament/bracket_picture.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from bot.games.dicedevils.state import VALUE
from bot.games.flaschenteufel.cards import COLOUR, DECK, POINTS
from bot.games.teufel.track import MARK_NAMES
from bot.i18n import t
from bot.render import dd_cards
from bot.render import tournament_cards as tcards
from bot.render.pictures import cards_png, table_png, track_png
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
    """Dice Devils' display as ``display_picture`` draws it: four slots, longest items."""
    items = ["Ohrenschützer", "Schlafmütze", "heißes Bad", "Bügeleisen"]
    header = [t(f"dd.ui.col.{c}", locale) for c in ("slot", "item", "value")]
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
    header = [t(f"dd.ui.col.{c}", locale) for c in ("slot", "item", "value")]
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
    coins = tuple("●" * n for n in (1, 2, 3))
    return Case("hand", lambda: cards_png(cards), (*coins, "37"))


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


def cases() -> list[Case]:
    every = [hand()]
    for locale in LOCALES:
        every += [
            dd_display(locale),
            dd_every_item(locale),
            group_table(locale),
            group_table(locale, finale=True),
            track(locale),
            bracket_picture(locale),
            bracket_picture(locale, played=False),
        ]
    every.append(bracket_picture("de", groups=6))
    return every


NO_GOLDEN = ("dd_every_item_",)
"""Cases checked for their glyphs only."""


def golden_cases() -> list[Case]:
    return [c for c in cases() if not c.name.startswith(NO_GOLDEN)]


def by_name(chosen: list[Case]) -> Any:
    return pytest.mark.parametrize("case", chosen, ids=[c.name for c in chosen])
