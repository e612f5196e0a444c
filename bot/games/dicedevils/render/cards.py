"""The Discord messages of a Dice Devils table, as :class:`Card` data. Dice appear only
once a fight (or the Satansbraten rule) reveals them; cups are private."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from bot.engine import JSON
from bot.games.dicedevils.render.emojis import item as item_emoji
from bot.games.dicedevils.state import RANKS, VALUE
from bot.games.dicedevils.view import typed_view
from bot.i18n import listed, t
from bot.render import dice_emojis
from bot.render.cards import Button, Card, Choice, Row, Select, custom_id
from bot.render.lobby_card import ended, mention, seed_line, table_lobby_card
from bot.render.table_events import TABLE_EVENTS, describe_table_event, standings

BUTTON, SELECT = "ddb", "dds"
Names = Callable[[str], str]


def lobby_card(outcome: Any, locale: str, name: Names = mention) -> Card:
    return table_lobby_card(outcome, locale, BUTTON, name)


def slot_number(slot: int) -> int:
    """A display slot as players count it, from 1 — the one place for this; custom ids,
    actions and the log keep the engine's slots, counted from 0."""
    return slot + 1


def item_name(item: str, locale: str) -> str:
    """An item as the table's language names it (the engine's items are German ids): for
    labels, options and pictures, where emojis cannot show."""
    return t(f"dd.item.{item}", locale)


def item_text(item: str, locale: str) -> str:
    """An item in a message's text: its name, after its emoji where the app has them."""
    return item_emoji(item, item_name(item, locale))


def describe(event: Mapping[str, Any], locale: str, name: Names = mention) -> str:
    kind = str(event["type"])
    if kind in TABLE_EVENTS:
        return describe_table_event(event, locale, name)
    params: dict[str, Any] = {k: v for k, v in event.items() if k != "type"}
    for key in ("player", "from", "with", "winner"):
        if key in params:
            params[key] = name(str(params[key]))
    for key in ("item", "give", "take"):
        if key in params:
            params[key] = item_text(str(params[key]), locale)
    if "display" in params:
        params["display"] = ", ".join(item_text(i, locale) for i in params["display"]) or "–"
    if "fighters" in params:
        params["fighters"] = ", ".join(name(p) for p in params["fighters"])
    if kind in ("dice", "reroll"):
        params["dice"] = t("ui.list.separator", locale).join(
            score_text(name(p), d, event["scores"][p], locale, faces=True)
            for p, d in event["dice"].items()
        )
    if kind == "spiel":
        if "player" in event:  # says who decided and what it caused
            key = "dd.event.spiel.yes" if event["force"] else "dd.event.spiel.no"
            return t(key, locale, player=params["player"])
        params["force"] = t("dd.ui.yes" if event["force"] else "dd.ui.no", locale)
    if kind == "reroll" and event.get("cause") == "spiel":
        return t("dd.event.reroll.spiel", locale, dice=params["dice"])
    if kind == "reroll" and event.get("cause") == "tie":
        return t("dd.event.reroll.tie", locale, dice=params["dice"])
    if kind == "ranks":
        params["ranks"] = ", ".join(f"{name(p)} {r}" for p, r in event["ranks"].items())
    if kind == "game_end":
        params["points"] = standings(event["points"], locale, name)
    return t(f"dd.event.{kind}", locale, **params)


def score_text(
    player: str, dice: list[int], score: int, locale: str, *, faces: bool = False
) -> str:
    """A demon's revealed dice and what they score, so that the sum adds up: two dice count
    as they are; of the Oberteufel's three the two highest; the Satansbraten adds the
    Oberteufel's lowest die (what his score has beyond his own dice). ``faces``: the dice
    as the app's emojis where it has them (a message's text; not a picture or its alt
    text); what they add up to stays in digits."""
    shown = dice_emojis.dice(dice, "-") if faces else "-".join(map(str, dice))
    if len(dice) == 3:
        counted = "+".join(map(str, sorted(dice, reverse=True)[:2]))
        return t("dd.ui.score.highest", locale, player=player, dice=shown, counted=counted,
                 score=score)  # fmt: skip
    if score > sum(dice):
        return t("dd.ui.score.ober_low", locale, player=player, dice=shown,
                 low=score - sum(dice), score=score)  # fmt: skip
    return t("dd.ui.score.sum", locale, player=player, dice=shown, score=score)


def table_card(outcome: Any, locale: str, name: Names = mention) -> Card:
    view = typed_view(outcome.public)
    lines = [describe(e, locale, name) for e in outcome.events if e["type"] != "reveal"]
    if view["to_act"] and not ended(outcome):  # an ended table waits for nobody
        lines.append(t("dd.ui.wait", locale, players=listed(map(name, view["to_act"]), locale)))
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
    """The round's message without its log: the display (whose cups stand where) and each
    demon's rank, items and points; no die under a cup."""
    view = typed_view(public)
    fields = [(t("dd.ui.display", locale), display_text(public, locale, name))]
    for demon in view["demons"]:
        text = t(
            "dd.ui.demon",
            locale,
            rank=demon["rank"],
            items=t("n.items", locale, count=len(demon["items"])),
            points=t("n.points", locale, count=demon["points"]),
        )
        fields.append((name(demon["player"]), text))
    return Card(title=t("dd.ui.title", locale, round=view["round"]), fields=fields)


def display_text(shown: Mapping[str, JSON], locale: str, name: Names = mention) -> str:
    """The display, one slot a line: its item and what it is worth, whose cups stand on
    it (placements are public), or that its item went out this round."""
    view = typed_view(shown)
    taken = set(view.get("taken") or ())
    lines = []
    for slot, item in enumerate(view["display"]):
        params = {
            "slot": slot_number(slot),
            "item": item_text(item, locale),
            "points": t("n.points", locale, count=VALUE.get(item, 0)),
        }
        cups = [name(d["player"]) for d in cups_on(view, slot)]
        if slot in taken:
            lines.append(t("dd.ui.slot_taken", locale, **params))
        elif cups:
            lines.append(t("dd.ui.slot_cups", locale, players=listed(cups, locale), **params))
        else:
            lines.append(t("dd.ui.slot", locale, **params))
    return "\n".join(lines) or "–"


def cups_on(view: Mapping[str, Any], slot: int) -> list[Mapping[str, Any]]:
    """The demons whose cups stand on ``slot``, highest rank first: the one order of the
    display's text and its picture."""
    on = [d for d in view["demons"] if d.get("slot") == slot]
    return sorted(on, key=lambda d: RANKS.index(d["rank"]))


def round_cut(events: list[Any]) -> int:
    """Where a new round begins in an action's events (its first revealed item, or the
    round itself when the display needed none); the events before end the old round."""
    return next((i for i, e in enumerate(events) if e["type"] in ("reveal", "round")), len(events))


WON = ("take", "steal", "swap_item", "swap_rank")
"""What a round's fights gave: recapped when the round's message closes."""


def recap(events: Sequence[Mapping[str, Any]], locale: str, name: Names = mention) -> list[str]:
    """Who got what in a round (``events``: all it showed), under its heading; nothing if
    nobody got anything."""
    won = [describe(e, locale, name) for e in events if e["type"] in WON]
    return [t("dd.ui.recap", locale), *won] if won else []


def closed_round_card(
    outcome: Any, locale: str, name: Names = mention, earlier: Sequence[Mapping[str, Any]] = ()
) -> Card:
    """A round's message, closed while the next round begins: its own round number, the
    lines of the action that ended it, that it is over, and who got what in it (with the
    round's ``earlier`` events; the action's own wins are told there, not twice). Nothing
    of the view, which already shows the next round (its display, its ranks)."""
    cut = round_cut(outcome.events)
    ended_round = next(e["round"] for e in outcome.events[cut:] if e["type"] == "round") - 1
    lines = [describe(e, locale, name) for e in outcome.events[:cut] if e["type"] not in WON]
    lines.append(t("dd.ui.round_over", locale, round=ended_round))
    lines += recap([*earlier, *outcome.events[:cut]], locale, name)
    return Card(
        title=t("dd.ui.title", locale, round=ended_round),
        description="\n".join(lines),
        newest_last=True,
        footer=seed_line(outcome, locale),
    )


def last_round_card(
    outcome: Any, locale: str, name: Names = mention, earlier: Sequence[Mapping[str, Any]] = ()
) -> Card:
    """The last round's message as the game ends: the table as it stands (the items that
    remain, without the round's cups: they stood on slots whose items went out, and the
    slots' numbers have moved since), the ending action's lines, who got what in the round
    (its wins told once, there), then the end."""
    told = [e for e in outcome.events if e["type"] not in (*WON, "game_end")]
    view = outcome.public
    cleared = [{**demon, "slot": None} for demon in view["demons"]]
    over = replace(outcome, events=told, public={**view, "demons": cleared, "taken": []})
    card = table_card(over, locale, name)
    card.rows = []
    ends = [describe(e, locale, name) for e in outcome.events if e["type"] == "game_end"]
    lines = [card.description, *recap([*earlier, *outcome.events], locale, name), *ends]
    card.description = "\n".join(line for line in lines if line)
    return card


def _button(outcome: Any, verb: str, label: str, style: str = "secondary", arg: str = "") -> Button:
    return Button(custom_id(BUTTON, outcome.game_id, outcome.version, verb, arg), label[:80], style)


def _buttons(outcome: Any, locale: str) -> list[Row]:
    view = typed_view(outcome.public)
    if view["phase"] == "over" or ended(outcome):
        return []
    cup = _button(outcome, "cup", t("ui.button.cup", locale))
    if view["phase"] == "place":
        slots = tuple(
            _button(
                outcome, "place", f"{slot_number(i)}: {item_name(item, locale)}", "primary", str(i)
            )
            for i, item in enumerate(view["display"])
        )
        return [slots[:5], (cup,)]
    return [(_button(outcome, "decide", t("ui.button.decide", locale), "primary"), cup)]


def cup_text(view: Mapping[str, JSON], player: str, locale: str) -> str:
    demon = next(d for d in typed_view(view)["demons"] if d["player"] == player)
    return t("dd.ui.cup", locale, rank=demon["rank"], dice=dice_emojis.dice(demon["dice"] or []))


SELECT_OPTIONS = 25  # Discord's limit per select
SELECT_ROWS = 4  # of a message's 5 rows: the last one keeps the buttons


def decision_card(outcome: Any, actions: list[Any], locale: str, name: Names = mention) -> Card:
    """The deciding demon's options, saying what is decided: whether the Spielteufel makes
    his opponents re-roll (buttons), which item to steal from whom, which items to swap,
    with whom to swap ranks (a select), or to let it go ("Verzichten").

    Every option is offered: more than a select holds go into several selects, and when a
    Putzteufel's swaps are too many even so (every item of his against every item of every
    loser), he first chooses what to take (``swap_take``), then what to give
    (:func:`give_card`). Swapping an item for one of its kind changes nothing and is not
    offered; when the losers hold only his kind (the rules still ask him), the prompt says
    so, above „Verzichten“ alone."""
    ranks = {d["player"]: d["rank"] for d in typed_view(outcome.public)["demons"]}
    choices = []
    buttons = []
    for action in actions:
        args = action.args
        if action.do == "reroll":
            label = t("dd.ui.yes" if args["force"] else "dd.ui.no", locale)
            buttons.append(_button(outcome, "yes" if args["force"] else "no", label, "primary"))
        elif args.get("skip"):
            buttons.append(_button(outcome, "skip", t("ui.button.skip", locale)))
        elif action.do != "swap_item" or args["give"] != args["take"]:
            choices.append(_choice(action, ranks, locale, name))
    asked = verb = actions[-1].do if actions else ""
    if verb == "swap_item" and len(choices) > SELECT_OPTIONS:
        verb, choices = "swap_take", _takes(actions, locale, name)
    rows: list[Row] = []
    if choices:
        rows += _selects(outcome, verb, t(f"dd.ui.pick.{verb}", locale), choices)
    if buttons:
        rows.append(tuple(buttons[:5]))
    if not actions:
        return Card(description=t("ui.prompt.nothing", locale))
    deciding = outcome.to_act[0] if outcome.to_act else ""
    if asked == "swap_item" and not choices:  # only his own kind to swap for: it says so
        asked = "swap_item_same"
    return Card(
        description=t(f"dd.ui.ask.{asked}", locale, rank=ranks.get(deciding, "–")), rows=rows
    )


def give_card(
    outcome: Any, actions: list[Any], taken: str, locale: str, name: Names = mention
) -> Card:
    """The second step of a long swap: what to give for the item chosen (``with|take``)."""
    other, _, item = taken.partition("|")
    ranks = {d["player"]: d["rank"] for d in typed_view(outcome.public)["demons"]}
    choices = [
        _choice(a, ranks, locale, name)
        for a in actions
        if a.do == "swap_item" and not a.args.get("skip")
        and (a.args["with"], a.args["take"]) == (other, item) and a.args["give"] != item
    ]  # fmt: skip
    skip = _button(outcome, "skip", t("ui.button.skip", locale))
    rows: list[Row] = [*_selects(outcome, "swap_item", t("dd.ui.pick.swap_give", locale), choices)]
    rows.append((skip,))
    deciding = outcome.to_act[0] if outcome.to_act else ""
    return Card(
        description=t("dd.ui.ask.swap_item", locale, rank=ranks.get(deciding, "–")), rows=rows
    )


def _choice(action: Any, ranks: Mapping[str, Any], locale: str, name: Names) -> Choice:
    args = action.args
    value = "|".join(str(args[k]) for k in ("from", "with", "item", "give", "take") if k in args)
    other = str(args.get("from", args.get("with", "")))
    goods = {k: item_name(str(args[k]), locale) for k in ("item", "give", "take") if k in args}
    label = t(
        f"dd.ui.option.{action.do}", locale, player=name(other), rank=ranks.get(other, "–"),
        **{"item": "", "give": "", "take": "", **goods},
    )  # fmt: skip
    return Choice(value[:100], label[:100])


def _takes(actions: list[Any], locale: str, name: Names) -> list[Choice]:
    """A long swap's first step: each item of each loser once (``with|take``)."""
    found = dict.fromkeys(
        (str(a.args["with"]), str(a.args["take"]))
        for a in actions
        if a.do == "swap_item" and not a.args.get("skip") and a.args["give"] != a.args["take"]
    )
    return [
        Choice(
            f"{other}|{item}"[:100],
            t("dd.ui.option.swap_take", locale, item=item_name(item, locale), player=name(other))[
                :100
            ],
        )
        for other, item in found
    ]


def _selects(outcome: Any, verb: str, placeholder: str, choices: list[Choice]) -> list[Select]:
    """``choices`` in as many selects as they need (each its own custom id)."""
    parts = [choices[i : i + SELECT_OPTIONS] for i in range(0, len(choices), SELECT_OPTIONS)]
    return [
        Select(
            custom_id(SELECT, outcome.game_id, outcome.version, verb, str(n) if n else ""),
            placeholder,
            tuple(part),
        )
        for n, part in enumerate(parts[:SELECT_ROWS])
    ]
