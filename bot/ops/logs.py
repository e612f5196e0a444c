"""The bot's logging: one line per event, as text (``LOG_FORMAT=text``, the default) or as
one JSON object per line (``LOG_FORMAT=json``) for log collectors.

A JSON line holds ``time`` (ISO 8601, UTC), ``level``, ``logger`` and ``message``, the
traceback as ``exception`` (its line breaks escaped, so an event stays one line), the
fields of :mod:`bot.ops.log_fields` (``pid``, ``shards``, ``shard``, ``game``,
``interaction``) and the fields a call passes with ``extra={...}``. A text line ends with
the shard, game and interaction it is about, as ``[shard=0 game=7 interaction=…]``.

:func:`configure` sets the process up so that everything it writes is such a line: the
log records, Python's warnings, an exception nobody caught (in the main thread, another
thread, or a finaliser), and the warnings of Python's multiprocessing resource tracker
(a helper process of the picture worker that outlives a killed bot and would report,
in plain text, the semaphores it cleans up after a SIGKILL: they are silenced, the
tracker cleans up all the same). What the handler writes is redacted first
(:mod:`bot.ops.redact`): no token, no private text, no request body.
"""

from __future__ import annotations

import json
import logging
import sys
import threading
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import IO, Any

from bot.ops.log_fields import EVENT_FIELDS, Fields
from bot.ops.redact import Redact

TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

_STANDARD = frozenset(vars(logging.LogRecord("", 0, "", 0, "", (), None))) | {
    "message",
    "asctime",
    "taskName",
}
"""A log record's own attributes; any other was passed with ``extra``."""

TRACKER_WARNINGS = "ignore:resource_tracker:UserWarning:multiprocessing.resource_tracker"
"""A warnings filter (``-W``) that multiprocessing hands on to its resource tracker."""


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
        if record.exc_text:  # redacted already (bot.ops.redact)
            entry["exception"] = record.exc_text
        elif record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        if record.stack_info:
            entry["stack"] = self.formatStack(record.stack_info)
        for key, value in vars(record).items():
            if key not in _STANDARD and not key.startswith("_") and key not in entry:
                entry[key] = value
        return json.dumps(entry, ensure_ascii=False, default=str)


class TextLines(logging.Formatter):
    """:data:`TEXT_FORMAT`, then the shard, game and interaction the line is about."""

    def __init__(self) -> None:
        super().__init__(TEXT_FORMAT)

    def format(self, record: logging.LogRecord) -> str:
        line = super().format(record)
        shown = [f"{name}={record.__dict__[name]}" for name in EVENT_FIELDS
                 if record.__dict__.get(name) is not None]  # fmt: skip
        if not shown:
            return line
        first, newline, rest = line.partition("\n")  # after the message, before a traceback
        return f"{first} [{' '.join(shown)}]{newline}{rest}"


def formatter(log_format: str) -> logging.Formatter:
    """The formatter of a ``LOG_FORMAT``: ``json`` or ``text``."""
    return JsonLines() if log_format == "json" else TextLines()


def handler(log_format: str, stream: IO[str] | None = None,
            secrets: Iterable[str] = ()) -> logging.Handler:  # fmt: skip
    """The bot's log handler: to ``stream`` (stderr), its fields added, redacted, in the
    format of ``log_format``; ``secrets``: strings never written (the bot's token)."""
    made = logging.StreamHandler(stream)
    made.setFormatter(formatter(log_format))
    made.addFilter(Fields())
    made.addFilter(Redact(secrets))
    return made


def say(message: str, log_format: str, stream: IO[str] | None = None) -> None:
    """One line about a start that failed before logging was set up (a setting the bot
    cannot use): ``croupier: …`` as text, an ERROR line as JSON."""
    out = stream or sys.stderr
    if log_format != "json":
        out.write(f"croupier: {message}\n")
    else:
        record = logging.LogRecord("croupier", logging.ERROR, "", 0, message, (), None)
        Fields().filter(record)
        out.write(JsonLines().format(record) + "\n")
    out.flush()


def configure(level: str, log_format: str = "text", secrets: Iterable[str] = ()) -> None:
    """The running bot's logging, to stderr (as ``logging.basicConfig``: once per process),
    and every other line the process may write made one of its lines (the module's text)."""
    logging.basicConfig(level=level, handlers=[handler(log_format, secrets=secrets)])
    if logging.getLogger().level > logging.DEBUG:  # the migrations' chatter at every start
        logging.getLogger("alembic").setLevel(logging.WARNING)
    logging.captureWarnings(True)
    if TRACKER_WARNINGS not in sys.warnoptions:
        sys.warnoptions.append(TRACKER_WARNINGS)  # handed on to the tracker when it starts
    sys.excepthook = _uncaught
    threading.excepthook = _uncaught_in_thread
    sys.unraisablehook = _unraisable


_log = logging.getLogger("croupier")


def _uncaught(kind: type[BaseException], value: BaseException, tb: Any) -> None:
    _log.critical("the bot failed: %s", kind.__name__, exc_info=(kind, value, tb))


def _uncaught_in_thread(args: threading.ExceptHookArgs) -> None:
    if args.exc_value is None:
        return
    name = args.thread.name if args.thread is not None else "?"
    _log.error("thread %s failed", name,
               exc_info=(args.exc_type, args.exc_value, args.exc_traceback))  # fmt: skip


def _unraisable(unraisable: Any) -> None:
    value = unraisable.exc_value
    info = (type(value), value, unraisable.exc_traceback) if value is not None else None
    _log.warning("%s", unraisable.err_msg or "an exception could not be raised", exc_info=info)
