"""The picture worker process: drawn there, and gone with the bot."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from bot.render import drawn
from bot.render.cards import Picture

DRAW_THEN_DIE = """
import asyncio, os, signal
from bot.render import drawn
from bot.render.cards import Picture
from tests.render.test_drawn import drawing_process

async def main():
    worker = int(await drawn.draw(Picture("x", "k", drawing_process, "")))
    print(worker, flush=True)
    os.kill(os.getpid(), signal.SIGKILL)

asyncio.run(main())
"""


def drawing_process() -> bytes:
    """A picture that says which process drew it."""
    return str(os.getpid()).encode()


def _alive(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return status != "Z"


def test_the_worker_ends_when_the_bots_process_is_killed() -> None:
    """kill -9 closes no pipe the worker reads: it looks for its parent and ends."""
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-c", DRAW_THEN_DIE], check=False, cwd=root, capture_output=True,
        text=True, timeout=60, env={**os.environ, "PYTHONPATH": str(root)},
    )  # fmt: skip
    worker = int(done.stdout.split()[0])
    assert worker != done.returncode and done.returncode == -9
    deadline = time.monotonic() + 10
    while _alive(worker) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _alive(worker), f"picture worker {worker} outlived the bot"


async def test_a_picture_is_drawn_in_the_worker_process_and_after_its_death_again() -> None:
    """Pictures are drawn in a process of their own (a thread holding the interpreter's
    lock would hold up other tables' clicks); a worker that died is replaced."""

    def picture(key: str) -> Picture:
        return Picture("spur", key, drawing_process, "")

    first = int(await drawn.draw(picture(f"pid:{os.getpid()}:1")))
    assert first != os.getpid()
    os.kill(first, signal.SIGKILL)
    again = int(await drawn.draw(picture(f"pid:{os.getpid()}:2")))  # a thread, or a new worker
    later = int(await drawn.draw(picture(f"pid:{os.getpid()}:3")))
    assert later not in (first, os.getpid()), "a new worker draws after the old one died"
    assert again in (os.getpid(), later)


async def test_the_bot_starts_the_worker_before_its_first_picture() -> None:
    """Spawning the worker and loading Pillow take a second or two: the bot starts it
    when it starts (bot.app), not when a click first needs a picture."""
    drawn.painter.stop()
    drawn.painter.start()
    pool = drawn.painter.pool()
    assert pool._processes, "no worker started"  # the pool's live processes
    worker = int(await drawn.draw(Picture("spur", f"start:{os.getpid()}", drawing_process, "")))
    assert worker in pool._processes


END_WHILE_LOADING = """
import multiprocessing, time
from concurrent.futures import ProcessPoolExecutor
from bot.render import drawn

class Slow(drawn.Painter):  # a worker that loads for a minute, as on a very loaded machine
    def pool(self):
        if self._pool is None:
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(1, mp_context=context, initializer=time.sleep,
                                             initargs=(LOADING,))
        return self._pool

painter = Slow()
painter.start()
time.sleep(1)  # the worker is spawned and loading
painter.end()
"""
LOADING = 120


def test_a_stopped_bot_exits_without_waiting_for_a_worker_that_still_loads() -> None:
    """The interpreter's exit joins the pool's worker: a bot stopped while its worker still
    loaded (tens of seconds on a loaded machine) did not exit; ended, it exits at once."""
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-c", f"LOADING = {LOADING}\n{END_WHILE_LOADING}"], check=False,
        cwd=root, capture_output=True, text=True, timeout=LOADING / 2,
        env={**os.environ, "PYTHONPATH": str(root)},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr


async def test_an_ended_pool_s_thread_is_gone_before_the_interpreter_exits() -> None:
    """The interpreter's exit wakes each pool's thread through a pipe the thread closes
    as it ends, without the pool's lock (CPython 3.11): a bot refused at its start exited
    while the thread was closing it and logged "Bad file descriptor" (once in a CI run).
    Ended, the thread is gone and its pipe closed: the exit writes nothing."""
    painter = drawn.Painter()
    pool = painter.pool()
    worker = int(await drawn.asyncio.wrap_future(pool.submit(os.getpid)))
    assert worker != os.getpid()
    thread, wakeup = pool._executor_manager_thread, pool._executor_manager_thread_wakeup
    assert thread is not None and thread.is_alive()  # type: ignore[attr-defined]
    painter.end()
    assert not thread.is_alive()  # type: ignore[attr-defined]
    assert wakeup._closed
