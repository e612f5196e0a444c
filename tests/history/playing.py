"""Games played to their end through the service with seeded random legal actions (a
Teufel player bets high and pulls on, so that a game reaches 1600), and a tournament."""

from __future__ import annotations

import random
from typing import Any

from bot.engine import Action
from bot.plugins import GAMES
from bot.service import Outcome, Service
from tests.helpers.engine_state import engine_state
from tests.service.test_tournament_service import play_out, start_groups


def choose(kind: str, state: Any, seat: int, legal: list[Action], pick: random.Random) -> Action:
    """A random legal action; a Teufel player bets little and pulls to 60 coal."""
    if kind == "teufel" and legal[0].do == "bet":
        return pick.choice(legal[:4])  # 0 to 30: the bonuses carry the game to its end
    if kind == "teufel":
        return legal[0] if state.seats[seat].coal < 60 else legal[1]  # draw, or stopp
    return pick.choice(legal)


async def play_game(
    service: Service, kind: str, players: list[str], options: dict[str, Any], *, seed: int,
    guild_id: int = 1,
) -> Outcome:  # fmt: skip
    """One game of ``kind`` from its start to its end; its last outcome."""
    pick = random.Random(seed)
    outcome = await service.create(kind, players, options, guild_id=guild_id, channel_id=2)
    for _ in range(20_000):
        if outcome.finished:
            await service.settle(outcome)  # the history's fold, as the table session runs it
            return outcome
        state = engine_state(service, outcome.game_id)
        actor = pick.choice(outcome.to_act)
        seat = outcome.players.index(actor)
        action = choose(kind, state, seat, GAMES[kind].legal_actions(state, seat), pick)
        outcome = await service.act(outcome.game_id, actor, action)
    raise AssertionError(f"{kind} did not end")


async def play_tournament(service: Service, players: list[str], guild_id: int = 1) -> Outcome:
    """A tournament of Abende of one Durchgang, every turn stopped at once; its end."""
    created = await service.create(
        "turnier", ["host"], {"name": "Herbst", "durchgaenge": 1}, guild_id=guild_id
    )
    for player in players:
        await service.act(created.game_id, player, Action("register"))
    tournament = await service.act(created.game_id, "host", Action("close"))
    while not tournament.finished:
        for game_id in await start_groups(service, tournament):
            await service.settle(await play_out(service, game_id))  # folded, recorded
        tournament = service.tables.current(created.game_id)
    return tournament
