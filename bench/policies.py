"""``python -m bench.policies --game KIND``: computer players against each other through
the engine, with seeded chance (a bench, not a test; numbers in docs/PLAYERS.md).

For each pair of levels (A, B) and each seat A may take, N games at a table of
``--players`` seats: A in that seat, B in the others. It prints A's win rate with its
Wilson 95 % interval. A win is the game's sole first place; a first place shared by m
players counts 1/m (the rate then is a score share, which is 1/players for equal
strength). ``--times`` prints the decision times per level (median, p99, max).

B may be a game's opponent style (``--against style:hoch``; ``--against styles``: all of
the game's pool, :func:`bot.computer_players.styles`). ``--players 2,3,4`` runs each table
size in turn; ``--pooled`` moves A one seat on with every game and prints one line per
(A, B, table size) instead of one per seat: the table of a level against a style.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import time
from collections.abc import Mapping, Sequence
from typing import Any

from bot.computer_players import levels, player, styles
from bot.engine import JSON, AuditedRng
from bot.players import Policy
from bot.plugins import GAMES

Z95 = 1.959964
STYLE = "style:"
"""The prefix of an opponent style's name among the bench's players (``style:hoch``)."""
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


def make(kind: str, name: str, seed: int) -> Policy:
    """The bench's player ``name``: a level, or ``style:NAME`` from the game's pool."""
    if not name.startswith(STYLE):
        return player(kind, name, seed)
    pool = styles(kind)
    style = name[len(STYLE) :]
    if style not in pool:
        raise KeyError(f"no style {style} of {kind}; known: {', '.join(sorted(pool))}")
    return pool[style](seed)


def names(kind: str, given: str) -> list[str]:
    """A comma list of the bench's players; ``styles`` stands for the game's whole pool."""
    chosen: list[str] = []
    for name in given.split(","):
        chosen += [STYLE + s for s in styles(kind)] if name == "styles" else [name]
    return chosen


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
        total += one(kind, a, b, seat=seat, players=players, g=g, options=options, times=times)
    return total


def pooled(
    kind: str,
    a: str,
    b: str,
    *,
    players: int,
    games: int,
    options: Mapping[str, JSON] | None = None,
    times: dict[str, list[float]] | None = None,
) -> float:
    """A's summed share of first places over ``games``, A one seat on with every game
    (game g: seat g mod ``players``), the games of :func:`matchup` in that seat."""
    total = 0.0
    for g in range(games):
        seat, round_ = g % players, g // players
        total += one(kind, a, b, seat=seat, players=players, g=round_, options=options, times=times)
    return total


def one(
    kind: str,
    a: str,
    b: str,
    *,
    seat: int,
    players: int,
    g: int,
    options: Mapping[str, JSON] | None = None,
    times: dict[str, list[float]] | None = None,
) -> float:
    """A's share of the first place in game ``g`` of A in ``seat`` among ``players`` B."""
    policies = [make(kind, b, seed=1000 * g + s) for s in range(players)]
    policies[seat] = make(kind, a, seed=1000 * g + seat)
    label = f"bench:{kind}:{a}:{b}:{seat}:{players}:{g}"
    return play(kind, policies, label, options, times)[seat]


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Computer players' win rates, per seat.")
    parser.add_argument("--game", default="verflixte6", choices=sorted(GAMES))
    parser.add_argument("--games", type=int, default=1000, help="games per matchup and seat")
    parser.add_argument("--players", default="2", help="seats at the table (a comma list)")
    parser.add_argument("--options", default="{}", help="the table's options, as JSON")
    parser.add_argument("--levels", default="", help="levels to compare (default: all)")
    parser.add_argument(
        "--against", default="", help="B's levels or style:NAME, styles: all (default: --levels)"
    )
    parser.add_argument("--pooled", action="store_true", help="A's seat rotates: a line per B")
    parser.add_argument("--times", action="store_true", help="print decision times")
    args = parser.parse_args(argv)
    kind, options = args.game, json.loads(args.options)
    chosen = args.levels.split(",") if args.levels else list(levels(kind))
    others = names(kind, args.against) if args.against else chosen
    times: dict[str, list[float]] = {}
    per = "per line" if args.pooled else "per line (A in one seat)"
    print(
        f"{kind}: options {json.dumps(options)}, {args.games} games {per}; A's share of first "
        "places (equal strength: 1/players), Wilson 95 %"
    )
    width = max(12, *(len(b) + 2 for b in others))
    print(f"{'A':<8}{'B (others)':<{width}}{'seats':>6}{'A seat':>7}{'rate':>8}   95 % interval")
    for players in (int(n) for n in args.players.split(",")):
        for a in chosen:
            for b in others:
                seats: list[int | None] = [None] if args.pooled else list(range(players))
                for seat in seats:
                    if seat is None:
                        score = pooled(kind, a, b, players=players, games=args.games,
                                       options=options, times=times)  # fmt: skip
                    else:
                        score = matchup(kind, a, b, seat=seat, players=players, games=args.games,
                                        options=options, times=times)  # fmt: skip
                    low, high = wilson(score, args.games)
                    rate = score / args.games
                    where = "all" if seat is None else str(seat)
                    print(
                        f"{a:<8}{b:<{width}}{players:>6}{where:>7}{rate:>8.3f}   "
                        f"[{low:.3f}, {high:.3f}]",
                        flush=True,
                    )
    if args.times:
        print(f"{'level':<14}{'decisions':>10}{'median ms':>11}{'p99 ms':>9}{'max ms':>9}")
        for level, spent in sorted(times.items()):
            print(
                f"{level:<14}{len(spent):>10}{percentile(spent, 0.5) * 1000:>11.2f}"
                f"{percentile(spent, 0.99) * 1000:>9.2f}{max(spent) * 1000:>9.2f}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
