"""Die verflixte 6 on Discord: ``/v6 tisch|regeln|stand|log``, ``/weiter``, ``/joker``,
``/stopp`` and the table buttons. Thin: it turns clicks into actions for the service and
shows the outcome; the rules live in bot.games.verflixte6, the layout in bot.render.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import replace
from typing import Any, Literal

import discord
from discord import app_commands

from bot.engine import Action, IllegalAction
from bot.games.verflixte6.state import DECISIONS, JOKER_IDS, RESULT_EVENTS, TURN_OPENERS
from bot.i18n import t
from bot.render import pictures
from bot.render import v6_cards as cards
from bot.render.cards import Card, Picture
from bot.render.v6_lines import describe
from bot.service import Outcome
from cogs.croupier_cog import CroupierCog, actor_of, service_of
from cogs.help import send_help
from cogs.options import Durchgaenge, GameNumber, JokerName, Reason
from cogs.pipeline import payload as ui
from cogs.pipeline import prompts
from cogs.pipeline.clicks import GameClicks
from cogs.pipeline.delivery import Delivery, show_lobby
from cogs.pipeline.incoming import Click
from cogs.pipeline.opening import open_lobby_here
from cogs.pipeline.payload import send_kwargs
from cogs.pipeline.replies import reader_locale, refuse, respond
from cogs.pipeline.router import game_extension, router_of
from cogs.pipeline.session import Show
from cogs.practice import Computers, Opponent, open_practice
from cogs.translator import cmd

log = logging.getLogger(__name__)

KIND = "verflixte6"
ACCENT = ui.accent_of(KIND)
PROMPTS: dict[str, str | None] = {
    "begin": "jokers",  # the joker choice
    "menu": "weiter",  # the joker menu (and its Sekante's target next)
    "joker": "weiter",
    "decide": None,  # a robbery's victim or a decision
    "yes": None,
    "no": None,
}
"""The prompts a table button opens, and the decisions, with what each prepares: the
engine says before one opens whether the player may."""
NEEDS_VIEW = ("begin", "menu", "decide", "yes", "no")  # prompts, decisions, Sekante's target


def to_action(interaction: Any, click: Click, outcome: Outcome | None) -> Action:
    """The engine action a click stands for (``outcome``: the table as it stands, needed
    for ``yes``/``no``)."""
    verb, values = click.verb, click.values
    if verb in ("weiter", "stopp"):
        return Action(verb)
    if verb in ("pick", "pickfree", "nojoker"):
        args: dict[str, Any] = {"jokers": list(values)}
        return Action("jokers", {**args, "free": True} if verb == "pickfree" else args)
    if verb == "joker":
        return Action("weiter", {"joker": values[0]})
    if verb == "target":
        return Action("weiter", {"joker": "sekante", "target": values[0]})
    if verb == "steal":
        return Action("steal", {"victim": values[0]})
    if verb in ("yes", "no"):
        assert outcome is not None
        phase = (outcome.public.get("turn") or {}).get("phase", "")
        if phase not in DECISIONS:
            raise IllegalAction(f"v6.phase.{phase}")
        name, field = DECISIONS[phase]
        return Action(name, {field: verb == "yes"})
    raise IllegalAction("game.unknown_action", action=verb)


def _logged(d: Delivery, end: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The log a Durchgang's picture reads: from the Durchgang that ``end`` closes on,
    or the whole evening for its table at the end."""
    records = d.service.records
    if d.outcome.finished:
        return records.recent_events(d.outcome.game_id, None)
    number = end["durchgang"]
    return records.events_from(
        d.outcome.game_id, lambda e: e["type"] == "durchgang" and e["durchgang"] == number
    )


def durchgang_picture(
    d: Delivery, log: list[dict[str, Any]], end: dict[str, Any], locale: str
) -> Picture:
    """A Durchgang's result: each player's dice, eyes, points and place (the card says
    the same in words)."""
    rows = tuple(pictures.durchgang_rows(log, end, d.service.directory.display_name))
    title = t("ui.result.title", locale, durchgang=end["durchgang"])
    alt = pictures.alt_v6_durchgang(title, rows, locale)
    return ui.picture("durchgang", locale, pictures.v6_durchgang_png, title, rows, description=alt)


def abend_picture(d: Delivery, log: list[dict[str, Any]], locale: str) -> Picture:
    """The evening's table: each player's points per Durchgang, total, eyes and place."""
    view = d.outcome.public
    rows = tuple(pictures.abend_rows(log, view, d.service.directory.display_name))
    count = max((len(row.points) for row in rows), default=0)
    header = (
        t("ui.tour.col.place", locale), t("ui.tour.col.player", locale),
        *(t("v6.ui.col.durchgang", locale, number=n) for n in range(1, count + 1)),
        t("ui.tour.col.points", locale), t("ui.tour.col.eyes", locale),
    )  # fmt: skip
    title = t("v6.ui.abend_title", locale)
    alt = pictures.alt_v6_abend(title, header, rows)
    return ui.picture("abend", locale, pictures.v6_abend_png, title, header, rows, description=alt)


def joker_id(typed: str) -> str:
    """The joker meant by a typed ``/joker name:``: its id or its shown name in either
    language, in any case ("Fumo", "push your pony"); anything else as typed, for the
    engine to refuse by name."""
    wanted = " ".join(typed.split()).casefold()
    for joker in JOKER_IDS:
        names = {joker, *(t(f"v6.joker.{joker}", locale) for locale in ("de", "en"))}
        if wanted in {n.casefold() for n in names}:
            return joker
    return typed.strip()


def prompt_for(outcome: Outcome, verb: str, actor: str, name: cards.Names = cards.mention) -> Card:
    """The private prompt a table button opens for the player whose turn it is (the
    engine said he may); ``name`` labels players in selects (where Discord shows no
    mentions)."""
    locale = outcome.locale
    legal = outcome.private[actor]["legal"]  # the engine's: what the actor may choose now
    if verb == "begin":
        can_free = bool(legal["free_jokers"])
        return cards.joker_choice_prompt(outcome, legal["jokers"], can_free, locale)
    if verb == "menu":
        return cards.joker_menu_prompt(outcome, locale)
    if verb == "target":
        return cards.target_prompt(outcome, legal["targets"], locale, name)
    victims = legal["victims"]
    return cards.decision_prompt(outcome, victims, locale, name)


def split_turn_events(events: list[Any]) -> tuple[list[Any], list[Any]]:
    """Events that close the old turn's message, and those for the new turn's message
    (a Durchgang's result and Stechen go to the result message instead)."""
    cut = next((i for i, e in enumerate(events) if e["type"] in TURN_OPENERS), len(events))
    return events[:cut], [e for e in events[cut:] if e["type"] not in RESULT_EVENTS]


def _sekante(click: Click) -> bool:
    return click.verb == "joker" and click.values == ["sekante"]


def needs_view(click: Click) -> bool:
    """Prompts, decisions and Sekante's target need the table's views before they act;
    ``weiter`` and ``stopp`` (most clicks) do not."""
    return click.verb in NEEDS_VIEW or _sekante(click)


async def answer(
    interaction: discord.Interaction[Any], click: Click, current: Outcome, actor: str
) -> bool:
    """The private prompts a table button opens, and Sekante's target next."""
    name = service_of(interaction).directory.display_name
    if click.verb in ("begin", "menu", "decide"):
        card = prompt_for(current, click.verb, actor, name)
        sent = await interaction.response.send_message(ephemeral=True, **send_kwargs(card, ACCENT))
        if card.rows:  # the decision's one live prompt from now on
            await prompts.opened(
                interaction, click.game_id, actor, version=current.version,
                message_id=sent.message_id, locale=current.locale,
            )  # fmt: skip
        return True
    if _sekante(click):
        card = prompt_for(current, "target", actor, name)  # the target next
        await interaction.response.edit_message(**ui.message_kwargs(card, ACCENT))
        return True
    return False


async def show(
    d: Delivery, actor: str | None, *, typed: bool = False, answered: bool = False
) -> None:
    """Answer the click (if there is one) and bring the table up to date: the turn's
    message edited in place; at a new turn the old message closed and a new one posted; a
    Durchgang's result as a message of its own; a pending decision prompted privately;
    what it caused at a tournament announced there."""
    outcome, interaction = d.outcome, d.interaction
    locale = outcome.locale
    if await show_lobby(d, cards.lobby_card):
        return
    started = any(e["type"] == "start" for e in outcome.events) or outcome.message_id is None
    new_turn = not started and any(e["type"] == "turn" for e in outcome.events)
    old_events, new_events = split_turn_events(outcome.events)
    closing = replace(outcome, events=old_events) if new_turn else outcome
    table = cards.table_card(closing, locale, live=not new_turn and not outcome.finished)
    end = next((e for e in outcome.events if e["type"] == "durchgang_end"), None)
    if end is not None and not outcome.finished:  # the view shows the next Durchgang already
        table = cards.closed_durchgang_card(closing, end, locale)
    if typed and interaction is not None:
        said = locale if answered else d.private_locale  # public lines, or the typist's
        lines = [describe(e, said, cards.mention) for e in outcome.events]
        text = "\n".join(lines)[:2000] or "✓"
        if answered:  # the host's command was answered already: the lines go public
            await interaction.followup.send(text)
        else:
            await respond(interaction, content=text, ephemeral=True)
    ends = [i for i, e in enumerate(outcome.events) if e["type"] == "durchgang_end"]
    logged = _logged(d, outcome.events[ends[0]]) if ends else []
    if outcome.finished:  # the evening's table, pictured on the table's last state
        table.pictures = (abend_picture(d, logged, locale),)
    await d.table(table)
    for n, at in enumerate(ends):  # the clock may have played several for absent players
        its = replace(outcome, events=outcome.events[(ends[n - 1] + 1 if n else 0) : at + 1])
        card = cards.result_card(its, outcome.events[at], locale, standing=n == len(ends) - 1)
        card.pictures = (durchgang_picture(d, logged, outcome.events[at], locale),)
        await d.post("result", card, cause=outcome.events[at])
    fresh_turn = new_turn and not outcome.finished
    if fresh_turn:
        opened = [e for e in outcome.events if e["type"] in TURN_OPENERS][-1]
        fresh = cards.table_card(replace(outcome, events=new_events), locale)
        await d.new_table(fresh, cause=opened)
    clicked = None
    if interaction is not None and interaction.message is not None:
        clicked = interaction.message.id
    await prompts.moved_on(
        d.client, outcome.game_id, outcome.version, answered=clicked, over=outcome.finished
    )
    if (
        interaction is not None
        and not fresh_turn
        and actor in outcome.to_act
        and outcome.public["turn"]["phase"] in (*DECISIONS, "steal")
    ):
        assert actor is not None
        mine = replace(outcome, locale=d.private_locale)
        prompt = prompt_for(mine, "decide", actor, d.service.directory.display_name)
        sent = await interaction.followup.send(
            ephemeral=True, wait=True, **send_kwargs(prompt, ACCENT)
        )
        await prompts.opened(
            interaction, outcome.game_id, actor, version=outcome.version, message_id=sent.id,
            locale=mine.locale,
        )  # fmt: skip


def typed_show(*, answered: bool = False) -> Show:
    """How a typed command's outcome (``/weiter``, a host acting for a player) is shown:
    its lines answer the command (privately, or in public once ``answered``)."""

    async def shown(d: Delivery, actor: str | None) -> None:
        await show(d, actor, typed=True, answered=answered)

    return shown


LOG_MAX = 4000  # of an embed's 4,096 characters


def latest_lines(lines: list[str], limit: int, earlier: str) -> str:
    """The newest of ``lines`` that fit ``limit`` characters, oldest first; ``earlier``
    first when some had to be left out."""
    kept: list[str] = []
    size = len(earlier) + 1
    for line in reversed(lines):
        size += len(line) + 1
        if size > limit:
            return "\n".join([earlier, *reversed(kept)])
        kept.append(line)
    return "\n".join(reversed(kept))


class Verflixte6Cog(CroupierCog):
    v6 = app_commands.Group(name=cmd("v6"), description=cmd("v6.desc"))

    @v6.command(name=cmd("tisch"), description=cmd("tisch.desc"))
    @app_commands.describe(durchgaenge=cmd("durchgaenge.desc"))
    async def tisch(
        self, interaction: discord.Interaction[Any], durchgaenge: Durchgaenge = 3
    ) -> None:
        await open_lobby_here(
            self, interaction, KIND, {"durchgaenge": durchgaenge}, cards.lobby_card
        )

    @v6.command(name=cmd("ueben"), description=cmd("ueben.desc"))
    @app_commands.describe(gegner=cmd("gegner.desc"), anzahl=cmd("anzahl.desc"))
    async def ueben(
        self,
        interaction: discord.Interaction[Any],
        gegner: Opponent = "leicht",
        anzahl: Computers | None = None,
    ) -> None:
        await open_practice(self, interaction, KIND, gegner, anzahl, options={"durchgaenge": 1})

    @v6.command(name=cmd("regeln"), description=cmd("regeln.desc"))
    async def regeln(self, interaction: discord.Interaction[Any]) -> None:
        await send_help(interaction, KIND, self.private_locale(interaction))

    @v6.command(name=cmd("stand"), description=cmd("stand.desc"))
    @app_commands.describe(nummer=cmd("verify.nummer.desc"))
    async def stand(
        self, interaction: discord.Interaction[Any], nummer: GameNumber | None = None
    ) -> None:
        outcome = await self._story(interaction, nummer)  # the standings are public
        if outcome is not None:
            mine = reader_locale(interaction, outcome.locale)
            card = cards.table_card(outcome, mine, live=False)
            await interaction.response.send_message(ephemeral=True, **send_kwargs(card, ACCENT))

    @v6.command(name=cmd("log"), description=cmd("log.desc"))
    @app_commands.describe(nummer=cmd("verify.nummer.desc"))
    async def log_(
        self, interaction: discord.Interaction[Any], nummer: GameNumber | None = None
    ) -> None:
        outcome = await self._story(interaction, nummer)
        if outcome is None:
            return
        events = self.service.records.recent_events(outcome.game_id, limit=None)
        mine = reader_locale(interaction, outcome.locale)
        lines = [describe(e, mine, cards.mention) for e in events if e["type"] != "lobby"]
        text = latest_lines(lines, LOG_MAX, t("ui.log.earlier", mine)) or t("ui.log.empty", mine)
        card = Card(title=t("ui.log.title", mine, game=outcome.game_id), description=text)
        await interaction.response.send_message(ephemeral=True, **send_kwargs(card, ACCENT))

    async def _story(
        self, interaction: discord.Interaction[Any], number: int | None
    ) -> Outcome | None:
        """The game whose story ``/v6 log`` and ``/v6 stand`` tell: game ``number`` of this
        server, else the caller's table in this channel, else the one the channel shows,
        else the channel's last game (an ended Abend stays readable)."""
        tables, channel = self.service.tables, interaction.channel_id or 0
        if number is not None:
            found = self.service.records.game(number, interaction.guild_id, channel)
            game_id = found.id if found is not None and found.kind == KIND else None
            missing = "verify.no_game"
        else:
            game_id = tables.find(channel, actor_of(interaction), KIND)
            game_id = game_id or tables.find(channel, None, KIND)
            game_id = game_id or tables.latest_in_channel(KIND, channel)
            missing = "ui.no_v6_game"
        if game_id is None:
            mine = self.private_locale(interaction)
            await interaction.response.send_message(t(missing, mine), ephemeral=True)
            return None
        return tables.current(game_id)

    async def _my_table(
        self, interaction: discord.Interaction[Any], *, spectators: bool = False
    ) -> Outcome | None:
        """The caller's table in this channel; with ``spectators`` (for what the channel
        shows anyway) also a table he only watches."""
        channel = interaction.channel_id or 0
        game_id = self.service.tables.find(channel, actor_of(interaction), KIND)
        if game_id is None and spectators:
            game_id = self.service.tables.find(channel, None, KIND)
        if game_id is None:
            text = t("ui.no_table", self.private_locale(interaction))
            await interaction.response.send_message(text, ephemeral=True)
            return None
        return self.service.tables.current(game_id)

    async def _typed(self, interaction: discord.Interaction[Any], action: Action) -> None:
        """``/weiter``, ``/joker``, ``/stopp``: the same as the buttons, for typists (in the
        table's session: what it still owes first, then the action and its delivery)."""
        current = await self._my_table(interaction)
        if current is None:
            return
        actor = actor_of(interaction)
        async with router_of(self.bot).sessions(current.game_id, interaction) as session:
            try:
                outcome = await session.act(actor, action)
            except IllegalAction as exc:
                await refuse(interaction, exc, current.locale)
                return
            await session.deliver(outcome, actor, show=typed_show())

    async def _hosted(
        self,
        interaction: discord.Interaction[Any],
        verb: str,
        *,
        reason: str = "",
        for_player: str = "",
        action: Action | None = None,
    ) -> None:
        """Host tools on the table in this channel (Manage Server); logged with who and why."""
        locale, mine = self.locale(interaction), self.private_locale(interaction)
        game_id = self.service.tables.find(interaction.channel_id or 0, None, KIND)
        if not self.host(interaction):
            await interaction.response.send_message(t("ui.host_only", mine), ephemeral=True)
            return
        if game_id is None:
            await interaction.response.send_message(t("ui.no_table", mine), ephemeral=True)
            return
        host = actor_of(interaction)
        async with router_of(self.bot).sessions(game_id, interaction, private=False) as session:
            try:
                outcome = await session.run(lambda s: s.host.do(
                    game_id, host, verb, reason=reason, for_player=for_player, action=action,
                    nonce=str(interaction.id),
                ))  # fmt: skip
            except IllegalAction as exc:
                await refuse(interaction, exc, locale)
                return
            if verb == "act":
                note = t(
                    "ui.host.acted",
                    locale,
                    host=cards.mention(host),
                    player=cards.mention(for_player),
                    reason=reason,
                )
                await respond(interaction, content=note)
                await session.deliver(outcome, for_player, show=typed_show(answered=True))
                return
            lines = [describe(e, locale, cards.mention) for e in outcome.events]
            await respond(interaction, content="\n".join(lines))
            await session.deliver(outcome)

    @v6.command(name=cmd("pause"), description=cmd("pause.desc"))
    @app_commands.describe(grund=cmd("grund.desc"))
    async def pause(self, interaction: discord.Interaction[Any], grund: Reason = "") -> None:
        await self._hosted(interaction, "pause", reason=grund)

    @v6.command(name=cmd("fortsetzen"), description=cmd("fortsetzen.desc"))
    async def fortsetzen(self, interaction: discord.Interaction[Any]) -> None:
        await self._hosted(interaction, "resume")

    @v6.command(name=cmd("vertreten"), description=cmd("vertreten.desc"))
    @app_commands.describe(
        spieler=cmd("spieler.desc"), aktion=cmd("aktion.desc"), grund=cmd("grund.desc")
    )
    async def vertreten(
        self,
        interaction: discord.Interaction[Any],
        spieler: discord.Member,
        aktion: Literal["ohne_joker", "weiter", "stopp"],
        grund: Reason = "",
    ) -> None:
        action = Action("jokers", {"jokers": []}) if aktion == "ohne_joker" else Action(aktion)
        await self._hosted(
            interaction, "act", reason=grund, for_player=str(spieler.id), action=action
        )

    @app_commands.command(name=cmd("weiter"), description=cmd("weiter.desc"))
    async def weiter(self, interaction: discord.Interaction[Any]) -> None:
        await self._typed(interaction, Action("weiter"))

    @app_commands.command(name=cmd("stopp"), description=cmd("stopp.desc"))
    async def stopp(self, interaction: discord.Interaction[Any]) -> None:
        await self._typed(interaction, Action("stopp"))

    @app_commands.command(name=cmd("joker"), description=cmd("joker.desc"))
    @app_commands.describe(name=cmd("joker.name.desc"), ziel=cmd("ziel.desc"))
    async def joker(
        self,
        interaction: discord.Interaction[Any],
        name: JokerName,
        ziel: discord.Member | None = None,
    ) -> None:
        args: dict[str, Any] = {"joker": joker_id(name)}
        if ziel is not None:
            args["target"] = str(ziel.id)
        await self._typed(interaction, Action("weiter", args))

    @joker.autocomplete("name")
    async def joker_names(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """Only the jokers the player can announce right now."""
        game_id = self.service.tables.find(interaction.channel_id or 0, actor_of(interaction), KIND)
        if game_id is None:
            return []
        outcome = self.service.tables.current(game_id)
        turn = outcome.public.get("turn")
        if not turn or actor_of(interaction) not in outcome.to_act:
            return []
        labels = [(j, t(f"v6.joker.{j}", outcome.locale)) for j in turn["announceable"]]
        return [
            app_commands.Choice(name=label, value=j)
            for j, label in labels
            if current.lower() in label.lower()
        ][:25]


CLICKS = GameClicks(
    KIND,
    (cards.BUTTON, cards.SELECT),
    one_live_prompt=True,
    to_action=to_action,
    show=show,
    answer=answer,
    needs_view=needs_view,
    prompts=PROMPTS,
    private_text=lambda outcome, player: t("ui.seated", outcome.locale),
    table_card=lambda d: cards.table_card(d.outcome, d.outcome.locale),
)


setup, teardown = game_extension(CLICKS, Verflixte6Cog)
