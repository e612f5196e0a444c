"""Die verflixte 6 on Discord, what an outcome shows: the turn's message edited in place; at
a new turn the old message closed and a new one posted; a Durchgang's result as a message
of its own with its picture; a pending decision prompted privately; a typed command's lines
(``typed_show``)."""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import partial
from typing import Any

from bot.games.verflixte6.render import cards, pictures
from bot.games.verflixte6.render.lines import describe
from bot.games.verflixte6.state import DECISIONS, JOKER_IDS, RESULT_EVENTS, TURN_OPENERS
from bot.games.verflixte6.view import typed_view
from bot.i18n import t
from bot.render.cards import Card, Picture
from bot.render.lobby_card import Names
from bot.render.table_events import TABLE_EVENTS
from bot.service import Outcome
from cogs.pipeline import payload as ui
from cogs.pipeline.delivery import Delivery
from cogs.pipeline.plans import (
    NewTable,
    OpenPrompt,
    Plan,
    Post,
    PromptsMovedOn,
    Reply,
    Step,
    Table,
    lobby_plan,
    shown_by,
)
from cogs.pipeline.session import Show

log = logging.getLogger(__name__)


KIND = "verflixte6"


ACCENT = ui.accent_of(KIND)


DURCHGANG_KEPT = "v6_durchgang"
"""The table's memo (``Table.extra``) of the live Durchgang's public events: (the version
it holds, the events from the Durchgang's opening on), so that its result's picture does
not read the log back (a restart, or a gap, reads it)."""


def _kept_before(d: Delivery, key: str) -> list[Any] | None:
    """The events the table's memo ``key`` holds, taken from it, if it holds the version
    just before this outcome (None: a restart, a gap, or another outcome's memo)."""
    outcome = d.outcome
    kept = d.service.tables.get(outcome.game_id).extra.pop(key, None)
    if kept is None or kept[0] != (outcome.first or outcome.version) - 1:
        return None
    return list(kept[1])


def _keep(d: Delivery, key: str, events: list[Any]) -> None:
    """The table's memo ``key``: ``events`` as of this outcome's version."""
    d.service.tables.get(d.outcome.game_id).extra[key] = (d.outcome.version, events)


def _durchgang_so_far(d: Delivery) -> list[Any] | None:
    """The public events from the live Durchgang's opening up to this outcome's (None: not
    known without the log, after a restart or a gap); the memo then holds the Durchgang
    that is live after this outcome."""
    outcome = d.outcome
    kept = _kept_before(d, DURCHGANG_KEPT)
    so_far = None if kept is None else [*kept, *outcome.events]
    known = so_far if so_far is not None else outcome.events
    opening = next((i for i in range(len(known) - 1, -1, -1)
                    if known[i]["type"] == "durchgang"), None)  # fmt: skip
    if opening is not None and not outcome.finished:
        _keep(d, DURCHGANG_KEPT, known[opening:])
    return so_far


def _logged(
    d: Delivery, end: Mapping[str, Any], so_far: list[Any] | None = None
) -> list[dict[str, Any]]:
    """The log a Durchgang's picture reads: from the Durchgang that ``end`` closes on
    (from ``so_far``, the memo's events, when it holds that Durchgang's opening), or the
    whole evening for its table at the end."""
    records = d.service.records
    if d.outcome.finished:
        return records.recent_events(d.outcome.game_id, None)
    number = end["durchgang"]

    def opens(event: Mapping[str, Any]) -> bool:
        return bool(event["type"] == "durchgang" and event["durchgang"] == number)

    if so_far is not None:
        at = next((i for i in range(len(so_far) - 1, -1, -1) if opens(so_far[i])), None)
        if at is not None:
            return list(so_far[at:])
    return records.events_from(d.outcome.game_id, opens)


def durchgang_picture(
    d: Delivery, log: list[dict[str, Any]], end: dict[str, Any], locale: str
) -> Picture:
    """A Durchgang's result: each player's dice, eyes, points and place (the card says
    the same in words)."""
    rows = tuple(pictures.durchgang_rows(log, end, d.service.directory.display_name))
    title = t("ui.result.title", locale, durchgang=end["durchgang"])
    alt = pictures.alt_v6_durchgang(title, rows, locale)
    return ui.picture(
        "durchgang", locale, pictures.v6_durchgang_png, title, rows, description=alt,
        header=durchgang_header(locale), rest_label=t("v6.picture.rest", locale),
    )  # fmt: skip


def durchgang_header(locale: str) -> tuple[str, ...]:
    """The Durchgang picture's column titles: place, player, rolls, eyes, points."""
    return (
        t("ui.tour.col.place", locale), t("ui.tour.col.player", locale),
        t("v6.ui.col.rolls", locale), t("ui.tour.col.eyes", locale),
        t("ui.tour.col.points", locale),
    )  # fmt: skip


def abend_picture(d: Delivery, log: list[dict[str, Any]], locale: str) -> Picture:
    """The evening's table: each player's points per Durchgang, total, eyes and place."""
    return evening_picture(d.outcome.public, log, locale, d.service.directory.display_name)


def evening_picture(
    view: Mapping[str, Any],
    log: list[dict[str, Any]],
    locale: str,
    name: Names,
    *,
    order: Sequence[str] = (),
) -> Picture:
    """:func:`abend_picture` of a table's ``view`` and ``log``; ``order``: the places as a
    tournament's Stechen settled them (``pictures.abend_rows``)."""
    rows = tuple(pictures.abend_rows(log, view, name, order=order))
    count = max((len(row.points) for row in rows), default=0)
    header = (
        t("ui.tour.col.place", locale), t("ui.tour.col.player", locale),
        *(t("v6.ui.col.durchgang", locale, number=n) for n in range(1, count + 1)),
        t("ui.tour.col.points", locale), t("ui.tour.col.eyes", locale),
    )  # fmt: skip
    title = t("v6.ui.abend_title", locale)
    alt = pictures.alt_v6_abend(title, header, rows)
    return ui.picture("abend", locale, pictures.v6_abend_png, title, header, rows, description=alt)


def joker_id(typed: str) -> str:
    """The joker meant by a typed ``/joker name:``: its id or its shown name in either
    language, in any case ("Fumo", "push your pony"); anything else as typed, for the
    engine to refuse by name."""
    wanted = " ".join(typed.split()).casefold()
    for joker in JOKER_IDS:
        names = {joker, *(t(f"v6.joker.{joker}", locale) for locale in ("de", "en"))}
        if wanted in {n.casefold() for n in names}:
            return joker
    return typed.strip()


def prompt_for(outcome: Outcome, verb: str, actor: str, name: Names = cards.mention) -> Card:
    """The private prompt a table button opens for the player whose turn it is (the
    engine said he may); ``name`` labels players in selects (where Discord shows no
    mentions)."""
    locale = outcome.locale
    legal = typed_view(outcome.private[actor])["legal"]  # the engine's: what he may choose now
    if verb == "begin":
        can_free = bool(legal["free_jokers"])
        return cards.joker_choice_prompt(outcome, legal["jokers"], can_free, locale)
    if verb == "menu":
        return cards.joker_menu_prompt(outcome, locale)
    if verb == "target":
        return cards.target_prompt(outcome, legal["targets"], locale, name)
    victims = legal["victims"]
    return cards.decision_prompt(outcome, victims, locale, name)


def split_turn_events(events: list[Any]) -> tuple[list[Any], list[Any]]:
    """Events that close the old turn's message, and those for the new turn's message
    (a Durchgang's result and Stechen go to the result message instead)."""
    cut = next((i for i, e in enumerate(events) if e["type"] in TURN_OPENERS), len(events))
    return events[:cut], [e for e in events[cut:] if e["type"] not in RESULT_EVENTS]


TURN_OPENING = ("durchgang", "herzog")
"""What a turn's message says before its ``turn`` line (a Durchgang's order)."""


TURN_KEPT = "v6_turn"
"""The table's memo (``Table.extra``) of the live turn's steps: (the version it holds, the
steps), so that a click does not read the log back (a restart, or a gap, reads it)."""


def _from_turn(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The steps of the last turn in ``events``, from the lines that open it (a Durchgang's
    order) on, without the table's own events (a pause is said once, where it happened)."""
    at = next((i for i in range(len(events) - 1, -1, -1) if events[i]["type"] == "turn"), 0)
    while at > 0 and events[at - 1]["type"] in TURN_OPENING:
        at -= 1
    return [e for e in events[at:] if e["type"] not in TABLE_EVENTS]


def _steps_before(d: Delivery) -> list[dict[str, Any]]:
    """The steps of the turn the outcome goes on from: the table's memo when it holds the
    version before, else read back from the log (this outcome's events are its last)."""
    outcome = d.outcome
    kept = _kept_before(d, TURN_KEPT)
    if kept is not None:
        return kept
    opened = sum(e["type"] == "turn" for e in outcome.events)  # new turns in this outcome
    # from the turn before his: the lines that open his turn (a Durchgang's order) too
    log = d.service.records.events_from(
        outcome.game_id, lambda e: e["type"] == "turn", back=opened + 2
    )
    return _from_turn(log[: max(0, len(log) - len(outcome.events))])


def turn_so_far(d: Delivery, shown: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The events of the turn whose message this outcome edits, from its first line on:
    the steps before this outcome, then ``shown``, what the message shows of this outcome.
    So the message keeps every step of the turn, however fast they come. The memo then
    holds the live turn's steps as of this outcome."""
    outcome = d.outcome
    steps = _steps_before(d)
    live = _from_turn([*steps, *outcome.events])
    _keep(d, TURN_KEPT, live)
    return [*steps, *shown]


def plan(d: Delivery, actor: str | None, *, typed: bool = False, answered: bool = False) -> Plan:
    """The turn's message edited in place; at a new turn the old message closed and a new
    one posted; a Durchgang's result as a message of its own with its picture; prompts of
    older versions closed; a pending decision prompted privately to the clicker. A typed
    command (``typed``) is answered with the outcome's lines: privately, or in public once
    the host's command was ``answered``."""
    outcome, interaction = d.outcome, d.interaction
    locale = outcome.locale
    lobby = lobby_plan(d, cards.lobby_card)
    if lobby is not None:
        return lobby
    so_far = _durchgang_so_far(d)
    started = any(e["type"] == "start" for e in outcome.events) or outcome.message_id is None
    new_turn = not started and any(e["type"] == "turn" for e in outcome.events)
    old_events, new_events = split_turn_events(outcome.events)
    end = next((e for e in outcome.events if e["type"] == "durchgang_end"), None)
    evening_end = next((e for e in outcome.events if e["type"] == "abend_end"), None)
    # The evening's end comes after its last Durchgang's result: the turn's message closes
    # like any Durchgang's last, the result follows, then the evening's table as the
    # table's new message (the channel reads in the order things happened).
    ends_evening = outcome.finished and end is not None and evening_end is not None
    if started:
        closing = outcome
    else:  # the turn's message with all its steps
        closing = replace(
            outcome,
            events=turn_so_far(d, old_events if new_turn or ends_evening else outcome.events),
        )
    table = cards.table_card(closing, locale, live=not new_turn and not outcome.finished)
    if end is not None and (not outcome.finished or ends_evening):
        table = cards.closed_durchgang_card(closing, end, locale)
    steps: list[Step] = []
    if typed:
        said = locale if answered else d.private_locale  # public lines, or the typist's
        lines = [describe(e, said, cards.mention) for e in outcome.events]
        steps.append(Reply(text="\n".join(lines)[:2000] or "✓", public=answered))
    ends = [i for i, e in enumerate(outcome.events) if e["type"] == "durchgang_end"]
    logged = _logged(d, outcome.events[ends[0]], so_far) if ends else []
    if outcome.finished and not ends_evening:  # the evening's table on the table's last state
        table.pictures = (abend_picture(d, logged, locale),)
    steps.append(Table(table, what="closing" if ends_evening else "table"))
    for n, at in enumerate(ends):  # the clock may have played several for absent players
        its = replace(outcome, events=outcome.events[(ends[n - 1] + 1 if n else 0) : at + 1])
        card = cards.result_card(its, outcome.events[at], locale, standing=n == len(ends) - 1)
        card.pictures = (durchgang_picture(d, logged, outcome.events[at], locale),)
        steps.append(Post("result", card, cause=outcome.events[at]))
    if ends_evening and evening_end is not None:
        final = cards.table_card(replace(outcome, events=[evening_end]), locale)
        final.pictures = (abend_picture(d, logged, locale),)
        steps.append(NewTable(final, cause=evening_end))
    fresh_turn = new_turn and not outcome.finished
    if fresh_turn:
        opened = [e for e in outcome.events if e["type"] in TURN_OPENERS][-1]
        fresh = cards.table_card(replace(outcome, events=new_events), locale)
        steps.append(NewTable(fresh, cause=opened))
    steps.append(PromptsMovedOn(over=outcome.finished))
    if (
        interaction is not None
        and actor is not None
        and not fresh_turn
        and actor in outcome.to_act
        and (turn := typed_view(outcome.public)["turn"]) is not None
        and turn["phase"] in (*DECISIONS, "steal")
    ):
        mine = replace(outcome, locale=d.private_locale)
        prompt = prompt_for(mine, "decide", actor, d.service.directory.display_name)
        steps.append(OpenPrompt(actor, prompt, mine.locale))
    return steps


show = shown_by(plan)


def typed_show(*, answered: bool = False) -> Show:
    """How a typed command's outcome (``/weiter``, a host acting for a player) is shown:
    its lines answer the command (privately, or in public once ``answered``)."""
    return shown_by(partial(plan, typed=True, answered=answered))


LOG_MAX = 4000  # of an embed's 4,096 characters


def latest_lines(lines: list[str], limit: int, earlier: str) -> str:
    """The newest of ``lines`` that fit ``limit`` characters, oldest first; ``earlier``
    first when some had to be left out."""
    kept: list[str] = []
    size = len(earlier) + 1
    for line in reversed(lines):
        size += len(line) + 1
        if size > limit:
            return "\n".join([earlier, *reversed(kept)])
        kept.append(line)
    return "\n".join(reversed(kept))
