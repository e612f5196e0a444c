"""The pure parts of a tournament's overview and evening times: the bracket (columns,
text, picture) of a 40-player tournament, the list's statuses, time zones."""

from __future__ import annotations

import io
from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from PIL import Image

from bot.engine import IllegalAction
from bot.engine.rng import AuditedRng
from bot.engine.serial import to_data
from bot.render import tournament_cards as tcards
from bot.render.tournament_bracket import BOXES_PER_STACK, bracket, bracket_fields, bracket_png
from bot.tournament import rules
from bot.tournament.evening_time import parse_evening, shown_time, zone_choices, zone_named
from bot.tournament.state import Line, Tournament


def played(count: int) -> dict[str, Any]:
    """A tournament of ``count`` players played to its champion, as its view shows it
    (seat order = finishing order)."""
    tournament = Tournament(name="Saison", host="P0", registered=[f"P{i}" for i in range(count)])
    rng = AuditedRng(bytes(32))
    rules.close_registration(tournament, rng)
    while tournament.champion is None:
        assert tournament.current is not None
        for group in list(tournament.current.groups):
            lines = [Line(p, 20 - 2 * i, 30 - i) for i, p in enumerate(group.players)]
            rules.record_group(tournament, group.number, lines, rng)
    data: dict[str, Any] = to_data(tournament)
    return data


def test_forty_players_in_columns_with_every_number_in_the_text() -> None:
    tour = played(40)
    columns = bracket(tour, "de", str)
    assert [c.title for c in columns][-2:] == ["Finale", "Turniersieger"]
    assert [len(c.boxes) for c in columns[:-2]] == [len(r["groups"]) for r in tour["rounds"][:-1]]
    fields = bracket_fields(columns, "de")
    assert len(fields) <= 25 and all(len(v) <= 1024 for _, v in fields)
    text = "\n".join(v for _, v in fields)
    first = tour["rounds"][0]["groups"][0]["table"][0]
    assert f"1. {first['player']} – {first['points']} Punkte, {first['eyes']} Augen ✓" in text
    assert text.count("✓") == sum(len(r["advanced"]) for r in tour["rounds"][:-1]) + 1
    png = bracket_png("Saison", columns, "de")
    picture = Image.open(io.BytesIO(png))
    stacks = sum(-(-len(c.boxes) // BOXES_PER_STACK) for c in columns)
    assert stacks > len(columns)  # round 1's ten groups wrap into two stacks
    # two stacks side by side, drawn at twice the size: as wide as Discord shows it well,
    # the rounds' bands one under the other
    assert picture.width <= 1200 and picture.height <= 4 * picture.width


def test_an_unplayed_group_shows_its_players_and_evening() -> None:
    tour = played(8)
    tour["rounds"][-1]["groups"][0]["table"] = []  # the Finale before its evening
    tour["rounds"][-1]["groups"][0]["evening"] = "2099-11-29T00:30:00+00:00"
    tour["champion"] = None
    card = tcards.standings_card(tour, "de", str)
    assert "noch nicht gespielt" in card.fields[-1][1]
    stamp = int(datetime(2099, 11, 29, 0, 30, tzinfo=UTC).timestamp())
    assert card.description == f"Gruppe 1 – Abend: <t:{stamp}:F> (<t:{stamp}:R>)"
    assert "Turniersieger" not in [f[0] for f in card.fields]


def test_the_list_says_registration_round_finale_and_champion() -> None:
    def outcome(**public: Any) -> Any:
        tour = {"name": "T", "champion": None, "rounds": [], "registered": ["a"], **public}
        return SimpleNamespace(public=tour, status="open", channel_id=7, game_id=1)

    rounds = played(8)["rounds"]
    assert tcards.list_status(outcome(), "de") == "Anmeldung (1 angemeldet)"
    assert tcards.list_status(outcome(rounds=rounds[:1]), "de") == "läuft – Runde 1"
    assert tcards.list_status(outcome(rounds=rounds), "de") == "läuft – Finale"
    finished = outcome(rounds=rounds, champion="9")
    finished.status = "finished"
    assert tcards.list_status(finished, "de") == "beendet – Sieger <@9>"
    card = tcards.overview_card([outcome()], "de", more=True)
    assert "<#7>" in card.description and "ältere" in card.description


def test_an_evening_in_new_york_time() -> None:
    when = parse_evening("2099-11-28", "19:30", zone_named("America/New_York"))
    assert when.astimezone(UTC) == datetime(2099, 11, 29, 0, 30, tzinfo=UTC)
    stamp = int(when.timestamp())
    assert shown_time(when) == f"<t:{stamp}:F> (<t:{stamp}:R>)"
    summer = parse_evening("2099-07-01", "19:30", ZoneInfo("Europe/Berlin"))
    assert summer.astimezone(UTC).hour == 17  # daylight saving time


@pytest.mark.parametrize("name", ["Mars/Olympus", "../../etc/passwd", "Berlin", ""])
def test_unknown_zones_are_refused(name: str) -> None:
    with pytest.raises(IllegalAction) as refused:
        zone_named(name)
    assert refused.value.key == "tour.bad_zone"


@pytest.mark.parametrize(
    ("date", "clock", "key"),
    [
        ("2099-13-01", "19:30", "tour.no_such_date"),
        ("31.02.2099", "19:30", "tour.no_such_date"),
        ("31.11.2026", "19:30", "tour.no_such_date"),
        ("irgendwann", "19:30", "tour.bad_time"),
        ("nächste Woche", "19:30", "tour.bad_time"),
        ("1.12.", "25:00", "tour.no_such_time"),
        ("1.12.", "13pm", "tour.no_such_time"),
        ("1.12.", "19:30+02:00", "tour.bad_time"),
        ("1.12.", "halb dreizehn", "tour.bad_time"),
        ("1.12.", "abends", "tour.bad_time"),
    ],
)
def test_malformed_dates_are_refused(date: str, clock: str, key: str) -> None:
    """A date or time that does not exist is refused as such; what cannot be read, with
    examples."""
    with pytest.raises(IllegalAction) as refused:
        parse_evening(date, clock)
    assert refused.value.key == key


NOW = datetime(2026, 11, 27, 12, 0, tzinfo=ZoneInfo("Europe/Berlin"))


@pytest.mark.parametrize(
    ("date", "clock", "month_first", "expected"),
    [
        ("2026-12-01", "20:00", False, (2026, 12, 1, 20, 0)),
        ("01.12.2026", "20:00", False, (2026, 12, 1, 20, 0)),
        ("1.12.2026", "20 Uhr", False, (2026, 12, 1, 20, 0)),
        ("1.12.", "20.30", False, (2026, 12, 1, 20, 30)),
        ("1.12", "20h30", False, (2026, 12, 1, 20, 30)),
        ("01.12.26", "20", False, (2026, 12, 1, 20, 0)),
        ("1.11.", "20:00", False, (2027, 11, 1, 20, 0)),  # passed this year: the next one
        ("27.11.", "20:00", False, (2026, 11, 27, 20, 0)),  # today
        ("1/12/2026", "8pm", False, (2026, 12, 1, 20, 0)),
        ("12/1/2026", "8:30 p.m.", True, (2026, 12, 1, 20, 30)),  # American English
        ("12/1", "12am", True, (2026, 12, 1, 0, 0)),
        ("2026-12-01", "12 PM", False, (2026, 12, 1, 12, 0)),
        ("2026/11/28", "20 Uhr", False, (2026, 11, 28, 20, 0)),
        ("heute", "halb acht", False, (2026, 11, 27, 19, 30)),  # a Friday
        ("morgen", "20:00", False, (2026, 11, 28, 20, 0)),
        ("Übermorgen", "viertel nach acht", False, (2026, 11, 29, 20, 15)),
        ("Freitag", "19:30", False, (2026, 11, 27, 19, 30)),  # today is one
        ("am Dienstag", "viertel vor acht", False, (2026, 12, 1, 19, 45)),
        ("Samstag", "halb 8", False, (2026, 11, 28, 19, 30)),
        ("Sonntag", "halb eins", False, (2026, 11, 29, 12, 30)),
        ("Montag", "acht Uhr", False, (2026, 11, 30, 20, 0)),
        ("tomorrow", "half past seven", False, (2026, 11, 28, 19, 30)),
        ("friday", "quarter to eight", False, (2026, 11, 27, 19, 45)),
        ("day after tomorrow", "eight o'clock", False, (2026, 11, 29, 20, 0)),
        ("demain", "huit heures et demie", False, (2026, 11, 28, 20, 30)),
        ("vendredi", "neuf heures moins le quart", False, (2026, 11, 27, 20, 45)),
        ("après-demain", "20 heures", False, (2026, 11, 29, 20, 0)),
        ("lundi", "20h", False, (2026, 11, 30, 20, 0)),
    ],
)
def test_dates_and_times_as_people_write_them(
    date: str, clock: str, month_first: bool, expected: tuple[int, ...]
) -> None:
    zone = ZoneInfo("Europe/Berlin")
    when = parse_evening(date, clock, zone, now=NOW, month_first=month_first)
    assert (when.year, when.month, when.day, when.hour, when.minute) == expected
    assert when.tzinfo == zone


def test_zone_autocomplete() -> None:
    assert zone_choices("new_y")[0] == "America/New_York"
    assert zone_choices("new y")[0] == "America/New_York"
    assert zone_choices("berl") == ["Europe/Berlin"]
    assert len(zone_choices("a")) == 25
    assert "Europe/Berlin" in zone_choices("")


@pytest.mark.parametrize("count", [8, 40, 200])
def test_the_standings_fit_one_card_and_say_final_once_there_is_a_champion(count: int) -> None:
    """Discord refuses a Components V2 message of more than 4,000 characters of text: a
    large tournament's standings show its latest rounds. With a champion they are final."""
    from bot.render.cards import MAX_TEXT
    from cogs.pipeline.payload import text_parts

    tour = played(count)
    card = tcards.standings_card(tour, "de", str)
    assert sum(map(len, text_parts(card))) <= MAX_TEXT
    assert card.title.endswith("– Endstand") and card.fields[-1][0] == "Turniersieger"
    tour["champion"] = None
    assert card.title != tcards.standings_card(tour, "de", str).title
    assert "Stand: Runde" in tcards.standings_card(tour, "de", str).title
