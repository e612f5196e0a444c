"""The database away or locked under a running bot (the real bot on the loopback Discord,
on a PostgreSQL server of the test's own): clicks are answered "try again in a moment"
within Discord's 3 s, nothing of them is kept, the event loop is never held longer than
one bound (bot.store.timeouts), ``/health/ready`` says so within 5 s, and everything
comes back by itself."""

from __future__ import annotations

import asyncio
import json
import threading
import time
import urllib.error
import urllib.request
from collections.abc import AsyncIterator
from typing import Any

import psycopg
import pytest

from bot.i18n import t
from bot.ops import Ops
from bot.store.timeouts import LOCK_TIMEOUT, LOOP_HOLD
from tests.helpers.e2e_table import Table, running_world
from tests.helpers.throwaway_postgres import ThrowawayPostgres

RETRY = t("ui.store_unavailable", "de")
DEADLINE = 3.0  # Discord's, for an interaction's first answer
SLACK = 0.5
"""What a loaded machine may add to a measured block of the loop."""
HELD = 10.0
"""Seconds the lock on ``games`` is held (a migration's ``ALTER TABLE`` waiting, running)."""


@pytest.fixture
async def table(throwaway_postgres: ThrowawayPostgres) -> AsyncIterator[Table]:
    """The e2e world (tests/e2e/conftest.py) on the throwaway server."""
    async with running_world(throwaway_postgres.url) as world:
        yield world


def probe(ops: Ops, path: str) -> tuple[int, dict[str, Any]]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{ops.port}{path}", timeout=5) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def metrics(ops: Ops) -> str:
    with urllib.request.urlopen(f"http://127.0.0.1:{ops.port}/metrics", timeout=5) as answer:
        return str(answer.read().decode())


async def until_ready_is(ops: Ops, status: int, within: float) -> dict[str, Any]:
    """``/health/ready``'s body once it answers ``status``; fails after ``within`` s."""
    deadline = time.monotonic() + within
    while True:
        code, body = await asyncio.to_thread(probe, ops, "/health/ready")
        if code == status:
            return body
        assert time.monotonic() < deadline, f"/health/ready still {code} after {within} s: {body}"
        await asyncio.sleep(0.1)


def private_text(interaction: Any) -> str:
    """The one private answer the clicking player got (a message, or a deferral's
    follow-up)."""
    message = interaction.message if interaction.response_type == 4 else None
    if message is None or message.visibility != "ephemeral":
        assert interaction.followups, f"no private answer: {interaction}"
        message = interaction.followups[-1]
    assert message.visibility == "ephemeral" and message.audience == interaction.user.id
    return str(message.content)


def stored(url: str, game_id: int) -> tuple[int, int]:
    """(version, logged events) of a game as the database holds it (its own connection;
    blocking)."""
    with psycopg.connect(url.replace("+psycopg", ""), connect_timeout=5) as conn:
        row = conn.execute("SELECT version FROM games WHERE id = %s", (game_id,)).fetchone()
        events = conn.execute("SELECT count(*) FROM game_events WHERE game_id = %s", (game_id,))
        count = events.fetchone()
        assert row is not None and count is not None
        return int(row[0]), int(count[0])


async def started(table: Table) -> int:
    """Anna and Ben at a Verflixte 6 table, Anna's turn begun; the game's id."""
    table.dice.add(3, 2, 4, 5, 1, 6, 2, 3, 4, 5)
    await table.open_and_start(table.anna, table.ben)
    await table.start_turn(table.anna)  # her Freiwurf
    assert table.bot is not None
    game_id = table.bot.service.tables.find(table.channel.id, None)
    assert game_id is not None
    return game_id


class Lags:
    """Every loop lag the bot measures from now on (its lag monitor, bot.ops.lag)."""

    def __init__(self, table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
        assert table.bot is not None
        metrics = table.bot.ops.metrics
        self.seen: list[float] = []
        lagged = metrics.lagged

        def seen(seconds: float) -> None:
            self.seen.append(seconds)
            lagged(seconds)

        monkeypatch.setattr(metrics, "lagged", seen)


async def test_a_stopped_database_is_said_to_players_and_to_health_and_recovers(
    table: Table, ops: Ops, throwaway_postgres: ThrowawayPostgres
) -> None:
    game_id = await started(table)
    assert (await until_ready_is(ops, 200, 5))["database"]["ok"] is True
    version, logged = await asyncio.to_thread(stored, throwaway_postgres.url, game_id)

    await asyncio.to_thread(throwaway_postgres.stop)
    stopped = time.monotonic()
    click = await table.press(table.anna, "weiter")
    assert private_text(click) == RETRY
    assert click.responded_after is not None and click.responded_after < DEADLINE
    body = await until_ready_is(ops, 503, 5 - (time.monotonic() - stopped))
    noticed = time.monotonic() - stopped
    assert body["status"] == "database_unavailable"
    assert body["database"]["ok"] is False and body["database"]["error"]
    assert body["database"]["since"]
    live, alive = await asyncio.to_thread(probe, ops, "/health/live")
    assert live == 200 and alive["status"] == "alive"  # no reason to restart the process
    assert (await asyncio.to_thread(probe, ops, "/health"))[0] == 503  # /health is readiness
    assert "croupier_database_up 0.0" in await asyncio.to_thread(metrics, ops)

    await asyncio.to_thread(throwaway_postgres.start)
    restarted = time.monotonic()
    body = await until_ready_is(ops, 200, 15)
    print(
        f"retry answer after {click.responded_after:.2f} s; /health/ready 503 after "
        f"{noticed:.2f} s, 200 again {time.monotonic() - restarted:.2f} s after the restart"
    )
    assert body["status"] == "ok" and body["database"]["ok"] is True
    assert "croupier_database_up 1.0" in await asyncio.to_thread(metrics, ops)
    assert await asyncio.to_thread(stored, throwaway_postgres.url, game_id) == (version, logged)
    click = await table.press(table.anna, "weiter")  # no hand was needed
    assert click.response_type == 7, click  # the table itself answered
    assert await asyncio.to_thread(stored, throwaway_postgres.url, game_id) == (
        version + 1,
        logged + 1,
    )


async def test_a_locked_games_table_is_waited_for_one_bound_and_the_game_plays_on(
    table: Table, throwaway_postgres: ThrowawayPostgres, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What a migration's ``ALTER TABLE games`` does to the running bots: an exclusive lock
    on ``games`` for :data:`HELD` s, taken by another connection."""
    game_id = await started(table)
    version, logged = await asyncio.to_thread(stored, throwaway_postgres.url, game_id)
    lags = Lags(table, monkeypatch)
    libpq_url = throwaway_postgres.url.replace("+psycopg", "")
    locker = await asyncio.to_thread(psycopg.connect, libpq_url)
    # released by a thread of its own: a loop blocked by the lock could not release it
    release = threading.Timer(HELD, locker.rollback)
    try:
        await asyncio.to_thread(locker.execute, "LOCK TABLE games IN ACCESS EXCLUSIVE MODE")
        release.start()
        locked = time.monotonic()
        answers = []
        while time.monotonic() - locked < HELD - 2:  # clicks while it holds
            click = await table.press(table.anna, "weiter")
            assert private_text(click) == RETRY
            answers.append(click.responded_after)
        await asyncio.to_thread(release.join)
    finally:
        release.cancel()
        await asyncio.to_thread(release.join)
        await asyncio.to_thread(locker.close)
    print(f"answers while locked: {[round(a, 2) for a in answers]} s; "
          f"worst loop lag {max(lags.seen):.2f} s of {len(lags.seen)}")  # fmt: skip
    assert len(answers) >= 3 and all(a is not None and a < DEADLINE for a in answers)
    assert all(a >= LOCK_TIMEOUT * 0.9 for a in answers)  # each waited for the lock, once
    assert lags.seen and max(lags.seen) <= LOOP_HOLD + SLACK
    assert await asyncio.to_thread(stored, throwaway_postgres.url, game_id) == (version, logged)

    click = await table.press(table.anna, "weiter")  # the game plays on
    assert click.response_type == 7, private_text(click)
    assert await asyncio.to_thread(stored, throwaway_postgres.url, game_id) == (
        version + 1,
        logged + 1,
    )
