"""The bot's router: every component click and form submission, by its custom id, to the
game that made it, through the one sequence of a click.

Every button, select and form carries ``prefix:game:version:verb[:arg]`` in its custom id
(:class:`bot.render.cards.ClickId`), so it works after a restart and a click on an outdated
message is recognised. The bot owns one :class:`Router` (``bot.router``); each game's
extension adds its :class:`~cogs.pipeline.clicks.GameClicks` when it loads and removes it
when it unloads, as discord.py's ``add_dynamic_items`` does. Per click, in this order:

1. who clicked, in which language (the directory's one write, only when it changed);
2. one parse of the custom id, the game's clicks by the prefix;
3. a table session on the clicked table (:mod:`cogs.pipeline.session`: its lock, what it
   still owes from before, then the click's own steps, the delivery, the follow-ups);
4. the game's click sequence (:meth:`GameClicks.handle`) inside it: stale and over decided
   once, who may act, the answers that change nothing, the action, the delivery.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.ops.answers import arrived
from bot.ops.log_fields import interaction_fields
from bot.ops.metrics import Metrics
from bot.render.onlooker_buttons import REMATCH, WATCH
from bot.render.onlooker_buttons import VERBS as ONLOOKER_VERBS
from bot.service import Service
from cogs.pipeline.busy import Busy
from cogs.pipeline.clicks import GameClicks
from cogs.pipeline.incoming import Click, form_values, parse_click
from cogs.pipeline.prompts import PromptBook
from cogs.pipeline.redelivery import Redelivery
from cogs.pipeline.rematch import rematch
from cogs.pipeline.replies import failed, unknown_control
from cogs.pipeline.seat_back import BACK, take_back
from cogs.pipeline.session import Sessions
from cogs.pipeline.spectators import refresh, watch

log = logging.getLogger(__name__)

Tableless = Callable[[discord.Interaction[Any], Click], Awaitable[None]]
"""A control's handler that belongs to no table (:meth:`Router.add_tableless`)."""


_COMPONENT = discord.InteractionType.component
_FORM = discord.InteractionType.modal_submit


class Router:
    """The bot's router (``bot.router``), made by the bot with its Discord client, its
    service and its prompt book, which its sessions hand on."""

    def __init__(self, client: discord.Client, service: Service, prompts: PromptBook) -> None:
        self._by_prefix: dict[str, GameClicks] = {}
        self._tableless: dict[str, Tableless] = {}
        self._by_kind: dict[str, GameClicks] = {}
        self.busy = Busy()
        self.sessions = Sessions(client, service, self._by_kind, self.busy, prompts)
        """``async with router.sessions(game_id, interaction) as s:`` every write."""
        self.redelivery = Redelivery(self.sessions)
        """What games still owe: delivered at the start of a session on them, and by its
        own task every few seconds (the bot starts it)."""
        self.sessions.catch_up = self.redelivery.catch_up
        self.metrics: Metrics | None = None
        """The bot's metrics once its operations started (``bot.ops``): each click and
        form is stamped when it arrives, its first response timed (``bot.ops.answers``)."""

    # --- the games' clicks ---------------------------------------------------------------

    def add(self, clicks: GameClicks) -> None:
        """A game's extension loaded: its clicks come to it from now on."""
        self.remove(clicks.kind)
        self._by_kind[clicks.kind] = clicks
        for prefix in clicks.prefixes:
            self._by_prefix[prefix] = clicks

    def remove(self, kind: str) -> None:
        """A game's extension unloaded: its clicks are answered as unknown, the others'
        work on."""
        clicks = self._by_kind.pop(kind, None)
        if clicks is not None:
            for prefix in clicks.prefixes:
                self._by_prefix.pop(prefix, None)

    def game(self, kind: str) -> GameClicks | None:
        """A loaded game's clicks (its ``show`` and ``private_text``); None: not loaded."""
        return self._by_kind.get(kind)

    def add_tableless(self, prefixes: tuple[str, ...], handler: Tableless) -> None:
        """Controls of no table (a person's or a server's own data, a command's private
        confirmation): their clicks and forms, by their prefixes (game 0), go to
        ``handler`` (no table session: they change no game)."""
        for prefix in prefixes:
            self._tableless[prefix] = handler

    def remove_tableless(self, prefixes: tuple[str, ...]) -> None:
        for prefix in prefixes:
            self._tableless.pop(prefix, None)

    # --- a click -------------------------------------------------------------------------

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Every interaction comes here (a listener); clicks and forms are handled, slash
        commands go to the command tree. (discord.py's DynamicItems would rebuild a
        ``View`` of the whole message per click only to find the clicked item again: 6.5 %
        of the bot's time at saturation, docs/PERFORMANCE.md.) Forms are routed the same
        way, so a form opened before a restart is still answered after it. Every line
        logged meanwhile names the interaction and its shard (bot.ops.log_fields)."""
        with interaction_fields(interaction):
            await self._on_interaction(interaction)

    async def _on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        kind = interaction.type
        clicked = kind is _COMPONENT or kind is _FORM
        if clicked and self.metrics is not None:
            arrived(interaction, self.metrics)
        readers, user = self.sessions.service.directory, interaction.user
        # step 1: his name and language, for his later DMs
        readers.remember_reader(str(user.id), user.display_name, interaction.locale.value)
        if not clicked:
            return
        data: Any = interaction.data or {}
        custom_id = str(data.get("custom_id", ""))
        if kind is _FORM:
            values = form_values(data.get("components"))
        else:
            values = [str(v) for v in data.get("values", ())]
        click = parse_click(custom_id, values)  # step 2
        tableless = None if click is None else self._tableless.get(click.prefix)
        if click is not None and tableless is not None:
            async with self.busy:
                try:
                    await tableless(interaction, click)
                except Exception as exc:
                    await failed(interaction, readers, exc, f"handling {click}")
            return
        clicks = None if click is None else self._by_prefix.get(click.prefix)
        if click is None or clicks is None:
            await unknown_control(interaction, custom_id, readers)
            return
        if click.verb in ONLOOKER_VERBS:  # not the game's: read-only, or a new lobby
            async with self.busy:
                await self.onlooker(interaction, click, clicks)
            return
        async with self.busy:
            try:
                async with self.sessions(click.game_id, interaction) as session:  # step 3
                    if click.verb == BACK:  # every game's: a computer stood in for him
                        await take_back(interaction, click, session)
                    else:
                        await clicks.handle(interaction, click, session)  # step 4
            except Exception as exc:
                await failed(interaction, readers, exc, f"handling {click}")

    async def onlooker(self, interaction: discord.Interaction[Any], click: Click,
                       clicks: GameClicks) -> None:  # fmt: skip
        """The buttons every game's table has for those not playing it now: "Zuschauen"
        and its "Aktualisieren" without the table's turn (they change nothing), "Nochmal"
        with the ended table's turn (a double click opens one lobby)."""
        try:
            if click.verb == REMATCH:
                async with self.sessions(click.game_id, interaction) as session:
                    await rematch(interaction, click, clicks, session)
            elif click.verb == WATCH:
                await watch(interaction, click, clicks, self.sessions)
            else:
                await refresh(interaction, click, clicks, self.sessions)
        except Exception as exc:
            await failed(interaction, self.sessions.service.directory, exc, f"handling {click}")

    async def settled(self, timeout: float = 5) -> None:
        """Wait until no interaction is being handled (its follow-ups and edits included)."""
        await self.busy.settled(timeout)
