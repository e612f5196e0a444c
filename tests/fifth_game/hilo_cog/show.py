"""What an outcome of Hoch oder tief shows: its table edited in place (the lobby first)."""

from __future__ import annotations

from cogs.pipeline.delivery import Delivery, show_lobby
from tests.fifth_game.hilo import cards


async def show(d: Delivery, actor: str | None) -> None:
    if await show_lobby(d, cards.lobby_card):
        return
    await d.table(cards.table_card(d.outcome, d.outcome.locale))
