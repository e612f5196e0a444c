"""A game's clicks, declared once (:class:`GameClicks`, the one record the router keeps
per game), and the one sequence every click goes through (:meth:`GameClicks.handle`),
the tournament's too:

1. stale and over, decided once: a table read anew if another process moved it on, a
   control of an ended game answered so, a click on an outdated message refused (unless
   its verb is one any version of the table takes: a simultaneous choice, a private view);
2. who may: a private view only for the seated, a prompt only for whom the engine lets
   decide it now (the engine's refusal, in the player's language, if not);
3. the game's answers that change nothing (a private view, a prompt, a form);
4. the action its ``to_action`` makes of the click, with the click's nonce; the service
   checks the version once more, the last guard against another process;
5. a refusal privately (a leftover prompt closes instead), or the outcome shown through the
   session's delivery (:meth:`~cogs.pipeline.session.TableSession.deliver`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import discord

from bot.engine import Action, IllegalAction
from bot.lobby import LOBBY_VERBS, lobby_action
from bot.ops.answers import refused
from bot.render.cards import Card
from bot.service import Outcome
from cogs.pipeline import prompts
from cogs.pipeline.delivery import Delivery
from cogs.pipeline.incoming import Click, actor_of
from cogs.pipeline.replies import game_over, reader_locale, refuse
from cogs.pipeline.session import GameOver, TableSession

Interaction = discord.Interaction[Any]
Answer = Callable[[Interaction, Click, Outcome, str], Awaitable[bool]]
"""(interaction, click, table as it stands, actor) -> True when answered without acting."""
ToAction = Callable[[Interaction, Click, "Outcome | None"], Action]
"""(interaction, click, table as it stands if the click needed it) -> the engine action."""


async def _acts(interaction: Interaction, click: Click, current: Outcome, actor: str) -> bool:
    """No click of the game is answered without acting."""
    return False


def _never(click: Click) -> bool:
    return False


@dataclass(frozen=True)
class GameClicks:
    """How a game answers its clicks: the action a click stands for (``to_action``), how
    an outcome is shown (``show``: through a :class:`Delivery`, with the click's
    interaction or without one, ``actor`` None), the answers that change nothing
    (``answer``, given the table's views), which clicks need the views before they act
    (``needs_view``; any click with an answer does), the verbs any version of the table
    takes (``any_version``: simultaneous choices, private views), the verbs still taken
    once it is over (``after_end``), the private views only the seated may open
    (``seated``), the prompts and what each prepares (``prompts``: a click verb -> the
    engine verb, None: whatever the player has to decide now), and a player's private
    state as text (``private_text``)."""

    kind: str
    prefixes: tuple[str, ...]
    to_action: ToAction
    show: Callable[[Delivery, str | None], Awaitable[None]]
    answer: Answer = _acts
    needs_view: Callable[[Click], bool] = _never
    any_version: frozenset[str] = frozenset()
    after_end: frozenset[str] = frozenset()
    seated: frozenset[str] = frozenset()
    prompts: Mapping[str, str | None] = field(default_factory=dict)
    private_text: Callable[[Outcome, str], str] | None = None
    table_card: Callable[[Delivery], Card] | None = None
    """The table's card of the public view as it stands (a spectator's, when the bot has
    not shown it since it started)."""
    one_live_prompt: bool = False
    """Its prompts are kept one per decision (cogs.pipeline.prompts): an outdated one
    closes when clicked, instead of answering with a refusal."""

    async def handle(self, interaction: Interaction, click: Click, session: TableSession) -> None:
        """One click, inside its table's session (``session``: the lock held, what was
        owed delivered)."""
        tables, actor = session.service.tables, actor_of(interaction)
        verb = click.verb
        versioned = verb not in self.any_version
        locale = "de"
        try:
            table = session.read(click.version)  # step 1
            locale = table.row.locale
            session.check(table, click.version, versioned=versioned,
                          after_end=verb in self.after_end)  # fmt: skip
            if verb in self.seated:  # step 2
                if actor not in table.row.players:
                    raise IllegalAction("game.not_a_player")
            elif verb in self.prompts:
                tables.check(click.game_id, actor, self.prompts[verb])
            current = None
            if self.needs_view(click):  # step 3
                current = tables.current(click.game_id)
                reader = reader_locale(interaction, locale)  # only the clicker reads it
                mine = current if reader == locale else replace(current, locale=reader)
                if await self.answer(interaction, click, mine, actor):
                    return
            if table.lobby is not None and verb in LOBBY_VERBS:  # every game's lobby alike
                action = lobby_action(verb, click.values)
            else:
                action = self.to_action(interaction, click, current)
            outcome = await session.act(  # step 4
                actor, action, expected_version=click.version if versioned else None
            )
        except GameOver:
            await game_over(interaction, locale)
            return
        except IllegalAction as exc:  # step 5
            closed = self.one_live_prompt and await prompts.close_clicked(
                session.sessions.prompts, interaction, exc.key, reader_locale(interaction, locale)
            )  # a prompt left open
            if closed:
                refused(interaction, exc.key)  # the refusal, said by closing it
            else:
                await refuse(interaction, exc, locale)
            return
        await session.deliver(outcome, actor, click=click, show=self.show)
