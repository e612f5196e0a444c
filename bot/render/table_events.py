"""Lines for what happens at any table outside a game's rules, the same in every game: a
lobby opened, players joining and leaving, the start, a host's tools, a lobby nobody
started. The service logs these (bot.service, bot.lobby); every game's log shows them."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bot.i18n import number, t
from bot.render.lobby_card import stand_in_mention

TABLE_EVENTS = frozenset(
    {"lobby", "join", "leave", "start", "end", "kick", "replace", "pause", "resume", "clock",
     "lobby_expired", "back", "computer", "rated"}
)  # fmt: skip

WITH_REASON = frozenset({"end", "kick", "replace", "pause", "resume"})
"""The host's tools that take a reason (``grund``)."""


def table_event_key(event: Mapping[str, Any]) -> str:
    """The text of a table event; a reason, when given, reads in its own variant."""
    kind = str(event["type"])
    if kind == "clock":
        if not event.get("seconds"):
            return "table.event.clock_off" if event.get("seconds") == 0 else "table.event.clock"
        return "table.event.clock_minutes"
    if kind == "computer":
        return "table.event.computer_seated" if event.get("seated") else "table.event.computer_left"
    if kind == "rated":
        return "table.event.rated_on" if event.get("rated") else "table.event.rated_off"
    if kind == "kick" and event.get("stand_in"):
        kind = "kick_stand_in"
    reason = kind.startswith(tuple(WITH_REASON)) and event.get("reason")
    return f"table.event.{kind}_reason" if reason else f"table.event.{kind}"


def standings(scores: Mapping[str, int], locale: str | None, name: Callable[[str], str]) -> str:
    """Players' scores as every game's end line writes them: highest first (level players in
    seat order), "@Anna 1.660, @Cem 1.380, @Ben 1.370"."""
    ranked = sorted(scores.items(), key=lambda item: -item[1])
    return ", ".join(f"{name(p)} {number(v, locale)}" for p, v in ranked)


def describe_table_event(
    event: Mapping[str, Any], locale: str | None, name: Callable[[str], str]
) -> str:
    params: dict[str, Any] = {}
    for key in ("host", "player", "old", "new", "by"):
        if key in event:
            params[key] = name(str(event[key]))
    if event.get("reason"):
        params["reason"] = event["reason"]
    if event.get("stand_in"):
        params["computer"] = stand_in_mention(int(event.get("seat", 0)))  # older logs: none
    if event.get("seconds"):
        params["count"] = int(event["seconds"]) // 60
    return t(table_event_key(event), locale, **params)
