"""Slash options as declared to Discord, and the bot's own check of what arrives.

Every bounded option type of the cogs is here, built from ``bot.bounds``: Discord's
clients refuse values outside them. A client can't be trusted, though, so
:func:`check_interaction` checks every value of an incoming command against what the
command declared (range, length, choices, type) before its handler runs; the command
tree answers a refusal privately (``cogs.errors``) and nothing changes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

import discord
from discord import AppCommandOptionType, app_commands

from bot import bounds
from bot.clocks.clock import COMPUTER, RULE, WAIT
from bot.i18n import t

Reason = app_commands.Range[str, None, bounds.REASON_MAX]
"""An optional reason (``grund``); empty means none given."""
RequiredReason = app_commands.Range[str, 1, bounds.REASON_MAX]
TournamentName = app_commands.Range[str, bounds.TOURNAMENT_NAME_MIN, bounds.TOURNAMENT_NAME_MAX]
Durchgaenge = app_commands.Range[int, bounds.DURCHGAENGE_MIN, bounds.DURCHGAENGE_MAX]
GroupSize = app_commands.Range[int, bounds.GROUP_SIZE_MIN, bounds.GROUP_SIZE_MAX]
BestThirds = app_commands.Range[int, bounds.BEST_THIRDS_MIN, bounds.BEST_THIRDS_MAX]
GroupNumber = app_commands.Range[int, bounds.GROUP_NUMBER_MIN, bounds.GROUP_NUMBER_MAX]
RoundNumber = app_commands.Range[int, bounds.ROUND_NUMBER_MIN, bounds.ROUND_NUMBER_MAX]
GraceMinutes = app_commands.Range[int, bounds.GRACE_MINUTES_MIN, bounds.GRACE_MINUTES_MAX]
Points = app_commands.Range[int, bounds.POINTS_MIN, bounds.POINTS_MAX]
Eyes = app_commands.Range[int, bounds.EYES_MIN, bounds.EYES_MAX]
TournamentClockMinutes = app_commands.Range[
    int, bounds.TOURNAMENT_CLOCK_MINUTES_MIN, bounds.TOURNAMENT_CLOCK_MINUTES_MAX
]
ClockMinutes = app_commands.Range[int, bounds.CLOCK_MINUTES_MIN, bounds.CLOCK_MINUTES_MAX]
Hands = app_commands.Range[int, bounds.HANDS_MIN, bounds.HANDS_MAX]
GameNumber = app_commands.Range[int, bounds.GAME_NUMBER_MIN, bounds.GAME_NUMBER_MAX]
JokerName = app_commands.Range[str, 1, bounds.JOKER_NAME_MAX]
Date = app_commands.Range[str, None, bounds.DATE_MAX]
Time = app_commands.Range[str, None, bounds.TIME_MAX]
ZoneName = app_commands.Range[str, None, bounds.ZONE_MAX]
"""An IANA time zone such as ``America/New_York`` (autocompleted)."""
SeasonName = app_commands.Range[str, None, bounds.SEASON_NAME_MAX]
"""A new season's name (``/saison neu``; trimmed, and refused when empty, by the handler)."""
SeasonPick = app_commands.Range[str, None, bounds.SEASON_PICK_MAX]
ComputerPick = app_commands.Range[str, None, bounds.COMPUTER_PICK_MAX]
"""A computer player picked from ``/statistik``'s autocomplete (or typed: its name)."""
"""A season picked from ``/rangliste``'s autocomplete (or typed: its name)."""
OnTimeout = Literal["regel", "warten", "computer"]
"""What a clock does when the time is up: the game's absence rule, wait for the host, or a
computer player takes over the seat until its player takes it back."""
ON_TIMEOUT: dict[str, str] = {"regel": RULE, "warten": WAIT, "computer": COMPUTER}
"""The option's values as the clocks name them (bot.clocks.clock)."""
Notify = Literal["kanal", "dm", "aus"]
"""How a player is told of his turn (bot.play.turn_notice.HOW, in its order)."""
StandIn = Literal["regel", "computer"]
"""Who plays for an absent player: the game's absence rule, or a computer player."""

_GROUPS = (AppCommandOptionType.subcommand.value, AppCommandOptionType.subcommand_group.value)


class OptionRefused(app_commands.CheckFailure):
    """A value its command did not declare: refused before the handler runs. ``key`` and
    ``params`` name the text the player reads (``ui.option.*``)."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(f"{key} {params}")
        self.key = key
        self.params = params


def game_choices(kinds: Sequence[str]) -> list[app_commands.Choice[str]]:
    """A ``spiel`` option's choices: the games ``kinds``, named as Discord lists them
    (German; the translator gives other languages their names)."""
    return [app_commands.Choice(name=t(f"game.name.{kind}"), value=kind) for kind in kinds]


def given_options(data: Mapping[str, Any]) -> dict[str, Any]:
    """The option values of a slash command's interaction data, by name (the options of
    the subcommand when there is one)."""
    options: Sequence[Mapping[str, Any]] = data.get("options") or []
    while options and options[0].get("type") in _GROUPS:
        options = options[0].get("options") or []
    return {str(o.get("name")): o.get("value") for o in options}


def check_interaction(interaction: discord.Interaction[Any]) -> None:
    """Every value of a slash command within what its command declared, or
    :class:`OptionRefused`. Commands this bot does not know are left to discord.py."""
    command = interaction.command
    if not isinstance(command, app_commands.Command):
        return
    given = given_options(interaction.data or {})
    for param in command.parameters:
        if param.display_name in given:
            check_value(param, given[param.display_name])


def check_value(param: app_commands.Parameter, value: object) -> None:
    """One option's value against its declaration (choices, type, range, length)."""
    name = param.display_name
    if param.choices:
        if value not in [c.value for c in param.choices]:
            shown = ", ".join(f"`{c.name}`" for c in param.choices)
            raise OptionRefused("ui.option.choice", option=name, choices=shown)
        return
    low, high = param.min_value, param.max_value
    if param.type in (AppCommandOptionType.integer, AppCommandOptionType.number):
        integer = param.type is AppCommandOptionType.integer
        if not isinstance(value, int | float) or isinstance(value, bool):
            raise OptionRefused("ui.option.bad", option=name)
        if integer and not isinstance(value, int):
            raise OptionRefused("ui.option.bad", option=name)
        if (low is not None and value < low) or (high is not None and value > high):
            raise OptionRefused("ui.option.range", option=name, low=low, high=high)
    elif param.type is AppCommandOptionType.string:
        if not isinstance(value, str):
            raise OptionRefused("ui.option.bad", option=name)
        # Discord's clients send strings trimmed: blanks alone are no value.
        if low is not None and len(value.strip()) < low:
            key = "ui.option.empty" if low <= 1 else "ui.option.too_short"
            raise OptionRefused(key, option=name, low=low)
        if high is not None and len(value) > high:
            raise OptionRefused("ui.option.too_long", option=name, high=high, length=len(value))
    elif param.type is AppCommandOptionType.boolean and not isinstance(value, bool):
        raise OptionRefused("ui.option.bad", option=name)
    # users, roles, channels, files: resolved (or refused) by discord.py
