"""Auf Teufel komm raus on Discord: ``/teufel tisch``, sealed bets in a modal, ``ziehen`` /
``stopp``, "Mein Konto", a round result with the track picture, balances by DM.
Thin: the rules live in bot.games.teufel, the layout in bot.render.teufel_cards.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Any

import discord
from discord import app_commands

from bot.engine import Action, IllegalAction
from bot.games.teufel.track import MARK_NAMES
from bot.i18n import t
from bot.render import pictures
from bot.render import teufel_cards as cards
from bot.render.cards import Card, Picture
from bot.service import Outcome, Service
from cogs.croupier_cog import CroupierCog
from cogs.help import send_help
from cogs.pipeline import payload as ui
from cogs.pipeline.clicks import GameClicks
from cogs.pipeline.delivery import Delivery, Event, show_lobby
from cogs.pipeline.dms import closed_notice
from cogs.pipeline.incoming import Click
from cogs.pipeline.opening import open_lobby_here
from cogs.pipeline.router import game_extension
from cogs.practice import Computers, Opponent, open_practice
from cogs.translator import cmd

log = logging.getLogger(__name__)

KIND = "teufel"
ACCENT = ui.accent_of(KIND)


def table(service: Service, outcome: Outcome) -> Card:
    """The round's table; a sealed bet shows its seal: HMAC of round, player and amount with
    the game's seed — not guessable now, checkable once the seed is revealed."""

    def seal(player: str) -> str:
        own = cards.own_seat(outcome.private[player], player)
        return service.tables.seal(
            outcome.game_id, f"bet:{outcome.public['round']}:{player}:{own['bet']}"
        )

    return cards.table_card(outcome, outcome.locale, seal)


def to_action(interaction: Any, click: Click, current: Outcome | None) -> Action:
    """``ziehen``, ``stopp``, and a submitted bet form (routed by its custom id like a
    click, so a form opened before a restart is answered too; the engine checks the bet
    against the balance it knows now)."""
    if click.prefix != cards.FORM:
        return Action(click.verb)
    text = click.values[0].strip() if click.values else ""
    if not text.lstrip("-").isdigit():
        raise IllegalAction("teufel.ui.bet_number")
    return Action("bet", {"amount": int(text)})


def needs_view(click: Click) -> bool:
    """The account and the bet form's button answer from the table's views."""
    return click.prefix == cards.BUTTON and click.verb in ("account", "bet")


async def answer(
    interaction: discord.Interaction[Any], click: Click, current: Outcome, actor: str
) -> bool:
    """The account, and the bet form (any version of the table; the pipeline has checked
    that the player is seated, and for the form that the engine takes his bet now)."""
    if click.verb == "account":
        text = cards.account_text(current.private[actor], actor, current.locale)
        await interaction.response.send_message(
            ephemeral=True, **ui.send_kwargs(ui.note(text), ACCENT)
        )
        return True
    balance = cards.own_seat(current.private[actor], actor)["balance"]
    form = cards.bet_form(current, balance, current.locale)
    await interaction.response.send_modal(ui.Modal(form))  # type: ignore[arg-type]
    return True


async def bet_taken(d: Delivery, actor: str) -> None:
    """The bettor's private answer to his form: his bet, and whether it was the last."""
    interaction = d.interaction
    if interaction is None or interaction.type is not discord.InteractionType.modal_submit:
        return
    bet = cards.own_seat(d.outcome.private[actor], actor)["bet"]
    text = cards.bet_done_text(d.outcome, bet, d.private_locale)
    await interaction.response.send_message(ephemeral=True, **ui.send_kwargs(ui.note(text), ACCENT))


async def show(d: Delivery, actor: str | None) -> None:
    """Edit the round's message; at a round's end close it, post the result with the track
    picture, send the balances by DM, and open the next round's message. A bet from the
    form is answered to the bettor first."""
    outcome, service, locale = d.outcome, d.service, d.outcome.locale
    if await show_lobby(d, cards.lobby_card):
        return
    if actor is not None:
        await bet_taken(d, actor)
    ended = any(e["type"] == "settle" for e in outcome.events)
    if not ended:
        await d.table(table(service, outcome))
        return
    settles = [i for i, e in enumerate(outcome.events) if e["type"] == "settle"]
    cut = settles[-1]  # the clock may have played several rounds for absent players
    if outcome.finished:  # the last round: the view still shows it, as it ended
        closing = table(service, replace(outcome, events=outcome.events[:cut]))
        closing.rows = []
    else:  # the view shows the next round already
        closing = cards.closed_round_card(outcome, locale)
    await d.table(closing)
    logged = service.records.recent_events(outcome.game_id, None)
    for start, end in zip(settles, [*settles[1:], len(outcome.events)], strict=True):
        settled = replace(outcome, events=outcome.events[start:end])
        result = cards.result_card(settled, locale)
        result.pictures = (track_picture(service, settled, locale),)
        if start == cut:  # the oven as the round left it (the game's log ends there)
            result.pictures += (oven_picture(service, logged, locale),)
        await d.post("result", result, cause=outcome.events[start])
    last = outcome.events[cut]
    if not outcome.finished:
        fresh = replace(
            outcome,
            events=[e for e in outcome.events[cut:] if e["type"] not in cards.RESULT_EVENTS],
        )
        await d.new_table(table(service, fresh), cause=last)
    await send_balances(d, last)  # last: the next round's table is up first


def track_picture(service: Service, outcome: Outcome, locale: str) -> Picture:
    """Pawns at the positions everybody sees (positions, never balances)."""
    track = next(e for e in outcome.events if e["type"] == "track")
    pawns = tuple((service.directory.display_name(p), spot) for p, spot in track["spots"].items())
    settled = [e for e in outcome.events if e["type"] == "settle"][-1]["round"]
    title = t("teufel.ui.track", locale, round=settled)
    alt = pictures.alt_track(title, MARK_NAMES, pawns, locale)
    return ui.picture(
        "track", locale, pictures.track_png, title, tuple(MARK_NAMES), pawns, description=alt
    )


def oven_picture(service: Service, log: list[dict[str, Any]], locale: str) -> Picture:
    """What the round left in the oven (drawn tiles are public), and its pulls."""
    played = _last_round(log)
    remaining = dict(sorted(pictures.oven_contents(played).items()))
    pulls = tuple(
        (name, tuple(tiles))
        for name, tiles in pictures.round_pulls(played, service.directory.display_name)
    )
    title = t("teufel.ui.oven_title", locale)
    alt = pictures.alt_oven(title, remaining, pulls, locale)
    return ui.picture("oven", locale, pictures.oven_png, title, remaining, pulls, description=alt)


def _last_round(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The log's events up to its last settled round's end."""
    settled = max((i for i, e in enumerate(log) if e["type"] == "settle"), default=len(log) - 1)
    return log[: settled + 1]


async def send_balances(d: Delivery, settle: Event) -> None:
    """Each player's new balance after ``settle`` (the outcome's last) by DM; players whose
    DMs are closed are pointed to the "Mein Konto" button in public (without any number)."""
    outcome = d.outcome
    locale = outcome.locale
    settled = settle["round"]
    messages: dict[str, Card] = {}
    for player in outcome.players:
        seat = cards.own_seat(outcome.private[player], player)
        messages[player] = ui.note(
            t("teufel.ui.dm_round", d.reader(player), round=settled, balance=seat["balance"])
        )
    await d.dms(messages, closed_notice("teufel.ui.dm_closed", locale), cause=settle)


class TeufelCog(CroupierCog):
    teufel = app_commands.Group(name=cmd("teufel"), description=cmd("teufel.desc"), guild_only=True)

    @teufel.command(name=cmd("tisch"), description=cmd("teufel.tisch.desc"))
    async def tisch(self, interaction: discord.Interaction[Any]) -> None:
        await open_lobby_here(self, interaction, KIND, {"random_start": True}, cards.lobby_card)

    @teufel.command(name=cmd("ueben"), description=cmd("ueben.desc"))
    @app_commands.describe(gegner=cmd("gegner.desc"), anzahl=cmd("anzahl.desc"))
    async def ueben(
        self,
        interaction: discord.Interaction[Any],
        gegner: Opponent = "leicht",
        anzahl: Computers | None = None,
    ) -> None:
        await open_practice(self, interaction, KIND, gegner, anzahl, options={"random_start": True})

    @teufel.command(name=cmd("regeln"), description=cmd("regeln.spiel.desc"))
    async def regeln(self, interaction: discord.Interaction[Any]) -> None:
        await send_help(interaction, KIND, self.private_locale(interaction))


CLICKS = GameClicks(
    KIND,
    (cards.BUTTON, cards.FORM, cards.SELECT),
    to_action=to_action,
    show=show,
    answer=answer,
    needs_view=needs_view,
    any_version=frozenset({"account", "bet"}),
    seated=frozenset({"account"}),
    prompts={"bet": "bet"},
    private_text=lambda outcome, p: cards.account_text(outcome.private[p], p, outcome.locale),
    table_card=lambda d: table(d.service, d.outcome),
)


setup, teardown = game_extension(CLICKS, TeufelCog)
