"""The croupier's one entry point for play: ``act(game, actor, action)``.

Per action: take the game's lock, apply the action to a copy of the state, write the
event and the new snapshot in one transaction with a version check, and only then
replace the cached state and answer. A refusal or a failed commit changes nothing.
"""

from __future__ import annotations

import asyncio
import logging
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.engine import JSON, Action, AuditedRng, Game, IllegalAction, step
from bot.engine.replay import replay
from bot.engine.rng import Draw, verify_draws
from bot.games import GAMES
from bot.store import GameNotFound, GameRow, Store, VersionConflict

log = logging.getLogger(__name__)

OPEN, FINISHED = "open", "finished"


@dataclass(frozen=True)
class Outcome:
    """What an action produced: the events, and the views to show (public and private)."""

    game_id: int
    kind: str
    version: int
    events: list[dict[str, JSON]]
    public: dict[str, JSON]
    private: dict[str, dict[str, JSON]]  # player id -> that player's own view
    to_act: list[str]
    finished: bool
    seed_hash: str
    seed: str | None  # revealed only when the game is over


@dataclass
class _Table:
    kind: str
    players: list[str]
    seed: bytes
    seed_hash: str
    counter: int
    version: int
    state: Any
    finished: bool

    @classmethod
    def from_row(cls, row: GameRow, game: Game[Any]) -> _Table:
        return cls(
            kind=row.kind,
            players=list(row.players),
            seed=bytes.fromhex(row.seed),
            seed_hash=row.seed_hash,
            counter=row.rng_counter,
            version=row.version,
            state=game.load(row.snapshot),
            finished=row.status != OPEN,
        )


class Service:
    def __init__(self, store: Store, games: Mapping[str, Game[Any]] = GAMES) -> None:
        self.store = store
        self.games = games
        self._tables: dict[int, _Table] = {}
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)

    def load_open_games(self) -> int:
        """Load every open game into memory (at start); returns how many."""
        rows = self.store.open_games()
        for row in rows:
            self._tables[row.id or 0] = _Table.from_row(row, self.games[row.kind])
        return len(rows)

    async def create(
        self,
        kind: str,
        players: Sequence[str],
        options: Mapping[str, JSON] | None = None,
        *,
        guild_id: int | None = None,
        channel_id: int | None = None,
        locale: str = "de",
        actor: str | None = None,
        nonce: str = "",
    ) -> Outcome:
        """Seat the players and start a game with a fresh, committed seed."""
        game = self.games[kind]
        rng = AuditedRng.fresh()
        rng.nonce = nonce
        state, events = game.setup(list(players), dict(options or {}), rng)
        row = self.store.create_game(
            kind=kind,
            players=list(players),
            options=dict(options or {}),
            snapshot=game.dump(state),
            seed=rng.seed.hex(),
            seed_hash=rng.commitment,
            rng_counter=rng.counter,
            guild_id=guild_id,
            channel_id=channel_id,
            locale=locale,
            actor=actor,
            action={"do": "setup"},
            events=[e.to_dict() for e in events],
            draws=[d.to_dict() for d in rng.take_draws()],
        )
        assert row.id is not None
        table = _Table.from_row(row, game)
        self._tables[row.id] = table
        return self._outcome(row.id, table, [e.to_dict() for e in events])

    async def act(
        self,
        game_id: int,
        actor: str,
        action: Action,
        *,
        nonce: str = "",
        expected_version: int | None = None,
    ) -> Outcome:
        """Apply one player's action; raises :class:`IllegalAction` and changes nothing
        when it is refused (wrong player, stale button, illegal move, lost race)."""
        async with self._locks[game_id]:
            table = self._table(game_id)
            try:
                return self._apply(
                    game_id, table, actor, action, nonce=nonce, expected_version=expected_version
                )
            except IllegalAction as exc:
                log.info("refused game=%s actor=%s %s: %s", game_id, actor, action.do, exc)
                raise

    def _apply(
        self,
        game_id: int,
        table: _Table,
        actor: str,
        action: Action,
        *,
        nonce: str,
        expected_version: int | None,
    ) -> Outcome:
        if expected_version is not None and expected_version != table.version:
            raise IllegalAction("game.stale")
        if actor not in table.players:
            raise IllegalAction("game.not_a_player")
        game = self.games[table.kind]
        rng = AuditedRng(table.seed, table.counter, nonce)
        state, events = step(game, table.state, table.players.index(actor), action, rng)
        finished = game.is_over(state)
        event_dicts = [e.to_dict() for e in events]
        try:
            version = self.store.append(
                game_id,
                expected_version=table.version,
                actor=actor,
                action=action.to_dict(),
                events=event_dicts,
                draws=[d.to_dict() for d in rng.take_draws()],
                snapshot=game.dump(state),
                rng_counter=rng.counter,
                status=FINISHED if finished else None,
            )
        except VersionConflict:
            self._tables.pop(game_id, None)  # another process moved on: reload next time
            raise IllegalAction("game.conflict") from None
        table.state, table.counter, table.version, table.finished = (
            state,
            rng.counter,
            version,
            finished,
        )
        return self._outcome(game_id, table, event_dicts)

    def _table(self, game_id: int) -> _Table:
        table = self._tables.get(game_id)
        if table is None:
            try:
                row = self.store.get(game_id)
            except GameNotFound:
                raise IllegalAction("game.not_found") from None
            table = _Table.from_row(row, self.games[row.kind])
            self._tables[game_id] = table
        return table

    def _outcome(self, game_id: int, table: _Table, events: list[dict[str, JSON]]) -> Outcome:
        game = self.games[table.kind]
        return Outcome(
            game_id=game_id,
            kind=table.kind,
            version=table.version,
            events=events,
            public=game.view(table.state, None),
            private={p: game.view(table.state, seat) for seat, p in enumerate(table.players)},
            to_act=[table.players[s] for s in sorted(game.to_act(table.state))],
            finished=table.finished,
            seed_hash=table.seed_hash,
            seed=table.seed.hex() if table.finished else None,
        )

    def current(self, game_id: int) -> Outcome:
        """The game as it stands (e.g. to redraw its message), without acting."""
        return self._outcome(game_id, self._table(game_id), [])

    def audit(self, game_id: int) -> list[str]:
        """Check a finished game (empty = fair): every draw recomputed from the revealed
        seed, and the logged actions replayed with those draws give the stored snapshot."""
        table = self._table(game_id)
        if not table.finished:
            raise IllegalAction("game.not_over")
        rows = self.store.events(game_id)
        draws = [Draw.from_dict(d) for row in rows for d in row.draws]
        problems = verify_draws(table.seed, table.seed_hash, draws)
        game, stored = self.games[table.kind], self.store.get(game_id)
        actions = [
            (table.players.index(row.actor or ""), Action.from_dict(row.action)) for row in rows[1:]
        ]
        replayed = replay(game, table.players, stored.options, actions, [d.value for d in draws])
        if game.dump(replayed) != stored.snapshot:
            problems.append("replaying the log does not give the stored state")
        return problems
