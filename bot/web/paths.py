"""Where each page is: the one place its path is written, for the routes (with the
patterns they accept), the pages' links and the link ``/web an`` answers with."""

from __future__ import annotations

SERVER = "/s/{key}"
"""A server's page, under the key made when its pages were turned on."""
GAME = SERVER + "/spiel/{number}"
"""One game of that server, by its number."""
GAME_PICTURE = GAME + "/ergebnis.png"
"""A finished game's result picture (the one its channel got), where it has one."""
GAME_EXPORT = GAME + "/export.json"
"""A finished game's export, the file ``croupier verify`` and the page's dice check read."""
TOURNAMENT = SERVER + "/turnier/{number}"
"""One tournament of that server, by its number."""
TOURNAMENT_PICTURE = TOURNAMENT + "/turnierbaum.png"
"""A tournament's bracket picture."""
PLAYER = SERVER + "/spieler/{player}"
"""One player of that server, by a short opaque id (never his Discord id)."""
FAIRNESS_PICTURE = SERVER + "/fairness.png"
"""The server's fairness chart (the one ``/fairness`` shows)."""


def server_path(key: str) -> str:
    return SERVER.format(key=key)


def game_path(key: str, number: int) -> str:
    return GAME.format(key=key, number=number)


def game_picture_path(key: str, number: int) -> str:
    return GAME_PICTURE.format(key=key, number=number)


def game_export_path(key: str, number: int) -> str:
    return GAME_EXPORT.format(key=key, number=number)


def tournament_path(key: str, number: int) -> str:
    return TOURNAMENT.format(key=key, number=number)


def tournament_picture_path(key: str, number: int) -> str:
    return TOURNAMENT_PICTURE.format(key=key, number=number)


def player_path(key: str, player: str) -> str:
    return PLAYER.format(key=key, player=player)


def fairness_picture_path(key: str) -> str:
    return FAIRNESS_PICTURE.format(key=key)
