"""``/s/<key>/turnier/<number>``: one tournament of the server, its whole story as the
forum threads kept it: the registration list, the bracket (the picture ``/turnier
turnierstand`` shows, at ``…/turnierbaum.png``, and its numbers as tables: every round's
groups with places, points, eyes and who went through, each group's game linked), the
evenings, the substitutes and corrections with their reasons, and the champion.

An evening is written in UTC inside ``<time datetime>`` (and in the server's time zone
where its admins chose one); ``static/local-time.js`` rewrites it into the visitor's own
zone where script runs. The tournament is read from the store alone, in a thread
(``Records.public_views``: the view its messages show; a tournament has no secrets)."""

from __future__ import annotations

import asyncio
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any
from zoneinfo import ZoneInfo

from aiohttp import web
from babel.dates import format_skeleton, format_time

from bot.engine import JSON
from bot.history.seasons import season_at
from bot.i18n import listed, t
from bot.play.outcome import FINISHED
from bot.play.tournaments import TOURNAMENT
from bot.render import drawn
from bot.render.cards import Picture
from bot.render.tournament_bracket import Column, bracket, bracket_picture
from bot.render.tournament_cards import format_text, standings_title, status_text
from bot.service import Service
from bot.store import GameRow
from bot.tournament.state import FINALE_DURCHGAENGE
from bot.tournament.view import GroupView, RoundView, TournamentView, typed_view
from bot.web.game_page import SHOWN
from bot.web.listing import Names, names
from bot.web.parts import SERVICE
from bot.web.paths import tournament_path, tournament_picture_path
from bot.web.render import language, page

LISTED = 25
"""Tournaments the server's page lists, the newest first."""
PICTURE_CACHED = "public, max-age=300"
"""The picture's link names the tournament's version (``?stand=``): a new standing is a
new link, an old one may be kept a few minutes."""


KEPT_VIEWS = 64
"""Tournaments' views kept: a tournament's page, its picture and the server's list read
the same view until the next action (a large one takes milliseconds to load from its
checkpoint)."""

_views: OrderedDict[tuple[int, int, str], dict[str, JSON]] = OrderedDict()
_views_lock = threading.Lock()


def _kept(row: GameRow) -> tuple[int, int, str]:
    """What a view is kept by: the game, its version, and its seed's commitment (another
    database's game of the same number is another game)."""
    assert row.id is not None
    return row.id, row.version, row.seed_hash


def views(service: Service, rows: Sequence[GameRow]) -> dict[int, dict[str, JSON]]:
    """The tournaments' views as their rows stand (``Records.public_views``), each read
    once per version (kept, not copied: no reader changes one)."""
    found: dict[int, dict[str, JSON]] = {}
    with _views_lock:
        for row in rows:
            if row.id is not None and (kept := _views.get(_kept(row))) is not None:
                _views.move_to_end(_kept(row))
                found[row.id] = kept
    missing = [row for row in rows if row.id is not None and row.id not in found]
    read = service.records.public_views(missing) if missing else {}
    with _views_lock:
        for row in missing:
            if row.id is not None and row.id in read:
                _views[_kept(row)] = found[row.id] = read[row.id]
        while len(_views) > KEPT_VIEWS:
            _views.popitem(last=False)
    return found


@dataclass(frozen=True)
class Found:
    """A tournament of a server whose pages are on."""

    guild_id: int
    row: GameRow
    view: Mapping[str, JSON]

    @property
    def tour(self) -> TournamentView:
        return typed_view(self.view)


def found(service: Service, key: str, number: int) -> Found | None:
    """Tournament ``number`` of the server whose pages have ``key`` (None: no such
    tournament there, or one ended before it began). Reads the store: run it in a thread."""
    guild_id = service.directory.web_guild(key)
    row = None if guild_id is None else service.records.stored(number, guild_id)
    if guild_id is None or row is None or row.id is None:
        return None
    if row.kind != TOURNAMENT or row.status not in SHOWN:
        return None
    view = views(service, [row]).get(row.id)
    return None if view is None else Found(guild_id, row, view)


# --- what the page shows ---------------------------------------------------------------


@dataclass(frozen=True)
class Moment:
    """A moment as the page writes it: in UTC inside ``<time datetime>`` (the script
    rewrites it into the visitor's zone), and in the server's zone where it has one."""

    iso: str
    utc: str
    server: str


def moment(iso: str, zone: ZoneInfo | None, locale: str) -> Moment:
    """An ISO moment (an evening, a substitution) in UTC, and in ``zone`` (the server's,
    if it chose one other than UTC), in the page's language."""
    when = datetime.fromisoformat(iso).astimezone(UTC)

    def written(at: datetime) -> str:
        day, clock = (
            format_skeleton("yMMMEd", at, locale=locale),
            format_time(at, "short", locale=locale),
        )
        return f"{day}, {clock}"

    here = None if zone is None or zone.key == "UTC" else when.astimezone(zone)
    return Moment(
        when.strftime("%Y-%m-%dT%H:%M:%SZ"),
        t("web.tournament.utc", locale, time=written(when)),
        "" if here is None or zone is None else t(
            "web.tournament.server_time", locale, time=written(here), zone=zone.key
        ),
    )  # fmt: skip


@dataclass(frozen=True)
class Seat:
    """A line of a group's table (a group not played yet: its players, no numbers)."""

    place: str
    player: str
    points: str
    eyes: str
    through: bool
    mark: str
    """"weiter", or in the Finale the champion's title ("": neither)."""


@dataclass(frozen=True)
class GroupShown:
    title: str
    anchor: str
    game: int | None
    """The group's game, linked where its page exists."""
    played: bool
    evening: Moment | None
    seats: tuple[Seat, ...]
    stechen: tuple[str, ...]


@dataclass(frozen=True)
class RoundShown:
    title: str
    anchor: str
    abend: str
    """The round's Abend: how many Durchgänge each group plays."""
    groups: tuple[GroupShown, ...]
    through: str
    """Who went through, once the round is over ("" until then, and in the Finale)."""
    thirds_stechen: tuple[str, ...]


@dataclass(frozen=True)
class Registered:
    name: str
    note: str
    """A substitute for whom, replaced by whom, or withdrawn ("": none)."""


@dataclass(frozen=True)
class Change:
    """A substitution or a correction, where it was made, by whom and why."""

    where: str
    what: str
    reason: str
    when: Moment | None


@dataclass(frozen=True)
class Evening:
    round: str
    group: str
    anchor: str
    when: Moment
    played: bool


def _stechen(rolls: Sequence[Mapping[str, int]], name: Names, locale: str) -> tuple[str, ...]:
    return tuple(
        t("ui.tour.stechen", locale, rolls=", ".join(f"{name(p)} {face}" for p, face in r.items()))
        for r in rolls
    )


def _anchor(rnd: RoundView, group: GroupView | None = None) -> str:
    where = f"runde-{rnd['number']}"
    return where if group is None else f"{where}-gruppe-{group['number']}"


def rounds_shown(
    tour: TournamentView,
    columns: Sequence[Column],
    games: Mapping[int, str],
    *,
    zone: ZoneInfo | None,
    name: Names,
    locale: str,
) -> list[RoundShown]:
    """Every round's groups as tables: the bracket's own columns (the picture's numbers,
    :func:`bot.render.tournament_bracket.bracket`), with each group's game, evening and
    Stechen."""
    shown = []
    through_word = t("ui.tour.bracket.through", locale)
    champion_word = t("ui.tour.bracket.champion", locale)
    for rnd, column in zip(tour["rounds"], columns, strict=False):
        mark = champion_word if rnd["finale"] else through_word
        groups = []
        for group, box in zip(rnd["groups"], column.boxes, strict=True):
            played = bool(group["table"])
            seats = tuple(
                Seat(str(place) if played else "–", entry.player,
                     "–" if entry.points is None else str(entry.points),
                     "–" if entry.eyes is None else str(entry.eyes), entry.through,
                     mark if entry.through else "")
                for place, entry in enumerate(box.entries, start=1)
            )  # fmt: skip
            game = group["game_id"]
            evening = group["evening"]
            groups.append(
                GroupShown(
                    box.title,
                    _anchor(rnd, group),
                    game if game is not None and games.get(game) in SHOWN else None,
                    played,
                    None if evening is None else moment(evening, zone, locale),
                    seats,
                    _stechen(group["stechen"], name, locale),
                )
            )
        durchgaenge = t(
            "n.durchgaenge", locale,
            count=FINALE_DURCHGAENGE if rnd["finale"] else tour["durchgaenge"],
        )  # fmt: skip
        key = "web.tournament.abend_finale" if rnd["finale"] else "web.tournament.abend"
        over = all(g["table"] for g in rnd["groups"])
        through = ""
        if over and not rnd["finale"]:
            went = listed((name(p) for p in rnd["advanced"]), locale)
            through = t("web.tournament.through", locale, players=went or "–")
        shown.append(
            RoundShown(
                column.title,
                _anchor(rnd),
                t(key, locale, durchgaenge=durchgaenge),
                tuple(groups),
                through,
                _stechen(rnd["thirds_stechen"], name, locale),
            )
        )
    return shown


def withdrawals(events: Sequence[Mapping[str, JSON]]) -> dict[str, str | None]:
    """Who left the running tournament and why, from its log: player -> the reason typed
    with his withdrawal ("" none), or None when an evening's start excluded him absent."""
    left: dict[str, str | None] = {}
    for event in events:
        if event.get("type") == "withdraw":
            left[str(event.get("target", ""))] = str(event.get("reason") or "")
        elif event.get("type") == "start_group" and event.get("handling") == "ausschliessen":
            missing = event.get("missing")
            for player in missing if isinstance(missing, list) else []:
                left.setdefault(str(player), None)
    return left


def _withdrawn(why: str | None, locale: str) -> str:
    if why is None:
        return t("web.tournament.excluded_absent", locale)
    if why.strip():
        return t("web.tournament.withdrawn_why", locale, reason=why.strip())
    return t("web.tournament.withdrawn", locale)


def registered(
    tour: TournamentView, name: Names, locale: str, gone: Mapping[str, str | None] | None = None
) -> list[Registered]:
    """The registration list in order of registration, substitutes marked: who came in
    for whom, who was replaced by whom, who withdrew (with the reason ``gone`` holds, from
    :func:`withdrawals`)."""
    why = gone or {}
    came: dict[str, str] = {}
    left: dict[str, str] = {}
    for rnd in tour["rounds"]:
        for group in rnd["groups"]:
            for change in group["substitutions"]:
                came[change["player"]] = change["out"]
                left[change["out"]] = change["player"]
    shown = []
    for player in tour["registered"]:
        if player in came:
            note = t("web.tournament.substitute_for", locale, player=name(came[player]))
        elif player in left:
            note = t("web.tournament.replaced_by", locale, player=name(left[player]))
        elif player in tour["withdrawn"]:
            note = _withdrawn(why.get(player, ""), locale)
        else:
            note = ""
        shown.append(Registered(name(player), note))
    return shown


def _reason(reason: str, locale: str) -> str:
    return t("web.tournament.reason", locale, reason=reason) if reason.strip() else ""


def changes(
    tour: TournamentView,
    columns: Sequence[Column],
    *,
    zone: ZoneInfo | None,
    name: Names,
    locale: str,
) -> tuple[list[Change], list[Change]]:
    """Every substitution and every correction, in the order of the rounds and groups
    (named as the bracket names them), each with its reason (as typed: the template
    escapes it)."""
    seated, corrected = [], []
    for rnd, column in zip(tour["rounds"], columns, strict=False):
        for group, box in zip(rnd["groups"], column.boxes, strict=True):
            where = column.title
            if not rnd["finale"]:
                where = t("web.tournament.where", locale, round=where, group=box.title)
            for change in group["substitutions"]:
                what = t("web.tournament.substituted", locale, player=name(change["player"]),
                         out=name(change["out"]), by=name(change["by"]))  # fmt: skip
                at = change["at"]
                when = moment(at, zone, locale) if at else None
                seated.append(Change(where, what, _reason(change["reason"], locale), when))
            for fix in group["corrections"]:
                what = t(
                    "web.tournament.corrected", locale, player=name(fix["player"]),
                    points=t("n.points", locale, count=fix["points"]),
                    eyes=t("n.eyes", locale, count=fix["eyes"]), by=name(fix["by"]),
                )  # fmt: skip
                corrected.append(Change(where, what, _reason(fix["reason"], locale), None))
    return seated, corrected


def evenings(rounds: Sequence[RoundShown]) -> list[Evening]:
    """Every group's evening, the earliest first."""
    shown = [
        Evening(rnd.title, group.title, group.anchor, group.evening, group.played)
        for rnd in rounds
        for group in rnd.groups
        if group.evening is not None
    ]
    return sorted(shown, key=lambda evening: evening.when.iso)


def _zone(service: Service, guild_id: int) -> ZoneInfo | None:
    chosen = service.directory.guild_time_zone(guild_id)
    return None if chosen is None else ZoneInfo(chosen)


def season_of(service: Service, guild_id: int, row: GameRow, locale: str) -> str:
    """The season the tournament was opened in (its games count each for the season it
    finished in, as every game does)."""
    season = season_at(service.history.boards().seasons(guild_id), row.created_at)
    return t("web.tournament.no_season", locale) if season is None else season.name


def tournament(service: Service, key: str, number: int, locale: str) -> dict[str, Any] | None:
    """The tournament page's values (None: no such tournament). Reads the store: run it
    in a thread."""
    here = found(service, key, number)
    if here is None:
        return None
    tour, row = here.tour, here.row
    name = names(service.directory, locale)
    zone = _zone(service, here.guild_id)
    games = [g["game_id"] for r in tour["rounds"] for g in r["groups"] if g["game_id"]]
    statuses = service.records.statuses([g for g in games if g is not None])
    columns = bracket(here.view, locale, name)
    rounds = rounds_shown(tour, columns, statuses, zone=zone, name=name, locale=locale)
    seated, corrected = changes(tour, columns, zone=zone, name=name, locale=locale)
    events = (
        service.records.public_events(here.row.id or number, TOURNAMENT)
        if tour["withdrawn"]
        else []
    )
    picture = None
    if tour["rounds"]:
        picture = {
            "path": tournament_picture_path(key, number),
            "version": row.version,
            "alt": t(
                "web.tournament.picture_alt", locale, title=standings_title(here.view, locale)
            ),
        }
    champion = tour["champion"]
    return {
        "key": key,
        "number": number,
        "name": tour["name"],
        "game": t("game.name.verflixte6", locale),
        "state": status_text(here.view, row.status == FINISHED, locale, name),
        "season": season_of(service, here.guild_id, row, locale),
        "format": format_text(here.view, locale),
        "host": name(tour["host"]),
        "registered": registered(tour, name, locale, withdrawals(events)),
        "reserves": [name(p) for p in tour["reserves"]],
        "picture": picture,
        "rounds": rounds,
        "evenings": evenings(rounds),
        "zone": None if zone is None else zone.key,
        "substitutions": seated,
        "corrections": corrected,
        "champion": None if champion is None else name(champion),
    }


async def tournament_page(request: web.Request) -> web.Response:
    shown = language(request)
    values = await asyncio.to_thread(
        tournament, request.app[SERVICE], request.match_info["key"],
        int(request.match_info["number"]), shown,
    )  # fmt: skip
    if values is None:
        raise web.HTTPNotFound()
    return page(request, "tournament.html", **values)


# --- the bracket picture ---------------------------------------------------------------


def picture_of(service: Service, key: str, number: int, locale: str) -> Picture | None:
    """The tournament's bracket picture as ``/turnier turnierstand`` draws it (None: no
    such tournament, or none drawn yet). Reads the store: run it in a thread."""
    here = found(service, key, number)
    if here is None or not here.tour["rounds"]:
        return None
    title = standings_title(here.view, locale)
    return bracket_picture(here.view, title, locale, names(service.directory, locale))


async def tournament_picture(request: web.Request) -> web.Response:
    """The bracket's PNG, drawn off the loop (the pictures' worker) once for what it
    shows, like a card's picture."""
    shown = language(request)
    picture = await asyncio.to_thread(
        picture_of, request.app[SERVICE], request.match_info["key"],
        int(request.match_info["number"]), shown,
    )  # fmt: skip
    if picture is None:
        raise web.HTTPNotFound()
    png = await drawn.draw(picture)
    response = web.Response(body=png, content_type="image/png")
    response.headers["Cache-Control"] = PICTURE_CACHED
    return response


# --- the server page's list -------------------------------------------------------------


@dataclass(frozen=True)
class TournamentLine:
    number: int
    name: str
    status: str
    path: str


def tournament_lines(
    service: Service, key: str, guild_id: int, locale: str
) -> list[TournamentLine]:
    """The server's tournaments, the newest first, each with its state and link."""
    rows = service.records.recent_games(guild_id, (TOURNAMENT,), LISTED)
    shown = views(service, rows)
    name = names(service.directory, locale)
    return [
        TournamentLine(
            row.id, typed_view(shown[row.id])["name"],
            status_text(shown[row.id], row.status == FINISHED, locale, name),
            tournament_path(key, row.id),
        )
        for row in rows
        if row.id is not None and row.id in shown
    ]  # fmt: skip
