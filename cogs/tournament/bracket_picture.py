"""A whole tournament as one picture: the bracket of bot.render.tournament_bracket with the
players' display names (a picture cannot show mentions)."""

from __future__ import annotations

from collections.abc import Mapping

from bot.engine import JSON
from bot.render.cards import Picture
from bot.render.tournament_bracket import bracket_picture as drawn_bracket
from bot.service import Service


def bracket_picture(service: Service, tour: Mapping[str, JSON], title: str, locale: str) -> Picture:
    """The bracket as a card's picture; the card lists the same standings as text."""
    return drawn_bracket(tour, title, locale, service.directory.display_name)
