"""``/turnier korrigieren``: a group's result corrected at any time, and what changed
because of it announced in the channel with the reason (bot.tournament.corrections).

A correction that would undo a round already drawn is not made at once: the host gets a
private message saying exactly what it would undo, with a button to confirm. The button
names the tournament's version, so any change in between makes it outdated; the pending
correction lives in the bot's memory (``bot.corrections``; after a restart the host enters
the command again). Once confirmed, the tables of the undone rounds are ended and the new
round is drawn.
"""

from __future__ import annotations

import logging
import secrets
from typing import Any

import discord

from bot.engine import Action, IllegalAction
from bot.games.verflixte6.render import cards as v6_cards
from bot.i18n import t
from bot.render import tournament_cards as tcards
from bot.render.cards import Button, Card, custom_id
from bot.service import Outcome
from bot.tournament.corrections import UNDOES
from cogs.croupier_cog import CroupierCog
from cogs.pipeline import payload as ui
from cogs.pipeline.incoming import Click, actor_of
from cogs.pipeline.payload import accent_of, send_kwargs
from cogs.pipeline.replies import reader_locale, refuse, respond
from cogs.pipeline.session import TableSession
from cogs.pipeline.table_places import channel_by_id
from cogs.table_bot import Correction, TableBot, table_bot

log = logging.getLogger(__name__)
TOUR = accent_of("turnier")

Interaction = discord.Interaction[Any]


def _mentions(ids: str) -> str:
    return ", ".join(v6_cards.mention(p) for p in ids.split(", ") if p) or "–"


async def correct(
    cog: CroupierCog, interaction: Interaction, current: Outcome, args: dict[str, Any]
) -> None:
    """The host's correction: made, or (if it undoes a round) first put to him."""
    host = actor_of(interaction)
    if cog.host(interaction):
        args = {**args, "host": True}
    async with cog.session(interaction, current.game_id, private=True) as session:
        await _correct(session, current, host, args)


async def _correct(
    session: TableSession, current: Outcome, host: str, args: dict[str, Any]
) -> None:
    interaction = session.interaction
    assert interaction is not None
    try:
        outcome = await session.act(host, Action("correct", args))
    except IllegalAction as exc:
        if exc.key != UNDOES:
            await refuse(interaction, exc, current.locale)
            return
        token = secrets.token_hex(4)
        bot = table_bot(interaction.client)
        bot.corrections[token] = Correction(current.game_id, host, args)
        params, mine = exc.params, reader_locale(interaction, current.locale)
        text = t(
            "ui.tour.confirm_correction",
            mine,
            out=_mentions(str(params["out"])),
            came=_mentions(str(params["came"])),
            rounds=params["rounds"],
            games=params["games"],
        )
        button = Button(
            custom_id(tcards.BUTTON, current.game_id, current.version, "confirm", token),
            t("ui.button.confirm", mine),
            "danger",
        )
        card = Card(description=text, rows=[(button,)])
        await respond(interaction, ephemeral=True, **send_kwargs(card, TOUR))
        return
    await respond(interaction, **send_kwargs(_public_card(outcome), TOUR))
    await end_undone(table_bot(interaction.client), outcome, host)
    await session.deliver(outcome)


def confirmed_action(interaction: Interaction, click: Click) -> Action:
    """The correction a host's confirmation stands for (the one put to him, kept in
    memory); refused once it is gone (a restart) or was put to someone else."""
    pending = table_bot(interaction.client).corrections.get(click.arg)
    if pending is None or pending.game_id != click.game_id or pending.host != actor_of(interaction):
        raise IllegalAction("tour.confirm_expired")
    return Action("correct", {**pending.args, "confirm": True})


async def confirmed(interaction: Interaction, click: Click, outcome: Outcome) -> None:
    """A confirmed correction: the prompt says so, the channel gets the corrected table
    with what changed, and the tables of undone rounds end."""
    bot = table_bot(interaction.client)
    bot.corrections.pop(click.arg, None)
    locale = reader_locale(interaction, outcome.locale)
    done = ui.note(t("ui.tour.confirmed", locale))
    await interaction.response.edit_message(**ui.message_kwargs(done, TOUR))
    await interaction.followup.send(**send_kwargs(_public_card(outcome), TOUR))
    await end_undone(bot, outcome, actor_of(interaction))


def _public_card(outcome: Outcome) -> Card:
    """The corrected group's table with who corrected it and why, and what changed."""
    locale, events = outcome.locale, outcome.events
    fix = events[0]
    text = t(
        "ui.tour.host.correct",
        locale,
        by=v6_cards.mention(str(fix["by"])),
        target=v6_cards.mention(str(fix["target"])),
        reason=fix.get("reason") or "–",
    )
    lines = [text]
    for event in events[1:]:
        if event["type"] == "advancing":
            lines.append(t("ui.tour.fix.advancing", locale, round=event["round"],
                           came=_mentions(", ".join(event["in"])),
                           out=_mentions(", ".join(event["out"]))))  # fmt: skip
        elif event["type"] == "undone":
            rounds = ", ".join(str(r) for r in event["rounds"])
            lines.append(t("ui.tour.fix.undone", locale, rounds=rounds))
        elif event["type"] == "champion" and "before" in event:
            lines.append(t("ui.tour.fix.champion", locale,
                           player=v6_cards.mention(str(event["player"])),
                           before=v6_cards.mention(str(event["before"]))))  # fmt: skip
    card = tcards.group_table_card(fix, locale, finale=bool(fix["finale"]))
    card.description = "\n".join(lines) + "\n" + card.description
    return card


async def end_undone(bot: TableBot, outcome: Outcome, host: str) -> None:
    """End the tables of the rounds a correction undid (bot.play.tournaments), announced;
    their threads are renamed as undone and archived, so that the new draw's thread of
    the same name is the only one that reads as the group's."""
    sessions = bot.router.sessions  # in the tournament's session
    for ended in await sessions.service.tournaments.end_undone(outcome, host):
        async with sessions(ended.game_id) as session:
            await session.deliver(ended)
        thread = await channel_by_id(bot, ended.channel_id)
        if not isinstance(thread, discord.Thread):
            continue
        name = t("ui.tour.thread_undone", outcome.locale, title=thread.name)[:100]
        try:
            await thread.edit(name=name, archived=True)
        except discord.HTTPException as exc:  # Manage Threads missing: it stays as it is
            log.warning("thread %s of undone game %s kept: %s", thread.id, ended.game_id, exc)
