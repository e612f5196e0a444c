"""Exceptions raised by :class:`bot.store.repository.Store`."""

from __future__ import annotations


class StoreError(Exception):
    """Base class of every error the store raises on purpose."""


class GameNotFound(StoreError):
    """No game row has the requested id."""

    def __init__(self, game_id: int) -> None:
        super().__init__(f"game {game_id} does not exist")
        self.game_id = game_id


class VersionConflict(StoreError):
    """The game moved on since the caller read it: its version is not the expected one."""

    def __init__(self, game_id: int, expected_version: int) -> None:
        super().__init__(f"game {game_id} is no longer at version {expected_version}")
        self.game_id = game_id
        self.expected_version = expected_version
