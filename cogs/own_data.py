"""``/meine-daten`` (``/my-data``): everything the bot keeps about the one who asks, as a
JSON file with a short summary, privately (bot.privacy.own_data). One file per person
every :data:`EVERY` seconds: the file reads every table, so asking again at once is
refused, privately, with the minutes left.

The answer's second message, a card with the button „Meine Daten löschen …“, erases it
all (bot.privacy.erasure), confirmed twice: the button opens a form where he types his
language's word (LÖSCHEN, DELETE, SUPPRIMER). Refused, privately and with the game's
number, while he sits at a game not over. The request is noted before the erasure runs,
so that a process killed in between finishes it at its next start; his games stay
verifiable (his pseudonym stands in them)."""

from __future__ import annotations

import asyncio
import json
import logging
import math
import time
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import listed, t
from bot.privacy.erasure import StillPlaying, erase, finish_pending, playing, request
from bot.privacy.own_data import collect, summary
from bot.render.cards import Button, Card, Form, custom_id
from cogs.croupier_cog import CroupierCog
from cogs.pipeline import payload as ui
from cogs.pipeline.incoming import Click
from cogs.pipeline.replies import refuse_key, respond, unknown_control
from cogs.table_bot import table_bot
from cogs.translator import cmd

log = logging.getLogger(__name__)

EVERY = 600.0
"""Seconds between two files for one person."""
BUTTON, FORM = "myb", "mym"
"""The prefixes of the erasure's button and form (controls of no table)."""
ERASE = custom_id(BUTTON, 0, 0, "erase")
CONFIRM = custom_id(FORM, 0, 0, "confirm")


class Exports:
    """When each person (or server) last got his file, in this process, for as long as
    it matters: a give forgets every one whose wait is over (no id is kept longer)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.given: dict[str, float] = {}

    def wait(self, user_id: str) -> float:
        """Seconds until ``user_id`` may have his file again (0: now)."""
        last = self.given.get(user_id)
        return 0.0 if last is None else max(0.0, last + EVERY - self.clock())

    def give(self, user_id: str) -> None:
        now = self.clock()
        over = [who for who, last in self.given.items() if last + EVERY <= now]
        for who in over:
            del self.given[who]
        self.given[user_id] = now


def erase_card(locale: str) -> Card:
    """The answer's second message: what the button does, and the button (a card of its
    own, its click taken by the router: no view is kept in memory per answer)."""
    button = Button(ERASE, t("privacy.erase.button", locale), "danger")
    return Card(description=t("privacy.erase.explain", locale), rows=[(button,)])


class OwnData(CroupierCog):
    exports = Exports()

    async def cog_load(self) -> None:
        self.bot.router.add_tableless((BUTTON, FORM), self.clicked)
        finished = await asyncio.to_thread(finish_pending, self.service.store.engine)
        if finished:  # no id in the log: the erasure is his
            done = sum(1 for _, erased in finished if erased is not None)
            log.info("erasures noted before a stop: %d done, %d wait for games to end",
                     done, len(finished) - done)  # fmt: skip
            for _, erased in finished:  # what they changed is read anew
                for game_id in erased.games if erased is not None else ():
                    self.service.tables.stale(game_id)
            self.service.directory.forget_all()

    async def cog_unload(self) -> None:
        self.bot.router.remove_tableless((BUTTON, FORM))

    @app_commands.command(name=cmd("meine-daten"), description=cmd("meine-daten.desc"))
    async def meine_daten(self, interaction: discord.Interaction[Any]) -> None:
        locale = self.private_locale(interaction)
        user_id = str(interaction.user.id)
        wait = self.exports.wait(user_id)
        if wait > 0:
            await refuse_key(interaction, "privacy.own.too_soon", locale,
                             count=math.ceil(wait / 60))  # fmt: skip
            return
        self.exports.give(user_id)
        await interaction.response.defer(ephemeral=True, thinking=True)
        data = await asyncio.to_thread(collect, self.service.store.engine, user_id)
        text = json.dumps(data, ensure_ascii=False, indent=1).encode()
        file = ui.attachment(text, "own_data", locale, "json")
        lines = (summary(data, locale), t("privacy.own.file", locale, file=file.filename))
        await interaction.followup.send("\n".join(lines), file=file, ephemeral=True)
        await respond(interaction, ephemeral=True, **ui.send_kwargs(erase_card(locale)))

    async def clicked(self, interaction: discord.Interaction[Any], click: Click) -> None:
        """The erasure's button (the form), then its form (the erasure)."""
        if click.verb == "erase" and click.prefix == BUTTON:
            await self._ask(interaction)
        elif click.verb == "confirm" and click.prefix == FORM:
            await self._erase(interaction, click.values[0] if click.values else "")
        else:
            await unknown_control(interaction, str(click), self.service.directory)

    async def _ask(self, interaction: discord.Interaction[Any]) -> None:
        locale = self.private_locale(interaction)
        engine = self.service.store.engine
        live = await asyncio.to_thread(playing, engine, str(interaction.user.id))
        if live:
            await refuse_key(interaction, "privacy.erase.playing", locale, **_playing(live, locale))
            return
        word = t("privacy.erase.word", locale)
        form = Form(
            custom_id=CONFIRM,
            title=t("privacy.erase.title", locale),
            label=t("privacy.erase.label", locale, word=word),
            max_length=40,
            placeholder=word,
        )
        await interaction.response.send_modal(ui.Modal(form))  # type: ignore[arg-type]

    async def _erase(self, interaction: discord.Interaction[Any], typed: str) -> None:
        locale = self.private_locale(interaction)
        word = t("privacy.erase.word", locale)
        if typed.strip().casefold() != word.casefold():
            await refuse_key(interaction, "privacy.erase.wrong_word", locale, word=word)
            return
        user_id, engine = str(interaction.user.id), self.service.store.engine
        await interaction.response.defer(ephemeral=True, thinking=True)
        if not await asyncio.to_thread(request, engine, user_id):
            await interaction.followup.send(t("privacy.erase.running", locale), ephemeral=True)
            return
        try:
            done = await asyncio.to_thread(erase, engine, user_id)
        except StillPlaying as exc:  # he sat down at a table between the form and now
            await asyncio.to_thread(finish_pending, engine)  # drops the note: it must wait
            text = t("privacy.erase.playing", locale, **_playing(exc.games, locale))
            await interaction.followup.send(text, ephemeral=True)
            return
        for game_id in done.games:
            self.service.tables.stale(game_id)
        self.service.directory.forget_player(user_id)
        self.exports.given.pop(user_id, None)
        if done.games:
            text = t("privacy.erase.done", locale, count=len(done.games))
        else:  # he played nothing: no game to name
            text = t("privacy.erase.done_none", locale)
        await interaction.followup.send(text, ephemeral=True)


def _playing(games: list[int], locale: str) -> dict[str, Any]:
    """What the refusal names: the games not over he sits at."""
    return {"count": len(games), "games": listed((str(n) for n in games), locale)}


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(OwnData(table_bot(bot)))
