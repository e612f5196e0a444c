"""What a computer player is: a policy that decides from its seat's view alone."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from bot.engine import JSON, Action


class Policy(Protocol):
    """A computer player at one level of one game."""

    game: str
    level: str

    def decide(self, view: Mapping[str, JSON], seat: int) -> Action:
        """The action for ``seat``, from its view alone (it must be ``seat``'s to act)."""
        ...
