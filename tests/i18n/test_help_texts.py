"""The help and rules texts: both languages alike, every topic fits Discord's limits."""

from __future__ import annotations

import re

import pytest

from bot.games import GAMES
from bot.games.verflixte6.state import JOKER_IDS
from bot.i18n import LANGUAGES as CATALOGUES
from bot.i18n import t
from bot.i18n.help import (
    MAX_DESCRIPTION,
    MAX_EMBEDS,
    MAX_TITLE,
    MAX_TOTAL,
    SECTIONS,
    TOPICS,
    pages,
    sections,
    size,
)
from bot.tournament.game import TournamentGame

LANGUAGES = ("de", "en")


def test_every_game_has_rules_and_there_is_a_general_help() -> None:
    games = {kind for kind in GAMES if kind != TournamentGame.kind}
    assert set(TOPICS) == games | {"hilfe"}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("topic", TOPICS)
def test_every_topic_fits_discord(topic: str, language: str) -> None:
    found = pages(topic, language)
    assert [s for page in found for s in page] == sections(topic, language)  # nothing lost
    for page in found:
        assert 1 <= len(page) <= MAX_EMBEDS
        assert sum(map(size, page)) <= MAX_TOTAL
        for title, body in page:
            assert 0 < len(title) <= MAX_TITLE and 0 < len(body) <= MAX_DESCRIPTION
            assert not re.search(r"[{}]", title + body), (title, body)  # no placeholders


def test_too_much_text_is_cut_into_several_messages(monkeypatch: pytest.MonkeyPatch) -> None:
    texts = CATALOGUES["de"].texts
    for i in range(12):
        monkeypatch.setitem(texts, f"help.hilfe.s{i}.title", f"Teil {i}")
        monkeypatch.setitem(texts, f"help.hilfe.s{i}.body", "x" * 1500)
    monkeypatch.setitem(SECTIONS, "hilfe", tuple(f"s{i}" for i in range(9)))
    found = pages("hilfe", "de")
    assert [len(p) for p in found] == [3, 3, 3]  # 4 × 1506 > 6000
    for i in range(12):
        monkeypatch.setitem(texts, f"help.hilfe.s{i}.title", f"T{i}")
        monkeypatch.setitem(texts, f"help.hilfe.s{i}.body", "x")
    monkeypatch.setitem(SECTIONS, "hilfe", tuple(f"s{i}" for i in range(12)))
    assert [len(p) for p in pages("hilfe", "de")] == [10, 2]  # at most 10 embeds


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_v6_rules_end_with_all_fifteen_jokers_in_german(language: str) -> None:
    title, body = sections("verflixte6", language)[-1]
    assert title == ("Die 15 Joker" if language == "de" else "The 15 jokers")
    lines = body.split("\n")
    assert len(lines) == len(JOKER_IDS) == 15
    for joker, line in zip(JOKER_IDS, lines, strict=True):
        assert line.startswith(f"**{t(f'v6.joker.{joker}', 'de')}** – ")
        assert line.endswith(t(f"ui.rules.joker.{joker}", language))


def test_the_general_help_names_the_table_command_of_every_game() -> None:
    body = "\n".join(b for _, b in sections("hilfe", "de"))
    for command in ("/v6 tisch", "/teufel tisch", "/flaschenteufel tisch", "/dicedevils tisch"):
        assert command in body
    english = "\n".join(b for _, b in sections("hilfe", "en"))
    assert "/v6 table" in english and "SHA-256" in english and "SHA-256" in body


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_general_help_names_every_table_tool(language: str) -> None:
    body = "\n".join(b for _, b in sections("hilfe", language))
    table = t("cmd.tisch", language)
    for tool in ("pause", "fortsetzen", "uhr", "beenden", "ersetzen", "abwesend"):
        assert f"`/{table} {t('cmd.' + tool, language)}" in body, tool
