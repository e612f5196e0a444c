"""The bot's logging: one line per event, as text (``LOG_FORMAT=text``, the default) or as
one JSON object per line (``LOG_FORMAT=json``) for log collectors.

A JSON line holds ``time`` (ISO 8601, UTC), ``level``, ``logger`` and ``message``, the
traceback as ``exception`` (its line breaks escaped, so an event stays one line), and
the fields a call passes with ``extra={...}``.
"""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime
from typing import Any

TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

_STANDARD = frozenset(vars(logging.LogRecord("", 0, "", 0, "", (), None))) | {
    "message",
    "asctime",
    "taskName",
}
"""A log record's own attributes; any other was passed with ``extra``."""


class JsonLines(logging.Formatter):
    """A record as one line of JSON."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC)
            .isoformat(timespec="milliseconds")
            .replace("+00:00", "Z"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        elif record.exc_text:
            entry["exception"] = record.exc_text
        if record.stack_info:
            entry["stack"] = self.formatStack(record.stack_info)
        for key, value in vars(record).items():
            if key not in _STANDARD and not key.startswith("_") and key not in entry:
                entry[key] = value
        return json.dumps(entry, ensure_ascii=False, default=str)


def formatter(log_format: str) -> logging.Formatter:
    """The formatter of a ``LOG_FORMAT``: ``json`` or ``text``."""
    return JsonLines() if log_format == "json" else logging.Formatter(TEXT_FORMAT)


def configure(level: str, log_format: str = "text") -> None:
    """The running bot's logging, to stderr (as ``logging.basicConfig``: once per process)."""
    handler = logging.StreamHandler()
    handler.setFormatter(formatter(log_format))
    logging.basicConfig(level=level, handlers=[handler])
    if logging.getLogger().level > logging.DEBUG:  # the migrations' chatter at every start
        logging.getLogger("alembic").setLevel(logging.WARNING)
