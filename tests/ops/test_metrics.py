"""What ``/metrics`` tells an operator beyond answers and refusals, on the real bot and the
loopback Discord: errors by kind, Discord's REST answers by route (429s included), the
database's time per transaction, the leases, and the process's own collectors."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from prometheus_client import generate_latest
from sqlalchemy import exc as db

from bot.app import Croupier
from bot.cluster.shards import Shards
from bot.config import Settings
from bot.ops import Ops
from bot.ops.answers import error_kind, failed
from bot.ops.metrics import ERROR_KINDS, Metrics, route_label, status_class
from bot.ops.scraped import owned_shards
from tests.helpers.e2e_table import Table
from tests.ops.test_health import samples

CALLBACK = "POST /interactions/{webhook_id}/{webhook_token}/callback"


def scraped(bot: Croupier | None) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of the bot's registry, as a scrape reads it."""
    assert bot is not None
    return samples(generate_latest(bot.ops.metrics.registry).decode())


def by_label(found: dict[Any, float], name: str, label: str) -> dict[str, float]:
    return {
        dict(labels)[label]: value for (sample, labels), value in found.items() if sample == name
    }


async def test_rest_answers_are_counted_by_route_template_and_429s_apart(table: Table) -> None:
    table.dice.add(3)
    await table.open_and_start(table.anna, table.ben)
    # The next table edit is rate limited once: discord.py waits and sends it again.
    table.fake.fail_next("PATCH", r"^/channels/\d+/messages/\d+$", status=429)
    await table.press(table.anna, "begin")
    await table.press(table.anna, "nojoker", table.fake.private_messages(table.anna)[-1])
    found = scraped(table.bot)
    requests = {
        (dict(labels)["route"], dict(labels)["status"]): value
        for (name, labels), value in found.items()
        if name == "croupier_discord_requests_total"
    }
    assert requests[(CALLBACK, "2xx")] >= 4  # the command, the joins, the start, the clicks
    edits = "PATCH /channels/{channel_id}/messages/{message_id}"
    assert requests[(edits, "429")] == 1
    assert requests[(edits, "2xx")] >= 1
    secrets = {str(table.channel.id), str(table.anna.id), "test-token"}
    for route, _ in requests:  # templates only: no id, no token in a label
        assert not any(secret in route for secret in secrets), route
        assert not any(char.isdigit() for char in route), route


def test_a_route_label_never_holds_an_id_or_a_token() -> None:
    assert route_label("GET", "/channels/{channel_id}/messages") == (
        "GET /channels/{channel_id}/messages"
    )
    onboarding = route_label("PUT", "/guilds/123456789012345678/onboarding")
    assert onboarding == "PUT /guilds/{}/onboarding"
    assert route_label("POST", "/webhooks/{webhook_id}/aW50ZXJhY3Rpb246MTIz") == (
        "POST /webhooks/{webhook_id}/{}"
    )
    assert [status_class(s) for s in (200, 204, 404, 429, 502, None)] == [
        "2xx", "2xx", "4xx", "429", "5xx", "error",
    ]  # fmt: skip


def test_a_path_with_an_id_is_counted_but_never_kept_as_a_child() -> None:
    metrics = Metrics()
    for guild in ("111111111111111111", "222222222222222222"):
        metrics.responded("PUT", f"/guilds/{guild}/onboarding", 200)
    metrics.responded("GET", "/users/@me", 200)
    metrics.responded("GET", "/users/@me", 200)
    found = samples(generate_latest(metrics.registry).decode())
    rows = by_label(found, "croupier_discord_requests_total", "route")
    assert rows == {"PUT /guilds/{}/onboarding": 2, "GET /users/@me": 2}
    assert list(metrics._requests) == [("GET", "/users/@me", 200)]


async def test_a_failing_click_is_counted_by_its_kind(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    table.dice.add(3)
    await table.open_and_start(table.anna, table.ben)
    assert table.bot is not None
    service = table.bot.service

    def unavailable(*args: Any, **kwargs: Any) -> Any:
        raise db.OperationalError("UPDATE games", {}, Exception("server closed the connection"))

    prompt = (await table.press(table.anna, "begin")).message  # the joker prompt: no write
    monkeypatch.setattr(service.store, "append", unavailable)
    answer = await table.press(table.anna, "nojoker", prompt)  # a write: it fails
    (apology,) = await answer.wait_followup() if answer.message is None else (answer.message,)
    assert apology.visibility == "ephemeral"
    monkeypatch.undo()

    async def broken(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("a bug")

    clicks = table.bot.router.game("verflixte6")
    assert clicks is not None
    monkeypatch.setattr(type(clicks), "handle", broken)
    await table.press(table.anna, "begin")
    errors = by_label(scraped(table.bot), "croupier_errors_total", "kind")
    assert errors == {kind: 0 for kind in ERROR_KINDS} | {
        "database_unavailable": 1,
        "unexpected": 1,
    }


def test_errors_are_named_by_a_bounded_set_of_kinds() -> None:
    gone = db.OperationalError("SELECT 1", {}, Exception("connection refused"))
    assert error_kind(gone) == "database_unavailable"
    assert error_kind(db.TimeoutError("QueuePool limit")) == "database_unavailable"
    assert error_kind(db.IntegrityError("INSERT", {}, Exception("duplicate"))) == "database"
    assert error_kind(TimeoutError()) == "timeout"
    assert error_kind(TimeoutError()) == "timeout"
    assert error_kind(KeyError("x")) == "unexpected"

    class Response:
        status, reason = 500, "Internal Server Error"

    assert error_kind(discord.HTTPException(Response(), "boom")) == "discord_http"  # type: ignore[arg-type]
    metrics = Metrics()
    metrics.failed("database_unavailable")
    metrics.failed("no such kind")  # counted, as unexpected: the label stays bounded
    found = samples(generate_latest(metrics.registry).decode())
    counted = by_label(found, "croupier_errors_total", "kind")
    expected = {"database_unavailable": 1, "unexpected": 1}
    assert counted == {kind: 0 for kind in ERROR_KINDS} | expected


async def test_a_task_s_failure_is_counted_on_the_bot(table: Table) -> None:
    failed(table.bot, "timeout")  # type: ignore[arg-type]
    assert by_label(scraped(table.bot), "croupier_errors_total", "kind")["timeout"] == 1


async def test_database_time_is_observed_per_transaction(table: Table) -> None:
    before = scraped(table.bot)
    commits = ("croupier_db_transaction_seconds_count", (("end", "commit"),))
    table.dice.add(3)
    await table.open_and_start(table.anna, table.ben)
    found = scraped(table.bot)
    assert found[commits] - before.get(commits, 0) >= 3  # the lobby, the join, the start
    total = found[("croupier_db_transaction_seconds_sum", (("end", "commit"),))]
    assert 0 < total < 60
    assert found[("croupier_db_transaction_seconds_count", (("end", "rollback"),))] >= 0
    assert table.bot is not None
    await table.bot.ops.close()  # the bot's close stops timing: no listener stays behind
    engine = table.bot.service.store.engine
    with engine.begin() as connection:
        connection.exec_driver_sql("SELECT 1")
    assert scraped(table.bot)[commits] == found[commits]


async def test_leases_and_shards_are_read_at_scrape_time(table: Table) -> None:
    found = scraped(table.bot)
    # one process on SQLite runs every singleton and its one session (shard 0)
    assert by_label(found, "croupier_lease", "role") == {"clock": 1, "sync": 1}
    assert by_label(found, "croupier_shard_owned", "shard") == {"0": 1}


def test_a_linked_member_owns_the_shards_whose_lease_it_holds() -> None:
    bot = Croupier(Settings("t", "sqlite://", None, "WARNING", shards=Shards(4, (2, 3))))
    member = bot.member
    assert owned_shards(member) == {2: True, 3: True}  # alone on SQLite: its own
    member.linked = True
    member.held = {"clock", "shard/3", "shard/0"}  # its 3, and 0 of a process that died
    assert owned_shards(member) == {0: True, 2: False, 3: True}
    member.held = {"clock"}  # shards without leases: its own while their gateway runs
    assert owned_shards(member, connected=[2]) == {2: True, 3: False}


async def test_the_process_and_gc_collectors_are_on_the_bot_s_registry(table: Table) -> None:
    names = {name for name, _ in scraped(table.bot)}
    for name in (
        "process_cpu_seconds_total",
        "process_resident_memory_bytes",
        "process_open_fds",
        "python_info",
        "python_gc_collections_total",
    ):
        assert name in names, name


async def test_a_second_count_gives_the_rest_answers_back_when_it_stops(table: Table) -> None:
    """A second ``Ops`` on the bot (the tests' served one) counts while it runs; once it
    stops, the bot's own metrics count again."""
    assert table.bot is not None

    def callbacks(metrics: Metrics) -> float:
        found = samples(generate_latest(metrics.registry).decode())
        labels = (("route", CALLBACK), ("status", "2xx"))
        return found.get(("croupier_discord_requests_total", labels), 0)

    table.dice.add(3)
    await table.open_and_start(table.anna, table.ben)
    own = table.bot.ops.metrics
    counted = callbacks(own)
    second = Ops()
    await second.start(table.bot)
    await table.press(table.cem, "begin")  # refused: one callback, counted by the second
    await second.close()
    assert (callbacks(own), callbacks(second.metrics)) == (counted, 1)
    await table.press(table.cem, "begin")
    assert callbacks(own) == counted + 1
