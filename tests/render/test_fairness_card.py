"""``/fairness``'s card as players read it: the plain sentence of each verdict in every
language, the p-value's writing, the other draws' line, and the accent of the verdict."""

from __future__ import annotations

import pytest

from bot.audit.dice_fairness import ChiSquare, report
from bot.render.fairness_card import accent, fairness_card, p_text, sentence
from bot.render.pictures.histogram import NUMBER_H, label_middle
from bot.render.pictures.palette import GOLD, GREEN, MUTED, RED

SENTENCES = {
    ("de", 0.37): "Wären die Würfel fair, käme eine mindestens so ungleiche Verteilung in "
    "37 von 100 solchen Berichten vor: nichts Auffälliges.",
    ("en", 0.37): "If the dice were fair, a spread at least this uneven would come up in "
    "37 of 100 such reports: nothing unusual.",
    ("fr", 0.37): "Si les dés étaient équitables, une répartition au moins aussi inégale "
    "apparaîtrait dans 37 cas sur 100 : rien d’inhabituel.",
    ("de", 0.004): "Wären die Würfel fair, käme eine mindestens so ungleiche Verteilung nur "
    "in 4 von 1.000 solchen Berichten vor: ungewöhnlich, aber das kommt vor – weiter "
    "beobachten.",
    ("en", 0.00004): "If the dice were fair, a spread at least this uneven would come up in "
    "only 4 of 100,000 such reports: alarm – fair dice almost never do this.",
    ("fr", 1e-9): "Si les dés étaient équitables, une répartition au moins aussi inégale "
    "apparaîtrait dans moins d’un cas sur 1\u202f000\u202f000 : alarme – des dés équitables ne "
    "font presque jamais cela.",
}


@pytest.mark.parametrize(("locale", "p"), list(SENTENCES))
def test_the_p_value_in_one_plain_sentence(locale: str, p: float) -> None:
    assert sentence(ChiSquare(600, 1.0, 5, p), locale) == SENTENCES[locale, p]


@pytest.mark.parametrize(
    ("p", "locale", "text"),
    [
        (0.8384, "de", "= 0,838"),
        (0.0012, "en", "= 0.001"),
        (0.00099, "de", "< 0,001"),
        (1.0, "fr", "= 1"),
    ],
)
def test_a_p_value_is_written_with_three_decimals_or_as_below_a_thousandth(
    p: float, locale: str, text: str
) -> None:
    assert p_text(p, locale) == text


def rgb(colour: tuple[int, int, int]) -> int:
    return colour[0] << 16 | colour[1] << 8 | colour[2]


def test_the_cards_accent_is_the_verdicts_colour() -> None:
    fair = report({(6, face): 100 for face in range(1, 7)})
    loaded = report({(6, face): 100 + 100 * (face == 6) for face in range(1, 7)})
    few = report({(6, 1): 3})
    assert fairness_card(fair, "", "de").accent == rgb(GREEN) == accent("fine")
    assert fairness_card(loaded, "", "de").accent == rgb(RED)
    assert fairness_card(few, "", "de").accent == rgb(MUTED)
    assert accent("unusual") == rgb(GOLD)


def test_a_card_game_shows_its_other_draws_and_what_was_left_out() -> None:
    """A deal's draws: two sides tested, 37 sides too rare; no draw among six."""
    counts = {(2, 1): 30, (2, 2): 32, (3, 1): 20, (3, 2): 21, (3, 3): 19, (37, 5): 40}
    card = fairness_card(report(counts), "Flaschenteufel", "en")
    assert "These games drew nothing of 1 to 6 (no dice)" in card.description
    [(name, value)] = card.fields
    assert name == "Other draws (cards, tiles, four-sided dice)"
    first, second = value.split("\n")
    assert first.startswith("Draws: 122 · χ² = ") and first.endswith(": nothing unusual")
    assert "degrees of freedom: 3 · p = 0." in first
    assert second.startswith("Not tested: 40 draws from piles drawn from too rarely")
    assert card.footer == "A single game, every draw recomputed from its seed: `/verify game`"


def test_too_few_other_draws_are_counted_not_tested() -> None:
    card = fairness_card(report({(6, 2): 40, (37, 1): 9}), "", "de")
    assert card.fields[-1] == (
        "Andere Ziehungen (Karten, Plättchen, vierseitige Würfel)",
        "Ziehungen bisher: 9, zu wenige für einen Test (weniger als fünf je Karte oder "
        "Plättchen erwartet).",
    )


def test_the_dashed_line_never_runs_through_a_bars_number() -> None:
    """A bar just below the expected count had its number on the dashed line: a number
    stands on its bar, or just above the line when the line would cross it."""
    line = 100.0
    for top in [line + step / 2 for step in range(-80, 81)]:
        middle = label_middle(top, line)
        assert not middle - NUMBER_H / 2 <= line <= middle + NUMBER_H / 2, top
        assert middle <= top - NUMBER_H / 2  # never lower than on its bar
