"""What an outcome shows, as a plan: the steps a game's ``plan`` lists (a plain function,
no Discord call in it: it cannot await), and the one executor that carries them out
through the session's :class:`~cogs.pipeline.delivery.Delivery`, in the plan's order.

A plan can be read and tested without Discord: which message is edited, what is posted
with which cause (its nonce), who gets a DM, which prompts close or open. The executor
is the only place that knows how each step meets Discord: the click's answer or REST,
nonces, pings, a message that is gone.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.play.outcome import FollowUp
from bot.render.cards import Card
from cogs.pipeline import prompts, turn_notices, wire
from cogs.pipeline.delivery import Delivery, Event
from cogs.pipeline.payload import send_kwargs
from cogs.pipeline.replies import respond


@dataclass(frozen=True)
class Table:
    """The table's message shows ``card`` (a lobby's: ``what="lobby"``, not dressed for
    onlookers; an ended table's closing card, its end following in a new message:
    ``what="closing"``): the click's answer if it was on it, else an edit through the
    API."""

    card: Card
    what: str = "table"


Locator = Callable[[Delivery], Awaitable[Any]]
"""Where a step goes other than the table's channel (a tournament group's thread), found
when the step is carried out (None from it: the step is left out)."""


@dataclass(frozen=True)
class Post:
    """A new message announcing ``cause`` (its nonce's version): ``card``, or plain
    ``text``; in the table's channel, or where ``at`` finds."""

    part: str
    card: Card | None = None
    cause: Event | None = None
    text: str = ""
    at: Locator | None = None


@dataclass(frozen=True)
class NewTable:
    """The table's new message (a new turn, hand or round, opened by ``cause``); those it
    awaits are pinged in it (cogs.pipeline.turn_notices.new_table)."""

    card: Card
    cause: Event | None = None


@dataclass(frozen=True)
class Dms:
    """Private cards by DM, each once; closed DMs get one public pointer (``notice``), in
    the table's channel or where ``channel`` finds."""

    messages: Mapping[str, Card]
    notice: Callable[[list[str]], str]
    cause: Event | None = None
    part: str = "dm"
    channel: Locator | None = None


@dataclass(frozen=True)
class Later:
    """A write the outcome causes on another table (a tournament's groups opening): run
    by the session after this delivery, under that table's lock, never inside it."""

    follow_up: FollowUp


@dataclass(frozen=True)
class PromptsMovedOn:
    """Every open prompt with older controls closes (the clicked one answered itself)."""

    over: bool


@dataclass(frozen=True)
class PromptsRefresh:
    """Every open live prompt shows what its player may do now (``render(player, locale)``)."""

    render: Callable[[str, str], prompts.Shown]


@dataclass(frozen=True)
class Reply:
    """The click answered privately with ``card``, or with plain ``text`` (``public``: a
    host's command, answered already, gets its lines in public as a follow-up)."""

    card: Card | None = None
    text: str = ""
    public: bool = False


@dataclass(frozen=True)
class OpenPrompt:
    """A private prompt for ``actor`` (the clicker) as a follow-up of the click, kept as
    his one live prompt of the decision."""

    actor: str
    card: Card
    locale: str


@dataclass(frozen=True)
class AnswerInPrompt:
    """The click came from the player's live prompt: the prompt itself shows ``shown``."""

    actor: str
    shown: prompts.Shown


Step = (
    Table | Post | NewTable | Dms | Later | PromptsMovedOn | PromptsRefresh | Reply
    | OpenPrompt | AnswerInPrompt
)  # fmt: skip
Plan = Sequence[Step]


def clicked_message(d: Delivery) -> int | None:
    """The message the click was on (None: no click)."""
    interaction = d.interaction
    return None if interaction is None or interaction.message is None else interaction.message.id


async def carry_out(d: Delivery, plan: Plan) -> None:
    """Each step of ``plan`` in its order, through ``d``; steps that answer the click are
    skipped without one (a redelivery, the clock)."""
    for step in plan:
        await _one(d, step)


async def _one(d: Delivery, step: Step) -> None:
    outcome, interaction = d.outcome, d.interaction
    if isinstance(step, Table):
        await d.table(step.card, what=step.what)
    elif isinstance(step, Post):
        at = None if step.at is None else await step.at(d)
        if step.at is None or at is not None:
            text: dict[str, Any] = {"content": step.text} if step.text else {}
            await d.post(step.part, step.card, cause=step.cause, at=at, **text)
    elif isinstance(step, NewTable):
        await turn_notices.new_table(d, step.card, step.cause)
    elif isinstance(step, Dms):
        channel = None if step.channel is None else await step.channel(d)
        await d.dms(step.messages, step.notice, part=step.part, channel=channel, cause=step.cause)
    elif isinstance(step, Later):
        d.later.append(step.follow_up)
    elif isinstance(step, PromptsMovedOn):
        await prompts.moved_on(d.prompts, d.service.directory, outcome.game_id, outcome.version,
                               answered=clicked_message(d), over=step.over)  # fmt: skip
    elif isinstance(step, PromptsRefresh):
        await prompts.refresh(d.prompts, d.service.directory, outcome.game_id, outcome.version,
                              step.render)  # fmt: skip
    elif interaction is None:
        return  # the rest answer the click
    elif isinstance(step, Reply):
        await _reply(d, interaction, step)
    elif isinstance(step, OpenPrompt):
        sent = await wire.follow_up(interaction, ephemeral=True, **send_kwargs(step.card, d.accent))
        await prompts.opened(d.prompts, interaction, outcome.game_id, step.actor,
                             version=outcome.version, message_id=sent,
                             locale=step.locale)  # fmt: skip
    elif isinstance(step, AnswerInPrompt):
        message = interaction.message
        if message is None or not message.flags.ephemeral or interaction.response.is_done():
            return
        await wire.edit_clicked(interaction, **step.shown.kwargs)
        prompts.answered_in_place(d.prompts, outcome.game_id, step.actor, message.id,
                                  version=outcome.version, state=step.shown.state)  # fmt: skip


async def _reply(d: Delivery, interaction: discord.Interaction[Any], step: Reply) -> None:
    kwargs = {"content": step.text} if step.card is None else send_kwargs(step.card, d.accent)
    if step.public:
        await wire.follow_up(interaction, **kwargs)
    else:
        await respond(interaction, ephemeral=True, **kwargs)


def lobby_plan(d: Delivery, lobby_card: Callable[[Any, str], Card]) -> Plan | None:
    """While a table is a lobby (or was closed as one), its message shows the lobby."""
    outcome = d.outcome
    if "lobby" in outcome.public:  # a lobby (also one closed before its game started)
        return [Table(lobby_card(outcome, outcome.locale), what="lobby")]
    return None


Planner = Callable[[Delivery, "str | None"], Plan]
"""A game's ``plan``: what an outcome (``d.outcome``) shows, given the delivery's reads
and the acting player (None: no click)."""


def shown_by(plan: Planner) -> Callable[[Delivery, str | None], Awaitable[None]]:
    """A game's ``show`` (what the session's delivery calls): its plan, carried out."""

    async def show(d: Delivery, actor: str | None) -> None:
        await carry_out(d, plan(d, actor))

    return show
