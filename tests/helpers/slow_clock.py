"""A machine as slow as a test likes: every clock of the ``time`` module jumps an hour
each time it is read, so a policy that watches the clock stops at its first look."""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest

CLOCKS = ("perf_counter", "monotonic", "time", "process_time", "thread_time")
STEP = 3600.0  # seconds the clock moves on each reading


def _ticking(nanoseconds: bool) -> Callable[[], float]:
    ticks = itertools.count()
    if nanoseconds:
        return lambda: int(next(ticks) * STEP * 1e9)
    return lambda: next(ticks) * STEP


@contextmanager
def slow_clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Within the block every clock of ``time`` (seconds and ``_ns``) jumps on each read."""
    with monkeypatch.context() as patch:
        for name in CLOCKS:
            patch.setattr(time, name, _ticking(False))
            patch.setattr(time, f"{name}_ns", _ticking(True))
        yield
