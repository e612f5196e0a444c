"""The sandbox's demos by name, without loading them (the CLI's help names them)."""

from __future__ import annotations

DEMO_NAMES = ("verflixte6", "teufel", "flaschenteufel", "dicedevils")
"""One demo per game (sandbox.demos.DEMOS has one for each, a test keeps them equal)."""
