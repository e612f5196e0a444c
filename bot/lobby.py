"""A table before its game starts: who sits down, who opened it, when it may start.

Pure like the engines; the service stores it as the game's snapshot until ``start``.
The table's host may seat computer players (``computer``: add one at a level, or take one
away) and allow that the game counts for the humans' ratings with them (``rated``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from bot.engine import JSON, Action, Event, IllegalAction
from bot.players.seats import computers, humans, is_computer, next_computer

LOBBY_VERBS = ("join", "leave", "start", "computer", "rated")
ADD, REMOVE = "add", "remove"
HOST_VERBS, LEADS = ("computer", "rated"), "leads"
"""The lobby's host's verbs, which whoever leads the server's tables may use too (the
action says so: ``leads``)."""


def computer_choice(what: str, value: str) -> str:
    """The value of the lobby's computer select for adding a level (``what`` ADD) or
    taking a seated computer away (REMOVE); :func:`lobby_action` reads it."""
    return f"{what}:{value}"


def lobby_action(verb: str, values: list[str], *, leads: bool = False) -> Action:
    """The lobby action of a click on the lobby's controls (``values``: a select's).
    ``leads``: the clicker leads the server's tables (Manage Server or the croupier role):
    he may seat computers and choose the rating in any lobby, as its host may."""
    args: dict[str, JSON] = {LEADS: True} if leads and verb in HOST_VERBS else {}
    if verb == "computer" and values:
        what, _, value = values[0].partition(":")
        return Action("computer", {what: value, **args})
    return Action(verb, args)


@dataclass
class Lobby:
    host: str
    players: list[str] = field(default_factory=list)
    min_players: int = 2
    max_players: int = 6
    invited: list[str] = field(default_factory=list)
    """Players asked to sit down (a rematch's former players, in their former seats'
    order): their seats are kept free for them, and they sit in that order."""
    computers_rated: bool = False
    """The host allowed that a game with computer players counts for the humans' ratings."""

    def act(self, levels: tuple[str, ...], actor: str, action: Action) -> list[Event]:
        """One lobby action by ``actor`` (refused with :class:`IllegalAction`, changing
        nothing); the events it logs. ``start`` only checks: the service seats the game.
        ``levels``: the game's computer players' levels."""
        if action.do in HOST_VERBS and not action.args.get(LEADS):
            self._host_only(actor, "lobby.only_host_computers")
        if action.do == "computer":
            return [self.computer(levels, actor, action.args)]
        if action.do == "rated":
            self.computers_rated = not self.computers_rated
            return [Event("rated", {"player": actor, "rated": self.computers_rated})]
        {"join": self.join, "leave": self.leave, "start": self.check_start}[action.do](actor)
        return [Event(action.do, {"player": actor})]

    def join(self, player: str) -> None:
        if player in self.players:
            raise IllegalAction("lobby.already_joined")
        self._free_seat(player)
        self.players.append(player)
        if player in self.invited:  # stable: the others keep the order they came in
            order = self.invited.index
            self.players.sort(key=lambda p: order(p) if p in self.invited else len(self.invited))

    def _free_seat(self, player: str) -> None:
        if len(self.players) >= self.max_players:
            raise IllegalAction("lobby.full", high=self.max_players)
        if player not in self.invited and len(self.players) + len(self.awaited) >= self.max_players:
            raise IllegalAction("lobby.reserved")

    def computer(self, levels: tuple[str, ...], actor: str, args: Mapping[str, JSON]) -> Event:
        """The host seats a computer player (``{"add": level}``) or takes one away
        (``{"remove": player}``)."""
        if ADD in args:
            level = args[ADD]
            if level not in levels:
                raise IllegalAction("lobby.no_such_level")
            player = next_computer(self.players, str(level))
            self._free_seat(player)
            self.players.append(player)
            return Event("computer", {"player": player, "by": actor, "seated": True})
        player = str(args.get(REMOVE, ""))
        if player not in computers(self.players):
            raise IllegalAction("lobby.no_such_computer")
        self.players.remove(player)
        return Event("computer", {"player": player, "by": actor, "seated": False})

    def _host_only(self, actor: str, key: str = "lobby.only_host") -> None:
        if actor != self.host:
            raise IllegalAction(key)

    @property
    def awaited(self) -> list[str]:
        """The invited who have not sat down yet."""
        return [p for p in self.invited if p not in self.players]

    def leave(self, player: str) -> None:
        """Leave the table; when the host leaves, the next person becomes host (a computer
        never hosts: with the last person gone, the table closes)."""
        if player not in self.players or is_computer(player):
            raise IllegalAction("lobby.not_joined")
        self.players.remove(player)
        if player == self.host and not self.empty:
            self.host = humans(self.players)[0]

    def check_start(self, player: str) -> None:
        self._host_only(player)
        if len(self.players) < self.min_players:
            raise IllegalAction("lobby.too_few", low=self.min_players)

    @property
    def empty(self) -> bool:
        """No person sits at the table (computers alone do not keep it open)."""
        return not humans(self.players)
