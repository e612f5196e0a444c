"""Flaschenteufel on Discord: ``/flaschenteufel tisch``, hands by DM and "Meine Karten"
(text and picture), private selects with only one's own and only legal cards, one public
table message per hand showing the trick, the bottle and the tricks won.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from functools import partial
from typing import Any, Literal

import discord
from discord import app_commands

from bot.engine import Action
from bot.games.flaschenteufel.cards import COLOUR, POINTS
from bot.i18n import t
from bot.render import ft_cards as cards
from bot.render import pictures
from bot.render.cards import Card
from bot.render.drawn import ready
from bot.render.lobby import ended
from bot.render.v6_cards import Names
from bot.service import Outcome
from cogs.croupier_cog import CroupierCog, service_of
from cogs.help import send_help
from cogs.options import Hands
from cogs.pipeline import payload as ui
from cogs.pipeline import prompts
from cogs.pipeline.clicks import GameClicks
from cogs.pipeline.delivery import Delivery, Event, show_lobby
from cogs.pipeline.dms import closed_notice
from cogs.pipeline.incoming import Click
from cogs.pipeline.opening import open_lobby_here
from cogs.pipeline.payload import send_kwargs
from cogs.pipeline.router import game_extension
from cogs.practice import Computers, Opponent, open_practice
from cogs.translator import cmd

log = logging.getLogger(__name__)

KIND = "flaschenteufel"
ACCENT = ui.accent_of(KIND)
CHOICES = ("discard", "passl", "passr", "pass", "open")  # simultaneous: no version check
MADE = ("play", "discard", "passr", "pass", "open")  # choices that act (passl only prepares)
PRIVATE = ("mycards", "act", "passl")  # answered to the player alone, nothing changes


def hand_card(text: str, view: dict[str, Any], player: str, locale: str) -> Card:
    """``text`` about the cards ``player`` holds, with them as a picture (if he holds any),
    named for him."""
    seat = next(s for s in view["seats"] if s["player"] == player)
    held = [c for s in (seat["sets"] or []) for c in s] or (seat["cards"] or [])
    if not held:
        return ui.note(text)
    shown = tuple((c, COLOUR[c], POINTS[c]) for c in sorted(held))
    alt = pictures.alt_cards(shown, locale)
    return Card(
        description=text,
        pictures=(ui.picture("cards", locale, pictures.cards_png, shown, description=alt),),
    )


def to_action(interaction: Any, click: Click, current: Outcome | None = None) -> Action:
    card = int(click.values[0]) if click.values else 0
    if click.verb == "passr":
        return Action("pass", {"left": int(click.arg), "right": card})
    if click.verb == "open":
        return Action("open", {"set": int(click.arg)})
    return Action(click.verb, {"card": card})


def needs_view(click: Click) -> bool:
    """My cards, and the prompts, answer from the table's views."""
    return click.verb in PRIVATE


async def private(
    interaction: discord.Interaction[Any], click: Click, current: Outcome, actor: str
) -> bool:
    """My cards, or what I must decide now (only to the player himself; the pipeline has
    checked that he is seated, and for a prompt that the engine lets him choose now)."""
    if click.verb not in PRIVATE:
        return False
    locale, service = current.locale, service_of(interaction)
    if click.verb == "mycards":
        text = cards.my_cards_text(current.private[actor], actor, locale)
        card = await ready(hand_card(text, current.private[actor], actor, locale))
        await interaction.response.send_message(ephemeral=True, **send_kwargs(card, ACCENT))
        return True
    if click.verb == "passl":  # the left card is chosen: now the right one
        card = cards.prompt(
            current, actor, locale, left=int(click.values[0]), plain=service.directory.display_name
        )
        await interaction.response.edit_message(**ui.message_kwargs(card, ACCENT))
        return True
    card = cards.prompt(current, actor, locale, plain=service.directory.display_name)
    sent = await interaction.response.send_message(ephemeral=True, **send_kwargs(card, ACCENT))
    await prompts.opened(  # his live prompt from now on (pipeline.prompts.refresh)
        interaction, click.game_id, actor, version=current.version,
        message_id=sent.message_id, locale=locale,
    )  # fmt: skip
    return True


def live_prompt(outcome: Outcome, player: str, locale: str, plain: Names) -> prompts.Shown:
    """What ``player``'s live prompt shows now: his choice when the table awaits him (the
    play select carries the game's version), else that it will appear there, or that the
    game is over."""
    if outcome.finished or ended(outcome):
        over = Card(description=t("ft.ui.prompt_over", locale))
        return prompts.Shown(ui.message_kwargs(over, ACCENT), "over", versioned=False)
    if player in outcome.to_act:
        mine = replace(outcome, locale=locale)
        card = cards.prompt(mine, player, locale, plain=plain)
        versioned = bool(outcome.private[player]["legal"]["play"])
        return prompts.Shown(ui.message_kwargs(card, ACCENT), "act", versioned)
    waiting = Card(description=t("ft.ui.prompt_wait", locale))
    return prompts.Shown(ui.message_kwargs(waiting, ACCENT), "wait", versioned=False)


async def answer_in_prompt(d: Delivery, actor: str | None) -> None:
    """A choice made in the player's prompt is answered there: it shows what he may do
    next (the next set's discard, the right card to pass …) or that it will appear there."""
    interaction, click = d.interaction, d.click
    if interaction is None or click is None or actor is None or click.verb not in MADE:
        return
    message = interaction.message
    if message is None or not message.flags.ephemeral or interaction.response.is_done():
        return
    plain = d.service.directory.display_name
    shown = live_prompt(d.outcome, actor, d.private_locale, plain)
    await interaction.response.edit_message(**shown.kwargs)
    prompts.answered_in_place(d.client, d.outcome.game_id, actor, message.id,
                              version=d.outcome.version, state=shown.state)  # fmt: skip


async def show(d: Delivery, actor: str | None) -> None:
    outcome, locale = d.outcome, d.outcome.locale
    if await show_lobby(d, cards.lobby_card):
        return
    await answer_in_prompt(d, actor)
    dealt = any(e["type"] == "deal" for e in outcome.events)
    new_hand = dealt and not any(e["type"] == "start" for e in outcome.events)
    if new_hand:  # the last hand's message is done; the view shows the next hand already
        closing = cards.closed_hand_card(outcome, locale)
        fresh = replace(outcome, events=outcome.events[cards.hand_cut(outcome.events) :])
        table = table_with_trick(d, fresh, locale)
    else:
        closing = table = table_with_trick(d, outcome, locale)
    await d.table(closing)
    if new_hand:
        await d.new_table(table, cause=[e for e in outcome.events if e["type"] == "deal"][-1])
    render = partial(live_prompt, outcome, plain=d.service.directory.display_name)
    await prompts.refresh(d.client, outcome.game_id, outcome.version, render)
    changed = [e for e in outcome.events if e["type"] == "deal" or _hands_shown(e)]
    if changed:
        await send_hands(d, changed[-1])


def table_with_trick(d: Delivery, outcome: Outcome, locale: str) -> Card:
    """The hand's table, the trick as it lies and the bottle's price pictured inside."""
    card = cards.table_card(outcome, locale)
    view, name = outcome.public, d.service.directory.display_name
    played = tuple((name(str(x["player"])), int(x["card"])) for x in view["trick"])
    owner = name(str(view["owner"])) if view["owner"] else None
    alt = pictures.alt_trick(played, view["price"], owner, locale)
    picture = ui.picture(
        "trick", locale, pictures.trick_png, played, view["price"], owner=owner, description=alt
    )
    card.pictures = (picture,)
    return card


def _hands_shown(event: Event) -> bool:
    """A phase in which the hands (or the cards passed) change: play begins, or opens."""
    return event["type"] == "phase" and event["phase"] in ("play", "open")


async def send_hands(d: Delivery, changed: Event) -> None:
    """Every player's cards as ``changed`` left them, by DM (text and picture); closed
    DMs: pointed to the button."""
    outcome, locale = d.outcome, d.outcome.locale
    messages = {
        p: hand_card(cards.hand_text(outcome, p, d.reader(p)), outcome.private[p], p, d.reader(p))
        for p in outcome.players
    }
    await d.dms(messages, closed_notice("ft.ui.dm_closed", locale), cause=changed)


class FlaschenteufelCog(CroupierCog):
    flaschenteufel = app_commands.Group(
        name=cmd("flaschenteufel"), description=cmd("flaschenteufel.desc"), guild_only=True
    )

    @flaschenteufel.command(name=cmd("tisch"), description=cmd("ft.tisch.desc"))
    @app_commands.describe(variante=cmd("variante.desc"), haende=cmd("haende.desc"))
    async def tisch(
        self,
        interaction: discord.Interaction[Any],
        variante: Literal["standard", "lopaka", "glitterhuis"] = "standard",
        haende: Hands | None = None,
    ) -> None:
        options: dict[str, Any] = {"variant": variante}
        if haende is not None:
            options["hands"] = haende
        await open_lobby_here(self, interaction, KIND, options, cards.lobby_card)

    @flaschenteufel.command(name=cmd("ueben"), description=cmd("ueben.desc"))
    @app_commands.describe(gegner=cmd("gegner.desc"), anzahl=cmd("anzahl.desc"))
    async def ueben(
        self,
        interaction: discord.Interaction[Any],
        gegner: Opponent = "leicht",
        anzahl: Computers | None = None,
    ) -> None:
        await open_practice(
            self, interaction, KIND, gegner, anzahl, options={"variant": "standard"}
        )

    @flaschenteufel.command(name=cmd("regeln"), description=cmd("regeln.spiel.desc"))
    async def regeln(self, interaction: discord.Interaction[Any]) -> None:
        await send_help(interaction, KIND, self.private_locale(interaction))


CLICKS = GameClicks(
    KIND,
    (cards.BUTTON, cards.SELECT),
    to_action=to_action,
    show=show,
    answer=private,
    needs_view=needs_view,
    any_version=frozenset((*CHOICES, *PRIVATE)),
    seated=frozenset({"mycards"}),
    prompts={"act": None, "passl": None},
    private_text=lambda outcome, p: cards.hand_text(outcome, p, outcome.locale),
    table_card=lambda d: table_with_trick(d, d.outcome, d.outcome.locale),
)


setup, teardown = game_extension(CLICKS, FlaschenteufelCog)
