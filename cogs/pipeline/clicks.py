"""A game's controls, each verb declared once (:class:`Control`, in the manner of
discord.py's ``DynamicItem``), gathered per game (:class:`GameClicks`, the one record the
router keeps per game), and the one sequence every click goes through
(:meth:`GameClicks.handle`), the tournament's too:

1. stale and over, decided once: a table read anew if another process moved it on, a
   control of an ended game answered so, a click on an outdated message refused (unless
   its control takes any version of the table: a simultaneous choice, a private view);
2. who may: a private view only for the seated, a prompt only for whom the engine lets
   decide it now (the engine's refusal, in the player's language, if not);
3. the control's answer that changes nothing (a private view, a prompt, a form);
4. the action the control makes of the click, with the click's nonce; the service checks
   the version once more, the last guard against another process;
5. a refusal privately (a leftover prompt closes instead), or the outcome shown through the
   session's delivery (:meth:`~cogs.pipeline.session.TableSession.deliver`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from typing import Any

import discord

from bot.engine import Action, IllegalAction
from bot.lobby import LOBBY_VERBS, lobby_action
from bot.render.cards import Card
from bot.service import Outcome
from cogs.pipeline import prompts
from cogs.pipeline.delivery import Delivery
from cogs.pipeline.incoming import Click, actor_of, is_host, parse_click
from cogs.pipeline.replies import game_over, private, reader_locale, refusal_text, say_refusal
from cogs.pipeline.session import GameOver, TableSession

Interaction = discord.Interaction[Any]
Answer = Callable[[Interaction, Click, Outcome, str], Awaitable[bool]]
"""(interaction, click, table as it stands, actor) -> True when answered without acting."""
ToAction = Callable[[Interaction, Click, "Outcome | None"], Action]
"""(interaction, click, table as it stands if the control needs it) -> the engine action."""


@dataclass(frozen=True)
class Decides:
    """A control that opens a prompt: only for whom the engine lets decide ``verb`` now
    (None: whatever he has to decide), asked before anything is shown."""

    verb: str | None = None


@dataclass(frozen=True)
class Control:
    """One verb of a game's messages, declared once: who may press it, what it needs, and
    what it does.

    - ``act``: the engine action a click makes (None: it only answers);
    - ``answer``: what it answers without acting, given the table's views (a private view,
      a prompt, a form); False from it: the click acts after all (Sekante's target);
    - ``decides``: it opens a prompt, only for whom the engine lets decide it now;
    - ``seated``: only the seated may press it (a private view);
    - ``needs_view``: the action or the answer reads the table's views (any control with
      an answer does);
    - ``any_version``: any version of the table takes it (a simultaneous choice, a private
      view); ``after_end``: it is still taken once the table is over;
    - ``prefix``: only on components with this prefix (a button and a form of one verb)."""

    verb: str
    act: ToAction | None = None
    answer: Answer | None = None
    decides: Decides | None = None
    seated: bool = False
    needs_view: bool = False
    any_version: bool = False
    after_end: bool = False
    prefix: str | None = None

    @property
    def reads_view(self) -> bool:
        return self.needs_view or self.answer is not None

    def action(self, interaction: Interaction, click: Click, current: Outcome | None) -> Action:
        if self.act is None:
            raise IllegalAction("game.unknown_action", action=click.verb)
        return self.act(interaction, click, current)


def simple(interaction: Interaction, click: Click, current: Outcome | None) -> Action:
    """The engine action of the click's own verb, without arguments (``weiter``, ``stopp``)."""
    return Action(click.verb)


@dataclass(frozen=True)
class GameClicks:
    """How a game answers its clicks: its components' prefixes, its controls (one per verb,
    or per verb and prefix), how an outcome is shown (``show``: through a
    :class:`Delivery`, with the click's interaction or without one, ``actor`` None), and a
    player's private state as text (``private_text``)."""

    kind: str
    prefixes: tuple[str, ...]
    controls: tuple[Control, ...]
    show: Callable[[Delivery, str | None], Awaitable[None]]
    private_text: Callable[[Outcome, str], str] | None = None
    table_card: Callable[[Delivery], Card] | None = None
    """The table's card of the public view as it stands (a spectator's, when the bot has
    not shown it since it started)."""
    one_live_prompt: bool = False
    """Its prompts are kept one per decision (cogs.pipeline.prompts): an outdated one
    closes when clicked, instead of answering with a refusal."""
    _by_key: dict[tuple[str | None, str], Control] = field(
        init=False, repr=False, compare=False, default_factory=dict
    )

    def __post_init__(self) -> None:
        for control in self.controls:
            key = (control.prefix, control.verb)
            if key in self._by_key:
                raise ValueError(f"{self.kind}: the control {key} is declared twice")
            self._by_key[key] = control

    def control(self, click: Click) -> Control | None:
        """The control a click is of (its prefix's own first), None: no such verb."""
        found = self._by_key.get((click.prefix, click.verb))
        return found or self._by_key.get((None, click.verb))

    def moves(self, custom_id: str) -> bool:
        """Whether the component of ``custom_id`` makes a move at the table (a seated
        player's look at his own state, his account or his cups, makes none)."""
        click = parse_click(custom_id, [])
        control = None if click is None else self.control(click)
        return control is not None and not control.seated

    def to_action(self, click: Click, current: Outcome | None, interaction: Any = None) -> Action:
        """The engine action a click stands for (refused: no control of that verb acts)."""
        control = self.control(click)
        if control is None:
            raise IllegalAction("game.unknown_action", action=click.verb)
        return control.action(interaction, click, current)

    async def handle(self, interaction: Interaction, click: Click, session: TableSession) -> None:
        """One click, inside its table's session (``session``: the lock held, what was
        owed delivered)."""
        tables, actor = session.service.tables, actor_of(interaction)
        control = self.control(click)
        versioned = control is None or not control.any_version
        locale = "de"
        try:
            table = session.read(click.version)  # step 1
            locale = table.row.locale
            after_end = control is not None and control.after_end
            session.check(table, click.version, versioned=versioned, after_end=after_end)
            if table.lobby is not None and click.verb in LOBBY_VERBS:  # every game's lobby
                guild = interaction.guild_id
                role = None if guild is None else session.service.directory.croupier_role(guild)
                action = lobby_action(click.verb, click.values, leads=is_host(interaction, role))
            elif control is None:
                raise IllegalAction("game.unknown_action", action=click.verb)
            else:
                if control.seated:  # step 2
                    if actor not in table.row.players:
                        raise IllegalAction("game.not_a_player")
                elif control.decides is not None:
                    tables.check(click.game_id, actor, control.decides.verb)
                current = None
                if control.reads_view:  # step 3
                    current = tables.current(click.game_id)
                    reader = reader_locale(interaction, locale)  # only the clicker reads it
                    mine = current if reader == locale else replace(current, locale=reader)
                    if control.answer is not None and await control.answer(
                        interaction, click, mine, actor
                    ):
                        return
                action = control.action(interaction, click, current)
            outcome = await session.act(  # step 4
                actor, action, expected_version=click.version if versioned else None
            )
        except GameOver:
            await game_over(interaction, locale)
            return
        except IllegalAction as exc:  # step 5
            reader, key = reader_locale(interaction, locale), exc.key
            book = session.sessions.prompts

            async def close_or_say(interaction: Interaction, text: str) -> None:
                """A prompt left open closes as the refusal's answer; else it is said."""
                if not (
                    self.one_live_prompt
                    and await prompts.close_clicked(book, interaction, key, reader)
                ):
                    await private(interaction, text)

            await say_refusal(interaction, key, refusal_text(exc, reader), close_or_say)
            return
        await session.deliver(outcome, actor, click=click, show=self.show)
