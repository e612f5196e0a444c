"""``croupier sandbox``: the bot on the loopback Discord, driven from a terminal."""

from __future__ import annotations

import io

from bot.sandbox import run


async def test_the_demo_plays_a_whole_durchgang() -> None:
    out = io.StringIO()
    assert await run("verflixte6", None, out) == 0
    text = out.getvalue()
    assert "Räuberische 1! @Anna darf 1 Augen stehlen – von: @Ben, @Cem." in text
    assert "Ergebnis Durchgang 1" in text
    assert "1. @Cem – 14 Augen – 6 Punkte" in text
    assert "nichts davon zu sehen" not in text  # every scripted line found its button


async def test_typed_lines_drive_several_users_and_show_private_prompts() -> None:
    out = io.StringIO()
    lines = [
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
    assert await run(None, lines, out) == 0
    text = out.getvalue()
    assert "Du sitzt schon am Tisch." in text  # Ben's second join, privately
    assert "── nur für Anna" in text and "{Joker wählen (0–3):" in text
    assert "Wer ist Zoe?" in text
    assert "✗ nichts davon zu sehen: abrakadabra" in text
    assert "nie erreicht" not in text
