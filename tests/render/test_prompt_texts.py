"""Prompts say what is asked: a Dice Devils decision names the decision and every option
says what it does; a tournament's registration says when it is closed (and offers nothing
then); the Finale's result is titled as the Finale; a Verflixte 6 decision, opened again
later, still asks its question."""

from __future__ import annotations

import pytest

from bot.engine import Action
from bot.games.dicedevils.render import cards as dd_cards
from bot.games.verflixte6.render import cards as v6_cards
from bot.i18n import t
from bot.render import tournament_cards
from bot.render.cards import ClickId
from bot.service import Outcome

LOCALES = ["de", "en"]
ANNA, BEN, CEM = "11", "12", "13"
NAMES = {ANNA: "Anna", BEN: "Ben", CEM: "Cem"}


def dd_outcome(pending: str, deciding: str) -> Outcome:
    demons = [
        {"player": ANNA, "rank": "Oberteufel", "items": ["Bett"]},
        {"player": BEN, "rank": "Putzteufel", "items": ["Schal", "Grill"]},
        {"player": CEM, "rank": "Satansbraten", "items": []},
    ]
    public = {"demons": demons, "pending": pending, "phase": "decide"}
    players = [ANNA, BEN, CEM]
    return Outcome(1, "dicedevils", "open", 7, [], public, {}, [deciding], players, "", None)


def read(card: object) -> str:
    """Everything a player reads on a prompt: its text and every label."""
    parts = [card.description]  # type: ignore[attr-defined]
    for row in card.rows:  # type: ignore[attr-defined]
        if hasattr(row, "options"):
            parts += [row.placeholder, *(o.label for o in row.options)]
        else:
            parts += [b.label for b in row]
    return "\n".join(parts)


@pytest.mark.parametrize("locale", LOCALES)
def test_each_dice_devils_decision_says_what_is_decided(locale: str) -> None:
    cases = {
        "reroll": (CEM, [Action("reroll", {"force": True}), Action("reroll", {"force": False})]),
        "steal": (
            CEM,
            [Action("steal", {"skip": True}), Action("steal", {"from": BEN, "item": "Schal"})],
        ),
        "swap_item": (
            BEN,
            [
                Action("swap_item", {"skip": True}),
                Action("swap_item", {"with": ANNA, "give": "Grill", "take": "Bett"}),
            ],
        ),
        "swap_rank": (
            BEN,
            [Action("swap_rank", {"skip": True}), Action("swap_rank", {"with": CEM})],
        ),
    }
    for verb, (deciding, actions) in cases.items():
        outcome = dd_outcome(verb, deciding)
        card = dd_cards.decision_card(outcome, actions, locale, NAMES.__getitem__)
        text = read(card)
        assert t("dd.ui.ask." + verb, locale, rank="Putzteufel") in text
        assert "Deine Entscheidung" not in text and "Your decision" not in text
        if verb != "reroll":
            assert t("ui.button.skip", locale) in text
    steal = read(dd_cards.decision_card(dd_outcome("steal", CEM), cases["steal"][1], locale))
    assert dd_cards.item_name("Schal", locale) in steal and f"<@{BEN}>" in steal  # which, whom
    swap = dd_cards.decision_card(
        dd_outcome("swap_item", BEN), cases["swap_item"][1], locale, NAMES.__getitem__
    )
    (option,) = swap.rows[0].options  # type: ignore[union-attr]
    give, take = dd_cards.item_name("Grill", locale), dd_cards.item_name("Bett", locale)
    assert give in option.label and take in option.label and "Anna" in option.label
    rank = dd_cards.decision_card(
        dd_outcome("swap_rank", BEN), cases["swap_rank"][1], locale, NAMES.__getitem__
    )
    (option,) = rank.rows[0].options  # type: ignore[union-attr]
    assert "Cem" in option.label and "Satansbraten" in option.label  # with whom, which rank
    assert "Putzteufel" in rank.description  # the rank the decider gives away


def tour_outcome(status: str, game_status: str = "open") -> Outcome:
    tour = {
        "registered": [ANNA, BEN, CEM],
        "group_size": 4,
        "durchgaenge": 3,
        "best_thirds": 0,
        "finale_size": 4,
        "status": status,
        "name": "Herbst",
    }
    return Outcome(1, "turnier", game_status, 4, [], tour, {}, [], [ANNA], "ab" * 32, None)


@pytest.mark.parametrize("locale", LOCALES)
def test_a_closed_registration_says_so_and_offers_nothing(locale: str) -> None:
    open_card = tournament_cards.registration_card(tour_outcome("registration"), locale)
    assert open_card.description.startswith(t("ui.tour.status.registration", locale))
    assert open_card.custom_ids()
    for status, game_status in (("running", "open"), ("finished", "finished")):
        card = tournament_cards.registration_card(tour_outcome(status, game_status), locale)
        assert card.description.startswith(t(f"ui.tour.status.{status}", locale))
        assert t("ui.tour.status.registration", locale) not in card.description
        verbs = [ClickId.parse(c).verb for c in card.custom_ids()]  # type: ignore[union-attr]
        assert verbs == (["reserve"] if status == "running" else [])  # reserves until the end
    aborted = tournament_cards.registration_card(tour_outcome("running", "aborted"), locale)
    assert aborted.rows == [] and t("ui.tour.status.finished", locale) in aborted.description


@pytest.mark.parametrize("locale", LOCALES)
def test_the_finale_result_is_titled_as_the_finale(locale: str) -> None:
    event = {"table": [{"player": ANNA, "points": 6, "eyes": 20}], "group": 1, "round": 2}
    finale = tournament_cards.group_table_card(event, locale, finale=True)
    assert finale.title == t("ui.tour.finale_done", locale)
    group = tournament_cards.group_table_card(event, locale)
    assert group.title == t("ui.tour.group_done", locale, group=1, round=2)


def v6_outcome(phase: str, **turn: object) -> Outcome:
    public = {"turn": {"player": ANNA, "phase": phase, **turn}}
    return Outcome(1, "verflixte6", "open", 9, [], public, {}, [ANNA], [ANNA, BEN], "", None)


@pytest.mark.parametrize("locale", LOCALES)
def test_a_reopened_v6_decision_says_what_is_decided(locale: str) -> None:
    """The outcome of a reopened prompt has no events: the question comes from the turn."""
    sekante = {"target": BEN, "exchange": 2, "attack": 5, "won": [0, 0]}
    cases = {
        "anaconda": (v6_outcome("anaconda", anaconda_attack=4), ["4"]),
        "rattenlord": (v6_outcome("rattenlord"), ["Rattenlord"]),
        "monokel": (v6_outcome("monokel", monokel_dice=[3, 6]), ["3, 6"]),
        "counter": (v6_outcome("counter", sekante=sekante), ["Ben", "2", "5"]),
    }
    for phase, (outcome, details) in cases.items():
        card = v6_cards.decision_prompt(outcome, [], locale, NAMES.__getitem__)
        text = read(card)
        assert card.description.endswith("?"), card.description
        assert t(f"ui.button.yes.{phase}", locale) in text
        for detail in details:
            assert detail in card.description, (phase, card.description)


@pytest.mark.parametrize(
    ("chosen", "expected"),
    [([], "ui.prompt.menu_none"), (["anaconda"], "ui.prompt.menu_empty")],
)
def test_a_leftover_joker_menu_says_why_it_is_empty(chosen: list[str], expected: str) -> None:
    """A player who chose no joker is not told he has none "left"."""
    turn = {"phase": "step", "chosen": chosen, "announceable": []}
    outcome = Outcome(1, "verflixte6", "open", 7, [], {"turn": turn}, {}, [ANNA], [ANNA], "", None)
    assert v6_cards.joker_menu_prompt(outcome, "de").description == t(expected, "de")
