"""The bot's start warms the computer players up: every game's "stark" decides."""

from __future__ import annotations

from bot import computer_warmup as warmup
from bot.players import Policy


def test_the_warm_up_plays_every_game_with_its_strongest_players() -> None:
    calls: list[str] = []
    real = warmup.player

    def counted(kind: str, level: str, seed: int = 0) -> Policy:
        calls.append(f"{kind}/{level}")
        return real(kind, level, seed)

    warmup.player = counted  # type: ignore[assignment]
    try:
        warmup.warm_up()
    finally:
        warmup.player = real  # type: ignore[assignment]
    for kind in ("verflixte6", "teufel", "flaschenteufel", "dicedevils"):
        assert calls.count(f"{kind}/stark") > 5, kind  # decisions made, not only imports
