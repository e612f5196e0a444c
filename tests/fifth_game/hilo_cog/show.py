"""What an outcome of Hoch oder tief shows, as a plan: its lobby, else its table edited in
place."""

from __future__ import annotations

from cogs.pipeline.delivery import Delivery
from cogs.pipeline.plans import Plan, Table, lobby_plan, shown_by
from tests.fifth_game.hilo import cards


def plan(d: Delivery, actor: str | None) -> Plan:
    return lobby_plan(d, cards.lobby_card) or [Table(cards.table_card(d.outcome, d.outcome.locale))]


show = shown_by(plan)
