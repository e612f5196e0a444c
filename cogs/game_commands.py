"""A game's ``/<group> tisch``, ``üben`` and ``regeln``, generated from its declaration
(``GamePlugin.commands``, a :class:`~bot.games.plugin.TableCommands`): every game offers
them alike, and a game plugged in later gets them without a line of Discord code.

discord.py reads a command's options from its callback's signature, so each callback here
carries the signature its game's options make (``__signature__``), and its descriptions
as ``app_commands.describe`` leaves them. A command inside a cog's group is called with
the cog first; discord.py passes it to a callback it takes for a method, which it tells
by the qualified name, so the callbacks are named as methods of :data:`OWNER`.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Coroutine
from typing import Any, Literal, Optional

import discord
from discord import app_commands

from bot.computer_players import offered_levels
from bot.games.plugin import GamePlugin, TableCommands, TableOption
from cogs.croupier_cog import CroupierCog
from cogs.help import send_help
from cogs.opening import open_lobby_here
from cogs.practice import Computers, open_practice
from cogs.table_bot import TableBot
from cogs.translator import cmd

OWNER = "GameCommands"
"""The class the generated callbacks are named as methods of (see the module's text)."""
PRACTICE_LEVEL = "leicht"
"""``üben``'s opponent when none is chosen (a game's weakest offered level without it)."""

Callback = Callable[..., Coroutine[Any, Any, None]]
_Kind = inspect.Parameter.KEYWORD_ONLY


def _annotation(option: TableOption) -> Any:
    """The option's type as discord.py reads a slash option from it."""
    kind: Any = option.kind
    if option.choices:
        kind = Literal[option.choices]
    elif option.bounds is not None:
        kind = app_commands.Range[int, option.bounds[0], option.bounds[1]]
    return Optional[kind] if option.default is None else kind  # noqa: UP045 (a runtime type)


def _command(
    name: str,
    description: str,
    callback: Callback,
    options: list[tuple[str, Any, Any, str]],
) -> app_commands.Command[Any, ..., None]:
    """A command of ``callback`` (cog, interaction, then ``options``: name, type,
    default and description key each)."""
    first = [
        inspect.Parameter("cog", inspect.Parameter.POSITIONAL_OR_KEYWORD),
        inspect.Parameter(
            "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD,
            annotation=discord.Interaction[Any],
        ),
    ]  # fmt: skip
    rest = [inspect.Parameter(n, _Kind, annotation=a, default=d) for n, a, d, _ in options]
    setattr(callback, "__signature__", inspect.Signature([*first, *rest]))  # noqa: B010
    callback.__qualname__ = f"{OWNER}.{name}"
    if options:
        app_commands.describe(**{n: cmd(key) for n, _, _, key in options})(callback)
    return app_commands.Command(name=cmd(name), description=cmd(description), callback=callback)


def _tisch(plugin: GamePlugin, spec: TableCommands) -> app_commands.Command[Any, ..., None]:
    async def tisch(cog: CroupierCog, interaction: discord.Interaction[Any], **values: Any) -> None:
        options = spec.table(**values)
        await open_lobby_here(cog, interaction, plugin.kind, options, spec.lobby_card)

    options = [(o.name, _annotation(o), o.default, o.describe) for o in spec.options]
    return _command("tisch", spec.table_desc, tisch, options)


def _ueben(plugin: GamePlugin, spec: TableCommands) -> app_commands.Command[Any, ..., None]:
    levels = tuple(offered_levels(plugin.kind))
    default = PRACTICE_LEVEL if PRACTICE_LEVEL in levels else levels[0]

    async def ueben(
        cog: CroupierCog,
        interaction: discord.Interaction[Any],
        gegner: str = default,
        anzahl: int | None = None,
    ) -> None:
        options = dict(spec.practice)
        await open_practice(cog, interaction, plugin.kind, gegner, anzahl, options=options)

    options = [
        ("gegner", Literal[levels], default, "gegner.desc"),
        ("anzahl", Optional[Computers], None, "anzahl.desc"),  # noqa: UP045 (a runtime type)
    ]
    return _command("ueben", "ueben.desc", ueben, options)


def _regeln(plugin: GamePlugin, spec: TableCommands) -> app_commands.Command[Any, ..., None]:
    async def regeln(cog: CroupierCog, interaction: discord.Interaction[Any]) -> None:
        await send_help(interaction, plugin.kind, cog.private_locale(interaction))

    return _command("regeln", spec.rules_desc, regeln, [])


def game_group(plugin: GamePlugin) -> app_commands.Group:
    """The game's slash group with its ``tisch`` and ``üben``, and ``regeln`` if it has a
    help topic; a game's own cog may add more commands to it."""
    spec = plugin.commands
    if spec is None:
        raise ValueError(f"{plugin.kind} declares no commands (GamePlugin.commands)")
    group = app_commands.Group(
        name=cmd(spec.group), description=cmd(spec.description), guild_only=spec.guild_only
    )
    group.add_command(_tisch(plugin, spec))
    group.add_command(_ueben(plugin, spec))
    if plugin.help_sections:
        group.add_command(_regeln(plugin, spec))
    return group


def game_cog(plugin: GamePlugin) -> Callable[[TableBot], CroupierCog]:
    """The cog of a game that offers nothing but its generated group, made when its
    extension loads (a game a test plugs in has brought its texts by then)."""

    def make(bot: TableBot) -> CroupierCog:
        name = f"{plugin.kind.capitalize()}Cog"
        attrs = {"group": game_group(plugin)}
        meta: Any = type(CroupierCog)  # discord.py's CogMeta collects the group
        made: type[CroupierCog] = meta(name, (CroupierCog,), attrs)
        return made(bot)

    return make
