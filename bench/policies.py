"""``python -m bench.policies --game KIND``: computer players against each other through
the engine, with seeded chance (a bench, not a test; numbers in docs/PLAYERS.md).

For each pair of levels (A, B) and each seat A may take, N games at a table of
``--players`` seats: A in that seat, B in the others. It prints A's win rate with its
Wilson 95 % interval. A win is the game's sole first place; a first place shared by m
players counts 1/m (the rate then is a score share, which is 1/players for equal
strength). ``--times`` prints the decision times per level (median, p99, max).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import time
from collections.abc import Mapping, Sequence
from typing import Any

from bot.computer_players import levels, player
from bot.engine import JSON, AuditedRng
from bot.players import Policy
from bot.plugins import GAMES

Z95 = 1.959964
MAX_ACTIONS = 20_000
"""A game still running after this many actions counts as a draw (shared by all seats)."""


def wilson(score: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a rate ``score / n``."""
    if n == 0:
        return 0.0, 1.0
    p = score / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    denominator = 1 + z * z / n
    return (centre - spread) / denominator, (centre + spread) / denominator


def play(
    kind: str,
    policies: Sequence[Policy],
    seed: str,
    options: Mapping[str, JSON] | None = None,
    times: dict[str, list[float]] | None = None,
) -> list[float]:
    """One game; each seat's share of the first place (1, 1/m if shared by m, or 0).
    Simultaneous choices are made one seat after the other, each from its own view.
    ``times``: level -> decision seconds, appended to."""
    game: Any = GAMES[kind]
    rng = AuditedRng(hashlib.sha256(seed.encode()).digest())
    names = [f"p{i}" for i in range(len(policies))]
    state, _ = game.setup(names, dict(options or {}), rng)
    for _ in range(MAX_ACTIONS):
        if game.is_over(state):
            break
        seat = min(game.to_act(state))
        _, views = game.views(state, len(names))
        started = time.perf_counter()
        action = policies[seat].decide(views[seat], seat)
        if times is not None:
            times.setdefault(policies[seat].level, []).append(time.perf_counter() - started)
        game.apply(state, seat, action, rng)
    if not game.is_over(state):  # two random Teufel players can trade coal for ever: a draw
        return [1 / len(names)] * len(names)
    places = game.places(state)
    firsts = [n for n in names if places[n] == 1]
    return [1 / len(firsts) if n in firsts else 0.0 for n in names]


def matchup(
    kind: str,
    a: str,
    b: str,
    *,
    seat: int,
    players: int,
    games: int,
    options: Mapping[str, JSON] | None = None,
    times: dict[str, list[float]] | None = None,
) -> float:
    """A's summed share of first places over ``games`` with A in ``seat``."""
    total = 0.0
    for g in range(games):
        policies = [player(kind, b, seed=1000 * g + s) for s in range(players)]
        policies[seat] = player(kind, a, seed=1000 * g + seat)
        label = f"bench:{kind}:{a}:{b}:{seat}:{players}:{g}"
        total += play(kind, policies, label, options, times)[seat]
    return total


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Computer players' win rates, per seat.")
    parser.add_argument("--game", default="verflixte6", choices=sorted(GAMES))
    parser.add_argument("--games", type=int, default=1000, help="games per matchup and seat")
    parser.add_argument("--players", type=int, default=2, help="seats at the table")
    parser.add_argument("--options", default="{}", help="the table's options, as JSON")
    parser.add_argument("--levels", default="", help="levels to compare (default: all)")
    parser.add_argument("--against", default="", help="B's levels (default: --levels)")
    parser.add_argument("--times", action="store_true", help="print decision times")
    args = parser.parse_args(argv)
    kind, options = args.game, json.loads(args.options)
    chosen = args.levels.split(",") if args.levels else list(levels(kind))
    others = args.against.split(",") if args.against else chosen
    times: dict[str, list[float]] = {}
    print(
        f"{kind}: {args.players} players, options {json.dumps(options)}, {args.games} games "
        f"per line; A's share of first places (equal strength: {1 / args.players:.3f}), "
        "Wilson 95 %"
    )
    print(f"{'A':<8}{'B (others)':<12}{'A seat':>7}{'rate':>8}   95 % interval")
    for a in chosen:
        for b in others:
            for seat in range(args.players):
                score = matchup(kind, a, b, seat=seat, players=args.players, games=args.games,
                                options=options, times=times)  # fmt: skip
                low, high = wilson(score, args.games)
                rate = score / args.games
                print(f"{a:<8}{b:<12}{seat:>7}{rate:>8.3f}   [{low:.3f}, {high:.3f}]")
    if args.times:
        print(f"{'level':<8}{'decisions':>10}{'median ms':>11}{'p99 ms':>9}{'max ms':>9}")
        for level, spent in sorted(times.items()):
            print(
                f"{level:<8}{len(spent):>10}{percentile(spent, 0.5) * 1000:>11.2f}"
                f"{percentile(spent, 0.99) * 1000:>9.2f}{max(spent) * 1000:>9.2f}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
