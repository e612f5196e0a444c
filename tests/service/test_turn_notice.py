"""Whom a delivery tells that he must act (bot.play.turn_notice.telling): each person
once per turn change, by his chosen way; the line that stood goes when it is replaced or
nobody it named must act any more."""

from __future__ import annotations

from typing import get_args

from bot.play.turn_notice import CHANNEL, DM, HOW, OFF, TurnNotice, telling
from cogs.options import Notify


def test_a_turn_that_passes_tells_the_next_player_and_replaces_the_line() -> None:
    before = TurnNotice(("anna",), ping=7, pinged=("anna",))
    plan = telling(["ben"], before, "anna", {"ben": CHANNEL})
    assert plan.by_channel == ("ben",) and plan.by_dm == () and plan.drop_ping
    assert plan.after == TurnNotice(("ben",), None, ())  # the new line's id comes later


def test_a_simultaneous_phase_tells_each_once() -> None:
    start = telling(["anna", "ben", "cem"], TurnNotice(), None, {})
    assert start.by_channel == ("anna", "ben", "cem")
    told = TurnNotice(start.after.told, 9, start.by_channel)
    bet = telling(["ben", "cem"], told, "anna", {})
    assert bet.by_channel == () and not bet.drop_ping  # they still owe: the line stays
    assert bet.after == TurnNotice(("ben", "cem"), 9, ("anna", "ben", "cem"))


def test_the_actor_is_not_told_and_nobody_owing_drops_the_line() -> None:
    again = telling(["anna"], TurnNotice(), "anna", {})
    assert again.by_channel == () and again.after.told == ("anna",)
    over = telling([], TurnNotice(("ben",), 5, ("ben",)), "ben", {})
    assert over.drop_ping and over.after == TurnNotice()


def test_each_is_told_his_way() -> None:
    plan = telling(["anna", "ben", "cem"], TurnNotice(), None, {"ben": DM, "cem": OFF})
    assert plan.by_channel == ("anna",) and plan.by_dm == ("ben",)
    assert plan.after.told == ("anna", "ben", "cem")  # cem chose not to be told


def test_the_record_survives_the_store() -> None:
    notice = TurnNotice(("anna",), 12, ("anna",))
    assert TurnNotice.read(notice.stored()) == notice
    assert TurnNotice().stored() is None and TurnNotice.read(None) == TurnNotice()


def test_the_command_offers_exactly_the_ways_to_be_told() -> None:
    """``/benachrichtigung``'s choices (cogs.options.Notify) are the ways the bot knows."""
    assert get_args(Notify) == HOW


def test_a_ping_in_a_table_message_is_kept_as_such_and_never_a_line() -> None:
    """A new table message's own ping (issue 45): stored and read back as one, never the
    line to delete; kept while its players still owe, forgotten when it is replaced."""
    notice = TurnNotice(("anna", "ben"), 12, ("anna", "ben"), in_table=True)
    assert TurnNotice.read(notice.stored()) == notice and notice.line is None
    assert TurnNotice(("anna",), 12, ("anna",)).line == 12
    bet = telling(["ben"], notice, "anna", {})
    assert not bet.drop_ping and bet.after == TurnNotice(("ben",), 12, ("anna", "ben"), True)
    passed = telling(["cem"], TurnNotice(("ben",), 12, ("ben",), True), "ben", {})
    assert passed.drop_ping and passed.after == TurnNotice(("cem",))
