"""``/rangliste [spiel] [saison]`` (a server's leaderboard, in public) and ``/saison neu`` and
``/saison liste`` (a host starts a season; anyone lists them).

What a crash left unfolded is folded first (bot.history.keeping). The leaderboard's game,
when none is picked, is the one played most in rated games on the
server; its season the running one (an empty running season falls back to all time, with a
note), else all time. Refusals (a game or season without data, an unknown season, a host
tool used by a player, a bad season name) are private, in the reader's language.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.engine import IllegalAction
from bot.history.leaderboard import RATED_KINDS, Board, Leaderboards
from bot.history.queries import Season
from bot.history.skill_ratings import PROVISIONAL_GAMES
from bot.i18n import t
from bot.render import leaderboard_card as cards
from bot.render.cards import Card, Picture
from bot.render.drawn import ready
from bot.render.lobby_card import Names
from bot.render.pictures.leaderboard_picture import alt_leaderboard, leaderboard_png
from bot.service import Service
from bot.web.links import linked_card, server_page
from cogs.croupier_cog import CroupierCog
from cogs.options import SeasonName, SeasonPick, game_choices
from cogs.pipeline import payload as ui
from cogs.pipeline.incoming import actor_of
from cogs.pipeline.replies import refuse_key
from cogs.table_bot import table_bot
from cogs.translator import cmd

ALL_TIME = "*"
"""The season option's value for all time (a season's value is ``#<id>``)."""
AUTOCOMPLETE_MAX = 25  # Discord's limit of choices


def season_value(season: Season) -> str:
    return f"#{season.id}"


def picked_season(seasons: list[Season], value: str, locale: str) -> tuple[bool, Season | None]:
    """The season the option names: by its autocomplete value, else by its name or the
    all-time word as typed (letter case aside). (False, None): no such season."""
    typed = " ".join(value.split()).casefold()
    if value == ALL_TIME or typed == t("rank.all_time", locale).casefold():
        return True, None
    for season in seasons:
        if value == season_value(season) or season.name.casefold() == typed:
            return True, season
    return False, None


@dataclass(frozen=True)
class Shown:
    """A leaderboard ready to send: its card (the picture drawn) and its game."""

    card: Card
    kind: str


async def leaderboard_answer(
    service: Service,
    guild_id: int,
    spiel: str | None,
    saison: str | None,
    *,
    locale: str,
    mine: str,
) -> Shown | str:
    """``/rangliste``'s work without Discord: the board (in the server's ``locale``) with
    its picture drawn, or the private answer (in the asker's ``mine``) why there is none.
    A game a crash left unfolded counts: the history catches up first, like
    ``/statistik``'s and ``/fairness``'s."""
    service.history.caught_up()
    boards = service.history.boards()
    kind = spiel or boards.default_kind(guild_id)
    game = t(f"game.name.{kind}", mine)
    note = ""
    if saison:
        known, season = picked_season(boards.seasons(guild_id), saison, mine)
        if not known:
            return t("rank.unknown_season", mine, season=saison)
        board = boards.board(guild_id, kind, season)
        if not board.lines and season is not None:
            all_time = t("rank.all_time", mine)
            return t("rank.no_data_season", mine, season=season.name, game=game, all_time=all_time)
    else:
        board, empty = boards.current(guild_id, kind)
        if empty is not None:
            note = t("rank.fallback", locale, season=empty.name)
    if not board.lines:
        return t("rank.no_data", mine, game=game)
    picture = board_picture(board, service.directory.display_name, locale)
    card = cards.leaderboard_card(board, locale, picture, note)
    return Shown(await ready(card), kind)


def board_picture(board: Board, name: Names, locale: str) -> Picture:
    """The leaderboard's picture (drawn off the event loop by ``ready``)."""
    title = cards.title(board.kind, locale)
    season = cards.season_title(board.season, locale)
    header = cards.header(locale)
    rows = cards.rows(board.lines, name, locale)
    provisional = t("rank.provisional", locale, count=PROVISIONAL_GAMES)
    alt = alt_leaderboard(title, season, header, rows, provisional)
    return ui.picture(
        "leaderboard", locale, leaderboard_png, title, season, header, rows, provisional,
        description=alt,
    )  # fmt: skip


class Ratings(CroupierCog):
    saison = app_commands.Group(name=cmd("saison"), description=cmd("saison.desc"), guild_only=True)

    @property
    def boards(self) -> Leaderboards:
        return self.service.history.boards()

    async def _private(self, interaction: discord.Interaction[Any], text: str) -> None:
        """A private answer: a refusal or a listing (a season's name is shown as typed,
        never made a mention)."""
        await interaction.response.send_message(text, ephemeral=True)

    @app_commands.command(name=cmd("rangliste"), description=cmd("rangliste.desc"))
    @app_commands.guild_only()
    @app_commands.describe(spiel=cmd("rangliste.spiel.desc"), saison=cmd("rangliste.saison.desc"))
    @app_commands.choices(spiel=game_choices(RATED_KINDS))
    async def rangliste(
        self,
        interaction: discord.Interaction[Any],
        spiel: str | None = None,
        saison: SeasonPick | None = None,
    ) -> None:
        guild_id = interaction.guild_id
        assert guild_id is not None  # guild_only
        locale, mine = self.locale(interaction), self.private_locale(interaction)
        answer = await leaderboard_answer(
            self.service, guild_id, spiel, saison, locale=locale, mine=mine
        )
        if isinstance(answer, str):
            await self._private(interaction, answer)
            return
        accent = ui.accent_of(answer.kind)
        card = linked_card(answer.card, self.bot.links.line(guild_id, server_page(), locale))
        await interaction.response.send_message(**ui.send_kwargs(card, accent))

    @rangliste.autocomplete("saison")
    async def _seasons(
        self, interaction: discord.Interaction[Any], typed: str
    ) -> list[app_commands.Choice[str]]:
        """All time, then the server's seasons, newest first, whose name has ``typed``."""
        locale = self.private_locale(interaction)
        seasons = self.boards.seasons(interaction.guild_id or 0)
        choices = [(t("rank.all_time", locale), ALL_TIME)]
        choices += [(s.name, season_value(s)) for s in reversed(seasons)]
        wanted = typed.casefold().strip()
        return [
            app_commands.Choice(name=name, value=value)
            for name, value in choices
            if wanted in name.casefold()
        ][:AUTOCOMPLETE_MAX]

    @saison.command(name=cmd("neu"), description=cmd("saison.neu.desc"))
    @app_commands.describe(name=cmd("saison.name.desc"))
    async def neu(self, interaction: discord.Interaction[Any], name: SeasonName) -> None:
        """Hosts only (Manage Server or the croupier role): the running season ends, the
        new one starts now; said in public."""
        mine = self.private_locale(interaction)
        guild_id = interaction.guild_id
        assert guild_id is not None  # guild_only
        if not self.host(interaction):
            await refuse_key(interaction, "ui.host_only", mine)
            return
        host = actor_of(interaction)
        try:
            season, ended = self.boards.start_season(guild_id, name, host, self.service.now())
        except IllegalAction as exc:
            await refuse_key(interaction, exc.key, mine, **exc.params)
            return
        locale, who = self.locale(interaction), interaction.user.mention
        if ended is None:
            text = t("season.started", locale, host=who, name=season.name)
        else:
            text = t("season.started_ended", locale, host=who, name=season.name, ended=ended.name)
        await interaction.response.send_message(text, allowed_mentions=ui.NO_PINGS)

    @saison.command(name=cmd("liste"), description=cmd("saison.liste.desc"))
    async def liste(self, interaction: discord.Interaction[Any]) -> None:
        """The server's seasons, newest first (privately)."""
        mine = self.private_locale(interaction)
        seasons = self.boards.seasons(interaction.guild_id or 0)
        if not seasons:
            await self._private(interaction, t("season.none", mine))
            return
        card = ui.note(cards.seasons_text(seasons, mine))
        card.title = t("season.list_title", mine)
        await interaction.response.send_message(ephemeral=True, **ui.send_kwargs(card))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Ratings(table_bot(bot)))
