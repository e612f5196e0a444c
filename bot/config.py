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
DEFAULT_WEB_PORT = 8080


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
    web_host: str = "127.0.0.1"
    """``WEB_HOST``: the address the web pages listen on (behind a proxy: 127.0.0.1)."""
    web_port: int | None = None
    """``WEB_PORT``: the port of the web pages. Set, ``croupier run`` serves them in the
    bot's own process too; ``croupier web`` serves them on it, else on
    :data:`DEFAULT_WEB_PORT` (None: not set)."""
    public_url: str | None = None
    """``PUBLIC_URL``: where visitors reach the pages (``https://croupier.example``);
    ``/web an`` answers with the server's link under it (None: the path alone)."""
    server_data_days: int = 30
    """``SERVER_DATA_DAYS``: days after the bot's removal from a server until the server's
    data is erased (bot.privacy.server_data), unless the bot is added back."""


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
        web_host=env.get("WEB_HOST", "").strip() or "127.0.0.1",
        web_port=_port(env.get("WEB_PORT", ""), "WEB_PORT"),
        public_url=public_url(env.get("PUBLIC_URL", "")),
        health_host=env.get("HEALTH_HOST", "").strip() or "127.0.0.1",
        log_format=log_format,
        uvloop=uvloop_wanted(env),
        server_data_days=_days(env.get("SERVER_DATA_DAYS", "")),
    )


def uvloop_wanted(env: Mapping[str, str]) -> bool:
    """``CROUPIER_UVLOOP``: 1 or unset: uvloop where installed; 0: asyncio's own loop."""
    text = env.get(UVLOOP, "").strip()
    if text not in ("", "0", "1"):
        raise ConfigError(
            f"{UVLOOP} must be 0 (asyncio's own loop) or 1 (uvloop where installed), not {text!r}"
        )
    return text != "0"


def _days(text: str) -> int:
    """``SERVER_DATA_DAYS``: a whole number of days, 0 or more (empty: 30)."""
    text = text.strip()
    if not text:
        return 30
    if not text.isdigit():
        raise ConfigError(f"SERVER_DATA_DAYS must be a number of days (0 or more), not {text!r}")
    return int(text)


def _port(text: str, name: str = "HEALTH_PORT") -> int | None:
    text = text.strip()
    if not text:
        return None
    if not text.isdigit() or not 0 < int(text) < 65536:
        raise ConfigError(f"{name} must be a port number (1-65535), not {text!r}")
    return int(text)


def public_url(text: str) -> str | None:
    """``PUBLIC_URL`` without a trailing slash (None: not set); an http(s) address."""
    text = text.strip().rstrip("/")
    if not text:
        return None
    if not text.startswith(("https://", "http://")) or any(c.isspace() for c in text):
        raise ConfigError(f"PUBLIC_URL must be an http(s) address, not {text!r}")
    return text
