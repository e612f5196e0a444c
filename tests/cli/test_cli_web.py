"""``croupier web``: the web pages on the bot's database at ``WEB_HOST``:``WEB_PORT``
(127.0.0.1:8080 unless set), stopped cleanly by SIGTERM; ``PUBLIC_URL`` is where
visitors reach them."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from bot import exit_codes
from bot.config import DEFAULT_WEB_PORT, ConfigError, load_settings
from bot.web.safety import HEADERS
from tests.helpers.ports import free_port

ROOT = Path(__file__).resolve().parents[2]


def test_the_web_settings_default_to_this_machine_and_no_pages_in_the_bot() -> None:
    settings = load_settings({})
    assert (settings.web_host, settings.web_port, settings.public_url) == ("127.0.0.1", None, None)
    assert DEFAULT_WEB_PORT == 8080  # where ``croupier web`` listens without WEB_PORT


def test_the_web_settings_are_read() -> None:
    settings = load_settings(
        {"WEB_HOST": "0.0.0.0", "WEB_PORT": "9000", "PUBLIC_URL": "https://c.example/ "}
    )
    assert (settings.web_host, settings.web_port) == ("0.0.0.0", 9000)
    assert settings.public_url == "https://c.example"


@pytest.mark.parametrize(
    ("name", "value"), [("WEB_PORT", "web"), ("WEB_PORT", "70000"), ("PUBLIC_URL", "c.example")]
)
def test_a_bad_web_setting_is_refused_by_name(name: str, value: str) -> None:
    with pytest.raises(ConfigError, match=name):
        load_settings({name: value})


def test_the_help_names_the_web() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "bot", "--help"],
        cwd=ROOT, capture_output=True, text=True, timeout=60, check=True,
    )  # fmt: skip
    assert "web" in result.stdout and "read-only web pages" in result.stdout


def test_croupier_web_serves_the_pages_until_sigterm(tmp_path: Path) -> None:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("WEB_PORT", "WEB_HOST")}
    env |= {"DATABASE_URL": f"sqlite:///{tmp_path / 'web.sqlite3'}", "PYTHONPATH": str(ROOT)}
    server = subprocess.Popen(
        [sys.executable, "-m", "bot", "web", "--port", str(port)],
        cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        answer = None
        for _ in range(300):  # it starts within seconds (the migrations run first)
            try:
                answer = urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5)
                break
            except (urllib.error.URLError, ConnectionError):
                assert server.poll() is None, server.communicate()
                time.sleep(0.1)
        assert answer is not None and answer.status == 200
        assert answer.headers["Content-Security-Policy"] == HEADERS["Content-Security-Policy"]
        assert "Croupier" in answer.read().decode()
    finally:
        server.send_signal(signal.SIGTERM)
        _, err = server.communicate(timeout=30)
    assert server.returncode == exit_codes.OK, err


def test_a_bad_web_setting_exits_78_and_names_it(tmp_path: Path) -> None:
    env = {**os.environ, "WEB_PORT": "web", "PYTHONPATH": str(ROOT)}
    result = subprocess.run(
        [sys.executable, "-m", "bot", "web"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert result.returncode == exit_codes.CONFIG
    assert "WEB_PORT" in result.stderr
