"""The model behind the "stark" level of Die verflixte 6, solved by dynamic programming.

The model (docs/PLAYERS.md says why each simplification was made):

* One Durchgang; the goal is to end it strictly ahead of everyone (a tie with the best
  other score counts half). That is the game's own win when it has one Durchgang, and the
  6 points of a Durchgang's first place otherwise.
* A turn without jokers: the Freiwurf adds 1..6; then each ``weiter`` rolls a die: 6 busts
  (the turn ends with 0, which never wins), 1..5 add the face. The räuberische 1 is counted
  as +1 only (what it steals is not modelled).
* The state a decision sees: own eyes ``x``, the best other score ``t`` ("to beat") and
  ``k``, the players still to come. Those players play this same policy: each of them
  faces the best score so far and the number still after him.
* Eyes above ``S_MAX`` are treated as ``S_MAX`` (a player there stops).

``win(k, x)`` is the chance that a leader standing at ``x`` stays ahead of ``k`` players
to come; a later player's final score distribution under the policy gives it, from
``k - 1`` upwards. The policy is a threshold: with ``k`` to come and ``t`` to beat, roll on
below ``threshold[k][t]`` and stop from there on (the generator checks that the optimal stop
set really has this form).

``python -m bot.games.verflixte6.players.model --write`` writes ``tables/verflixte6.json``.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from pathlib import Path

S_MAX = 120  # eyes at or above this count as S_MAX: the model stops there
MAX_AFTER = 5  # at most six players at a table: five still to come
FACES = 6
TABLE_PATH = Path(__file__).parent / "tables" / "verflixte6.json"
VERSION = 2


@dataclass(frozen=True)
class Solution:
    """The solved model: per players-to-come ``k`` and score to beat ``t``."""

    threshold: list[list[int]]  # [k][t]: stop at x >= threshold
    win: list[list[float]]  # [k][x]: a leader at x stays ahead of k later players
    value: list[list[list[float]]]  # [k][t][x]: the optimal chance to win from (x, t, k)


def stop_value(win_k: list[float], x: int, t: int) -> float:
    """Stopping at ``x`` against the best other score ``t``: ahead, level (half) or behind."""
    if x <= 0 or x < t:
        return 0.0
    return win_k[x] if x > t else 0.5 * win_k[x]


def solve_target(win_k: list[float], t: int) -> tuple[list[float], list[bool]]:
    """The optimal values and decisions (True: roll) for x = 0..S_MAX against ``t``."""
    value = [0.0] * (S_MAX + 1)
    roll = [False] * (S_MAX + 1)
    for x in range(S_MAX, -1, -1):
        stop = stop_value(win_k, x, t)
        if x == S_MAX:
            value[x] = stop
            continue
        go = sum(value[min(x + f, S_MAX)] for f in range(1, FACES)) / FACES
        roll[x] = go > stop
        value[x] = go if roll[x] else stop
    return value, roll


def final_scores(roll: list[bool]) -> list[float]:
    """Distribution of a turn's final eyes (0 = bust) under the decisions ``roll``."""
    mass = [0.0] * (S_MAX + 1)
    for f in range(1, FACES + 1):  # the Freiwurf never busts
        mass[f] += 1 / FACES
    final = [0.0] * (S_MAX + 1)
    for x in range(S_MAX + 1):
        if mass[x] == 0.0:
            continue
        if not roll[x]:
            final[x] += mass[x]
            continue
        final[0] += mass[x] / FACES
        for f in range(1, FACES):
            mass[min(x + f, S_MAX)] += mass[x] / FACES
    return final


def threshold_of(roll: list[bool]) -> int:
    """The x from which the policy stops; the stop set must be every x from there on."""
    stops = [x for x in range(1, S_MAX + 1) if not roll[x]]
    first = stops[0]
    if stops != list(range(first, S_MAX + 1)):
        raise ValueError("the optimal policy is not a threshold")
    return first


def solve() -> Solution:
    win = [[0.0] + [1.0] * S_MAX]  # nobody to come: a leader wins
    thresholds: list[list[int]] = []
    values: list[list[list[float]]] = []
    for k in range(MAX_AFTER + 1):
        row: list[int] = []
        vals: list[list[float]] = []
        dists: list[list[float]] = []
        for t in range(S_MAX + 1):
            value, roll = solve_target(win[k], t)
            row.append(threshold_of(roll))
            vals.append(value)
            dists.append(final_scores(roll))
        thresholds.append(row)
        values.append(vals)
        if k < MAX_AFTER:  # a leader at x facing k + 1 to come: the next one plays (x, k)
            nxt = [0.0] * (S_MAX + 1)
            for x in range(1, S_MAX + 1):
                dist = dists[x]
                behind = sum(dist[:x])
                nxt[x] = (behind + 0.5 * dist[x]) * win[k][x]
            win.append(nxt)
    return Solution(thresholds, win, values)


def table_data(solution: Solution) -> dict[str, object]:
    """What ships: the thresholds, each turn's chance to win from its start, and ``win``
    (the chance that a leader at x stays ahead of k players to come), which the joker
    model (joker_model) plays against."""
    start = [
        [sum(v[f] for f in range(1, FACES + 1)) / FACES for v in solution.value[k]]
        for k in range(MAX_AFTER + 1)
    ]
    return {
        "version": VERSION,
        "s_max": S_MAX,
        "max_after": MAX_AFTER,
        "threshold": solution.threshold,
        "start_win": [[round(p, 9) for p in row] for row in start],
        "win": solution.win,
    }


def render(solution: Solution) -> str:
    return json.dumps(table_data(solution), separators=(",", ":")) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Solve the Die verflixte 6 model.")
    parser.add_argument("--write", action="store_true", help=f"write {TABLE_PATH.name}")
    args = parser.parse_args(argv)
    text = render(solve())
    if args.write:
        TABLE_PATH.write_text(text, encoding="utf-8")
        print(f"wrote {TABLE_PATH} ({len(text)} bytes)")
    else:
        current = TABLE_PATH.read_text(encoding="utf-8") if TABLE_PATH.exists() else ""
        print("table up to date" if current == text else "table differs: run with --write")
        return 0 if current == text else 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
