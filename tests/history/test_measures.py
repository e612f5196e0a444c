"""Each game's measures from a hand-made log with known numbers (events as the engines
log them)."""

from __future__ import annotations

from typing import Any

from bot.history.measures import measures


def ev(kind: str, **data: Any) -> dict[str, Any]:
    return {"type": kind, **data}


def test_every_game_counts_games_wins_and_places() -> None:
    got = measures("teufel", [], {"a": 1, "b": 1, "c": 3})
    assert got == {
        "a": {"games": 1, "wins": 1, "places": 1},
        "b": {"games": 1, "wins": 1, "places": 1},
        "c": {"games": 1, "wins": 0, "places": 3},
    }


def test_v6_eyes_sixes_stechen_and_jokers() -> None:
    log = [
        ev("turn", player="a", durchgang=1, eyes=0),
        ev("jokers", player="a", jokers=["spelunkenbold", "toertchen", "ventil"], free=False),
        ev("freiwurf", player="a", die=3, eyes=3),
        ev("joker", player="a", joker="spelunkenbold"),
        ev("spelunkenbold", player="a", die=4, change=9, eyes=12),
        ev("toertchen", player="a", change=1, eyes=13),
        ev("joker", player="a", joker="ventil"),
        ev("ventil", player="a", floor=13),
        ev("six", player="a", die=6),
        ev("bust", player="a", eyes=13, floor=True),  # a 6 ended it; the Ventil kept 13
        ev("turn", player="b", durchgang=1, eyes=0),
        ev("jokers", player="b", jokers=["all_in", "runkelrueb", "fumo"], free=False),
        ev("freiwurf", player="b", die=5, eyes=5),
        ev("joker", player="b", joker="fumo"),
        ev("fumo", player="b"),
        ev("roll", player="b", die=4, fumo=True, change=8, eyes=13),
        ev("six", player="b", die=6),
        ev("runkelrueb", player="b", dice=[1, 4], saved=True),  # kept 13 eyes
        ev("fumo_recount", player="b", change=-4, eyes=9),
        ev("joker", player="b", joker="all_in"),
        ev("all_in_lost", player="b", die=5, eyes=0),  # took the 9
        ev("durchgang_end", durchgang=1, eyes={"a": 13, "b": 0}, points={"a": 6, "b": 0}),
        ev("turn", player="b", durchgang=2, eyes=0),
        ev("jokers", player="b", jokers=[], free=False),
        ev("freiwurf", player="b", die=2, eyes=2),
        ev("roll", player="b", die=6),
        ev("six", player="b", die=6),
        ev("bust", player="b", eyes=0, floor=False),
        ev("turn", player="a", durchgang=2, eyes=0),
        ev("jokers", player="a", jokers=[], free=False),
        ev("freiwurf", player="a", die=4, eyes=4),
        ev("stopp", player="a", eyes=4),
        ev("stechen", place=1, rolls=[{"a": 3, "b": 3}, {"a": 2, "b": 5}], winner="b"),
        ev("durchgang_end", durchgang=2, eyes={"a": 4, "b": 0}, points={"a": 6, "b": 0}),
    ]
    got = measures("verflixte6", log, {"a": 1, "b": 2})
    assert got["a"] == {
        "games": 1, "wins": 1, "places": 1, "turns": 2, "durchgaenge": 2, "eyes": 17,
        "sixes": 1, "stechen": 1, "joker.spelunkenbold": 1, "joker.spelunkenbold.eyes": 9,
        "joker.toertchen": 1, "joker.toertchen.eyes": 1, "joker.ventil": 1,
        "joker.ventil.eyes": 13,
    }  # fmt: skip
    assert got["b"] == {
        "games": 1, "wins": 0, "places": 2, "turns": 2, "durchgaenge": 2, "eyes": 0,
        "sixes": 1, "stechen": 1, "stechen_won": 1, "joker.all_in": 1, "joker.all_in.eyes": -9,
        "joker.runkelrueb": 1, "joker.runkelrueb.eyes": 13, "joker.fumo": 1,
        "joker.fumo.eyes": 0,
    }  # fmt: skip


def test_v6_tentakel_pays_its_bonus_and_a_sekante_its_duel() -> None:
    log = [
        ev("turn", player="a", durchgang=1, eyes=0),
        ev("jokers", player="a", jokers=["tentakel", "sekante"], free=False),
        ev("roll", player="a", die=2, tentakel=True, change=7, eyes=7),
        ev("sekante", player="a", target="b", score=[2, 6], change=-4, eyes=3, target_eyes=9),
    ]
    got = measures("verflixte6", log, {"a": 2, "b": 1})["a"]
    assert got["joker.tentakel.eyes"] == 5 and got["joker.sekante.eyes"] == -4


def test_teufel_bets_and_devils() -> None:
    log = [
        ev("bet_placed", player="a", amount=100),
        ev("bets", round=1, bets={"a": 100, "b": 0, "Lopaka": 5}),
        ev("devil", player="a", tile="D", left=30),
        ev("bets", round=2, bets={"a": 40, "b": 20}),
        ev("devil", player="a", tile="D", left=20),
        ev("devil", player="b", tile="D", left=10),
    ]
    got = measures("teufel", log, {"a": 2, "b": 1})
    assert got["a"] == {
        "games": 1, "wins": 0, "places": 2, "bets": 2, "bet_sum": 140, "devils": 2
    }  # fmt: skip
    assert (got["b"]["bets"], got["b"]["bet_sum"], got["b"]["devils"]) == (2, 20, 1)
    assert "Lopaka" not in got  # only the game's placed players


def test_flaschenteufel_tricks_points_and_the_bottle() -> None:
    log = [
        ev("trick", winner="a", cards=[24, 15, 17], bottle=False),
        ev("trick", winner="Lopaka", cards=[1, 2, 3], bottle=False),
        ev("trick", winner="b", cards=[5, 6, 7], bottle=True, price=5),
        ev("hand_end", hand=1, owner="b", scores={"a": 12, "b": -9, "Lopaka": 4}),
        ev("trick", winner="a", cards=[30, 2, 4], bottle=False),
        ev("hand_end", hand=2, owner=None, scores={"a": 8, "b": 3, "Lopaka": 0}),
    ]
    got = measures("flaschenteufel", log, {"a": 1, "b": 2})
    assert {k: got["a"][k] for k in ("tricks", "hands", "points")} == {
        "tricks": 2, "hands": 2, "points": 20
    }  # fmt: skip
    assert "bottle" not in got["a"]
    assert (got["b"]["tricks"], got["b"]["points"], got["b"]["bottle"]) == (1, -6, 1)


def test_dice_devils_items_and_fights() -> None:
    log = [
        ev("take", player="a", item="Schal", slot=0),  # alone at it: no fight
        ev("fight", item="Grill", fighters=["a", "b", "c"]),
        ev("dice", dice={}, scores={}),
        ev("reroll", dice={}, scores={}, cause="tie"),
        ev("take", player="b", item="Grill", slot=1),
        ev("steal", player="b", **{"from": "a"}, item="Schal"),
        ev("fight", item="Bett", fighters=["a", "c"]),
        ev("take", player="c", item="Bett", slot=2),
        ev("game_end", points={"a": 0, "b": 4, "c": 1}, winner="b"),
    ]
    got = measures("dicedevils", log, {"a": 3, "b": 1, "c": 2})
    assert got["a"] == {"games": 1, "wins": 0, "places": 3, "items": 0, "fights": 2, "points": 0}
    assert {k: got["b"][k] for k in ("items", "fights", "fights_won", "points")} == {
        "items": 2, "fights": 1, "fights_won": 1, "points": 4
    }  # fmt: skip
    assert (got["c"]["items"], got["c"]["fights"], got["c"]["fights_won"]) == (1, 2, 1)


def test_tournament_finale_places_as_corrected() -> None:
    table = [{"player": p, "points": 0, "eyes": 0} for p in ("a", "b", "c")]
    log = [
        ev("round", round=1, finale=False, groups=[["a", "b", "c", "d"], ["e", "f", "g"]]),
        ev("group_table", round=1, group=1, table=table),
        ev("round", round=2, finale=True, groups=[["a", "b", "c"]]),
        ev("group_table", round=2, group=1, table=table),
        ev("champion", player="a"),
        ev("correction", round=2, group=1, finale=True, table=[table[1], table[0], table[2]]),
        ev("champion", player="b", before="a"),
    ]
    got = measures("turnier", log, {"b": 1, "a": 2, "c": 3, "d": 4})
    assert got["b"] == {"games": 1, "wins": 1, "places": 1, "finale": 1, "finale.1": 1}
    assert got["a"]["finale.2"] == 1 and got["c"]["finale.3"] == 1
    assert "finale" not in got["d"]


def test_an_undone_finale_counts_no_finale_places() -> None:
    table = [{"player": "a", "points": 0, "eyes": 0}]
    log = [
        ev("round", round=2, finale=True, groups=[["a", "b"]]),
        ev("group_table", round=2, group=1, table=table),
        ev("undone", rounds=[2], games=[5]),
    ]
    assert "finale" not in measures("turnier", log, {"a": 1})["a"]
