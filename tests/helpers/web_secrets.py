"""What a running secret game's page must not show, taken from the engine's state: the
cards in the hands, the passed cards and the devil's trick (Flaschenteufel), the dice in the
cups (Dice Devils), the bets not yet revealed and the balances without a pact (Teufel),
and the seed. Each as the patterns the texts would write it in (those of the leak scan,
tests/helpers/leaks.py, a card as the texts write it now, and a display name followed by
the value as the pages' log lines write a player's dice or bet)."""

from __future__ import annotations

import re
from typing import Any

from bot.games.dicedevils.state import DDState
from bot.games.flaschenteufel.render.cards import card_text
from bot.games.flaschenteufel.state import FState
from bot.games.teufel.state import BET, TeufelState
from bot.i18n import number
from tests.helpers.engine_state import engine_state
from tests.helpers.leaks import Secret, forms
from tests.helpers.web_site import PLAYERS, Site

Pattern = tuple[str, re.Pattern[str]]


def secrets(state: Any, game_id: int) -> list[Secret]:
    """The hidden values of a running game's engine state."""
    found: list[Secret] = []
    if isinstance(state, FState):
        for hand in state.hands:
            if hand.dummy:  # Lopaka's cards lie open
                continue
            held = [*hand.cards, *hand.passed, *(c for s in hand.sets for c in s)]
            found += [Secret(game_id, hand.player, "card", card) for card in held]
        found += [Secret(game_id, None, "card", card) for card in state.devil]
    elif isinstance(state, DDState):
        found += [
            Secret(game_id, demon.player, "dice", tuple(demon.dice))
            for demon in state.demons
            if demon.dice and not demon.revealed
        ]
    elif isinstance(state, TeufelState):
        for seat in state.seats:
            if state.phase == BET and seat.bet is not None:
                found.append(Secret(game_id, seat.player, "bet", seat.bet))
            if not seat.pact:
                found.append(Secret(game_id, seat.player, "balance", seat.balance))
    return found


def written(secret: Secret, language: str) -> list[Pattern]:
    """A card as the texts write it; a die or bet after its owner's display name, as a
    log line names a player's value."""
    if secret.kind == "card":
        text = card_text(secret.value, language)
        return [(text, re.compile(rf"(?<!\d){re.escape(text)}"))]
    if secret.owner is None or secret.kind not in ("dice", "bet"):
        return []
    name = re.escape(PLAYERS[secret.owner])
    if secret.kind == "bet":
        values = [number(secret.value, language)]
    else:
        dice = list(secret.value)
        values = {"-".join(map(str, order)) for order in (dice, sorted(dice), sorted(dice)[::-1])}
    return [
        (f"{PLAYERS[secret.owner]} {v}", re.compile(rf"{name}:? {re.escape(v)}(?![\d-])"))
        for v in values
    ]


def secret_patterns(site: Site, kind: str, language: str) -> list[Pattern]:
    """Every form of every secret of the site's running game of ``kind``."""
    game_id = site.running[kind]
    state = engine_state(site.service, game_id)
    found = secrets(state, game_id)
    assert found, f"the running {kind} has no secret to look for"
    revealed = {
        tuple(sorted(dice))
        for row in site.service.store.events(game_id)
        for event in row.events
        if event.get("type") in ("dice", "reroll")
        for dice in event.get("dice", {}).values()
    }
    patterns: list[Pattern] = []
    for secret in found:
        if secret.kind == "dice" and tuple(sorted(secret.value)) in revealed:
            continue  # the same throw, another's or an earlier round's, is public
        patterns += forms(secret, language) + written(secret, language)
    seed = site.service.store.get(game_id).seed
    patterns.append(("seed", re.compile(re.escape(seed))))
    return patterns
