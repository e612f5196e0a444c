"""A PostgreSQL server of a test's own, to stop, start and lock as the test pleases (never
the shared server of ``CROUPIER_TEST_POSTGRES_URL``).

``initdb`` and ``pg_ctl`` from the PATH or PostgreSQL's usual directories make a cluster in
a fresh directory under the system's temporary one, with its unix socket there too, and
start it on a free port of 127.0.0.1 (no fsync: nothing of it outlives the test). Run as
root, they run as the ``postgres`` user, since ``initdb`` refuses root; the directory is
his. The ``throwaway_postgres`` fixture (tests/conftest.py) skips the test with the reason
when the binaries are missing. A test run killed before its clean-up (a ``timeout``'s
SIGTERM) leaves its server running: ``runuser -u postgres -- pg_ctl -D
/tmp/croupier-pg-…/data -m immediate stop``, then remove the directory.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.helpers.ports import free_port

SEARCHED = ("/usr/lib/postgresql/*/bin", "/usr/pgsql-*/bin", "/opt/homebrew/bin")
"""Where PostgreSQL's server binaries live when they are not on the PATH."""
OWNER = "postgres"
"""The user the server runs as when the tests run as root."""


def binaries() -> Path | None:
    """The directory holding ``initdb`` and ``pg_ctl`` (None: not installed)."""
    found = shutil.which("pg_ctl")
    if found and shutil.which("initdb"):
        return Path(found).resolve().parent
    for pattern in SEARCHED:
        for directory in sorted(glob.glob(pattern), reverse=True):
            if (Path(directory) / "initdb").exists() and (Path(directory) / "pg_ctl").exists():
                return Path(directory)
    return None


def missing() -> str | None:
    """Why no throwaway server can be made here (None: it can)."""
    if binaries() is None:
        return "PostgreSQL's server binaries (initdb, pg_ctl) are not installed"
    if os.geteuid() == 0:
        try:
            pwd.getpwnam(OWNER)
        except KeyError:
            return f"running as root, and there is no {OWNER!r} user to run PostgreSQL as"
    return None


class ThrowawayPostgres:
    """One server: :meth:`start`, :meth:`stop` (as a crash or an operator would stop it)
    and :attr:`url`, the ``postgres`` database as the superuser ``postgres`` (trust)."""

    def __init__(self) -> None:
        found = binaries()
        assert found is not None, missing()
        self.bin = found
        self.root = Path(tempfile.mkdtemp(prefix="croupier-pg-"))
        self.data = self.root / "data"
        self.log = self.root / "server.log"
        self.port = free_port()
        self.url = f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/postgres"
        self._as_owner: list[str] = []
        if os.geteuid() == 0:
            owner = pwd.getpwnam(OWNER)
            os.chown(self.root, owner.pw_uid, owner.pw_gid)
            self._as_owner = ["runuser", "-u", OWNER, "--"]
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres",
                  "-E", "UTF8", "--no-sync", "--no-instructions")  # fmt: skip

    def _run(self, program: str, *args: str, timeout: float = 60) -> None:
        command = [*self._as_owner, str(self.bin / program), *args]
        done = subprocess.run(command, check=False, capture_output=True, text=True,
                              timeout=timeout)  # fmt: skip
        if done.returncode != 0:
            log = self.log.read_text() if self.log.exists() else ""
            raise RuntimeError(f"{program} failed: {done.stderr or done.stdout}\n{log[-2000:]}")

    def start(self) -> None:
        """Start the server and wait until it accepts connections."""
        options = (f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 "
                   "-c fsync=off -c synchronous_commit=off -c full_page_writes=off")  # fmt: skip
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-o", options,
                  "-w", "-t", "60", "start")  # fmt: skip

    def stop(self, mode: str = "fast") -> None:
        """Stop the server (``fast``: its sessions are ended; ``immediate``: as a crash)."""
        self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "-t", "60", "stop")

    def running(self) -> bool:
        command = [*self._as_owner, str(self.bin / "pg_ctl"), "-D", str(self.data), "status"]
        done = subprocess.run(command, check=False, capture_output=True, timeout=30)
        return done.returncode == 0

    def remove(self) -> None:
        """Stop it if it runs, and delete its directory."""
        try:
            if self.running():
                self.stop("immediate")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)


@contextmanager
def throwaway_postgres() -> Iterator[ThrowawayPostgres]:
    """A started server, removed afterwards (stopped or not)."""
    server = ThrowawayPostgres()
    try:
        server.start()
        yield server
    finally:
        server.remove()
