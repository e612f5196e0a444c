"""The Discord messages of a Die verflixte 6 table, as :class:`Card` data.

One table message per turn shows the seats (roles, eyes, points), what the last action
did, whose decision it is, and the buttons for it. Private choices (jokers, victims,
decisions) are prompts sent ephemerally to the deciding player only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.verflixte6.render.lines import describe, described, standing_line
from bot.games.verflixte6.state import DECISIONS, JOKER_IDS, MAX_JOKERS
from bot.games.verflixte6.view import V6Seat, V6Turn, typed_view
from bot.i18n import t
from bot.render import dice_emojis
from bot.render.cards import Button, Card, Choice, Row, Select, custom_id
from bot.render.lobby_card import Names, ended, seed_line, table_lobby_card
from bot.render.lobby_card import mention as mention  # noqa: PLC0414 - re-exported for cogs

BUTTON, SELECT = "v6b", "v6s"


def _id(kind: str, outcome: Any, verb: str, arg: str = "") -> str:
    return custom_id(kind, outcome.game_id, outcome.version, verb, arg)


def lobby_card(outcome: Any, locale: str, name: Names = mention) -> Card:
    return table_lobby_card(outcome, locale, BUTTON, name)


def _seat_line(seat: V6Seat, locale: str) -> str:
    role = t(f"ui.role.{seat['role']}", locale)
    eyes = t("n.eyes", locale, count=seat["eyes"])
    points = t("n.points", locale, count=seat["points"])
    return t("ui.seat", locale, role=role, eyes=eyes, points=points)


def table_card(outcome: Any, locale: str, name: Names = mention, *, live: bool = True) -> Card:
    """The table message; ``live=False`` for a finished turn's message (no buttons, as
    on a paused or ended table)."""
    view = typed_view(outcome.public)
    live = live and outcome.status != "paused" and not ended(outcome)
    lines = [described(e, locale, name) for e in outcome.events if e["type"] != "durchgang_end"]
    turn = view["turn"]
    if turn is not None and live:
        lines.append(t(_waiting_key(turn), locale, player=name(turn["player"])))
    elif (view["finished"] or ended(outcome)) and not any(
        e["type"] == "abend_end" for e in outcome.events
    ):  # the Abend's end names its winner already
        lines.append(t("ui.table.over", locale))
    shown = view_card(outcome.public, locale, name)
    return Card(
        title=shown.title,
        description="\n".join(lines),
        newest_last=True,
        fields=shown.fields,
        footer=seed_line(outcome, locale),
        rows=_table_buttons(outcome, turn, locale) if live and turn is not None else [],
    )


def view_card(public: Mapping[str, Any], locale: str, name: Names = mention) -> Card:
    """The table message's title and fields of a public view: each seat's role, eyes and
    points, and the turn's jokers."""
    view = typed_view(public)
    turn = view["turn"]
    fields = [(f"{name(seat['player'])}", _seat_line(seat, locale)) for seat in view["seats"]]
    if turn is not None and turn["chosen"]:
        fields.append((t("ui.table.jokers", locale), _jokers_left(turn, locale)))
    title = t("ui.table.title", locale, durchgang=view["durchgang"],
              durchgaenge=view["durchgaenge"])  # fmt: skip
    return Card(title=title, fields=fields)


def closed_durchgang_card(
    outcome: Any, end: Mapping[str, Any], locale: str, name: Names = mention
) -> Card:
    """The last turn's message of a Durchgang, closed while the next Durchgang begins: that
    Durchgang's number (from its end), the lines of the action that ended it (the
    ``outcome``'s events up to the end) and its points. Nothing of the view, which already
    shows the next Durchgang (every seat back to 0 eyes); the result message follows."""
    lines = [described(e, locale, name) for e in outcome.events]
    lines.append(describe(end, locale, name))
    title = t(
        "ui.table.title", locale, durchgang=end["durchgang"],
        durchgaenge=typed_view(outcome.public)["durchgaenge"],
    )  # fmt: skip
    return Card(
        title=title,
        description="\n".join(lines),
        newest_last=True,
        footer=seed_line(outcome, locale),
    )


AUTO = ("toertchen", "tentakel")


def _waiting_key(turn: V6Turn) -> str:
    """What the player at turn is asked: "weiter mit Joker" only while the turn has a
    joker to announce (as the buttons offer it)."""
    phase = turn["phase"]
    if phase == "step" and not turn["announceable"]:
        return "ui.table.waiting.step_plain"
    return f"ui.table.waiting.{phase}"


def _jokers_left(turn: V6Turn, locale: str) -> str:
    """The turn's jokers; spent ones struck through (auto-jokers stay until the turn ends)."""
    names = []
    for joker in turn["chosen"]:
        name = t(f"v6.joker.{joker}", locale)
        spent = joker not in turn["announceable"] and joker not in AUTO
        if joker == "runkelrueb":
            spent = not turn["runkelrueb_ready"]
        names.append(f"~~{name}~~" if spent else name)
    return ", ".join(names)


def _table_buttons(outcome: Any, turn: V6Turn, locale: str) -> list[Row]:
    phase = turn["phase"]
    if phase == "jokers":
        return [(Button(_id(BUTTON, outcome, "begin"), t("ui.button.begin", locale), "primary"),)]
    if phase == "step":  # "Joker …" only while the turn has a joker to announce
        weiter = Button(_id(BUTTON, outcome, "weiter"), t("ui.button.weiter", locale), "primary")
        menu = Button(_id(BUTTON, outcome, "menu"), t("ui.button.menu", locale))
        stopp = Button(_id(BUTTON, outcome, "stopp"), t("ui.button.stopp", locale), "danger")
        return [(weiter, menu, stopp) if turn["announceable"] else (weiter, stopp)]
    return [(Button(_id(BUTTON, outcome, "decide"), t("ui.button.decide", locale), "primary"),)]


def _joker_options(jokers: Sequence[str], locale: str) -> tuple[Choice, ...]:
    return tuple(
        Choice(j, t(f"v6.joker.{j}", locale), t(f"ui.rules.joker.{j}", locale)[:100])
        for j in jokers
    )


def joker_choice_prompt(outcome: Any, jokers: Sequence[str], can_free: bool, locale: str) -> Card:
    """The ephemeral joker choice at the start of a turn."""
    rows: list[Row] = []
    if jokers:
        rows.append(
            Select(
                _id(SELECT, outcome, "pick"),
                t("ui.prompt.jokers_placeholder", locale),
                _joker_options(jokers, locale),
                min_values=1,
                max_values=min(MAX_JOKERS, len(jokers)),
            )
        )
    if can_free:
        rows.append(
            Select(
                _id(SELECT, outcome, "pickfree"),
                t("ui.button.free", locale),
                _joker_options(JOKER_IDS, locale),
                min_values=1,
                max_values=MAX_JOKERS,
            )
        )
    rows.append((Button(_id(BUTTON, outcome, "nojoker"), t("ui.button.nojoker", locale)),))
    text = t("ui.prompt.jokers", locale, max=MAX_JOKERS)
    if can_free:
        text += "\n" + t("ui.prompt.free", locale)
    return Card(description=text, rows=rows)


def joker_menu_prompt(outcome: Any, locale: str) -> Card:
    turn = typed_view(outcome.public)["turn"]
    jokers = turn["announceable"] if turn is not None else []
    if not jokers:  # a leftover "Joker …": none chosen, or every one announced
        chosen = turn is not None and turn["chosen"]
        return Card(
            description=t("ui.prompt.menu_empty" if chosen else "ui.prompt.menu_none", locale)
        )
    select = Select(
        _id(SELECT, outcome, "joker"),
        t("ui.prompt.menu_placeholder", locale),
        _joker_options(jokers, locale),
    )
    return Card(description=t("ui.prompt.menu", locale), rows=[select])


def target_prompt(outcome: Any, targets: Sequence[str], locale: str, name: Names) -> Card:
    select = Select(
        _id(SELECT, outcome, "target"),
        t("ui.prompt.target_placeholder", locale),
        tuple(Choice(p, name(p)) for p in targets),
    )
    return Card(description=t("ui.prompt.target", locale), rows=[select])


def decision_prompt(outcome: Any, victims: Sequence[str], locale: str, name: Names) -> Card:
    """The pending decision of the player to act: a victim, or yes/no for a joker."""
    turn = typed_view(outcome.public)["turn"]
    phase = "" if turn is None else turn["phase"]
    if turn is not None and phase == "steal":
        select = Select(
            _id(SELECT, outcome, "steal"),
            t("ui.prompt.steal_placeholder", locale),
            tuple(Choice(p, name(p)) for p in victims),
        )
        amount = t("n.eyes", locale, count=turn["steal_amount"])
        return Card(description=t("ui.prompt.steal", locale, amount=amount), rows=[select])
    if turn is None or phase not in DECISIONS:
        return Card(description=t("ui.prompt.nothing", locale))
    buttons = (
        Button(_id(BUTTON, outcome, "yes"), t(f"ui.button.yes.{phase}", locale), "primary"),
        Button(_id(BUTTON, outcome, "no"), t(f"ui.button.no.{phase}", locale)),
    )
    return Card(description=_question(turn, locale, name), rows=[buttons])


def _question(turn: V6Turn, locale: str, name: Names) -> str:
    """What a decision is about, from the turn alone: a prompt reopened later (when the
    outcome carries no events) asks the same question as the first one."""
    phase = turn["phase"]
    if phase == "anaconda" and (attack := turn["anaconda_attack"]) is not None:  # it is, here
        return t("ui.prompt.ask.anaconda", locale, die=dice_emojis.die(attack))
    if phase == "monokel":
        return t("ui.prompt.ask.monokel", locale, dice=dice_emojis.dice(turn["monokel_dice"]))
    if phase == "counter" and (duel := turn["sekante"]) is not None:  # a Sekante's, always
        return t(
            "ui.prompt.ask.counter",
            locale,
            target=name(duel["target"]),
            exchange=duel["exchange"],
            die=dice_emojis.die(duel["attack"]),
        )
    return t(f"ui.prompt.ask.{phase}", locale)


def result_card(
    outcome: Any,
    end: Mapping[str, Any],
    locale: str,
    name: Names = mention,
    *,
    standing: bool = True,
) -> Card:
    """The message after a Durchgang: places, points, Stechen rolls (those among the
    outcome's events), the table so far (``standing``: only when the outcome's view is the
    table after this Durchgang, not after a later one the absence rule played too)."""
    eyes: Mapping[str, int] = end["eyes"]
    points: Mapping[str, int] = end["points"]
    lines = []
    for player in sorted(eyes, key=lambda p: (-eyes[p], -points[p])):
        if eyes[player] <= 0:
            lines.append(t("ui.result.zero", locale, player=name(player)))
            continue
        place = position(player, eyes, points)
        lines.append(
            t(
                "ui.result.line",
                locale,
                place=place,
                player=name(player),
                eyes=t("n.eyes", locale, count=eyes[player]),
                points=t("n.points", locale, count=points[player]),
            )
        )
    for event in outcome.events:
        if event["type"] == "stechen" and event is not end:
            lines.append(describe(event, locale, name))
    title = t("ui.result.title", locale, durchgang=end["durchgang"])
    if not standing:
        return Card(title=title, description="\n".join(lines))
    seats = typed_view(outcome.public)["seats"]
    table = sorted(seats, key=lambda s: (-s["points"], -s["abend_eyes"]))
    rows = "\n".join(standing_line({**s, "eyes": s["abend_eyes"]}, locale, name) for s in table)
    count = end["durchgang"]  # the Durchgänge played (the view holds no results)
    return Card(
        title=title,
        description="\n".join(lines),
        fields=[(t("ui.result.table", locale, count=count), rows)],
    )


def position(player: str, eyes: Mapping[str, int], points: Mapping[str, int]) -> int:
    """A player's printed place after a Durchgang: one more than the players ahead of him,
    on eyes and, among equal eyes, on points (a Stechen's loser scores one less than its
    winner, so the Stechen decides). Players level on both share the place."""
    mine = (eyes[player], points[player])
    return 1 + sum((eyes[p], points[p]) > mine for p in eyes)


def rules_card(locale: str) -> Card:
    fields = [(t(f"v6.joker.{j}", locale), t(f"ui.rules.joker.{j}", locale)) for j in JOKER_IDS]
    return Card(
        title=t("ui.rules.title", locale), description=t("ui.rules.body", locale), fields=fields
    )
