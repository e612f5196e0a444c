"""Die verflixte 6 events as one readable line each, German or English."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import Any

from bot.i18n import listed, t
from bot.render import dice_emojis
from bot.render.table_events import TABLE_EVENTS, describe_table_event


def event_key(event: Mapping[str, Any]) -> str:
    """The text for an event; some events read differently by outcome."""
    kind = str(event["type"])
    variant = {
        "jokers": "_free" if event.get("free") else ("" if event.get("jokers") else "_none"),
        "roll": "_fumo" if event.get("fumo") else ("_tentakel" if event.get("tentakel") else ""),
        "runkelrueb": "" if event.get("saved", True) else "_failed",
        "bust": "_floor" if event.get("floor") else "",
        "rattenlord": "_withdraw" if event.get("withdraw") else "",
        "monokel": "_rerolled" if event.get("rerolled") else "",
        "turn": "_fresh" if not event.get("eyes") else "",  # no "(0 Augen)" at a turn's start
    }.get(kind, "")
    if kind == "anaconda":
        variant = (
            "_decline" if not event.get("fight") else "_won" if event["change"] > 0 else "_lost"
        )
    if kind == "sekante_exchange":
        return "v6.event.sekante_exchange" if event.get("allow") else "v6.event.sekante_lapse"
    return f"v6.event.{kind}{variant}"


def _joined(values: Any) -> str:
    return ", ".join(str(v) for v in values)


Names = Callable[[str], str]
"""How a player id is shown: a name in scenarios, a mention on Discord."""


def _same(player: str) -> str:
    return player


EYES = ("eyes", "victim_eyes", "target_eyes", "amount", "bonus", "floor")
"""The parameters that count eyes ("1 Auge", "5 Augen"); ``floor`` is a flag in ``bust``."""


def _params(event: Mapping[str, Any], locale: str | None, name: Names) -> dict[str, Any]:
    params = {k: v for k, v in event.items() if k != "type"}
    for key in EYES:
        if type(params.get(key)) is int:
            params[key] = t("n.eyes", locale, count=params[key])
    for key in ("player", "victim", "target", "winner", "host"):
        if key in params:
            params[key] = name(str(params[key]))
    for key in ("order", "victims"):
        if key in params:
            params[key] = [name(str(p)) for p in params[key]]
    for key in ("die", "attack"):  # faces of a die: its emoji where the app has them
        if type(params.get(key)) is int:
            params[key] = dice_emojis.die(params[key])
    for key in ("dice", "counters"):
        if key in params:
            params[key] = dice_emojis.dice(params[key])
    for key in ("order", "victims"):
        if key in params:
            params[key] = _joined(params[key])
    if "jokers" in params:
        params["jokers"] = _joined(t(f"v6.joker.{j}", locale) for j in params["jokers"])
    if "joker" in params:
        params["joker"] = t(f"v6.joker.{params['joker']}", locale)
    if "score" in params:
        params["score"] = ":".join(str(s) for s in params["score"])
    if "rolls" in params:
        params["rolls"] = " / ".join(
            _joined(f"{name(who)} {dice_emojis.die(face)}" for who, face in r.items())
            for r in params["rolls"]
        )
    if "points" in params:
        params["points"] = _joined(f"{name(who)} {p}" for who, p in params["points"].items())
    if "table" in params:  # ranked: the first row (and whoever is level with it) wins
        rows = params["table"]
        top = rows[0] if rows else {}
        level = [r for r in rows if (r["points"], r["eyes"]) == (top["points"], top["eyes"])]
        params["winners"] = listed((name(str(r["player"])) for r in level), locale)
        params["table"] = t("ui.list.separator", locale).join(
            standing_line(row, locale, name) for row in rows
        )
    return params


def standing_line(row: Mapping[str, Any], locale: str | None, name: Names) -> str:
    """One player's standing with its units: "@Anna 12 Punkte, 24 Augen"."""
    points = t("n.points", locale, count=row["points"])
    eyes = t("n.eyes", locale, count=row["eyes"])
    return t("v6.standing", locale, player=name(str(row["player"])), points=points, eyes=eyes)


CURSED = "🎲 6 "
"""How the bust's line shows its six (a text without a parameter for it): the red die."""


def describe(event: Mapping[str, Any], locale: str | None = "de", name: Names = _same) -> str:
    if event["type"] in TABLE_EVENTS:
        return describe_table_event(event, locale, name)
    text = t(event_key(event), locale, **_params(event, locale, name))
    if event["type"] == "six":
        text = text.replace(CURSED, f"🎲 {dice_emojis.die(6, cursed=True)} ", 1)
    return text


KEPT_LINES = 1024
"""How many described events :func:`described` keeps (a few turns of every open table)."""

_lines: OrderedDict[tuple[int, str | None, Names], tuple[Mapping[str, Any], str]] = OrderedDict()


def described(event: Mapping[str, Any], locale: str | None = "de", name: Names = _same) -> str:
    """:func:`describe`, kept for the event object itself: a turn's message shows every
    step of the turn, and each click would otherwise describe them all again (the same
    event objects are kept with the table between clicks). The entry holds the event, so
    its id cannot be reused while it is kept; a logged event is never changed."""
    key = (id(event), locale, name)
    kept = _lines.get(key)
    if kept is not None and kept[0] is event:
        _lines.move_to_end(key)
        return kept[1]
    line = describe(event, locale, name)
    _lines[key] = (event, line)
    if len(_lines) > KEPT_LINES:
        _lines.popitem(last=False)
    return line
