"""Auf Teufel komm raus's plan, read without Discord: what a round's end shows, in order."""

from __future__ import annotations

from bot.engine import Action
from bot.i18n import listed, number
from bot.service import Outcome, Service
from bot.store import Store
from cogs.games.teufel.show import plan
from cogs.pipeline.plans import Dms, NewTable, Post, Table
from tests.helpers.plans import delivery, seeded
from tests.history.playing import play_game


async def bets_in(service: Service) -> Outcome:
    outcome = await service.create("teufel", ["1", "2"], {})
    for player in ("1", "2"):
        outcome = await service.act(outcome.game_id, player, Action("bet", {"amount": 0}))
    return outcome


async def test_a_pull_inside_a_round_edits_the_table_only(store: Store) -> None:
    service = seeded(store)
    outcome = await bets_in(service)
    (step,) = plan(delivery(service, outcome), None)
    assert isinstance(step, Table) and step.card.rows  # still live: its buttons


async def test_a_round_s_end_closes_it_posts_the_result_opens_the_next_and_tells_balances(
    store: Store,
) -> None:
    service = seeded(store)
    outcome = await bets_in(service)
    while not any(e["type"] == "settle" for e in outcome.events):
        outcome = await service.act(outcome.game_id, min(outcome.to_act), Action("stopp"))
    settle = next(e for e in outcome.events if e["type"] == "settle")
    closing, result, fresh, balances = plan(delivery(service, outcome), None)
    assert isinstance(closing, Table) and not closing.card.rows  # the round is over
    assert isinstance(result, Post) and result.part == "result" and result.cause is settle
    assert [p.name for p in result.card.pictures] == ["spur", "ofen"]  # localized file names
    assert isinstance(fresh, NewTable) and fresh.cause is settle and fresh.card.rows
    assert isinstance(balances, Dms) and balances.cause is settle
    assert sorted(balances.messages) == ["1", "2"]
    assert all("Runde 1" in m.description for m in balances.messages.values())


async def test_the_last_round_s_table_says_the_game_is_over_who_won_and_ranks_the_balances(
    store: Store,
) -> None:
    service = seeded(store)
    for seed in range(12):  # a game whose ranking is not the seats' order (its tiles are
        # random: about one game in six ends in seat order, which would prove nothing)
        outcome = await play_game(service, "teufel", ["1", "2", "3"], {}, seed=seed)
        end = next(e for e in outcome.events if e["type"] == "game_end")
        ranked = sorted(end["balances"], key=lambda p: -end["balances"][p])
        if ranked != list(end["balances"]):
            break
    assert ranked != list(end["balances"])  # the seats' order is not the ranking
    closing, result, *_ = plan(delivery(service, outcome), None)
    assert isinstance(closing, Table) and isinstance(result, Post)
    standings = ", ".join(f"<@{p}> {number(end['balances'][p], 'de')}" for p in ranked)
    winners = listed((f"<@{p}>" for p in end["winners"]), "de")
    assert f"🏁 Das Spiel ist zu Ende – Sieg für {winners}. Endstand: {standings}." in (
        closing.card.description
    )
    assert f"Endstand: {standings}" in result.card.description  # the settlement's, too
