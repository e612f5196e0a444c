"""Every Die verflixte 6 event reads as a full sentence in German and English."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine import Action, FixedRng
from bot.games.verflixte6 import Verflixte6
from bot.games.verflixte6.render.lines import describe, event_key
from bot.games.verflixte6.state import JOKER_IDS
from bot.i18n import LANGUAGES, has_text, t

GAME = Verflixte6()


def random_abend_events(seed: int) -> list[dict[str, object]]:
    """Events of a random Abend with many jokers (plain random: coverage, not shrinking)."""
    chance = random.Random(seed)
    rng = FixedRng(chance.randint(1, 6) for _ in range(5000))
    players = ["Anna", "Ben", "Cem", "Dora"]
    state, events = GAME.setup(players, {"durchgaenge": 4, "finale": True}, rng)
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        if legal[0].do == "jokers":
            pool = GAME.joker_choice(state, seat)
            action = Action("jokers", {"jokers": chance.sample(pool, min(3, len(pool)))})
        else:
            action = chance.choice(legal)
        events += GAME.apply(state, seat, action, rng)
    return [e.to_dict() for e in events]


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["de", "en"]))
def test_every_event_renders_without_placeholders(seed: int, locale: str) -> None:
    for event in random_abend_events(seed):
        assert has_text(event_key(event), locale), event
        line = describe(event, locale)
        assert "{" not in line and "}" not in line, line
        assert "v6." not in line, line


def test_the_random_games_reach_every_kind_of_event() -> None:
    keys = {event_key(e) for seed in range(60) for e in random_abend_events(seed)}
    expected = {k for k, _ in LANGUAGES["de"].every_text() if k.startswith("v6.event.")}
    rare = {"v6.event.jokers_free", "v6.event.jokers_none", "v6.event.robbery_none"}
    assert expected - keys <= rare
    for event in (
        {"type": "jokers", "player": "Anna", "jokers": ["fumo"], "free": True},
        {"type": "jokers", "player": "Anna", "jokers": [], "free": False},
        {"type": "robbery_none", "player": "Anna", "amount": 2},
    ):
        assert event_key(event) in rare
        assert "{" not in describe(event, "de")
    for event in (
        {"type": "pause", "host": "Hans", "reason": "vertagt"},
        {"type": "resume", "host": "Hans", "reason": ""},
    ):
        assert "{" not in describe(event, "de") and "v6." not in describe(event, "de")


@pytest.mark.parametrize("joker", JOKER_IDS)
def test_every_joker_has_its_german_name_in_both_languages(joker: str) -> None:
    assert t(f"v6.joker.{joker}", "de") == t(f"v6.joker.{joker}", "en")


def test_a_line_in_each_language() -> None:
    event = {
        "type": "steal",
        "player": "Anna",
        "victim": "Ben",
        "amount": 2,
        "eyes": 9,
        "victim_eyes": 1,
    }
    assert describe(event, "de") == "Anna stiehlt Ben 2 Augen (Anna: 9 Augen, Ben: 1 Auge)."
    assert describe(event, "en") == "Anna steals 2 eyes from Ben (Anna: 9 eyes, Ben: 1 eye)."
