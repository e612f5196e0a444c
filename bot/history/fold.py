"""Folding a finished game into the players' history, in one transaction: its
:class:`GameResult` (which marks it folded, so a second fold does nothing), its players'
:class:`PlayerMeasure` sums, its :class:`DrawTally` counts and the server's
:class:`FaceTotal` sums of them, and its ratings
(:func:`bot.history.skill_ratings.rate_game`); what a game counts for (a practice table,
computer seats) :mod:`bot.history.counting` decides. Everything is read from the game's
row and its event log, so folding again from the log (:mod:`bot.history.rebuild`) gives
the same rows. A fold holds its server's history lock (:mod:`bot.history.guild_lock`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from sqlalchemy import delete
from sqlalchemy.dialects.postgresql import insert as postgres_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlmodel import Session, col, select

from bot.history import skill_ratings as ratings
from bot.history.counting import practice, rated
from bot.history.guild_lock import hold
from bot.history.measures import measures
from bot.play.outcome import FINISHED
from bot.play.tables import Table
from bot.plugins import GAMES
from bot.store import DrawTally, EventRow, FaceTotal, GameResult, GameRow, PlayerMeasure
from bot.store.history_rows import ALL_PLAYERS, NO_GUILD


def log_of(session: Session, game_id: int) -> list[EventRow]:
    stmt = select(EventRow).where(col(EventRow.game_id) == game_id).order_by(col(EventRow.seq))
    return list(session.exec(stmt))


def events_of(log: Sequence[EventRow]) -> list[Mapping[str, Any]]:
    return [event for row in log for event in row.events]


def final_places(row: GameRow, log: Sequence[EventRow]) -> dict[str, int]:
    """The engine's places of the game's final state (its last checkpoint, with what was
    logged after it played again)."""
    game = GAMES[row.kind]
    since = [event for event in log if event.seq > row.snapshot_version]
    return game.places(Table.from_row(row, game, since).state)


def write(
    session: Session, row: GameRow, log: Sequence[EventRow], *, measured: bool = True
) -> None:
    """Fold the finished game ``row`` (not folded yet) with its ``log`` into ``session``'s
    transaction; ``measured``: its measures too (else the caller adds them). Its server's
    history lock is taken first."""
    assert row.id is not None and log
    guild_id = row.guild_id or NO_GUILD
    hold(session, guild_id, folded=1)
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
    session.add(result)
    if measured and not practice(row.options):
        add_measures(session, result.guild_id, row.kind, measures(row.kind, events_of(log), places))
    keep_tallies(session, tallies(row, log))
    session.flush()
    ratings.rate_game(session, result)


def add_measures(
    session: Session, guild_id: int, kind: str, values: Mapping[str, Mapping[str, int]]
) -> None:
    """Add one game's measures to the players' sums (:func:`_add`)."""
    rows = [
        {"guild_id": guild_id, "player": player, "kind": kind, "measure": measure, "value": amount}
        for player, counts in values.items()
        for measure, amount in counts.items()
    ]
    _add(session, PlayerMeasure, "value", rows)


def keep_tallies(session: Session, counted: Sequence[DrawTally]) -> None:
    """Keep one game's tallies, and add them to its server's face totals."""
    session.add_all(counted)
    add_face_totals(session, counted)


def add_face_totals(session: Session, counted: Iterable[DrawTally], sign: int = 1) -> None:
    """Add one game's tallies (``sign`` -1: take them back, and the totals that fell to
    nothing with them, as a rebuild would not have them) to its server's face totals,
    each player's and everyone's (:data:`ALL_PLAYERS`)."""
    sums: Counter[tuple[int, str, str, int, int]] = Counter()
    for tally in counted:
        for player in (tally.player, ALL_PLAYERS):
            sums[tally.guild_id, player, tally.kind, tally.sides, tally.face] += sign * tally.count
    keys = ("guild_id", "player", "kind", "sides", "face")
    rows = [dict(zip(keys, key, strict=True)) | {"count": count} for key, count in sums.items()]
    _add(session, FaceTotal, "count", sorted(rows, key=lambda row: tuple(row.values())))
    if sign < 0:
        for guild_id in sorted({key[0] for key in sums}):
            session.execute(
                delete(FaceTotal).where(
                    col(FaceTotal.guild_id) == guild_id, col(FaceTotal.count) == 0
                )
            )


def _add(session: Session, model: Any, column: str, rows: list[dict[str, Any]]) -> None:
    """Add ``rows``' ``column`` to ``model``'s rows of the same keys (new ones inserted):
    one upsert that adds in the database (``value = value + new``), so that two
    transactions adding at once both count."""
    if not rows:
        return
    table = model.__table__
    dialect = session.get_bind().dialect.name
    insert = sqlite_insert(table) if dialect == "sqlite" else postgres_insert(table)
    stmt = insert.on_conflict_do_update(
        index_elements=[key.name for key in table.primary_key.columns],
        set_={column: table.c[column] + insert.excluded[column]},
    )
    session.execute(stmt, rows)


def tallies(row: GameRow, log: Sequence[EventRow]) -> list[DrawTally]:
    """Every draw of the game by (who acted, or "" for the system; sides; face)."""
    assert row.id is not None
    counts = Counter(
        (event.actor or "", int(draw["sides"]), int(draw["value"]))
        for event in log
        for draw in event.draws
    )
    return [
        DrawTally(
            game_id=row.id,
            player=player,
            sides=sides,
            face=face,
            count=count,
            guild_id=row.guild_id or NO_GUILD,
            kind=row.kind,
        )
        for (player, sides, face), count in sorted(counts.items())
    ]


def fold_in(session: Session, game_id: int) -> bool:
    """Fold game ``game_id`` in ``session``'s transaction if it is finished and not folded;
    whether it did."""
    row = session.get(GameRow, game_id)
    if row is None or row.status != FINISHED or session.get(GameResult, game_id) is not None:
        return False
    write(session, row, log_of(session, game_id))
    return True


def remeasure(session: Session, guild_id: int, kind: str) -> None:
    """The measures of ``kind`` on a server summed anew over its folded games, practice
    tables left out as the fold leaves them (after a folded tournament was corrected: its
    old measures cannot be taken back one by one)."""
    session.execute(
        delete(PlayerMeasure).where(
            col(PlayerMeasure.guild_id) == guild_id, col(PlayerMeasure.kind) == kind
        )
    )
    stmt = (
        select(GameResult, GameRow.options)
        .join(GameRow, col(GameRow.id) == col(GameResult.game_id))
        .where(col(GameResult.guild_id) == guild_id, col(GameResult.kind) == kind)
        .order_by(col(GameResult.finished_at), col(GameResult.game_id))
    )
    for result, options in session.exec(stmt):
        if practice(options):
            continue
        log = log_of(session, result.game_id)
        add_measures(session, guild_id, kind, measures(kind, events_of(log), result.places))
