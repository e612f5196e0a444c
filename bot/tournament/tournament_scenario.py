"""A whole Verflixte 6 tournament as a scenario (shared/rules/scenarios.md, "tournament").

The tournament is played by the bot's own engine (:class:`TournamentGame`): the players
register, registration closes, and every group's Abend goes in as the ``record`` action the
bot sends when a group's table finishes. Each Abend is a ``verflixte6`` scenario of its own
(played by ``bot.scenario``'s runner, passed in) with the options the bot gives a group's table
(:func:`rules.group_options`). The tournament's chance is fixed like any scenario's: its
dice (the decisive group-table Stechen, the best-thirds Stechen) come from ``chance.dice``,
and each round's draw, which the bot makes by shuffling and splitting (``rules.split``),
is the file's groups read in the order the split deals them (``rules.draw_order``); the
round the engine then draws must be exactly the file's groups, else the file is malformed.

Where the format leaves a case open, this is the reading (the rules' words, taken literally):

- "groups sized as the bot splits them": in the bot's order too, larger groups first (the
  bot numbers its groups so, and group G of the file is the bot's group G);
- a group whose table is missing, or whose Abend is not played to its end, is not recorded;
  the round's other groups are still played (their Stechen rolled in group order), and the
  tournament stops after that round (``finished`` false, exit 0), as it does when a round
  is missing. A round the file does not give is drawn by the engine without a die and not
  shown;
- ``scores`` lists the rounds played to their end (every group recorded), so ``points``,
  ``eyes`` and ``advanced`` always have the same length;
- dice left over, of a table or of ``chance.dice``, are not an error (as in every scenario);
- ``events``: the engine's events, each group's Abend as an ``abend`` event holding the
  table's own log, and after each round but the Finale an ``advanced`` event with who went
  through and the best thirds' Stechen.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from bot.engine import JSON, Action, Event, FixedRng, IllegalAction, step
from bot.engine.rng import ChanceError, ChanceExhausted
from bot.i18n import t
from bot.tournament import rules
from bot.tournament.game import SYSTEM, TournamentGame
from bot.tournament.state import FINISHED, RUNNING, Tournament

T = TypeVar("T")

OK, MALFORMED, ILLEGAL = 0, 2, 3  # the exit codes of every scenario (bot.scenario)

TablePlayer = Callable[[dict[str, JSON]], tuple[int, dict[str, JSON], str]]
"""Plays one ``verflixte6`` scenario: (exit code, output, message), as bot.scenario does."""

OPTIONS = ("group_size", "durchgaenge", "best_thirds", "finale_size")


class Malformed(Exception):
    """The file is malformed (exit 2); the message names the round where it can."""


class _Stop(Exception):
    """A group's Abend ended the run (exit 2 or 3): ``code`` and ``message``."""

    def __init__(self, code: int, message: str) -> None:
        super().__init__(message)
        self.code, self.message = code, message


class TournamentChance(FixedRng):
    """``chance.dice`` for the tournament's own rolls; the file's draws for its shuffles.

    A round the file does not give is drawn in the order the players come (no die is
    used for it): the run stops before that round is played."""

    def __init__(self, dice: Sequence[int], draws: Sequence[list[list[str]]]) -> None:
        super().__init__(dice)
        self.draws = list(draws)
        self.drawn = 0

    def shuffle(self, items: Sequence[T]) -> list[T]:
        self.drawn += 1
        if self.drawn > len(self.draws):
            return list(items)
        groups = self.draws[self.drawn - 1]
        names = [str(item) for item in items]
        drawn = [p for group in groups for p in group]
        twice = sorted({p for p in drawn if drawn.count(p) > 1})
        where = f"round {self.drawn}"
        _require(not twice, f"{where}: {', '.join(twice)} drawn more than once")
        missing = [p for p in names if p not in drawn]
        _require(not missing, f"{where}: no group for {', '.join(missing)}")
        extra = [p for p in drawn if p not in names]
        _require(not extra, f"{where}: {', '.join(extra)} does not play in this round")
        by_name = dict(zip(names, items, strict=True))
        return [by_name[name] for name in rules.draw_order(groups)]


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise Malformed(message)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_shape(data: Mapping[str, Any]) -> None:
    players: Any = data.get("players")
    _require(
        isinstance(players, list) and bool(players) and all(isinstance(p, str) for p in players),
        "players must be a non-empty list of names",
    )
    _require(len(set(players)) == len(players), "players must be distinct")
    options, chance = data.get("options", {}), data.get("chance", {})
    _require(isinstance(options, dict), "options must be an object")
    _require(isinstance(chance, dict), "chance must be an object")
    for name in OPTIONS:
        _require(name not in options or _is_int(options[name]), f"options.{name}: a whole number")
    dice = chance.get("dice", [])
    _require(
        isinstance(dice, list) and all(_is_int(d) for d in dice),
        "chance.dice must be a list of whole numbers",
    )
    rounds = data.get("rounds", [])
    _require(isinstance(rounds, list), "rounds must be a list")
    for k, entry in enumerate(rounds, start=1):
        _require(isinstance(entry, dict), f"round {k}: must be an object")
        groups = entry.get("groups")
        _require(
            isinstance(groups, list)
            and bool(groups)
            and all(
                isinstance(g, list) and g and all(isinstance(p, str) for p in g) for g in groups
            ),
            f"round {k}: groups must be a non-empty list of non-empty lists of names",
        )
        for group in groups:
            for name in group:
                _require(name in players, f"round {k}: unknown player {name!r}")
        tables = entry.get("tables", [])
        _require(isinstance(tables, list), f"round {k}: tables must be a list")
        _require(len(tables) <= len(groups), f"round {k}: more tables than groups")
        for g, table in enumerate(tables, start=1):
            _require(isinstance(table, dict), f"round {k} group {g}: the table must be an object")


class _Run:
    """One tournament scenario being played."""

    def __init__(self, data: Mapping[str, Any], play_table: TablePlayer) -> None:
        self.play_table = play_table
        self.players: list[str] = data["players"]
        self.rounds: list[dict[str, Any]] = data.get("rounds", [])
        options = data.get("options", {})
        self.options: dict[str, JSON] = {k: options[k] for k in OPTIONS if k in options}
        draws = [entry["groups"] for entry in self.rounds]
        self.rng = TournamentChance(data.get("chance", {}).get("dice", []), draws)
        self.engine = TournamentGame()
        self.state: Tournament | None = None
        self.log: list[Event] = []

    def act(self, do: str, actor: str, **args: JSON) -> None:
        state = self.state
        assert state is not None
        action = Action(do, {"actor": actor, **args})
        new_state, events = step(self.engine, state, 0, action, self.rng)
        self.state = new_state
        self.log += events

    def output(self) -> dict[str, JSON]:
        state = self.state
        finished = state is not None and state.status == FINISHED
        given = len(self.rounds)
        # the round drawn for a round the file does not give is not shown: it is not played
        events = [
            e.to_dict()
            for e in self.log
            if not (e.type == "round" and int(str(e.data.get("round", 0))) > given)
        ]
        return {
            "game": "tournament",
            "finished": finished,
            "scores": self.scores(),
            "events": events,
        }

    def scores(self) -> dict[str, JSON]:
        """Per player, the rounds played to their end: group-table points and eyes, whether
        he went through (false in the Finale), and whether he is the champion."""
        state = self.state
        rows: dict[str, dict[str, list[JSON]]] = {
            p: {"points": [], "eyes": [], "advanced": []} for p in self.players
        }
        for played in state.rounds[: len(self.rounds)] if state else []:
            if not all(g.done for g in played.groups):
                break
            for group in played.groups:
                for line in group.table:
                    row = rows[line.player]
                    row["points"].append(line.points)
                    row["eyes"].append(line.eyes)
                    row["advanced"].append(not played.finale and line.player in played.advanced)
        champion = state.champion if state else None
        return {p: {**rows[p], "champion": p == champion} for p in self.players}

    def play(self) -> int:
        """OK when every action was legal; raises Malformed or _Stop otherwise."""
        try:
            self.state, events = self.engine.setup([SYSTEM], self.options, self.rng)
        except IllegalAction as exc:
            raise Malformed(f"options: {t(exc.key, 'en', **exc.params)}") from None
        self.log += events
        for player in self.players:
            self.act("register", player)
        self._tournament_step(1, 0, "close")
        for k in range(1, len(self.rounds) + 1):
            state = self.state
            assert state is not None
            if state.status != RUNNING or len(state.rounds) < k:
                break  # over (rounds given after the Finale are not played)
            for g in range(1, len(state.rounds[k - 1].groups) + 1):
                self._play_group(k, g)
            assert self.state is not None  # a new state after every action
            if not all(group.done for group in self.state.rounds[k - 1].groups):
                break  # an Abend not played to its end: the tournament waits there
        return OK

    def _play_group(self, k: int, g: int) -> None:
        state = self.state
        assert state is not None
        tables = self.rounds[k - 1].get("tables", [])
        if g > len(tables):
            return  # not played
        table, group = tables[g - 1], state.rounds[k - 1].groups[g - 1]
        code, output, message = self.play_table(
            {
                "game": "verflixte6",
                "players": group.players,
                "options": rules.group_options(state),
                "chance": {"dice": table.get("dice", [])},
                "actions": table.get("actions", []),
            }
        )
        data = {"round": k, "group": g, "players": list(group.players)}
        self.log.append(Event("abend", {**data, "events": output.get("events", [])}))
        if code == ILLEGAL:
            raise _Stop(ILLEGAL, f"round {k} group {g} {message}")
        if code != OK:
            raise Malformed(f"round {k} group {g}: {message}")
        if output["finished"] is not True:
            return
        result = output["scores"]
        assert isinstance(result, dict)
        lines: list[JSON] = [{"player": p, **result[p]} for p in group.players]
        self._tournament_step(k, g, "record", group=g, round=k, lines=lines)  # as the bot does

    def _tournament_step(self, k: int, g: int, do: str, **args: JSON) -> None:
        """The croupier's action; it may roll Stechen and draw the next round."""
        state = self.state
        assert state is not None
        rounds_before, logged = len(state.rounds), len(self.log)
        where = f"round {k} group {g}" if g else "closing the registration"
        try:
            self.act(do, SYSTEM, **args)
        except IllegalAction as exc:
            raise Malformed(f"{where}: {t(exc.key, 'en', **exc.params)}") from None
        except ChanceExhausted:
            raise Malformed(f"dice exhausted at {where}") from None
        except ChanceError as exc:
            raise Malformed(f"{where}: {exc}") from None
        ended = self.state.rounds[k - 1] if self.state and g else None
        if ended and not ended.finale and all(group.done for group in ended.groups):
            # who went through, with the best thirds' Stechen (no engine event shows those
            # dice), right after the group table that ended the round
            data = {"round": k, "players": list(ended.advanced), "stechen": ended.thirds_stechen}
            self.log.insert(logged + 1, Event("advanced", data))
        self._check_draw(rounds_before)

    def _check_draw(self, rounds_before: int) -> None:
        """A round the engine drew must be exactly the file's groups for it. Its players are
        checked when it is drawn (:class:`TournamentChance`), so what can differ here is the
        sizes: groups sized, and ordered, as ``rules.split`` makes them (larger first)."""
        state = self.state
        assert state is not None
        if len(state.rounds) == rounds_before or len(state.rounds) > len(self.rounds):
            return
        k = len(state.rounds)
        drawn = [g.players for g in state.rounds[-1].groups]
        wanted = self.rounds[k - 1]["groups"]
        if drawn != wanted:
            bot_sizes = ", ".join(str(len(g)) for g in drawn)
            file_sizes = ", ".join(str(len(g)) for g in wanted)
            count = sum(len(g) for g in drawn)
            raise Malformed(
                f"round {k}: groups of {file_sizes} players, but the bot splits these"
                f" {count} players into groups of {bot_sizes}"
            )


def run_tournament(
    data: Mapping[str, Any], play_table: TablePlayer
) -> tuple[int, dict[str, JSON], str]:
    """Play a tournament scenario, each group's Abend by ``play_table``: (exit code,
    output, message)."""
    try:
        _check_shape(data)
    except Malformed as exc:
        return MALFORMED, {}, str(exc)
    run = _Run(data, play_table)
    try:
        code, message = run.play(), ""
    except Malformed as exc:
        code, message = MALFORMED, str(exc)
    except _Stop as exc:
        code, message = exc.code, exc.message
    return code, run.output() if run.state is not None else {}, message
