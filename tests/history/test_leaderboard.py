"""The leaderboard's order and its text: established players by ordinal, ties sharing a
place, provisional players after them and marked, one decimal the reader's way."""

from __future__ import annotations

from bot.history.leaderboard import Board, Line, ranked
from bot.history.skill_ratings import PROVISIONAL_GAMES, Skill
from bot.render.leaderboard_card import leaderboard_card, rating

ENOUGH = PROVISIONAL_GAMES


def test_established_first_by_ordinal_ties_share_a_place() -> None:
    skills = {
        "new_star": Skill(40.0, 2.0, ENOUGH - 1),  # the best ordinal, but provisional
        "b": Skill(30.0, 3.0, ENOUGH),
        "a": Skill(30.0, 3.0, ENOUGH + 3),  # equal ordinal: more games first
        "c": Skill(20.0, 1.0, ENOUGH),
        "d": Skill(25.0, 8.0, ENOUGH),  # a wide sigma: a low ordinal despite his mu
        "rookie": Skill(25.0, 25 / 3, 1),
    }
    lines = ranked(skills)
    assert [(line.place, line.player) for line in lines] == [
        (1, "a"), (1, "b"), (3, "c"), (4, "d"), (None, "new_star"), (None, "rookie"),
    ]  # fmt: skip
    assert lines[0].ordinal == 30.0 - 9.0 and lines[0].games == ENOUGH + 3
    assert [line.player for line in ranked(skills, top=3)] == ["a", "b", "c"]
    assert [line.player for line in ranked(skills, top=5)][-1] == "new_star"


def test_ratings_with_one_decimal_each_language() -> None:
    assert rating(12.345, "de") == "12,3"
    assert rating(12.0, "en") == "12.0"
    assert rating(-0.04, "de") == "0,0"  # never −0,0
    assert rating(-1234.56, "de") == "\u22121.234,6"
    assert rating(-3.25, "fr").startswith("\u2212")


def test_the_card_marks_the_provisional_players() -> None:
    lines = [Line(1, "111", 12.34, 9), Line(None, "222", 3.0, 1), Line(None, "333", -1.0, 2)]
    card = leaderboard_card(Board("teufel", None, lines, 17), "de")
    text = card.description.splitlines()
    assert card.title == "Rangliste – Auf Teufel komm raus"
    assert text[0] == "Alle Zeiten"
    assert text[2:] == [
        "1. <@111> – **12,3** (9 Spiele)",
        "**Vorläufig (weniger als 5 Spiele)**",
        "<@222> – 3,0 (1 Spiel)",
        "<@333> – \u22121,0 (2 Spiele)",
    ]
    assert card.footer.endswith("17 Spieler in dieser Rangliste")
    english = leaderboard_card(Board("teufel", None, lines, 17), "en").description
    assert "Provisional (fewer than 5 games)" in english and "(1 game)" in english
