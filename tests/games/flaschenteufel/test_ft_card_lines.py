"""Flaschenteufel's cards read with their colour everywhere, the pass prompt names the
neighbour, and after passing each player is told which card came from whom (only his)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from bot.engine import redacted
from bot.games.flaschenteufel.cards import COLOUR, POINTS
from bot.games.flaschenteufel.render import cards as ft_cards
from bot.i18n import t
from bot.render.cards import Select
from tests.helpers.flaschenteufel import GAME, Table

PLAYERS = ["A", "B", "C"]


def outcome_of(table: Table, events: list[Any]) -> SimpleNamespace:
    """As the service builds it: the events redacted for the public and for each player."""
    logged = [e.to_dict() for e in events]
    return SimpleNamespace(
        game_id=1,
        version=2,
        status="open",
        public=GAME.view(table.state, None),
        private={p: GAME.view(table.state, i) for i, p in enumerate(PLAYERS)},
        events=redacted(GAME, logged, None),
        private_events={p: redacted(GAME, logged, p) for p in PLAYERS},
        seed=None,
        seed_hash="ab",
    )


def label(card: int) -> str:
    """A card as players read it: number, colour and coins (its points)."""
    return f"{card} ({t(f'game.colour.{COLOUR[card]}', 'de')}, {'●' * POINTS[card]})"


def test_public_lines_show_each_card_with_its_colour() -> None:
    assert ft_cards.describe({"type": "play", "player": "A", "card": 26}, "de", str) == (
        f"A spielt {label(26)}."
    )
    line = ft_cards.describe({"type": "trick", "winner": "B", "cards": [26, 11]}, "de", str)
    assert f"({label(26)}, {label(11)})" in line


def test_the_pass_prompt_names_the_neighbours_and_the_new_hand_says_from_whom() -> None:
    table = Table(PLAYERS, [], variant="standard")
    for p in PLAYERS:
        seat = PLAYERS.index(p)
        table.do(p, "discard", card=max(table.state.hands[seat].cards))
    prompt = ft_cards.prompt(outcome_of(table, []), "A", "de", plain=str.lower)
    (select,) = [r for r in prompt.rows if isinstance(r, Select)]
    left, right = GAME.view(table.state, 0)["pass_to"]
    assert select.placeholder == f"Welche Karte gibst du nach links an {str(left).lower()}?"
    second = ft_cards.prompt(outcome_of(table, []), "A", "de", left=3, plain=str.lower)
    (select,) = [r for r in second.rows if isinstance(r, Select)]
    assert select.placeholder.startswith(f"Und welche nach rechts an {str(right).lower()}?")
    given: dict[str, tuple[int, int]] = {}
    events: list[Any] = []
    for seat, p in enumerate(PLAYERS):
        cards = sorted(table.state.hands[seat].cards)
        given[p] = (cards[0], cards[1])
        events = table.do(p, "pass", left=cards[0], right=cards[1])
    outcome = outcome_of(table, events)
    text = ft_cards.hand_text(outcome, str(left), "de", str)
    assert f"{label(given['A'][0])} von A" in text  # A's left card went to his left
    others = [c for p in PLAYERS if p != "A" for c in given[p]]
    received_line = text.split("Bekommen: ")[1]
    mine = [c for c in others if f"{label(c)} von" in received_line]
    assert len(mine) == 1  # one card from the other giver, nothing of anyone else's
    assert not any(str(c) in ft_cards.table_card(outcome, "de", str).description for c in others)


def test_the_open_set_line_is_labelled() -> None:
    view = {"seats": [{"player": "A", "sets": [], "cards": [1, 2], "open_set": [26, 11]}]}
    text = ft_cards.my_cards_text(view, "A", "de")
    assert text.splitlines()[1] == f"Dein offener Satz: {label(26)}, {label(11)}"


def test_a_hand_s_end_ranks_the_totals_highest_first_and_keeps_its_scores_by_seat() -> None:
    points = {"A": 30, "B": 55, "C": -4}
    event = {"type": "hand_end", "hand": 1, "devil": [1], "owner": "C", "price": 6,
             "scores": points, "totals": points}  # fmt: skip
    line = ft_cards.describe(event, "de", lambda p: f"@{p}")
    assert "Punkte: @A 30, @B 55, @C −4. Gesamt: @B 55, @A 30, @C −4." in line
