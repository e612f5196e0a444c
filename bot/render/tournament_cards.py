"""The Discord messages of a tournament, as :class:`Card` data."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from bot.engine import JSON
from bot.i18n import reasoned, t
from bot.render.cards import MAX_TEXT, Button, Card, Row, custom_id
from bot.render.lobby_card import Names, ended, mention, revealed_text
from bot.render.tournament_bracket import FIELDS_MAX, bracket, bracket_fields
from bot.tournament.evening_time import shown_time
from bot.tournament.standings import ADVANCE_PER_GROUP
from bot.tournament.state import FINALE_DURCHGAENGE
from bot.tournament.view import typed_view

BUTTON = "trb"
FIELDS_TEXT_MAX = MAX_TEXT - 1000
"""The standings' groups, at most: a card's 4,000 characters, less room for its title, the
evenings to come and the withdrawn."""


def registration_card(outcome: Any, locale: str, name: Names = mention) -> Card:
    """The registration message: while it is open, with Anmelden / Abmelden and the host's
    button to close it; afterwards it says it is closed (and offers nothing)."""
    tour = typed_view(outcome.public)
    registered = tour["registered"]
    status = "finished" if ended(outcome) else tour["status"]
    body = t(
        "ui.tour.registration",
        locale,
        status=t(f"ui.tour.status.{status}", locale),
        format=format_text(outcome.public, locale),
        seed_hash=outcome.seed_hash,
    )
    names = ", ".join(name(p) for p in registered) or t("ui.tour.nobody", locale)
    rows: list[Row] = []
    if status == "registration":
        rows.append(
            (
                Button(
                    custom_id(BUTTON, outcome.game_id, outcome.version, "register"),
                    t("ui.button.register", locale),
                    "primary",
                ),
                Button(
                    custom_id(BUTTON, outcome.game_id, outcome.version, "unregister"),
                    t("ui.button.unregister", locale),
                ),
                Button(
                    custom_id(BUTTON, outcome.game_id, outcome.version, "close"),
                    t("ui.button.close", locale),
                    "success",
                ),
            )
        )
    if status in ("registration", "running"):  # reserves may step up until the end
        reserve = custom_id(BUTTON, outcome.game_id, outcome.version, "reserve")
        rows.append((Button(reserve, t("ui.button.reserve", locale)),))
    fields = [(t("ui.tour.registered", locale, count=len(registered)), names[:1024])]
    reserves = tour.get("reserves") or []
    if reserves:
        listed = ", ".join(name(p) for p in reserves)[:1024]
        fields.append((t("ui.tour.reserves", locale, count=len(reserves)), listed))
    return Card(
        title=t("ui.tour.title", locale, name=tour["name"]),
        description=body,
        fields=fields,
        rows=rows,
    )


def format_text(view: Mapping[str, JSON], locale: str) -> str:
    """The tournament's format as it will be played: the group size the draw honours (a
    group of 2 or fewer would eliminate nobody: **Decision** "every round eliminates
    someone" draws larger ones), the Durchgänge per evening, the best thirds (only if
    any), and the Finale with its own Durchgänge."""
    tour = typed_view(view)
    size = tour["group_size"]
    if size <= ADVANCE_PER_GROUP:
        least = ADVANCE_PER_GROUP + 1
        groups = t("ui.tour.format.groups_least", locale, least=least, advance=ADVANCE_PER_GROUP)
    else:
        groups = t("ui.tour.format.groups", locale, size=size)
    parts = [
        groups,
        t("ui.tour.format.evening", locale, durchgaenge=_durchgaenge(tour["durchgaenge"], locale)),
    ]
    if tour["best_thirds"]:
        parts.append(t("ui.tour.format.thirds", locale, count=tour["best_thirds"]))
    finale = _durchgaenge(FINALE_DURCHGAENGE, locale)
    parts.append(t("ui.tour.format.finale", locale, size=tour["finale_size"], durchgaenge=finale))
    return ", ".join(parts)


def _durchgaenge(count: int, locale: str) -> str:
    return t("n.durchgaenge", locale, count=count)


def round_card(
    event: Mapping[str, Any], tour_name: str, locale: str, name: Names = mention
) -> Card:
    key = "ui.tour.finale" if event["finale"] else "ui.tour.round"
    fields = [
        (_group_heading(event, i + 1, locale), "\n".join(name(p) for p in players))
        for i, players in enumerate(event["groups"])
    ]
    title = t(key, locale, round=event["round"])
    return Card(title=t("ui.tour.titled", locale, name=tour_name, title=title), fields=fields)


def _group_heading(event: Mapping[str, Any], number: int, locale: str) -> str:
    """A drawn group's heading: its number, or for the Finale's one group who is in it."""
    if event["finale"]:
        return t("ui.tour.finalists", locale)
    return t("ui.tour.group", locale, group=number)


def table_line(row: Sequence[object], locale: str) -> str:
    """One row of a group's table, as :func:`group_rows` gives it: place, player, points, eyes."""
    place, player, points, eyes = row
    return t(
        "ui.tour.table_line",
        locale,
        place=place,
        player=player,
        points=t("n.points", locale, count=points),
        eyes=t("n.eyes", locale, count=eyes),
    )


def group_table_card(
    event: Mapping[str, Any], locale: str, name: Names = mention, *, finale: bool = False
) -> Card:
    """A group's table once its Abend is over (the Finale's is titled as such)."""
    lines = [table_line(row, locale) for row in group_rows(event["table"], name)]
    for rolls in event.get("stechen", []):
        faces = ", ".join(f"{name(p)} {face}" for p, face in rolls.items())
        lines.append(t("ui.tour.stechen", locale, rolls=faces))
    lines += [substitution_line(change, locale, name) for change in event.get("substitutions", [])]
    if finale:
        title = t("ui.tour.finale_done", locale)
    else:
        title = t("ui.tour.group_done", locale, group=event["group"], round=event["round"])
    return Card(title=title, description="\n".join(lines))


def champion_card(
    event: Mapping[str, Any], tour_name: str, outcome: Any, locale: str, name: Names = mention
) -> Card:
    footer = revealed_text(outcome, locale) if outcome.seed else ""
    return Card(
        title=t("ui.tour.champion", locale, player=name(event["player"]), name=tour_name),
        footer=footer,
    )


def substitution_line(change: Mapping[str, Any], locale: str, name: Names = mention) -> str:
    """Who took whose seat, when, by whom and why (the seat's points are the newcomer's)."""
    return t(
        "ui.tour.substituted",
        locale,
        player=name(change["player"]),
        out=name(change["out"]),
        when=timestamp(change["at"]),
        by=name(change["by"]),
        reason=change.get("reason") or "–",
    )


def replaced_line(change: Mapping[str, Any], locale: str, name: Names = mention) -> str:
    """``@Cem: ersetzt durch @Dora (krank)``: who left the tournament for whom, and why."""
    reason = str(change.get("reason") or "")
    key = reasoned("ui.tour.replaced_by", reason)
    return t(key, locale, out=name(change["out"]), player=name(change["player"]), reason=reason)


def group_rows(table: Sequence[Mapping[str, Any]], name: Names) -> list[list[object]]:
    """The rows a group table shows, for the text and the picture alike."""
    return [[i + 1, name(row["player"]), row["points"], row["eyes"]] for i, row in enumerate(table)]


def timestamp(iso: str) -> str:
    """An ISO moment as Discord timestamps, each reader's client showing his own zone."""
    return shown_time(datetime.fromisoformat(iso))


def standings_card(view: Mapping[str, JSON], locale: str, name: Names = mention) -> Card:
    """The whole tournament as text, the numbers of its bracket picture: every round's
    groups with their tables (✓: went through) or players and evening, the champion."""
    tour = typed_view(view)
    fields = bracket_fields(bracket(view, locale, name), locale)
    while len(fields) > 1 and sum(len(a) + len(b) + 6 for a, b in fields) > FIELDS_TEXT_MAX:
        fields.pop(0)  # a very large tournament: its latest rounds
    description = "\n".join(
        t("ui.tour.group", locale, group=g["number"])
        + " – "
        + t("ui.tour.evening", locale, when=timestamp(evening))
        for g in tour["rounds"][-1]["groups"]
        if (evening := g.get("evening")) and not g["table"]
    )
    replaced = {
        change["out"]: change
        for rnd in tour["rounds"] for group in rnd["groups"]
        for change in group.get("substitutions", [])
    }  # fmt: skip
    withdrawn = [p for p in tour["withdrawn"] if p not in replaced]
    if withdrawn and len(fields) < FIELDS_MAX:
        fields.append((t("ui.tour.withdrawn", locale), ", ".join(map(name, withdrawn))[:1024]))
    if replaced and len(fields) < FIELDS_MAX:
        lines = [replaced_line(change, locale, name) for change in replaced.values()]
        fields.append((t("ui.tour.replaced", locale), "\n".join(lines)[:1024]))
    return Card(title=standings_title(view, locale), description=description, fields=fields)


def standings_title(view: Mapping[str, JSON], locale: str) -> str:
    """``Herbst – Stand: Runde 2``, ``Herbst – Endstand``: the standings' title, the
    bracket picture's too (a tournament that has drawn its first round)."""
    tour = typed_view(view)
    if tour["champion"]:
        title = t("ui.tour.standings_final", locale)
    else:
        title = t("ui.tour.standings", locale, round=tour["rounds"][-1]["number"])
    return f"{tour['name']} – {title}"


def list_status(outcome: Any, locale: str, name: Names = mention) -> str:
    """A tournament's state in a word or three: Anmeldung, läuft – Runde N / Finale,
    beendet – champion."""
    return status_text(outcome.public, ended(outcome), locale, name)


def status_text(view: Mapping[str, JSON], over: bool, locale: str, name: Names = mention) -> str:
    """:func:`list_status` of a tournament's view, and whether its table is over."""
    tour = typed_view(view)
    if tour["champion"]:
        return t("ui.tour.list.finished", locale, player=name(tour["champion"]))
    if over:
        return t("ui.tour.list.ended", locale)
    if not tour["rounds"]:
        return t("ui.tour.list.registration", locale, count=len(tour["registered"]))
    current = tour["rounds"][-1]
    if current["finale"]:
        return t("ui.tour.list.finale", locale)
    return t("ui.tour.list.round", locale, round=current["number"])


def overview_card(
    outcomes: Sequence[Any], locale: str, *, more: bool = False, name: Names = mention
) -> Card:
    """``/turnier liste``: a server's tournaments, newest first, with status and channel."""
    lines = [
        t(
            "ui.tour.list.line",
            locale,
            name=typed_view(o.public)["name"],
            status=list_status(o, locale, name),
            channel=f"<#{o.channel_id}>",
        )
        for o in outcomes
    ] or [t("ui.tour.list.none", locale)]
    if more:
        lines.append(t("ui.tour.list.more", locale, count=len(outcomes)))
    return Card(title=t("ui.tour.list.title", locale), description="\n".join(lines)[:4000])
