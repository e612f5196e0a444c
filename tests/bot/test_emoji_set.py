"""The app's emoji set is built from the games' declarations: the shared dice and each
game's family (its plugin's ``emojis``, declared in its folder), the same names and
fallbacks as when it was one list of every game's pieces; a game registered later brings
its family into the set and takes it out again."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest
from PIL import ImageDraw

from bot import emoji_images, emoji_set, emoji_sync
from bot.plugins import PLUGINS, register, unregister
from bot.render import emojis
from bot.render.emojis import Family
from bot.render.pictures.emoji_canvas import INK, Painter, box
from tests.fifth_game.hilo import PLUGIN as HILO

CARDS = {
    "yellow": (1, 2, 3, 5, 7, 9, 12, 15, 18, 22, 25, 28),
    "blue": (4, 6, 8, 10, 13, 17, 20, 24, 27, 30, 32, 34),
    "red": (11, 14, 16, 21, 23, 26, 29, 31, 33, 35, 36, 37),
}
ITEMS = [
    "bed",
    "radiator",
    "earmuffs",
    "scarf",
    "teacup",
    "kettle",
    "nightcap",
    "chili",
    "bath",
    "iron",
    "grill",
]


def the_set_as_it_was() -> dict[str, str]:
    """The set as it was written out before the games declared it (names → fallbacks)."""
    dice = {f"die_{face}": str(face) for face in range(1, 7)} | {"die_6_cursed": "6"}
    cards = {
        f"bottle_card_{colour}_{number}": str(number)
        for colour, numbers in CARDS.items()
        for number in numbers
    }
    tiles = {f"coal_tile_{value}": str(value) for value in (100, 75, 50, 25, 20, 10)}
    items = {f"hot_item_{item}": "" for item in ITEMS}
    return dice | cards | tiles | {"devil_tile": "😈"} | items


def test_the_set_built_from_the_plugins_is_the_set_it_was() -> None:
    assert emoji_set.fallbacks() == the_set_as_it_was()
    assert sorted(emoji_set.names()) == sorted(the_set_as_it_was())


def test_each_game_declares_its_family_in_its_folder() -> None:
    declared = {plugin.kind: plugin.emojis for plugin in PLUGINS}
    assert declared["verflixte6"] is None  # it writes only the shared dice
    for kind, prefix in (
        ("teufel", "coal_tile_"),
        ("flaschenteufel", "bottle_card_"),
        ("dicedevils", "hot_item_"),
    ):
        family = declared[kind]
        assert family is not None
        assert family.pictures == f"bot.games.{kind}.render.emoji_pictures"
        assert any(name.startswith(prefix) for name in family.fallbacks)


# -- a game plugged in later -------------------------------------------------------------------
def _arrow(draw: ImageDraw.ImageDraw) -> None:
    draw.rectangle(box(40, 40, 88, 88), fill=INK)


PAINTERS: dict[str, Painter] = {"hilo_higher": _arrow}
"""The test game's painters (its family's ``pictures`` names this module)."""
ARROWS = Family({"hilo_higher": "↑"}, pictures=__name__)


@pytest.fixture
def hilo_with_emojis() -> Iterator[None]:
    register(replace(HILO, emojis=ARROWS))
    try:
        yield
    finally:
        unregister(HILO.kind)
        emojis.clear()


def test_a_registered_games_family_joins_the_set(hilo_with_emojis: None) -> None:
    assert emoji_set.fallbacks() == the_set_as_it_was() | {"hilo_higher": "↑"}
    assert emoji_set.names()[-1] == "hilo_higher"
    assert [d.name for d in emoji_sync.the_set()][-1] == "hilo_higher"  # it is uploaded
    assert emoji_images.png("hilo_higher").startswith(b"\x89PNG")
    emoji_set.install({"hilo_higher": 5, "die_3": 6})
    assert emojis.installed() == {"hilo_higher": 5, "die_3": 6}
    assert ARROWS.write("hilo_higher") == "<:hilo_higher:5>"
    assert emoji_set.as_plain("<:hilo_higher:5> 3") == "↑ 3"


def test_an_unregistered_games_family_leaves_the_set(hilo_with_emojis: None) -> None:
    unregister(HILO.kind)
    assert emoji_set.fallbacks() == the_set_as_it_was()
    emoji_set.install({"hilo_higher": 5})
    assert emojis.installed() == {}
    assert emoji_set.as_plain("<:hilo_higher:5> 3") == ":hilo_higher: 3"


def test_a_name_two_families_declare_is_refused() -> None:
    register(replace(HILO, emojis=Family({"die_3": "3"}, pictures=__name__)))
    try:
        with pytest.raises(ValueError, match="die_3"):
            emoji_set.fallbacks()
    finally:
        unregister(HILO.kind)
