"""Group tables, best thirds and who advances; Stechen only where a tie decides something."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.engine import Rng
from bot.tournament.state import Line

ADVANCE_PER_GROUP = 2


def _key(line: Line) -> tuple[int, int]:
    return (line.points, line.eyes)


def order_lines(
    lines: Sequence[Line], rng: Rng, boundaries: Iterable[int]
) -> tuple[list[Line], list[dict[str, int]]]:
    """Sort by points, then eyes. A group of level players is ordered by a Stechen (one die
    each, in the given order, re-rolling those still level) only when it straddles one of
    ``boundaries`` (a place after which the outcome differs, e.g. 2 = who advances)."""
    cuts = set(boundaries)
    ordered = sorted(lines, key=_key, reverse=True)
    result: list[Line] = []
    rolls: list[dict[str, int]] = []
    position = 0
    for value in sorted({_key(line) for line in lines}, reverse=True):
        tied = [line for line in ordered if _key(line) == value]
        first, last = position + 1, position + len(tied)
        tied = _settle(tied, first, cuts, rng, rolls)
        result += tied
        position = last
    return result, rolls


def _settle(
    tied: list[Line], first: int, cuts: set[int], rng: Rng, rolls: list[dict[str, int]]
) -> list[Line]:
    """Order level players (taking places ``first``..) by rolling, but only as far as a
    cut between them needs it: those still level on a roll re-roll only if a cut runs
    between them, the highest group first."""
    last = first + len(tied) - 1
    if len(tied) < 2 or not any(first <= cut < last for cut in cuts):
        return tied
    faces = {line.player: rng.roll(6) for line in tied}
    rolls.append(dict(faces))
    ordered: list[Line] = []
    for face in sorted(set(faces.values()), reverse=True):
        group = [line for line in tied if faces[line.player] == face]
        ordered += _settle(group, first + len(ordered), cuts, rng, rolls)
    return ordered


def group_boundaries(best_thirds: int, finale: bool) -> list[int]:
    """Places whose ties matter: the Finale's winner; else who advances (and who is third,
    when thirds can still go through)."""
    if finale:
        return [1]
    return [ADVANCE_PER_GROUP, ADVANCE_PER_GROUP + 1] if best_thirds else [ADVANCE_PER_GROUP]


def best_thirds(
    thirds: Sequence[Line], count: int, rng: Rng
) -> tuple[list[Line], list[dict[str, int]]]:
    """The ``count`` best third-placed players across groups (points, eyes, then Stechen)."""
    if count <= 0 or not thirds:
        return [], []
    ordered, rolls = order_lines(thirds, rng, [count] if count < len(thirds) else [])
    return ordered[:count], rolls
