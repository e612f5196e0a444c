"""The Discord messages of an Auf Teufel komm raus table, as :class:`Card` data."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bot.engine import JSON
from bot.games.teufel.render.emojis import DEVIL_SIGN, tile
from bot.games.teufel.state import BONUS, DEVIL, MARKS
from bot.games.teufel.track import marks_at
from bot.games.teufel.view import TeufelSeat, typed_view
from bot.i18n import listed, number, signed, t
from bot.render.cards import Button, Card, Form, Row, custom_id
from bot.render.lobby_card import ended, mention, seed_line, table_lobby_card
from bot.render.table_events import TABLE_EVENTS, describe_table_event, standings

BUTTON, FORM, SELECT = "tfb", "tfm", "tfs"  # the select: the lobby's computer players
Names = Callable[[str], str]


def lobby_card(outcome: Any, locale: str, name: Names = mention) -> Card:
    return table_lobby_card(outcome, locale, BUTTON, name)


def spot_text(spot: int, locale: str) -> str:
    """Where a pawn stands (a position from the engine), in words: "auf 300" or
    "zwischen 300 und 500"."""
    marks = marks_at(spot)
    if len(marks) == 1:
        return t("teufel.ui.on", locale, mark=marks[0])
    low = str(MARKS[0]) if spot == 1 else marks[0]  # past 0–50: "between 50 and 200"
    return t("teufel.ui.between", locale, low=low, high=marks[1])


RESULT_EVENTS = ("settle", "track", "refill", "game_end")
"""What ends a round: shown in its result message, not in a table message."""


def describe(event: Mapping[str, Any], locale: str, name: Names = mention) -> str:
    """One event as a line; amounts and tiles are public, balances never appear here."""
    if event["type"] in TABLE_EVENTS:
        return describe_table_event(event, locale, name)
    params = {k: v for k, v in event.items() if k != "type"}
    if isinstance(params.get("pieces"), int):  # a settle event's are per player
        params["pieces"] = t("n.pieces", locale, count=params["pieces"])
    if "tiles" in params:
        params["tiles"] = t("n.tiles", locale, count=params["tiles"])
    for key in ("player", "starter", "to"):
        if key in params:
            params[key] = name(str(params[key]))
    if isinstance(params.get("tile"), int):  # a coal tile drawn: its emoji or its value
        params["tile"] = tile(params["tile"])
    if "by" in params:
        params["by"] = (
            t("teufel.bank", locale) if params["by"] == "bank" else name(str(params["by"]))
        )
    if event["type"] == "bets":
        params["bets"] = ", ".join(
            f"{name(p)} {number(b, locale)}" for p, b in event["bets"].items()
        )
    if event["type"] == "oven_empty":
        params["skipped"] = ", ".join(name(p) for p in event["skipped"]) or "–"
        params["count"] = len(event["skipped"])
    if event["type"] == "settle":
        params["changes"] = "\n".join(_settled(event, locale, name))
    if event["type"] == "track":
        if not event["pacts"]:
            return t("teufel.event.track_none", locale)
        params["pacts"] = ", ".join(name(p) for p in event["pacts"])
    if event["type"] == "game_end":
        params["winners"] = listed((name(p) for p in event["winners"]), locale)
        params["balances"] = standings(event["balances"], locale, name)
    text = t(f"teufel.event.{event['type']}", locale, **params)
    if event["type"] == "devil":  # the devil's line starts with him: his tile's emoji
        text = text.replace(DEVIL_SIGN, tile(DEVIL), 1)
    return text


def _settled(event: Mapping[str, Any], locale: str, name: Names) -> list[str]:
    """Each player once, in the order of settling: what the round brought him in all, and
    why: his bet won (the highest bet doubled), lost or none, and each bonus by its kind."""
    lines = []
    for player, change in event["changes"].items():
        bet = event["bets"][player]
        amount = signed(change, locale)
        if bet == 0:
            parts = [t("teufel.ui.settle.no_bet", locale)]
        elif change < 0:
            parts = [t("teufel.ui.settle.lost", locale, bet=bet, highest=event["highest"],
                       amount=amount)]  # fmt: skip
        elif change > bet:
            parts = [t("teufel.ui.settle.double", locale, bet=bet, amount=amount)]
        else:
            parts = [t("teufel.ui.settle.won", locale, bet=bet, amount=amount)]
        kinds = event["bonuses"].get(player, [])
        bonus = signed(BONUS, locale)
        parts += [t(f"teufel.ui.settle.{kind}", locale, amount=bonus) for kind in kinds]
        total = signed(change + BONUS * len(kinds), locale)
        lines.append(
            t("teufel.ui.settle.player", locale, player=name(player), total=total,
              parts=", ".join(parts))
        )  # fmt: skip
    return lines


def _seat_line(
    seat: TeufelSeat, locale: str, seal: Callable[[str], str] | None, *, over: bool
) -> str:
    """A seat: where its pawn stands, its bet (none is awaited at an ended table), its
    coal or devil, its pact."""
    position = spot_text(seat["position"], locale)
    bet: str | None
    if seat["bet"] is not None:
        bet = t("teufel.ui.bet_shown", locale, bet=seat["bet"])
    elif seat["has_bet"]:
        bet = (
            t("teufel.ui.bet_sealed", locale)
            if seal is None
            else t("teufel.ui.bet_hidden", locale, seal=seal(seat["player"]))
        )
    else:
        bet = None if over else t("teufel.ui.bet_missing", locale)
    parts = [position[:1].upper() + position[1:] if bet is None else
             t("teufel.ui.seat", locale, position=position, bet=bet)]  # fmt: skip
    if seat["devil"]:
        parts.append(t("teufel.ui.devil", locale))
    elif seat["pieces"]:
        pieces = t("n.pieces", locale, count=seat["pieces"])
        parts.append(t("teufel.ui.coal", locale, coal=seat["coal"], pieces=pieces))
    if seat["pact"]:
        parts.append(t("teufel.ui.pact", locale, balance=seat["balance"]))
    return " · ".join(parts)


def table_card(
    outcome: Any, locale: str, seal: Callable[[str], str], name: Names = mention
) -> Card:
    """The round's message: positions, sealed or revealed bets, coal; only public numbers."""
    view = typed_view(outcome.public)
    lines = [describe(e, locale, name) for e in outcome.events if e["type"] not in RESULT_EVENTS]
    phase = "over" if ended(outcome) else view["phase"]  # an ended table waits for nobody
    if phase == "bet":
        lines.append(t("teufel.ui.bet_wait", locale))
    elif phase == "pull" and view["turn"] is not None:  # one pulls while the phase lasts
        lines.append(t("teufel.ui.pull_wait", locale, player=name(view["turn"])))
    ended_early = next((e for e in outcome.events if e["type"] == "end"), None)
    if ended_early is not None and ended_early.get("result"):
        lines.append(_standing(ended_early["result"], locale, name))
    won = next((e for e in outcome.events if e["type"] == "game_end"), None)
    if won is not None:  # the last round's table says that the game is over, and who won
        winners = listed((name(p) for p in won["winners"]), locale)
        balances = standings(won["balances"], locale, name)
        lines.append(t("teufel.ui.game_over", locale, winners=winners, balances=balances))
    shown = view_card(outcome.public, locale, name, seal=seal, over=phase == "over")
    return Card(
        title=shown.title,
        description="\n".join(lines),
        newest_last=True,
        fields=shown.fields,
        footer=shown.footer + " · " + seed_line(outcome, locale),
        rows=_buttons(outcome, locale),
    )


def view_card(
    public: Mapping[str, Any],
    locale: str,
    name: Names = mention,
    *,
    seal: Callable[[str], str] | None = None,
    over: bool = False,
) -> Card:
    """The round's message without its log: each seat's position, its bet (sealed: with
    its ``seal``, else only that it is set), coal and pact, and the oven's tiles. ``over``:
    the table has ended, whatever its view's phase (no bet is awaited)."""
    view = typed_view(public)
    over = over or view["phase"] == "over"
    fields = [(name(s["player"]), _seat_line(s, locale, seal, over=over)) for s in view["seats"]]
    return Card(
        title=t("teufel.ui.title", locale, round=view["round"]),
        fields=fields,
        footer=t("teufel.ui.oven", locale, oven=t("n.tiles", locale, count=view["oven"])),
    )


def _standing(balances: Mapping[str, int], locale: str, name: Names) -> str:
    """The balances when a host ended the table (the log keeps them), and who is ahead."""
    best = max(balances.values())
    return t(
        "teufel.ui.ended_standing",
        locale,
        balances=standings(balances, locale, name),
        leaders=listed((name(p) for p, b in balances.items() if b == best), locale),
    )


def closed_round_card(outcome: Any, locale: str, name: Names = mention) -> Card:
    """A settled round's message, closed while the next round begins: its own round number,
    the lines of the action that ended it, that it is over, and every seat's bet and coal
    as the round ended — all from the settle event, nothing from the view, which already
    shows the next round (its seats set anew)."""
    cut = next(i for i, e in enumerate(outcome.events) if e["type"] == "settle")
    settle = outcome.events[cut]
    lines = [describe(e, locale, name) for e in outcome.events[:cut]]
    lines.append(t("teufel.ui.round_over", locale, round=settle["round"]))
    fields = []
    for player in (s["player"] for s in typed_view(outcome.public)["seats"]):
        parts = [t("teufel.ui.bet_shown", locale, bet=settle["bets"][player])]
        if player in settle["devils"]:
            parts.append(t("teufel.ui.devil", locale))
        elif count := settle["pieces"][player]:
            pieces = t("n.pieces", locale, count=count)
            parts.append(t("teufel.ui.coal", locale, coal=settle["coal"][player], pieces=pieces))
        fields.append((name(player), " · ".join(parts)))
    return Card(
        title=t("teufel.ui.title", locale, round=settle["round"]),
        description="\n".join(lines),
        newest_last=True,
        fields=fields,
        footer=seed_line(outcome, locale),
    )


def _buttons(outcome: Any, locale: str) -> list[Row]:
    phase = "over" if ended(outcome) else typed_view(outcome.public)["phase"]

    def button(verb: str, style: str = "secondary") -> Button:
        cid = custom_id(BUTTON, outcome.game_id, outcome.version, verb)
        return Button(cid, t(f"ui.button.{verb}", locale), style)

    if phase == "bet":
        return [(button("bet", "primary"), button("account"))]
    if phase == "pull":
        return [(button("draw", "primary"), button("stopp", "danger"), button("account"))]
    return []


def bet_form(outcome: Any, balance: int, locale: str) -> Form:
    """The sealed bet: only the bettor sees the number he types."""
    return Form(
        custom_id(FORM, outcome.game_id, outcome.version, "bet"),
        t("teufel.ui.bet_title", locale),
        t("teufel.ui.bet_label", locale, balance=balance),
        max_length=5,
        field_id="amount",
    )


def bet_done_text(outcome: Any, bet: int, locale: str) -> str:
    """The bettor's private answer: his bet, and whether it was the last one (then the bets
    are revealed now) or the others are still betting."""
    if any(e["type"] == "bets" for e in outcome.events):
        return t("teufel.ui.bet_done_all", locale, bet=bet)
    return t("teufel.ui.bet_done", locale, bet=bet)


def result_card(outcome: Any, locale: str, name: Names = mention) -> Card:
    """Settling, pacts and a refilled oven of a round, as one message (the positions are
    its picture); the game's end instead of pacts and oven, which no round will use."""
    over = any(e["type"] == "game_end" for e in outcome.events)
    shown = ("settle", "game_end") if over else RESULT_EVENTS
    lines = [describe(e, locale, name) for e in outcome.events if e["type"] in shown]
    return Card(description="\n".join(lines))


def own_seat(view: Mapping[str, JSON], player: str) -> TeufelSeat:
    """``player``'s seat in a view (his own view: with his balance and bet)."""
    return next(s for s in typed_view(view)["seats"] if s["player"] == player)


def own_balance(view: Mapping[str, JSON], player: str) -> int:
    """``player``'s balance in his own view, which always shows it."""
    balance = own_seat(view, player)["balance"]
    assert balance is not None
    return balance


def account_text(view: Mapping[str, JSON], player: str, locale: str) -> str:
    """A player's private balance (from his own view only)."""
    seat = own_seat(view, player)
    if seat["bet"] is None:
        return t("teufel.ui.account", locale, balance=seat["balance"])
    return t("teufel.ui.account_bet", locale, balance=seat["balance"], bet=seat["bet"])
