"""Computer seats at play: which computer players are to act now, and what they decide.

A computer player acts through the service's one write path, as a click does: logged,
verifiable, crash-safe. Nothing here remembers a pending turn: what is to be played is
read from the tables as they stand (a computer seat, or a player a computer stands in for,
among those to act), so a restart or another process's action loses nothing. The bot's
task (``cogs.computers``) waits :data:`DELAY` seconds after it first sees a turn, so that
people can follow, then asks :meth:`ComputerSeats.decide` off the event loop and
:meth:`ComputerSeats.play` on it.
"""

from __future__ import annotations

import copy
import hashlib
import logging
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from bot.computer_players import player as policy_of
from bot.engine import JSON, Action
from bot.play.outcome import OPEN, Outcome
from bot.play.tables import Table, to_act
from bot.play.turn_clocks import TurnClocks
from bot.play.writer import Writer
from bot.players.seats import STAND_IN, is_computer, level_of

log = logging.getLogger(__name__)

DELAY = 1.5
"""Seconds a computer player waits before it acts, so that people can follow."""


@dataclass(frozen=True)
class Turn:
    """A decision a computer player owes: ``player``'s at ``game_id``'s ``version``
    (``player`` is the computer seat, or the absent player it stands in for)."""

    game_id: int
    version: int
    player: str

    @property
    def level(self) -> str:
        return level_of(self.player) if is_computer(self.player) else STAND_IN

    @property
    def seed(self) -> int:
        """The policy's own lots: from the turn alone (never the game's seed, which fixes
        its dice), so a decision made again after a crash is the same."""
        text = f"{self.game_id}:{self.version}:{self.player}"
        return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


@dataclass(frozen=True)
class Question:
    """What a computer player decides from: the game, its seat and its seat's view (a copy,
    safe to read on another thread)."""

    turn: Turn
    kind: str
    seat: int
    view: dict[str, JSON]


class ComputerSeats:
    def __init__(self, service: Writer, clocks: TurnClocks) -> None:
        self.service = service
        self.tables = service.tables
        self.clocks = clocks
        self._stood: set[int] | None = None
        """Games whose stored clock had stand-ins when first asked (after a start the
        clocks are not read yet; every other table's clock is read with its actions)."""

    def due(self, owns: Callable[[int | None], bool] = lambda guild: True) -> Iterator[Turn]:
        """The decisions computer players owe now at the tables of the servers this
        process ``owns`` (a process plays its own servers' computers)."""
        for table in self.tables.loaded():
            row = table.row
            if row.status != OPEN or table.state is None or not owns(row.guild_id):
                continue
            standing = self._stand_ins(table)
            if not standing and not any(is_computer(p) for p in row.players):
                continue
            game = self.service.games[row.kind]
            for player in to_act(game, table.state, row.players):
                if is_computer(player) or player in standing:
                    yield Turn(row.id, row.version, player)

    def _stand_ins(self, table: Table) -> list[str]:
        if self._stood is None:
            self._stood = set(self.clocks.store.standing())
        if "clock" not in table.extra and table.id not in self._stood:
            return []  # no stand-in stored, and none set since (that reads the clock)
        return self.clocks.get(table).stand_in

    def question(self, turn: Turn) -> Question | None:
        """The view ``turn``'s seat decides from, if the turn is still owed."""
        table = self.tables.get(turn.game_id)
        row = table.row
        if row.version != turn.version or row.status != OPEN or table.state is None:
            return None
        game = self.service.games[row.kind]
        if turn.player not in to_act(game, table.state, row.players):
            return None
        seat = row.players.index(turn.player)
        _, views = game.views(table.state, len(row.players))
        return Question(turn, row.kind, seat, copy.deepcopy(views[seat]))

    @staticmethod
    def decide(question: Question) -> Action:
        """The computer player's decision (pure: runs off the event loop)."""
        turn = question.turn
        policy = policy_of(question.kind, turn.level, turn.seed)
        return policy.decide(question.view, question.seat)

    async def play(self, turn: Turn, action: Action) -> Outcome:
        """Play ``action`` for ``turn`` through the service's write path (refused as any
        click if the table moved on meanwhile). A stand-in's action names it in the log."""
        if not is_computer(turn.player):
            action = Action(action.do, {**action.args, "by_croupier": "computer"})
        return await self.service.act(
            turn.game_id,
            turn.player,
            action,
            nonce=f"computer:{turn.game_id}:{turn.version}",
            expected_version=turn.version,
        )

    def stand_ins(self, game_id: int) -> list[str]:
        """The players a computer plays for at a table (they are not pinged for their turns)."""
        return self._stand_ins(self.tables.get(game_id))

    def fallback(self, turn: Turn) -> Action | None:
        """The absence rule's action for ``turn`` (when a policy failed)."""
        table = self.tables.get(turn.game_id)
        if table.state is None:
            return None
        game = self.service.games[table.row.kind]
        action: Action | None = game.absence_action(
            table.state, table.row.players.index(turn.player)
        )
        return action
