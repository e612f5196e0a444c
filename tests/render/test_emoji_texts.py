"""The games' texts with the app's emojis: dice, cards, tiles and items show as emojis in
message texts (never in labels or options), and ``as_plain`` of such a text is the text the
bot writes without emojis, word for word."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from bot import emoji_set
from bot.emoji_set import as_plain
from bot.games.dicedevils.render import cards as dd_cards
from bot.games.flaschenteufel.render import cards as ft_cards
from bot.games.teufel.render import cards as teufel_cards
from bot.games.teufel.render.emojis import tile
from bot.games.teufel.state import DEVIL
from bot.games.verflixte6.render import cards as v6_cards
from bot.games.verflixte6.render import lines as v6_lines
from bot.render import emojis

V6_EVENTS: list[dict[str, Any]] = [
    {"type": "freiwurf", "player": "Anna", "die": 3, "eyes": 3},
    {"type": "roll", "player": "Anna", "die": 4, "change": 4, "eyes": 7},
    {"type": "roll", "player": "Anna", "die": 2, "change": 4, "eyes": 11, "fumo": True},
    {"type": "six", "player": "Ben", "die": 6},
    {"type": "runkelrueb", "player": "Ben", "dice": [1, 4], "saved": True},
    {"type": "monokel_shown", "player": "Anna", "dice": [2, 3]},
    {"type": "pony", "player": "Anna", "dice": [6, 5, 1], "change": 12, "eyes": 20},
    {
        "type": "cherry",
        "player": "Cem",
        "dice": [3, 1, 5, 6],
        "counters": [2, 5, 6],
        "change": -3,
        "eyes": 2,
    },
    {
        "type": "anaconda",
        "player": "Cem",
        "fight": True,
        "attack": 3,
        "die": 5,
        "change": 17,
        "eyes": 30,
    },
    {
        "type": "sekante_exchange",
        "exchange": 2,
        "attack": 4,
        "allow": True,
        "die": 4,
        "winner": "Ben",
        "score": [2, 2],
    },
    {
        "type": "stechen",
        "place": 1,
        "rolls": [{"Anna": 5, "Ben": 5}, {"Anna": 2, "Ben": 6}],
        "winner": "Ben",
    },
]


@pytest.fixture
def all_installed() -> Iterator[dict[str, int]]:
    ids = {name: 2_000_000 + n for n, name in enumerate(emoji_set.names())}
    emoji_set.install(ids)
    yield ids
    emojis.clear()


def plain_and_with_emojis(render: Any) -> tuple[str, str]:
    """What ``render()`` writes without emojis, and with every emoji installed."""
    emojis.clear()
    plain = render()
    emoji_set.install({name: 3_000_000 + n for n, name in enumerate(emoji_set.names())})
    try:
        written = render()
    finally:
        emojis.clear()
    return plain, written


@pytest.mark.parametrize("locale", ["de", "en", "fr"])
@pytest.mark.parametrize("event", V6_EVENTS, ids=lambda e: str(e["type"]))
def test_a_v6_line_shows_its_dice_as_emojis(event: dict[str, Any], locale: str) -> None:
    plain, written = plain_and_with_emojis(lambda: v6_lines.describe(event, locale))
    assert "<:die_" in written and "<:" not in plain
    assert as_plain(written) == plain


def test_a_v6_roll_reads_with_its_die(all_installed: dict[str, int]) -> None:
    roll = {"type": "roll", "player": "@Anna", "die": 3, "change": 3, "eyes": 12}
    assert v6_lines.describe(roll, "en") == (
        f"🎲 <:die_3:{all_installed['die_3']}> → @Anna has 12 eyes."  # the total in digits
    )
    six = v6_lines.describe({"type": "six", "player": "@Ben", "die": 6}, "de")
    assert six == f"🎲 <:die_6_cursed:{all_installed['die_6_cursed']}> – die verflixte 6 für @Ben!"


def test_a_v6_question_shows_the_dice(all_installed: dict[str, int]) -> None:
    turn = {"phase": "monokel", "monokel_dice": [2, 5]}
    text = v6_cards._question(turn, "en", str)
    assert "<:die_2:" in text and "<:die_5:" in text


def test_dice_devils_shows_dice_and_items_but_sums_in_digits(all_installed: dict[str, int]) -> None:
    fight = {
        "type": "dice",
        "dice": {"Anna": [6, 2, 5], "Ben": [3, 4]},
        "scores": {"Anna": 11, "Ben": 9},
    }
    line = dd_cards.describe(fight, "en", str)
    assert "<:die_6:" in line and "→ 11" in line and "6+5" in line
    round_ = {"type": "round", "round": 2, "display": ["Bett", "Grill"]}
    line = dd_cards.describe(round_, "de", str)
    assert f"<:hot_item_bed:{all_installed['hot_item_bed']}> Bett" in line


@pytest.mark.parametrize("locale", ["de", "en", "fr"])
def test_dice_devils_lines_read_the_same_through_as_plain(locale: str) -> None:
    events = [
        {
            "type": "dice",
            "dice": {"A": [6, 2, 5], "B": [3, 4], "C": [1, 2]},
            "scores": {"A": 11, "B": 7, "C": 5},
        },
        {"type": "reroll", "cause": "tie", "dice": {"A": [1, 1]}, "scores": {"A": 2}},
        {"type": "round", "round": 2, "display": ["Bett", "heißes Bad"]},
        {"type": "take", "player": "A", "item": "Grill"},
        {"type": "swap_item", "player": "A", "with": "B", "give": "Schal", "take": "Bügeleisen"},
    ]
    for event in events:
        plain, written = plain_and_with_emojis(lambda e=event: dd_cards.describe(e, locale, str))
        assert written != plain and as_plain(written) == plain
    view = {"demons": [{"player": "A", "rank": "Oberteufel", "dice": [6, 1, 1], "slot": 0}],
            "display": ["Teetasse", "Peperoni"], "taken": [1]}  # fmt: skip
    for render in (
        lambda: dd_cards.cup_text(view, "A", locale),
        lambda: dd_cards.display_text(view, locale, str),
    ):
        plain, written = plain_and_with_emojis(render)
        assert written != plain and as_plain(written) == plain


@pytest.mark.parametrize("locale", ["de", "en", "fr"])
def test_flaschenteufel_cards_read_the_same_through_as_plain(locale: str) -> None:
    events = [
        {"type": "play", "player": "A", "card": 17},
        {"type": "trick", "winner": "B", "cards": [17, 20, 3], "bottle": True, "price": 17},
        {"type": "open", "player": "A", "set": 1, "cards": [1, 11, 37]},
    ]
    for event in events:
        plain, written = plain_and_with_emojis(lambda e=event: ft_cards.describe(e, locale, str))
        assert written != plain and as_plain(written) == plain
    assert "<:bottle_card_blue_17:" in written or "<:bottle_card_yellow_1:" in written


def test_a_card_is_plain_where_discord_shows_markup_raw(all_installed: dict[str, int]) -> None:
    assert "<:" not in ft_cards.card_label(17, "de")  # select options and placeholders
    assert ft_cards.card_text(17, "de").startswith("<:bottle_card_blue_17:")
    assert "<:" not in dd_cards.item_name("Bett", "de")  # buttons, options, pictures
    plain = dd_cards.score_text("A", [6, 2, 5], 11, "de")  # a picture's alt text uses it
    assert plain.startswith("A 6-2-5 → 11") and "<:" not in plain
    assert "<:die_6:" in dd_cards.score_text("A", [6, 2, 5], 11, "de", faces=True)


@pytest.mark.parametrize("locale", ["de", "en", "fr"])
def test_teufel_tiles_read_the_same_through_as_plain(locale: str) -> None:
    coal = {"type": "coal", "player": "A", "tile": 25, "coal": 45, "pieces": 2, "left": 30}
    devil = {"type": "devil", "player": "A", "tile": "D", "left": 29}
    for event in (coal, devil):
        plain, written = plain_and_with_emojis(
            lambda e=event: teufel_cards.describe(e, locale, str)
        )
        assert written != plain and as_plain(written) == plain
    emoji_set.install({"devil_tile": 9, "coal_tile_25": 8})
    try:
        assert teufel_cards.describe(devil, locale, str).startswith("<:devil_tile:9> A")
        assert "<:coal_tile_25:8> → 45" in teufel_cards.describe(coal, locale, str)
        assert tile(DEVIL) == "<:devil_tile:9>"
    finally:
        emojis.clear()
