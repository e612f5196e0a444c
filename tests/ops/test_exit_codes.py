"""``croupier run``'s exit status tells a supervisor whether a restart may help
(bot/exit_codes.py): a bad setting 78, a database out of reach at the start 69, a crash 1;
each with one line that says why, a JSON line when the log is JSON."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy.engine import make_url

from bot import exit_codes

ROOT = Path(__file__).resolve().parents[2]


def croupier_run(tmp_path: Path, *, code: str = "", **env: str) -> subprocess.CompletedProcess[str]:
    """``croupier run`` in ``tmp_path`` with ``env`` (and a token); ``code``: run first
    in the process (to make it crash)."""
    ours = ("DISCORD_", "DATABASE_", "LOG_", "SHARD_", "HEALTH_")
    clean = {k: v for k, v in os.environ.items() if not k.startswith(ours)}
    main = f"{code}\nimport sys\nfrom bot.__main__ import main\nsys.exit(main(['run']))"
    return subprocess.run(
        [sys.executable, "-c", main],
        cwd=tmp_path,
        env={**clean, "PYTHONPATH": str(ROOT), "DISCORD_TOKEN": "not-tried", **env},
        capture_output=True,
        text=True,
        timeout=90,
        check=False,
    )


def lines_of(result: subprocess.CompletedProcess[str]) -> list[str]:
    return [line for line in (result.stdout + result.stderr).splitlines() if line.strip()]


def closed_port() -> int:
    """A port on 127.0.0.1 nobody listens on (it was free a moment ago)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


@pytest.mark.parametrize(
    ("env", "named"),
    [
        ({"LOG_LEVEL": "LOUD"}, "LOG_LEVEL"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "9"}, "SHARD_IDS"),
        ({"HEALTH_PORT": "eighty"}, "HEALTH_PORT"),
        ({"DATABASE_URL": "nonsense"}, "DATABASE_URL"),
    ],
)
@pytest.mark.parametrize("log_format", ["text", "json"])
def test_a_bad_setting_exits_78_with_one_line_naming_it(
    tmp_path: Path, env: dict[str, str], named: str, log_format: str
) -> None:
    result = croupier_run(tmp_path, LOG_FORMAT=log_format, **env)
    assert result.returncode == exit_codes.CONFIG == 78, result.stderr
    (line,) = lines_of(result)
    if log_format == "json":
        entry = json.loads(line)
        assert entry["level"] == "ERROR" and entry["logger"] == "croupier"
        line = entry["message"]
    else:
        assert line.startswith("croupier: ")
    assert named in line and "Traceback" not in result.stderr


@pytest.mark.parametrize("log_format", ["text", "json"])
def test_a_database_out_of_reach_at_the_start_exits_69(tmp_path: Path, log_format: str) -> None:
    """A closed port is an outage, not a setting: 69, which the systemd unit restarts and
    compose retries, with one line that names the database and says to check it runs."""
    url = f"postgresql+psycopg://croupier@127.0.0.1:{closed_port()}/croupier"
    result = croupier_run(tmp_path, DATABASE_URL=url, LOG_FORMAT=log_format)
    assert result.returncode == exit_codes.UNAVAILABLE == 69, result.stderr
    (line,) = lines_of(result)
    said = json.loads(line)["message"] if log_format == "json" else line
    assert "cannot open the database" in said and "127.0.0.1" in said
    assert "database server runs" in said and "Traceback" not in result.stderr


@pytest.mark.postgres
def test_a_database_that_does_not_exist_is_a_setting(tmp_path: Path, pg_url: str) -> None:
    """The server answers, and refuses a database of that name: restarting cannot help."""
    url = make_url(pg_url).set(database="croupier_no_such_database").render_as_string(False)
    result = croupier_run(tmp_path, DATABASE_URL=url)
    assert result.returncode == exit_codes.CONFIG, result.stderr
    (line,) = lines_of(result)
    assert "does not exist" in line


def test_a_crash_exits_1_with_its_traceback_in_one_json_line(tmp_path: Path) -> None:
    """An exception nobody handles is neither of the start's failures: 1, and with
    ``LOG_FORMAT=json`` its traceback is one JSON line like every other."""
    crash = (
        "import bot.app\n"
        "def broken(settings):\n"
        "    raise RuntimeError('a bug')\n"
        "bot.app.run = broken"
    )
    db = f"sqlite:///{tmp_path / 'c.sqlite3'}"
    result = croupier_run(tmp_path, code=crash, DATABASE_URL=db, LOG_FORMAT="json")
    assert result.returncode == exit_codes.CRASH == 1
    (line,) = lines_of(result)
    entry = json.loads(line)
    assert entry["level"] == "CRITICAL" and "RuntimeError" in entry["message"]
    assert entry["exception"].endswith("RuntimeError: a bug")


def test_the_three_failures_are_told_apart() -> None:
    assert len({exit_codes.OK, exit_codes.CRASH, exit_codes.UNAVAILABLE, exit_codes.CONFIG}) == 4
