"""Typed settings from the environment and an optional ``.env`` file (python-dotenv)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from dotenv import load_dotenv

from bot.cluster.shards import ShardError, Shards

DEFAULT_DB_FILE = "croupier.sqlite3"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
LOG_FORMATS = ("text", "json")
UVLOOP = "CROUPIER_UVLOOP"


class ConfigError(ValueError):
    """A setting has a value Croupier cannot use; the message names the setting."""


@dataclass(frozen=True)
class Settings:
    discord_token: str | None
    database_url: str
    dev_guild_id: int | None
    log_level: str
    shards: Shards = field(default_factory=Shards)
    """``SHARD_COUNT`` / ``SHARD_IDS``: the gateway shards this process runs."""
    health_port: int | None = None
    """``HEALTH_PORT``: serve ``/health`` and ``/metrics`` there (None: not served)."""
    health_host: str = "127.0.0.1"
    """``HEALTH_HOST``: the address they listen on (a container's probe: 0.0.0.0)."""
    log_format: str = "text"
    """``LOG_FORMAT``: ``text`` (one line per event) or ``json`` (one JSON object per line)."""
    uvloop: bool = True
    """``CROUPIER_UVLOOP``: run on uvloop where it is installed (0: asyncio's own loop)."""


def default_database_url(directory: Path | None = None) -> str:
    """An SQLite file in the working directory; it is created on first start."""
    path = (directory or Path.cwd()) / DEFAULT_DB_FILE
    return f"sqlite:///{path}"


def load_settings(env: Mapping[str, str] | None = None, *, dotenv: bool = True) -> Settings:
    """Read the settings; ``.env`` fills in what the real environment does not set."""
    if env is None:
        if dotenv:
            load_dotenv(Path.cwd() / ".env", override=False)
        env = os.environ
    guild = env.get("DEV_GUILD_ID", "").strip()
    if guild and not guild.isdigit():
        raise ConfigError(f"DEV_GUILD_ID must be a server id (digits), not {guild!r}")
    level = env.get("LOG_LEVEL", "INFO").strip().upper() or "INFO"
    if level not in LOG_LEVELS:
        raise ConfigError(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {level!r}")
    log_format = env.get("LOG_FORMAT", "text").strip().lower() or "text"
    if log_format not in LOG_FORMATS:
        raise ConfigError(f"LOG_FORMAT must be one of {', '.join(LOG_FORMATS)}, not {log_format!r}")
    try:
        shards = Shards.parse(env.get("SHARD_COUNT", ""), env.get("SHARD_IDS", ""))
    except ShardError as exc:
        raise ConfigError(str(exc)) from None
    return Settings(
        discord_token=env.get("DISCORD_TOKEN", "").strip() or None,
        database_url=env.get("DATABASE_URL", "").strip() or default_database_url(),
        dev_guild_id=int(guild) if guild else None,
        log_level=level,
        shards=shards,
        health_port=_port(env.get("HEALTH_PORT", "")),
        health_host=env.get("HEALTH_HOST", "").strip() or "127.0.0.1",
        log_format=log_format,
        uvloop=uvloop_wanted(env),
    )


def uvloop_wanted(env: Mapping[str, str]) -> bool:
    """``CROUPIER_UVLOOP``: 1 or unset: uvloop where installed; 0: asyncio's own loop."""
    text = env.get(UVLOOP, "").strip()
    if text not in ("", "0", "1"):
        raise ConfigError(
            f"{UVLOOP} must be 0 (asyncio's own loop) or 1 (uvloop where installed), not {text!r}"
        )
    return text != "0"


def _port(text: str) -> int | None:
    text = text.strip()
    if not text:
        return None
    if not text.isdigit() or not 0 < int(text) < 65536:
        raise ConfigError(f"HEALTH_PORT must be a port number (1-65535), not {text!r}")
    return int(text)
