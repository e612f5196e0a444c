"""Warming the computer players up when the bot starts (off the event loop): their modules,
the tables they read and the caches their first decisions would fill (Dice Devils' fight
odds, Die verflixte 6's joker choices), so that a table's first computer decision is as
quick as its later ones."""

from __future__ import annotations

import hashlib
from typing import Any

from bot.computer_players import player
from bot.engine import AuditedRng
from bot.players import LEVELS
from bot.plugins import PLUGINS

SEATS, DECISIONS = 4, 60
"""One seeded game of four "stark" seats per game, for at most this many decisions."""


def warm_up() -> None:
    for plugin in PLUGINS:
        kind = plugin.kind
        for level in LEVELS:
            player(kind, level)
        game: Any = plugin.engine
        rng = AuditedRng(hashlib.sha256(f"warm-up:{kind}".encode()).digest())
        names = [f"w{i}" for i in range(SEATS)]
        state, _ = game.setup(names, {}, rng)
        for decision in range(DECISIONS):
            if game.is_over(state):
                break
            seat = min(game.to_act(state))
            _, views = game.views(state, SEATS)
            action = player(kind, "stark", decision).decide(views[seat], seat)
            game.apply(state, seat, action, rng)
