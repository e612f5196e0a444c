"""The Discord messages of a tournament, as :class:`Card` data."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.i18n import t
from bot.render.cards import Button, Card, Row, custom_id
from bot.render.lobby import ended, revealed_text
from bot.render.v6_cards import Names, mention

BUTTON = "trb"


def registration_card(outcome: Any, locale: str, name: Names = mention) -> Card:
    """The registration message: while it is open, with Anmelden / Abmelden and the host's
    button to close it; afterwards it says it is closed (and offers nothing)."""
    tour = outcome.public
    registered = tour["registered"]
    status = "finished" if ended(outcome) else tour["status"]
    body = t(
        "ui.tour.registration",
        locale,
        status=t(f"ui.tour.status.{status}", locale),
        group_size=tour["group_size"],
        durchgaenge=t("n.durchgaenge", locale, count=tour["durchgaenge"]),
        best_thirds=t("n.best_thirds", locale, count=tour["best_thirds"]),
        finale_size=tour["finale_size"],
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
    return Card(
        title=t("ui.tour.title", locale, name=tour["name"]),
        description=body,
        fields=[(t("ui.tour.registered", locale, count=len(registered)), names[:1024])],
        rows=rows,
    )


def round_card(
    event: Mapping[str, Any], tour_name: str, locale: str, name: Names = mention
) -> Card:
    key = "ui.tour.finale" if event["finale"] else "ui.tour.round"
    fields = [
        (t("ui.tour.group", locale, group=i + 1), "\n".join(name(p) for p in players))
        for i, players in enumerate(event["groups"])
    ]
    return Card(title=f"{tour_name}: " + t(key, locale, round=event["round"]), fields=fields)


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


def group_rows(table: Sequence[Mapping[str, Any]], name: Names) -> list[list[object]]:
    """The rows a group table shows, for the text and the picture alike."""
    return [[i + 1, name(row["player"]), row["points"], row["eyes"]] for i, row in enumerate(table)]


def standings_card(tour: Mapping[str, Any], locale: str, name: Names = mention) -> Card:
    """The current round: finished groups with their tables, the others with their players."""
    current = tour["rounds"][-1]
    fields = []
    for group in current["groups"]:
        if group["table"]:
            text = "\n".join(table_line(row, locale) for row in group_rows(group["table"], name))
        else:
            text = ", ".join(name(p) for p in group["players"])
        fields.append((t("ui.tour.group", locale, group=group["number"]), text[:1024]))
    for earlier in tour["rounds"][:-1]:  # the tournament so far: who went through
        through = ", ".join(name(p) for p in earlier["advanced"]) or "–"
        fields.append((t("ui.tour.advanced", locale, round=earlier["number"]), through[:1024]))
    if tour["withdrawn"]:
        fields.append(
            (t("ui.tour.withdrawn", locale), ", ".join(name(p) for p in tour["withdrawn"])[:1024])
        )
    title = t("ui.tour.standings", locale, round=current["number"])
    return Card(title=f"{tour['name']} – {title}", fields=fields)
