"""The bot's log lines: one per event, as text or as JSON (``LOG_FORMAT``)."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator
from datetime import datetime

import pytest

from bot.ops.logs import TEXT_FORMAT, formatter


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
