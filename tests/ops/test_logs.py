"""The bot's log lines: one per event, as text or as JSON (``LOG_FORMAT``)."""

from __future__ import annotations

import io
import json
import logging
import os
import sys
from collections.abc import Iterator
from datetime import datetime

import pytest

from bot.cluster.shards import Shards
from bot.ops.log_fields import Fields, fields, set_process
from bot.ops.logs import TEXT_FORMAT, formatter, handler
from bot.ops.redact import Redact
from tests.helpers.debug_log import debug_log
from tests.helpers.e2e_table import Table


@pytest.fixture
def lines() -> Iterator[tuple[logging.Logger, io.StringIO]]:
    """A logger writing JSON lines into a buffer."""
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.setFormatter(formatter("json"))
    logger = logging.getLogger("tests.ops.json")
    logger.addHandler(handler)
    logger.propagate = False
    logger.setLevel(logging.INFO)
    try:
        yield logger, out
    finally:
        logger.removeHandler(handler)
        logger.propagate = True


def test_a_json_line_holds_time_level_logger_message_and_extra_fields(
    lines: tuple[logging.Logger, io.StringIO],
) -> None:
    logger, out = lines
    logger.info("game %d: %s", 7, "two\nlines", extra={"game": 7, "shard": "0"})
    text = out.getvalue()
    assert text.count("\n") == 1  # one event, one line, its line break escaped
    entry = json.loads(text)
    assert entry["level"] == "INFO" and entry["logger"] == "tests.ops.json"
    assert entry["message"] == "game 7: two\nlines"
    assert entry["game"] == 7 and entry["shard"] == "0"
    assert entry["time"].endswith("Z")
    when = datetime.fromisoformat(entry["time"].replace("Z", "+00:00"))
    assert when.utcoffset() is not None and when.utcoffset().total_seconds() == 0  # type: ignore[union-attr]
    assert "exception" not in entry


def test_a_traceback_goes_into_the_exception_field_of_one_line(
    lines: tuple[logging.Logger, io.StringIO],
) -> None:
    logger, out = lines
    try:
        raise ValueError("broken dice")
    except ValueError:
        logger.exception("handling a click failed")
    text = out.getvalue()
    assert text.count("\n") == 1
    entry = json.loads(text)
    assert entry["level"] == "ERROR" and entry["message"] == "handling a click failed"
    assert entry["exception"].startswith("Traceback (most recent call last):")
    assert entry["exception"].endswith("ValueError: broken dice")


def test_text_keeps_the_format_of_before() -> None:
    record = logging.LogRecord("bot.app", logging.INFO, "", 0, "ready", (), None)
    line = formatter("text").format(record)
    assert TEXT_FORMAT == "%(asctime)s %(levelname)s %(name)s: %(message)s"
    assert line.endswith(" INFO bot.app: ready")


# --- the fields of every line (bot.ops.log_fields) -----------------------------------------


def test_a_line_carries_the_process_and_the_work_it_is_about_as_fields() -> None:
    """JSON keys ``pid``, ``shards``, ``shard``, ``game``, ``interaction``; a text line
    ends with the shard, game and interaction. Outside the work: the process's only."""
    out = io.StringIO()
    logger = logging.getLogger("tests.ops.fields")
    logger.addHandler(handler("json", out))
    logger.propagate = False
    logger.setLevel(logging.INFO)
    try:
        set_process(Shards(4, (2,)))
        with fields(interaction=55, shard=3), fields(game=7):
            logger.info("inside")
        logger.info("outside")
        set_process(Shards())
        logger.info("unsharded")
    finally:
        set_process(Shards())
        logger.handlers.clear()
        logger.propagate = True
    inside, outside, unsharded = (json.loads(line) for line in out.getvalue().splitlines())
    assert inside["pid"] == os.getpid() and inside["shards"] == [2]
    assert (inside["shard"], inside["game"], inside["interaction"]) == (3, 7, 55)
    assert outside["shard"] == 2  # the process runs one shard: its lines are that shard's
    assert "game" not in outside and "interaction" not in outside
    assert set(unsharded) == {"time", "level", "logger", "message", "pid"}
    record = logging.LogRecord("bot.app", logging.INFO, "", 0, "ready", (), None)
    with fields(game=7, interaction=55, shard=0):
        Fields().filter(record)
    assert (
        formatter("text")
        .format(record)
        .endswith(" INFO bot.app: ready [shard=0 game=7 interaction=55]")
    )


async def test_a_click_s_lines_carry_its_interaction_shard_and_game(table: Table) -> None:
    """Set where the work starts (the router, the command tree, the table session): every
    line logged on the way carries them, discord.py's own included."""
    with debug_log() as out:
        opened = await table.slash(table.anna, "v6 tisch")
        joined = await table.press(table.ben, "join", opened.message)
    game = table.bot.service.tables.find(table.channel.id, None)  # type: ignore[union-attr]
    entries = [json.loads(line) for line in out.getvalue().splitlines()]
    assert all(e["pid"] == os.getpid() for e in entries)
    command = [e for e in entries if e.get("interaction") == opened.id]
    click = [e for e in entries if e.get("interaction") == joined.id]
    assert command and click
    assert {e["shard"] for e in command + click} == {0}  # one unsharded process: shard 0
    answered = [e for e in click if "/callback" in e["message"]]
    assert answered and all(e["game"] == game for e in answered)
    assert {e["logger"] for e in click} >= {"discord.webhook.async_"}


# --- what is never logged (bot.ops.redact) ------------------------------------------------


def redacted(logger: str, msg: str, *args: object, secrets: tuple[str, ...] = ()) -> str:
    record = logging.LogRecord(logger, logging.DEBUG, "", 0, msg, args, None)
    assert Redact(secrets).filter(record)
    return formatter("json").format(record)


def test_tokens_bodies_and_gateway_payloads_are_never_written() -> None:
    token = "aW50ZXJhY3Rpb246" + "x_Y-z" * 10
    url = f"https://discord.com/api/v10/interactions/123/{token}/callback"
    hook = f"https://discord.com/api/v10/webhooks/456/{token}/messages/@original"
    said = redacted("discord.http", "%s %s with %s has returned %s", "POST", url,
                    '{"content": "Deine Karten: 3, 17"}', 200)  # fmt: skip
    assert token not in said and "Deine Karten" not in said
    assert "/interactions/123/<token>/callback" in said and "returned 200" in said
    said = redacted("discord.http", "%s %s has received %s", "PATCH", hook, {"content": "a"})
    assert token not in said and "'content'" not in said and "/webhooks/456/<token>/" in said
    event = {"op": 0, "t": "INTERACTION_CREATE", "s": 9, "d": {"token": token, "data": {}}}
    said = redacted("discord.gateway", "For Shard ID %s: WebSocket Event: %s", 0, event)
    assert token not in said and "op=0 t=INTERACTION_CREATE s=9" in said
    said = redacted("anything", "sent %s", f"{{'token': '{token}'}}", secrets=("bot-secret",))
    assert token not in said
    assert "bot-secret" not in redacted("x", "Bot bot-secret", secrets=("bot-secret",))
    assert "abc.def" not in redacted("x", "headers {'Authorization': 'Bot abc.def'}")


def test_a_traceback_is_redacted_too() -> None:
    token = "aW50ZXJhY3Rpb246" + "q" * 40
    try:
        raise ValueError(f"404 at /webhooks/1/{token}/messages/2 with bot-secret")
    except ValueError:
        record = logging.LogRecord("x", logging.ERROR, "", 0, "failed", (), sys.exc_info())
    Redact(["bot-secret"]).filter(record)
    for log_format in ("json", "text"):
        said = formatter(log_format).format(record)
        assert "ValueError: 404 at /webhooks/1/<token>/messages/2" in said
        assert token not in said and "bot-secret" not in said
