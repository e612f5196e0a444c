"""Links from the bot's messages to a server's pages (``PUBLIC_URL``): the one place a
page's whole address is made (the paths are bot.web.paths') and the line that shows it.

A message links a page only when the bot knows where visitors reach the pages
(``PUBLIC_URL``) and a host has turned the server's pages on (its web key, which the
directory keeps: no query per click). Without either, every message stays as it was.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from bot.i18n import t
from bot.render.cards import Card
from bot.web.paths import game_path, player_path, server_path, tournament_path
from bot.web.player_ids import player_id

SERVER, GAME, TOURNAMENT, PLAYER = "server", "game", "tournament", "player"
VERIFY = "verify"
"""A game's page as ``/verify`` links it: its dice checked there (the label says so)."""


@dataclass(frozen=True)
class Page:
    """One page of a server: ``what`` it is (``SERVER``, ``GAME``, ``VERIFY``,
    ``TOURNAMENT``, ``PLAYER``) and which (a game's or tournament's number, a player)."""

    what: str
    number: int = 0
    player: str = ""

    def path(self, key: str) -> str:
        """Its path on the pages of the server whose web key is ``key``."""
        if self.what in (GAME, VERIFY):
            return game_path(key, self.number)
        if self.what == TOURNAMENT:
            return tournament_path(key, self.number)
        if self.what == PLAYER:
            return player_path(key, player_id(key, self.player))
        return server_path(key)


def server_page() -> Page:
    return Page(SERVER)


def game_page(number: int) -> Page:
    return Page(GAME, number)


def verify_page(number: int) -> Page:
    return Page(VERIFY, number)


def tournament_page(number: int) -> Page:
    return Page(TOURNAMENT, number)


def player_page(player: str) -> Page:
    return Page(PLAYER, player=player)


def page_link(public_url: str | None, key: str | None, page: Page) -> str | None:
    """The page's whole address (None: no ``PUBLIC_URL``, or the server's pages are off)."""
    if public_url is None or key is None:
        return None
    return public_url + page.path(key)


class WebLinks:
    """A bot's links: ``PUBLIC_URL`` and each server's web key (``web_key``: the
    directory's, kept in memory)."""

    def __init__(self, public_url: str | None, web_key: Callable[[int], str | None]) -> None:
        self.public_url, self.web_key = public_url, web_key

    def link(self, guild_id: int | None, page: Page) -> str | None:
        """``page`` of the server ``guild_id`` (None: no link; no key is looked up
        without ``PUBLIC_URL``)."""
        if self.public_url is None or guild_id is None:
            return None
        return page_link(self.public_url, self.web_key(guild_id), page)

    def line(self, guild_id: int | None, page: Page, locale: str) -> str | None:
        """The line that links ``page`` in a message in ``locale`` (None: no link)."""
        url = self.link(guild_id, page)
        return None if url is None else link_line(url, page.what, locale)


def link_line(url: str, what: str, locale: str) -> str:
    """A page's link as a message shows it: its label (``web.link.<what>``) linked."""
    return f"[{t(f'web.link.{what}', locale)}]({url})"


def linked_card(card: Card, line: str | None) -> Card:
    """``card`` with the link ``line`` in its small print (``card`` itself without one)."""
    if line is None:
        return card
    return replace(card, footer=f"{card.footer} · {line}" if card.footer else line)


def linked_text(text: str, line: str | None) -> str:
    """A plain message's ``text`` with the link ``line`` below it."""
    return text if line is None else f"{text}\n{line}"
