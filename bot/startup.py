"""How long a start took, phase by phase, said in one log line once the bot is ready
(docs/PERFORMANCE.md, "Issue 44: a process's start"): imports, the database (migrations),
the login, the setup (the shards' leases, loading the tables, the extensions, the command
sync, the emoji upload's first seconds), the gateway (IDENTIFY to READY) and the servers
(READY to discord.py's ready, which waits for the last server to arrive)."""

from __future__ import annotations

import logging
import time

log = logging.getLogger(__name__)

_STARTED = time.perf_counter()
"""When this module was first imported: ``croupier run`` imports it first of all."""


class Startup:
    """Phases in order: :meth:`mark` ends the phase ``name`` now."""

    def __init__(self, started: float = _STARTED) -> None:
        self.last = started
        self.started = started
        self.phases: list[tuple[str, float]] = []
        self.said = False

    def mark(self, name: str) -> None:
        now = time.perf_counter()
        self.phases.append((name, now - self.last))
        self.last = now

    def line(self) -> str:
        parts = ", ".join(f"{name} {seconds:.2f}" for name, seconds in self.phases)
        return f"started in {self.last - self.started:.2f} s ({parts})"

    def ready(self, name: str) -> None:
        """The last phase ended: the line is logged (once)."""
        if self.said:
            return
        self.mark(name)
        self.said = True
        log.info("%s", self.line())


STARTUP = Startup()
"""This process's start."""
