"""A game's records: its log as events and as an export, and the fairness check on it."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import Any

from bot.audit import export
from bot.audit.verify import Report, verify
from bot.engine import JSON, Game, IllegalAction, redacted
from bot.play.outcome import FINISHED, HOST_ONLY_VERBS, SETUP_VERBS
from bot.play.tables import Table, Tables
from bot.store import GameNotFound, GameRow, LogRow, Store


def _ref(row: GameRow | None) -> GameRef | None:
    return None if row is None or row.id is None else GameRef(row.id, row.status, row.kind)


@dataclass(frozen=True)
class GameRef:
    """A stored game, as the commands that look one up by number need it."""

    id: int
    status: str
    kind: str


class Records:
    def __init__(self, store: Store, tables: Tables, games: Mapping[str, Game[Any]]) -> None:
        self.store = store
        self.tables = tables
        self.games = games

    def game(self, number: int | None, guild_id: int | None, channel_id: int) -> GameRef | None:
        """Game ``number`` if it belongs to this server, else the newest in the channel."""
        if number is None:
            return _ref(self.store.latest_game(None, channel_id))
        try:
            game = self.store.get(number)
        except GameNotFound:
            return None
        return _ref(game) if game.guild_id == guild_id else None

    def opener(self, game_id: int) -> str | None:
        """Who opened the table (its host for casual play)."""
        first = self.store.events(game_id)[:1]
        return first[0].actor if first else None

    def recent_events(self, game_id: int, limit: int | None = 20) -> list[dict[str, JSON]]:
        """The last ``limit`` events (None: all) of a game's log as the public may see them
        (redacted by the game: no hand, no sealed bet, no dice under a cup), oldest first."""
        shown = self.public_events(game_id, self.tables.get(game_id).row.kind)
        return shown if limit is None else shown[-limit:]

    def public_events(self, game_id: int, kind: str) -> list[dict[str, JSON]]:
        """Every event of the log of game ``game_id`` (of ``kind``) as the public may see
        them (the redaction of :meth:`recent_events`), read from the store alone: a web
        page reads it in a thread, where the bot loop's table cache is not to be touched."""
        events = [e for row in self.store.events(game_id) for e in row.events]
        return redacted(self.games[kind], events, None)

    def logged(self, game_id: int) -> list[LogRow]:
        """Every logged action of a game as plain rows (whole: its private events too), for
        a replay that redacts what it shows (the web's), read from the store alone."""
        return self.store.log(game_id)

    def header(self, number: int, guild_id: int) -> GameRow | None:
        """Game ``number`` as stored without its checkpoint (its ``snapshot`` is not to be
        read: :meth:`~bot.store.Store.game_header`), if it belongs to server ``guild_id``."""
        try:
            game = self.store.game_header(number)
        except GameNotFound:
            return None
        return game if game.guild_id == guild_id else None

    def stored(self, number: int, guild_id: int) -> GameRow | None:
        """Game ``number`` as stored, if it belongs to server ``guild_id`` (no cache)."""
        try:
            game = self.store.get(number)
        except GameNotFound:
            return None
        return game if game.guild_id == guild_id else None

    def recent_games(self, guild_id: int, kinds: Sequence[str], limit: int) -> list[GameRow]:
        """The server's newest ``limit`` games of ``kinds`` being played or played to the
        end, newest first, as stored (no cache)."""
        return self.store.played_games_in_guild(guild_id, kinds, limit)

    def statuses(self, game_ids: Sequence[int]) -> dict[int, str]:
        """The status of each of ``game_ids`` as stored (no cache): which of a tournament's
        group games a page can link to."""
        return self.store.game_statuses(game_ids)

    def public_views(self, rows: Sequence[GameRow]) -> dict[int, dict[str, JSON]]:
        """Each stored game's view for the public (the engine's view for no viewer, the
        one a table's message shows) as of its row, read from the store alone, the logs
        since the rows' checkpoints in one query; a lobby, or a table ended before it
        began, has none."""
        since = self.store.since_checkpoints(rows)
        views: dict[int, dict[str, JSON]] = {}
        for row in rows:
            if row.id is None:
                continue
            game = self.games[row.kind]
            state = Table.from_row(row, game, since.get(row.id, ())).state
            if state is not None:
                views[row.id] = game.view(state, None)
        return views

    def events_from(
        self,
        game_id: int,
        first: Callable[[Mapping[str, JSON]], bool],
        page: int = 64,
        *,
        back: int = 1,
    ) -> list[dict[str, JSON]]:
        """The public events of a game's log (as :meth:`recent_events`) from the last one
        that ``first`` picks on (``back``: from the one so many picked back, 2 the one
        before the last), or all if there are fewer: the log read back a page at a time,
        so that a Durchgang's result does not read the whole evening."""
        game = self.games[self.tables.get(game_id).row.kind]
        shown: list[dict[str, JSON]] = []
        before: int | None = None
        while True:
            older = self.store.events_before(game_id, before, page)
            shown[:0] = redacted(game, [e for row in reversed(older) for e in row.events], None)
            picked = (i for i in range(len(shown) - 1, -1, -1) if first(shown[i]))
            at = next(islice(picked, back - 1, None), None)
            if at is not None:
                return shown[at:]
            if len(older) < page:
                return shown
            before = older[-1].seq

    def export_log(self, game_id: int) -> list[dict[str, JSON]]:
        """Every logged action of a game as stored (with the ids): who, what, the events,
        the dice and the hashes that chain it to the action before (over the pseudonymised
        event: :meth:`export_json` has what they cover)."""
        return [export.event_entry(r) for r in self.store.events(game_id)]

    def export_json(self, game_id: int) -> str:
        """The game's export document, pseudonymised, without a Discord id
        (``croupier-game/2``; ``croupier verify`` reads it)."""
        return export.to_json(export.from_store(self.store, game_id))

    def audit(self, game_id: int) -> list[str]:
        """Check a finished game (empty = fair): the hash chain, every draw recomputed from
        the revealed seed, and the logged actions replayed with those draws give the stored
        snapshot (:meth:`verify`)."""
        if self.tables.get(game_id).row.status != FINISHED:
            raise IllegalAction("game.not_over")
        return [problem.detail for problem in self.verify(game_id).problems]

    def verify(self, game_id: int) -> Report:
        """The offline verifier (``croupier verify``) run on the game's export as stored
        now; its draws are checked once the seed is revealed."""
        self.tables.get(game_id)  # IllegalAction for an unknown game
        document = export.read(self.export_json(game_id))
        return verify(document, self.games, setup_verbs=SETUP_VERBS, host_verbs=HOST_ONLY_VERBS)
