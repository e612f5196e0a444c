"""Where each page is: the one place its path is written, for the routes (with the
patterns they accept), the pages' links and the link ``/web an`` answers with."""

from __future__ import annotations

SERVER = "/s/{key}"
"""A server's page, under the key made when its pages were turned on."""
GAME = SERVER + "/spiel/{number}"
"""One game of that server, by its number."""


def server_path(key: str) -> str:
    return SERVER.format(key=key)


def game_path(key: str, number: int) -> str:
    return GAME.format(key=key, number=number)
