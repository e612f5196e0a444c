"""Negative numbers a player reads carry a true minus sign (−9), changes their sign (+5,
−5, ±0), in texts built from events as in the catalogues."""

from __future__ import annotations

from bot.games.flaschenteufel.render import cards as ft_cards
from bot.i18n import signed, t


def test_a_hands_scores_and_totals_have_minus_signs() -> None:
    event = {
        "type": "hand_end",
        "hand": 1,
        "devil": [],
        "owner": "1",
        "price": 19,
        "scores": {"1": -9, "2": 12},
        "totals": {"1": -9, "2": 1200},
    }
    text = ft_cards.describe(event, "de", name=lambda p: f"@{p}")
    assert "@1 −9, @2 12" in text and "@2 1.200" in text and "-9" not in text


def test_a_change_is_signed_for_its_reader() -> None:
    assert [signed(v, "de") for v in (5, -5, 0, 1200)] == ["+5", "−5", "±0", "+1.200"]
    assert signed(-1200, "en") == "−1,200"
    text = t("v6.event.pony", "de", dice="2, 3, 3", change=-5, player="@Cem", eyes="−5 Augen")
    assert "→ −5," in text
