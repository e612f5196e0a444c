"""``python -m bot.players.bench_verflixte6 --games N``: computer players of Die verflixte 6
against each other through the engine, with seeded chance (a bench, not a test).

For each pair of levels (A, B) and each seat A may take, N games at a table of ``--players``
seats: A in that seat, B in the others. It prints A's win rate with its Wilson 95 %
interval. A win is the game's sole first place; a first place shared by m players counts
1/m (the rate then is a score share, which is 1/players for equal strength).
"""

from __future__ import annotations

import argparse
import hashlib
import math
from collections.abc import Sequence

from bot.engine import AuditedRng
from bot.games.verflixte6 import Verflixte6
from bot.players import LEVELS, Policy, player

GAME = Verflixte6()
Z95 = 1.959964


def wilson(score: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a rate ``score / n``."""
    if n == 0:
        return 0.0, 1.0
    p = score / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    denominator = 1 + z * z / n
    return (centre - spread) / denominator, (centre + spread) / denominator


def play(policies: Sequence[Policy], seed: str, durchgaenge: int = 1) -> list[float]:
    """One game; each seat's share of the first place (1, 1/m if shared by m, or 0)."""
    rng = AuditedRng(hashlib.sha256(seed.encode()).digest())
    names = [f"p{i}" for i in range(len(policies))]
    state, _ = GAME.setup(names, {"durchgaenge": durchgaenge}, rng)
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        _, views = GAME.views(state, len(names))
        GAME.apply(state, seat, policies[seat].decide(views[seat], seat), rng)
    places = GAME.places(state)
    firsts = [n for n in names if places[n] == 1]
    return [1 / len(firsts) if n in firsts else 0.0 for n in names]


def matchup(a: str, b: str, *, seat: int, players: int, games: int, durchgaenge: int) -> float:
    """A's summed share of first places over ``games`` with A in ``seat``."""
    total = 0.0
    for g in range(games):
        policies = [player("verflixte6", b, seed=1000 * g + s) for s in range(players)]
        policies[seat] = player("verflixte6", a, seed=1000 * g + seat)
        total += play(policies, f"bench:{a}:{b}:{seat}:{players}:{g}", durchgaenge)[seat]
    return total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Die verflixte 6 computer players' win rates.")
    parser.add_argument("--games", type=int, default=1000, help="games per matchup and seat")
    parser.add_argument("--players", type=int, default=2, help="seats at the table (2-6)")
    parser.add_argument("--durchgaenge", type=int, default=1, help="Durchgänge per game")
    parser.add_argument("--levels", default=",".join(LEVELS), help="levels to compare")
    args = parser.parse_args(argv)
    levels = args.levels.split(",")
    print(
        f"verflixte6: {args.players} players, {args.durchgaenge} Durchgang(e), "
        f"{args.games} games per line; A's share of first places (equal strength: "
        f"{1 / args.players:.3f}), Wilson 95 %"
    )
    print(f"{'A':<8}{'B (others)':<12}{'A seat':>7}{'rate':>8}   95 % interval")
    for a in levels:
        for b in levels:
            for seat in range(args.players):
                score = matchup(
                    a,
                    b,
                    seat=seat,
                    players=args.players,
                    games=args.games,
                    durchgaenge=args.durchgaenge,
                )
                low, high = wilson(score, args.games)
                rate = score / args.games
                print(f"{a:<8}{b:<12}{seat:>7}{rate:>8.3f}   [{low:.3f}, {high:.3f}]")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
