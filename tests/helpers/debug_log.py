"""The bot's log at DEBUG, caught for a block: the root logger into the bot's own handler
(its fields, its redaction, JSON), as ``croupier run`` with ``LOG_LEVEL=DEBUG
LOG_FORMAT=json`` sets it up."""

from __future__ import annotations

import contextlib
import io
import logging
from collections.abc import Iterable, Iterator

from bot.ops.logs import handler


@contextlib.contextmanager
def debug_log(
    secrets: Iterable[str] = (), leave_out: tuple[str, ...] = ()
) -> Iterator[io.StringIO]:
    """Every line logged in the block, one JSON object each (``secrets``: redacted as the
    bot's token is; ``leave_out``: loggers whose names start so are not the bot's)."""
    out = io.StringIO()
    lines = handler("json", out, secrets=secrets)
    if leave_out:
        lines.addFilter(lambda record: not record.name.startswith(leave_out))
    root = logging.getLogger()
    level = root.level
    root.addHandler(lines)
    root.setLevel(logging.DEBUG)
    try:
        yield out
    finally:
        root.removeHandler(lines)
        root.setLevel(level)
