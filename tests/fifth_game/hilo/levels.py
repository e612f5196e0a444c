"""Hoch oder tief's computer players: the generic random one is all it needs, also as the
level a lobby offers ("leicht")."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from bot.engine import JSON, Action
from bot.players.policy import Policy
from bot.players.random_player import zufall


def _legal(view: Mapping[str, JSON], seat: int) -> list[Action]:
    return [Action.from_dict(a) for a in view["legal"]]


FACTORIES: dict[str, Callable[[int], Policy]] = {
    "zufall": zufall("hilo", _legal),
    "leicht": zufall("hilo", _legal),
}
