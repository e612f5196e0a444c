"""Screenshots of the games as the players see them: ``python -m tests.helpers.screens``.

Plays the golden transcripts' games (tests/helpers/transcript_games.py: fixed chance, the
same in every run) against the loopback Discord with the app's emojis uploaded, films every
message version (loopback/screens/shot.py) and writes the chosen ones as PNGs into
docs/screens/ (loopback/screens/html.py, shoot.py; needs Debian's ``chromium``). For each
game: its table card mid-game (one with a picture where the card has one) and one private
message; for a tournament: its registration, a group's result and the bracket; the help of
Die verflixte 6 (embeds).

    .venv/bin/python -m tests.helpers.screens [--out docs/screens] [--html] [--only v6-tisch]

``--html`` keeps each page's HTML beside its PNG (not for the repository: a page holds its
fonts and pictures). A game whose run breaks one of Discord's rules is reported and shot all
the same. It lives here, not in loopback/, because it plays the tests' scripted games.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from unittest import mock

from bot import emoji_sync
from bot.app import Croupier
from bot.render.cards import ClickId
from bot.render.onlooker_buttons import REMATCH
from loopback.entities import User, iter_components
from loopback.screens import Film, Shot, filming, page, pngs
from tests.helpers.click_ids import click_of
from tests.helpers.transcript import Transcript
from tests.helpers.transcript_games import GAMES, transcript_of

OUT = Path(__file__).resolve().parents[2] / "docs" / "screens"
LOBBY = {"join", "leave", "start"}
ENDED = {REMATCH}  # a finished game's card offers only "Nochmal"

Pick = Callable[[list[Shot]], Shot | None]


def controls(shot: Shot) -> list[tuple[str, str, int]]:
    """The enabled buttons and selects of a shot: (prefix, verb, component type)."""
    found = []
    for comp in iter_components(shot.components):
        if comp.get("disabled"):
            continue
        click = click_of(str(comp["custom_id"]))
        found.append((click.prefix, click.verb, int(comp.get("type") or 0)))
    return found


def pictured(shot: Shot) -> bool:
    """Whether a player sees a picture in it (a gallery's, thumbnail's or embed's)."""
    names = {name for name, data in shot.files if data is not None}
    texts = shot.texts()
    return any(f"attachment://{name}" in texts for name in names)


def table(game: str) -> Pick:
    """The game's public card mid-game (neither its lobby nor its end): with a picture if
    any has one, with the most controls and of those with the most emojis, the middle one."""

    def pick(shots: list[Shot]) -> Shot | None:
        playing = [
            s
            for s in shots
            if s.visibility == "public"
            and (verbs := {v for p, v, _ in controls(s) if p.startswith(game)})
            and not verbs & LOBBY
            and not verbs <= ENDED
        ]
        if any(pictured(s) for s in playing):
            playing = [s for s in playing if pictured(s)]
        most = max((len(controls(s)) for s in playing), default=0)
        busiest = [s for s in playing if len(controls(s)) == most]
        richest = max((len(s.emojis) for s in busiest), default=0)
        found = [s for s in busiest if len(s.emojis) == richest]
        return found[(len(found) - 1) // 2] if found else None

    return pick


def prompt(game: str) -> Pick:
    """The first private prompt of the game: one with a select and emojis if there is one."""

    def pick(shots: list[Shot]) -> Shot | None:
        private = [
            s
            for s in shots
            if s.visibility == "ephemeral" and any(p.startswith(game) for p, _, _ in controls(s))
        ]
        ranked = sorted(
            private,
            key=lambda s: (not any(k == 3 for _, _, k in controls(s)), not s.emojis),
        )
        return ranked[0] if ranked else None

    return pick


def answer(verb: str) -> Pick:
    """The first private answer to a button or select with this verb."""

    def pick(shots: list[Shot]) -> Shot | None:
        return next(
            (s for s in shots if s.visibility == "ephemeral" and _verb(s.answers) == verb),
            None,
        )

    return pick


def last_offering(verb: str) -> Pick:
    """The last version of a public message that offers this verb."""

    def pick(shots: list[Shot]) -> Shot | None:
        found = [s for s in shots if s.visibility == "public" and verb in _verbs(s)]
        return found[-1] if found else None

    return pick


def picture(name: str, *, last: bool = False) -> Pick:
    """The first (or last) message that shows the picture ``name``."""

    def pick(shots: list[Shot]) -> Shot | None:
        found = [s for s in shots if pictured(s) and f"attachment://{name}" in s.texts()]
        if not found:
            return None
        return found[-1] if last else found[0]

    return pick


def _verb(custom_id: str) -> str | None:
    """The verb of a button's or select's custom id (None for anything else: a form's)."""
    click = ClickId.parse(custom_id)
    return click.verb if click is not None else None


def _verbs(shot: Shot) -> set[str]:
    return {verb for _, verb, _ in controls(shot)}


@dataclass(frozen=True)
class Scene:
    name: str  # the PNG's name in docs/screens/
    game: str  # a key of tests.helpers.transcript_games.GAMES
    pick: Pick
    what: str  # for the list the command prints


SCENES = [
    Scene("v6-tisch", "verflixte6", table("v6"), "Die verflixte 6: der Tisch während eines Zugs"),
    Scene("v6-joker", "verflixte6", prompt("v6"), "Die verflixte 6: die Jokerwahl (privat)"),
    Scene("teufel-tisch", "teufel", table("tf"), "Auf Teufel komm raus: der Tisch beim Ziehen"),
    Scene("teufel-abrechnung", "teufel", picture("spur.png"), "Teufel: die Abrechnung mit Spur"),
    Scene("teufel-konto", "teufel", answer("account"), "Teufel: das eigene Konto (privat)"),
    Scene("flaschenteufel-tisch", "flaschenteufel", table("ft"), "Flaschenteufel: der Tisch"),
    Scene(
        "flaschenteufel-karten",
        "flaschenteufel",
        prompt("ft"),
        "Flaschenteufel: die eigenen Karten (privat)",
    ),
    Scene("dicedevils-tisch", "dicedevils", table("dd"), "Dice Devils: der Tisch mit Auslage"),
    Scene(
        "dicedevils-kampf", "dicedevils", prompt("dd"), "Dice Devils: nach dem Würfelkampf (privat)"
    ),
    Scene("turnier-anmeldung", "turnier", last_offering("register"), "Turnier: die Anmeldung"),
    Scene("turnier-gruppe", "turnier", picture("tabelle.png"), "Turnier: eine Gruppe ist fertig"),
    Scene("turnier-stand", "turnier", picture("turnier.png", last=True), "Turnier: der Stand"),
    Scene("hilfe", "hilfe", lambda shots: shots[-1] if shots else None, "Die Hilfe (privat)"),
]


async def help_page(play: Transcript, users: list[User]) -> None:
    """Anna asks for the help of Die verflixte 6 (embeds, not a card)."""
    await play.slash(users[0], "hilfe", spiel="verflixte6")


MORE = {"hilfe": (help_page, 2, True)}  # played like the transcripts' games


async def film_of(game: str) -> Film:
    """Every message version of one scripted game, played with the app's emojis."""
    with (
        filming() as film,
        mock.patch.object(Croupier, "application_emojis", True),
        mock.patch.object(emoji_sync, "START_WAIT", 60.0),  # installed before the first command
        mock.patch.dict(GAMES, MORE),
        tempfile.TemporaryDirectory(prefix="screens-") as folder,
    ):
        try:
            await transcript_of(game, "de", Path(folder))
        except AssertionError as broken:  # a rule of Discord broken: shown, and shot anyway
            print(f"{game}: {str(broken)[:600]}", file=sys.stderr)
    return film


async def shots_of(scenes: Sequence[Scene]) -> list[tuple[Scene, Shot]]:
    chosen: list[tuple[Scene, Shot]] = []
    for game in dict.fromkeys(s.game for s in scenes):
        film = await film_of(game)
        for scene in (s for s in scenes if s.game == game):
            shot = scene.pick(film.shots)
            if shot is None:
                print(f"{scene.name}: no such message in {game}", file=sys.stderr)
                continue
            chosen.append((scene, shot))
    return chosen


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.helpers.screens", description=__doc__)
    parser.add_argument("--out", type=Path, default=OUT, help="the PNGs' folder")
    parser.add_argument("--html", action="store_true", help="keep each page's HTML too")
    parser.add_argument("--only", action="append", default=[], help="a scene's name (repeat)")
    args = parser.parse_args(argv)
    scenes = [s for s in SCENES if not args.only or s.name in args.only]
    chosen = asyncio.run(shots_of(scenes))
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    pages = [(page(shot), out / f"{scene.name}.png") for scene, shot in chosen]
    if args.html:
        for html, target in pages:
            target.with_suffix(".html").write_text(html, encoding="utf-8")
    for (scene, _), written in zip(chosen, pngs(pages), strict=True):
        print(f"{written}  {scene.what}")
    return 0 if len(chosen) == len(scenes) else 1


if __name__ == "__main__":
    sys.exit(main())
