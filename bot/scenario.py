"""``croupier scenario FILE``: play a game with fixed chance (shared/rules/scenarios.md).

Exit codes: 0 every action legal; 3 an action was illegal (stderr ``action N: reason``,
stdout the state before it); 2 the file is malformed or the fixed chance ran out.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from bot.engine import JSON, Action, Event, FixedRng, IllegalAction, Rng, step
from bot.engine.rng import ChanceError, ChanceExhausted
from bot.i18n import t
from bot.plugins import GAMES
from bot.tournament.tournament_scenario import run_tournament

EXIT_OK, EXIT_MALFORMED, EXIT_ILLEGAL = 0, 2, 3

# Action fields that name another player; an unknown name makes the file malformed.
PLAYER_FIELDS = ("victim", "target", "with", "from")


class MalformedScenario(Exception):
    """The scenario file itself is wrong (exit 2)."""


@dataclass
class ScenarioRun:
    exit_code: int
    output: dict[str, JSON]
    message: str = ""


def _dice_rng(chance: Mapping[str, JSON]) -> Rng:
    dice = chance.get("dice", [])
    if not isinstance(dice, list) or not all(_is_int(d) for d in dice):
        raise MalformedScenario("chance.dice must be a list of whole numbers")
    return FixedRng(dice)


def _tile_rng(chance: Mapping[str, JSON]) -> Rng:
    tiles = chance.get("tiles", [])
    if not isinstance(tiles, list) or not all(t == "D" or _is_int(t) for t in tiles):
        raise MalformedScenario('chance.tiles must be a list of numbers and "D"')
    return FixedRng([], picks=[0 if t == "D" else t for t in tiles])


def _deal_rng(chance: Mapping[str, JSON], players: list[str], options: Mapping[str, JSON]) -> Rng:
    """Each hand's deal, written out, becomes the order the engine deals a shuffled deck in."""
    deals = chance.get("deals", [])
    _require(isinstance(deals, list), "chance.deals must be a list (one deal per hand)")
    variant = options.get("variant", "standard" if len(players) > 2 else "lopaka")
    extra = ["Lopaka", "devil"] if variant == "lopaka" else []
    orders = []
    for number, deal in enumerate(deals, start=1):
        _require(isinstance(deal, dict), f"deal {number} must be an object")
        order: list[object] = []
        for who in [*players, *extra]:
            cards = deal.get(who)
            _require(isinstance(cards, list), f"deal {number}: cards for {who!r} missing")
            for part in cards if variant == "glitterhuis" else [cards]:
                _require(isinstance(part, list), f"deal {number}: {who!r} needs two sets")
                order += part
        orders.append(order)
    return FixedRng([], shuffles=orders)


def _chance(game: str, data: Mapping[str, JSON]) -> Rng:
    chance = data.get("chance", {})
    if game == "flaschenteufel":
        return _deal_rng(chance, list(data["players"]), data.get("options", {}))
    return CHANCE[game](chance)


def _items_and_dice_rng(chance: Mapping[str, JSON]) -> Rng:
    items, dice = chance.get("items", []), chance.get("dice", [])
    _require(
        isinstance(items, list) and all(isinstance(i, str) for i in items),
        "chance.items must be item names",
    )
    _require(
        isinstance(dice, list) and all(_is_int(d) for d in dice),
        "chance.dice must be whole numbers",
    )
    return FixedRng(dice, picks=items)


CHANCE: dict[str, Callable[[Mapping[str, JSON]], Rng]] = {
    "verflixte6": _dice_rng,
    "teufel": _tile_rng,
    "dicedevils": _items_and_dice_rng,
}
SCENARIO_GAMES = (
    *CHANCE,
    "flaschenteufel",
)  # and "tournament" (tournament_scenario)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise MalformedScenario(message)


def _check_shape(data: Any) -> None:
    _require(isinstance(data, dict), "the file must hold one JSON object")
    _require(data.get("game") in SCENARIO_GAMES, f"unknown game {data.get('game')!r}")
    players = data.get("players")
    _require(
        isinstance(players, list) and bool(players) and all(isinstance(p, str) for p in players),
        "players must be a non-empty list of names",
    )
    _require(len(set(players)) == len(players), "players must be distinct")
    for name in ("options", "chance"):
        _require(isinstance(data.get(name, {}), dict), f"{name} must be an object")
    actions = data.get("actions", [])
    _require(isinstance(actions, list), "actions must be a list")
    for i, entry in enumerate(actions):
        _require(isinstance(entry, dict), f"action {i}: must be an object")
        _require(isinstance(entry.get("do"), str), f"action {i}: 'do' is missing")
        _require(
            entry.get("player") in players, f"action {i}: unknown player {entry.get('player')!r}"
        )
        for field in PLAYER_FIELDS:
            if field in entry and entry[field] not in players:
                _require(False, f"action {i}: unknown player {entry[field]!r} in {field!r}")


def run_scenario(data: Any) -> ScenarioRun:
    """Play ``data`` (the parsed JSON file) and describe the result."""
    if isinstance(data, dict) and data.get("game") == "tournament":
        return ScenarioRun(*run_tournament(data, _play_table))
    try:
        _check_shape(data)
        rng = _chance(data["game"], data)
    except MalformedScenario as exc:
        return ScenarioRun(EXIT_MALFORMED, {}, str(exc))
    game = GAMES[data["game"]]
    players: list[str] = data["players"]
    try:
        state, events = game.setup(players, data.get("options", {}), rng)
    except IllegalAction as exc:
        return ScenarioRun(EXIT_MALFORMED, {}, f"setup: {t(exc.key, 'en', **exc.params)}")
    except ChanceError as exc:
        return ScenarioRun(EXIT_MALFORMED, {}, f"setup: {exc}")
    log: list[Event] = list(events)

    def output() -> dict[str, JSON]:
        return {
            "game": data["game"],
            "finished": game.is_over(state),
            "scores": game.result(state),
            "events": [e.to_dict() for e in log],
        }

    for i, entry in enumerate(data.get("actions", [])):
        try:
            state, events = step(
                game, state, players.index(entry["player"]), Action.from_dict(entry), rng
            )
        except IllegalAction as exc:
            return ScenarioRun(
                EXIT_ILLEGAL, output(), f"action {i}: {t(exc.key, 'en', **exc.params)}"
            )
        except ChanceExhausted:
            what = "tiles" if data["game"] == "teufel" else "dice"
            return ScenarioRun(EXIT_MALFORMED, output(), f"{what} exhausted at action {i}")
        except ChanceError as exc:
            return ScenarioRun(EXIT_MALFORMED, output(), f"action {i}: {exc}")
        log += events
    return ScenarioRun(EXIT_OK, output())


def _play_table(data: dict[str, JSON]) -> tuple[int, dict[str, JSON], str]:
    """A tournament group's Abend: a ``verflixte6`` scenario of its own."""
    run = run_scenario(data)
    return run.exit_code, run.output, run.message


def run_file(path: str) -> ScenarioRun:
    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
    except OSError as exc:
        return ScenarioRun(EXIT_MALFORMED, {}, f"{path}: {exc.strerror}")
    except json.JSONDecodeError as exc:
        return ScenarioRun(EXIT_MALFORMED, {}, f"{path}: bad JSON at line {exc.lineno}: {exc.msg}")
    return run_scenario(data)
