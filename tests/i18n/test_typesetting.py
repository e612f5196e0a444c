"""Every text of every catalogue rendered with sample values as a player would meet them
(negative numbers, a name that is no user such as "die Bank", zero counts), and read for
what a careful reader would stumble over: a hyphen as a minus sign, a sentence that starts
in lower case, a "0 …" phrase where nothing is to be said."""

from __future__ import annotations

import re
import string
from collections.abc import Iterator

import pytest

from bot.i18n import IDENTIFIERS, LANGUAGES, t

FORMATTER = string.Formatter()
HYPHEN_MINUS = re.compile(r"(?:^|[\s(→:,/=])-\d")
LOWER_START = re.compile(r"(?:^|[.!?]\s+|\n)[*_>#\s]*die Bank")
ZERO_PHRASE = re.compile(r"(?:^|[\s(])0\s+\w")
ZERO_READS_WELL = frozenset(
    {
        # amounts a player can have none of, said as they are ("0 Punkte", "nach 0 …")
        "n.chain_events",
        "n.durchgaenge",
        "n.eyes",
        "n.items",
        "n.minutes",
        "n.pieces",
        "n.points",
        "n.tiles",
        "n.tricks",
        # what /meine-daten counts: said only when there are some (none is left out)
        "privacy.own.count.actions",
        "privacy.own.count.games",
        "privacy.own.count.ratings",
        "privacy.own.count.results",
        "privacy.own.count.watched",
        "privacy.own.too_soon",  # the minutes left, rounded up: at least one
        "privacy.erase.done",  # said with his games: without any, privacy.erase.done_none
        "privacy.erase.playing",  # said with the games he sits at: at least one
        # what a server's erasure counts: said only when there are some
        "privacy.server.count.game_events",
        "privacy.server.count.game_results",
        "privacy.server.count.games",
        "privacy.server.count.other",
        "privacy.server.count.ratings",
        "privacy.server.count.seasons",
        "privacy.server.ended_count",  # the tables ended first: said when there were some
        "privacy.server.file",  # the export's games among what it holds ("0 Spiele …")
        "privacy.server.too_soon",  # the minutes left, rounded up: at least one
        "sandbox.messages",  # a channel's count in the sandbox's list of channels
        "table.event.clock_minutes",  # the host set no time: the clock is off (said so)
        "ui.lobby.body",  # seats taken: "0 of 4" reads as a count of seats
        "ui.lobby.body_exact",
        "ui.tour.checked_in_list",  # "(2 of 4)" like the lobby's seats; only said from one on
        "ui.result.table",
        "verify.ok",
        "verify.ok_unrevealed",
        "web.check.ok",  # the browser's verify.ok: every game's setup draws and is logged
        "web.check.unrevealed",
        "v6.too_many_jokers",  # only ever said for more than three
        "tische.more",  # only ever said for more than shown
        "ui.tour.list.more",
        "ui.tour.list.registration",
        "ui.tour.format.thirds",  # said only when there are best thirds
        "ui.tour.started",  # said only when someone is missing (else ui.tour.started_plain)
        "rank.games",  # a player in a leaderboard has played at least one rated game
        "rank.footer",  # an empty leaderboard is never shown (rank.no_data instead)
        "rank.provisional",  # the fixed number of games that makes a player established
        # /statistik shows a line only for what a player has at least one of
        "stats.games",
        "stats.ft.bottle",
        "stats.teufel.bet",
        "stats.tour.played",
        "stats.v6.eyes",
        "stats.v6.sixes",
        "ui.watchers",  # a table's footer says it only while someone watches
        "web.player.chart_games",  # a rating chart is drawn from one rated game on
        "web.player.chart_summary",
        "web.player.games_capped",  # said only when a player has more games than listed
    }
)
"""Counted texts whose zero form reads well, or that the code never says with zero; every
other counted text the code must not say with 0 (a text of its own says it instead)."""


def placeholders(text: str) -> set[str]:
    return {f.split(".")[0].split("[")[0] for _, f, _, _ in FORMATTER.parse(text) if f}


def texts() -> Iterator[tuple[str, str, set[str]]]:
    for code, language in sorted(LANGUAGES.items()):
        for key in sorted(language.ids()):
            names = set().union(*(placeholders(form) for form in language.forms(key)))
            if names:
                yield code, key, names


TEXTS = list(texts())


def rendered(code: str, key: str, names: set[str], value: object, count: int) -> str:
    params = {name: 1234 if name in IDENTIFIERS else value for name in names}
    if "count" in names or key in LANGUAGES[code].plurals:
        params["count"] = count
    return t(key, code, **params)


@pytest.mark.parametrize(("code", "key", "names"), TEXTS)
def test_a_negative_number_has_a_minus_sign(code: str, key: str, names: set[str]) -> None:
    text = rendered(code, key, names, -5, -5)
    assert not HYPHEN_MINUS.search(text), text


@pytest.mark.parametrize(("code", "key", "names"), TEXTS)
def test_a_change_has_one_sign(code: str, key: str, names: set[str]) -> None:
    """A change is written with its sign by the number format: a text adds none."""
    for value in (5, -5):
        text = rendered(code, key, names, value, value)
        assert not re.search(r"[+±−-][+±−]\d", text), text


@pytest.mark.parametrize(("code", "key", "names"), TEXTS)
def test_a_name_that_starts_a_sentence_has_a_capital(code: str, key: str, names: set[str]) -> None:
    text = rendered(code, key, names, LANGUAGES["de"].texts["teufel.bank"], 2)
    assert not LOWER_START.search(text), text


COUNTED = [(c, k, n) for c, k, n in TEXTS if k in LANGUAGES[c].plurals or "count" in n]


@pytest.mark.parametrize(("code", "key", "names"), COUNTED)
def test_zero_is_said_only_where_it_reads_well(code: str, key: str, names: set[str]) -> None:
    text = rendered(code, key, names, 7, 0)
    assert key in ZERO_READS_WELL or not ZERO_PHRASE.search(text), text


def test_the_sample_values_find_what_they_look_for() -> None:
    """The checks above see the defects they are for (each was once in a catalogue)."""
    assert HYPHEN_MINUS.search("🎲 2, 3, 3 → -5, @Cem hat −5 Augen")
    assert not HYPHEN_MINUS.search("Datum 2026-11-28, → −5")
    assert LOWER_START.search("die Bank zahlt @Cem 50.")
    assert LOWER_START.search("Runde 2. die Bank zahlt.")
    assert not LOWER_START.search("Es zahlt die Bank.")
    assert ZERO_PHRASE.search("Gruppe 1 spielt jetzt (0 nicht eingecheckt).")


def test_the_bank_pays_in_a_sentence_of_its_own() -> None:
    bank = t("teufel.bank", "de")
    text = t("teufel.event.pact_paid", "de", by=bank, to="<@1>", amount=50)
    assert text == "Die Bank zahlt <@1> 50 für den Teufelspakt."
    assert t("teufel.event.pact_paid", "de", by="<@2>", to=bank, amount=-50).startswith(
        "<@2> zahlt die Bank −50"
    )  # a name inside a sentence keeps its case; a negative amount its minus


def test_a_link_that_starts_a_sentence_is_left_as_it_is() -> None:
    link = "https://discord.com/channels/1/2/3"
    text = t("clock.remind", "de", game="V6", when="<t:1:R>", link=link)
    assert text.endswith(link)
