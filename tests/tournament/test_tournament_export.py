from __future__ import annotations

import csv
import io
import json

from bot.tournament.results_export import full_json, standings_csv

TOURNAMENT = {
    "name": "Herbst",
    "rounds": [
        {
            "number": 1,
            "finale": False,
            "groups": [
                {
                    "number": 1,
                    "table": [
                        {"player": "1", "points": 6, "eyes": 9},
                        {"player": "2", "points": 4, "eyes": 7},
                    ],
                }
            ],
        }
    ],
}


def test_standings_csv_has_one_row_per_place() -> None:
    text = standings_csv(TOURNAMENT, {"1": "Anna", "2": "Ben"}.__getitem__)
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [(r["place"], r["player"], r["points"], r["eyes"]) for r in rows] == [
        ("1", "Anna", "6", "9"),
        ("2", "Ben", "4", "7"),
    ]


def test_full_json_keeps_every_die() -> None:
    log = [{"seq": 2, "actor": "1", "action": {"do": "weiter"}, "draws": [{"n": 0, "value": 4}]}]
    data = json.loads(full_json(TOURNAMENT, {7: log}, {7: {"seed_hash": "ab", "seed": None}}))
    assert data["games"]["7"]["log"][0]["draws"][0]["value"] == 4
    assert data["games"]["7"]["seed_hash"] == "ab"
    assert data["tournament"]["name"] == "Herbst"


def test_a_reserves_row_names_whom_he_played_for_and_since_when() -> None:
    change = {
        "out": "3",
        "player": "2",
        "by": "1",
        "reason": "krank",
        "at": "2099-12-01T18:40:00+00:00",
    }
    group = {**TOURNAMENT["rounds"][0]["groups"][0], "substitutions": [change]}  # type: ignore[index]
    tournament = {**TOURNAMENT, "rounds": [{**TOURNAMENT["rounds"][0], "groups": [group]}]}  # type: ignore[index]
    text = standings_csv(tournament, {"1": "Anna", "2": "Ben", "3": "Cem"}.__getitem__)
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [(r["player"], r["instead_of"], r["since"]) for r in rows] == [
        ("Anna", "", ""),
        ("Ben", "Cem", "2099-12-01T18:40:00+00:00"),
    ]
