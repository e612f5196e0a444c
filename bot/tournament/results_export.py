"""Standings and the full log of a tournament as CSV and JSON, for hosts and archives."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bot.engine import JSON
from bot.tournament.view import typed_view

CSV_COLUMNS = (
    "round", "finale", "group", "place", "player_id", "player", "points", "eyes",
    "instead_of_id", "instead_of", "since",
)  # fmt: skip
"""``instead_of``: the player a reserve took the seat of (his points are the reserve's),
and ``since`` when (ISO, UTC)."""


def standings_rows(
    tournament: Mapping[str, JSON], name: Callable[[str], str]
) -> list[dict[str, Any]]:
    """One row per player and finished group, in table order."""
    rows = []
    for rnd in typed_view(tournament)["rounds"]:
        for group in rnd["groups"]:
            stood_in = {c["player"]: c for c in group.get("substitutions", [])}
            for place, line in enumerate(group["table"], start=1):
                change = stood_in.get(line["player"])
                rows.append(
                    {
                        "round": rnd["number"],
                        "finale": rnd["finale"],
                        "group": group["number"],
                        "place": place,
                        "player_id": line["player"],
                        "player": name(line["player"]),
                        "points": line["points"],
                        "eyes": line["eyes"],
                        "instead_of_id": change["out"] if change else "",
                        "instead_of": name(change["out"]) if change else "",
                        "since": change["at"] if change else "",
                    }
                )
    return rows


def standings_csv(tournament: Mapping[str, JSON], name: Callable[[str], str]) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(standings_rows(tournament, name))
    return out.getvalue()


def full_json(
    tournament: Mapping[str, Any],
    logs: Mapping[int, Sequence[Mapping[str, Any]]],
    seeds: Mapping[int, Mapping[str, Any]],
) -> str:
    """The tournament, and per game (tournament included) its seed commitment (the seed once
    revealed) and every logged action with its events and dice."""
    document = {
        "tournament": tournament,
        "games": {str(gid): {**seeds.get(gid, {}), "log": list(log)} for gid, log in logs.items()},
    }
    return json.dumps(document, ensure_ascii=False, indent=1, default=str)
