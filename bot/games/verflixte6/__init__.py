"""Die verflixte 6: push-your-luck dice (rules: shared/rules/verflixte6.md)."""

from bot.games.verflixte6.game import Verflixte6

__all__ = ["Verflixte6"]
