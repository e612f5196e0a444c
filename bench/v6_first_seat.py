"""``python -m bench.v6_first_seat``: Die verflixte 6's first seat, "stark" against fixed
target rules (docs/PLAYERS.md).

Seat 0 plays first; the others are ``--against`` (a level or ``style:NAME``). Seat 0 is
either "stark" or a target rule T: stark's jokers (its choice and every joker it
announces), but ``stopp`` from T eyes on and ``weiter`` below them. It prints seat 0's
share of first places with its Wilson 95 % interval, the same games (seeds) for each.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping

from bench.policies import make, play, wilson
from bot.engine import JSON, Action
from bot.games.verflixte6.players.seat_view import eyes, own_turn
from bot.games.verflixte6.players.stark import Stark
from bot.players import Policy


class TargetRule:
    """Stark's jokers, a fixed target's stop."""

    game = "verflixte6"

    def __init__(self, target: int) -> None:
        self.level = f"target {target}"
        self.target = target
        self.jokers = Stark()

    def decide(self, view: Mapping[str, JSON], seat: int) -> Action:
        action = self.jokers.decide(view, seat)
        if own_turn(view, seat)["phase"] != "step" or "joker" in action.args:
            return action
        return Action("stopp" if eyes(view, seat) >= self.target else "weiter")


def first_seat(first: Policy, against: str, players: int, games: int) -> float:
    """Seat 0's summed share of first places over ``games``."""
    total = 0.0
    for g in range(games):
        policies = [make("verflixte6", against, 1000 * g + s) for s in range(players)]
        policies[0] = first
        total += play("verflixte6", policies, f"first-seat:{against}:{players}:{g}")[0]
    return total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="V6's first seat: stark and target rules.")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--against", default="stark")
    parser.add_argument("--targets", default="20,25,30,35,40,45,50")
    args = parser.parse_args(argv)
    firsts: list[Policy] = [Stark()]
    firsts += [TargetRule(int(t)) for t in args.targets.split(",")]
    print(f"seat 0 of {args.players}, the others {args.against}, {args.games} games a line")
    for first in firsts:
        score = first_seat(first, args.against, args.players, args.games)
        low, high = wilson(score, args.games)
        print(f"{first.level:<10}{score / args.games:>8.3f}   [{low:.3f}, {high:.3f}]", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
