"""Flaschenteufel (The Bottle Imp): tricks and a bottle (shared/rules/flaschenteufel.md)."""

from bot.games.flaschenteufel.game import Flaschenteufel

__all__ = ["Flaschenteufel"]
