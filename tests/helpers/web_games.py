"""Games played through the service for the web's tests: random legal actions (a fixed
``random.Random``), with the audited RNG and interaction ids as nonces; the players'
display names kept as Discord would give them."""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bot.engine import Action
from bot.plugins import GAMES, plugin_of
from bot.service import Service
from tests.helpers.engine_state import engine_state

GUILD, OTHER_GUILD, CHANNEL = 501, 502, 601
INTERACTION = 900000000000000001
"""The first action's nonce, as Discord's interaction ids look; each next one counts up."""


async def played(
    service: Service,
    kind: str,
    names: Mapping[str, str],
    options: Mapping[str, Any] | None = None,
    *,
    guild_id: int = GUILD,
    steps: int = 5000,
    seed: int = 7,
    choose: Callable[[Sequence[Action], random.Random], Action] | None = None,
    level: str | None = None,
) -> int:
    """A game of ``kind`` between ``names``' players (id → display name), played with
    random legal actions until it is over or ``steps`` actions are done (0: only set up);
    what a finished game causes (its history) is made. ``choose`` picks an action among the
    legal ones (default: any; bench.history's ``choose`` ends a Teufel game); or the game's
    computer players of ``level`` choose (a random game of Teufel runs to thousands of
    actions). Each action has its own interaction id as its nonce. Its number."""
    for player, name in names.items():
        service.directory.remember_name(player, name)
    outcome = await service.create(
        kind, list(names), dict(options or {}), guild_id=guild_id, channel_id=CHANNEL,
        nonce=str(INTERACTION),
    )  # fmt: skip
    game, pick = GAMES[kind], random.Random(seed)
    plugin = plugin_of(kind)
    policy = None
    if level is not None and plugin is not None:
        policy = importlib.import_module(plugin.levels).FACTORIES[level](seed)
    for step in range(steps):
        if outcome.finished or not outcome.to_act:
            break
        state = engine_state(service, outcome.game_id)
        actor = pick.choice(outcome.to_act)
        seat = outcome.players.index(actor)
        if policy is not None:
            action = policy.decide(game.view(state, seat), seat)
        else:
            legal = game.legal_actions(state, seat)
            action = pick.choice(legal) if choose is None else choose(legal, pick)
        outcome = await service.act(
            outcome.game_id, actor, action, nonce=str(INTERACTION + 1 + step)
        )
        await service.settle(outcome)
    return outcome.game_id


async def play_out(service: Service, game_id: int) -> None:
    """A Verflixte 6 table played to its end: every turn no jokers, then stopp; its end
    settled (a tournament group's result goes into its tournament)."""
    outcome = service.tables.current(game_id)
    while not outcome.finished:
        turn = outcome.public["turn"]
        action = Action("jokers", {"jokers": []}) if turn["phase"] == "jokers" else Action("stopp")
        outcome = await service.act(game_id, outcome.to_act[0], action)
    await service.settle(outcome)


async def tournament(
    service: Service,
    host: tuple[str, str],
    names: Mapping[str, str],
    options: Mapping[str, Any] | None = None,
    *,
    rounds: int | None = None,
    guild_id: int = GUILD,
) -> int:
    """A tournament on the server: ``host`` (id, display name) opens it, ``names``'
    players register, the host closes the registration, and every group of each round
    plays its Abend at its own table (as the bot opens them) until there is a champion
    or ``rounds`` rounds (0: none) were played. Its number."""
    for player, name in {host[0]: host[1], **names}.items():
        service.directory.remember_name(player, name)
    created = await service.create(
        "turnier", [host[0]], {"name": "Herbst", "durchgaenge": 1, **(options or {})},
        guild_id=guild_id, channel_id=CHANNEL,
    )  # fmt: skip
    number = created.game_id
    for player in names:
        await service.act(number, player, Action("register"))
    await service.act(number, host[0], Action("close"))
    played = 0
    while not service.tables.current(number).finished and (rounds is None or played < rounds):
        await play_round(service, number)
        played += 1
    return number


async def play_round(service: Service, number: int) -> None:
    """Every group of the tournament's current round plays its Abend."""
    for group in service.tables.current(number).public["rounds"][-1]["groups"]:
        table, _ = await service.tournaments.open_group(number, group["number"], None)
        await play_out(service, table.game_id)
