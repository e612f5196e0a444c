"""The games' pools of opponent styles (``bot.computer_players.styles``) and how the bench
plays the levels against them."""

from __future__ import annotations

import pytest

from bench import policies
from bot import computer_players
from bot.computer_players import styles


def test_a_games_pool_is_found_next_to_its_levels() -> None:
    pool = styles("teufel")
    assert {"hoch", "vorsichtig", "gierig", "nachahmer", "anteil"} <= set(pool)
    made = pool["hoch"](7)
    assert (made.game, made.level) == ("teufel", "style:hoch")


def test_a_game_without_a_pool_has_none(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(computer_players, "_levels_of", lambda game: "bot.games.nowhere.levels")
    assert styles("teufel") == {}
    monkeypatch.setattr(computer_players, "_levels_of", lambda game: None)
    assert styles("teufel") == {}


def test_the_bench_names_styles_and_the_whole_pool() -> None:
    assert policies.names("teufel", "stark,style:hoch") == ["stark", "style:hoch"]
    assert policies.names("teufel", "styles") == [f"style:{s}" for s in styles("teufel")]
    assert policies.make("teufel", "style:gierig", 3).level == "style:gierig"
    assert policies.make("teufel", "leicht", 3).level == "leicht"
    with pytest.raises(KeyError, match="known"):
        policies.make("teufel", "style:nobody", 3)


def test_the_pooled_bench_moves_a_one_seat_on_with_every_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seats: list[int] = []

    def one(*args: object, seat: int, **kwargs: object) -> float:
        seats.append(seat)
        return 1.0 if seat == 0 else 0.0

    monkeypatch.setattr(policies, "one", one)
    score = policies.pooled("teufel", "leicht", "style:hoch", players=3, games=7)
    assert seats == [0, 1, 2, 0, 1, 2, 0]
    assert score == 3.0


def test_the_bench_plays_a_level_against_a_style() -> None:
    score = policies.pooled("teufel", "leicht", "style:vorsichtig", players=2, games=2)
    assert 0.0 <= score <= 2.0
