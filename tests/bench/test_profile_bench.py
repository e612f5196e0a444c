"""A smoke run of the profile of a click (bench.profile) with tiny numbers; it needs py-spy
(the ``profile`` extra) and the right to trace the bot, and skips without them."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from bench import stack_parts
from bench.profile import profile, py_spy

ROOT = Path(__file__).resolve().parents[2]


def _spy() -> str:
    try:
        return py_spy()
    except SystemExit:
        pytest.skip('py-spy is not installed (pip install -e ".[profile]")')


@pytest.mark.skipif(sys.platform != "linux", reason="the bench reads /proc")
async def test_the_bot_and_its_picture_worker_are_both_sampled(tmp_path: Path) -> None:
    _spy()
    result = await profile(ROOT, tables=4, seconds=3.0, folder=tmp_path)
    assert result.measured.answered() > 0 and result.profiled.answered() > 0
    assert result.measured.worker_cpu > 0
    busy = stack_parts.running(result.bot)
    assert stack_parts.parts(busy)[stack_parts.DISCORD] > 0
    assert result.worker_pid is not None  # found among the bot's children, and profiled
    assert (tmp_path / "worker.txt").exists()
