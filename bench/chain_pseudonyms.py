"""The hash chain's cost per action, format 1 (over the ids) against format 2 (over the
game's pseudonyms), on the logged actions of a played game of Die verflixte 6.

``python -m bench.chain_pseudonyms [--kind verflixte6] [--runs 15] [--loops 2000]``: the old
and the new way interleaved in one process, the minimum of ``runs`` runs of ``loops`` passes
over the game's actions, in µs per action. Format 2 is timed as ``Store.append`` pays it:
who the action names (``named_people``), whether the game knows them, and the texts and
hash of ``chained_texts`` with the game's pseudonyms.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import time
from collections.abc import Callable
from typing import Any

from bot.engine.chain import Pseudonyms, chained_texts, new_actor_key
from bot.play.people import named_people
from bot.plugins import GAMES
from bot.service import Service
from bot.store import Store, make_engine, upgrade

PLAYERS = ["100000000000000101", "100000000000000102", "100000000000000103"]


async def _logged(kind: str, actions: int) -> list[dict[str, Any]]:
    """The stored rows of a game of ``kind`` played with random legal actions."""
    engine = make_engine("sqlite://")
    upgrade(engine)
    service = Service(Store(engine))
    outcome = await service.create(kind, PLAYERS[:2], {"durchgaenge": 20})
    chance = random.Random(1)
    for step in range(actions):
        if outcome.finished:
            break
        actor = outcome.to_act[0]
        table = service.tables.get(outcome.game_id)
        legal = GAMES[kind].legal_actions(table.state, outcome.players.index(actor))
        nonce = str(900000000000000000 + step)
        outcome = await service.act(outcome.game_id, actor, chance.choice(legal), nonce=nonce)
    rows = service.store.events(outcome.game_id)[1:]
    engine.dispose()
    return [
        {"game_id": r.game_id, "seq": r.seq, "actor": r.actor, "action": r.action,
         "events": r.events, "draws": r.draws, "prev_hash": r.prev_hash}
        for r in rows
    ]  # fmt: skip


def _format_1(events: list[dict[str, Any]], names: Pseudonyms) -> None:
    for event in events:
        chained_texts(**event)


def _format_2(events: list[dict[str, Any]], names: Pseudonyms) -> None:
    known = names.names
    for event in events:
        named = named_people(event["actor"], event["action"])
        any(p not in known for p in named)
        chained_texts(**event, names=names)


def _run(
    way: Callable[..., None], events: list[dict[str, Any]], names: Pseudonyms, loops: int
) -> float:
    start = time.perf_counter()
    for _ in range(loops):
        way(events, names)
    return (time.perf_counter() - start) / (loops * len(events)) * 1e6


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kind", default="verflixte6")
    parser.add_argument("--actions", type=int, default=60)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--loops", type=int, default=200)
    args = parser.parse_args(argv)
    events = asyncio.run(_logged(args.kind, args.actions))
    names = Pseudonyms(new_actor_key(), PLAYERS)
    best: dict[str, float] = {"format 1": float("inf"), "format 2": float("inf")}
    for _ in range(args.runs):
        best["format 1"] = min(best["format 1"], _run(_format_1, events, names, args.loops))
        best["format 2"] = min(best["format 2"], _run(_format_2, events, names, args.loops))
    print(f"{args.kind}: {len(events)} logged actions, min of {args.runs} runs")
    for name, value in best.items():
        print(f"  {name}: {value:.2f} µs per action")
    print(f"  difference: {best['format 2'] - best['format 1']:+.2f} µs per action")


if __name__ == "__main__":
    main()
