"""A game's clicks, declared once (:class:`GameClicks`), and the one sequence every game's
click goes through (:meth:`GameClicks.handle`):

1. the table as it stands (only when the click needs its views: most ``weiter`` clicks
   need none before they act);
2. a click on an outdated message refused, unless its verb is one any version of the
   table takes (a simultaneous choice, a private view);
3. the game's own answers that change nothing (a private view, a prompt, a form);
4. the action, with the click's nonce (and the version it was made for);
5. a refusal privately, in the player's language (a leftover prompt closes instead), or
   the outcome shown.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from typing import Any

import discord
from discord.ext import commands

from bot.engine import Action, IllegalAction
from bot.service import Outcome
from cogs.croupier_cog import actor_of, reader_locale, refuse, service_of
from cogs.pipeline import prompts
from cogs.pipeline.delivery import Delivery
from cogs.pipeline.router import Click, GameRoute, router_of

Interaction = discord.Interaction[Any]
Answer = Callable[[Interaction, Click, "Outcome | None", str], Awaitable[bool]]
"""(interaction, click, table as it stands, actor) -> True when answered without acting."""


async def _acts(
    interaction: Interaction, click: Click, current: Outcome | None, actor: str
) -> bool:
    """No click of the game is answered without acting."""
    return False


def _always(click: Click) -> bool:
    return True


@dataclass(frozen=True)
class GameClicks:
    """How a game answers its clicks: the action a click stands for (``to_action``), how
    an outcome is shown (``show``: through a :class:`Delivery`, with the click's interaction
    or without one, ``actor`` None), the answers that change nothing (``answer``), the verbs
    any version of the table takes (``any_version``: simultaneous choices), whether a click
    needs the table's views before it acts (``needs_view``), and a player's private state
    as text (``private_text``)."""

    kind: str
    prefixes: tuple[str, ...]
    to_action: Callable[[Click, Outcome | None], Action]
    show: Callable[[Delivery, str | None], Awaitable[None]]
    answer: Answer = _acts
    any_version: frozenset[str] = frozenset()
    needs_view: Callable[[Click], bool] = _always
    private_text: Callable[[Outcome, str], str] | None = None
    one_live_prompt: bool = False
    """Its prompts are kept one per decision (cogs.pipeline.prompts): an outdated one closes when
    clicked, instead of answering with a refusal."""

    async def handle(self, interaction: Interaction, click: Click) -> None:
        service, actor, locale = service_of(interaction), actor_of(interaction), "de"
        service.directory.remember_name(actor, interaction.user.display_name)
        versioned = click.verb not in self.any_version
        try:
            current = None
            if self.needs_view(click):
                current = service.tables.current(click.game_id)
                locale = current.locale
                if versioned and click.version != current.version:
                    raise IllegalAction("game.stale")
                # what the game answers without acting only the clicker reads: his language
                reader = reader_locale(interaction, locale)
                mine = current if reader == locale else replace(current, locale=reader)
                if await self.answer(interaction, click, mine, actor):
                    return
            else:
                locale = service.tables.locale_of(click.game_id)
            outcome = await service.act(  # refuses a stale click (expected_version) itself
                click.game_id,
                actor,
                self.to_action(click, current),
                nonce=str(interaction.id),
                expected_version=click.version if versioned else None,
            )
        except IllegalAction as exc:
            closed = self.one_live_prompt and await prompts.close_clicked(
                interaction, exc.key, reader_locale(interaction, locale)
            )  # a prompt left open
            if not closed:
                await refuse(interaction, exc, locale)
            return
        delivery = Delivery(interaction.client, outcome, interaction)
        await self.show(delivery, actor)
        delivery.delivered()

    async def deliver(self, delivery: Delivery) -> None:
        await self.show(delivery, None)

    def route(self) -> GameRoute:
        return GameRoute(self.kind, self.prefixes, self.handle, self.private_text, self.deliver)


Extension = Callable[[commands.Bot], Awaitable[None]]


def game_extension(
    clicks: GameClicks, cog: Callable[[commands.Bot], commands.Cog]
) -> tuple[Extension, Extension]:
    """A game's extension as discord.py loads it (``setup, teardown = game_extension(...)``
    in the game's cog module): loading routes its clicks to it and adds its commands;
    unloading takes its route away (its clicks are answered as unknown, the others' work)."""

    async def setup(bot: commands.Bot) -> None:
        router_of(bot).add(clicks.route())
        await bot.add_cog(cog(bot))

    async def teardown(bot: commands.Bot) -> None:
        router_of(bot).remove(clicks.kind)

    return setup, teardown
