"""How the bot's background work logs a failure: a database outage (bot.store.outage) as
one warning line, since it passes and the work tries again (a stopped database must not
fill the log with the same traceback every 2 s); anything else as an error with its
traceback."""

from __future__ import annotations

import logging
import sys

from bot.store.outage import describe, is_outage


def log_failure(logger: logging.Logger, message: str, *args: object) -> None:
    """Inside an ``except`` block: the exception being handled, logged as ``message %
    args``."""
    exc = sys.exc_info()[1]
    if exc is not None and is_outage(exc):
        logger.warning(f"{message} (the database is unavailable: %s)", *args, describe(exc))
    else:
        logger.exception(message, *args)
