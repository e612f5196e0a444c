"""The Discord messages of a Flaschenteufel table, as :class:`Card` data. Public cards only:
hands, passes and the devil's trick appear in private prompts or after scoring."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bot.engine import JSON
from bot.games.flaschenteufel.cards import COLOUR, POINTS
from bot.games.flaschenteufel.render.emojis import card as card_emoji
from bot.games.flaschenteufel.view import FSeat, typed_view
from bot.i18n import listed, number, t
from bot.render.cards import Button, Card, Choice, Row, Select, custom_id
from bot.render.lobby_card import ended, mention, seed_line, table_lobby_card
from bot.render.table_events import TABLE_EVENTS, describe_table_event, standings

BUTTON, SELECT = "ftb", "fts"
Names = Callable[[str], str]


def lobby_card(outcome: Any, locale: str, name: Names = mention) -> Card:
    """The lobby names the chosen variant (its seats are in the lobby's bounds)."""
    options = outcome.public.get("options") or {}
    variant = options.get("variant")
    notes = []
    if variant in ("standard", "lopaka", "glitterhuis"):
        notes.append(t("ft.ui.lobby_variant", locale, variant=t(f"ft.variant.{variant}", locale)))
    return table_lobby_card(outcome, locale, BUTTON, name, notes)


def card_label(card: int, locale: str) -> str:
    """A card as players read it everywhere: its number, colour and coins (its points);
    as a select's option and placeholder, where emojis cannot show."""
    colour = t(f"game.colour.{COLOUR[card]}", locale)
    return t("ft.ui.card", locale, number=card, colour=colour, coins="●" * POINTS[card])


def card_text(card: int, locale: str) -> str:
    """A card in a message's text: as :func:`card_label`, its emoji (a card of its colour
    with its number) for the number where the app has them."""
    colour = t(f"game.colour.{COLOUR[card]}", locale)
    face = card_emoji(card, COLOUR[card])
    return t("ft.ui.card", locale, number=face, colour=colour, coins="●" * POINTS[card])


def _cards(cards: Sequence[int], locale: str) -> str:
    """Cards as the players read them in a text: each with its colour."""
    return ", ".join(card_text(c, locale) for c in cards) or "–"


def describe(event: Mapping[str, Any], locale: str, name: Names = mention) -> str:
    """A public line of a public event: the game's redaction took the secret cards out of a
    deal, a discard, a pass and the received cards (their texts say what happened, not
    which cards; a list of cards is shown only where a text asks for it)."""
    kind = str(event["type"])
    if kind in TABLE_EVENTS:
        return describe_table_event(event, locale, name)
    params: dict[str, Any] = {}
    for key in ("player", "leader", "winner", "owner"):
        if key in event:
            params[key] = (
                name(str(event[key])) if event[key] is not None else t("ft.ui.nobody", locale)
            )
    for key in ("hand", "set", "price", "phase"):
        if key in event:
            params[key] = event[key]
    if isinstance(event.get("card"), int):
        params["card"] = card_text(int(event["card"]), locale)
    for key in ("cards", "devil"):
        if isinstance(event.get(key), list):  # the received cards are by player: no list
            params[key] = _cards(event[key], locale)
    if "scores" in event:  # this hand's, by seat
        scores = event["scores"].items()
        params["scores"] = ", ".join(f"{name(p)} {number(v, locale)}" for p, v in scores)
    if "totals" in event:  # the standings: highest first
        params["totals"] = standings(event["totals"], locale, name)
    if kind == "game_end":
        params["winners"] = listed((name(p) for p in event["winners"]), locale)
        params["count"] = len(event["winners"])
    if kind == "trick" and event.get("bottle"):
        kind = "trick_bottle"
    if kind == "phase":  # what comes now, in words (the phase itself is a name in the code)
        kind = f"phase.{event['phase']}"
    return t(f"ft.event.{kind}", locale, **params)


def table_card(outcome: Any, locale: str, name: Names = mention) -> Card:
    view = typed_view(outcome.public)
    lines = [describe(e, locale, name) for e in outcome.events]
    if view["to_act"] and not ended(outcome):  # the phase, and whom it waits for
        waiting = listed(map(name, view["to_act"]), locale)
        count = len(view["to_act"])
        phase = view["phase"]
        if phase == "discard" and view["variant"] == "glitterhuis":  # both, set by set
            phase = "discard_pass"
        lines.append(
            t(f"ft.ui.phase.{phase}", locale, players=waiting, count=count, set=view["stage"])
        )
    shown = view_card(outcome.public, locale, name)
    return Card(
        title=shown.title,
        description="\n".join(lines),
        newest_last=True,
        fields=shown.fields,
        rows=_buttons(outcome, locale),
        footer=seed_line(outcome, locale),
    )


def view_card(public: Mapping[str, Any], locale: str, name: Names = mention) -> Card:
    """The hand's message without its log: the bottle and the trick as it lies, each
    seat's tricks and points and the cards it shows (a dummy's, an open set); no hand."""
    view = typed_view(public)
    owner = name(view["owner"]) if view["owner"] else t("ft.ui.nobody", locale)
    fields = [
        (
            t("ft.ui.bottle", locale, price=view["price"], owner=owner),
            t("ft.ui.trick", locale, cards=_cards([x["card"] for x in view["trick"]], locale))
            if view["trick"]
            else t("ft.ui.trick_empty", locale),
        )
    ]
    for seat in view["seats"]:
        text = t(
            "ft.ui.seat",
            locale,
            tricks=t("n.tricks", locale, count=seat["tricks"]),
            total=t("n.points", locale, count=seat["total"]),
        )
        shown = seat["cards"] if seat["dummy"] else seat["open_set"]
        if shown:
            text += "\n" + t("ft.ui.open", locale, cards=_cards(shown, locale))
        fields.append((name(seat["player"]), text))
    return Card(title=t("ft.ui.title", locale, hand=view["hand"]), fields=fields)


def hand_cut(events: list[Any]) -> int:
    """Where a new hand begins in an action's events; the events before end the old hand."""
    return next((i for i, e in enumerate(events) if e["type"] == "hand"), len(events))


def closed_hand_card(outcome: Any, locale: str, name: Names = mention) -> Card:
    """A hand's message, closed while the next hand is dealt: its own hand number (from
    its end), the lines of the action that ended it (the last trick, the scores). Nothing
    of the view, which already shows the next hand (no tricks yet, the bottle at 19)."""
    cut = hand_cut(outcome.events)
    end = next(e for e in outcome.events[:cut] if e["type"] == "hand_end")
    lines = [describe(e, locale, name) for e in outcome.events[:cut]]
    return Card(
        title=t("ft.ui.title", locale, hand=end["hand"]),
        description="\n".join(lines),
        newest_last=True,
        footer=seed_line(outcome, locale),
    )


def _buttons(outcome: Any, locale: str) -> list[Row]:
    if typed_view(outcome.public)["phase"] == "over" or ended(outcome):
        return []

    def button(verb: str, style: str = "secondary") -> Button:
        return Button(
            custom_id(BUTTON, outcome.game_id, outcome.version, verb),
            t(f"ui.button.{verb}", locale),
            style,
        )

    return [(button("act", "primary"), button("mycards"))]


def own_seat(view: Mapping[str, JSON], player: str) -> FSeat:
    """``player``'s seat in a view (his own view: with his cards)."""
    return next(s for s in typed_view(view)["seats"] if s["player"] == player)


def my_cards_text(view: Mapping[str, JSON], player: str, locale: str) -> str:
    seat = own_seat(view, player)
    if seat["sets"]:
        return t(
            "ft.ui.sets",
            locale,
            set1=_cards(seat["sets"][0], locale),
            set2=_cards(seat["sets"][1], locale),
        )
    text = t("ft.ui.hand", locale, cards=_cards(seat["cards"] or [], locale))
    if seat["open_set"]:
        text += "\n" + t("ft.ui.open_own", locale, cards=_cards(seat["open_set"], locale))
    return text


def hand_text(outcome: Any, player: str, locale: str, name: Names = mention) -> str:
    """A player's cards by DM; after passing, also which card came from whom (from his
    own events: the public ones carry nobody's received cards)."""
    text = my_cards_text(outcome.private[player], player, locale)
    for event in outcome.private_events.get(player, []):
        got = event.get("cards") if event["type"] == "received" else None
        if isinstance(got, dict) and got.get(player):
            parts = [
                t("ft.ui.got_from", locale, card=card_text(int(c), locale), player=name(str(g)))
                for g, c in got[player]
            ]
            text += "\n" + t("ft.ui.received", locale, cards=", ".join(parts))
    return text


def _select(
    outcome: Any,
    verb: str,
    cards: Sequence[int],
    locale: str,
    *,
    arg: str = "",
    to: str = "",
) -> Select:
    """A choice of cards; ``to``: whom a passed card goes to (a plain name: placeholders
    show no mentions)."""
    options = tuple(Choice(str(c), card_label(c, locale)) for c in sorted(cards))
    left = card_label(int(arg), locale) if arg else ""
    placeholder = t(f"ft.ui.prompt.{verb}", locale, left=left, to=to)[:150]
    return Select(
        custom_id(SELECT, outcome.game_id, outcome.version, verb, arg), placeholder, options
    )


def prompt(
    outcome: Any, player: str, locale: str, *, left: int | None = None, plain: Names = str
) -> Card:
    """What the player must decide now, with only his own (and only legal) cards.
    ``plain``: a player's name without a mention, for whom a passed card goes to."""
    view = typed_view(outcome.private[player])
    legal, variant = view["legal"], view["variant"]  # the engine's: what he may do now
    rows: list[Row] = []
    text = my_cards_text(outcome.private[player], player, locale)
    if legal["play"]:
        rows.append(_select(outcome, "play", legal["play"], locale))
    if legal["open"]:
        rows.append(
            tuple(
                Button(
                    custom_id(BUTTON, outcome.game_id, outcome.version, "open", str(n)),
                    t(f"ui.button.open{n}", locale),
                )
                for n in legal["open"]
            )
        )
    if legal["discard"]:
        rows.append(_select(outcome, "discard", legal["discard"], locale))
    if legal["pass"]:
        targets = [plain(p) for p in view["pass_to"]]
        if variant == "standard":
            verb = "passl" if left is None else "passr"
            rest = [c for c in legal["pass"] if c != left]
            to = targets[0 if left is None else 1] if len(targets) == 2 else ""
            arg = "" if left is None else str(left)
            rows.append(_select(outcome, verb, rest, locale, arg=arg, to=to))
        else:
            to = targets[0] if targets else ""
            rows.append(_select(outcome, "pass", legal["pass"], locale, to=to))
    return Card(description=text, rows=rows[:5])
