"""A server's data (issue 48): when the bot was removed from a server (``left_at``), which
servers are past their grace period, and erasing a server from every table in one
transaction.

What :func:`erase_server` deletes, by table: the server's games and everything keyed by
them (their logged events, watchers, dice counts, results, the history's to-do rows), the
history keyed by the server (statistics, dice totals, ratings, seasons, its fold
bookkeeping) and its settings. Player names are not a server's: a name row goes only
when its person has no game left anywhere.

On SQLite the erasure runs with ``secure_delete`` on, as every connection does (SQLite
overwrites what it deletes with zeros), and ends with a TRUNCATE checkpoint
(bot.privacy.wiped), so the write-ahead log, which still holds the pages as they were, is
emptied: no byte of the server's id is left in the file, neither
as text nor as the big-endian integer SQLite stores (a test scans the file). On
PostgreSQL the rows are gone for every reader at once; the old tuples stay on disk until
the database's autovacuum reuses their space (docs/DECISIONS.md)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import delete, exists, or_, select, text, update
from sqlalchemy.engine import Connection, Engine
from sqlmodel import Session, col

from bot.audit.export import from_store
from bot.cluster.notices import CHANNEL_SQL
from bot.privacy.wiped import rows_changed, settle_file
from bot.store import Store
from bot.store.columns import utcnow
from bot.store.history_rows import (
    DrawTally,
    FaceTotal,
    GameResult,
    HistoryGuild,
    PlayerMeasure,
    Rating,
    Season,
    UnfoldedGame,
    Watcher,
)
from bot.store.models import EventRow, GameRow, GuildSettings, PlayerName

DEFAULT_DAYS = 30
"""``SERVER_DATA_DAYS``: days between the bot's removal from a server and its erasure."""


@dataclass
class ServerErased:
    """What one server's erasure deleted: rows per table."""

    guild_id: int
    rows: dict[str, int] = field(default_factory=dict)
    forgotten: list[str] = field(default_factory=list)
    """The people whose name row went with it (no game left names them)."""

    @property
    def games(self) -> int:
        return self.rows.get("games", 0)

    @property
    def events(self) -> int:
        return self.rows.get("game_events", 0)

    @property
    def total(self) -> int:
        return sum(self.rows.values())


def mark_left(engine: Engine, guild_id: int, when: datetime | None = None) -> None:
    """The bot was removed from ``guild_id``: its erasure is due ``SERVER_DATA_DAYS`` later
    (a settings row is made for a server that had none)."""
    with engine.begin() as connection:
        found = connection.execute(
            update(GuildSettings)
            .where(col(GuildSettings.guild_id) == guild_id)
            .values(left_at=when or utcnow())
        )
        if rows_changed(found) == 0:
            row = GuildSettings(guild_id=guild_id, left_at=when or utcnow())
            connection.execute(
                GuildSettings.__table__.insert().values(  # type: ignore[attr-defined]
                    **row.model_dump()
                )
            )


def mark_back(engine: Engine, guild_id: int) -> bool:
    """The bot was added to ``guild_id`` (again): no erasure is due. Whether one was."""
    with engine.begin() as connection:
        found = connection.execute(
            update(GuildSettings)
            .where(col(GuildSettings.guild_id) == guild_id, col(GuildSettings.left_at).is_not(None))
            .values(left_at=None)
        )
    return rows_changed(found) > 0


NOTED = datetime(1970, 1, 1, tzinfo=UTC)
"""The ``left_at`` of a server whose admin confirmed its erasure: due at once, whatever the
grace period, so that the next sweep (at a start, with the clocks) finishes an erasure a
stop cut off."""


def note_erasure(engine: Engine, guild_id: int) -> None:
    """An admin confirmed the server's erasure: noted in its own transaction, before the
    tables are ended and the rows go."""
    mark_left(engine, guild_id, NOTED)


def due(engine: Engine, days: int, now: datetime | None = None) -> list[int]:
    """The servers the bot left more than ``days`` days before ``now``."""
    before = (now or utcnow()) - timedelta(days=days)
    with engine.connect() as connection:
        found = connection.execute(
            select(col(GuildSettings.guild_id))
            .where(col(GuildSettings.left_at).is_not(None), col(GuildSettings.left_at) < before)
            .order_by(col(GuildSettings.guild_id))
        )
        return [int(row[0]) for row in found]


def erase_server(engine: Engine, guild_id: int) -> ServerErased:
    """Delete every row of ``guild_id`` in every table, in one transaction (see the
    module's docstring); the caller forgets the server in its caches."""
    done = ServerErased(guild_id)
    games = select(col(GameRow.id)).where(col(GameRow.guild_id) == guild_id).scalar_subquery()
    with engine.begin() as connection:
        alone = _alone(connection, guild_id)  # read before the first write (SQLite's lock)
        by_game: tuple[tuple[str, Any, Any], ...] = (
            ("game_events", EventRow, col(EventRow.game_id).in_(games)),
            ("watchers", Watcher, col(Watcher.game_id).in_(games)),
            ("draw_tallies", DrawTally,
             or_(col(DrawTally.game_id).in_(games), col(DrawTally.guild_id) == guild_id)),
            ("game_results", GameResult,
             or_(col(GameResult.game_id).in_(games), col(GameResult.guild_id) == guild_id)),
            ("history_unfolded", UnfoldedGame, col(UnfoldedGame.game_id).in_(games)),
        )  # fmt: skip
        for name, table, where in by_game:
            done.rows[name] = rows_changed(connection.execute(delete(table).where(where)))
        done.rows["games"] = rows_changed(
            connection.execute(delete(GameRow).where(col(GameRow.guild_id) == guild_id))
        )
        for name, table in (("player_measures", PlayerMeasure), ("face_totals", FaceTotal),
                            ("ratings", Rating), ("seasons", Season),
                            ("history_guilds", HistoryGuild),
                            ("guild_settings", GuildSettings)):  # fmt: skip
            gone = connection.execute(delete(table).where(col(table.guild_id) == guild_id))
            done.rows[name] = rows_changed(gone)
        done.forgotten = alone
        done.rows["player_names"] = rows_changed(
            connection.execute(delete(PlayerName).where(col(PlayerName.user_id).in_(alone)))
        )
        if engine.dialect.name != "sqlite":  # the settings trigger notices updates only:
            channel = connection.execute(text(CHANNEL_SQL)).scalar_one()  # tell the others
            connection.execute(
                text("SELECT pg_notify(:channel, :payload)"),
                {"channel": channel, "payload": f"guild {guild_id}"},
            )
    settle_file(engine)
    return done


def _alone(connection: Connection, guild_id: int) -> list[str]:
    """The people the server's games seat or name whom no other server's game names: their
    names go with the server. Two reads, before any write: on SQLite the scan of every game
    holds no write lock yet."""
    people: set[str] = set()
    mine = connection.execute(
        select(col(GameRow.players), col(GameRow.people)).where(col(GameRow.guild_id) == guild_id)
    )
    for players, named in mine:
        people.update(p for p in (*(players or ()), *(named or ())))
    if not people:
        return []
    others = connection.execute(
        select(col(GameRow.players), col(GameRow.people)).where(
            or_(col(GameRow.guild_id).is_(None), col(GameRow.guild_id) != guild_id)
        )
    )
    for players, named in others:
        people.difference_update((*(players or ()), *(named or ())))
        if not people:
            break
    return sorted(people)


EXPORT_FORMAT = "croupier-server-data/1"
HISTORY_TABLES: tuple[tuple[str, Any], ...] = (
    ("results", GameResult), ("statistics", PlayerMeasure), ("dice_totals", FaceTotal),
    ("ratings", Rating), ("seasons", Season),
)  # fmt: skip
"""The server's history in its export: section and table (keyed by ``guild_id``)."""


def _plain(value: Any) -> Any:
    return value.isoformat() if isinstance(value, datetime) else value


def collect_server(store: Store, guild_id: int) -> dict[str, Any]:
    """Everything the store keeps of ``guild_id``, JSON-ready: its settings, each game's
    export as ``croupier verify`` reads it (format 2), and its history."""
    with Session(store.engine) as session:
        settings = session.get(GuildSettings, guild_id)
        numbers = list(
            session.execute(
                select(col(GameRow.id))
                .where(col(GameRow.guild_id) == guild_id)
                .order_by(col(GameRow.id))
            ).scalars()
        )
        history = {
            section: [
                {k: _plain(v) for k, v in row.model_dump().items()}
                for row in session.execute(
                    select(table).where(col(table.guild_id) == guild_id)
                ).scalars()
            ]
            for section, table in HISTORY_TABLES
        }
    kept = {} if settings is None else settings.model_dump(exclude={"web_key"})
    return {
        "format": EXPORT_FORMAT,
        "server": guild_id,
        "settings": {k: _plain(v) for k, v in kept.items()},
        "games": [from_store(store, number) for number in numbers if number is not None],
        **history,
    }


def has_data(engine: Engine, guild_id: int) -> bool:
    """Whether the store holds anything of ``guild_id`` (a game or its settings)."""
    with engine.connect() as connection:
        return bool(
            connection.execute(
                select(
                    or_(
                        exists().where(col(GameRow.guild_id) == guild_id),
                        exists().where(col(GuildSettings.guild_id) == guild_id),
                    )
                )
            ).scalar()
        )
