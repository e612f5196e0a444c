"""``/statistik [spieler] [spiel] [computer]``: a player's statistics on this server,
privately: games, wins and average place per game, each game's own measures, his
tournaments; a computer player's too (named as a computer, never as a mention). Read from
the history's kept sums in one query (bot.history.player_statistics); what a crash left unfolded
is folded first (bot.history.keeping), and at the bot's start.

Refusals are private, in the reader's language: asked in DMs (statistics are per server),
a player or game without a finished game here.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.engine import IllegalAction
from bot.history.queries import History
from bot.i18n import t
from bot.players.seats import computer_name, is_computer
from bot.plugins import PLUGINS, statistics_lines
from bot.render.cards import Card
from bot.render.lobby_card import COMPUTER_MARK, mention
from bot.render.statistics_card import statistics_card
from bot.tournament.game import TournamentGame
from bot.web.links import linked_card, player_page
from cogs.croupier_cog import CroupierCog
from cogs.options import ComputerPick, game_choices
from cogs.pipeline.payload import accent_of, send_kwargs
from cogs.pipeline.replies import refuse
from cogs.ratings import AUTOCOMPLETE_MAX
from cogs.table_bot import table_bot
from cogs.translator import cmd

log = logging.getLogger(__name__)

GAME_KINDS = tuple(plugin.kind for plugin in PLUGINS)
SHOWN_WITH = {"verflixte6": ("verflixte6", TournamentGame.kind)}
"""A game's statistics show its tournaments too (Die verflixte 6's are the tournaments)."""


class Statistics(CroupierCog):
    async def cog_load(self) -> None:
        """At the bot's start: fold what a stop left unfolded."""
        folded = self.service.history.caught_up()
        if folded:
            log.info("history: %d finished games folded that a stop had left unfolded", folded)

    @app_commands.command(name=cmd("statistik"), description=cmd("statistik.desc"))
    @app_commands.describe(
        spieler=cmd("statistik.spieler.desc"),
        spiel=cmd("statistik.spiel.desc"),
        computer=cmd("statistik.computer.desc"),
    )
    @app_commands.choices(spiel=game_choices(GAME_KINDS))
    async def statistik(
        self,
        interaction: discord.Interaction[Any],
        spieler: discord.User | None = None,
        spiel: str | None = None,
        computer: ComputerPick | None = None,
    ) -> None:
        """A person's statistics (``spieler``, else the asker's), or a computer player's
        (``computer``, picked from those that played here; it wins over ``spieler``)."""
        locale = self.private_locale(interaction)
        guild_id = interaction.guild_id
        if guild_id is None:
            await refuse(interaction, IllegalAction("stats.in_dm"), locale)
            return
        history = self.service.history
        player = str((spieler or interaction.user).id)
        if computer is not None:
            player = picked_computer(history.computers(guild_id), computer) or computer
        answer = statistics_answer(history, guild_id, player, spiel, locale)
        if isinstance(answer, IllegalAction):
            await refuse(interaction, answer, locale)
            return
        line = self.bot.links.line(guild_id, player_page(player), locale)
        kwargs = send_kwargs(linked_card(answer, line), accent_of(spiel or ""))
        await interaction.response.send_message(ephemeral=True, **kwargs)

    @statistik.autocomplete("computer")
    async def _computers(
        self, interaction: discord.Interaction[Any], typed: str
    ) -> list[app_commands.Choice[str]]:
        """The computer players that finished a game on this server, by their marked names,
        those whose name has ``typed``."""
        found = self.service.history.computers(interaction.guild_id or 0)
        wanted = typed.casefold().strip()
        return [
            app_commands.Choice(name=mention(player), value=player)
            for player in found
            if wanted in mention(player).casefold()
        ][:AUTOCOMPLETE_MAX]


def picked_computer(found: list[str], value: str) -> str | None:
    """The computer the option names: by its autocomplete value (its id), else by its name
    as typed (letter case and the marker aside); None: none of ``found``."""
    typed = " ".join(value.replace(COMPUTER_MARK, " ").split()).casefold()
    for player in found:
        if value == player or computer_name(player).casefold() == typed:
            return player
    return None


def statistics_answer(
    history: History, guild_id: int, player: str, kind: str | None, locale: str
) -> Card | IllegalAction:
    """``/statistik``'s work without Discord: the card, or the refusal to answer with (a
    game a crash left unfolded counts: the history catches up first, two indexed reads)."""
    kinds = SHOWN_WITH.get(kind, (kind,)) if kind else None
    found = {
        game: sums
        for game, sums in history.measures(guild_id, player).items()
        if kinds is None or game in kinds
    }
    if not found or (kind and kind not in found):
        if kind:
            name = t(f"game.name.{kind}", locale)
            return IllegalAction("stats.no_data_game", player=named(player), game=name)
        return IllegalAction("stats.no_data", player=named(player))
    return statistics_card(player, found, locale, statistics_lines())


def named(player: str) -> str:
    """A player as a refusal names him: a person by his id (made a mention there), a
    computer by its marked name, anything typed as typed."""
    return mention(player) if is_computer(player) else player


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Statistics(table_bot(bot)))
