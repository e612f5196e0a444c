"""`croupier` without a token explains itself and exits 78 (EX_CONFIG, bot.exit_codes); settings
come from env and .env."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bot import exit_codes
from bot.config import ConfigError, load_settings
from bot.permissions import NEEDS, invite_bits
from sandbox.demo_names import DEMO_NAMES
from sandbox.demos import DEMOS

ROOT = Path(__file__).resolve().parents[2]


def run_croupier(cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DATABASE_URL")}
    return subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=cwd,
        env={**clean, "PYTHONPATH": str(Path(__file__).resolve().parents[2]), **env},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_no_token_exits_78_and_says_what_to_do(tmp_path: Path) -> None:
    result = run_croupier(tmp_path)
    assert result.returncode == exit_codes.CONFIG
    assert "DISCORD_TOKEN" in result.stderr
    assert "Developer Portal" in result.stderr
    assert "applications.commands" in result.stderr
    # A newcomer used ./dev, and `croupier` is not on his PATH: every command it names
    # is one he can type as it stands.
    assert "./dev sandbox" in result.stderr
    assert "./dev scenario examples/" in result.stderr
    assert "run `./dev run` again" in result.stderr
    commands = re.findall(r"^\s+(\S+) (?:sandbox|scenario)", result.stderr, flags=re.M)
    assert commands and set(commands) == {"./dev"}, commands
    assert not (tmp_path / "croupier.sqlite3").exists()
    # The invite names every permission the bot needs (bot.permissions, the one list)
    # and its permissions integer; the demos are all four games'.
    invite = result.stderr.split("4. Invite the bot")[1].split("Then run")[0]
    assert [line.strip("- ").strip() for line in invite.splitlines() if "- " in line] == [
        need.name for need in NEEDS
    ]
    assert f"permissions={invite_bits()}" in invite
    assert all(name in result.stderr for name in DEMOS)


def test_the_demo_names_are_the_demos() -> None:
    assert tuple(DEMOS) == DEMO_NAMES


def test_the_cli_loads_the_sandbox_and_the_bench_only_when_asked_for() -> None:
    """The parser names the demos, yet ``croupier run`` and ``croupier scenario`` load
    neither the sandbox's machinery, the bench, the loopback Discord nor discord.py."""
    probe = (
        "import sys, bot.__main__ as cli; cli._parser(); "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('sandbox', 'bench', 'loopback', 'discord')))"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=Path(__file__).resolve().parents[2],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert result.stdout.strip() == "['sandbox', 'sandbox.demo_names']"


def test_a_bad_setting_exits_78_and_names_it(tmp_path: Path) -> None:
    result = run_croupier(tmp_path, DISCORD_TOKEN="x", DEV_GUILD_ID="my-server")
    assert result.returncode == exit_codes.CONFIG
    assert "DEV_GUILD_ID" in result.stderr


def test_defaults() -> None:
    settings = load_settings({})
    assert settings.discord_token is None
    assert settings.database_url.startswith("sqlite:///")
    assert settings.database_url.endswith("croupier.sqlite3")
    assert settings.dev_guild_id is None
    assert settings.log_level == "INFO"


def test_values_are_read() -> None:
    settings = load_settings(
        {
            "DISCORD_TOKEN": " abc ",
            "DATABASE_URL": "postgresql://u@h/db",
            "DEV_GUILD_ID": "123456789012345678",
            "LOG_LEVEL": "debug",
        }
    )
    assert settings.discord_token == "abc"
    assert settings.database_url == "postgresql://u@h/db"
    assert settings.dev_guild_id == 123456789012345678
    assert settings.log_level == "DEBUG"


def test_server_data_days_are_read_and_checked() -> None:
    assert load_settings({}).server_data_days == 30
    assert load_settings({"SERVER_DATA_DAYS": " 7 "}).server_data_days == 7
    assert load_settings({"SERVER_DATA_DAYS": "0"}).server_data_days == 0
    for bad in ("-1", "a month", "1.5"):
        with pytest.raises(ConfigError, match="SERVER_DATA_DAYS"):
            load_settings({"SERVER_DATA_DAYS": bad})


def test_bad_log_level_is_refused() -> None:
    with pytest.raises(ConfigError, match="LOG_LEVEL"):
        load_settings({"LOG_LEVEL": "loud"})


def test_dotenv_file_is_read_but_environment_wins(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / ".env").write_text("DEV_GUILD_ID=42\nLOG_LEVEL=ERROR\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DEV_GUILD_ID", "set so that monkeypatch restores its absence")
    monkeypatch.delenv("DEV_GUILD_ID")
    monkeypatch.setenv("LOG_LEVEL", "WARNING")
    settings = load_settings()
    assert settings.dev_guild_id == 42
    assert settings.log_level == "WARNING"


@pytest.mark.parametrize(
    ("url", "said", "status"),
    [
        ("postgresql+psycopg://nobody@127.0.0.1:1/nothing", "cannot open the database",
         exit_codes.UNAVAILABLE),
        ("nonsense", "is no database address", exit_codes.CONFIG),
    ],
)  # fmt: skip
def test_a_database_it_cannot_use_is_said_in_one_line_before_discord(
    tmp_path: Path, url: str, said: str, status: int
) -> None:
    """The database is opened and migrated before the login: a wrong DATABASE_URL is one
    line that says what to fix, never a traceback (nothing reaches Discord: the token is
    not even tried). A server that cannot be reached exits 69 (a restart may help), an
    address that is no database 78 (it cannot)."""
    result = run_croupier(tmp_path, DISCORD_TOKEN="not-tried", DATABASE_URL=url)
    assert result.returncode == status
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    assert said in lines[0] and "DATABASE_URL" in lines[0]
    assert "Traceback" not in result.stderr and "logging in" not in result.stderr


def test_a_refused_token_is_said_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Discord's answer to a wrong token (discord.py's LoginFailure) is one line that says
    where to get a new one (through Discord's own 401: tests/loopback/test_cli_process.py)."""
    import discord

    from bot import __main__ as cli
    from bot.app import Croupier

    async def refused(self: Croupier, token: str, **kwargs: object) -> None:
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "wrong")
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'c.sqlite3'}")
    monkeypatch.setattr(Croupier, "start", refused)
    assert cli.main([]) == exit_codes.CONFIG
    lines = [line for line in capsys.readouterr().err.splitlines() if line.strip()]
    assert len(lines) == 1 and "DISCORD_TOKEN" in lines[0] and "Reset Token" in lines[0]
    assert (tmp_path / "c.sqlite3").exists()  # the database was opened first


def fake_venv(folder: Path, *, pip_exit: int) -> Path:
    """A venv whose pip prints what pip and setuptools print on a first install (and fails
    with ``pip_exit`` 1), and whose croupier explains the missing token."""
    venv = folder / "venv"
    (venv / "bin").mkdir(parents=True)
    scripts = {
        "python": "echo 'SetuptoolsDeprecationWarning: Editable installation.' >&2\n"
        "echo '  ********** Please be careful with folders **********' >&2\n"
        + ("echo 'ERROR: No matching distribution found for discord.py' >&2\n" if pip_exit else "")
        + f"exit {pip_exit}\n",
        "croupier": "echo 'croupier: DISCORD_TOKEN is not set' >&2\nexit 2\n",
    }
    for name, body in scripts.items():
        script = venv / "bin" / name
        script.write_text("#!/bin/sh\n" + body, encoding="utf-8")
        script.chmod(0o755)
    return venv


def test_the_first_dev_run_says_only_what_it_does(tmp_path: Path) -> None:
    """The first ``./dev run`` printed setuptools' warning block before its explanation."""
    venv = fake_venv(tmp_path, pip_exit=0)
    result = subprocess.run(
        [str(ROOT / "dev"), "run"],
        capture_output=True,
        text=True,
        env={"PATH": os.environ["PATH"], "VENV": str(venv)},
        check=False,
    )
    assert result.returncode == 2
    assert "Setuptools" not in result.stderr and "*****" not in result.stderr
    assert result.stderr.splitlines() == [
        f"dev: installing Croupier and what it needs into {venv} (once, a minute or two) ...",
        "croupier: DISCORD_TOKEN is not set",
    ]
    assert (venv / ".installed-test").exists()


def test_a_failed_installation_shows_all_pip_said(tmp_path: Path) -> None:
    venv = fake_venv(tmp_path, pip_exit=1)
    result = subprocess.run(
        [str(ROOT / "dev"), "run"],
        capture_output=True,
        text=True,
        env={"PATH": os.environ["PATH"], "VENV": str(venv)},
        check=False,
    )
    assert result.returncode == 1
    assert "ERROR: No matching distribution found for discord.py" in result.stderr
    assert "SetuptoolsDeprecationWarning" in result.stderr  # the whole log, warnings too
    assert "DISCORD_TOKEN" not in result.stderr  # croupier never ran
    assert not (venv / ".installed-test").exists()
