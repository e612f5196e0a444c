"""Folding a finished game into the players' history, in one transaction: its
:class:`GameResult` (which marks it folded, so a second fold does nothing), its players'
:class:`PlayerMeasure` sums, its :class:`DrawTally` counts and the server's
:class:`FaceTotal` sums of them, and its ratings
(:func:`bot.history.skill_ratings.rate_game`); what a game counts for (a practice table,
computer seats) :mod:`bot.history.counting` decides. Everything is read from the game's
row and its event log, so folding again from the log (:mod:`bot.history.rebuild`) gives
the same rows. A fold holds its server's history lock (:mod:`bot.history.guild_lock`).

The fold runs plain statements on its transaction's connection, each once for all its
rows (bot.history.upserts): a few reads and writes per game, not the ORM's round trips.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any, NamedTuple

from sqlalchemy import Connection, bindparam, delete, select

from bot.history import skill_ratings as ratings
from bot.history.counting import practice, rated
from bot.history.guild_lock import hold
from bot.history.measures import measures
from bot.history.upserts import Rows, adding, inserting
from bot.play.outcome import FINISHED
from bot.play.tables import Logged, replayed
from bot.plugins import GAMES
from bot.store import DrawTally, EventRow, FaceTotal, GameResult, GameRow, PlayerMeasure
from bot.store.history_rows import ALL_PLAYERS, NO_GUILD


class FinishedGame(NamedTuple):
    """What the fold reads of a finished game's row."""

    id: int
    guild_id: int | None
    kind: str
    options: dict[str, Any]
    snapshot: dict[str, Any]
    snapshot_version: int

    @classmethod
    def of(cls, row: GameRow) -> FinishedGame:
        assert row.id is not None
        return cls(row.id, row.guild_id, row.kind, row.options, row.snapshot, row.snapshot_version)


_GAMES = GameRow.__table__  # type: ignore[attr-defined]
_EVENTS = EventRow.__table__  # type: ignore[attr-defined]
_RESULTS = GameResult.__table__  # type: ignore[attr-defined]
_TALLIES = DrawTally.__table__  # type: ignore[attr-defined]
_FACES = FaceTotal.__table__  # type: ignore[attr-defined]
_MEASURES = PlayerMeasure.__table__  # type: ignore[attr-defined]

_GAME = (
    select(
        *(_GAMES.c[name] for name in FinishedGame._fields),
        _GAMES.c.status,
        _RESULTS.c.game_id.label("folded"),
    )
    .outerjoin(_RESULTS, _RESULTS.c.game_id == _GAMES.c.id)
    .where(_GAMES.c.id == bindparam("game_id"))
)
"""What the fold reads of a game's row, and whether it is folded (its result's id)."""
_LOG = (
    select(
        *(_EVENTS.c[name] for name in ("seq", "actor", "action", "events", "draws", "created_at"))
    )
    .where(_EVENTS.c.game_id == bindparam("game_id"))
    .order_by(_EVENTS.c.seq)
)
_REMEASURED = (
    select(_RESULTS.c.game_id, _RESULTS.c.places, _GAMES.c.options)
    .join(_GAMES, _GAMES.c.id == _RESULTS.c.game_id)
    .where(_RESULTS.c.guild_id == bindparam("guild_id"), _RESULTS.c.kind == bindparam("kind"))
    .order_by(_RESULTS.c.finished_at, _RESULTS.c.game_id)
)
_RESULT = inserting(_RESULTS)
_TALLY = Rows(_TALLIES)
_ADD_MEASURES = adding(_MEASURES, "value")
_ADD_FACES = adding(_FACES, "count")


class LogRow(NamedTuple):
    """One logged action as the fold reads it: the columns it needs of its event row."""

    seq: int
    actor: str | None
    action: dict[str, Any]
    events: list[dict[str, Any]]
    draws: list[dict[str, Any]]
    created_at: datetime


def log_of(connection: Connection, game_id: int) -> list[LogRow]:
    return [LogRow(*row) for row in connection.execute(_LOG, {"game_id": game_id})]


def events_of(log: Sequence[LogRow]) -> list[Mapping[str, Any]]:
    return [event for row in log for event in row.events]


def unfolded_row(connection: Connection, game_id: int) -> FinishedGame | None:
    """Game ``game_id``'s row if it is finished and not folded yet (one read)."""
    found = connection.execute(_GAME, {"game_id": game_id}).one_or_none()
    if found is None or found.status != FINISHED or found.folded is not None:
        return None
    return FinishedGame(*found[: len(FinishedGame._fields)])


def final_places(row: FinishedGame, log: Sequence[LogRow]) -> dict[str, int]:
    """The engine's places of the game's final state (its last checkpoint, with what was
    logged after it played again)."""
    game = GAMES[row.kind]
    since = [event for event in log if event.seq > row.snapshot_version]
    return game.places(replayed(game, row.snapshot, since))


def write(
    connection: Connection, row: FinishedGame, log: Sequence[LogRow], *, measured: bool = True
) -> None:
    """Fold the finished game ``row`` (not folded yet) with its ``log`` into
    ``connection``'s transaction; ``measured``: its measures too (else the caller adds
    them). Its server's history lock is taken first."""
    assert log
    guild_id = row.guild_id or NO_GUILD
    hold(connection, guild_id, folded=1)
    places = final_places(row, log)
    result = GameResult(
        game_id=row.id,
        guild_id=guild_id,
        kind=row.kind,
        finished_at=log[-1].created_at,
        players=list(places),
        places=places,
        rated=rated(row.kind, row.options, places),
    )
    _RESULT.run(connection, result.model_dump())
    if measured and not practice(row.options):
        add_measures(connection, guild_id, row.kind, measures(row.kind, events_of(log), places))
    keep_tallies(connection, tallies(row, log))
    ratings.rate_game(connection, result)


def add_measures(
    connection: Connection, guild_id: int, kind: str, values: Mapping[str, Mapping[str, int]]
) -> None:
    """Add one game's measures to the players' sums (one upsert that adds in the
    database, ``value = value + new``, so that two transactions adding at once both
    count)."""
    rows = [
        {"guild_id": guild_id, "player": player, "kind": kind, "measure": measure, "value": amount}
        for player, counts in values.items()
        for measure, amount in counts.items()
    ]
    _ADD_MEASURES.run_many(connection, rows)


def keep_tallies(connection: Connection, counted: Sequence[Mapping[str, Any]]) -> None:
    """Keep one game's tallies (:func:`tallies`), and add them to its server's face
    totals."""
    _TALLY.run_many(connection, counted)
    add_face_totals(connection, counted)


def add_face_totals(
    connection: Connection, counted: Iterable[Mapping[str, Any]], sign: int = 1
) -> None:
    """Add one game's tallies (``sign`` -1: take them back, and the totals that fell to
    nothing with them, as a rebuild would not have them) to its server's face totals,
    each player's and everyone's (:data:`ALL_PLAYERS`)."""
    sums: Counter[tuple[int, str, str, int, int]] = Counter()
    for tally in counted:
        for player in (tally["player"], ALL_PLAYERS):
            key = (tally["guild_id"], player, tally["kind"], tally["sides"], tally["face"])
            sums[key] += sign * tally["count"]
    keys = ("guild_id", "player", "kind", "sides", "face")
    rows = [dict(zip(keys, key, strict=True)) | {"count": count} for key, count in sums.items()]
    _ADD_FACES.run_many(connection, sorted(rows, key=lambda row: tuple(row.values())))
    if sign < 0:
        for guild_id in sorted({key[0] for key in sums}):
            connection.execute(
                delete(_FACES).where(_FACES.c.guild_id == guild_id, _FACES.c.count == 0)
            )


def tallies(row: FinishedGame, log: Sequence[Logged]) -> list[dict[str, Any]]:
    """Every draw of the game by (who acted, or "" for the system; sides; face): its
    :class:`DrawTally` rows."""
    counts = Counter(
        (event.actor or "", int(draw["sides"]), int(draw["value"]))
        for event in log
        for draw in event.draws
    )
    return [
        {
            "game_id": row.id,
            "player": player,
            "sides": sides,
            "face": face,
            "count": count,
            "guild_id": row.guild_id or NO_GUILD,
            "kind": row.kind,
        }
        for (player, sides, face), count in sorted(counts.items())
    ]


def fold_in(connection: Connection, game_id: int) -> bool:
    """Fold game ``game_id`` in ``connection``'s transaction if it is finished and not
    folded; whether it did."""
    row = unfolded_row(connection, game_id)
    if row is None:
        return False
    write(connection, row, log_of(connection, game_id))
    return True


def remeasure(connection: Connection, guild_id: int, kind: str) -> None:
    """The measures of ``kind`` on a server summed anew over its folded games, practice
    tables left out as the fold leaves them (after a folded tournament was corrected: its
    old measures cannot be taken back one by one)."""
    connection.execute(
        delete(_MEASURES).where(_MEASURES.c.guild_id == guild_id, _MEASURES.c.kind == kind)
    )
    folded = connection.execute(_REMEASURED, {"guild_id": guild_id, "kind": kind})
    for game_id, places, options in list(folded):
        if practice(options):
            continue
        log = log_of(connection, game_id)
        add_measures(connection, guild_id, kind, measures(kind, events_of(log), places))
