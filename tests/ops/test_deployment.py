"""The deployment files: the container's command run as the container runs it (no
container engine here), with the Dockerfile's HEALTHCHECK asked of it; compose.yaml and the
systemd unit set only settings the bot reads."""

from __future__ import annotations

import asyncio
import json
import os
import re
import shlex
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path

import pytest

from bot import exit_codes
from bot.__main__ import _parser
from bot.config import default_database_url
from bot.store import default_sqlite_url
from loopback import fake_discord
from loopback.process import start
from tests.helpers.ports import free_port

ROOT = Path(__file__).resolve().parents[2]


def instructions(path: Path) -> Iterator[tuple[str, str]]:
    """A Dockerfile's instructions as (INSTRUCTION, arguments), continuations joined."""
    text = re.sub(r"\\\n", " ", path.read_text())
    for raw in text.splitlines():
        line = raw.strip()
        if line and not line.startswith("#"):
            word, _, rest = line.partition(" ")
            yield word.upper(), rest.strip()


def dockerfile() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for word, rest in instructions(ROOT / "Dockerfile"):
        found.setdefault(word, []).append(rest)
    return found


def container_command() -> list[str]:
    """ENTRYPOINT followed by CMD, both in exec form (JSON)."""
    docker = dockerfile()
    return [*json.loads(docker["ENTRYPOINT"][-1]), *json.loads(docker["CMD"][-1])]


def healthcheck() -> tuple[list[str], list[str]]:
    """The HEALTHCHECK's options and its command (exec form)."""
    line = dockerfile()["HEALTHCHECK"][-1]
    options, _, command = line.partition("CMD ")
    return options.split(), json.loads(command)


def container_env() -> dict[str, str]:
    env: dict[str, str] = {}
    for rest in dockerfile()["ENV"]:
        for pair in shlex.split(rest):
            key, _, value = pair.partition("=")
            env[key] = value
    return env


def settings_read() -> set[str]:
    """Every setting bot/config.py reads from the environment."""
    source = (ROOT / "bot" / "config.py").read_text()
    return set(re.findall(r'env\.get\("([A-Z_]+)"', source))


def test_the_image_runs_the_readmes_command_as_a_user_with_a_health_check() -> None:
    docker = dockerfile()
    assert any(re.match(r"pip install \.( |$)", run) for run in docker["RUN"])
    command = container_command()
    assert command[0] == "croupier"
    # the program ./dev run runs, installed by pip as this venv has it
    dev = (ROOT / "dev").read_text()
    assert 'exec "$VENV/bin/croupier" "$@"' in dev
    scripts = {e.name: e.value for e in metadata.entry_points(group="console_scripts")}
    assert scripts["croupier"] == "bot.__main__:main"
    assert (Path(sys.executable).parent / "croupier").exists()
    assert _parser().parse_args(command[1:]).command == "run"
    options, probe = healthcheck()
    assert probe[0] == "python" and "/health" in " ".join(probe)
    assert any(o.startswith("--timeout=") for o in options)
    assert container_env()["HEALTH_PORT"].isdigit()
    assert set(container_env()) - {"PYTHONDONTWRITEBYTECODE", "PYTHONUNBUFFERED",
                                   "PIP_NO_CACHE_DIR", "PIP_DISABLE_PIP_VERSION_CHECK"} <= (
        settings_read()
    )  # fmt: skip


def test_the_image_pins_its_base_and_runs_as_a_numeric_user() -> None:
    """The base image by its full version and a digest (a rebuild gets the same image), and
    a user by number (``runAsNonRoot`` can check it), the one the image makes."""
    docker = dockerfile()
    (base,) = docker["FROM"]
    assert re.fullmatch(r"python:3\.11\.\d+-slim-bookworm@sha256:[0-9a-f]{64}", base), base
    uid, colon, gid = docker["USER"][-1].partition(":")
    assert colon and uid.isdigit() and gid.isdigit(), docker["USER"]
    assert int(uid) >= 1000 and int(gid) >= 1000  # neither root nor a system account's
    made = " ".join(docker["RUN"])
    assert f"groupadd --system --gid {gid} croupier" in made
    assert f"useradd --system --uid {uid} --gid {gid}" in made


def test_the_database_file_lives_in_a_volume_the_run_example_keeps() -> None:
    """Without DATABASE_URL the bot's SQLite file is in its working directory: the image
    declares that directory a volume, and the Dockerfile's own ``docker run`` example mounts
    a named volume there, so the games outlive ``docker rm``."""
    docker = dockerfile()
    workdir = docker["WORKDIR"][-1]
    volume = docker["VOLUME"][-1]
    volumes = json.loads(volume) if volume.startswith("[") else volume.split()
    assert workdir in volumes
    assert default_database_url(Path(workdir)) == f"sqlite:///{workdir}/croupier.sqlite3"
    runs = [line for line in (ROOT / "Dockerfile").read_text().splitlines()
            if line.startswith("#") and "docker run" in line]  # fmt: skip
    assert runs
    for run in runs:
        assert re.search(rf" -v [a-z][\w.-]*:{re.escape(workdir)}( |$)", run), run


def ask_health(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """The HEALTHCHECK's command, with this Python as the image's ``python``."""
    _, probe = healthcheck()
    return subprocess.run(
        [sys.executable, *probe[1:]],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )


async def test_the_container_command_answers_its_health_check_and_logs_json(
    tmp_path: Path,
) -> None:
    """``croupier run`` (the loopback's ``cli`` kind runs the same CLI, without arguments,
    which is ``run``) with the image's settings: the HEALTHCHECK succeeds while it runs, a
    command shows in /metrics, every log line is a JSON object; after SIGTERM the check
    fails."""
    port = free_port()
    env = {**container_env(), "HEALTH_PORT": str(port), "LOG_FORMAT": "json", "LOG_LEVEL": "INFO"}
    log = tmp_path / "bot.log"
    async with fake_discord() as fake:
        guild = fake.add_guild("g")
        channel = fake.add_channel(guild, "c")
        anna = fake.add_user("anna", guild=guild)
        assert fake.port is not None
        db = default_sqlite_url(tmp_path / "b.sqlite3")
        bot = await start("cli", fake.port, db, env, log=log)
        try:
            await bot.wait_connected()
            await fake.wait_for_bot()
            checked = await asyncio.to_thread(ask_health, env)
            assert checked.returncode == 0, checked.stderr
            opened = await fake.slash(anna, channel, "v6 tisch")
            assert opened.response_type == 4
            metrics = await asyncio.to_thread(ask_metrics, port)  # answered: counted
            assert 'croupier_interactions_answered_total{type="command"} 1.0' in metrics
            assert 'croupier_open_games{kind="verflixte6"} 1.0' in metrics
            bot.kill(signal.SIGTERM)
            assert await bot.wait(15) == 0
        finally:
            if bot.returncode is None:
                bot.kill(signal.SIGKILL)
                await bot.wait(10)
    stopped = await asyncio.to_thread(ask_health, env)
    assert stopped.returncode != 0
    lines = log.read_text().splitlines()
    entries = [json.loads(line) for line in lines]  # each line one JSON object
    messages = [e["message"] for e in entries]
    assert f"health and metrics on http://127.0.0.1:{port}/" in messages
    assert any(m.startswith("stopped (SIGTERM)") for m in messages)
    assert {"time", "level", "logger", "message"} <= set(entries[0])


def ask_metrics(port: int) -> str:
    import urllib.request

    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as response:
        text: str = response.read().decode()
        return text


async def test_a_health_port_in_use_is_said_in_one_line(tmp_path: Path) -> None:
    log = tmp_path / "bot.log"
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        async with fake_discord() as fake:
            assert fake.port is not None
            db = default_sqlite_url(tmp_path / "b.sqlite3")
            bot = await start("cli", fake.port, db, {"HEALTH_PORT": str(port)}, log=log)
            try:
                status = await bot.wait(30)
            finally:
                if bot.returncode is None:
                    bot.kill(signal.SIGKILL)
                    await bot.wait(10)
    said = log.read_text()
    assert status == exit_codes.CONFIG, said
    assert "Traceback" not in said
    assert f"croupier: HEALTH_PORT {port}: cannot listen on 127.0.0.1:{port}" in said


# --- compose.yaml and the systemd unit -----------------------------------------------------


def compose_text() -> str:
    return (ROOT / "compose.yaml").read_text()


def test_compose_sets_only_settings_the_bot_reads() -> None:
    """A light structural check (no YAML parser among the dependencies): every variable
    in an ``environment`` block is a setting of bot/config.py or PostgreSQL's own."""
    text = compose_text()
    assert "\t" not in text
    names = set(re.findall(r"^\s+([A-Z][A-Z_]+):", text, flags=re.MULTILINE))
    postgres = {n for n in names if n.startswith("POSTGRES_")}
    assert names - postgres <= settings_read(), names - postgres - settings_read()
    for needed in ("DISCORD_TOKEN", "DATABASE_URL", "SHARD_COUNT", "SHARD_IDS", "HEALTH_PORT"):
        assert needed in names
    assert re.search(r"DATABASE_URL: (&database )?postgresql\+psycopg://\S+@postgres:5432/", text)


def test_compose_runs_postgres_and_two_bots_that_wait_for_it() -> None:
    text = compose_text()
    block = text.split("\nservices:\n")[1].split("\nvolumes:")[0]
    services = re.findall(r"^  ([a-z0-9-]+):$", block, re.MULTILINE)
    assert services == ["postgres", "bot-0", "bot-1", "web"]
    assert "image: postgres:16" in text
    assert re.search(r'test: \["CMD-SHELL", "pg_isready[^"]*"\]', text)
    assert re.search(r"depends_on:\n\s+postgres:\n\s+condition: service_healthy", text)
    assert 'SHARD_COUNT: "2"' in text
    assert re.findall(r'SHARD_IDS: "(\d)"', text) == ["0", "1"]
    try:
        import yaml  # type: ignore[import-untyped]
    except ImportError:
        return
    parsed = yaml.safe_load(text)  # where PyYAML happens to be installed: the whole file
    for name in ("bot-0", "bot-1"):
        bot = parsed["services"][name]
        assert bot["depends_on"]["postgres"]["condition"] == "service_healthy"
        assert bot["restart"] == BOT_RESTART
        assert bot["environment"]["SHARD_IDS"] == name[-1]
    for service in parsed["services"].values():
        assert service["logging"] == {"driver": "json-file",
                                      "options": {"max-size": "10m", "max-file": "5"}}  # fmt: skip


BOT_RESTART = "on-failure:5"


def service_blocks(text: str) -> dict[str, str]:
    """Each service's block of compose.yaml (its lines, the shared ``x-`` blocks merged
    in where it says ``<<: *name``), by name."""
    anchors = dict(re.findall(r"^x-[a-z-]+: &([a-z-]+)\n((?:  .*\n)+)", text, re.MULTILINE))
    block = text.split("\nservices:\n")[1].split("\nvolumes:", maxsplit=1)[0] + "\n"
    found = dict(re.findall(r"^  ([a-z0-9-]+):\n((?:    .*\n|\n)+)", block, re.MULTILINE))
    return {
        name: lines + "".join(anchors.get(a, "") for a in re.findall(r"<<: \*([a-z-]+)", lines))
        for name, lines in found.items()
    }


def test_compose_rotates_every_log_and_does_not_restart_a_bad_setting_forever() -> None:
    """Every service logs through json-file with a size and a count of files; the bots are
    restarted after a failure a bounded number of times (Docker cannot tell exit 78 from a
    crash: a bad setting ends after those tries); PostgreSQL always comes back."""
    text = compose_text()
    anchors = dict(re.findall(r"^x-[a-z-]+: &([a-z-]+)\n((?:  .*\n)+)", text, re.MULTILINE))
    rotation = anchors["logging"]
    assert re.search(r"^  driver: json-file$", rotation, re.MULTILINE)
    assert re.search(r'^    max-size: "?\d+[km]"?$', rotation, re.MULTILINE)
    assert re.search(r'^    max-file: "\d+"$', rotation, re.MULTILINE)  # a string, as Docker wants
    services = service_blocks(text)
    assert set(services) == {"postgres", "bot-0", "bot-1", "web"}
    for name, lines in services.items():
        assert "logging: *logging" in lines, name
        restart = re.findall(r"^\s+restart: (\S+)$", lines, re.MULTILINE)
        expected = "unless-stopped" if name == "postgres" else BOT_RESTART
        assert restart == [expected], (name, restart)
    assert str(exit_codes.CONFIG) in text  # the comment says why


def test_compose_runs_the_web_pages_read_only_from_the_bots_image_and_database() -> None:
    """The web is a service of its own: ``croupier web`` from the bots' image on their
    database, no token, its container read-only, its port published on the host's loopback
    (a proxy speaks TLS), a health check of its own (the image's asks the bots' /health);
    the bots serve no pages themselves (WEB_PORT empty) but link them (PUBLIC_URL)."""
    text = compose_text()
    web = service_blocks(text)["web"]
    command = re.search(r"^    command: (\[.*\])$", web, re.MULTILINE)
    assert command is not None and _parser().parse_args(json.loads(command[1])).command == "web"
    assert re.search(r"^  image: croupier$", service_blocks(text)["bot-0"], re.MULTILINE)
    assert "    image: croupier\n" in web and "read_only: true" in web
    assert "DISCORD_TOKEN" not in web and "env_file" not in web
    assert re.search(r'^      - "127\.0\.0\.1:(\d+):\1"$', web, re.MULTILINE)
    assert "      DATABASE_URL: *database\n" in web and "DATABASE_URL: &database " in text
    probe = re.search(r"^      test: (\[.*\])$", web, re.MULTILINE)
    assert probe is not None and "/health" not in probe[1] and ":8080/'" in probe[1]
    import yaml  # type: ignore[import-untyped]

    parsed = yaml.safe_load(text)["services"]
    port = parsed["web"]["environment"]["WEB_PORT"]
    assert parsed["web"]["ports"] == [f"127.0.0.1:{port}:{port}"]
    assert parsed["web"]["environment"]["WEB_HOST"] == "0.0.0.0"
    assert parsed["web"]["depends_on"]["bot-0"]["condition"] == "service_healthy"
    for name in ("bot-0", "bot-1"):
        bot = parsed[name]["environment"]
        assert bot["DATABASE_URL"] == parsed["web"]["environment"]["DATABASE_URL"]
        assert bot["WEB_PORT"] == "" and bot["PUBLIC_URL"] == "${PUBLIC_URL:-}"
    assert parsed["web"]["environment"]["PUBLIC_URL"] == "${PUBLIC_URL:-}"


def unit_settings(name: str) -> tuple[str, dict[str, str]]:
    """A systemd unit of deploy/ as text and its settings (the last of each name)."""
    unit = (ROOT / "deploy" / name).read_text()
    settings = dict(
        line.split("=", 1) for line in unit.splitlines() if "=" in line and line[0] not in "#;"
    )
    return unit, settings


def test_the_systemd_web_unit_runs_croupier_web_hardened_beside_the_bots() -> None:
    unit, settings = unit_settings("croupier-web.service")
    _, bot = unit_settings("croupier@.service")
    command = settings["ExecStart"].split()
    assert command[0] == bot["ExecStart"].split()[0]  # the same installation
    assert _parser().parse_args(command[1:]).command == "web"
    assert settings["Restart"] == "always"
    assert settings["RestartPreventExitStatus"] == str(exit_codes.CONFIG)
    for hardening in ("NoNewPrivileges", "ProtectSystem", "ProtectHome", "PrivateTmp",
                      "CapabilityBoundingSet", "RestrictAddressFamilies", "UMask"):  # fmt: skip
        assert settings[hardening] == bot[hardening], hardening
    for same in ("User", "WorkingDirectory", "StateDirectory"):
        assert settings[same] == bot[same], same
    assert "EnvironmentFile=/etc/croupier/croupier.env" in unit
    assert "EnvironmentFile=-/etc/croupier/web.env" in unit  # WEB_PORT there, not the bots'
    assert "SHARD_IDS" not in unit


def test_the_systemd_unit_runs_one_shard_range_per_instance_hardened() -> None:
    unit = (ROOT / "deploy" / "croupier@.service").read_text()
    settings = dict(
        line.split("=", 1) for line in unit.splitlines() if "=" in line and line[0] not in "#;"
    )
    assert settings["ExecStart"].endswith("/bin/croupier run")
    assert settings["Environment"] == "SHARD_IDS=%i"
    assert settings["Restart"] == "always"
    assert settings["RestartPreventExitStatus"] == str(exit_codes.CONFIG)
    assert settings["NoNewPrivileges"] == "yes" and settings["ProtectSystem"] == "strict"
    assert settings["StateDirectory"] == "croupier"
    assert settings["User"] == "croupier"
    assert "EnvironmentFile=/etc/croupier/croupier.env" in unit
    assert "SHARD_IDS" in settings_read()


@pytest.mark.parametrize("name", ["LOG_FORMAT", "HEALTH_PORT", "HEALTH_HOST", "SHARD_COUNT",
                                  "SHARD_IDS", "CROUPIER_UVLOOP", "WEB_HOST", "WEB_PORT",
                                  "PUBLIC_URL"])  # fmt: skip
def test_env_example_and_readme_name_the_settings(name: str) -> None:
    assert re.search(rf"^{name}=", (ROOT / ".env.example").read_text(), re.MULTILINE)
    assert f"`{name}`" in (ROOT / "README.md").read_text()
