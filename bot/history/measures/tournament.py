"""A tournament (its ``games`` are tournaments played, its ``wins`` champion titles):
``finale`` (reached it) and ``finale.<n>`` (ended the Finale n-th). Corrections count as
the log has them: a round undone is no round, a corrected Finale table is the table."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.tally import Tally


def measure(events: Sequence[Mapping[str, Any]], tally: Tally) -> None:
    finales: set[int] = set()  # the rounds that are a Finale
    finale_table: list[Mapping[str, Any]] = []
    for event in events:
        kind = event["type"]
        if kind == "round" and event["finale"]:
            finales.add(int(event["round"]))
        elif kind == "undone" and finales & set(event["rounds"]):
            finales -= set(event["rounds"])
            finale_table = []
        elif (kind == "group_table" and int(event["round"]) in finales) or (
            kind == "correction" and event.get("finale")
        ):
            finale_table = event["table"]
    for place, line in enumerate(finale_table, start=1):
        tally.add(line["player"], "finale")
        tally.add(line["player"], f"finale.{place}")
