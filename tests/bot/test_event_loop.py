"""The event loop a bot runs on (bot.event_loop): uvloop where installed and wanted,
asyncio's own loop when ``CROUPIER_UVLOOP=0`` or uvloop is missing."""

from __future__ import annotations

import asyncio
import sys

import pytest

from bot import event_loop
from bot.config import ConfigError, load_settings, uvloop_wanted


async def _running() -> str:
    return event_loop.name()


def test_uvloop_runs_where_installed_and_wanted() -> None:
    uvloop = pytest.importorskip("uvloop")
    assert event_loop.loop_factory(True) is uvloop.new_event_loop
    assert event_loop.run(_running(), uvloop=True) == event_loop.UVLOOP


def test_asyncio_runs_when_uvloop_is_not_wanted() -> None:
    assert event_loop.loop_factory(False) is None
    assert event_loop.run(_running(), uvloop=False) == event_loop.ASYNCIO


def test_asyncio_runs_when_uvloop_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "uvloop", None)  # an import of it raises ImportError
    assert event_loop.loop_factory(True) is None
    assert event_loop.run(_running(), uvloop=True) == event_loop.ASYNCIO


def test_the_name_of_a_loop() -> None:
    loop = asyncio.new_event_loop()
    try:
        assert event_loop.name(loop) == event_loop.ASYNCIO
    finally:
        loop.close()


def test_the_setting_turns_uvloop_off_and_refuses_other_values() -> None:
    assert uvloop_wanted({}) and uvloop_wanted({"CROUPIER_UVLOOP": "1"})
    assert not uvloop_wanted({"CROUPIER_UVLOOP": " 0 "})
    assert load_settings({}).uvloop and not load_settings({"CROUPIER_UVLOOP": "0"}).uvloop
    with pytest.raises(ConfigError, match="CROUPIER_UVLOOP must be 0"):
        load_settings({"CROUPIER_UVLOOP": "off"})
