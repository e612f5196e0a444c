"""The :class:`Store`: every read and write of games and their event log."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple, TypeVar

from sqlalchemy import Connection, Engine, Text, bindparam, case, cast, insert, or_, update
from sqlalchemy import select as sa_select
from sqlalchemy.orm import defer
from sqlmodel import Session, col, select

from bot import json_text
from bot.clocks.clock import Clock
from bot.engine.chain import Pseudonyms, chained_event, chained_texts, new_actor_key
from bot.store.clock_rows import WRITTEN as CLOCK_COLUMNS
from bot.store.clock_rows import StoredClock, clock_values
from bot.store.columns import driver_time, utcnow
from bot.store.kept import KeptConnection
from bot.store.models import EventRow, GameRow, GameStatus, GuildSettings, PlayerName
from bot.store.prepared import Prepared
from bot.store.store_errors import GameNotFound, VersionConflict

T = TypeVar("T")

JSONDict = dict[str, Any]


class Appended(NamedTuple):
    """What :meth:`Store.append` wrote: the game's new version, the chain's new head and
    the clock as written (to be given back with the next action: ``clock_before``)."""

    version: int
    head_hash: str
    clock: StoredClock | None = None


class LogRow(NamedTuple):
    """One logged action as a replay reads it (:meth:`Store.log`): the fields of an
    :class:`EventRow` that :func:`bot.engine.replay.apply_logged` and a log's readers use,
    its JSON as the text stored (read by :func:`bot.json_text.loads` where needed)."""

    seq: int
    actor: str | None
    action: str
    events: str
    draws: str


class Store:
    """Games and their events on one database.

    Rows handed out are detached copies with every attribute loaded; changing them changes
    nothing in the database. Each write method is one transaction: it either happens in full
    or leaves no trace.
    """

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._writes = KeptConnection(engine)
        self._time = driver_time(engine.dialect)

    def close(self) -> None:
        """Give back the connection the per-action writes keep."""
        self._writes.close()

    def _session(self) -> Session:
        return Session(self.engine, expire_on_commit=False)

    def transaction(self, work: Callable[[Connection], T]) -> T:
        """``work(connection)`` in one transaction on the connection the per-action writes
        keep (no pool checkout, no ping): committed if it returns, rolled back if it
        raises; run once more on a new connection if the kept one was found broken."""
        return self._writes.run(work)

    def create_game(
        self,
        *,
        kind: str,
        players: Sequence[str],
        options: JSONDict,
        snapshot: JSONDict,
        seed: str,
        seed_hash: str,
        rng_counter: int,
        guild_id: int | None = None,
        channel_id: int | None = None,
        locale: str = "de",
        status: str = GameStatus.OPEN.value,
        actor: str | None = None,
        action: JSONDict,
        events: list[JSONDict],
        draws: list[JSONDict],
        announced: bool = False,
        people: Sequence[str] | None = None,
    ) -> GameRow:
        """Insert a game at version 1 together with its setup event (seq 1), whose
        ``prev_hash`` is the seed commitment (the start of the hash chain); ``announced``:
        nothing is owed for it (an interaction's answer shows it). The game gets its secret
        key of pseudonyms; ``people``: the persons it names so far (None: the players and
        the actor), whose ids its chain covers as pseudonyms (bot.engine.chain)."""
        if people is None:
            people = [*players, *([actor] if actor is not None else [])]
        names = Pseudonyms(new_actor_key(), people)
        game = GameRow(
            kind=kind,
            players=list(players),
            options=options,
            snapshot=snapshot,
            seed=seed,
            seed_hash=seed_hash,
            rng_counter=rng_counter,
            guild_id=guild_id,
            channel_id=channel_id,
            locale=locale,
            status=status,
            version=1,
            snapshot_version=1,
            announced=int(announced),
            actor_key=names.key,
            people=names.people,
        )
        with self._session() as session, session.begin():
            session.add(game)
            session.flush()
            assert game.id is not None
            event = _event_values(
                game.id, 1, actor=actor, action=action, events=events, draws=draws,
                prev_hash=seed_hash, names=names,
            )  # fmt: skip
            game.head_hash = event["hash"]
            session.add(EventRow(**event))
        return game

    def append(
        self,
        game_id: int,
        *,
        expected_version: int,
        actor: str | None,
        action: JSONDict,
        events: list[JSONDict],
        draws: list[JSONDict],
        snapshot: JSONDict | None,
        rng_counter: int,
        status: str | None = None,
        players: Sequence[str] | None = None,
        prev_hash: str | None = None,
        clock: Clock | None = None,
        clock_before: StoredClock | None = None,
        options: JSONDict | None = None,
        marks: Mapping[int, int] | None = None,
        names: Pseudonyms | None = None,
        named: Sequence[str] = (),
    ) -> Appended:
        """Record one action: the event row, and the new snapshot if one is given (a
        checkpoint; None keeps the stored one), if the game is still at
        ``expected_version`` (and its chain head is ``prev_hash``). Returns the new version
        and chain head; raises :class:`VersionConflict` (or :class:`GameNotFound`) and
        writes nothing otherwise.

        ``prev_hash`` is the game's ``head_hash`` as the caller last saw it (the service
        keeps it with its cached row); without it the head is read first. ``clock_before``:
        the clock the game's previous append wrote (:attr:`Appended.clock`), whose bound
        values are taken for the fields ``clock`` keeps. ``marks``: delivery marks (game id
        -> version, as :meth:`set_announced`) written in the same transaction. ``names``:
        the game's pseudonyms as the caller keeps them (:meth:`pseudonyms`; without them
        they are read first); ``named``: the persons the action names, whom the game's
        ``people`` gain if new (``names`` grows once the action is written).

        The values are bound plain (bot.store.prepared): the event's JSON is the hash
        chain's text (serialised once), the times are formatted once."""
        version = expected_version + 1
        if prev_hash is None:
            prev_hash = self._head(game_id, expected_version)
        if names is None:
            names = self.pseudonyms(game_id)
        hashed, new = names, [p for p in named if p not in names.names]
        if new:  # the cached names grow only once the row has them
            hashed = Pseudonyms(names.key, [*names.names, *new])
        chained = chained_texts(
            game_id=game_id, seq=version, actor=actor, action=action, events=events,
            draws=draws, prev_hash=prev_hash, names=hashed,
        )  # fmt: skip
        now = self._time(utcnow())
        event = {
            "game_id": game_id,
            "seq": version,
            "actor": actor,
            "action": chained.action,
            "events": chained.events,
            "draws": chained.draws,
            "prev_hash": prev_hash,
            "hash": chained.hash,
            "created_at": now,
        }
        values: JSONDict = {
            "v_id": game_id,
            "v_expected": expected_version,
            "v_prev_hash": prev_hash,
            "v_rng_counter": rng_counter,
            "v_version": version,
            "v_head_hash": chained.hash,
            "v_updated_at": now,
        }
        if snapshot is not None:
            values["v_snapshot"] = json_text.dumps(snapshot)
            values["v_snapshot_version"] = version
        if status is not None:
            values["v_status"] = status
        if players is not None:
            values["v_players"] = json_text.dumps(list(players))
        stored = None
        if clock is not None:
            assert clock.game_id == game_id
            stored = StoredClock(clock, clock_values(clock, self._time, clock_before))
            values.update(stored.values)
        if options is not None:
            values["v_options"] = json_text.dumps(options)
        if new:
            values["v_people"] = json_text.dumps(hashed.people)
        rows = [{"v_id": g, "v_announced": v} for g, v in (marks or {}).items()]
        stmt = _game_update(
            snapshot is not None,
            status is not None,
            players is not None,
            clock is not None,
            options=options is not None,
            people=bool(new),
        )

        def write(connection: Connection) -> None:
            if stmt.run(connection, values) != 1:
                with self._session() as session:
                    if session.get(GameRow, game_id) is None:
                        raise GameNotFound(game_id)
                raise VersionConflict(game_id, expected_version)
            _EVENT_INSERT.run(connection, event)
            _SET_ANNOUNCED.run_many(connection, rows)

        self._writes.run(write)
        if new:
            names.grow(new)
        return Appended(version, chained.hash, stored)

    def pseudonyms(self, game_id: int) -> Pseudonyms:
        """A game's key and people as stored (raises :class:`GameNotFound`)."""
        stmt = select(GameRow.actor_key, GameRow.people).where(col(GameRow.id) == game_id)
        with self._session() as session:
            found = session.exec(stmt).first()
        if found is None:
            raise GameNotFound(game_id)
        return Pseudonyms(found[0], found[1])

    def _head(self, game_id: int, version: int) -> str:
        """The chain head of a game at ``version`` ("" if it is not at that version)."""
        stmt = select(GameRow.head_hash).where(
            col(GameRow.id) == game_id, col(GameRow.version) == version
        )
        with self._session() as session:
            return session.exec(stmt).first() or ""

    def set_message(self, game_id: int, message_id: int) -> None:
        """Remember the Discord message that shows the game (not versioned): the newer of
        the one stored and ``message_id`` (Discord's ids grow with time), so that a
        process late to write an older message never overwrites a newer one."""
        params = {"v_id": game_id, "v_message_id": message_id}
        if self._writes.run(lambda connection: _SET_MESSAGE.run(connection, params)) != 1:
            raise GameNotFound(game_id)

    def set_turn_notice(self, game_id: int, notice: dict[str, Any] | None) -> None:
        """Remember who was told of his turn, and by which ping (not versioned)."""
        params = {"v_id": game_id, "v_turn_notice": notice}
        if self._writes.run(lambda connection: _SET_TURN_NOTICE.run(connection, params)) != 1:
            raise GameNotFound(game_id)

    def set_announced(self, marks: Mapping[int, int]) -> None:
        """Games announced up to a version (game id -> version), in one transaction; a mark
        never moves back."""
        rows = [{"v_id": game_id, "v_announced": v} for game_id, v in marks.items()]
        if rows:
            self._writes.run(lambda connection: _SET_ANNOUNCED.run_many(connection, rows))

    def unannounced(self) -> list[tuple[int, int, int, int | None]]:
        """(game id, announced, version, server) of every game that still owes
        announcements."""
        stmt = select(GameRow.id, GameRow.announced, GameRow.version, GameRow.guild_id).where(
            col(GameRow.announced) < col(GameRow.version)
        )
        with self._session() as session:
            return [(int(i or 0), a, v, g) for i, a, v, g in session.exec(stmt)]

    def announced(self, game_id: int) -> int:
        """The newest version of a game whose announcements are marked delivered (written by
        whichever process delivered them)."""
        stmt = select(GameRow.announced).where(col(GameRow.id) == game_id)
        with self._session() as session:
            return session.exec(stmt).first() or 0

    def live_versions(self) -> list[tuple[int, int, int | None]]:
        """(game id, version, server) of every lobby and game being played: what a process
        compares its cached tables with when it may have missed another's notices."""
        stmt = select(GameRow.id, GameRow.version, GameRow.guild_id).where(
            col(GameRow.status).in_(_LIVE)
        )
        with self._session() as session:
            return [(int(i or 0), v, g) for i, v, g in session.exec(stmt)]

    def get(self, game_id: int) -> GameRow:
        with self._session() as session:
            game = session.get(GameRow, game_id)
        if game is None:
            raise GameNotFound(game_id)
        return game

    def game_header(self, game_id: int) -> GameRow:
        """A game without its checkpoint (``snapshot`` raises if read: it is not loaded):
        what a page about the game shows of it, without reading its whole state."""
        stmt = select(GameRow).where(col(GameRow.id) == game_id)
        stmt = stmt.options(defer(GameRow.snapshot, raiseload=True))  # type: ignore[arg-type]
        with self._session() as session:
            found = session.exec(stmt).first()
        if found is None:
            raise GameNotFound(game_id)
        return found

    def open_games(self, guild_id: int | None = None) -> list[GameRow]:
        """Every lobby and game still being played (of server ``guild_id``: None, of
        every server), oldest first."""
        stmt = select(GameRow).where(col(GameRow.status).in_(_LIVE)).order_by(col(GameRow.id))
        if guild_id is not None:
            stmt = stmt.where(col(GameRow.guild_id) == guild_id)
        with self._session() as session:
            return list(session.exec(stmt))

    def latest_game(self, kind: str | None, channel_id: int) -> GameRow | None:
        """The newest game of a kind (any kind: None) opened in a channel (finished ones
        included)."""
        stmt = select(GameRow).where(col(GameRow.channel_id) == channel_id)
        if kind is not None:
            stmt = stmt.where(col(GameRow.kind) == kind)
        stmt = stmt.order_by(col(GameRow.id).desc()).limit(1)
        with self._session() as session:
            return session.exec(stmt).first()

    def games_in_guild(self, kind: str, guild_id: int, limit: int) -> list[GameRow]:
        """The newest ``limit`` games of a kind opened in a server, newest first (finished
        ones included)."""
        stmt = (
            select(GameRow)
            .where(col(GameRow.kind) == kind, col(GameRow.guild_id) == guild_id)
            .order_by(col(GameRow.id).desc())
            .limit(limit)
        )
        with self._session() as session:
            return list(session.exec(stmt))

    def played_games_in_guild(
        self, guild_id: int, kinds: Sequence[str], limit: int
    ) -> list[GameRow]:
        """The newest ``limit`` games of ``kinds`` in a server that are being played or
        were played to the end (no lobby, nothing ended early), newest first."""
        stmt = (
            select(GameRow)
            .where(col(GameRow.guild_id) == guild_id, col(GameRow.kind).in_(kinds))
            .where(col(GameRow.status).in_(_PLAYED))
            .order_by(col(GameRow.id).desc())
            .limit(limit)
        )
        with self._session() as session:
            return list(session.exec(stmt))

    def game_statuses(self, game_ids: Sequence[int]) -> dict[int, str]:
        """The status of each of ``game_ids`` that exists, in one query."""
        if not game_ids:
            return {}
        stmt = select(GameRow.id, GameRow.status).where(col(GameRow.id).in_(list(game_ids)))
        with self._session() as session:
            return {game_id: status for game_id, status in session.exec(stmt) if game_id}

    def events(self, game_id: int, upto: int | None = None, after: int = 0) -> list[EventRow]:
        """The event log of a game, in order (empty for an unknown game); with ``upto`` only
        the events up to that version (those of a game row read before: an action committed
        in between does not show); with ``after`` only those after that version (the ones
        since a checkpoint)."""
        stmt = select(EventRow).where(col(EventRow.game_id) == game_id).order_by(col(EventRow.seq))
        if upto is not None:
            stmt = stmt.where(col(EventRow.seq) <= upto)
        if after:
            stmt = stmt.where(col(EventRow.seq) > after)
        with self._session() as session:
            return list(session.exec(stmt))

    def log(self, game_id: int) -> list[LogRow]:
        """The event log of a game as plain rows, in order: what a replay reads (its
        actions, draws and events), its JSON as text, without a model object per row or
        a parsed value (a reader that keeps a log keeps a few strings a row)."""
        stmt = (
            sa_select(
                col(EventRow.seq),
                col(EventRow.actor),
                cast(col(EventRow.action), Text),
                cast(col(EventRow.events), Text),
                cast(col(EventRow.draws), Text),
            )
            .where(col(EventRow.game_id) == game_id)
            .order_by(col(EventRow.seq))
        )
        with self.engine.connect() as connection:
            return [LogRow(*row) for row in connection.execute(stmt)]

    def events_before(self, game_id: int, before: int | None, limit: int) -> list[EventRow]:
        """At most ``limit`` events of a game's log before version ``before`` (None: the
        last ones), newest first: the log read back a page at a time."""
        stmt = select(EventRow).where(col(EventRow.game_id) == game_id)
        if before is not None:
            stmt = stmt.where(col(EventRow.seq) < before)
        stmt = stmt.order_by(col(EventRow.seq).desc()).limit(limit)
        with self._session() as session:
            return list(session.exec(stmt))

    def since_checkpoints(self, games: Sequence[GameRow]) -> dict[int, list[EventRow]]:
        """For game rows read before: each one's events after its snapshot's version up to
        its version (what to replay on the snapshot), in one query for all of them."""
        if not games:
            return {}
        known = {game.id: game for game in games if game.id is not None}
        stmt = (
            select(EventRow)
            .join(GameRow, col(GameRow.id) == col(EventRow.game_id))
            .where(
                col(EventRow.game_id).in_(list(known)),
                col(EventRow.seq) > col(GameRow.snapshot_version),
            )
            .order_by(col(EventRow.game_id), col(EventRow.seq))
        )
        found: dict[int, list[EventRow]] = {}
        with self._session() as session:
            for event in session.exec(stmt):
                game = known[event.game_id]
                if game.snapshot_version < event.seq <= game.version:
                    found.setdefault(event.game_id, []).append(event)
        for game_id, game in known.items():  # a checkpoint written since the rows were read
            wanted = game.version - game.snapshot_version
            if len(found.get(game_id, ())) != wanted:
                found[game_id] = self.events(game_id, game.version, game.snapshot_version)
        return found

    def guild_locale(self, guild_id: int) -> str | None:
        """The language a server chose, if it chose one."""
        with self._session() as session:
            settings = session.get(GuildSettings, guild_id)
        return None if settings is None else settings.locale

    def set_guild_locale(self, guild_id: int, locale: str) -> None:
        self._update_settings(guild_id, locale=locale)

    def croupier_role(self, guild_id: int) -> int | None:
        with self._session() as session:
            settings = session.get(GuildSettings, guild_id)
        return None if settings is None else settings.croupier_role_id

    def set_croupier_role(self, guild_id: int, role_id: int | None) -> None:
        self._update_settings(guild_id, croupier_role_id=role_id)

    def guild_time_zone(self, guild_id: int) -> str | None:
        """The time zone a server chose for tournament evenings, if it chose one."""
        with self._session() as session:
            settings = session.get(GuildSettings, guild_id)
        return None if settings is None else settings.time_zone

    def set_guild_time_zone(self, guild_id: int, zone: str | None) -> None:
        self._update_settings(guild_id, time_zone=zone)

    def guild_web_key(self, guild_id: int) -> str | None:
        """The key of the server's web pages (None: they are off)."""
        with self._session() as session:
            settings = session.get(GuildSettings, guild_id)
        return None if settings is None else settings.web_key

    def set_guild_web_key(self, guild_id: int, key: str | None) -> None:
        self._update_settings(guild_id, web_key=key)

    def guild_of_web_key(self, key: str) -> int | None:
        """The server whose web pages have ``key`` (None: no server's, or turned off)."""
        stmt = select(GuildSettings.guild_id).where(col(GuildSettings.web_key) == key)
        with self._session() as session:
            return session.exec(stmt).first()

    def _update_settings(self, guild_id: int, **values: Any) -> None:
        with self._session() as session, session.begin():
            settings = session.get(GuildSettings, guild_id) or GuildSettings(guild_id=guild_id)
            for key, value in values.items():
                setattr(settings, key, value)
            session.add(settings)

    def player_name(self, user_id: str) -> str | None:
        with self._session() as session:
            row = session.get(PlayerName, user_id)
        return None if row is None else row.name

    def player_locale(self, user_id: str) -> str | None:
        with self._session() as session:
            row = session.get(PlayerName, user_id)
        return None if row is None else row.locale

    def player_notify(self, user_id: str) -> str | None:
        """How he wants to be told of his turn (None: as everybody, by the channel's ping)."""
        with self._session() as session:
            row = session.get(PlayerName, user_id)
        return None if row is None else row.notify

    def set_player_notify(self, user_id: str, notify: str | None) -> None:
        with self._session() as session, session.begin():
            row = session.get(PlayerName, user_id)
            if row is None:
                session.add(PlayerName(user_id=user_id, name=user_id, notify=notify))
            else:
                row.notify = notify

    def set_player_name(self, user_id: str, name: str, locale: str | None = None) -> None:
        """His display name (and, if given, his Discord language; else the one kept)."""
        with self._session() as session, session.begin():
            row = session.get(PlayerName, user_id)
            if row is None:
                session.add(PlayerName(user_id=user_id, name=name, locale=locale))
            else:
                row.name = name
                row.locale = locale or row.locale


_LIVE = (GameStatus.LOBBY.value, GameStatus.OPEN.value, GameStatus.PAUSED.value)
_PLAYED = (GameStatus.OPEN.value, GameStatus.PAUSED.value, GameStatus.FINISHED.value)
"""The statuses of a game being played (a lobby, a running or a paused game)."""
_GAMES = GameRow.__table__  # type: ignore[attr-defined]
_EVENTS = EventRow.__table__  # type: ignore[attr-defined]
_EVENT_COLUMNS = [
    "game_id",
    "seq",
    "actor",
    "action",
    "events",
    "draws",
    "prev_hash",
    "hash",
    "created_at",
]
_EVENT_INSERT = Prepared(  # every column of an event row but its id
    insert(_EVENTS).values({name: bindparam(name) for name in _EVENT_COLUMNS}), plain=True
)
_GAME_UPDATES: dict[tuple[bool, bool, bool, bool, bool, bool], Prepared] = {}
_SET_MESSAGE = Prepared(
    update(_GAMES)
    .where(_GAMES.c.id == bindparam("v_id"))
    .values(
        message_id=case(
            (
                or_(_GAMES.c.message_id.is_(None), _GAMES.c.message_id < bindparam("v_message_id")),
                bindparam("v_message_id"),
            ),
            else_=_GAMES.c.message_id,
        )
    ),
    plain=True,
)
_SET_TURN_NOTICE = Prepared(
    update(_GAMES)
    .where(_GAMES.c.id == bindparam("v_id"))
    .values(turn_notice=bindparam("v_turn_notice"))
)
_SET_ANNOUNCED = Prepared(
    update(_GAMES)
    .where(_GAMES.c.id == bindparam("v_id"), _GAMES.c.announced < bindparam("v_announced"))
    .values(announced=bindparam("v_announced")),
    plain=True,
)


def _game_update(
    snapshot: bool,
    status: bool,
    players: bool,
    clock: bool,
    *,
    options: bool = False,
    people: bool = False,
) -> Prepared:
    """The versioned update of a game row after an action, built once per shape (building
    statements per call was a large part of an action's cost, see docs/PERFORMANCE.md)."""
    key = (snapshot, status, players, clock, options, people)
    stmt = _GAME_UPDATES.get(key)
    if stmt is None:
        columns = ["rng_counter", "version", "head_hash", "updated_at"]
        columns += ["snapshot", "snapshot_version"] * snapshot
        columns += ["status"] * status + ["players"] * players
        columns += list(CLOCK_COLUMNS) * clock + ["options"] * options + ["people"] * people
        stmt = _GAME_UPDATES[key] = Prepared(
            update(_GAMES)
            .where(
                _GAMES.c.id == bindparam("v_id"),
                _GAMES.c.version == bindparam("v_expected"),
                _GAMES.c.head_hash == bindparam("v_prev_hash"),
            )
            .values({name: bindparam(f"v_{name}") for name in columns}),
            plain=True,
        )
    return stmt


def _event_values(
    game_id: int,
    seq: int,
    *,
    actor: str | None,
    action: JSONDict,
    events: list[JSONDict],
    draws: list[JSONDict],
    prev_hash: str,
    names: Pseudonyms,
) -> JSONDict:
    """The columns of one event row, its place in the hash chain included (format 2: over
    the game's pseudonyms ``names``)."""
    values = chained_event(
        game_id=game_id, seq=seq, actor=actor, action=action, events=events, draws=draws,
        prev_hash=prev_hash, names=names,
    )  # fmt: skip
    values["created_at"] = utcnow()
    return values
