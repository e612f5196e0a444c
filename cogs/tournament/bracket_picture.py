"""A whole tournament as one picture: the bracket of bot.render.tournament_bracket with the
players' display names (a picture cannot show mentions)."""

from __future__ import annotations

from typing import Any

import discord

from bot.render.tournament_bracket import bracket, bracket_png
from bot.service import Service
from cogs.pipeline import payload as ui


def bracket_picture(
    service: Service, tour: dict[str, Any], title: str, locale: str
) -> discord.File:
    columns = bracket(tour, locale, service.directory.display_name)
    return ui.attachment(bracket_png(title, columns, locale), "bracket", locale)
