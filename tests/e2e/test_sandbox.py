"""``croupier sandbox``: the bot on the loopback Discord, driven from a terminal."""

from __future__ import annotations

import asyncio
import io
import os
import re
import signal
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest

from sandbox.cli import run
from sandbox.demos import DEMOS
from sandbox.lines import COMMENT, EXIT_INTERRUPTED, parse_command, wanted_labels

ROOT = Path(__file__).resolve().parents[2]
EMOJI_NAME = re.compile(r":(die|bottle_card|coal_tile|devil_tile|hot_item)[a-z0-9_]*:")
"""An app emoji as raw markup (":die_4:"), which a player never reads in Discord."""


async def play(lines: list[str]) -> str:
    out = io.StringIO()
    with tempfile.TemporaryDirectory(prefix="sandbox-pictures-") as pictures:
        assert await run(None, lines, out, Path(pictures)) == 0
    return out.getvalue()


async def test_each_picture_is_saved_and_shown_by_its_path(tmp_path: Path) -> None:
    """The sandbox named a picture ("[Bild: auslage.png]") but kept it nowhere."""
    out = io.StringIO()
    assert await run("dicedevils", None, out, tmp_path) == 0
    text = out.getvalue()
    assert f"Bilder und Dateien des Bots werden gespeichert in {tmp_path} " in text
    shown = [Path(path) for path in re.findall(r"\[Bild: (\S+)", text)]
    assert shown and all(path.parent == tmp_path for path in shown), shown
    assert all(path.read_bytes().startswith(b"\x89PNG") for path in shown)
    assert shown[0].name == "001-auslage.png"
    assert len(set(shown)) == len(list(tmp_path.iterdir()))  # a picture sent again: once


async def test_the_demo_plays_a_whole_durchgang(tmp_path: Path) -> None:
    out = io.StringIO()
    assert await run("verflixte6", None, out, tmp_path) == 0
    text = out.getvalue()
    assert "Räuberische 1! @Anna darf 1 Auge stehlen – von: @Ben, @Cem." in text
    assert "Ergebnis Durchgang 1" in text
    assert "1. @Cem – 14 Augen – 6 Punkte" in text
    assert "nichts davon zu sehen" not in text  # every scripted line found its button


async def test_typed_lines_drive_several_users_and_show_private_prompts() -> None:
    text = await play(
        [
            "Anna> /v6 tisch durchgaenge=1",
            "Ben> Beitreten",
            "Ben> Beitreten",
            "Anna> Starten",
            "Anna> Joker wählen & Freiwurf",
            "Zoe> weiter",
            "Ben> Abrakadabra",
            "ende",
            "Anna> nie erreicht",
        ]
    )
    assert "Du sitzt schon am Tisch." in text  # Ben's second join, privately
    assert "── nur für Anna" in text and "{Joker wählen (1–3):" in text
    assert "Wer ist Zoe?" in text
    assert "✗ nichts davon zu sehen: abrakadabra" in text
    assert "nie erreicht" not in text


TEUFEL_TABLE = ["Anna> /teufel tisch", "Ben> Beitreten", "Anna> Starten"]


async def test_a_button_that_opens_a_form_is_pressed_filled_and_submitted_in_one_line() -> None:
    text = await play([*TEUFEL_TABLE, "Anna> Setzen 40", "Ben> Setzen 30"])
    assert "Die Einsätze: @Anna 40, @Ben 30" in text  # both bets came through their forms
    assert "✗" not in text


async def test_an_open_form_is_shown_and_filled_by_the_next_line() -> None:
    text = await play(
        [
            *TEUFEL_TABLE,
            "Anna> formular 10",  # nothing open yet
            "Anna> Setzen",
            "Anna> Mein Konto",  # doing something else closes the form, as in Discord
            "Anna> 10",
            "Anna> Setzen",
            "Anna> formular 123456",  # longer than the field allows: the form stays open
            "Anna> formular 40",
            "Ben> Setzen",
            "Ben> zeige",
            "Ben> 30",  # a bare value fills the open form
            "Ben> Mein Konto 5",
        ]
    )
    assert "✗ Anna hat kein Formular offen" in text
    form = "── Formular für Anna: Dein Einsatz\n   Einsatz (0 bis 200, in Zehnern): ____\n"
    assert form in text
    assert "ausfüllen und absenden: Anna> formular WERT" in text
    assert "(Formular „Dein Einsatz“ geschlossen, nicht abgesendet)" in text
    assert "✗ nichts davon zu sehen: 10" in text  # the closed form took nothing
    assert "✗ das Formular nimmt „123456“ nicht an" in text
    assert "Die Einsätze: @Anna 40, @Ben 30" in text
    ben_looks = text.split("Ben> Setzen\n", 1)[1].split("Ben> 30\n", 1)[0]
    assert "── Formular für Ben: Dein Einsatz" in ben_looks  # zeige shows his open form too
    assert "✗ „Mein Konto“ hat kein Formular geöffnet; „5“ übergangen" in text


async def test_zeige_shows_the_channel_now_and_later_lines_only_what_is_new() -> None:
    text = await play(
        [
            "Anna> /v6 tisch durchgaenge=1",
            "Ben> Beitreten",
            "Ben> Beitreten",  # "Du sitzt schon am Tisch.", privately
            "zeige",
            "Cem> Beitreten",
            "Ben> Verlassen",
            "Ben> zeige",
        ]
    )
    before, rest = text.split("\nzeige\n", 1)
    shown, after = rest.split("Cem> Beitreten\n", 1)
    later, bens = after.split("Ben> zeige\n", 1)
    assert "── #spieltisch\n" in shown and "@Ben" in shown  # the lobby as it is now
    assert "nur für" not in shown  # zeige alone is the channel
    # Ben's next action shows only what is new: not his old private message again.
    assert "Du sitzt schon am Tisch." in before
    assert "Du sitzt schon am Tisch." not in later
    # Asked for, his private messages are shown (the old one included).
    assert "── nur für Ben" in bens and "Du sitzt schon am Tisch." in bens


async def test_zeige_names_how_many_older_messages_it_leaves_out() -> None:
    lines = ["Anna> /v6 tisch durchgaenge=1"] + ["Anna> Verlassen", "Anna> /v6 tisch"] * 10
    text = await play([*lines, "zeige"])
    shown = text.rsplit("\nzeige\n", 1)[1]
    assert re.search(r"── #spieltisch: \d+ ältere Nachrichten nicht gezeigt", shown)
    assert shown.count("── #spieltisch\n") == 10


@pytest.mark.parametrize("game", ["teufel", "flaschenteufel", "dicedevils"])
async def test_each_demo_plays_its_lines_with_fixed_chance(game: str, tmp_path: Path) -> None:
    out = io.StringIO()
    assert await run(game, None, out, tmp_path) == 0
    text = out.getvalue()
    assert "✗" not in text  # every line found its button, select, form
    assert "**" not in text and "\n   ### " not in text  # cards read as text, no marks
    assert not EMOJI_NAME.search(text), EMOJI_NAME.search(text)  # the game's text instead
    proof = {
        "teufel": "Abrechnung Runde 1",
        "flaschenteufel": "kauft die Flasche",
        "dicedevils": "tauscht den Rang",
    }
    assert proof[game] in text


def readme_examples() -> list[list[str]]:
    """The sandbox lines of the README's "Try it without Discord", one list per block."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Try it without Discord", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```\n(.*?)```", section, flags=re.S)
    return [
        [COMMENT.sub("", line).strip() for line in block.splitlines() if ">" in line]
        for block in blocks
        if block.lstrip().startswith("Anna> /")
    ]


async def test_the_readme_shows_all_four_games_and_each_example_plays() -> None:
    examples = {block[0].split("/", 1)[1].split()[0]: block for block in readme_examples()}
    assert set(examples) == {"v6", "teufel", "flaschenteufel", "dicedevils"}
    for game in ("teufel", "flaschenteufel", "dicedevils"):
        lines = examples[game]  # played by `--demo GAME`, checked above
        assert list(DEMOS[game].script[: len(lines)]) == lines, game
    text = await play(examples["v6"])  # needs no fixed chance
    assert "✗" not in text and "Joker" in text


async def read_until(
    stream: asyncio.StreamReader, seen: bytes, done: Callable[[bytes], bool]
) -> bytes:
    async with asyncio.timeout(30):
        while not done(seen):
            more = await stream.read(1)
            assert more, f"the sandbox ended early: {seen.decode()}"
            seen += more
    return seen


async def test_one_ctrl_c_ends_the_sandbox_cleanly(tmp_path: Path) -> None:
    """The first Ctrl-C used to be swallowed (a read in a worker thread kept the process
    waiting) and the second printed tracebacks."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"}
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        "sandbox",
        "--pictures",
        str(tmp_path),
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        cwd=ROOT,
        env=env,
    )
    assert process.stdin is not None and process.stdout is not None
    try:
        seen = await read_until(process.stdout, b"", lambda seen: seen.endswith(b"\n> "))
        process.stdin.write(b"Anna> /teufel tisch\n")
        seen = await read_until(
            process.stdout, seen, lambda seen: b"[Starten]" in seen and seen.endswith(b"\n> ")
        )  # the lobby (its computer select below the buttons), then the prompt
        process.send_signal(signal.SIGINT)  # stdin stays open: only Ctrl-C can end it
        async with asyncio.timeout(20):
            rest, errors = await process.communicate()
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
    out = (seen + rest).decode()
    assert process.returncode == EXIT_INTERRUPTED, out + errors.decode()
    assert "Auf Teufel komm raus – neuer Tisch" in out
    assert "Strg-C: die Sandbox wird beendet" in out
    assert "Traceback" not in errors.decode() and "Error" not in errors.decode(), errors


def test_option_values_may_hold_spaces_or_quotes() -> None:
    assert parse_command("v6 joker name=Oces Anaconda ziel=Ben") == (
        "v6 joker",
        {"name": "Oces Anaconda", "ziel": "Ben"},
    )
    assert parse_command("turnier erstellen name='Sandbox Cup' gruppe=4") == (
        "turnier erstellen",
        {"name": "Sandbox Cup", "gruppe": 4},
    )


async def test_anna_is_admin_labels_win_over_keywords_and_users_go_by_name() -> None:
    text = await play(
        [
            "Anna> /sprache sprache=en",  # Manage Server: Anna may
            "Anna> /v6 tisch durchgaenge=1",
            "Ben> Join",
            "Anna> Start",
            "Anna> Choose jokers & Freiwurf",  # a label, though "choose" picks in a select
            "Anna> choose Oces Anaconda",
            "Anna> /joker name=Oces Anaconda ziel=Ben",  # a value with a space, a user by name
            'Anna> /joker name="Oces Anaconda" ziel=Zoe',
        ]
    )
    assert "Croupier now speaks English on this server." in text
    assert "@Anna chooses: Oces Anaconda." in text
    # the bot got both options; the refusal is Anna's alone: in her Discord's German
    assert "Ein Ziel braucht nur Senigmas Sekante." in text
    assert "✗ ziel: wer ist Zoe?" in text
    assert text.count("✗") == 1


async def test_a_tournaments_thread_is_shown_listed_and_played_in() -> None:
    text = await play(
        [
            "Anna> /turnier erstellen name=Sandbox Cup gruppe=4 durchgaenge=1",
            *(f"{name}> Anmelden" for name in ("Anna", "Ben", "Cem", "Dora")),
            "Anna> Anmeldung schließen & auslosen",
            "kanäle",
            "Anna> /tische",
            "Ben> #sandbox",
            *(f"{name}> Joker wählen & Freiwurf" for name in ("Anna", "Ben", "Cem", "Dora")),
        ]
    )
    assert "── #Sandbox Cup – Finale\n   Die verflixte 6 – Durchgang 1" in text
    assert "── #Sandbox Cup – Finale: 2 Nachrichten" in text  # the table, its ping; by kanäle
    assert "in #Sandbox Cup – Finale ·" in text and "<#" not in text  # /tische, by name
    assert "jetzt in #Sandbox Cup – Finale" in text
    assert "{Joker wählen (1–3):" in text  # whoever begins got his choice in the thread
    assert "✗" not in text


async def test_a_player_whose_discord_speaks_english_reads_his_own_messages_in_english() -> None:
    text = await play(
        [
            "Ben> spricht en-US",
            "Anna> /dicedevils tisch",
            "Ben> Beitreten",
            "Ben> Beitreten",
            "Cem> Beitreten",
            "Anna> Starten",
            "Ben> zeige",
        ]
    )
    assert "Bens Discord spricht jetzt en-US." in text
    assert "You already have a seat at this table." in text  # his refusal
    assert "Your cup (" in text and "Dein Becher (" in text  # his DM, and Anna's
    assert "Dice Devils – Runde 1" in text  # the channel stays German


def test_a_label_with_a_comma_is_chosen_whole() -> None:
    """A French Putzteufel's swap reads "Donner Lit, prendre Radiateur à Cem": chosen as
    one option, while ``wähle Fumo, Pony`` still chooses two."""
    swap = {"options": [{"label": "Donner Lit, prendre Radiateur à Cem", "value": "1"}]}
    jokers = {"options": [{"label": "Fumo", "value": "fumo"}, {"label": "Pony", "value": "pony"}]}
    whole = "Donner Lit, prendre Radiateur à Cem"
    assert wanted_labels(whole, [jokers, swap]) == [whole]
    assert wanted_labels("Fumo, Pony", [jokers, swap]) == ["Fumo", "Pony"]


async def test_what_the_client_refuses_and_timestamps_read_as_in_discord() -> None:
    """The sandbox says what Discord's client would refuse in the reader's language, not
    in Python's, and shows a moment as Discord shows it."""
    text = await play(
        [
            "Anna> /sprache",
            "Anna> /v6 tisch durchgaenge=99",
            "Ben> spricht en-US",
            "Ben> /v6 tisch durchgaenge=0",
            "Anna> /turnier erstellen name=Cup gruppe=4 durchgaenge=1",
            *(f"{name}> Anmelden" for name in ("Anna", "Ben", "Cem", "Dora")),
            "Anna> Anmeldung schließen & auslosen",
            "Anna> /turnier termin gruppe=1 datum=01.12.2099 uhrzeit=20:00",
        ]
    )
    assert "✗ /sprache braucht noch: sprache" in text
    assert "✗ Option „durchgaenge“: von 1 bis 4" in text
    assert "✗ Option “durchgaenge”: from 1 to 4" in text  # Ben's Discord speaks English
    assert "1. Dezember 2099 20:00" in text and "<t:" not in text
    assert "outside" not in text and "['" not in text


async def test_each_user_types_the_command_names_his_discord_shows() -> None:
    """/stats was refused for an English user, although the README names it: Discord's
    client shows each user the names in his language, options included, and the bot gets
    the base names."""
    text = await play(
        [
            "Ben> spricht en-US",
            "Ben> /stats player=Anna",
            "Cem> spricht fr",
            "Cem> /statistiques joueur=Ben",
            "Dora> /statistik spieler=Cem",
            "Dora> /stats",  # her Discord speaks German: it shows /statistik
        ]
    )
    assert "@Anna has not finished a game on this server yet." in text
    assert "@Ben n’a encore terminé aucune partie sur ce serveur." in text
    assert "@Cem hat auf diesem Server noch kein Spiel beendet." in text
    assert text.count("✗") == 1
    assert "✗ Einen Befehl /stats bietet dein Discord hier nicht an (es spricht de)" in text


async def test_a_computers_move_is_shown_as_it_happens(monkeypatch: pytest.MonkeyPatch) -> None:
    """A computer's move appeared only after the next typed line; ``warte`` lets a script
    give the computers time, and what they do is shown while it waits."""
    monkeypatch.setenv("CROUPIER_WARM_UP", "0")  # its first move comes after 1.5 s, not later
    text = await play(
        [
            "Anna> /teufel tisch",
            "Anna> wähle Computer (leicht) hinzufügen",
            "Anna> Starten",
            "warte 8",
            "Anna> zeige",
        ]
    )
    waited = text.split("\nwarte 8\n", 1)[1].split("\nAnna> zeige\n", 1)[0]
    assert "── #spieltisch (geändert)" in waited
    assert re.search(r"🤖 Croupiers \w+ \(leicht\) hat gesetzt ✓", waited), waited
