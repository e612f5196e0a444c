"""Auf Teufel komm raus: sealed bets, coal, devils (shared/rules/teufel-komm-raus.md)."""

from bot.games.teufel.game import Teufel

__all__ = ["Teufel"]
