"""The event loop a bot runs on: uvloop where it is installed (CPython off Windows, a
dependency with a platform marker) and not turned off (``CROUPIER_UVLOOP=0``), else
asyncio's own. uvloop was measured at about 5 % less CPU per click on Linux (issue 45;
docs/PERFORMANCE.md has this machine's side-by-side runs)."""

from __future__ import annotations

import asyncio
import importlib
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

UVLOOP = "uvloop"
ASYNCIO = "asyncio"

T = TypeVar("T")


def loop_factory(wanted: bool) -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop's loop factory when ``wanted`` and installed; None (asyncio's loop) else."""
    if not wanted:
        return None
    try:
        uvloop = importlib.import_module(UVLOOP)
    except ImportError:
        return None
    factory: Callable[[], asyncio.AbstractEventLoop] = uvloop.new_event_loop
    return factory


def run(main: Coroutine[Any, Any, T], *, uvloop: bool) -> T:
    """``asyncio.run(main)``, on uvloop if ``uvloop`` (and it is installed)."""
    with asyncio.Runner(loop_factory=loop_factory(uvloop)) as runner:
        return runner.run(main)


def name(loop: asyncio.AbstractEventLoop | None = None) -> str:
    """Which loop ``loop`` (default: the running one) is: :data:`UVLOOP` or :data:`ASYNCIO`."""
    loop = loop or asyncio.get_running_loop()
    return UVLOOP if type(loop).__module__.split(".")[0] == UVLOOP else ASYNCIO
