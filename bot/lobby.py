"""A table before its game starts: who sits down, who opened it, when it may start.

Pure like the engines; the service stores it as the game's snapshot until ``start``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.engine import IllegalAction

LOBBY_VERBS = ("join", "leave", "start")


@dataclass
class Lobby:
    host: str
    players: list[str] = field(default_factory=list)
    min_players: int = 2
    max_players: int = 6
    invited: list[str] = field(default_factory=list)
    """Players asked to sit down (a rematch's former players, in their former seats'
    order): their seats are kept free for them, and they sit in that order."""

    def join(self, player: str) -> None:
        if player in self.players:
            raise IllegalAction("lobby.already_joined")
        if len(self.players) >= self.max_players:
            raise IllegalAction("lobby.full", high=self.max_players)
        if player not in self.invited and len(self.players) + len(self.awaited) >= self.max_players:
            raise IllegalAction("lobby.reserved")
        self.players.append(player)
        if player in self.invited:  # stable: the others keep the order they came in
            order = self.invited.index
            self.players.sort(key=lambda p: order(p) if p in self.invited else len(self.invited))

    @property
    def awaited(self) -> list[str]:
        """The invited who have not sat down yet."""
        return [p for p in self.invited if p not in self.players]

    def leave(self, player: str) -> None:
        """Leave the table; when the host leaves, the next player becomes host."""
        if player not in self.players:
            raise IllegalAction("lobby.not_joined")
        self.players.remove(player)
        if player == self.host and self.players:
            self.host = self.players[0]

    def check_start(self, player: str) -> None:
        if player != self.host:
            raise IllegalAction("lobby.only_host")
        if len(self.players) < self.min_players:
            raise IllegalAction("lobby.too_few", low=self.min_players)

    @property
    def empty(self) -> bool:
        return not self.players
