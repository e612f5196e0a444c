"""A tournament as a :class:`bot.engine.Game`, so the service stores, locks, logs, audits
and reloads it like a table. Anyone may act (``info.open_seats``): the service passes the acting
user as ``actor`` in the action's arguments. ``record`` and ``game`` come from the croupier
itself; host actions need ``host: true``, which the Discord layer sets only for the host or
members with Manage Server.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.engine import JSON, Action, Event, IllegalAction, Rng
from bot.engine.base import Engine
from bot.engine.core import GameInfo
from bot.engine.places import ranked
from bot.engine.serial import to_data
from bot.tournament import corrections, rules
from bot.tournament.state import FINISHED, Correction, Group, Line, Substitution, Tournament

SYSTEM = "croupier"


def _int(value: JSON, default: int) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


class TournamentGame(Engine[Tournament]):
    info = GameInfo("turnier", 1, 10_000, open_seats=True, after_end=frozenset({"correct"}))
    state_type = Tournament

    def setup(
        self, players: Sequence[str], options: Mapping[str, JSON], rng: Rng
    ) -> tuple[Tournament, list[Event]]:
        tournament = Tournament(
            name=str(options.get("name", "Turnier"))[:100],
            host=players[0],
            group_size=_int(options.get("group_size"), 4),
            durchgaenge=_int(options.get("durchgaenge"), 3),
            best_thirds=_int(options.get("best_thirds"), 0),
            finale_size=_int(options.get("finale_size"), 4),
        )
        rules.check_options(tournament)
        return tournament, [Event("tournament", {"name": tournament.name, "host": players[0]})]

    def apply(self, state: Tournament, seat: int, action: Action, rng: Rng) -> list[Event]:
        player = str(action.args.get("actor", ""))
        if action.do in ("register", "unregister"):
            step = rules.register if action.do == "register" else rules.unregister
            reserve = step(state, player)
            return [Event(action.do, {"player": player} | ({"reserve": True} if reserve else {}))]
        elif action.do == "close":
            self._host(state, player, action)
            new_round = rules.close_registration(state, rng)
            return [self._round_event(new_round.number, state)]
        elif action.do == "game":
            self._system(player)
            group = self._group(state, action)
            group.game_id = _int(action.args.get("game_id"), 0)
        elif action.do == "record":
            return self._record(state, player, action, rng)
        elif action.do == "schedule":
            self._host(state, player, action)
            group = rules.schedule(
                state,
                _int(action.args.get("group"), 0),
                str(action.args.get("at", "")),
                str(action.args.get("now", "")),
                _int(action.args.get("grace"), 15),
            )
            return [Event("schedule", {"group": group.number, "at": group.evening, "by": player})]
        elif action.do == "unschedule":
            self._host(state, player, action)
            group, event_id = rules.unschedule(state, _int(action.args.get("group"), 0))
            data = {"group": group.number, "event_id": event_id, "by": player}
            return [Event("unschedule", data)]
        elif action.do == "event":  # the server's scheduled event created for an evening
            self._system(player)
            group = self._group(state, action)
            event_id = action.args.get("event_id")
            group.event_id = str(event_id) if event_id else None
        elif action.do == "reserve":
            rules.register_reserve(state, player)
        elif action.do == "substitute":
            self._host(state, player, action)
            change = Substitution(
                out=str(action.args.get("target", "")),
                player=str(action.args.get("new", "")),
                by=player,
                reason=str(action.args.get("reason", ""))[:200],
                at=str(action.args.get("now", "")),
            )
            group = rules.substitute(state, _int(action.args.get("group"), 0), change)
            data = {"group": group.number, "game_id": group.game_id, **to_data(change)}
            return [Event("substitute", data)]
        elif action.do in ("wait", "evening", "checkin", "start_group"):
            return self._evening(state, player, action)
        elif action.do == "reminded":
            self._system(player)
            group = self._group(state, action)
            group.reminded = True
            return [Event("reminded", {"player": player, "group": group.number})]
        elif action.do in ("withdraw", "correct", "advance"):
            return self._host_tool(state, player, action, rng)
        else:
            raise IllegalAction("game.unknown_action", action=action.do)
        return [Event(action.do, {"player": player})]

    def _record(self, state: Tournament, player: str, action: Action, rng: Rng) -> list[Event]:
        self._system(player)
        rows = action.args.get("lines")
        if not isinstance(rows, list):
            raise IllegalAction("tour.wrong_players", group=0)
        lines = [Line(str(r["player"]), int(r["points"]), int(r["eyes"])) for r in rows]
        rounds_before = len(state.rounds)
        group = rules.record_group(state, _int(action.args.get("group"), 0), lines, rng)
        events = [
            Event(
                "group_table",
                {
                    "round": rounds_before,
                    "group": group.number,
                    "table": [to_data(line) for line in group.table],
                    "stechen": group.stechen,
                    "substitutions": [to_data(change) for change in group.substitutions],
                },
            )
        ]
        if len(state.rounds) > rounds_before:
            events.append(self._round_event(len(state.rounds), state))
        if state.status == FINISHED:
            events.append(Event("champion", {"player": state.champion}))
        return events

    def _host_tool(self, state: Tournament, player: str, action: Action, rng: Rng) -> list[Event]:
        target = str(action.args.get("target", ""))
        reason = str(action.args.get("reason", ""))[:200]
        if action.do == "withdraw" and target == player:
            rules.withdraw(state, target)  # anyone may withdraw himself
        else:
            self._host(state, player, action)
            if action.do == "withdraw":
                rules.withdraw(state, target)
            elif action.do == "advance":
                rules.advance_by_hand(state, target)
            else:
                return self._correct(state, player, action, rng)
        return [Event(action.do, {"target": target, "by": player, "reason": reason})]

    def _evening(self, state: Tournament, player: str, action: Action) -> list[Event]:
        """A group's evening: its table waits for it (``wait``), it began and the players
        are called (``evening``), one checks in, the table starts (``start_group``)."""
        if action.do == "checkin":
            group = rules.check_in(state, _int(action.args.get("group"), 0), player)
            return [Event("checkin", {"group": group.number, "player": player})]
        if action.do == "start_group":
            if player != SYSTEM:
                self._host(state, player, action)
            handling = str(action.args.get("missing", "regel"))
            if handling not in ("regel", "ausschliessen"):
                raise IllegalAction("tour.bad_handling")
            group, missing = rules.start_group(state, _int(action.args.get("group"), 0))
            if handling == "ausschliessen":
                state.withdrawn += [p for p in missing if p not in state.withdrawn]
            data: dict[str, JSON] = {"group": group.number, "missing": list(missing),
                                     "handling": handling, "by": player}  # fmt: skip
            return [Event("start_group", data)]
        self._system(player)
        group = self._group(state, action)
        if group.done:
            raise IllegalAction("tour.group_done", group=group.number)
        if action.do == "wait":
            group.waiting, group.called = True, False
        else:
            group.called = True
        return [Event(action.do, {"group": group.number, "players": list(group.players)})]

    def _correct(self, state: Tournament, player: str, action: Action, rng: Rng) -> list[Event]:
        """A result corrected at any time, and what follows from it (bot.tournament.corrections):
        a round drawn anew from a corrected one, or a new champion."""
        args = action.args
        fix = Correction(
            str(args.get("target", "")),
            _int(args.get("points"), -1),
            _int(args.get("eyes"), -1),
            str(args.get("reason", ""))[:200],
            player,
        )
        round_number = args.get("round")
        events = corrections.correct(
            state,
            round_number if isinstance(round_number, int) else None,
            _int(args.get("group"), 0),
            fix,
            rng,
            confirmed=args.get("confirm") is True,
        )
        if any(e.type == "advancing" for e in events):  # the corrected round decided anew
            if state.status == FINISHED:
                events.append(Event("champion", {"player": state.champion}))
            else:
                events.append(self._round_event(len(state.rounds), state))
        return events

    @staticmethod
    def _round_event(number: int, state: Tournament) -> Event:
        current = state.rounds[number - 1]
        groups = [g.players for g in current.groups]
        return Event("round", {"round": number, "finale": current.finale, "groups": groups})

    @staticmethod
    def _host(state: Tournament, player: str, action: Action) -> None:
        if player != state.host and action.args.get("host") is not True:
            raise IllegalAction("tour.host_only")

    @staticmethod
    def _system(player: str) -> None:
        if player != SYSTEM:
            raise IllegalAction("tour.host_only")

    @staticmethod
    def _group(state: Tournament, action: Action) -> Group:
        current = state.current
        number = _int(action.args.get("group"), 0)
        group = None if current is None else current.group(number)
        if group is None:
            raise IllegalAction("tour.no_such_group", group=number)
        return group

    def to_act(self, state: Tournament) -> frozenset[int]:
        return frozenset()

    def legal_actions(self, state: Tournament, seat: int) -> list[Action]:
        return []

    def absence_action(self, state: Tournament, seat: int) -> Action | None:
        return None  # nobody's turn: nobody can miss it

    def is_over(self, state: Tournament) -> bool:
        return state.status == FINISHED

    def result(self, state: Tournament) -> dict[str, JSON]:
        return {"champion": state.champion, "rounds": len(state.rounds)}

    def view(self, state: Tournament, viewer: int | None) -> dict[str, JSON]:
        """All of it (a tournament has no secrets), the options of the current round's
        Abende, and nothing legal to offer: anyone may try any action (``open_seats``)."""
        data: dict[str, JSON] = to_data(state)
        return {**data, "group_options": rules.group_options(state), "legal": []}

    def players(self, state: Tournament) -> list[str]:
        return list(state.registered) or [state.host]

    def places(self, state: Tournament) -> dict[str, int]:
        """The finalists by the Finale's table (its Stechen settled every tie), then the
        others by the round they went out in, a later one better; those out in the same
        round share a place. Who never sat at a group's table takes none."""
        last_round: dict[str, int] = {}
        for played in state.rounds:
            for group in played.groups:
                last_round.update(dict.fromkeys(group.players, played.number))
        finale = state.rounds[-1] if state.rounds and state.rounds[-1].finale else None
        table = [line.player for line in finale.groups[0].table] if finale else []
        out = -len(last_round) - 1  # below every finalist of the same round
        return ranked(
            {
                player: (number, -table.index(player) if player in table else out)
                for player, number in last_round.items()
            }
        )
