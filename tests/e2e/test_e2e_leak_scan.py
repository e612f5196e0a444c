"""The leak scan itself can fail: renderers made to leak on purpose are caught.

Each test breaks one renderer the way a real bug would (a player's private view or private
text reaching the public table message), plays until the leak must have happened, and checks
that the scan names the right secret; then it forgets the leaks so the fixture passes.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from bot.games.dicedevils.render import cards as dd_cards
from bot.games.flaschenteufel.render import cards as ft_cards
from bot.games.teufel.render import cards as teufel_cards
from tests.helpers.e2e_play import bet
from tests.helpers.e2e_table import Table
from tests.helpers.engine_state import engine_state
from tests.helpers.leaks import LeakScan, leaking_table


async def open_and_start(table: Table, command: str, players: list[Any], **options: Any) -> None:
    opened = await table.slash(table.anna, command, **options)
    for user in players[1:]:
        await table.press(user, "join", opened.message)
    await table.press(table.anna, "start", opened.message)


def leaked_secrets(scan: LeakScan) -> set[tuple[str | None, str]]:
    found = {(leak.secret.owner, leak.secret.kind) for leak in scan.leaks}
    scan.leaks.clear()  # caught: the fixture's own check must not fail on them
    return found


async def test_a_bet_shown_before_all_bets_are_in(
    table: Table, leaks: LeakScan, monkeypatch: pytest.MonkeyPatch
) -> None:
    original = teufel_cards.table_card

    def leaky(outcome: Any, locale: str, *args: Any, **kwargs: Any) -> Any:
        mine = outcome.private.get(str(table.anna.id), outcome.public)  # the wrong view
        return original(dataclasses.replace(outcome, public=mine), locale, *args, **kwargs)

    monkeypatch.setattr(teufel_cards, "table_card", leaky)
    table.dice.d6_only = True
    await open_and_start(table, "teufel tisch", [table.anna, table.ben])
    assert leaks.leaks == []  # nothing secret yet: nobody has bet
    await bet(table, table.anna, "40")
    assert "Einsatz 40" in table.table_message().text()
    assert leaked_secrets(leaks) == {(str(table.anna.id), "bet")}


async def test_a_hand_on_the_public_table(
    table: Table, leaks: LeakScan, monkeypatch: pytest.MonkeyPatch
) -> None:
    leaking_table(monkeypatch, ft_cards, str(table.ben.id), ft_cards.my_cards_text)
    table.dice.d6_only = True
    await open_and_start(
        table, "flaschenteufel tisch", [table.anna, table.ben, table.cem], haende=1
    )
    assert leaked_secrets(leaks) == {(str(table.ben.id), "card")}


async def test_a_cup_on_the_public_table(
    table: Table, leaks: LeakScan, monkeypatch: pytest.MonkeyPatch
) -> None:
    leaking_table(monkeypatch, dd_cards, str(table.cem.id), dd_cards.cup_text)
    table.dice.d6_only = True
    await open_and_start(table, "dicedevils tisch", [table.anna, table.ben, table.cem])
    service = table.bot.service  # type: ignore[union-attr]
    outcome = service.tables.current(service.tables.find(table.channel.id, None, "dicedevils"))
    cups = {  # each player's own dice, from his own view
        player: tuple(next(d for d in view["demons"] if d["player"] == player)["dice"] or ())
        for player, view in outcome.private.items()
    }
    cem = str(table.cem.id)
    # the shown dice are cem's; a player who rolled the very same dice is named too (the
    # scan cannot tell whose they are)
    assert leaked_secrets(leaks) == {(p, "dice") for p, cup in cups.items() if cup == cups[cem]}


async def test_a_hand_sent_to_the_wrong_player(
    table: Table, leaks: LeakScan, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Anna's "Meine Karten" answer shows Ben's cards (select labels and the list)."""
    original = ft_cards.my_cards_text

    def leaky(view: Any, player: str, locale: str) -> Any:
        return original(view, player, locale) + "\n" + ", ".join(map(str, ben_cards()))

    def ben_cards() -> list[int]:
        service = table.bot.service  # type: ignore[union-attr]
        game = service.tables.find(table.channel.id, None, "flaschenteufel")
        state = engine_state(service, game)
        return sorted(next(h.cards for h in state.hands if h.player == str(table.ben.id)))

    table.dice.d6_only = True
    await open_and_start(
        table, "flaschenteufel tisch", [table.anna, table.ben, table.cem], haende=1
    )
    assert leaks.leaks == []
    monkeypatch.setattr(ft_cards, "my_cards_text", leaky)
    await table.press(table.anna, "mycards")
    assert leaked_secrets(leaks) == {(str(table.ben.id), "card")}
