"""A table session runs the follow-ups of its own table's outcomes, each once; another
table's outcome (a tournament's step on a group's table) is followed by the session that
delivers it there, so that nothing runs twice."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace
from typing import Any

from bot.play.outcome import FollowUp, Outcome
from bot.play.table_locks import TableLocks
from cogs.pipeline.session import TableSession


def outcome(game_id: int, *follow_ups: FollowUp) -> Outcome:
    base = Outcome(game_id, "verflixte6", "open", 1, [], {}, {}, [], [], "", None)
    return replace(base, follow_ups=follow_ups)


async def nothing() -> list[Outcome]:
    return []


def session_on(game_id: int) -> TableSession:
    sessions: Any = SimpleNamespace(service=SimpleNamespace(locks=TableLocks()))
    return TableSession(sessions, game_id, None, private=True)


def test_its_own_tables_follow_ups_are_kept_once() -> None:
    record = FollowUp(9, "record", nothing)
    session = session_on(1)
    session.follow(outcome(1, record))
    session.follow(outcome(1, record))  # delivered after it was acted: the same follow-up
    assert session._follow_ups == [record]


def test_another_tables_follow_ups_are_left_to_its_own_session() -> None:
    fold = FollowUp(2, "history", nothing)
    tournament = session_on(1)
    tournament.follow(outcome(2, fold))  # a group's outcome of the tournament's step
    assert tournament._follow_ups == []
    group = session_on(2)
    group.follow(outcome(2, fold))
    assert group._follow_ups == [fold]
