"""The turn clock as pure functions with a fake time."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.clocks import timing as clocks
from bot.clocks.clock import Clock

T0 = datetime(2026, 11, 22, 20, 0, tzinfo=UTC)


def at(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


def step(row: Clock, when: float, to_act: list[str], actor: str | None, version: int) -> Clock:
    return clocks.advance(
        row, version=version, status="open", to_act=to_act, actor=actor, now=at(when)
    )


def test_a_new_decision_gets_the_full_time_reminder_at_half_and_expiry_at_the_end() -> None:
    row = step(Clock(game_id=1, seconds=600), 0, ["anna"], None, 2)
    assert row.deadline == at(600) and row.waiting == ["anna"]
    assert clocks.due(row, at(299)) is None
    assert clocks.due(row, at(300)) == clocks.Due(1, clocks.REMIND, 2, ("anna",))
    reminded = replace(row, reminded=True)
    assert clocks.due(reminded, at(599)) is None
    assert clocks.due(reminded, at(600)) == clocks.Due(1, clocks.EXPIRE, 2, ("anna",))


def test_each_decision_of_the_same_player_restarts_the_clock() -> None:
    row = step(Clock(game_id=1, seconds=600), 0, ["anna"], None, 2)
    row = replace(row, reminded=True)
    again = step(row, 400, ["anna"], "anna", 3)  # anna said weiter and decides again
    assert again.deadline == at(1000) and again.reminded is False


def test_players_still_thinking_keep_their_deadline_when_others_answer() -> None:
    row = step(Clock(game_id=1, seconds=600), 0, ["anna", "ben", "cem"], None, 2)
    later = step(row, 200, ["ben", "cem"], "anna", 3)  # anna bet, ben and cem still think
    assert later.deadline == at(600) and later.waiting == ["ben", "cem"]


def test_after_the_time_ran_out_the_next_decision_has_its_own() -> None:
    """All three timed out and the croupier decided for them; anna, one of them, leads the
    next phase: her deadline is a new one, not the past one."""
    row = step(Clock(game_id=1, seconds=600), 0, ["anna", "ben", "cem"], None, 2)
    out = step(row, 600, ["ben", "cem"], "anna", 3)  # the croupier passed for anna
    out = step(out, 600, ["cem"], "ben", 4)
    nxt = step(out, 600, ["anna"], "cem", 5)  # the tricks begin: anna leads
    assert nxt.deadline == at(1200) and clocks.due(nxt, at(601)) is None


def test_somebody_new_to_decide_restarts_the_clock() -> None:
    row = step(Clock(game_id=1, seconds=600), 0, ["anna"], None, 2)
    nxt = step(row, 100, ["ben"], "anna", 3)
    assert nxt.deadline == at(700) and nxt.waiting == ["ben"]


def test_a_pause_keeps_the_time_left_and_resume_gives_it_back() -> None:
    row = step(Clock(game_id=1, seconds=600), 0, ["anna"], None, 2)
    paused = clocks.advance(row, version=3, status="paused", to_act=[], actor=None, now=at(450))
    assert paused.deadline is None and paused.remaining == 150
    assert clocks.due(paused, at(10_000)) is None
    resumed = clocks.advance(
        paused, version=4, status="open", to_act=["anna"], actor=None, now=at(5000)
    )
    assert resumed.deadline == at(5150) and resumed.remaining is None
    assert resumed.started == at(4550)  # half-time stays where the clock had it


def test_clock_off_and_game_over_run_no_clock() -> None:
    off = step(Clock(game_id=1, seconds=0), 0, ["anna"], None, 2)
    assert off.deadline is None and clocks.due(off, at(10**6)) is None
    row = step(Clock(game_id=1, seconds=600), 0, ["anna"], None, 2)
    over = clocks.advance(row, version=3, status="finished", to_act=[], actor="anna", now=at(9))
    assert over.deadline is None and clocks.due(over, at(10**6)) is None


def test_a_lobby_closes_after_its_time_without_a_reminder() -> None:
    lobby = clocks.advance(
        Clock(game_id=1), version=1, status="lobby", to_act=[], actor="anna", now=at(0)
    )
    assert clocks.due(lobby, at(clocks.LOBBY_SECONDS / 2)) is None
    assert clocks.due(lobby, at(clocks.LOBBY_SECONDS)) == clocks.Due(1, clocks.EXPIRE, 1, ())


def test_a_new_setting_restarts_the_running_clock() -> None:
    row = step(Clock(game_id=1, seconds=600), 0, ["anna"], None, 2)
    changed = clocks.setting(row, seconds=60, on_timeout=clocks.WAIT)
    assert changed.on_timeout == clocks.WAIT
    restarted = step(changed, 30, ["anna"], None, 3)
    assert restarted.deadline == at(90)


@settings(max_examples=300, deadline=None)
@given(
    start=st.integers(-10_000, 10_000),
    length=st.one_of(st.none(), st.integers(0, 10_000)),
    reminded=st.booleans(),
    started_known=st.booleans(),
    probe=st.integers(-20_000, 30_000),
)
def test_the_stored_due_time_is_when_the_clock_first_asks_for_something(
    start: int, length: int | None, reminded: bool, started_known: bool, probe: int
) -> None:
    """The poll reads only clocks whose stored ``due_at`` has come: a clock must ask for
    nothing before it, and for something from it on."""
    base = datetime(2026, 11, 24, tzinfo=UTC)
    started = base + timedelta(seconds=start)
    deadline = None if length is None else started + timedelta(seconds=length)
    row = Clock(1, seconds=length or 0, version=3, waiting=["111"],
                started=started if started_known else None, deadline=deadline,
                reminded=reminded)  # fmt: skip
    at = base + timedelta(seconds=probe)
    due_at = row.due_at()
    assert (clocks.due(row, at) is not None) == (due_at is not None and due_at <= at)
