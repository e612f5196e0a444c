"""Pictures drawn off the event loop, once per thing they show.

A card's :class:`~bot.render.cards.Picture` is drawn by :func:`draw` in a worker process
of its own, and only when its key was not drawn lately: a click that does not change what
a picture shows draws nothing. The bytes are kept in a small cache for the message that
sends them (:func:`drawn`).

Why a process, not a thread: Pillow spends a picture's milliseconds partly in Python, and
a thread holding the interpreter's lock meanwhile delays the clicks of every other table
(docs/PERFORMANCE.md, issue 31). A picture whose drawing cannot travel to the process (a
test's local function), or a worker that died, is drawn in a thread instead.
"""

from __future__ import annotations

import asyncio
import importlib
import logging
import multiprocessing
import os
import pickle
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from bot.render.cards import Card, Picture

log = logging.getLogger(__name__)

WARM = ("bot.render.pictures", "bot.render.tournament_bracket")
"""What a new worker loads before its first picture (Pillow, the font, the renderers)."""


def _warm(parent: int) -> None:
    """A new worker ends when the bot's process is gone (killed, it closes no pipe the
    worker reads), watched from the start: a bot killed while its worker still loads
    leaves no worker behind for long. Then it loads :data:`WARM`."""
    threading.Thread(target=_orphaned, args=(parent,), daemon=True).start()
    for module in WARM:
        importlib.import_module(module)


def _warm_up() -> None:
    """Nothing: a first job, so that the worker is started before the first picture."""


def _orphaned(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(ORPHAN_CHECK)
    os._exit(0)


ORPHAN_CHECK = 1.0
"""Seconds between a worker's looks at whether the bot's process is still there."""


class Painter:
    """The worker process that draws pictures, started at the first picture (spawned,
    not forked: the bot's threads and sockets stay behind)."""

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None

    def pool(self) -> ProcessPoolExecutor:
        if self._pool is None:
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(
                1, mp_context=context, initializer=_warm, initargs=(os.getpid(),)
            )
        return self._pool

    def start(self) -> None:
        """Start the worker now, in the background (spawning it and loading Pillow take
        a second or two that the first picture, answering a click, should not wait)."""
        try:
            self.pool().submit(_warm_up)
        except BrokenProcessPool:  # the last worker died: a new one
            self.stop()
            self.pool().submit(_warm_up)

    def stop(self) -> None:
        """Let the worker go (a new one starts at the next picture)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    def end(self) -> None:
        """End the worker at once, as the bot's process ends: the interpreter's exit joins
        a pool's worker, and one still loading Pillow and the renderers (tens of seconds on
        a loaded machine) held up a stopped bot's exit. It holds nothing to keep: a picture
        is drawn again from its card. (Python 3.14's ``terminate_workers`` does the same.)

        Then the pool's manager thread is waited for (:data:`END_WAIT` at most): it closes
        its wake-up pipe as it ends, and the interpreter's exit wakes every pool's thread
        through that pipe without the pool's lock (CPython 3.11), so an exit right after
        could write to the pipe as it closed: "Bad file descriptor", once in a CI run."""
        pool = self._pool
        processes = [] if pool is None else list((pool._processes or {}).values())
        # the pool's thread (typeshed calls it a wake-up: read by name)
        manager: threading.Thread | None = getattr(pool, "_executor_manager_thread", None)
        self.stop()
        for process in processes:  # concurrent.futures' own list of the pool's workers
            process.terminate()
        if manager is not None:
            manager.join(END_WAIT)


END_WAIT = 5.0
"""Seconds an ended pool's manager thread is waited for (its workers are gone by then)."""

painter = Painter()


async def paint(draw: Callable[[], bytes]) -> bytes:
    """``draw()`` in the worker process, or in a thread if it cannot travel there or the
    worker died (the next picture starts a new one). The drawing is pickled once, by the
    pool's feeder thread, not on the event loop (one that cannot be pickled fails its
    future with the pickling's error)."""
    try:
        return await asyncio.get_running_loop().run_in_executor(painter.pool(), draw)
    except (pickle.PicklingError, AttributeError, TypeError):
        return await asyncio.to_thread(draw)
    except BrokenProcessPool:
        log.warning("the picture worker died: drawn in a thread, a new worker next time")
        painter.stop()
        return await asyncio.to_thread(draw)


KEPT = 256
"""Pictures kept drawn (a few tables' worth each; they are tens of kilobytes)."""

_drawn: OrderedDict[str, bytes] = OrderedDict()


async def draw(picture: Picture) -> bytes:
    """The picture's PNG: drawn in the worker process unless drawn already."""
    found = _drawn.get(picture.key)
    if found is None:
        found = await paint(picture.draw)
        _drawn[picture.key] = found
        if len(_drawn) > KEPT:
            _drawn.popitem(last=False)
    else:
        _drawn.move_to_end(picture.key)
    return found


def is_ready(card: Card) -> bool:
    """Whether every picture of ``card`` is drawn already (none to draw: ready)."""
    for picture in card.pictures:
        if picture.key not in _drawn:
            return False
        _drawn.move_to_end(picture.key)
    return True


async def ready(card: Card) -> Card:
    """``card`` with its picture drawn (if it has one), ready to be sent."""
    for picture in card.pictures:
        await draw(picture)
    return card


def drawn(picture: Picture) -> bytes:
    """The PNG :func:`draw` made. A picture is drawn before its card is sent, so that no
    Pillow call runs on the event loop: one that was not is a bug."""
    found = _drawn.get(picture.key)
    if found is None:
        raise LookupError(f"picture {picture.name!r} sent before it was drawn (await ready)")
    return found


_shown: OrderedDict[int, str] = OrderedDict()


def gallery_key(card: Card) -> str:
    """What a card's pictures show, together, each under its file's name ("": none): an
    edit keeps a message's files only if both are the same (the card links its pictures
    by their names)."""
    return "\n".join(f"{picture.filename}\t{picture.key}" for picture in card.pictures)


def showing(message_id: int | None) -> str | None:
    """The pictures (their keys, :func:`gallery_key`) message ``message_id`` shows, as far
    as this process knows: an edit that keeps them sends no file (after a restart, one
    edit sends them anew)."""
    return None if message_id is None else _shown.get(message_id)


def shows(message_id: int, card: Card | None) -> None:
    """Message ``message_id`` now shows ``card`` (and its pictures, or none; None: what
    it shows is not known)."""
    if card is None or not card.pictures:
        _shown.pop(message_id, None)
        return
    _shown[message_id] = gallery_key(card)
    _shown.move_to_end(message_id)
    if len(_shown) > KEPT * 16:
        _shown.popitem(last=False)
