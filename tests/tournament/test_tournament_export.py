from __future__ import annotations

import csv
import io
import json

from bot.tournament.export import full_json, standings_csv

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
