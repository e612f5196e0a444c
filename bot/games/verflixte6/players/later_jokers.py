"""The later players of Die verflixte 6 with jokers, for the "stark" level: how often a
last player who holds every modelled joker ends ahead of a leader at x (docs/PLAYERS.md).

It is the joker turn model (joker_model) of the last player, the score to beat x, solved
for each x: the best hand's chance to win from the joker choice (a tie counts half). The
stark level plays against a mix of later players with and without jokers (joker_model's
win_row). ``python -m bot.games.verflixte6.players.later_jokers --write`` writes
``tables/verflixte6_later.json`` (about 2 s of CPU); without ``--write`` it says whether the
shipped table is up to date.
"""

from __future__ import annotations

import argparse
import json

from bot.games.verflixte6.players.joker_model import (
    LATER_PATH,
    MODELLED,
    choose_hand,
    hand_value,
    robbery_gains,
    turn_model,
)
from bot.games.verflixte6.players.model import S_MAX

VERSION = 2
ROBBING = robbery_gains([1, 2, 3, 4, 5])
"""The last player robs the leader: with two players all the robber takes counts twice."""


def beaten(x: int) -> float:
    """A last player with every modelled joker against a leader at ``x``: his chance to
    end ahead, a tie counted half."""
    model = turn_model(0, x, 0.0, ROBBING)
    return hand_value(model, choose_hand(model, 0, MODELLED), 0)


def render() -> str:
    data = {"version": VERSION, "beaten": [round(beaten(x), 9) for x in range(S_MAX + 1)]}
    return json.dumps(data, separators=(",", ":")) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Solve the later players with jokers.")
    parser.add_argument("--write", action="store_true", help=f"write {LATER_PATH.name}")
    args = parser.parse_args(argv)
    text = render()
    if args.write:
        LATER_PATH.write_text(text, encoding="utf-8")
        print(f"wrote {LATER_PATH} ({len(text)} bytes)")
        return 0
    current = LATER_PATH.read_text(encoding="utf-8") if LATER_PATH.exists() else ""
    print("table up to date" if current == text else "table differs: run with --write")
    return 0 if current == text else 1


if __name__ == "__main__":
    raise SystemExit(main())
