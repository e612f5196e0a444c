"""Croupier's custom ids in the tests: read with :class:`bot.render.cards.ClickId` (never
split by hand), and every verb a game's controls can carry.

``VERBS`` is shared by the random players (tests/helpers/curious.py: each verb offered, pressed
and taken) and the custom ids taken from play (tests/cogs/test_click_ids_from_play.py: no
other verb is ever written).
"""

from __future__ import annotations

from bot.render.cards import ClickId

ONLOOKERS = {"watch", "refresh", "rematch", "computer", "rated", "back"}
"""Every game table's buttons for those not playing it now (bot.render.onlooker_buttons), the
lobby's computer players (bot.lobby) and taking a seat back from one (seat_back)."""

VERBS: dict[str, set[str]] = {
    "v6": {"join", "leave", "start", "begin", "weiter", "menu", "stopp", "decide", "pick",
           "pickfree", "nojoker", "joker", "target", "steal", "yes", "no", *ONLOOKERS},
    "tf": {"join", "leave", "start", "bet", "form", "account", "draw", "stopp", *ONLOOKERS},
    "ft": {"join", "leave", "start", "act", "mycards", "discard", "pass", "passl", "passr",
           "open", "play", *ONLOOKERS},
    "dd": {"join", "leave", "start", "place", "cup", "decide", "yes", "no", "skip", "steal",
           "swap_rank", "swap_item", "swap_take", *ONLOOKERS},
    "tr": {"register", "unregister", "close", "confirm", "reserve", "checkin"},
}  # fmt: skip
"""By the prefix of the control without its last letter (``v6b`` -> ``v6``); Teufel's
``form`` stands for the bet form's submission."""


def game_of(prefix: str) -> str:
    """The key of ``VERBS`` for a custom id's prefix."""
    return prefix[:-1] if prefix[:-1] in VERBS else prefix[:2]


def click_of(custom_id: str) -> ClickId:
    """The custom id of one of Croupier's controls, read (any other id fails the test)."""
    parsed = ClickId.parse(custom_id)
    assert parsed is not None, f"{custom_id!r} is not one of Croupier's custom ids"
    return parsed
