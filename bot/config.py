"""Typed settings from the environment and an optional ``.env`` file (python-dotenv)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from dotenv import load_dotenv

DEFAULT_DB_FILE = "croupier.sqlite3"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


class ConfigError(ValueError):
    """A setting has a value Croupier cannot use; the message names the setting."""


@dataclass(frozen=True)
class Settings:
    discord_token: str | None
    database_url: str
    dev_guild_id: int | None
    log_level: str


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
    return Settings(
        discord_token=env.get("DISCORD_TOKEN", "").strip() or None,
        database_url=env.get("DATABASE_URL", "").strip() or default_database_url(),
        dev_guild_id=int(guild) if guild else None,
        log_level=level,
    )
