"""The wait between two files of one person (or one server): counted from his last file,
his own, and forgotten once it is over (no id is kept in memory longer than it matters)."""

from __future__ import annotations

from cogs.own_data import EVERY, Exports


def test_a_wait_is_his_own_and_forgotten_once_over() -> None:
    now = [0.0]
    exports = Exports(clock=lambda: now[0])
    assert exports.wait("anna") == 0.0
    exports.give("anna")
    now[0] = 300.0
    assert exports.wait("anna") == EVERY - 300.0 and exports.wait("ben") == 0.0
    exports.give("ben")
    now[0] = EVERY + 1.0
    assert exports.wait("anna") == 0.0 and exports.wait("ben") == 299.0
    exports.give("cem")  # Anna's wait is over: she is forgotten, Ben is not
    assert set(exports.given) == {"ben", "cem"}
