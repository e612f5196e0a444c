"""The exit statuses of ``croupier``, in one place: the systemd unit, compose.yaml and
docs/OPERATIONS.md ("Exit codes") rely on them.

The two start failures follow BSD's ``sysexits.h``, so that a supervisor can tell a
failure a restart may cure from one it cannot: a setting the bot cannot use
(:data:`CONFIG`) stays wrong until a person changes it, while a database or Discord that
cannot be reached at the start (:data:`UNAVAILABLE`) may be back in a moment.
"""

from __future__ import annotations

OK = 0
"""Stopped as asked (SIGTERM, Ctrl-C), or a sub-command that succeeded."""

CRASH = 1
"""An unexpected failure (an exception nobody handled): Python's own status for it."""

USAGE = 2
"""A command line the command does not take (argparse's status); ``croupier verify``: a
file that is no game export."""

UNAVAILABLE = 69
"""EX_UNAVAILABLE: at the start, the database or Discord could not be reached (refused,
timed out). Restarting later may help: the supervisor restarts."""

CONFIG = 78
"""EX_CONFIG: a setting the bot cannot start with (a value out of range, an unreadable
``DATABASE_URL``, a token Discord refuses, a health or web port in use, a second process where
only one may run). Restarting does not help: the supervisor must not restart
(systemd: ``RestartPreventExitStatus=78``)."""
