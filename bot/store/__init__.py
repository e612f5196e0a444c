"""Persistence of games: a snapshot row per game plus an append-only event log.

Engines stay pure; the store only keeps rows. Every player action is one transaction that
appends an event row and swaps the game's snapshot under an optimistic version check.
"""

from bot.store.database import default_sqlite_url, make_engine, normalize_url
from bot.store.history_rows import (
    DrawTally,
    FaceTotal,
    GameResult,
    HistoryGuild,
    PlayerMeasure,
    Rating,
    Season,
    UnfoldedGame,
    Watcher,
)
from bot.store.migrate import upgrade
from bot.store.models import Erasure, EventRow, GameRow, GameStatus, GuildSettings
from bot.store.repository import LogRow, Store
from bot.store.store_errors import GameNotFound, StoreError, VersionConflict

__all__ = [
    "DrawTally",
    "Erasure",
    "EventRow",
    "FaceTotal",
    "GameNotFound",
    "GameResult",
    "GameRow",
    "GameStatus",
    "GuildSettings",
    "HistoryGuild",
    "LogRow",
    "PlayerMeasure",
    "Rating",
    "Season",
    "Store",
    "StoreError",
    "UnfoldedGame",
    "VersionConflict",
    "Watcher",
    "default_sqlite_url",
    "make_engine",
    "normalize_url",
    "upgrade",
]
