"""``/rangliste``'s card and ``/saison liste``'s text: the leaderboard's lines as text
(players as mentions, which ping nobody in a card) and the same numbers as a picture (the
players by their display names). A rating is written with one decimal, the reader's way."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, Protocol

from bot.i18n import decimal, t
from bot.render.cards import Card, Picture
from bot.render.lobby_card import Names, mention
from bot.render.pictures.leaderboard_picture import Row
from bot.tournament.evening_time import unix


class Season(Protocol):
    """A season as the card reads it (the history's, ``bot.history.seasons``)."""

    @property
    def name(self) -> str: ...
    @property
    def started_at(self) -> datetime: ...
    @property
    def ended_at(self) -> datetime | None: ...


class Line(Protocol):
    """A leaderboard's line as the card reads it: place (None: provisional), player, his
    rating's ordinal and his rated games."""

    @property
    def place(self) -> int | None: ...
    @property
    def player(self) -> str: ...
    @property
    def ordinal(self) -> float: ...
    @property
    def games(self) -> int: ...


class Board(Protocol):
    """What ``/rangliste`` shows (``bot.history.leaderboard.Board``): the game, the season
    (None: all time), the lines, how many players the table holds, and from how many rated
    games on a player is no longer provisional."""

    @property
    def kind(self) -> str: ...
    @property
    def season(self) -> Season | None: ...
    @property
    def lines(self) -> Sequence[Line]: ...
    @property
    def players(self) -> int: ...
    @property
    def provisional(self) -> int: ...


def rating(value: float, locale: str) -> str:
    """A rating as the board shows it: one decimal, the reader's way (12,3; −0,4; 0,0)."""
    return decimal(value, locale)


def day(when: datetime) -> str:
    """A date as Discord shows it to each reader (his language, his zone)."""
    return f"<t:{unix(when)}:D>"


def title(kind: str, locale: str) -> str:
    return t("rank.title", locale, game=t(f"game.name.{kind}", locale))


def season_title(season: Season | None, locale: str) -> str:
    """The board's season in the picture: its name, or "all time"."""
    if season is None:
        return t("rank.all_time", locale)
    return t("rank.season", locale, season=season.name)


def season_line(season: Season | None, locale: str) -> str:
    """The board's season in the text, with its dates."""
    if season is None:
        return t("rank.all_time", locale)
    since = day(season.started_at)
    if season.ended_at is None:
        return t("rank.season_running", locale, season=season.name, since=since)
    until = day(season.ended_at)
    return t("rank.season_ended", locale, season=season.name, since=since, until=until)


def header(locale: str) -> Row:
    return (
        t("rank.col.place", locale),
        t("rank.col.player", locale),
        t("rank.col.rating", locale),
        t("rank.col.games", locale),
    )


def rows(lines: Sequence[Line], name: Names, locale: str) -> tuple[Row, ...]:
    """The picture's rows: place ("" for a provisional player), name, rating, games."""
    return tuple(
        (
            "" if line.place is None else str(line.place),
            name(line.player),
            rating(line.ordinal, locale),
            str(line.games),
        )
        for line in lines
    )


def text_lines(lines: Sequence[Line], locale: str, provisional: int) -> list[str]:
    """The text's lines; the provisional players (fewer than ``provisional`` rated games)
    under their label."""
    texts = []
    for number, line in enumerate(lines):
        params: dict[str, Any] = {
            "player": mention(line.player),
            "rating": rating(line.ordinal, locale),
            "games": t("rank.games", locale, count=line.games),
        }
        if line.place is not None:
            texts.append(t("rank.line", locale, place=line.place, **params))
            continue
        if number == 0 or lines[number - 1].place is not None:
            texts.append("**" + t("rank.provisional", locale, count=provisional) + "**")
        texts.append(t("rank.line_provisional", locale, **params))
    return texts


def leaderboard_card(
    board: Board, locale: str, picture: Picture | None = None, note: str = ""
) -> Card:
    """The leaderboard: the game and season, the lines, how many players it holds; its
    picture (the same numbers) when given, and a ``note`` above the lines."""
    lines = [season_line(board.season, locale)]
    if note:
        lines.append(note)
    description = "\n".join([*lines, "", *text_lines(board.lines, locale, board.provisional)])
    return Card(
        title=title(board.kind, locale),
        description=description,
        footer=t("rank.footer", locale, count=board.players),
        pictures=() if picture is None else (picture,),
    )


def seasons_text(seasons: Sequence[Season], locale: str) -> str:
    """``/saison liste``: the server's seasons, the newest first."""
    lines = []
    for season in reversed(seasons):
        since = day(season.started_at)
        if season.ended_at is None:
            lines.append(t("season.list_running", locale, name=season.name, since=since))
        else:
            until = day(season.ended_at)
            lines.append(t("season.list_ended", locale, name=season.name, since=since, until=until))
    return "\n".join(lines)
