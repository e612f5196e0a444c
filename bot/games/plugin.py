"""What a game is to the bot, declared once in its own folder (``PLUGIN`` in
``bot/games/<game>/__init__.py``); every registry is built from the list of them
(``bot.plugins.PLUGINS``): the engines, the computer players' levels, the history's
measures and their lines in ``/statistik``, the cards' accents, the warm-up, the
generated ``tisch``/``üben``/``regeln`` commands, the app's emoji set and the Discord
adapters the bot loads."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.engine import Game
from bot.games.tally import Tally
from bot.players import LEVELS
from bot.render.cards import Card
from bot.render.emojis import Family
from bot.render.pictures.palette import DEFAULT_ACCENT
from bot.render.sums import Lines

Section = tuple[str, str]
"""A help section: its title and its body."""
Events = Sequence[Mapping[str, Any]]
Measure = Callable[[Events, Tally], None]
"""What a game's history counts: its finished log read into a tally per player."""
Names = Callable[[str], str]
"""How a player is named in a text (a Discord mention, a display name)."""
Describe = Callable[[Mapping[str, Any], str, Names], str]
"""One line of a game's public event in a language, its players named by ``Names``."""
ViewCard = Callable[[Mapping[str, Any], str, Names], Card]
"""The public card of a game's public view (its title, fields and footer, no log and no
controls): what a spectator sees of the table at one moment."""


@dataclass(frozen=True)
class Drawing:
    """A picture to draw (its PNG, made when asked: Pillow) and its alt text."""

    draw: Callable[[], bytes]
    description: str


ResultPicture = Callable[[Mapping[str, Any], Events, str, Names], Drawing | None]
"""The picture a finished game's channel got with its result, from its last public view
and its public log, in a language (None: this game ended without one)."""


def _no_options(**_: Any) -> dict[str, Any]:
    return {}


@dataclass(frozen=True)
class TableOption:
    """One option of a game's ``tisch`` command, as plain data (the cogs declare it to
    Discord): a yes/no, one of ``choices``, or a number within ``bounds``; a default of None
    makes it optional without a value."""

    name: str
    describe: str
    """Its description's text (``cmd.<describe>`` in the catalogues)."""
    kind: type = bool
    default: Any = False
    choices: tuple[str, ...] = ()
    bounds: tuple[int, int] | None = None


@dataclass(frozen=True)
class TableCommands:
    """A game's slash group (``/<group> tisch|üben|regeln``), from which the cogs generate
    the three commands: ``tisch`` opens a lobby in the channel with the table's options
    made from its own (``table``), ``üben`` a practice table (``practice``: its options)
    against the levels the game offers, ``regeln`` the game's help (when it has one)."""

    group: str
    """Its name, as a text (``cmd.<group>``)."""
    description: str
    """Its description (``cmd.<description>``)."""
    lobby_card: Callable[[Any, str], Any]
    """The lobby's card of an outcome in a language (``tisch`` answers with it)."""
    table_desc: str
    """``tisch``'s description (``cmd.<table_desc>``)."""
    options: tuple[TableOption, ...] = ()
    table: Callable[..., dict[str, Any]] = _no_options
    """The table's options from ``tisch``'s, given by name."""
    practice: Mapping[str, Any] = field(default_factory=dict)
    rules_desc: str = "regeln.spiel.desc"
    """``regeln``'s description (``cmd.<rules_desc>``)."""
    guild_only: bool = True


@dataclass(frozen=True)
class GamePlugin:
    engine: Game[Any]
    levels: str
    """The module of its computer players' levels (``FACTORIES``), imported when a policy is
    first asked for: a lobby asks for the levels' names on the event loop."""
    measure: Measure
    """What its history counts, beyond the games, wins and places of every game."""
    extension: str
    """Its Discord adapter: the discord.py extension the bot loads (``cogs.games.<game>``)."""
    level_names: tuple[str, ...] = LEVELS
    """The levels ``levels`` has, weakest first: known without importing it (a game with
    fewer than every game's three names its own)."""
    accent: int = DEFAULT_ACCENT
    """Its cards' accent colour, as Discord takes a container's (0xRRGGBB)."""
    statistics: Lines | None = None
    """Its lines of ``/statistik`` (None: only every game's, its games, wins and places)."""
    help_sections: tuple[str, ...] = ()
    """The sections of its ``regeln`` and ``/hilfe`` topic, in order (its texts are
    ``help.<kind>.<section>.title``/``.body``); none: it has no help topic."""
    help_extras: Callable[[str], list[Section]] | None = None
    """Sections its help ends with, made in a language (Die verflixte 6's jokers)."""
    event_prefix: str = ""
    """The prefix of its events' texts (``<prefix>.event.<type>``; none: its kind)."""
    describe: Describe | None = None
    """The line of each of its public events (``render``'s ``describe``): its log as a
    web page reads it (none: the page names the event's type)."""
    view_card: ViewCard | None = None
    """The public card of a view (its table message without the log): the web's replay
    shows it after every step (none: the replay shows the log alone)."""
    result_picture: ResultPicture | None = None
    """Its finished game's result picture, as its channel got it (none: it has none)."""
    commands: TableCommands | None = None
    """Its slash group (none: the bot offers it no commands of its own)."""
    texts: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    """Texts it brings with it, by language (the four games' are in the catalogues, which
    the translators edit; a game plugged in by a test brings its own)."""
    emojis: Family | None = None
    """Its family of the app's emojis (its pieces: Teufel's tiles, Flaschenteufel's cards,
    Dice Devils' items), declared in ``render/emojis.py`` of its folder; none: its texts
    use only the shared dice, or no emojis (bot.emoji_set builds the set)."""

    @property
    def kind(self) -> str:
        kind: str = self.engine.kind
        return kind
